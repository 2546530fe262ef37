"""The virtual Pyraos board: marbles, their fields on the 25 sensors, the hand."""

from __future__ import annotations

import math
import random
from array import array
from collections import deque
from typing import Any

from sim.hardware.physics.common import (
    BASE_ERROR,
    DEFAULT_SENSOR,
    GAIN_ERROR,
    GRAVITY,
    MAGNET_ERROR,
    RESERVE_X,
    RESERVE_Y,
    RESERVE_Z,
    TREMOR_HZ,
    TREMOR_MM,
    Common,
    Drop,
    Glide,
    PhysicsError,
    Settling,
    check_buf,
)
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.rules.pyraos_geometry import ABOVE, COL, LEVEL, POSITIONS, ROW, SUPPORT

RESERVE_HALF_WIDTH = 2.2  # pitches either side of a reserve tray's middle that are the tray
RESERVE_HALF_DEPTH = 0.6


def sensor_below(pos: int) -> str:
    """The name of the Pyraos sensor (and LED) straight below position ``pos``."""
    level = LEVEL[pos]
    cx2 = 2 * COL[pos] + level - 1  # twice the centre, in pitches
    cy2 = 2 * ROW[pos] + level - 1
    if cx2 % 2 == 0:
        return "abcd"[cx2 // 2] + str(cy2 // 2 + 1)
    return "2" + "abc"[cx2 // 2] + str(cy2 // 2 + 1)


class PyraosPhysics(Common):
    """The Pyraos board: marbles resting on positions 0..29 (each with its own
    magnet strength), at most one marble in the hand, and 25 sensors.

    A sensor at (sx, sy, 0) reads

        base + gain * sum(moment * f * (3 dz^2 - r^2) / r^5)

    over every marble (resting, settling or held; f its strength factor) with
    (dx, dy, dz) from the sensor to the marble's centre; see docs/FIRMWARE.md.
    """

    def __init__(
        self,
        profile: Any,
        seed: int = 0,
        noise: float = 1.0,
        errors: bool = True,
        sensor: str = DEFAULT_SENSOR,
    ) -> None:
        if profile.game != "pyraos":
            raise PhysicsError("PyraosPhysics needs a Pyraos profile")
        n = len(PYRAOS_SENSORS)
        super().__init__(n, seed, noise, errors, float(profile.noise), sensor, profile.samples)
        self.profile = profile
        self._phase = random.Random(seed ^ 0x7E3).uniform(0.0, 2 * math.pi)
        self.channels: tuple[int, ...] = tuple(profile.sensor_channels)
        self.analog_channels: int = profile.analog_channels
        pitch = float(profile.pitch_mm)
        self.pitch = pitch
        self.depth = float(profile.depth_mm)
        self.moment = float(profile.moment)
        xs = []
        ys = []
        for name in PYRAOS_SENSORS:
            if len(name) == 2:
                x, y = "abcd".index(name[0]), int(name[1]) - 1
                xs.append(x * pitch)
                ys.append(y * pitch)
            else:
                x, y = "abc".index(name[1]), int(name[2]) - 1
                xs.append((x + 0.5) * pitch)
                ys.append((y + 0.5) * pitch)
        self.sensor_xy: tuple[tuple[float, float], ...] = tuple(zip(xs, ys, strict=True))
        rng = self._err_rng
        self.true_gain: list[float] = []
        self.true_base: list[float] = []
        for i in range(n):
            g = float(profile.sensor_gain[i])
            b = float(profile.sensor_base[i])
            if errors:
                g *= 1.0 + rng.uniform(-GAIN_ERROR, GAIN_ERROR)
                b += rng.uniform(-BASE_ERROR, BASE_ERROR)
            self.true_gain.append(g)
            self.true_base.append(b)
        # The 30 marbles, each with its magnet drawn once; all start in the reserves.
        self._reserve: deque[float] = deque(
            (1.0 + rng.uniform(-MAGNET_ERROR, MAGNET_ERROR)) if errors else 1.0 for _ in range(30)
        )
        self._rest: dict[int, float] = {}  # position -> strength (settling ones too)
        self._settling: dict[int, Settling] = {}
        self._cache: list[float] | None = None  # field sum of the settled marbles
        self._held: float | None = None  # strength of the marble in the hand
        self._glide = Glide((0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 0, 0)

    # -- geometry ----------------------------------------------------------------

    def centre(self, pos: int) -> tuple[float, float, float]:
        """Where a marble resting on ``pos`` has its centre (mm)."""
        k = LEVEL[pos] - 1
        p = self.pitch
        return ((COL[pos] + k / 2) * p, (ROW[pos] + k / 2) * p, self.depth + k * p / math.sqrt(2))

    def reserve_point(self, side: int = 0) -> tuple[float, float, float]:
        """Where the hand holds a marble over player ``side``'s reserve."""
        p = self.pitch
        return (RESERVE_X * p, RESERVE_Y[side] * p, self.depth + RESERVE_Z)

    # -- what lies where (a pointer over the board) ---------------------------------

    def loose_marble_at(self, x: float, y: float) -> int:
        """The loose marble (nothing on it) under (x, y) mm, the highest
        first; -1 if none."""
        occ = self.occupied()
        best = -1
        r2 = (0.5 * self.pitch) ** 2
        for pos in range(POSITIONS):
            if occ >> pos & 1 and not occ & ABOVE[pos]:
                cx, cy, _ = self.centre(pos)
                if (cx - x) ** 2 + (cy - y) ** 2 <= r2 and (best < 0 or LEVEL[pos] > LEVEL[best]):
                    best = pos
        return best

    def free_spot_at(self, x: float, y: float) -> int:
        """The free spot (empty, resting on four marbles or on the board)
        nearest (x, y) mm within half a pitch; -1 if none."""
        occ = self.occupied()
        best = -1
        best_d = (0.5 * self.pitch) ** 2
        for pos in range(POSITIONS):
            if occ >> pos & 1 or occ & SUPPORT[pos] != SUPPORT[pos]:
                continue
            cx, cy, _ = self.centre(pos)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d or (d == best_d and best >= 0 and LEVEL[pos] > LEVEL[best]):
                best, best_d = pos, d
        return best

    def reserve_at(self, x: float, y: float) -> int:
        """Which player's reserve tray is at (x, y) mm (-1: neither)."""
        for side in (0, 1):
            rx, ry, _ = self.reserve_point(side)
            p = self.pitch
            if abs(x - rx) <= RESERVE_HALF_WIDTH * p and abs(y - ry) <= RESERVE_HALF_DEPTH * p:
                return side
        return -1

    def carry_height(self, x: float, y: float, above_mm: float) -> float:
        """Where a marble carried over (x, y) mm has its centre: ``above_mm``
        over the highest marble within a pitch (or the board)."""
        occ = self.occupied()
        top = self.depth
        for pos in range(POSITIONS):
            if occ >> pos & 1:
                cx, cy, cz = self.centre(pos)
                if (cx - x) ** 2 + (cy - y) ** 2 <= self.pitch**2:
                    top = max(top, cz)
        return top + above_mm

    # -- the state ------------------------------------------------------------------

    def occupied(self) -> int:
        """Bit mask of the positions a marble rests (or is settling) on."""
        mask = 0
        for pos in self._rest:
            mask |= 1 << pos
        return mask

    def holding(self) -> bool:
        return self._held is not None

    def held_at(self, now_ms: int | None = None) -> tuple[float, float, float] | None:
        """Where the hand's marble is (None when the hand is empty)."""
        if self._held is None:
            return None
        return self._tremble(self._glide.at(self._time(now_ms)), self._time(now_ms))

    def _tremble(self, at: tuple[float, float, float], now: int) -> tuple[float, float, float]:
        # A held marble is never perfectly still (unless errors are off).
        if not self.errors:
            return at
        t = now / 1000.0
        a = TREMOR_MM * math.sin(2 * math.pi * TREMOR_HZ[0] * t + self._phase)
        b = TREMOR_MM * math.sin(2 * math.pi * TREMOR_HZ[1] * t + 2 * self._phase)
        return (at[0] + a, at[1] + b, at[2] + 0.5 * (a - b))

    def settled(self, now_ms: int | None = None) -> bool:
        """True when no marble is still falling or bouncing."""
        now = self._time(now_ms)
        return all(s.drop.end <= now for s in self._settling.values())

    def strength(self, pos: int) -> float:
        """The magnet strength factor of the marble on ``pos``."""
        return self._rest[pos]

    # -- the hand ---------------------------------------------------------------------

    def take_from_reserve(
        self, now_ms: int | None = None, side: int = 0, strength: float | None = None
    ) -> None:
        """A reserve marble comes into the (empty) hand, beside ``side``'s
        edge; ``strength``: its magnet's factor instead of its own (a marble
        whose magnet is weaker than the rest, say)."""
        now = self._time(now_ms)
        if self._held is not None:
            raise PhysicsError("the hand already holds a marble")
        if not self._reserve:
            raise PhysicsError("no marble left in the reserves")
        self._held = self._reserve.popleft()
        if strength is not None:
            self._held = strength
        at = self.reserve_point(side)
        self._glide = Glide(at, at, now, now)
        self._act(now, "take", side)

    def to_reserve(self, now_ms: int | None = None) -> None:
        """The hand's marble leaves the board's field for good (a reserve)."""
        now = self._time(now_ms)
        if self._held is None:
            raise PhysicsError("the hand holds no marble")
        self._reserve.append(self._held)
        self._held = None
        self._act(now, "to_reserve", -1)

    def hold(self, x: float, y: float, z: float, now_ms: int | None = None) -> None:
        """Put the hand's marble's centre at (x, y, z) mm at once."""
        now = self._time(now_ms)
        if self._held is None:
            raise PhysicsError("the hand holds no marble")
        self._glide = Glide((x, y, z), (x, y, z), now, now)

    def hold_over(self, pos: int, height_mm: float, now_ms: int | None = None) -> None:
        """Hold the marble ``height_mm`` above where it would rest on ``pos``."""
        x, y, z = self.centre(pos)
        self.hold(x, y, z + height_mm, now_ms)

    def move(
        self, x: float, y: float, z: float, now_ms: int | None = None, duration_ms: int = 0
    ) -> None:
        """Move the hand's marble to (x, y, z) over ``duration_ms`` from where it is."""
        now = self._time(now_ms)
        if self._held is None:
            raise PhysicsError("the hand holds no marble")
        here = self._glide.at(now)
        self._glide = Glide(here, (x, y, z), now, now + max(0, duration_ms))

    def move_over(
        self, pos: int, height_mm: float, now_ms: int | None = None, duration_ms: int = 0
    ) -> None:
        x, y, z = self.centre(pos)
        self.move(x, y, z + height_mm, now_ms, duration_ms)

    def move_to_reserve(
        self, now_ms: int | None = None, duration_ms: int = 0, side: int = 0
    ) -> None:
        """Carry the hand's marble off to ``side``'s reserve (it stays in hand)."""
        x, y, z = self.reserve_point(side)
        self.move(x, y, z, now_ms, duration_ms)

    def release(self, pos: int, now_ms: int | None = None) -> None:
        """Let go of the hand's marble over ``pos``: it falls from where it is
        onto its rest there, bounces a little and settles."""
        now = self._time(now_ms)
        if self._held is None:
            raise PhysicsError("the hand holds no marble")
        if not 0 <= pos < POSITIONS:
            raise PhysicsError(f"no position {pos!r}")
        occ = self.occupied()
        if occ >> pos & 1:
            raise PhysicsError(f"position {pos} is taken")
        if occ & SUPPORT[pos] != SUPPORT[pos]:
            raise PhysicsError(f"position {pos} is not supported: the marble would fall")
        start = self._glide.at(now)
        rest = self.centre(pos)
        self._rest[pos] = self._held
        self._held = None
        if self.errors:
            e = self._settle_rng.uniform(0.25, 0.45)
            drop = Drop(start[2] - rest[2], now, GRAVITY, e)
            if drop.end > now:
                self._settling[pos] = Settling(start, rest, drop)
        self._cache = None
        self.let_go_ms = now
        self._act(now, "release", pos)

    def pick_up(self, pos: int, now_ms: int | None = None) -> None:
        """The marble on ``pos`` goes into the (empty) hand, still at its rest."""
        now = self._time(now_ms)
        if self._held is not None:
            raise PhysicsError("the hand already holds a marble")
        if pos not in self._rest:
            raise PhysicsError(f"no marble on position {pos}")
        if self.occupied() & ABOVE[pos]:
            raise PhysicsError(f"the marble on {pos} carries another: it cannot be lifted")
        here = self._settling[pos].at(now) if pos in self._settling else self.centre(pos)
        self._held = self._rest.pop(pos)
        self._settling.pop(pos, None)
        self._glide = Glide(here, here, now, now)
        self._cache = None
        self._act(now, "pick_up", pos)

    def knock(self, sensor: int, size: float, ms: int, now_ms: int | None = None) -> None:
        """A knocked sensor (index in the profile's sensor order): ``size``
        counts that die away over ``ms``."""
        self._knock(sensor, len(PYRAOS_SENSORS), size, ms, now_ms)

    # -- the sensors ---------------------------------------------------------------------

    def _add(self, out: list[float], c: tuple[float, float, float], f: float) -> None:
        m = self.moment * f
        for i, (sx, sy) in enumerate(self.sensor_xy):
            dx = c[0] - sx
            dy = c[1] - sy
            dz = c[2]
            r2 = dx * dx + dy * dy + dz * dz
            if r2 < 1.0:
                r2 = 1.0  # a marble cannot be inside a sensor
            out[i] += m * (3.0 * dz * dz - r2) / (r2 * r2 * math.sqrt(r2))

    def fields(self, now_ms: int | None = None) -> list[float]:
        """The summed field at each sensor (before gain and base), no noise."""
        now = self._time(now_ms)
        if self._settling:
            done = [p for p, s in self._settling.items() if s.drop.end <= now]
            for p in done:
                del self._settling[p]
                self._cache = None
        if self._cache is None:
            cache = [0.0] * len(PYRAOS_SENSORS)
            for pos, f in self._rest.items():
                if pos not in self._settling:
                    self._add(cache, self.centre(pos), f)
            self._cache = cache
        out = list(self._cache)
        for pos, s in self._settling.items():
            self._add(out, s.at(now), self._rest[pos])
        if self._held is not None:
            self._add(out, self._tremble(self._glide.at(now), now), self._held)
        return out

    def read(self, now_ms: int, buf: array[int]) -> None:
        """Fill ``buf`` (array("H") of profile.analog_channels) at the
        profile's channel numbers; other channels read 0."""
        check_buf(buf, self.analog_channels, "analog")
        now = self._time(now_ms)
        for c in range(len(buf)):
            buf[c] = 0
        field = self.fields(now)
        values = [self.true_base[i] + self.true_gain[i] * field[i] for i in range(len(field))]
        self._finish(now, values, self.true_base, self.channels, buf)


make = PyraosPhysics  # (the board of this game: sim.hardware.physics.make)
