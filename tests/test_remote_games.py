"""Games between simulators far apart: each home is a live table
(sim.table.table) with one seat of its own, the others played far away
through a room on a real amqtt broker on loopback (host_tools.remote.far,
host_tools.remote.room). A whole game of every game the registry seats
at several homes (Diabolo at three; Pacal's match to its second deal):
the homes' records and the room's are one and the same at the end, with
a broker restart, duplicated and replayed lines and a stranger's
messages in the room on the way; homes whose deals differ are stopped
there. Each test waits for the event it needs (the room's lines, the
board's acceptance), never for a fixed time.

Here a home's own seat is played by the computer (the greedy level) so
that nobody has to sit at the windows; a person's seat is the window's
business (tests/test_remote_window.py, over every game). ``make remote``
(tests/bench/remote_games.py) plays every variant, Diabolo at 3, 4 and 5.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from host_tools.remote.broker import Broker
from host_tools.remote.room import Room
from host_tools.remote.signed import room_id, sign
from sim.table.table import COMPUTER, REMOTE, Table
from tabletop import games

CODE = "OAK-7-MAPLE"
STEP_MS = 100  # virtual time each home plays between looks at the room
PATIENCE_S = 120.0  # wall time a game may stand still before the test gives up (a busy box)


def _settings() -> Iterator[tuple[str, str, int]]:
    """(game, variant, homes): each game's first variant that seats several,
    at the fewest homes it seats (Diabolo's five: ``make remote``)."""
    for game in games.NAMES:
        rules = games.part(game, "rules")
        several = [v for v in games.variants(game) if rules.seats(v)[1] > 1]
        if several:
            yield game, several[0], max(2, rules.seats(several[0])[0])


SETTINGS = list(_settings())


class Homes:
    """The tables of one game, one seat each, linked through one room."""

    def __init__(
        self, url: str, game: str, variant: str, n: int, seeds: tuple[int, ...] = (7,)
    ) -> None:
        self.tables: list[Table] = []
        self.rooms: list[Room] = []
        for me in range(n):
            players = tuple(COMPUTER if p == me else REMOTE for p in range(n))
            seed = seeds[me % len(seeds)]
            table = Table(game, variant, seed=seed, players=players, level="greedy")
            room = Room(url, CODE, str(me), seats=[str(p) for p in range(n)]).start()
            table.link(room)
            self.tables.append(table)
            self.rooms.append(room)
        for room in self.rooms:
            assert room.wait_until(lambda r: r.synced, PATIENCE_S), "a home never met the room"

    def play(
        self, done: Callable[[Homes], bool], on_line: Callable[[int], None] = lambda n: None
    ) -> None:
        """Every home plays on until ``done``; ``on_line(n)`` once the room has n lines."""
        told = 0
        last, since = -1, time.monotonic()
        while not done(self):
            for table in self.tables:
                table.advance(STEP_MS)
                assert not table.far.problem, table.far.problem
                assert not table.faults, table.faults
            n = min(len(r.lines) for r in self.rooms)
            while told < n:
                told += 1
                on_line(told)
            if n != last:
                last, since = n, time.monotonic()
            assert time.monotonic() - since < PATIENCE_S, self.where()
            time.sleep(0)  # (the rooms' threads take the broker's messages)

    def where(self) -> str:
        return "stands still: " + repr(
            [
                (len(t.journal), len(r.lines), t.far.waiting)
                for t, r in zip(self.tables, self.rooms, strict=True)
            ]
        )

    def agree(self) -> list[str]:
        """Every room's record and every home's: one and the same once the
        game is over; before, each home's a prefix of the room's (the lines
        on their way to its board still to make), every room's the same."""
        for room in self.rooms:  # (the last line reaches every room)
            room.wait_until(lambda r: len(r.lines) >= len(self.rooms[0].lines), PATIENCE_S)
        record = self.rooms[0].lines
        for room, table in zip(self.rooms, self.tables, strict=True):
            assert room.lines == record
            mine = table.record_lines()
            assert mine == record if over(self) else mine == record[: len(mine)]
        return record

    def close(self) -> None:
        for room in self.rooms:
            room.close()


@pytest.fixture
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


def over(homes: Homes) -> bool:
    return all(t.truth.is_over() for t in homes.tables)


def _deals(table: Table) -> int:
    words = games.part(table.game_name, "notation")
    return sum(1 for ev in table.journal.events if words.is_deal(ev))


class Stranger:
    """Someone else on the broker: without the room's code, and with an old line of it."""

    def __init__(self, url: str) -> None:
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="stranger")
        host, port = url.removeprefix("mqtt://").split(":")
        self.client.connect(host, int(port))
        self.client.loop_start()

    def publish(self, topic: str, payload: bytes) -> None:
        self.client.publish(topic, payload, qos=1).wait_for_publish(PATIENCE_S)

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


