"""The host's end of the serial protocol (docs/PROTOCOL.md), over pyserial.

    link = Link.open("/dev/ttyACM0")
    reply = link.ask({"cmd": "hello"})     # the reply to that id (TimeoutError if none)
    lines = link.ask_lines({"cmd": "state"})   # a reply and the lines that follow it
    for obj in link.events(seconds=0.5):   # what the board says, as it comes
        ...

Lines that are not JSON objects are skipped: a board's REPL banner, and
the torn first line of a port opened mid-line (the tail of a line never
parses as an object: its closing brace is unmatched). A port opened on a
board that has been talking a while may also start at a whole line, which
counts. Events that arrive while waiting for a reply are kept and come
out of ``events()`` first. The host never sends byte 0x03.

The host keeps to the pace PROTOCOL.md asks of it: a command line of at
most ``LINE_BYTES``, at most ``COMMANDS_PER_S`` commands a second (``send``
waits out the gap), and ``ask`` waits for each reply before the next
command. A port on which nothing at all answers within ``NO_BOARD_S`` is
``NoBoard``: the error says what was tried and what to check.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import serial
from serial.tools import list_ports
from serial.tools.list_ports_common import ListPortInfo

BAUD = 115200  # (USB CDC ignores it; a UART bridge does not)
# USB vendors whose serial ports are boards running MicroPython: the Raspberry
# Pi Pico and Pico 2 (and other RP2040/RP2350 boards on Raspberry Pi's id),
# and the MicroPython project's own id, which other ports' USB devices use.
# (A board behind a UART bridge chip is not told apart from any other
# serial adapter: give its --port.)
BOARD_VENDORS = {0x2E8A: "Raspberry Pi", 0xF055: "MicroPython"}
LINE_BYTES = 256  # the longest command line a board takes (tabletop.link.inbox)
COMMANDS_PER_S = 10  # what a host sends at most (docs/PROTOCOL.md: half the board's 20 lines)
NO_BOARD_S = 3.0  # a port silent this long after a command has no board behind it
WRITE_S = 2.0  # a write the port does not take in this long: the board reads nothing
LONGEST_LINE = 65536  # bytes without a line break before they are thrown away
QUOTE = 60  # characters of a command or of what was heard an error quotes at most


class NoBoard(TimeoutError):
    """Nothing on the port answers as a board playing this firmware: the
    message says what was tried and what to check. (A TimeoutError, so
    every tool that handles a board that does not answer handles this.)"""


def only_board(ports: list[ListPortInfo] | None = None) -> str:
    """The port of the one board plugged in (``ports``: as
    ``serial.tools.list_ports.comports()`` lists them, the default); OSError
    saying what was found when that is none, or more than one."""
    listed: list[ListPortInfo] = list(list_ports.comports()) if ports is None else ports
    found = [p for p in listed if p.vid in BOARD_VENDORS]
    if len(found) == 1:
        return str(found[0].device)
    if not found:
        raise OSError("no board found on USB (a Pico, or a MicroPython board): give --port")
    named = ", ".join(f"{p.device} ({p.description})" for p in found)
    raise OSError(f"{len(found)} boards found ({named}): give --port")


def _strict(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def quote(data: bytes | str, most: int = QUOTE) -> str:
    """At most ``most`` characters of ``data`` for a message (``...`` where cut)."""
    text = data.decode(errors="replace") if isinstance(data, bytes) else data
    return repr(text[:most] + ("..." if len(text) > most else ""))


class Link:
    def __init__(self, port: Any) -> None:
        self.port = port
        self.path = str(getattr(port, "port", None) or port)  # (pyserial's: the device)
        self.buf = bytearray()
        self.pending: list[dict[str, Any]] = []  # events read while waiting for a reply
        self.next_id = 1
        self.heard = bytearray()  # the first bytes ever read (what answered, for a message)
        self.understood = False  # a JSON object came: a board speaks the protocol here
        self.sent_at: float | None = None  # when the last command went out

    @classmethod
    def open(cls, path: str, timeout: float = 0.05) -> Link:
        port = serial.Serial(path, BAUD, timeout=timeout, write_timeout=WRITE_S)
        link = cls(port)
        link._write(b"\n")  # ends whatever half line is on the board's side
        return link

    def close(self) -> None:
        self.port.close()

    def _write(self, data: bytes) -> None:
        try:
            self.port.write(data)
        except serial.SerialTimeoutException:
            raise NoBoard(
                f"the port {self.path} takes nothing: a write waited {WRITE_S:g} s "
                "(a board that reads nothing: reset it, or unplug it and plug it in again)"
            ) from None

    def send(self, cmd: dict[str, Any]) -> Any:
        """Send a command (an id is added if it has none); the id. It waits
        until the pace allows (``COMMANDS_PER_S``); a command longer than a
        board takes is a ValueError, nothing sent."""
        if "id" not in cmd:
            cmd = dict(cmd, id=self.next_id)
            self.next_id += 1
        data = json.dumps(cmd).encode() + b"\n"
        if 3 in data:
            raise ValueError("a command may not hold byte 0x03")
        if len(data) - 1 > LINE_BYTES:
            raise ValueError(
                f"a command is at most {LINE_BYTES} bytes (the board's line), "
                f"not {len(data) - 1}: {quote(data)}"
            )
        if self.sent_at is not None:
            wait = self.sent_at + 1.0 / COMMANDS_PER_S - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        self._write(data)
        self.sent_at = time.monotonic()
        return cmd["id"]

    def _read(self) -> None:
        data = self.port.read(4096)
        if data and len(self.heard) < 256:
            self.heard += data[: 256 - len(self.heard)]
        self.buf += data
        if len(self.buf) > LONGEST_LINE and b"\n" not in self.buf:
            self.buf = bytearray()  # (no board sends a line this long: noise on the port)

    def _lines(self, seconds: float) -> Iterator[dict[str, Any] | None]:
        # Each JSON object as it comes; None after a read that completed
        # none (a waiting caller looks at the clock then).
        end = time.monotonic() + seconds
        while True:
            while b"\n" in self.buf:
                raw, _, rest = bytes(self.buf).partition(b"\n")
                self.buf = bytearray(rest)
                try:
                    obj = json.loads(raw, parse_constant=_strict)
                except ValueError:
                    continue
                if isinstance(obj, dict):
                    self.understood = True
                    yield obj
            if time.monotonic() >= end:
                return
            yield None
            self._read()

    def events(self, seconds: float) -> Iterator[dict[str, Any]]:
        """What the board says during ``seconds``."""
        while self.pending:
            yield self.pending.pop(0)
        for obj in self._lines(seconds):
            if obj is not None:
                yield obj

    def ask(self, cmd: dict[str, Any], seconds: float = 5.0) -> dict[str, Any]:
        return self.ask_lines(cmd, seconds)[0]

    def ask_lines(self, cmd: dict[str, Any], seconds: float = 10.0) -> list[dict[str, Any]]:
        """The reply to ``cmd``, and the lines that follow it (``lines``).
        NoBoard when nothing on the port has answered at all within
        ``NO_BOARD_S``, or what answered never spoke the protocol."""
        rid = self.send(cmd)
        got: list[dict[str, Any]] = []
        start = time.monotonic()
        for obj in self._lines(seconds):
            if obj is None:
                if not self.heard and time.monotonic() - start >= NO_BOARD_S:
                    raise self._no_board(cmd, time.monotonic() - start)
                continue
            if obj.get("reply") == rid and obj.get("event") == "error":
                return [obj]  # the line itself was refused
            if obj.get("reply") == rid and ("ok" in obj or got):
                got.append(obj)
                if not obj.get("ok", True) or len(got) > got[0].get("lines", 0):
                    return got
            elif "event" in obj:
                self.pending.append(obj)
        if not self.understood:
            raise self._no_board(cmd, seconds)
        raise TimeoutError(
            f"no whole reply to {quote(json.dumps(cmd))} from {self.path} "
            f"within {seconds:g} s (got {len(got)} lines)"
        )

    def _no_board(self, cmd: dict[str, Any], waited: float) -> NoBoard:
        asked = f"sent a line break and {quote(json.dumps(cmd))}"
        if not self.heard:
            said = f"no board answers on {self.path}: {asked}, heard nothing in {waited:.0f} s"
        else:
            said = (
                f"no board answers on {self.path} as this firmware plays: {asked}, "
                f"heard only {quote(bytes(self.heard))} in {waited:.0f} s (a REPL, or "
                "other firmware?)"
            )
        return NoBoard(
            f"{said}. Check that this is the board's port (python -m serial.tools.list_ports "
            "-v lists them), that the board is plugged in and runs this firmware (python -m "
            "host_tools deploy puts it on), and that no other program (mpremote, a serial "
            "terminal, another monitor) has the port open"
        )
