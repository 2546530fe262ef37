"""The simulator's hal: the four methods of docs/FIRMWARE.md over the virtual board.

    hal = VirtualHal(physics, profile, seed=1)
    hal.now_ms = 1234                  # the driver sets the virtual time every tick
    hal.read_analog(buf)               # from the physics, at hal.now_ms
    hal.press("back", 1300, 150)       # BACK down from 1300 to 1450 ms (with contact bounce)
    hal.light("slot0")                 # (r, g, b) as the last frame shows it
    hal.display.rows                   # the status display (None without pins.i2c)

Everything the firmware reads is also written to ``hal.log`` (a SensorLog, tick
by tick), so that the exact stream can be fed to the firmware again, on
CPython with ``ReplayHal(log)`` or on MicroPython from ``log.to_json()``
(sim.hardware.sensor_log).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Any

from sim.hardware.lights import Lights
from sim.hardware.physics import DiaboloPhysics, PacalPhysics, PyraosPhysics
from sim.hardware.sensor_log import SensorLog

BUTTONS = {"menu": 1, "back": 2}  # bit 0 MENU, bit 1 BACK; 1 = pressed
BOUNCE_MS = 4.0  # a button's contacts chatter this long when pressed and let go


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
    """The hal over a PyraosPhysics, PacalPhysics or DiaboloPhysics. Set ``now_ms`` every tick."""

    def __init__(
        self,
        physics: PyraosPhysics | PacalPhysics | DiaboloPhysics,
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
        self._lights = Lights(profile)
        self.transmits = 0
        self.display = VirtualDisplay(record) if "i2c" in profile.pins else None

    # -- the hal ----------------------------------------------------------------------

    def read_digital(self, buf: bytearray) -> None:
        if isinstance(self.physics, PacalPhysics | DiaboloPhysics):
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
        self.physics.leds(self.now_ms, buf)  # the LEDs' current: supply ripple

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
