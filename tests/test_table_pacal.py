"""Pacal at the simulator's table (sim.table.table), headless: the builds
after a take in every order, a person at the mouse (the part's ``drag``)
against the computer seat's hand. Each test is a game that once went wrong
at the table: the card left on its slot built twice, a last card nobody
showed, a deal over a card still to be shown.

Everything waits on the table's virtual clock, never the wall clock.
"""

from __future__ import annotations

from typing import Any

import pytest

from sim.table.part import COMPUTER, HUMAN
from sim.table.table import Table
from tabletop.records.record import Record, new_state
from tabletop.rules import pacal
from tests.table_support import (
    COMPUTER_FIRST,
    HUMAN_FIRST,
    LEVEL,
    Person,
    check_the_end,
    play_on,
)


def test_the_computer_builds_the_card_left_on_its_slot_while_the_taker_waits() -> None:
    # The person takes from the computer's offer with the mouse (one card
    # lifted off its slot, into the hand) and does not build yet: the
    # computer's hand lifts its own card off the other slot and builds it
    # (it once built it out of thin air, the card on the table twice, and
    # the hand died on "field N already holds two cards"). /tmp/crash.py's
    # game: seed 1 (the computer at its default level), the person offers
    # 10 and 50 and builds 10.
    table = Table("pacal", "duel", seed=1, players=(HUMAN, COMPUTER))
    part = table.cards
    person = Person(table)
    person.until(lambda: 0 in person.humans(), 30_000)
    assert part.truth.phase == pacal.P_OFFER and {10, 50} <= set(part.hand(0))
    person.run(part.drag((pacal.OFFER, 0, 10, 50)))
    person.until(lambda: 0 in person.humans(), 30_000)  # the computer took 50 and built it
    field = part.truth.fields(0, 10)[-1]
    person.run(part.drag((pacal.PLACE, 0, 10, field)))
    person.until(lambda: part.truth.phase == pacal.P_TAKE and 0 in person.humans(), 30_000)
    assert part.truth.offer == (18, 19)
    n = len(table.journal)
    person.run(part.drag((pacal.TAKE, 0, 19, 0)))  # 19 into the hand, 18 left on its slot
    n_at = table.now
    assert table.journal.events[n] == (pacal.TAKE, 0, 19, 0)
    physics = table.physics
    assert 18 in (physics.slot_card(0), physics.slot_card(1))
    person.until(lambda: len(table.journal) > n + 1 or bool(table.hand.timeouts), 30_000)
    cards = [c for f in range(2 * pacal.FIELDS) for c in physics.field_cards(f)]
    cards += [physics.slot_card(0), physics.slot_card(1), *physics.held()]
    assert cards.count(18) == 1, f"card 18 is on the table {cards.count(18)} times"
    assert table.hand.timeouts == [] and table.journal.events[n + 1][:3] == (pacal.PLACE, 1, 18)
    person.until(lambda: table.now >= n_at + 20_000, 30_000)  # (the crash came ~15 s on)
    assert table.faults == [] and table.hand.timeouts == []
    play = play_on(table, COMPUTER_FIRST, to_the_end=False)  # the person builds 19, and on
    assert (pacal.PLACE, 0, 19) in [ev[:3] for ev in table.journal.events]
    check_the_end(table, to_the_end=False)
    assert play.made


def last_turn(table: Table) -> tuple[int, Any]:
    """Pacal: who made the build that ended the round's last turn (the
    fourteenth), and the state after it."""
    rec = Record.read("\n".join(table.record_lines()) + "\n")
    state = new_state("pacal", "duel")
    for ev in rec.events:
        done = state.turns_done
        state.apply(ev)
        ended = state.turns_done != done or state.phase != pacal.P_BUILD
        if ev[0] == pacal.PLACE and done == pacal.TURNS - 1 and ended:
            return int(ev[1]), state
    raise AssertionError("the round had no last turn")


@pytest.mark.parametrize(
    ("seed", "ender", "kept"),
    [
        (5, 0, [0, 1]),  # the computer's build ended it: neither last card fits
        (21, 1, [0]),  # the person's ended it: the computer's last card fits nowhere
        (2, 1, [1]),  # ... the person's own fits nowhere
    ],
)
def test_a_person_who_builds_first_ends_the_last_turn(
    seed: int, ender: int, kept: list[int]
) -> None:
    # The person carries each card taken straight onto its field, before
    # the computer can build; when the round's last turn ends, every last
    # card that fits nowhere is still shown to the board (kept without a
    # line: the board cannot know it fits nowhere), by the seat's own hand,
    # and the round ends at the board as in the table's game. Each seed once
    # left the board waiting for a last card nobody would show, and the
    # table dealt the next round over it (its base cards read as last
    # cards): a computer seat began its build before the board had taken
    # the person's, so neither hand knew the turn had ended (5); nobody
    # showed a computer's card after a person's build (21); the table dealt
    # while the person's own was still to be shown (2).
    table = Table("pacal", "duel", seed=seed, players=(COMPUTER, HUMAN), level=LEVEL)
    play_on(table, HUMAN_FIRST, to_the_end=False, seed=seed)
    check_the_end(table, to_the_end=False)
    assert table.game.results == table.truth.results != []
    who, after = last_turn(table)
    cards = range(1, pacal.CARDS + 1)
    assert (who, [q for q in (0, 1) for c in cards if after.loc[c] == pacal.L_KEPT + q]) == (
        ender,
        kept,
    )
