"""U at the window against someone far away, over every game the registry
seats at several homes (sim.table.far_back): the person's seat played
with the mouse's hand, the other seats at homes of their own (the
computer plays them) through a room on a real amqtt broker on loopback.
U asks the room; every far window shows the ask as a page (who asks, how
many moves) and Y or N answers it. Agreed: every table takes the moves
back at its board (the table's hand), the records equal, the person to
move again, and the game goes on; a far home's window restarted from its
record after the take-back (its room told the era) cuts nothing again.
Refused: the asker's panel says so, and nothing changes. Each test waits
for the tables' and the rooms' state, never for a fixed time.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

import pygame
import pytest

from host_tools.remote.broker import Broker
from host_tools.remote.room import Room
from sim.commands import remote
from sim.table import undo
from sim.table.table import COMPUTER, HUMAN, REMOTE, Table
from sim.window.app import App
from tabletop.records.record import Record
from tests.table_support import LOW_FIRST, SEED, Person
from tests.test_remote_games import CODE, PATIENCE_S, SETTINGS
from tests.test_remote_window import HomeTable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

MOVES = 3  # the person's moves before U
MORE = 4  # ... and after the take-back
LIMIT_MS = 1_200_000  # the table's clock, at most, for each stretch


@pytest.fixture
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


class Game:
    """The person's table and window (seat 0) and the far homes' (seats 1..)."""

    def __init__(self, url: str, game: str, variant: str, n: int) -> None:
        self.url, self.game, self.variant, self.n = url, game, variant, n
        self.rooms = [self.room(me) for me in range(n)]
        self.table = HomeTable(game, variant, seed=SEED, players=self.kinds(0), level="greedy")
        self.table.link(self.rooms[0])
        self.table.far_homes = []
        for me in range(1, n):
            home = Table(game, variant, seed=SEED, players=self.kinds(me), level="greedy")
            home.link(self.rooms[me])
            self.table.far_homes.append(home)
        self.person = Person(self.table, seed=SEED, order=LOW_FIRST)
        self.app = App(self.table, offscreen=True)
        self.far_apps = [App(home, offscreen=True) for home in self.table.far_homes]

    def kinds(self, me: int) -> tuple[str, ...]:
        mine = HUMAN if me == 0 else COMPUTER
        return tuple(mine if p == me else REMOTE for p in range(self.n))

    def room(self, me: int, journal: list[str] | None = None, era: int = 0) -> Room:
        seats = [str(p) for p in range(self.n)]
        room = Room(self.url, CODE, str(me), seats=seats, journal=journal or [], era=era).start()
        assert room.wait_until(lambda r: r.synced, PATIENCE_S)
        return room

    @property
    def homes(self) -> list[Table]:
        return [self.table, *self.table.far_homes]

    def until(self, done: Callable[[], bool]) -> None:
        self.person.until(done, LIMIT_MS)

    def play(self, moves: int) -> None:
        """The person's ``moves`` more, then until the far replies are made
        and the person is to move again, every table idle."""
        made = len(self.person.made) + moves
        self.person.play_out(self.table.now + LIMIT_MS, lambda: len(self.person.made) >= made)
        self.until(self.to_move)

    def to_move(self) -> bool:
        table = self.table
        return table.active_seat() == 0 and not any(h.busy() for h in self.homes)

    def key(self, app: Any, key: int) -> None:
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=""))

    def ask(self) -> int:
        """U at the person's window: the record the room is to keep (lines)."""
        kept = self.kept()
        self.key(self.app, pygame.K_u)
        assert "waiting for the answer" in self.app.note, self.app.note
        self.pages(self.far_apps)
        return kept

    def kept(self) -> int:
        """The lines of the record a take-back asked now keeps (the header too)."""
        return len(self.table.journal) - undo.count(self.table) + 1

    def pages(self, apps: list[App]) -> None:
        """Once the person's ask is heard far away, each of ``apps`` (far
        windows) shows it as a page."""
        for app in apps:
            self.until(partial(_page, app))
            page = app.ask_page()
            assert page is not None and "asks to take back" in page[1], page
            back = app.table.far_back
            assert back is not None and (back.asked() or (-1,))[0] == 0  # (seat 0 asks)

    def records(self) -> list[str]:
        """Every room's record and every table's, once they are the same."""
        record = self.rooms[0].lines
        for room in self.rooms:
            assert room.wait_until(lambda r: r.lines == record, PATIENCE_S)
        self.until(lambda: all(h.record_lines() == record for h in self.homes))
        return list(record)

    def close(self) -> None:
        for room in self.rooms:
            room.close()


