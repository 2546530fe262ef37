"""The simulator's hal: the four methods of docs/FIRMWARE.md over the virtual board.

    hal = VirtualHal(physics, profile, seed=1)
    hal.now_ms = 1234                  # the driver sets the virtual time every tick
    hal.read_analog(buf)               # from the physics, at hal.now_ms
    hal.press("back", 1300, 150)       # BACK down from 1300 to 1450 ms (with contact bounce)
    hal.light("slot0")                 # (r, g, b) as the last frame shows it
    hal.display.rows                   # the status display (None without pins.i2c)

Everything the firmware reads is also written to ``hal.log`` (a SensorLog, tick
by tick), so that the exact stream can be fed to the firmware again, on
CPython with ``ReplayHal(log)`` or on MicroPython from ``log.to_json()``.
"""

from __future__ import annotations

import random
import sys
from array import array
from collections.abc import Sequence
from typing import Any

from sim.physics import PacalPhysics, PyraosPhysics
from tabletop.profile.schema import led_names

BUTTONS = {"menu": 1, "back": 2}  # bit 0 MENU, bit 1 BACK; 1 = pressed
BOUNCE_MS = 4.0  # a button's contacts chatter this long when pressed and let go
LOG_FORMAT = "tabletop.sensor-log"
LOG_VERSION = 1


def same_colour(rgb: Sequence[int], ref: Sequence[int]) -> bool:
    """True when a lit LED shows colour ``ref`` at any brightness (the cap,
    a pulse or a glow scale all three channels alike); never for a dark LED."""
    top = max(rgb)
    ref_top = max(ref)
    if top == 0 or ref_top == 0:
        return False
    scale = top / ref_top
    slack = 0.12 * top + 3.0
    return all(abs(c - r * scale) <= slack for c, r in zip(rgb, ref, strict=True))


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


class _Press:
    def __init__(self, bit: int, t0: int, t1: int, rng: random.Random | None) -> None:
        self.bit = bit
        self.t0 = t0
        self.t1 = t1
        # Contact bounce: an odd number of level changes around each edge.
        self.toggles: list[float] = [float(t0), float(t1)]
        if rng is not None:
            self.toggles = []
            for edge in (t0, t1):
                n = rng.choice((1, 3, 3, 5))
                self.toggles += sorted(edge + rng.uniform(0.0, BOUNCE_MS) for _ in range(n))
        self.end = max(self.toggles)

    def at(self, t: int) -> int:
        if t >= self.end or t < self.t0:
            return 0
        down = 0
        for tt in self.toggles:
            if tt <= t:
                down ^= 1
        return self.bit if down else 0


class _Lights:
    """Named lights of an LED frame (wire order and brightness cap known)."""

    def __init__(self, profile: Any) -> None:
        self.count: int = profile.led_count
        self.names: list[str] = list(led_names(profile))
        self.index = dict(zip(self.names, profile.led_map, strict=True))
        order: str = profile.led_order
        self.offsets = (order.index("R"), order.index("G"), order.index("B"))
        self.colours: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in profile.colours.items()}
        self.frame = bytes(3 * self.count)
        self.frames: list[tuple[int, bytes]] = []

    def transmit(self, t: int, buf: bytearray | bytes) -> None:
        frame = bytes(buf)
        if frame != self.frame:
            self.frame = frame
            self.frames.append((t, frame))

    def light(self, name: str, frame: bytes | None = None) -> tuple[int, int, int]:
        if name not in self.index:
            raise KeyError(f"no light {name!r} on this board")
        f = self.frame if frame is None else frame
        j = 3 * self.index[name]
        if j + 3 > len(f):
            return (0, 0, 0)
        r, g, b = self.offsets
        return (f[j + r], f[j + g], f[j + b])

    def colour(self, name: str) -> str | None:
        rgb = self.light(name)
        if rgb == (0, 0, 0):
            return None
        for k, ref in self.colours.items():
            if same_colour(rgb, ref):
                return k
        return "other"


