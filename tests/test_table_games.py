"""The simulator's table (sim.table.table) played headless over every
registered game (tabletop.games) and variant: every seat human or computer,
the human seats' moves made by the mouse's hand (the part's ``drag``,
sim.table.part: the window's grab, carry and drop), chosen by the greedy
player; the computer seats by the table's own hand at the greedy level.
Each game is played to its end, the builds or plays that may come at once
in each order the test chooses (tests.table_support). A game added to the
registry gets all of these, and fails them until its part keeps the
contract. (Pacal's builds after a take: tests/test_table_pacal.py; BACK
after each kind of step: tests/test_table_undo.py.)

Everything waits on the table's virtual clock, never the wall clock.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from sim.table import computer
from sim.table.part import COMPUTER, HUMAN, NotByMouse, Part
from sim.table.table import Table
from tabletop import games
from tabletop.rules import diabolo_cards, pacal_cards
from tabletop.rules.rng import Rng
from tests.table_support import (
    COMPUTER_FIRST,
    GAME_VARIANTS,
    HIGH_FIRST,
    HUMAN_FIRST,
    LEVEL,
    LOW_FIRST,
    REPLY_MS,
    SEED,
    Person,
    check_the_end,
    fewest,
    first_movers,
    play_on,
)


def seat_counts(game: str, variant: str) -> range:
    low, high = games.part(game, "rules").seats(variant)
    return range(low, high + 1)


def seatings(game: str, variant: str) -> list[tuple[str, ...]]:
    """The seat combinations played: at one or two seats every one; at
    more, all computer, all human, one human, and mixed."""
    out: list[tuple[str, ...]] = []
    counts = seat_counts(game, variant)
    for n in counts:
        if n <= 2:
            out += list(itertools.product((HUMAN, COMPUTER), repeat=n))
        elif n == counts[0]:
            out += [(COMPUTER,) * n, (HUMAN,) * n, (HUMAN,) + (COMPUTER,) * (n - 1)]
            out += [tuple(HUMAN if i % 2 else COMPUTER for i in range(n))]
        else:
            out += [tuple(HUMAN if i % 2 == n % 2 else COMPUTER for i in range(n))]
    return out


def orders(players: tuple[str, ...]) -> list[str]:
    """Who goes first when several may: people in both seat orders when
    only people play; a person first (a take carried straight onto its
    field), the computer first, and a move at a time when both do."""
    humans = players.count(HUMAN)
    if humans == 0:
        return [LOW_FIRST]
    if humans == len(players):
        return [LOW_FIRST, HIGH_FIRST] if humans > 1 else [LOW_FIRST]
    if len(players) == 2:
        return [HUMAN_FIRST, COMPUTER_FIRST, LOW_FIRST]
    return [HUMAN_FIRST, COMPUTER_FIRST]


def short(players: tuple[str, ...]) -> str:
    return "".join("H" if p == HUMAN else "C" for p in players)


@pytest.mark.parametrize(("game", "variant"), GAME_VARIANTS)
def test_every_game_has_the_mouse_make_its_moves_or_says_why_not(game: str, variant: str) -> None:
    # The part's own drag (the contract's default refuses every event), and
    # a clear refusal for what is no move now: an event the rules refuse, a
    # deal (the table's hand's), two moves in one gesture where the game
    # has none for them.
    seats = fewest(game, variant)
    table = Table(game, variant, seed=SEED, players=(HUMAN,) * seats, level=LEVEL)
    part = table.part
    assert type(part).drag is not Part.drag, f"{game}'s part has no mouse's hand of its own"
    with pytest.raises(NotByMouse, match="the mouse has no hand at"):
        Part.drag(part, None)
    with pytest.raises(NotByMouse):
        part.drag((99, 0, 0, 0))
    rules = games.part(game, "rules")
    deal = rules.chance(part.truth, Rng(1))
    if deal is not None:
        with pytest.raises(NotByMouse):
            part.drag(deal)
    person = Person(table)
    person.until(lambda: bool(person.humans()), REPLY_MS)
    p = person.humans()[0]
    event = computer.choose(part.truth, random.Random(1), p)
    with pytest.raises(NotByMouse):
        part.drag(event, (99, p, 0, 0))  # (no such event after it)
    person.run(part.drag(event))
    assert table.journal.events[-1] == event and table.faults == []


def whole(game: str, variant: str, players: tuple[str, ...], order: str) -> bool:
    """Is the whole game played (a Pacal match, every Diabolo round), or
    its first round (a game without rounds: whole)? Whole for one seating
    of each seat count, in its first order: the first with a person and
    a computer (a person alone, in a game played alone); the other
    seatings and orders a round, which is where they differ (who moves
    first, who deals), and the computers alone play their whole games in
    tests/test_table.py. (Three whole Pacal matches took a tenth of the
    suite for what one match shows: the rounds after the first.)"""
    if order != orders(players)[0]:
        return False
    same = [s for s in seatings(game, variant) if len(s) == len(players) and HUMAN in s]
    mixed = [s for s in same if COMPUTER in s]
    return players == (mixed or same)[0]


def case_id(game: str, variant: str, players: tuple[str, ...], order: str) -> str:
    return f"{game}-{variant}-{short(players)}-{order.replace(' ', '-')}"


PLAYED = [
    pytest.param(g, v, players, order, id=case_id(g, v, players, order))
    for g, v in GAME_VARIANTS
    for players in seatings(g, v)
    for order in orders(players)
]


@pytest.mark.parametrize(("game", "variant", "players", "order"), PLAYED)
def test_a_game_is_played_to_its_end_with_the_mouse(
    game: str, variant: str, players: tuple[str, ...], order: str
) -> None:
    table = Table(game, variant, seed=SEED, players=players, level=LEVEL)
    to_the_end = whole(game, variant, players, order)
    person = play_on(table, order, to_the_end)
    check_the_end(table, to_the_end)
    events = [ev for ev in person.made if ev is not None]
    if HUMAN in players:
        assert events, "the mouse made no move"
        journal = table.journal.events
        assert all(ev in journal for ev in events)  # (every one accepted: nothing undone)
    # who went first where several could: as the test chose
    firsts = first_movers(table)
    both = [(m, seat) for m, seat in firsts if {players[p] for p in m} == {HUMAN, COMPUTER}]
    if order == COMPUTER_FIRST:
        assert all(players[seat] == COMPUTER for _, seat in both)
    if order == HUMAN_FIRST and both:
        assert any(players[seat] == HUMAN for _, seat in both)
    people = [(movers, seat) for movers, seat in firsts if all(players[p] == HUMAN for p in movers)]
    if order == LOW_FIRST:
        assert all(seat == min(movers) for movers, seat in people)
    if order == HIGH_FIRST:
        assert all(seat == max(movers) for movers, seat in people)


@pytest.mark.parametrize(
    ("game", "variant", "n"), [("pacal", "duel", 2), ("diabolo", "standard", 3)]
)
def test_a_table_opened_after_a_deal_deals_the_next_round_as_its_seed_does(
    game: str, variant: str, n: int
) -> None:
    # A home far away restarted from its record deals on as the others
    # (one seed): its deal generator past the record's deals, not afresh.
    rng = Rng(SEED)
    if game == "pacal":
        want = [pacal_cards.deal_duel(rng) for _ in range(2)]
    else:
        first = rng.below(n)
        want = [diabolo_cards.deal(rng, (first + k) % n) for k in range(2)]
    players = (COMPUTER,) * n
    fresh = Table(game, variant, seed=SEED, players=players, level=LEVEL)
    cards: Any = fresh.part  # (its game's: sim.table.pacal, sim.table.diabolo)
    assert cards.next_deal() == want[0]
    opened = Table(game, variant, seed=SEED, players=players, level=LEVEL, events=[want[0]])
    cards = opened.part
    assert cards.next_deal() == want[1]
