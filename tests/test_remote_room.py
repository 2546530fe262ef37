"""The room layer of a remote seat (host_tools/remote) against a real amqtt
broker on loopback: two rooms agree on a record, and every fault the issue
names (a duplicate, a line out of order, a divergence, a third party, a
broker restart, a power cut) is met. Each test waits for the event it needs,
never for a fixed time."""

from __future__ import annotations

import json
import queue
from collections.abc import Callable, Iterator
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from host_tools.remote.broker import Broker
from host_tools.remote.room import Diverged, Event, Room
from host_tools.remote.signed import room_id, sign

TIMEOUT = 20.0  # generous: the box is busy; a passing test waits far less
CODE = "K7-FERN-42"
HEADER = json.dumps({"format": 1, "game": "pyraos", "variant": "standard"})
MOVES = [json.dumps({"p": i % 2, "place": sq}) for i, sq in enumerate(["b2", "c3", "a1", "d4"])]

Rooms = Callable[..., Room]


@pytest.fixture
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


@pytest.fixture
def rooms(broker: Broker) -> Iterator[Rooms]:
    made: list[Room] = []

    def make(seat: str, journal: list[str] | None = None, **kw: Any) -> Room:
        room = Room(kw.pop("url", broker.url), CODE, seat, journal=journal or [], **kw)
        made.append(room.start())
        return room

    yield make
    for room in made:
        room.close()


def synced(room: Room) -> Room:
    assert room.wait_until(lambda r: r.synced, TIMEOUT), "never synced"
    return room


def has(room: Room, lines: list[str]) -> None:
    assert room.wait_until(lambda r: len(r.lines) >= len(lines), TIMEOUT), room.lines
    assert room.lines == lines


def expect(room: Room, kind: str) -> Event:
    while True:
        event = room.events.get(timeout=TIMEOUT)
        if event.kind == kind:
            return event


class Raw:
    """A bare MQTT client in the room's topics: a seat's messages forged or
    replayed, and the retained records read."""

    def __init__(self, broker: Broker, **login: str) -> None:
        self.topic = f"tabletop/{room_id(CODE)}"
        self.got: queue.Queue[tuple[str, bytes]] = queue.Queue()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2)
        if login:
            self.client.username_pw_set(login["user"], login["password"])
        self.client.on_message = lambda _c, _u, m: self.got.put((m.topic, bytes(m.payload)))
        self.client.connect(broker.host, broker.port)
        self.client.loop_start()

    def line(self, seat: str, n: int, text: str, code: str = CODE) -> None:
        topic = f"{self.topic}/{seat}/line"
        self.client.publish(
            topic, sign(code, topic, {"n": n, "line": text}), qos=1
        ).wait_for_publish(TIMEOUT)

    def records(self, seats: int = 2) -> dict[str, list[str]]:
        """Each seat's retained record, as the broker holds it now."""
        self.client.subscribe(f"{self.topic}/+/record", qos=1)
        found: dict[str, list[str]] = {}
        while len(found) < seats:
            topic, payload = self.got.get(timeout=TIMEOUT)
            found[topic.split("/")[2]] = json.loads(payload)["lines"]
        self.client.unsubscribe(f"{self.topic}/+/record")
        return found

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def raw(broker: Broker) -> Iterator[Raw]:
    r = Raw(broker)
    yield r
    r.close()


def test_two_rooms_play_a_whole_record(rooms: Rooms, raw: Raw) -> None:
    a, b = synced(rooms("0")), synced(rooms("1"))
    a.append(HEADER)
    has(b, [HEADER])
    for i, move in enumerate(MOVES):
        mover, other = (a, b) if i % 2 == 0 else (b, a)
        assert mover.append(move) == i + 1
        has(other, [HEADER, *MOVES[: i + 1]])
    has(a, [HEADER, *MOVES])
    whole = [HEADER, *MOVES]
    assert a.wait_until(lambda r: raw.records() == {"0": whole, "1": whole}, TIMEOUT)


def test_a_duplicate_is_ignored_and_a_line_out_of_order_waits_its_turn(
    rooms: Rooms, raw: Raw
) -> None:
    a = synced(rooms("0", [HEADER]))
    raw.line("1", 2, MOVES[1])
    assert expect(a, "held")[:2] == ("held", 2)
    assert a.lines == [HEADER]
    raw.line("1", 1, MOVES[0])
    has(a, [HEADER, MOVES[0], MOVES[1]])
    raw.line("1", 1, MOVES[0])  # again, and again for line 2
    raw.line("1", 2, MOVES[1])
    raw.line("1", 3, MOVES[2])
    has(a, [HEADER, *MOVES[:3]])
    taken = []
    while not a.events.empty():
        event = a.events.get()
        if event.kind == "line":
            taken.append(event.n)
        assert event.kind != "divergence"
    assert taken == [1, 2, 3]  # each line once, in order


def test_a_divergence_is_named_and_refused(rooms: Rooms, raw: Raw) -> None:
    a = synced(rooms("0", [HEADER, MOVES[0]]))
    raw.line("1", 1, MOVES[1])
    event = expect(a, "divergence")
    assert a.divergence == (1, MOVES[0], MOVES[1], "1")
    assert "line 1" in event.detail and MOVES[0] in event.detail and MOVES[1] in event.detail
    raw.line("1", 2, MOVES[2])  # nothing is played on after it
    with pytest.raises(Diverged):
        a.append(MOVES[2])
    assert a.lines == [HEADER, MOVES[0]]


