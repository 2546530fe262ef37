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


class Link:
    def __init__(self, port: Any) -> None:
        self.port = port
        self.buf = bytearray()
        self.pending: list[dict[str, Any]] = []  # events read while waiting for a reply
        self.next_id = 1

    @classmethod
    def open(cls, path: str, timeout: float = 0.05) -> Link:
        port = serial.Serial(path, BAUD, timeout=timeout)
        port.write(b"\n")  # ends whatever half line is on the board's side
        return cls(port)

    def close(self) -> None:
        self.port.close()

    def send(self, cmd: dict[str, Any]) -> Any:
        """Send a command (an id is added if it has none); the id."""
        if "id" not in cmd:
            cmd = dict(cmd, id=self.next_id)
            self.next_id += 1
        data = json.dumps(cmd).encode() + b"\n"
        if 3 in data:
            raise ValueError("a command may not hold byte 0x03")
        self.port.write(data)
        return cmd["id"]

    def _lines(self, seconds: float) -> Iterator[dict[str, Any]]:
        end = time.monotonic() + seconds
        while True:
            while b"\n" in self.buf:
                raw, _, rest = bytes(self.buf).partition(b"\n")
                self.buf = bytearray(rest)
                try:
                    obj = json.loads(raw)
                except ValueError:
                    continue
                if isinstance(obj, dict):
                    yield obj
            if time.monotonic() >= end:
                return
            self.buf += self.port.read(4096)

    def events(self, seconds: float) -> Iterator[dict[str, Any]]:
        """What the board says during ``seconds``."""
        while self.pending:
            yield self.pending.pop(0)
        yield from self._lines(seconds)

    def ask(self, cmd: dict[str, Any], seconds: float = 5.0) -> dict[str, Any]:
        return self.ask_lines(cmd, seconds)[0]

    def ask_lines(self, cmd: dict[str, Any], seconds: float = 10.0) -> list[dict[str, Any]]:
        """The reply to ``cmd``, and the lines that follow it (``lines``)."""
        rid = self.send(cmd)
        got: list[dict[str, Any]] = []
        end = time.monotonic() + seconds
        for obj in self._lines(seconds):
            if obj.get("reply") == rid and obj.get("event") == "error":
                return [obj]  # the line itself was refused
            if obj.get("reply") == rid and ("ok" in obj or got):
                got.append(obj)
                if not obj.get("ok", True) or len(got) > got[0].get("lines", 0):
                    return got
            elif "event" in obj:
                self.pending.append(obj)
            if time.monotonic() > end:
                break
        raise TimeoutError(f"no whole reply to {cmd} within {seconds} s (got {len(got)} lines)")
