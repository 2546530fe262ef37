"""A game at the virtual board, live: the firmware ticking in virtual time
while a person's hand (the window's mouse) and the computer's seats act on
the pieces. What the window and the terminal view draw comes from here; the
board's own answer is only ever what the firmware lit (``hal.light``).

    table = Table("pyraos", "standard", seed=1, players=("human", "computer"))
    table.advance(16)                  # 16 ms of virtual time, the firmware ticking
    table.marbles.grab(x, y)           # Pyraos: the mouse's hand takes the marble at (x, y) mm
    table.cards.grab(("field", 4))     # Pacal: ... the top card of field 4 (then carry, drop)
    table.diabolo_cards.grab(("hand", 0, 34))  # Diabolo: ... p4 from seat 0's hand (then drop)
    table.perform(event)               # a person's hand makes a move given whole (typed, clicked)
    table.button_down("back"); table.button_up("back")
    table.game, table.journal          # what the board has accepted (read only)
    table.new_game()                   # MENU, and the board cleared
    table.save(path)                   # the record so far

A computer seat moves when it is to move, the board shows the position of
the game and nobody holds a piece (sim.seats): its move (sim.computer) is
made by the scripted hand (sim.hand), through the same physics and sensors
as a person's, so it animates and the board judges it like any other. What
each game knows that its board does not, and the mouse's hand on its
pieces, lie beside: the marbles (sim.pyraos_table, ``table.marbles``), the
cards (sim.pacal_table, ``table.cards``), Diabolo's cards
(sim.diabolo_table, ``table.diabolo_cards``); the others are None.
Diabolo has 3 to 5 seats (``players``' length); the table also walks the
scoring through for its computer seats.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from sim import computer, seats
from sim.board_play import BOOT_MS, BoardRun, new_state, reference_profile
from sim.diabolo_table import DiaboloCards
from sim.hand import HUMAN as HUMAN_TIMING
from sim.hand import DiaboloHand, Steps, make_hand
from sim.hand.script import Script
from sim.pacal_table import PacalCards
from sim.physics import DiaboloPhysics, PacalPhysics, PyraosPhysics
from sim.pyraos_table import PyraosMarbles
from sim.seats import COMPUTER as COMPUTER  # (a seat: the names live with the table)
from tabletop.board import diabolo_board, pacal_board
from tabletop.records import notation
from tabletop.records.record import check
from tabletop.rules import diabolo
from tabletop.rules.common import explain
from tabletop.rules.pacal import DEAL
from tabletop.sensing.baselines import FRESH_MS

HUMAN = "human"
SEATS = (HUMAN, COMPUTER)
GAMES = {
    "pyraos": ("standard", "lines", "kids"),
    "pacal": ("duel", "solo"),
    "diabolo": ("standard",),
}
# The hand that opens a record: each step as short as a person's gets
# (sim.hand.HUMAN's least), but a second between moves. With less, a marble
# set down near one raised to level 2 under a second before (while the
# sensing still learns that marble's own error, FRESH_MS) can leave the
# board waiting in silence: issue 18's to fix.
# A person's hand for a move typed or clicked: the move is thought of
# already, the rest at a person's pace.
TYPED = replace(HUMAN_TIMING, think=(FRESH_MS, FRESH_MS))
_LEAST: dict[str, Any] = {
    step: (getattr(HUMAN_TIMING, step)[0],) * 2
    for step in ("pause", "reach", "lift", "lower", "hover", "react", "press")
}
QUICK = replace(HUMAN_TIMING, think=(FRESH_MS, FRESH_MS), **_LEAST)


class RecordProblem(ValueError):
    """A record that cannot be opened, and why (with its line)."""


class Table:
    def __init__(
        self,
        game: str,
        variant: str,
        seed: int = 0,
        players: tuple[str, ...] = (HUMAN, HUMAN),
        noise: float = 1.0,
        events: list[Any] | None = None,
        level: str = computer.DEFAULT_LEVEL,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"no game {game!r} ({', '.join(GAMES)})")
        if variant not in GAMES[game]:
            raise ValueError(f"no {game} variant {variant!r} ({', '.join(GAMES[game])})")
        for p in players:
            if p not in SEATS:
                raise ValueError(f"a seat is {' or '.join(SEATS)}, not {p!r}")
        self.game_name = game
        self.variant = variant
        if game == "diabolo" and not diabolo.MIN_PLAYERS <= len(players) <= diabolo.MAX_PLAYERS:
            raise ValueError(f"diabolo has 3 to 5 seats, not {len(players)}")
        self.seats = seats_of(game, variant, len(players))
        if len(players) != self.seats:
            raise ValueError(f"{game} {variant} has {self.seats} seat(s), not {len(players)}")
        self.players = tuple(players)
        if level not in computer.LEVELS:
            raise ValueError(f"no computer level {level!r} ({', '.join(computer.LEVELS)})")
        self.level = level  # the computer seats' (sim.computer)
        self.thinking: Any = None  # a computer seat's search, spread over the frames
        self.thinking_for: tuple[int, int, int] = (-1, -1, -1)  # ... of this moment of the game
        self.profile = reference_profile(game)
        n = self.seats if game == "diabolo" else 0
        self.board = BoardRun(self.profile, game, variant, seed=seed, noise=noise, players=n)
        self.physics = self.board.physics
        self.hal = self.board.hal
        self.seed = seed
        self.rng = random.Random(seed)
        self.hand = make_hand(self.physics, self.hal, self.profile, seed)  # the computer's
        # ... and a person's, for moves given whole (typed or clicked)
        self.person = make_hand(self.physics, self.hal, self.profile, seed + 1, timing=TYPED)
        self.script: Script | None = None
        self.buttons_down: dict[str, int] = {}
        # Pyraos: the colour of each marble and the reserve trays, followed
        # from the physics' actions (the mouse's and the computer's)
        self.marbles = PyraosMarbles(self) if game == "pyraos" else None
        # Pacal: the deal and the hands, which the board never knows (a
        # record opened brings its own deals)
        self.cards = PacalCards(self) if game == "pacal" else None
        if self.cards is not None and events:
            self.cards.deals = [ev for ev in events if ev[0] == DEAL]
        # Diabolo: the deals, the hands, the pile; the scoring's walk
        self.diabolo_cards = DiaboloCards(self) if game == "diabolo" else None
        if self.diabolo_cards is not None and events:
            self.diabolo_cards.deals = [ev for ev in events if ev[0] == diabolo.DEAL]
        if events:
            self._play_quickly(events)
        elif self.diabolo_cards is not None:
            # MENU, then long MENU until the board has the table's seats
            self.board.advance(BOOT_MS)
            self.run(self._choose_players())
        else:  # MENU, as a person starts a game, once the board has booted
            self.hal.press("menu", BOOT_MS, 120)

    @classmethod
    def open(cls, path: str | Path, **kw: Any) -> Table:
        """A table at the last position of the record at ``path``: its
        events played through the firmware, quickly, by the scripted hand.
        RecordProblem (naming the line) if the record is not a good one."""
        table, _ = cls.open_record(path, **kw)
        return table

    @classmethod
    def open_record(cls, path: str | Path, **kw: Any) -> tuple[Table, list[Any]]:
        """``open``, and the record's events."""
        try:
            data = Path(path).read_bytes()
        except OSError as err:
            raise RecordProblem(f"cannot read {path}: {err.strerror}") from None
        *_, summary = check(data)
        rec = summary["record"]
        if not summary["ok"]:
            raise RecordProblem(f"{path}, line {summary['line']}: {summary['error']}")
        events = list(rec.events)
        if kw.get("players") is not None:
            n = len(rec.players) if rec.game == "diabolo" else 0
            seats = seats_of(rec.game, rec.variant, n)
            given = tuple(kw["players"])
            kw["players"] = (given * seats)[:seats]
        return cls(rec.game, rec.variant, events=events, **kw), events

    def _play_quickly(self, events: list[Any]) -> None:
        # Every event made as a person would make it, only quickly: the
        # board follows the game exactly as in play (a position merely set
        # out would leave it guessing at power on: a level-3 marble barely
        # shows against the sensors' own errors).
        self.board.start()
        hand = make_hand(self.physics, self.hal, self.profile, self.board.seed, timing=QUICK)
        state = new_state(self.game_name, self.variant, self.board.players)
        for i, ev in enumerate(events):
            if not self.board.act(hand.perform(state.copy(), ev)):
                raise RecordProblem(f"the board did not follow event {i + 1} of the record")
            state.apply(ev)
            self._follow()
        self.board.advance(QUICK.pause[1])
        self._follow()
        if self.cards is not None:
            self.cards.sync()
        if self.diabolo_cards is not None:
            self.diabolo_cards.sync()

    # -- what the board has accepted -------------------------------------------------

    @property
    def now(self) -> int:
        now: int = self.hal.now_ms
        return now

    @property
    def runtime(self) -> Any:
        return self.board.runtime

    @property
    def game(self) -> Any:
        """The firmware's rules state (read only)."""
        return self.runtime.board.game

    @property
    def truth(self) -> Any:
        """The game as the simulator knows it: the firmware's, and in
        Pacal with the hands and the pile the board cannot see."""
        if self.diabolo_cards is not None:
            return self.diabolo_cards.truth
        return self.cards.truth if self.cards is not None else self.game

    @property
    def journal(self) -> Any:
        return self.runtime.journal

    def record_lines(self) -> list[str]:
        """The record so far: the board's journal, and in Pacal the deals as
        the table made them (the board's own lack the hands)."""
        deals = self.cards.deals if self.cards is not None else None
        if self.diabolo_cards is not None:
            deals = self.diabolo_cards.deals
        lines: list[str] = self.journal.lines(deals)
        return lines

    def save(self, path: str | Path) -> None:
        """Write the record so far (docs: ../shared/spec/records.md)."""
        Path(path).write_text("\n".join(self.record_lines()) + "\n")

    def busy(self) -> bool:
        """Is a hand (the computer's, or a marble being set down) at work?"""
        return self.script is not None and not self.script.done

    # -- time ------------------------------------------------------------------------

    def advance(self, ms: int) -> None:
        """Run the firmware for ``ms`` of virtual time, tick by tick, the
        computer's hand acting between ticks."""
        tick = self.board.tick_ms
        end = self.now + ms
        while self.now + tick <= end:
            self.board.advance(tick)
            if self.script is not None:
                self.script.poll(self.now)
                if self.script.done:
                    self.script = None
            self._follow()
            if self.cards is not None:
                self.cards.sync()
            if self.diabolo_cards is not None:
                self.diabolo_cards.sync()
            if self.script is None and not self.mouse_holds and not self._table_deals():
                seats.turn(self)

    def _table_deals(self) -> bool:
        # Pacal: a round's deal is the table's to make (the fields cleared
        # first), as soon as the board waits for it. Diabolo: the first
        # dealer's double card read, the slots cleared for the next rounds.
        dc = self.diabolo_cards
        if dc is not None:
            if dc.deal_due() and not self.buttons_down:
                self.run(dc.dealing())
                return True
            return False
        cards = self.cards
        if cards is None or not cards.deal_due() or self.runtime.board.mode == pacal_board.SELECT:
            return False
        self.run(cards.dealing())
        return True

    def _follow(self) -> None:
        # Pyraos: the colours of the marbles the hands moved since last time.
        if self.marbles is not None:
            self.marbles.follow()

    def run(self, steps: Steps) -> None:
        """Have a hand take ``steps`` (sim.hand.Steps), acting between ticks."""
        self.script = Script(steps, self.board, self.now)
        self.script.poll(self.now)

    def _choose_players(self) -> Steps:
        hand = self.hand
        yield from hand.press_menu()
        assert isinstance(hand, DiaboloHand)
        yield from hand.choose_players(self.seats)

    def board_matches(self) -> bool:
        return self.marbles is None or self.marbles.in_place()

    # -- the buttons -----------------------------------------------------------------

    def button_down(self, name: str) -> None:
        if name not in ("menu", "back"):
            raise ValueError(f"no button {name!r}")
        self.buttons_down.setdefault(name, self.now)

    def button_up(self, name: str) -> None:
        t = self.buttons_down.pop(name, None)
        if t is None:
            return
        held = max(self.board.tick_ms, self.now - t)
        # the press as it was (sim.virtual_hal takes a press whole): it
        # starts now, so the firmware reads all of it from the next tick
        self.hal.press(name, self.now + self.board.tick_ms, held)

    def undo(self) -> None:
        """BACK, pressed briefly."""
        self.hal.press("back", self.now + self.board.tick_ms, 120)

    def new_game(self) -> None:
        """MENU for a new game of the same kind, and the board cleared."""
        if self.script is not None:
            self.script.stop()
        self._drop_held()
        self.run(self._new_game())

    def _new_game(self) -> Steps:
        yield from self.hand.press_menu()
        if self.cards is not None:
            self.cards.new_game()
        if self.diabolo_cards is not None:
            self.diabolo_cards.new_game()
        yield from self.hand.clear_board()

    # -- a move given whole (typed, clicked) ------------------------------------------

    def perform(self, event: Any) -> str:
        """Have a person's hand make ``event`` at the board (a typed or
        clicked move: the scripted hand, no mistakes, a short think); ''
        when started, else why not (the rules' reason for an illegal one)."""
        if self.busy() or self.mouse_holds:
            return "a hand is still at work: wait a moment"
        state = self.truth
        fault = state.fault(event)
        if fault is not None:
            return str(explain(fault))
        dc = self.diabolo_cards
        if dc is not None and event[0] == diabolo.DOUBLE:
            walk = dc.walk()
            if walk is None or walk[0] != event[2] or not dc.may_double(event[1]):
                return "a double is declared when the board calls for doubles on its row"
            return dc.declare_double(event[1])
        if dc is not None and self.runtime.board.mode != diabolo_board.PLAY:
            return "the board does not wait for a card now"
        person = self.person
        person.expected = len(self.journal)
        self.run(person.perform(state.copy(), event))
        return ""

    def active_seat(self) -> int | None:
        """The human seat that is to act now (the first, when both build;
        Diabolo at scoring: the seat asked to show its cards, or the first
        that may declare a double)."""
        dc = self.diabolo_cards
        if dc is not None:
            walk = dc.walk()
            if walk is not None:
                asked = [walk[2]] if walk[1] != 1 else range(self.seats)
                for p in asked:
                    if self.players[p] == HUMAN and (walk[1] != 1 or dc.may_double(p)):
                        return int(p)
                return None
            if self.truth.phase != diabolo.P_PLAY:
                return None
        for p in self.truth.to_move():
            if self.players[p] == HUMAN:
                return int(p)
        return None

    # -- the mouse's hand (table.marbles, table.cards) -------------------------------

    @property
    def mouse_holds(self) -> bool:
        """Is a piece in the mouse's hand?"""
        if self.marbles is not None:
            return self.marbles.mouse_holds
        if self.diabolo_cards is not None:
            return bool(self.diabolo_cards.mouse_card)
        return self.cards is not None and bool(self.cards.mouse_card)

    def _drop_held(self) -> None:
        # the piece in the mouse's hand back off the board
        if self.marbles is not None:
            self.marbles.put_back()
        elif self.cards is not None:
            self.cards.drop(None)
        elif self.diabolo_cards is not None:
            self.diabolo_cards.drop(None)

    @property
    def pacal(self) -> PacalPhysics:
        """The Pacal board's physics (ValueError on another board)."""
        if not isinstance(self.physics, PacalPhysics):
            raise ValueError("cards are a Pacal board's")
        return self.physics

    @property
    def diabolo(self) -> DiaboloPhysics:
        """The Diabolo board's physics (ValueError on another board)."""
        if not isinstance(self.physics, DiaboloPhysics):
            raise ValueError("rows and the reader are a Diabolo board's")
        return self.physics

    @property
    def pyraos(self) -> PyraosPhysics:
        """The Pyraos board's physics (ValueError on another board)."""
        if not isinstance(self.physics, PyraosPhysics):
            raise ValueError("marbles are a Pyraos board's")
        return self.physics

    def settled(self) -> bool:
        """No piece is still falling or bouncing."""
        physics = self.physics
        return not isinstance(physics, PyraosPhysics) or physics.settled(self.now)

    # -- what the window shows -------------------------------------------------------

    def moves_text(self, events: list[Any] | None = None) -> list[str]:
        """The accepted events (or ``events``) in record notation, one per line."""
        if events is not None:
            return [json.dumps(notation.to_json(self.game_name, ev)) for ev in events]
        return self.record_lines()[1:]


def seats_of(game: str, variant: str, players: int) -> int:
    """How many seats a table of ``game`` has: Diabolo's ``players`` (3 to
    5, else 4: the reference board's), Pacal solo's one, else two."""
    if game == "diabolo":
        return players if diabolo.MIN_PLAYERS <= players <= diabolo.MAX_PLAYERS else 4
    return 1 if variant == "solo" else 2


def record_state(table: Table, events: list[Any]) -> Any:
    """The rules state after ``events`` of a game like ``table``'s."""
    state = new_state(table.game_name, table.variant, len(table.players))
    for ev in events:
        state.apply(ev)
    return state