def test_two_rooms_whose_records_differ_both_refuse(rooms: Rooms) -> None:
    a = rooms("0", [HEADER, MOVES[0]])
    b = rooms("1", [HEADER, MOVES[1], MOVES[2]])
    for room in (a, b):
        expect(room, "divergence")
    assert a.divergence == (1, MOVES[0], MOVES[1], "1")
    assert b.divergence == (1, MOVES[1], MOVES[0], "0")
    assert a.lines == [HEADER, MOVES[0]]


def test_a_third_party_is_ignored_and_reported(rooms: Rooms, raw: Raw) -> None:
    a, b = synced(rooms("0")), synced(rooms("1"))
    a.append(HEADER)
    has(b, [HEADER])
    raw.line("1", 1, MOVES[0], code="GUESSED")  # without the room's code
    assert "wrong signature" in expect(a, "stranger").detail
    raw.client.publish(f"{raw.topic}/1/line", b'{"n": 1, "line": "x"}', qos=1)
    assert "not signed" in expect(a, "stranger").detail
    raw.line("7", 1, MOVES[0])  # a seat the room does not have
    assert "no seat" in expect(a, "stranger").detail
    # seat 0's own signed line replayed on seat 1's topic
    topic0 = f"{raw.topic}/0/line"
    forged = sign(CODE, topic0, {"n": 1, "line": MOVES[0]})
    raw.client.publish(f"{raw.topic}/1/line", forged, qos=1)
    assert "wrong signature" in expect(a, "stranger").detail
    b.append(MOVES[0])
    has(a, [HEADER, MOVES[0]])
    assert a.divergence is None


def test_only_the_seats_users_may_publish_with_acls() -> None:
    users = {"ann": "pw-ann", "bo": "pw-bo", "eve": "pw-eve"}
    topic = f"tabletop/{room_id(CODE)}"
    acl = {"ann": [f"{topic}/0/#"], "bo": [f"{topic}/1/#"], "eve": []}
    with Broker(users=users, publish_acl=acl) as broker:
        url = broker.url.replace("mqtt://", "mqtt://ann:pw-ann@")
        a = synced(Room(url, CODE, "0", journal=[HEADER]).start())
        b = synced(Room(broker.url, CODE, "1", username="bo", password="pw-bo").start())
        eve = Raw(broker, user="eve", password="pw-eve")  # she even knows the code
        try:
            has(b, [HEADER])
            eve.line("1", 1, MOVES[3])
            b.append(MOVES[0])
            has(a, [HEADER, MOVES[0]])
            assert a.divergence is None
        finally:
            for room in (a, b):
                room.close()
            eve.close()


def test_the_broker_restarts_mid_game_and_both_resync(
    broker: Broker, rooms: Rooms, raw: Raw
) -> None:
    a, b = synced(rooms("0")), synced(rooms("1"))
    a.append(HEADER)
    a.append(MOVES[0])
    has(b, [HEADER, MOVES[0]])
    broker.restart()  # every client dropped, nothing retained
    expect(a, "lost")
    b.append(MOVES[1])  # played while the link is down
    synced(a), synced(b)
    has(a, [HEADER, *MOVES[:2]])
    a.append(MOVES[2])
    has(b, [HEADER, *MOVES[:3]])
    whole = [HEADER, *MOVES[:3]]
    assert a.wait_until(lambda r: raw.records() == {"0": whole, "1": whole}, TIMEOUT)


def test_a_power_cut_agrees_again_with_the_retained_record(rooms: Rooms, raw: Raw) -> None:
    a, b = synced(rooms("0")), synced(rooms("1"))
    played = [HEADER, *MOVES[:3]]
    for i, line in enumerate(played):
        mover, other = (a, b) if i % 2 == 0 else (b, a)
        mover.append(line)
        has(other, played[: i + 1])
    has(a, played)
    a.close(cut=True)
    # its journal lost the last line it took: the retained records give it back
    a2 = synced(rooms("0", [HEADER, *MOVES[:2]]))
    has(a2, [HEADER, *MOVES[:3]])
    assert expect(a2, "line")[:2] == ("line", 3)
    a2.append(MOVES[3])
    has(b, [HEADER, *MOVES])
    a2.close(cut=True)
    # a line journalled but never published (the power cut between the two)
    a3 = rooms("0", [HEADER, *MOVES, MOVES[0]])
    has(b, [HEADER, *MOVES, MOVES[0]])
    whole = [HEADER, *MOVES, MOVES[0]]
    assert synced(a3).wait_until(lambda r: raw.records() == {"0": whole, "1": whole}, TIMEOUT)


def test_another_rooms_records_on_the_broker_are_not_this_rooms(broker: Broker) -> None:
    # amqtt 0.12.1 sends a new subscriber retained records that its
    # wildcard does not match: another room's must not count here, not
    # even as a stranger's
    other = Room(broker.url, "ANOTHER-ROOM", "0", journal=[HEADER, MOVES[0]]).start()
    mine = Room(broker.url, CODE, "0", journal=[HEADER]).start()
    try:
        synced(other)
        synced(mine)
        mine.append(MOVES[0])
        later = Room(broker.url, CODE, "1", journal=[]).start()
        synced(later)
        has(later, [HEADER, MOVES[0]])
        seen = []
        while not later.events.empty():
            seen.append(later.events.get().kind)
        assert "stranger" not in seen, seen
        later.close()
    finally:
        mine.close()
        other.close()
