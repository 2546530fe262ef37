"""What the firmware read, tick by tick, and a hal that gives it back.

    hal = VirtualHal(physics, profile)       # (sim.hardware.virtual_hal): every reading in hal.log
    obj = hal.log.to_json()                  # for a file, or a MicroPython replay
    log = SensorLog.from_json(obj)           # (ValueError if it is not a sensor log)
    replay = ReplayHal(log, profile)         # the same readings again (profile: names lights)
    replay.tick_times()                      # the logged ticks' times, to tick the firmware at
    replay.remaining()                       # readings not asked for yet

A ``SensorLog`` holds every value a hal gave, grouped per tick (one value of
``now_ms``): ``LogTick``s of digital, analog and button readings. A
``ReplayHal`` returns them per kind in order, with ``now_ms`` set to the tick
each was read in, and raises ``ReplayExhausted`` past the end; it keeps the
frames the firmware sends (``transmitted``) and, given the profile, names
their lights (``light(name)``). On MicroPython, tests/mp/replay_board.py
replays ``to_json()`` the same way.
"""

from __future__ import annotations

import sys
from array import array
from typing import Any

from sim.hardware.lights import Lights

LOG_FORMAT = "tabletop.sensor-log"
LOG_VERSION = 1


def _u16_bytes(values: array[int]) -> bytes:
    # Little-endian, whatever the host: the form the log stores and replays.
    a = array("H", values)
    if sys.byteorder != "little":
        a.byteswap()
    return a.tobytes()


def _u16_values(data: bytes) -> array[int]:
    a = array("H")
    a.frombytes(data)
    if sys.byteorder != "little":
        a.byteswap()
    return a


class LogTick:
    """What the hal returned during one tick (one value of ``now_ms``)."""

    def __init__(self, t: int) -> None:
        self.t = t
        self.digital: list[bytes] = []
        self.analog: list[bytes] = []  # little-endian uint16 per channel
        self.buttons: list[int] = []


class SensorLog:
    """Every value a hal gave the firmware, in order, grouped by tick."""

    def __init__(self, registers: int, analog_channels: int) -> None:
        self.registers = registers
        self.analog_channels = analog_channels
        self.ticks: list[LogTick] = []

    def _tick(self, t: int) -> LogTick:
        if not self.ticks or self.ticks[-1].t != t:
            self.ticks.append(LogTick(t))
        return self.ticks[-1]

    def add_digital(self, t: int, buf: bytearray) -> None:
        self._tick(t).digital.append(bytes(buf))

    def add_analog(self, t: int, buf: array[int]) -> None:
        self._tick(t).analog.append(_u16_bytes(buf))

    def add_buttons(self, t: int, value: int) -> None:
        self._tick(t).buttons.append(value)

    def to_json(self) -> dict[str, Any]:
        """A JSON-serialisable form: hex strings (analog: little-endian
        uint16 per channel), so a MicroPython replay needs only
        ``binascii.unhexlify``."""
        ticks = []
        for tick in self.ticks:
            obj: dict[str, Any] = {"t": tick.t}
            if tick.digital:
                obj["d"] = [b.hex() for b in tick.digital]
            if tick.analog:
                obj["a"] = [b.hex() for b in tick.analog]
            if tick.buttons:
                obj["b"] = list(tick.buttons)
            ticks.append(obj)
        return {
            "format": LOG_FORMAT,
            "version": LOG_VERSION,
            "registers": self.registers,
            "analog_channels": self.analog_channels,
            "ticks": ticks,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> SensorLog:
        if obj.get("format") != LOG_FORMAT or obj.get("version") != LOG_VERSION:
            raise ValueError(f"not a {LOG_FORMAT} version {LOG_VERSION}")
        log = cls(int(obj["registers"]), int(obj["analog_channels"]))
        for t in obj["ticks"]:
            tick = LogTick(int(t["t"]))
            tick.digital = [bytes.fromhex(h) for h in t.get("d", [])]
            tick.analog = [bytes.fromhex(h) for h in t.get("a", [])]
            tick.buttons = [int(b) for b in t.get("b", [])]
            log.ticks.append(tick)
        return log


class ReplayExhausted(IndexError):
    """The firmware asked for more readings than the log holds."""


class ReplayHal:
    """A hal that gives back a SensorLog's values in order (per kind), with
    ``now_ms`` set to the tick each value was read in."""

    def __init__(self, log: SensorLog | dict[str, Any], profile: Any = None) -> None:
        self.log = log if isinstance(log, SensorLog) else SensorLog.from_json(log)
        self.now_ms = self.log.ticks[0].t if self.log.ticks else 0
        self._d = [(t.t, v) for t in self.log.ticks for v in t.digital]
        self._a = [(t.t, v) for t in self.log.ticks for v in t.analog]
        self._b = [(t.t, v) for t in self.log.ticks for v in t.buttons]
        self._pos = [0, 0, 0]
        self._lights = Lights(profile) if profile is not None else None
        self.transmitted: list[tuple[int, bytes]] = []

    def tick_times(self) -> list[int]:
        return [t.t for t in self.log.ticks]

    def remaining(self) -> int:
        return len(self._d) + len(self._a) + len(self._b) - sum(self._pos)

    def _next(self, k: int, items: list[Any], what: str) -> Any:
        i = self._pos[k]
        if i >= len(items):
            raise ReplayExhausted(f"the log holds no more {what} readings")
        self._pos[k] = i + 1
        t, v = items[i]
        self.now_ms = t
        return v

    def read_digital(self, buf: bytearray) -> None:
        data: bytes = self._next(0, self._d, "digital")
        buf[: len(data)] = data

    def read_analog(self, buf: array[int]) -> None:
        values = _u16_values(self._next(1, self._a, "analog"))
        for i in range(len(values)):
            buf[i] = values[i]

    def read_buttons(self) -> int:
        value: int = self._next(2, self._b, "buttons")
        return value

    def transmit(self, buf: bytearray) -> None:
        frame = bytes(buf)
        if not self.transmitted or self.transmitted[-1][1] != frame:
            self.transmitted.append((self.now_ms, frame))
        if self._lights is not None:
            self._lights.transmit(self.now_ms, buf)

    def light(self, name: str) -> tuple[int, int, int]:
        if self._lights is None:
            raise ValueError("ReplayHal needs the profile to name lights")
        return self._lights.light(name)