def _faults(broker: Broker, homes: Homes, stranger: Stranger) -> Callable[[int], None]:
    """What befalls the room as its lines come: a stranger's lines, one
    line replayed (and so out of its order), the broker restarted."""
    topic = f"tabletop/{room_id(CODE)}"

    def on_line(n: int) -> None:
        lines = homes.rooms[0].lines
        if n == 3:  # not signed, signed without the code, a seat the room lacks
            bad = json.dumps({"n": 3, "line": '{"p": 0}'}).encode()
            stranger.publish(f"{topic}/1/line", bad)
            stranger.publish(
                f"{topic}/1/line", sign("GUESS", f"{topic}/1/line", {"n": 3, "line": "x"})
            )
            stranger.publish(f"{topic}/9/line", bad)
        elif n == 6:  # an old line again, signed as it was: a duplicate, out of its order
            line = f"{topic}/0/line"
            stranger.publish(line, sign(CODE, line, {"n": 2, "line": lines[2]}))
            stranger.publish(line, sign(CODE, line, {"n": 1, "line": lines[1]}))
        elif n == 9:  # the broker goes down and comes back empty: the homes resync
            broker.restart()

    return on_line


@pytest.mark.parametrize(("game", "variant", "n"), SETTINGS, ids=lambda v: str(v))
def test_homes_play_a_whole_game_through_the_room_as_faults_befall_it(
    broker: Broker, game: str, variant: str, n: int
) -> None:
    homes = Homes(broker.url, game, variant, n)
    stranger = Stranger(broker.url)
    try:
        # (a Pacal match is make remote's: here its first round, into the next deal)
        done = over if game != "pacal" else lambda h: over(h) or min(map(_deals, h.tables)) >= 2
        homes.play(done, _faults(broker, homes, stranger))
        record = homes.agree()
        assert game == "pacal" or all(t.truth.is_over() for t in homes.tables)
        assert json.loads(record[0])["game"] == game and len(record) > 20
        seats = {json.loads(line).get("p") for line in record[1:]} - {None}
        assert seats == set(range(n))  # every home played its part
        seen = [e for room in homes.rooms for e in _drain(room) if e.kind == "stranger"]
        assert len(seen) >= 3  # the stranger's messages were each refused
    finally:
        stranger.close()
        homes.close()


def _drain(room: Room) -> list[Any]:
    out = []
    while not room.events.empty():
        out.append(room.events.get())
    return out


def test_homes_that_deal_apart_are_stopped_at_the_deal_and_play_nothing_on(
    broker: Broker,
) -> None:
    # Pacal's deals come from the seed: two homes on seeds of their own deal
    # two games. The deal that differs is named and refused, and no move
    # of the game goes into the room after it.
    homes = Homes(broker.url, "pacal", "duel", 2, seeds=(7, 8))
    try:
        with pytest.raises(AssertionError, match="deal"):
            homes.play(lambda h: False)  # (until a home finds the problem)
        for table in homes.tables:
            table.advance(5_000)  # the far seat's moves never come now
        for room in homes.rooms:
            assert len(room.lines) <= 2, room.lines  # the header and a deal
        said = [t.far_status("U") for t in homes.tables]
        assert any("line 1" in s and "deal" in s for s in said), said
    finally:
        homes.close()
