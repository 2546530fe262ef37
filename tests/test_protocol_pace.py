"""What docs/PROTOCOL.md ("What a host may send") promises, measured on the
virtual device (the firmware over the virtual board, on the virtual clock),
on the board of every game in the registry: a host at the pace the host's
link keeps (host_tools.board.link.COMMANDS_PER_S, each line at most
LINE_BYTES) gets every reply and loses no line even with ``raw`` streaming;
a 100 KB line costs the board the time it takes to read it (64 bytes a
tick), holds back what comes after it that long, and changes nothing."""

from __future__ import annotations

import json

import pytest

from host_tools.board.link import COMMANDS_PER_S, LINE_BYTES
from sim.device.virtual_device import VirtualDevice
from tabletop import games
from tabletop.host import RAW_MS
from tabletop.link.inbox import Inbox

every_game = pytest.mark.parametrize("game", games.NAMES)
READ_BYTES = 64  # what the board reads a tick (hal.platform.MAX_READ)
LONG = 100_000  # the long line of PROTOCOL.md


def booted(game: str) -> VirtualDevice:
    dev = VirtualDevice(game, seed=3)
    dev.power_on()
    dev.start_game()
    dev.advance(2000)  # (the boot's lines out)
    return dev


def said(dev: VirtualDevice, since: int) -> list[tuple[int, dict[str, object]]]:
    return [(at, json.loads(line)) for at, line in dev.link.arrivals[since:]]


@every_game
def test_a_host_at_the_pace_gets_every_reply_and_loses_nothing(game: str) -> None:
    dev = booted(game)
    journaled = dev.runtime.journal.lines()
    dev.link.send(json.dumps({"cmd": "raw", "id": 0, "on": True}))
    dev.advance(200)
    since = len(dev.link.arrivals)
    gap = 1000 // COMMANDS_PER_S
    count = 10 * COMMANDS_PER_S  # ten seconds of it: without waiting for a reply
    for i in range(1, count + 1):
        cmd = {"cmd": "hello", "id": i, "pad": "x" * 150}
        line = json.dumps(cmd)
        assert len(line) <= LINE_BYTES
        dev.link.send(line)
        dev.advance(gap)
    dev.advance(2000)
    out = said(dev, since)
    replies = [o["reply"] for _, o in out if "reply" in o]
    assert replies == list(range(1, count + 1))
    assert not [o for _, o in out if o.get("event") in ("dropped", "error")]
    raw = [at for at, o in out if o.get("event") == "raw"]
    assert len(raw) >= (count * gap) // RAW_MS - 2  # (the raw stream kept up as well)
    assert dev.runtime.journal.lines() == journaled


@every_game
def test_a_100_kb_line_costs_its_reading_time_and_changes_nothing(game: str) -> None:
    dev = booted(game)
    rt = dev.runtime
    journaled = rt.journal.lines()
    ticks = rt.ticks
    since = len(dev.link.arrivals)
    start = dev.clock
    line = b'{"cmd": "hello", "pad": "' + b"x" * LONG + b'"}\n'
    dev.link.send(line + b'{"cmd": "hello", "id": 1}\n')
    while not [o for _, o in said(dev, since) if o.get("reply") == 1]:
        assert dev.clock - start < 60_000, "no hello after the long line"
        dev.advance(100)
    out = said(dev, since)
    ((error_at, error),) = [(at, o) for at, o in out if o.get("event") == "error"]
    assert error["message"] == f"line longer than {Inbox(()).size} bytes"
    reading = len(line) / READ_BYTES * dev.tick_ms  # ms: 7.8 s at a 5 ms tick
    assert reading * 0.95 <= error_at - start <= reading * 1.05 + 200
    (hello_at,) = [at for at, o in out if o.get("reply") == 1]
    assert hello_at - error_at < 500  # (the hello, held back behind it, then at once)
    assert rt.ticks - ticks >= reading / dev.tick_ms * 0.95  # the game played on meanwhile
    assert dev.device is not None and dev.device.failures == 0 and dev.runtime is rt
    assert rt.journal.lines() == journaled


def test_a_host_twice_as_fast_loses_lines() -> None:
    # Why the pace is what it is: twice as many commands, not waiting for
    # their replies, and the board's 20 lines a second fall behind; the
    # outbox fills and the oldest lines are dropped (and counted).
    dev = booted("pyraos")
    dev.link.send(json.dumps({"cmd": "raw", "id": 0, "on": True}))
    dev.advance(200)
    since = len(dev.link.arrivals)
    gap = 1000 // (2 * COMMANDS_PER_S)
    for i in range(1, 20 * COMMANDS_PER_S + 1):
        dev.link.send(json.dumps({"cmd": "hello", "id": i, "pad": "x" * 150}))
        dev.advance(gap)
    dev.advance(2000)
    dropped = [o for _, o in said(dev, since) if o.get("event") == "dropped"]
    assert dropped and sum(int(str(o["lines"])) for o in dropped) > 50