class VirtualDisplay:
    """The status display (an SSD1306 of 8 rows of 16 characters) as the
    hal drives it: ``show_text`` draws, and each ``refresh`` sends one changed
    row to the panel, as the MicroPython hal does over I2C. ``rows`` is what
    the panel shows; with ``record``, ``shown`` holds every text drawn, as
    (time, lines) (off in long runs: it would keep them all)."""

    ROWS = 8
    COLS = 16

    def __init__(self, record: bool = True) -> None:
        self.record = record
        self.rows = [""] * self.ROWS
        self.drawn = [""] * self.ROWS
        self.shown: list[tuple[int, tuple[str, ...]]] = []

    def draw(self, now_ms: int, lines: Sequence[str]) -> None:
        if len(lines) > self.ROWS or any(len(x) > self.COLS for x in lines):
            raise ValueError(f"status text does not fit {self.ROWS}x{self.COLS}: {lines!r}")
        self.drawn = list(lines) + [""] * (self.ROWS - len(lines))
        if self.record:
            self.shown.append((now_ms, tuple(lines)))

    def refresh(self) -> None:
        for r in range(self.ROWS):
            if self.rows[r] != self.drawn[r]:
                self.rows[r] = self.drawn[r]
                return

    def text(self) -> str:
        """What the panel shows, one line per row (trailing empty rows left out)."""
        return "\n".join(self.rows).rstrip("\n")


class VirtualHal:
    """The hal over a PyraosPhysics or PacalPhysics. Set ``now_ms`` every tick."""

    def __init__(
        self,
        physics: PyraosPhysics | PacalPhysics,
        profile: Any,
        seed: int = 0,
        bounce: bool = True,
        record: bool = True,
    ) -> None:
        self.physics = physics
        self.profile = profile
        self.now_ms = 0
        self.record = record
        self.log = SensorLog(profile.registers, profile.analog_channels)
        self._rng = random.Random(seed) if bounce else None
        self._presses: list[_Press] = []
        self.presses: list[tuple[int, str, int]] = []  # every press: (time, button, ms)
        self._lights = _Lights(profile)
        self.transmits = 0
        self.display = VirtualDisplay(record) if "i2c" in profile.pins else None

    # -- the hal ----------------------------------------------------------------------

    def read_digital(self, buf: bytearray) -> None:
        if isinstance(self.physics, PacalPhysics):
            self.physics.read_digital(self.now_ms, buf)
        else:
            for i in range(len(buf)):
                buf[i] = 0
        if self.record:
            self.log.add_digital(self.now_ms, buf)

    def read_analog(self, buf: array[int]) -> None:
        self.physics.read(self.now_ms, buf)
        if self.record:
            self.log.add_analog(self.now_ms, buf)

    def read_buttons(self) -> int:
        t = self.now_ms
        value = 0
        live = []
        for p in self._presses:
            value |= p.at(t)
            if p.end > t:
                live.append(p)
        self._presses = live
        if self.record:
            self.log.add_buttons(t, value)
        return value

    def transmit(self, buf: bytearray) -> None:
        self.transmits += 1
        self._lights.transmit(self.now_ms, buf)

    def show_text(self, lines: Sequence[str]) -> None:
        if self.display is not None:
            self.display.draw(self.now_ms, lines)

    def refresh_display(self) -> None:
        if self.display is not None:
            self.display.refresh()

    # -- the simulator's side -------------------------------------------------------

    def press(self, button: str, now_ms: int, hold_ms: int) -> None:
        """Press ``"menu"`` or ``"back"`` at ``now_ms`` for ``hold_ms``."""
        if button not in BUTTONS:
            raise ValueError(f"no button {button!r} (menu, back)")
        self._presses.append(_Press(BUTTONS[button], now_ms, now_ms + hold_ms, self._rng))
        self.presses.append((now_ms, button, hold_ms))

    def buttons_at(self, now_ms: int) -> int:
        """The button bits at a time not yet read, without logging."""
        value = 0
        for p in self._presses:
            value |= p.at(now_ms)
        return value

    @property
    def frame(self) -> bytes:
        """The LED frame last transmitted (wire order, capped)."""
        return self._lights.frame

    @property
    def frames(self) -> list[tuple[int, bytes]]:
        """Every change of frame: (time, bytes)."""
        return self._lights.frames

    def light_names(self) -> list[str]:
        return list(self._lights.names)

    def light(self, name: str) -> tuple[int, int, int]:
        """A named light's (r, g, b) in the current frame (after the cap)."""
        return self._lights.light(name)

    def light_at(self, name: str, now_ms: int) -> tuple[int, int, int]:
        """A named light's colour in the frame that was showing at ``now_ms``."""
        frame = bytes(3 * self._lights.count)
        for t, f in self._lights.frames:
            if t > now_ms:
                break
            frame = f
        return self._lights.light(name, frame)

    def colour(self, name: str) -> str | None:
        """Which profile colour a light shows (``"error"``, ``"player0"``...),
        None when dark, ``"other"`` for anything else."""
        return self._lights.colour(name)


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
        self._lights = _Lights(profile) if profile is not None else None
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
