"""BACK (U at the window) at the simulator's table (sim.table.table),
headless, over every registered game (tabletop.games) and variant: after
each kind of step a person makes by the mouse's hand (the part's ``drag``),
against another person and against the computer, the person's turn is
taken back, the table's hand puts the pieces back as the board lights
them, and play goes on (six events more, or to the round's end).
A game added to the registry gets these too.

Everything waits on the table's virtual clock, never the wall clock.
"""

from __future__ import annotations

from typing import Any

import pytest

from sim.table.part import COMPUTER, HUMAN
from sim.table.table import Table
from tabletop import games
from tabletop.records import notation
from tabletop.records.record import Record
from tabletop.rules import diabolo
from tabletop.rules.diabolo_cards import colour_of, deck
from tests.table_support import (
    COMPUTER_FIRST,
    GAME_VARIANTS,
    LEVEL,
    LOW_FIRST,
    REPLY_MS,
    ROUND_MS,
    SEED,
    Person,
    check_the_end,
    deals,
    fewest,
    finished,
    fresh_state,
    kind_of,
    script,
)

UNDO_MS = 20_000  # BACK pressed until the pieces are back where the board has them
SCRIPTS = 40  # rules-only games searched for a position of each kind of step
AFTER = 6  # events played after the step taken back is made again


def steps_to_undo(game: str, variant: str, against: bool) -> dict[str, list[Any]]:
    """For each kind of step a person makes (tests.table_support.kind_of;
    not a deal, the table's, nor a move the players may leave unmade: BACK
    passes there, it takes nothing back), the shortest events of rules-only
    games up to a step of that kind after which the round goes on (BACK
    never takes back across a deal); ``against`` the computer, a step that
    another seat answers (the next event is another seat's move) and the
    round goes on after the answer too. (So not a Pacal last card or keep
    against the computer: its answer, its own last card, ends the round,
    and the table deals at once.)"""
    words = notation.for_game(game)
    seats = fewest(game, variant)
    found: dict[str, list[Any]] = {}
    for seed in range(SCRIPTS):
        events = script(game, variant, seats, seed)
        state = fresh_state(game, variant, seats)
        for i, ev in enumerate(events):
            kind = kind_of(game, state, ev)
            if not (words.is_deal(ev) or state.may_pass()) and i < len(found.get(kind, events)):
                goes_on = [not words.is_deal(e) for e in events[i + 1 : i + 3]]
                answered = goes_on == [True, True] and events[i + 1][1] != ev[1]
                if goes_on[:1] == [True] and (not against or answered):
                    found[kind] = list(events[: i + 1])
            state.apply(ev)
    return found


def diabolo_discard() -> list[Any]:
    """A Diabolo round of three (P3 deals) in which P1, dealt and drawing
    red cards only, locks the red row itself and then holds seven red
    cards: the events up to the card it must put out, and that discard.
    (The rules-only games never come to one.)"""
    cards = deck()
    red = [c for c in cards if colour_of(c) == diabolo.RED]
    others = sorted((c for c in cards if colour_of(c) != diabolo.RED), key=lambda c: (c % 10, c))
    first = [3 * k for k in range(12)]  # P1's six cards dealt and six drawn
    pile = others + red[len(first) :]
    for i, card in zip(first, red, strict=False):
        pile.insert(i, card)
    state = diabolo.Diabolo(3)
    events: list[Any] = [(diabolo.DEAL, 2, tuple(pile), 0)]
    state.apply(events[0])
    while True:
        moves = list(state.legal_moves())
        if moves[0][0] == diabolo.DISCARD:
            return events + [moves[0]]
        # P1 lays a red card; the others spread theirs, locking no row
        move = min(moves, key=lambda m: (state.turn != 0 and state.row_size(colour_of(m[2])), m))
        events.append(move)
        state.apply(move)


UNDONE = [
    pytest.param(g, v, kind, events, against, id=f"{g}-{v}-{kind}-{who}")
    for g, v in GAME_VARIANTS
    for against, who in ((False, "person"), (True, "computer"))
    if not against or fewest(g, v) > 1
    for kind, events in steps_to_undo(g, v, against).items()
] + [
    pytest.param("diabolo", "standard", "discard-phase1", diabolo_discard(), against, id=who)
    for against, who in (
        (False, "diabolo-standard-discard-phase1-person"),
        (True, "diabolo-standard-discard-phase1-computer"),
    )
]


def turn_start(table: Table, n: int) -> int:
    """The journal's events before the turn its n-th event is in began (a
    Pyraos take-back is the turn of the place before it)."""
    rec = Record.read("\n".join(table.record_lines()) + "\n")
    state = fresh_state(rec.game, rec.variant, len(table.players))
    start = 0
    for i, ev in enumerate(rec.events[:n]):
        if not state.mid_turn():
            start = i
        state.apply(ev)
    return start


@pytest.mark.parametrize(("game", "variant", "kind", "events", "against"), UNDONE)
def test_back_after_each_kind_of_step(
    game: str, variant: str, kind: str, events: list[Any], against: bool
) -> None:
    # A person's step (the last of ``events``) by the mouse; against the
    # computer, its reply too; then U: the person's turn is taken back
    # (with the computer's reply), the table's hand puts the pieces back as
    # the board lights them, the board plays again with the person to move,
    # and the game goes on to its end.
    *before, event = events
    p = int(event[1])
    seats = fewest(game, variant)
    players = tuple(HUMAN if q == p or not against else COMPUTER for q in range(seats))
    table = Table(game, variant, seed=SEED, players=players, level=LEVEL, events=before)
    person = Person(table, seed=SEED, order=COMPUTER_FIRST if against else LOW_FIRST)
    part = table.part
    person.until(lambda: p in person.humans(), REPLY_MS)
    n = len(table.journal)
    person.run(part.drag(event))
    assert table.journal.events[n] == event
    if against:
        # the computer's reply, until a person is to act again
        person.until(lambda: len(table.journal) > n + 1 and bool(person.humans()), REPLY_MS)
    journal = list(table.journal.events)
    start = turn_start(table, n + 1)
    assert table.undo()
    board = table.runtime.board
    play = games.part(game, "board").PLAY
    person.until(lambda: not table.busy() and board.mode == play, UNDO_MS)  # the board plays again
    assert table.journal.events == journal[:start]  # the person's turn, and every reply since
    assert part.in_place() and p in list(part.seats_to_act())
    assert table.faults == [] and table.hand.timeouts == []
    # play goes on: the step made again and AFTER more events (or the
    # round's end, if sooner), every seat's hand and the board agreeing
    # (whole games after each kind of step took a tenth of the suite;
    # tests/test_table_games plays them)
    again = Person(table, seed=SEED, order=LOW_FIRST)
    goes_on = start + 1 + AFTER

    def far_enough() -> bool:
        if finished(table) or deals(table) > deals_then:
            return True
        return len(table.journal) >= goes_on and not table.busy() and not part.holding()

    deals_then = deals(table)
    again.play_out(table.now + ROUND_MS, far_enough)
    check_the_end(table, to_the_end=finished(table))
