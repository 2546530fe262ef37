"""A take-back agreed between the seats of a room (host_tools.remote.room)
against a real amqtt broker on loopback: asked, answered yes or no, the
record cut at every seat and the game going on from the cut; a seat away
at the time (a power cut, an old journal) coming back to the cut record;
old lines that turn up after a cut void, a newer era's record heard
before its notes taken once they are, a real divergence after a cut still
refused; three seats, where every other must say yes; two asks at once,
both refused; asks and answers that cannot be. Each test waits for the event it needs, never for a
fixed time."""

from __future__ import annotations

import json
from typing import Any

import pytest

from host_tools.remote.broker import Broker
from host_tools.remote.room import (
    Ask,
    AskOpen,
    BackOutOfRecord,
    Diverged,
    NothingAsked,
    Room,
    TakeBackError,
)
from host_tools.remote.signed import sign
from tests.test_remote_room import (
    CODE,
    HEADER,
    MOVES,
    TIMEOUT,
    Raw,
    Rooms,
    broker,
    expect,
    has,
    raw,
    rooms,
    synced,
)

FIXTURES = (broker, raw, rooms)  # (pytest finds them here)
PLAYED = [HEADER, *MOVES]  # lines 0 to 4
AFTER = [json.dumps({"p": 0, "place": sq}) for sq in ("c1", "a4")]  # played after a cut
THREE = ("0", "1", "2")


def forge(raw: Raw, seat: str, kind: str, body: dict[str, Any], retain: bool = False) -> None:
    """``body`` published, signed, as ``seat``'s ``kind`` message."""
    topic = f"{raw.topic}/{seat}/{kind}"
    published = raw.client.publish(topic, sign(CODE, topic, body), qos=1, retain=retain)
    published.wait_for_publish(TIMEOUT)


def play(seats: list[Room], lines: list[str]) -> None:
    """``lines`` appended in turn by each room, every room having each."""
    for i, line in enumerate(lines):
        seats[i % len(seats)].append(line)
        for room in seats:
            has(room, lines[: i + 1])


def agreed_back_to_2(rooms: Rooms) -> tuple[Room, Room]:
    """Two seats with PLAYED, taken back to line 2 at seat 1's ask."""
    a, b = synced(rooms("0")), synced(rooms("1"))
    play([a, b], PLAYED)
    assert b.ask_back(2) == Ask("1", 2, 0, 0)
    assert expect(a, "ask")[:4] == ("ask", 2, "", "1")
    assert a.asked == b.asked == Ask("1", 2, 0, 0)
    a.answer_back(True)
    for room in (a, b):
        assert expect(room, "back")[:4] == ("back", 2, "", "1")
        has(room, PLAYED[:3])
        assert room.era == 1 and room.asked is None
    return a, b


def test_a_take_back_agreed_and_the_game_going_on_from_the_cut(rooms: Rooms, raw: Raw) -> None:
    a, b = agreed_back_to_2(rooms)
    a.append(AFTER[0])  # line 3 again, another move: no divergence
    has(b, [*PLAYED[:3], AFTER[0]])
    b.append(AFTER[1])
    whole = [*PLAYED[:3], *AFTER]
    has(a, whole)
    assert a.divergence is None and b.divergence is None
    # the retained records were published again, shorter, then grew from the cut
    assert a.wait_until(lambda r: raw.records() == {"0": whole, "1": whole}, TIMEOUT)


def test_a_take_back_refused_changes_nothing(rooms: Rooms) -> None:
    a, b = synced(rooms("0")), synced(rooms("1"))
    play([a, b], PLAYED)
    a.ask_back(1)
    expect(b, "ask")
    assert b.answer_back(False) == Ask("0", 1, 0, 0)
    for room in (a, b):
        event = expect(room, "refused")
        assert event[:4] == ("refused", 1, "", "1") and "said no" in event.detail
        assert room.lines == PLAYED and room.era == 0 and room.asked is None
    b.append(AFTER[0])  # the game goes on after the last line
    has(a, [*PLAYED, AFTER[0]])


@pytest.mark.parametrize("away", ["asker", "answerer"])
def test_a_seat_away_at_the_take_back_comes_back_to_the_cut_record(
    rooms: Rooms, raw: Raw, away: str
) -> None:
    a, b = synced(rooms("0")), synced(rooms("1"))
    play([a, b], PLAYED)
    a.ask_back(2)
    expect(b, "ask")
    if away == "asker":
        a.close(cut=True)  # its power cut as soon as it asked
        b.answer_back(True)
        expect(b, "back")
        here, gone = b, "0"
    else:
        b.answer_back(True)
        expect(a, "back")  # (its yes went out: its power cut before its journal was cut)
        b.close(cut=True)
        here, gone = a, "1"
    here.append(AFTER[0])
    whole = [*PLAYED[:3], AFTER[0]]
    # back with its old journal: it cuts it, takes the line after the cut
    back = synced(rooms(gone, PLAYED))
    assert expect(back, "back")[:2] == ("back", 2)
    has(back, whole)
    assert back.era == 1 and back.divergence is None and back.asked is None
    assert back.wait_until(lambda r: raw.records() == {"0": whole, "1": whole}, TIMEOUT)
    back.close(cut=True)
    # back with a journal written after the cut (era 1): nothing is cut again
    again = synced(rooms(gone, whole, era=1))
    again.append(AFTER[1])
    has(here, [*whole, AFTER[1]])
    kinds = []
    while not again.events.empty():
        kinds.append(again.events.get().kind)
    assert "back" not in kinds and "divergence" not in kinds, kinds


