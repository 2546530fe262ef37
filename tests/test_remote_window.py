"""A person at the window against someone far away, over every game the
registry seats at several homes: the person's seat played with the
mouse's hand (the part's ``drag``: the window's grab, carry and drop, as
tests/test_table_games.py plays), every other seat "remote", played at
homes of their own by the computer, through a room on a real amqtt
broker on loopback. The window (offscreen, the dummy video driver) names
the far seats and draws the game; the records agree. Diabolo plays
through a round's scoring: the homes far away wait for the person's word
on each row's doubles (a double declared, or BACK: a pass said in the
room), and go on.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest

from host_tools.remote.broker import Broker
from host_tools.remote.room import Room
from sim.table.table import COMPUTER, HUMAN, REMOTE, Table
from tabletop import games
from tests.table_support import LOW_FIRST, SEED, Person, deals
from tests.test_remote_games import CODE, PATIENCE_S, SETTINGS

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
MOVES = 8  # the person's moves made with the mouse before the window is looked at
# Diabolo's deal where, at the first round's scoring, the person may
# declare a double and does not (BACK) while both far seats declare theirs
PASSES_SEED = 8


class HomeTable(Table):
    """The person's table: as it plays, the far homes play on too (one clock)."""

    far_homes: list[Table]

    def advance(self, ms: int) -> None:
        super().advance(ms)
        for other in self.far_homes:
            other.advance(ms)
        for home in (self, *self.far_homes):
            assert not home.far.problem, home.far.problem


@pytest.fixture
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


@pytest.mark.parametrize(("game", "variant", "n"), SETTINGS, ids=lambda v: str(v))
def test_a_person_at_the_window_plays_homes_far_away(
    broker: Broker, game: str, variant: str, n: int
) -> None:
    seats = [str(p) for p in range(n)]
    seed = PASSES_SEED if game == "diabolo" else SEED
    rooms: list[Room] = []
    players = (HUMAN,) + (REMOTE,) * (n - 1)
    table = HomeTable(game, variant, seed=seed, players=players, level="greedy")
    table.far_homes = []
    for me in range(n):
        room = Room(broker.url, CODE, str(me), seats=seats).start()
        rooms.append(room)
        assert room.wait_until(lambda r: r.synced, PATIENCE_S)
        if me == 0:
            table.link(room)
            continue
        kinds = tuple(COMPUTER if p == me else REMOTE for p in range(n))
        home = Table(game, variant, seed=seed, players=kinds, level="greedy")
        home.link(room)
        table.far_homes.append(home)
    try:
        person = Person(table, seed=SEED, order=LOW_FIRST)
        if game == "diabolo":  # through a round's scoring: the person's doubles, or none
            person.play_out(table.now + 3_600_000, lambda: deals(table) >= 2)
        else:
            person.play_out(table.now + 600_000, lambda: _made(person) >= MOVES)
        from sim.window import panel
        from sim.window.app import App

        app = App(table, offscreen=True)
        app.settle()
        said = panel.said(app.view, table.truth, table.moves_text())
        far = [line for line in said.seats if "far away" in line]
        assert len(far) == n - 1, said.seats
        record = rooms[0].lines
        assert all(r.wait_until(lambda r: r.lines == record, PATIENCE_S) for r in rooms)
        for home in (table, *table.far_homes):
            mine = home.record_lines()
            assert mine == record[: len(mine)]
        if game == "diabolo":  # every home's word on each row it might have doubled on
            said_by = {n.get("p") for r in rooms for notes in r.notes.values() for n in notes}
            doubled = {json.loads(line).get("p") for line in record if '"double"' in line}
            assert said_by == {0} and doubled == {1, 2}  # (the person's BACK said at once)
        # BACK and the table's undo take nothing back: the moves are the
        # room's (U at the window asks for a take-back instead:
        # tests/test_remote_take_back.py), and the game goes on
        before = list(table.journal.events)
        assert not table.undo()
        assert "BACK takes nothing back" in table.far_status("U")
        table.button_down("back")
        table.advance(150)
        table.button_up("back")
        table.advance(1_000)
        assert table.journal.events[: len(before)] == before
        words = games.part(game, "notation")
        people = [ev for ev in person.made if ev is not None and not words.is_deal(ev)]
        assert people and all(ev[1] == 0 for ev in people)
    finally:
        for room in rooms:
            room.close()


def _made(person: Person) -> int:
    return sum(1 for ev in person.made if ev is not None)