def _page(app: App) -> bool:
    return app.ask_page() is not None


@contextmanager
def asked(
    url: str, game: str, variant: str, n: int, moves: int = MOVES
) -> Iterator[tuple[Game, list[str], int]]:
    """A game ``moves`` of the person's moves in, and U pressed: the game,
    its record then, and the lines the room is asked to keep."""
    g = Game(url, game, variant, n)
    try:
        g.play(moves)
        before = g.records()
        yield g, before, g.ask()
    finally:
        g.close()


@pytest.mark.parametrize(("game", "variant", "n"), SETTINGS, ids=lambda v: str(v))
def test_a_take_back_agreed_far_away_is_taken_back_at_every_table_and_play_goes_on(
    broker: Broker, game: str, variant: str, n: int
) -> None:
    with asked(broker.url, game, variant, n) as (g, before, kept):
        for app in g.far_apps:
            g.key(app, pygame.K_y)
        g.until(lambda: all(r.cuts for r in g.rooms))  # (every room cut its record)
        after = g.records()  # (every table took it back at its board)
        g.until(lambda: not any(h.busy() or h.far.back_to is not None for h in g.homes))
        assert after == before[:kept] and len(after) < len(before)
        assert all(r.cuts == [kept - 1] and r.era == 1 for r in g.rooms)
        assert "Take-back agreed" in g.table.far_status("U")
        for home in g.homes:  # the table's hand put the pieces back
            assert home.part.in_place() and not home.faults and not home.hand.timeouts
        g.until(g.to_move)  # the person is to move again
        # the game goes on from there, a far home's window restarted meanwhile
        g.play(1)
        old = g.table.far_homes[0]
        g.rooms[1].close(cut=True)
        lines = old.record_lines()
        events = list(Record.read("\n".join(lines) + "\n").events)  # (its deals whole)
        again = Table(game, variant, seed=SEED, players=g.kinds(1), level="greedy", events=events)
        room = g.rooms[1] = remote.join(again, g.url, CODE, 1, journal=lines, era=g.rooms[0].era)
        assert room.wait_until(lambda r: r.synced, PATIENCE_S) and room.era == 1
        g.table.far_homes[0] = again
        g.play(MORE)
        record = g.rooms[0].lines  # (a home may still wait for the person: a prefix of it)
        assert all(r.wait_until(lambda r: r.lines == record, PATIENCE_S) for r in g.rooms)
        for home in g.homes:
            mine = home.record_lines()
            assert mine == record[: len(mine)] and len(mine) >= len(lines)
        assert record[: len(lines)] == lines and len(record) > len(after) + MORE
        kinds = []
        while not room.events.empty():
            kinds.append(room.events.get().kind)
        assert "back" not in kinds and "divergence" not in kinds, kinds  # (no second cut)
        assert all(r.cuts == [kept - 1] for r in g.rooms)
        for home in g.homes:
            assert not home.far.problem and not home.faults


@pytest.mark.parametrize(("game", "variant", "n"), SETTINGS, ids=lambda v: str(v))
def test_a_take_back_refused_far_away_changes_nothing(
    broker: Broker, game: str, variant: str, n: int
) -> None:
    with asked(broker.url, game, variant, n) as (g, before, _kept):
        g.key(g.far_apps[0], pygame.K_n)  # one no is enough
        g.until(lambda: "said no" in g.table.far_status("U"))
        g.until(lambda: all(app.ask_page() is None for app in g.far_apps))  # (the no heard)
        assert g.records() == before and all(r.cuts == [] for r in g.rooms)
        g.play(1)  # and the game goes on
        assert len(g.records()) > len(before)