def test_old_lines_after_the_cut_are_void_not_a_divergence(rooms: Rooms, raw: Raw) -> None:
    a, b = agreed_back_to_2(rooms)
    a.append(AFTER[0])
    has(b, [*PLAYED[:3], AFTER[0]])
    # seat 1's lines and record from before the cut, late or duplicated
    forge(raw, "1", "line", {"n": 3, "line": PLAYED[3]})  # (no era: 0, as before take-backs)
    forge(raw, "1", "line", {"n": 4, "line": PLAYED[4], "era": 0})
    forge(raw, "1", "record", {"lines": PLAYED, "era": 0})
    forge(raw, "1", "line", {"n": 4, "line": AFTER[1], "era": 1})  # (after them on one topic)
    whole = [*PLAYED[:3], *AFTER]
    for room in (a, b):
        has(room, whole)
        assert room.divergence is None


def test_a_newer_eras_record_before_the_notes_is_taken_once_they_are_read(
    rooms: Rooms, raw: Raw
) -> None:
    a = synced(rooms("0", PLAYED))
    # seat 1's record after a take-back to line 2 this room has not heard of
    forge(raw, "1", "record", {"lines": [*PLAYED[:3], AFTER[0]], "era": 1}, retain=True)
    forge(raw, "1", "notes", {"notes": [{"back": 2, "era": 0, "ask": 0}]})
    expect(a, "ask")
    assert a.lines == PLAYED  # (the record was passed over)
    a.answer_back(True)
    has(a, [*PLAYED[:3], AFTER[0]])  # (the records asked for again)
    assert a.era == 1 and a.divergence is None


@pytest.mark.parametrize(
    "n, era",
    [(3, 1), (2, 0)],
    ids=["a line after the cut", "an old era's line within the lines kept"],
)
def test_a_real_divergence_after_the_cut_is_still_refused(
    rooms: Rooms, raw: Raw, n: int, era: int
) -> None:
    a, b = agreed_back_to_2(rooms)
    a.append(AFTER[0])
    has(b, [*PLAYED[:3], AFTER[0]])
    forge(raw, "1", "line", {"n": n, "line": AFTER[1], "era": era})
    for room in (a, b):
        expect(room, "divergence")
        assert room.divergence == (n, room.lines[n], AFTER[1], "1")
    assert a.lines == [*PLAYED[:3], AFTER[0]]
    with pytest.raises(Diverged):  # (a diverged room asks nothing either)
        a.ask_back(1)


def test_three_seats_every_other_must_say_yes(rooms: Rooms) -> None:
    a, b, c = (synced(rooms(s, seats=THREE)) for s in THREE)
    play([a, b, c], PLAYED)
    a.ask_back(3)
    expect(b, "ask"), expect(c, "ask")
    b.answer_back(True)
    with pytest.raises(NothingAsked, match="answered already"):
        b.answer_back(False)
    with pytest.raises(AskOpen):
        b.ask_back(1)
    assert a.wait_until(lambda r: r.notes["1"] != [], TIMEOUT)
    assert a.asked is not None and a.lines == PLAYED  # seat 2 has not answered
    c.answer_back(True)
    for room in (a, b, c):
        assert expect(room, "back")[:2] == ("back", 3)
        has(room, PLAYED[:4])
    # the next ask, in era 1: one no is enough
    c.ask_back(1)
    expect(a, "ask"), expect(b, "ask")
    assert a.asked == Ask("2", 1, 1, 0)
    a.answer_back(True)
    b.answer_back(False)
    for room in (a, b, c):
        assert expect(room, "refused")[:4] == ("refused", 1, "", "1")
        assert room.lines == PLAYED[:4] and room.era == 1


def test_two_asks_at_once_are_both_refused(rooms: Rooms, raw: Raw) -> None:
    a = synced(rooms("0", PLAYED))
    a.ask_back(2)
    # seat 1 asked too before it heard seat 0's ask: seat 0 says no to it
    forge(raw, "1", "notes", {"notes": [{"back": 1, "era": 0, "ask": 0}]})
    event = expect(a, "refused")
    assert event[:4] == ("refused", 1, "", "0")
    assert a.notes["0"][-1] == {"ask": 0, "to": "1", "yes": False}
    assert a.asked == Ask("0", 2, 0, 0) and a.lines == PLAYED


def test_asks_and_answers_that_cannot_be_are_refused(broker: Broker, rooms: Rooms) -> None:
    with pytest.raises(TakeBackError, match="not synced"):
        Room(broker.url, CODE, "0", journal=PLAYED).ask_back(1)  # (never started)
    a, b = synced(rooms("0")), synced(rooms("1"))
    with pytest.raises(BackOutOfRecord, match="nothing after"):
        a.ask_back(0)  # (no header yet)
    play([a, b], PLAYED[:3])
    for n in (-1, 2, 7):
        with pytest.raises(BackOutOfRecord, match=f"line {n}"):
            a.ask_back(n)
    with pytest.raises(NothingAsked):
        a.answer_back(True)
    assert a.notes["0"] == [] and a.asked is None  # nothing said
    a.ask_back(0)
    with pytest.raises(AskOpen, match="seat 0's take-back to line 0"):
        a.ask_back(1)
    with pytest.raises(NothingAsked, match="own"):
        a.answer_back(True)
    assert len(a.notes["0"]) == 1 and a.lines == PLAYED[:3]
