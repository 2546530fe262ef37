"""How the table tests play a game at the simulator's table headless: the
computer seats by the table's own hand, the human seats by the mouse's hand
(the part's ``drag``, sim.table.part), their moves chosen by the greedy
player (sim.table.computer.choose), all on the virtual clock.

    player = Person(table, seed=1, order=LOW_FIRST)
    player.play_out(limit_ms)         # until the game is over at the board too
    player.act()                      # a human seat's next move, if one is to act now
    player.until(lambda: ..., ms)     # the table on until it holds (AssertionError after ms)
    play_on(table, order, to_the_end) # the people by the mouse: to the end (or of the round)
    check_the_end(table, to_the_end)  # ... over as in the table's truth, nothing stuck
    finished(table)                   # is the game over, at the board too, nothing left to do?
    check_record(table)               # the record checks and replays to the table's game
    deals(table)                      # the deals the board has journaled
    first_movers(table)               # who acted first each time several seats could
    kind_of(game, state, event)       # a kind of step ("remove2-phase1": Pyraos, two marbles)
    script(game, variant, seats, seed)  # a game at the rules, each kind made when first legal
    fewest(game, variant), fresh_state(game, variant, seats)  # the fewest seats; a new game

Who acts first when several may (Pacal: both build after a take; Diabolo:
several may declare a double) is the test's to choose: ``order``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from sim.hand import Steps, drive
from sim.table import computer
from sim.table.part import HUMAN, NotByMouse
from sim.table.table import Table
from tabletop import games
from tabletop.board.contract import SELECT
from tabletop.records import notation
from tabletop.records.record import Record, check, new_state
from tabletop.rules.rng import Rng

# who acts first when several seats may
LOW_FIRST = "low first"  # human seats in seat order, as soon as they may, a move at a time
HIGH_FIRST = "high first"  # ... the highest seat first
HUMAN_FIRST = "human first"  # LOW_FIRST, and a move and the same seat's next in one
# gesture where the game has one (Pacal: a take carried straight onto its field, so
# the taker builds before the computer's hand can)
COMPUTER_FIRST = "computer first"  # a human seat waits while a computer seat is to move
ORDERS = (LOW_FIRST, HIGH_FIRST, HUMAN_FIRST, COMPUTER_FIRST)
TICK = 10  # the table on a tick at a time while it waits for something

SEED = 7
LEVEL = "greedy"  # the computer seats: the searching levels are tests/test_table.py's
GAME_MS = 3_000_000  # a whole game (a Pacal match) on the table's clock, at most
ROUND_MS = 600_000  # a round (the first, or the rest of one) on the table's clock, at most
REPLY_MS = 60_000  # a computer seat's reply

GAME_VARIANTS = [(g, v) for g in games.NAMES for v in games.variants(g)]


def finished(table: Table) -> bool:
    """The game is over, at the board too, and no seat or hand has anything
    left to do (Diabolo's last scoring walked through)."""
    part = table.part
    return bool(
        part.truth.is_over()
        and table.game.is_over()
        and not list(part.seats_to_act())
        and not table.busy()
        and part.table_steps() is None
        and part.computer_steps() is None
    )


class Person:
    """The people at the human seats, the mouse's hand making their moves."""

    def __init__(self, table: Table, seed: int = 0, order: str = LOW_FIRST) -> None:
        if order not in ORDERS:
            raise ValueError(f"no order {order!r}")
        self.table = table
        self.rng = random.Random(seed)
        self.order = order
        self.made: list[Any] = []  # the events the mouse made (None: a step that is no event)
        self.choose: Callable[[Any, random.Random, int], Any] = computer.choose

    def run(self, steps: Steps) -> None:
        """The mouse's steps, the table advancing between them; a wait in
        vain is an AssertionError."""
        table = self.table
        assert drive(steps, table.board, table.advance, table.board.tick_ms), (
            f"{table.now} ms: the mouse waited in vain"
        )

    def humans(self) -> list[int]:
        """The human seats that may act now, in the order they act."""
        table = self.table
        part = table.part
        if table.busy() or part.holding() or table.buttons_down:
            return []
        if table.runtime.board.mode == SELECT or not part.in_place():
            return []  # (the board not playing yet, or waiting for the pieces)
        if self.order == COMPUTER_FIRST and part.computer_seat() is not None:
            return []  # (its move first)
        seats = list(part.seats_to_act())
        humans = [p for p in seats if table.players[p] == HUMAN]
        return humans[::-1] if self.order == HIGH_FIRST else humans

    def act(self) -> bool:
        """A human seat's next move by the mouse's hand, if one is to act
        now (the first seat in ``order`` whose choice the mouse can make
        now; else what the seat does that is no event: ``drag(None)``)."""
        humans = self.humans()
        if not humans:
            return False
        part = self.table.part
        for p in humans:
            event = self.choose(part.truth, self.rng, p)
            if event is None:
                continue
            steps = self.gesture(event, p)
            if steps is None:
                try:
                    steps = part.drag(event)
                except NotByMouse:
                    continue  # (Diabolo: a double wanted on a later row)
            self.made.append(event)
            self.run(steps)
            return True
        self.made.append(None)
        self.run(part.drag(None))
        return True

    def gesture(self, event: Any, p: int) -> Steps | None:
        """HUMAN_FIRST: ``event`` and seat p's next in one gesture, where the
        game has one for them (None: not)."""
        if self.order != HUMAN_FIRST:
            return None
        after = self.table.part.truth.copy()
        after.apply(event)
        if p not in after.to_move():
            return None
        then = self.choose(after, random.Random(self.rng.random()), p)
        if then is None:
            return None
        try:
            steps: Steps = self.table.part.drag(event, then)
        except NotByMouse:
            return None  # (no gesture for these two)
        return steps

    def until(self, predicate: Callable[[], bool], ms: int) -> None:
        """The table on (a tick at a time, nobody acting at the human seats)
        until ``predicate`` holds; AssertionError after ``ms``."""
        table = self.table
        end = table.now + ms
        while not predicate():
            assert table.now < end, f"not so within {ms} ms (at {table.now} ms)"
            table.advance(TICK)

    def play_out(self, limit_ms: int, done: Callable[[], bool] | None = None) -> None:
        """Play until the game is over at the board too (or ``done``), the
        human seats by the mouse; AssertionError if not by ``limit_ms`` of
        the table's clock."""
        table = self.table
        stop = done or (lambda: finished(table))
        while not stop():
            assert table.now < limit_ms, f"not over by {limit_ms} ms: {table.truth.phase}"
            if not self.act():
                table.advance(TICK)


def play_on(table: Table, order: str, to_the_end: bool = True, seed: int = SEED) -> Person:
    """Play on, the people by the mouse in ``order``: to the end, or to the
    end of the round (the next deal journaled)."""
    person = Person(table, seed=seed, order=order)
    first = deals(table)
    if to_the_end:
        person.play_out(GAME_MS)
    else:
        end = table.now + ROUND_MS
        person.play_out(end, lambda: finished(table) or deals(table) > max(1, first))
    return person


def check_the_end(table: Table, to_the_end: bool = True) -> None:
    """The game is over at the board as in the table's truth (or goes on),
    nobody's hand stopped or waited in vain, the pieces lie where the
    board's game has them, and the record checks and replays to it."""
    truth = table.truth
    if to_the_end:
        assert truth.is_over() and table.game.is_over()
        board, want = table.game.outcome(), truth.outcome()
        assert (board.winner, board.reason) == (want.winner, want.reason)
    assert table.faults == []
    assert table.hand.timeouts == [] and table.person.timeouts == []
    assert not table.part.holding() and table.part.in_place()
    check_record(table)


def record_text(table: Table) -> str:
    return "\n".join(table.record_lines()) + "\n"


def check_record(table: Table) -> None:
    """The table's record checks (tabletop.records.record.check) and
    replays to the table's game: the same events, the same outcome (or
    none yet)."""
    text = record_text(table)
    *_, summary = check(text.encode())
    assert summary["ok"], summary
    rec = Record.read(text)
    words = notation.for_game(rec.game)
    moves = [ev for ev in rec.events if not words.is_deal(ev)]
    assert moves == [ev for ev in table.journal.events if not words.is_deal(ev)]
    want, got = table.truth.outcome(), rec.state.outcome()
    if want is None:
        assert got is None
    else:
        assert (got.winner, got.reason) == (want.winner, want.reason)


def deals(table: Table) -> int:
    """The deals the board has journaled in this game."""
    words = notation.for_game(table.game_name)
    return sum(1 for ev in table.journal.events if words.is_deal(ev))


def first_movers(table: Table) -> list[tuple[tuple[int, ...], int]]:
    """Each time several seats could make the next event (Pacal's builds
    after a take, the last cards), not counting moves they may leave unmade
    (Diabolo's doubles): the seats that could, and the seat that did."""
    text = record_text(table)
    rec = Record.read(text)
    state = new_state(rec.game, rec.variant, len(rec.header.get("players", ())))
    out = []
    for ev in rec.events:
        movers = tuple(state.to_move())
        if len(movers) > 1 and not state.may_pass():
            out.append((movers, int(ev[1])))
        state.apply(ev)
    return out


def kind_of(game: str, state: Any, event: Any) -> str:
    """The kind of step ``event`` is in ``state``: its name in record
    notation, how many things it names where it names several, and the
    phase it is made in ("place-phase0", "remove2-phase1": Pyraos' take-back
    of two marbles; "place2-phase4": a Pacal last card)."""
    obj = notation.to_json(game, event)
    key = next(k for k in obj if k != "p")
    value = obj[key]
    count = len(value) if isinstance(value, list) else ""
    return f"{key}{count}-phase{state.phase}"


def fewest(game: str, variant: str) -> int:
    """The fewest seats the game's variant is played at."""
    return int(games.part(game, "rules").seats(variant)[0])


def fresh_state(game: str, variant: str, seats: int) -> Any:
    """A new game at the rules for ``seats`` (where the variant's seats vary)."""
    low, high = games.part(game, "rules").seats(variant)
    return new_state(game, variant, seats if low != high else 0)


@functools.cache
def script(game: str, variant: str, seats: int, seed: int) -> tuple[Any, ...]:
    """A whole game at the rules alone (no board): the chance events from
    the rules, each move of a kind not made before as soon as one is legal,
    the others the greedy player's; moves the players may leave unmade
    (Diabolo's doubles) left unmade. Its events."""
    rules = games.part(game, "rules")
    state = fresh_state(game, variant, seats)
    rng = random.Random(seed)
    chance = Rng(seed)
    seen: set[str] = set()
    events = []
    while not state.is_over():
        event = rules.chance(state, chance)
        if event is None:
            if state.may_pass():
                break
            moves = list(state.legal_moves())
            fresh = [m for m in moves if kind_of(game, state, m) not in seen]
            event = rng.choice(fresh) if fresh else computer.choose(state, rng)
            seen.add(kind_of(game, state, event))
        events.append(event)
        state.apply(event)
    return tuple(events)
