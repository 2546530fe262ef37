"""The virtual board: where the pieces are and what the sensors read.

    physics = PyraosPhysics(profile, seed=7)
    physics.take_from_reserve(now_ms=0)
    physics.move_over(index("b2"), 40.0, now_ms=0, duration_ms=400)
    physics.release(index("b2"), now_ms=600)    # drops, bounces, settles
    physics.read(650, buf)                      # array("H", profile.analog_channels)

    physics = PacalPhysics(profile, seed=7)
    physics.take_card(23)
    physics.lay_on_slot(0, now_ms=100)          # the code bits bounce, then read 23
    physics.read_digital(130, bits)             # bytearray(profile.registers)

The readings follow the model of docs/FIRMWARE.md exactly (Pyraos: vertical
dipoles over sensor planes, summed; Pacal: the calibrated field levels and the
7-bit card codes). With ``errors=True`` the board also does what a real one
does: every sensor's gain and base are off by a little (fixed per seed),
magnets differ in strength, the base drifts slowly (a bounded random walk),
readings clip to 0..65535, a piece set down falls and bounces before it rests,
code bits flicker while a card is laid or lifted, and ``knock`` spikes a
sensor. Gaussian noise is added whenever ``noise`` is not zero, errors or
not: ``noise`` times the profile's ``model.noise`` (Pyraos) or PACAL_NOISE
counts per reading.

Everything is deterministic for a seed: each concern draws from its own
``random.Random`` derived from it, so e.g. reading more often changes the noise
samples but not the drift or the errors (the drift walks in fixed steps of
virtual time; a jump of more than DRIFT_MAX_STEPS steps between two reads
walks only the last of them). Physically impossible actions (a
marble let go over a hole, two cards in one slot) raise ``PhysicsError``.

Times are virtual milliseconds; every action takes ``now_ms`` (when omitted,
the latest time the physics has seen is used).
"""

from __future__ import annotations

import math
import random
from array import array
from collections import deque
from collections.abc import Sequence
from typing import Any

from tabletop.profile import PYRAOS_SENSORS
from tabletop.rules.pyraos_geometry import ABOVE, COL, LEVEL, POSITIONS, ROW, SUPPORT

# --- what a real board adds (errors=True) --------------------------------------

GAIN_ERROR = 0.04  # each sensor's true gain is the profile's times 1 +- this
BASE_ERROR = 50.0  # counts: each sensor's true base is the profile's +- this
MAGNET_ERROR = 0.05  # each marble's (or card's) magnet: 1 +- this
CARD_MAGNET_ERROR = 0.03
DRIFT_BOUND = 40.0  # counts: the drift of a base never leaves +- this
DRIFT_STEP_MS = 100  # the drift moves in steps of this much virtual time
DRIFT_TAU_STEPS = 600  # and is pulled back towards 0 over about a minute
DRIFT_STEP_SD = 1.0  # counts per step: stationary spread about 17 counts
DRIFT_MAX_STEPS = 20000  # a longer jump in time is not walked step by step

PACAL_NOISE = 60.0  # counts per reading: a Pacal profile has no model.noise
CARD_DEPTH_MM = 5.0  # a card's presence magnet lies this far above its sensor
FAR_MM = 80.0  # a held card "elsewhere" is this high over whatever it approaches

TREMOR_MM = 0.4  # a hand is never still: the held piece wanders this much
TREMOR_HZ = (6.0, 11.0)  # physiological tremor, two incommensurate components
GRAVITY = 9.81e-3  # mm / ms^2
CARD_GRAVITY = 2.5e-3  # a card falls slowly, braked by the air
FLICKER_MS = (5.0, 15.0)  # how long a code bit flickers while a card is laid/lifted
SETTLE_MIN_BOUNCE_MM = 0.02  # bounces lower than this are not modelled

# Where the hand's marble is while it comes from / goes to a player's reserve:
# beside that player's edge of the board, well away from every sensor.
RESERVE_X = 1.5  # pitches: the middle of the edge
RESERVE_Y = (-2.0, 5.0)  # pitches: player 0's edge, player 1's edge
RESERVE_Z = 30.0  # mm above the sensor depth


class PhysicsError(ValueError):
    """An action no real hand could do (or a misuse of the API)."""


def card_code(value: int) -> int:
    """The 7-bit code printed on card ``value`` (1..50): bits 0..5 the value,
    bit 6 the parity, set so that the number of set bits is odd."""
    if not 1 <= value <= 63:
        raise ValueError(f"no card {value!r}")
    ones = bin(value).count("1")
    return value | (0 if ones % 2 else 0x40)


def sensor_below(pos: int) -> str:
    """The name of the Pyraos sensor (and LED) straight below position ``pos``."""
    level = LEVEL[pos]
    cx2 = 2 * COL[pos] + level - 1  # twice the centre, in pitches
    cy2 = 2 * ROW[pos] + level - 1
    if cx2 % 2 == 0:
        return "abcd"[cx2 // 2] + str(cy2 // 2 + 1)
    return "2" + "abc"[cx2 // 2] + str(cy2 // 2 + 1)


# --- shared pieces -----------------------------------------------------------------


def _sub_rngs(seed: int, n: int) -> list[random.Random]:
    master = random.Random(seed)
    return [random.Random(master.getrandbits(64)) for _ in range(n)]


def _ease(u: float) -> float:
    # A hand speeds up and slows down: smoothstep.
    if u <= 0.0:
        return 0.0
    if u >= 1.0:
        return 1.0
    return u * u * (3.0 - 2.0 * u)


class _Drift:
    """A bounded, slowly mean-reverting random walk per channel, stepped in
    virtual time (so it does not depend on how often the board is read)."""

    def __init__(self, rng: random.Random, n: int, on: bool) -> None:
        self.rng = rng
        self.values = [0.0] * n
        self.t = 0
        self.on = on

    def advance(self, now_ms: int) -> None:
        if not self.on or now_ms < self.t + DRIFT_STEP_MS:
            return
        steps = (now_ms - self.t) // DRIFT_STEP_MS
        self.t += steps * DRIFT_STEP_MS
        steps = min(steps, DRIFT_MAX_STEPS)
        keep = 1.0 - 1.0 / DRIFT_TAU_STEPS
        gauss = self.rng.gauss
        v = self.values
        for _ in range(steps):
            for i in range(len(v)):
                x = v[i] * keep + gauss(0.0, DRIFT_STEP_SD)
                v[i] = DRIFT_BOUND if x > DRIFT_BOUND else -DRIFT_BOUND if x < -DRIFT_BOUND else x


class _Knock:
    def __init__(self, index: int, size: float, t0: int, ms: int) -> None:
        self.index = index
        self.size = size
        self.t0 = t0
        self.t1 = t0 + max(1, ms)

    def at(self, t: int) -> float:
        # A sharp spike that dies away over its duration.
        if t < self.t0 or t >= self.t1:
            return 0.0
        return self.size * (1.0 - (t - self.t0) / (self.t1 - self.t0))


class _Drop:
    """A piece let go at height ``h0`` above its rest: falls under gravity,
    bounces a little, rests. ``height(t)`` is its height above the rest,
    ``progress(t)`` how far along the first fall it is (for sideways motion)."""

    def __init__(self, h0: float, t0: int, g: float, restitution: float) -> None:
        self.h0 = max(0.0, h0)
        self.t0 = t0
        self.g = g
        self.fall = math.sqrt(2.0 * self.h0 / g)
        self.bounces: list[tuple[float, float]] = []  # (start, upward speed)
        t = self.fall
        v = g * self.fall * restitution
        while v * v / (2.0 * g) >= SETTLE_MIN_BOUNCE_MM and len(self.bounces) < 4:
            self.bounces.append((t, v))
            t += 2.0 * v / g
            v *= restitution
        self.end = t0 + math.ceil(t)

    def height(self, now_ms: int) -> float:
        tau = now_ms - self.t0
        if tau <= 0:
            return self.h0
        if tau < self.fall:
            return self.h0 - 0.5 * self.g * tau * tau
        for start, v in self.bounces:
            s = tau - start
            if 0.0 <= s < 2.0 * v / self.g:
                return v * s - 0.5 * self.g * s * s
        return 0.0

    def progress(self, now_ms: int) -> float:
        if self.fall <= 0.0:
            return 1.0
        return min(1.0, max(0.0, (now_ms - self.t0) / self.fall))


class _Common:
    """Clock, error draws, noise, drift and knocks shared by both boards."""

    def __init__(self, n: int, seed: int, noise: float, errors: bool, noise_sd: float) -> None:
        (
            self._err_rng,
            self._noise_rng,
            drift_rng,
            self._settle_rng,
            self._misc_rng,
        ) = _sub_rngs(seed, 5)
        self.seed = seed
        self.errors = errors
        self.noise_sd = noise * noise_sd
        self._drift = _Drift(drift_rng, n, errors)
        self._knocks: list[_Knock] = []
        self._now = 0
        self.let_go_ms: int | None = None  # when the hand last let go of a piece
        # Every physical action: (time, what, where), for tests and viewers.
        self.actions: list[tuple[int, str, int]] = []

    def _time(self, now_ms: int | None) -> int:
        if now_ms is None:
            return self._now
        if now_ms > self._now:
            self._now = now_ms
        return now_ms

    def _act(self, now: int, what: str, where: int) -> None:
        self.actions.append((now, what, where))

    def _knock(self, index: int, n: int, size: float, ms: int, now_ms: int | None) -> None:
        if not 0 <= index < n:
            raise PhysicsError(f"no sensor {index} to knock")
        now = self._time(now_ms)
        self._knocks.append(_Knock(index, size, now, ms))
        self._act(now, "knock", index)

    def _finish(self, now: int, values: list[float], channels: Sequence[int], buf: Any) -> None:
        # Drift, knocks, noise, rounding and clipping, into the buffer.
        self._drift.advance(now)
        drift = self._drift.values
        if self._knocks:
            live = []
            for k in self._knocks:
                if now < k.t1:
                    live.append(k)
                    values[k.index] += k.at(now)
            self._knocks = live
        sd = self.noise_sd
        gauss = self._noise_rng.gauss
        for i in range(len(values)):
            v = values[i] + drift[i]
            if sd > 0.0:
                v += gauss(0.0, sd)
            r = int(math.floor(v + 0.5))
            buf[channels[i]] = 0 if r < 0 else 65535 if r > 65535 else r


def _check_buf(buf: array[int], n: int, what: str) -> None:
    if len(buf) < n:
        raise PhysicsError(f"{what} buffer holds {len(buf)} values, the profile needs {n}")


# --- Pyraos ----------------------------------------------------------------------------


class _Glide:
    """The hand's marble moving from ``a`` to ``b`` between ``t0`` and ``t1``."""

    def __init__(
        self,
        a: tuple[float, float, float],
        b: tuple[float, float, float],
        t0: int,
        t1: int,
    ) -> None:
        self.a = a
        self.b = b
        self.t0 = t0
        self.t1 = t1

    def at(self, t: int) -> tuple[float, float, float]:
        if t >= self.t1:
            return self.b
        if t <= self.t0:
            return self.a
        u = _ease((t - self.t0) / (self.t1 - self.t0))
        a, b = self.a, self.b
        return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u)


class _Settling:
    def __init__(
        self, start: tuple[float, float, float], rest: tuple[float, float, float], drop: _Drop
    ) -> None:
        self.start = start
        self.rest = rest
        self.drop = drop

    def at(self, t: int) -> tuple[float, float, float]:
        u = self.drop.progress(t)
        s, r = self.start, self.rest
        return (s[0] + (r[0] - s[0]) * u, s[1] + (r[1] - s[1]) * u, r[2] + self.drop.height(t))


class PyraosPhysics(_Common):
    """The Pyraos board: marbles resting on positions 0..29 (each with its own
    magnet strength), at most one marble in the hand, and 25 sensors.

    A sensor at (sx, sy, 0) reads

        base + gain * sum(moment * f * (3 dz^2 - r^2) / r^5)

    over every marble (resting, settling or held; f its strength factor) with
    (dx, dy, dz) from the sensor to the marble's centre; see docs/FIRMWARE.md.
    """

    def __init__(
        self, profile: Any, seed: int = 0, noise: float = 1.0, errors: bool = True
    ) -> None:
        if profile.game != "pyraos":
            raise PhysicsError("PyraosPhysics needs a Pyraos profile")
        n = len(PYRAOS_SENSORS)
        super().__init__(n, seed, noise, errors, float(profile.noise))
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
        self._settling: dict[int, _Settling] = {}
        self._cache: list[float] | None = None  # field sum of the settled marbles
        self._held: float | None = None  # strength of the marble in the hand
        self._glide = _Glide((0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 0, 0)

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

    def take_from_reserve(self, now_ms: int | None = None, side: int = 0) -> None:
        """A reserve marble comes into the (empty) hand, beside ``side``'s edge."""
        now = self._time(now_ms)
        if self._held is not None:
            raise PhysicsError("the hand already holds a marble")
        if not self._reserve:
            raise PhysicsError("no marble left in the reserves")
        self._held = self._reserve.popleft()
        at = self.reserve_point(side)
        self._glide = _Glide(at, at, now, now)
        self._act(now, "take", -1)

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
        self._glide = _Glide((x, y, z), (x, y, z), now, now)

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
        self._glide = _Glide(here, (x, y, z), now, now + max(0, duration_ms))

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
            drop = _Drop(start[2] - rest[2], now, GRAVITY, e)
            if drop.end > now:
                self._settling[pos] = _Settling(start, rest, drop)
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
        self._glide = _Glide(here, here, now, now)
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
        _check_buf(buf, self.analog_channels, "analog")
        now = self._time(now_ms)
        for c in range(len(buf)):
            buf[c] = 0
        field = self.fields(now)
        values = [self.true_base[i] + self.true_gain[i] * field[i] for i in range(len(field))]
        self._finish(now, values, self.channels, buf)


# --- Pacal ------------------------------------------------------------------------------


class _Bits:
    """A slot's code bits changing from ``a`` to ``b`` at ``t0``: each bit that
    changes (and now and then one that does not) flickers for 5..15 ms."""

    def __init__(self, a: int, b: int, t0: int, rng: random.Random | None) -> None:
        self.a = a
        self.b = b
        self.toggles: list[list[float]] = [[] for _ in range(7)]
        self.end = float(t0)
        if rng is None:
            self.toggles = [[float(t0)] if (a ^ b) >> i & 1 else [] for i in range(7)]
            return
        for i in range(7):
            change = (a ^ b) >> i & 1
            if not change and rng.random() >= 0.25:
                continue
            span = rng.uniform(*FLICKER_MS)
            n = rng.randint(1, 3) * 2 - (1 if change else 0)  # odd if the bit changes
            times = sorted(t0 + rng.uniform(0.0, span) for _ in range(n - 1))
            times.append(t0 + span)
            self.toggles[i] = times
            self.end = max(self.end, t0 + span)

    def at(self, t: int) -> int:
        if t >= self.end:
            return self.b
        code = 0
        for i in range(7):
            bit = self.a >> i & 1
            for tt in self.toggles[i]:
                if tt <= t:
                    bit ^= 1
            code |= bit << i
        return code


class PacalPhysics(_Common):
    """The Pacal board: 2 x 10 fields holding 0..2 cards each (an analog
    sensor reads the count as the profile's calibrated levels), 2 offer slots
    with a 7-bit card reader each, and a hand holding a card (or a small
    stack while clearing the fields).

    Fields are indexed 0..19 (player * 10 + field - 1), as the profile lists
    them. A field with n cards reads ``levels[n]``; a card held ``h`` mm over
    a field adds ``step * (d / (d + h))**3`` with ``d`` = CARD_DEPTH_MM and
    ``step`` the next level's step (the last step again over a covered field).
    """

    def __init__(
        self, profile: Any, seed: int = 0, noise: float = 1.0, errors: bool = True
    ) -> None:
        if profile.game != "pacal":
            raise PhysicsError("PacalPhysics needs a Pacal profile")
        n = len(profile.field_channels)
        super().__init__(n, seed, noise, errors, PACAL_NOISE)
        self.profile = profile
        self.channels: tuple[int, ...] = tuple(profile.field_channels)
        self.analog_channels: int = profile.analog_channels
        self.registers: int = profile.registers
        self.slot_bits: tuple[tuple[int, ...], ...] = tuple(tuple(b) for b in profile.slot_bits)
        rng = self._err_rng
        self.true_levels: list[tuple[float, float, float]] = []
        for lv in profile.field_levels:
            l0, l1, l2 = float(lv[0]), float(lv[1]), float(lv[2])
            if errors:
                g = 1.0 + rng.uniform(-GAIN_ERROR, GAIN_ERROR)
                b = rng.uniform(-BASE_ERROR, BASE_ERROR)
                l1, l2 = l0 + b + (l1 - l0) * g, l0 + b + (l2 - l0) * g
                l0 += b
            self.true_levels.append((l0, l1, l2))
        self.card_strength = [1.0] * 64
        if errors:
            for c in range(64):
                self.card_strength[c] = 1.0 + rng.uniform(-CARD_MAGNET_ERROR, CARD_MAGNET_ERROR)
        self._stacks: list[list[int]] = [[] for _ in range(n)]
        self._landing: dict[int, _Drop] = {}  # field -> the top card still falling
        self._slots = [0, 0]  # card on each slot, 0 = empty
        self._codes = [0, 0]  # what each slot's reader settles on
        self._bits: list[_Bits | None] = [None, None]
        self._held: list[int] = []  # cards in the hand, bottom first
        self._over = -1  # field the hand is over, -1 elsewhere
        self._h = (FAR_MM, FAR_MM, 0, 0)  # height glide: from, to, t0, t1

    # -- the state ------------------------------------------------------------------------

    def stacks(self) -> tuple[int, ...]:
        """How many cards lie on each field 0..19."""
        return tuple(len(s) for s in self._stacks)

    def field_cards(self, field: int) -> tuple[int, ...]:
        """The cards on a field, bottom first."""
        return tuple(self._stacks[field])

    def slot_card(self, slot: int) -> int:
        """The card lying on a slot, 0 when empty."""
        return self._slots[slot]

    def held(self) -> tuple[int, ...]:
        return tuple(self._held)

    def code_at(self, slot: int, now_ms: int | None = None) -> int:
        """The 7 code bits a slot's reader gives now (bit i = code spot i)."""
        now = self._time(now_ms)
        b = self._bits[slot]
        if b is None:
            return self._codes[slot]
        if now >= b.end:
            self._bits[slot] = None
            return self._codes[slot]
        return b.at(now)

    # -- the hand over the fields -----------------------------------------------------

    def _height(self, now: int) -> float:
        h0, h1, t0, t1 = self._h
        if now >= t1:
            return h1
        if now <= t0:
            return h0
        return h0 + (h1 - h0) * _ease((now - t0) / (t1 - t0))

    def take_card(self, card: int, now_ms: int | None = None) -> None:
        """A card comes into the (empty) hand, away from the board."""
        now = self._time(now_ms)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        card_code(card)
        self._held = [card]
        self._over = -1
        self._h = (FAR_MM, FAR_MM, now, now)
        self._act(now, "take", card)

    def put_away(self, now_ms: int | None = None) -> tuple[int, ...]:
        """The hand's cards leave the board (to a hand or a pile)."""
        now = self._time(now_ms)
        if not self._held:
            raise PhysicsError("the hand holds no card")
        cards = tuple(self._held)
        self._held = []
        self._over = -1
        self._act(now, "put_away", cards[-1])
        return cards

    def hold_over_field(
        self, field: int, height_mm: float, now_ms: int | None = None, duration_ms: int = 0
    ) -> None:
        """Hold the hand's card(s) ``height_mm`` over a field's top card,
        moving there over ``duration_ms`` (from high up if from elsewhere)."""
        now = self._time(now_ms)
        if not self._held:
            raise PhysicsError("the hand holds no card")
        self._check_field(field)
        start = self._height(now) if self._over == field else FAR_MM
        self._over = field
        self._h = (start, float(height_mm), now, now + max(0, duration_ms))

    def hold_away(self, now_ms: int | None = None) -> None:
        """Take the hand's card(s) away from over the fields (e.g. to a slot)."""
        self._time(now_ms)
        self._over = -1

    def lay_on_field(self, field: int, now_ms: int | None = None) -> None:
        """Let go of the hand's card over a field: it lands on the stack."""
        now = self._time(now_ms)
        self._check_field(field)
        if len(self._held) != 1:
            raise PhysicsError("the hand must hold exactly one card to lay it")
        if len(self._stacks[field]) >= 2:
            raise PhysicsError(f"field {field} already holds two cards")
        h = self._height(now) if self._over == field else 0.0
        self._settle_field(now)
        self._stacks[field].append(self._held.pop())
        self._over = -1
        if self.errors and h > 0.0:
            e = self._settle_rng.uniform(0.1, 0.2)
            drop = _Drop(h, now, CARD_GRAVITY, e)
            if drop.end > now:
                self._landing[field] = drop
        self.let_go_ms = now
        self._act(now, "lay_field", field)

    def lift_from_field(self, field: int, now_ms: int | None = None, cards: int = 1) -> None:
        """The top card (``cards=2``: both) of a field goes into the hand."""
        now = self._time(now_ms)
        self._check_field(field)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        stack = self._stacks[field]
        if not 1 <= cards <= len(stack):
            raise PhysicsError(f"field {field} holds {len(stack)} cards, not {cards}")
        self._held = stack[len(stack) - cards :]
        del stack[len(stack) - cards :]
        self._landing.pop(field, None)
        self._over = field
        self._h = (0.0, 0.0, now, now)
        self._act(now, "lift_field", field)

    def _check_field(self, field: int) -> None:
        if not 0 <= field < len(self._stacks):
            raise PhysicsError(f"no field {field!r}")

    def _settle_field(self, now: int) -> None:
        for f in [f for f, d in self._landing.items() if d.end <= now]:
            del self._landing[f]

    # -- the slots --------------------------------------------------------------------------

    def _change(self, slot: int, code: int, now: int) -> None:
        old = self.code_at(slot, now)
        rng = self._settle_rng if self.errors else None
        self._bits[slot] = _Bits(old, code, now, rng) if old != code else None
        self._codes[slot] = code

    def _check_slot(self, slot: int) -> None:
        if slot not in (0, 1):
            raise PhysicsError(f"no slot {slot!r}")

    def lay_on_slot(self, slot: int, now_ms: int | None = None) -> None:
        """Lay the hand's card on an offer slot: the bits bounce, then read its code."""
        now = self._time(now_ms)
        self._lay(slot, now, 0)
        self._act(now, "lay_slot", slot)

    def lay_off_centre(self, slot: int, card: int, now_ms: int | None = None) -> None:
        """Lay ``card`` (the hand's, or straight from a player's hand if the
        hand is empty) askew on a slot: after the bounce the reader keeps
        giving a misread (1 or 3 bits wrong, so the parity is bad, and never
        all zero) until ``correct`` or the card is lifted."""
        now = self._time(now_ms)
        if not self._held:
            self.take_card(card, now)
        elif self._held != [card]:
            raise PhysicsError(f"the hand holds {self._held!r}, not card {card}")
        rng = self._misc_rng
        mask = 0
        while mask == 0 or card_code(card) ^ mask == 0:  # a misread, not an empty slot
            mask = 0
            for i in rng.sample(range(7), rng.choice((1, 1, 1, 3))):
                mask |= 1 << i
        self._lay(slot, now, mask)
        self._act(now, "off_centre", slot)

    def _lay(self, slot: int, now: int, wrong: int) -> None:
        self._check_slot(slot)
        if len(self._held) != 1:
            raise PhysicsError("the hand must hold exactly one card to lay it")
        if self._slots[slot]:
            raise PhysicsError(f"slot {slot} already holds card {self._slots[slot]}")
        card = self._held.pop()
        self._over = -1
        self._slots[slot] = card
        self._change(slot, card_code(card) ^ wrong, now)
        self.let_go_ms = now

    def correct(self, slot: int, now_ms: int | None = None) -> None:
        """Push a card lying askew into place: a short bounce, then its true code."""
        now = self._time(now_ms)
        self._check_slot(slot)
        card = self._slots[slot]
        if not card:
            raise PhysicsError(f"slot {slot} is empty")
        self._change(slot, card_code(card), now)
        self.let_go_ms = now
        self._act(now, "correct", slot)

    def lift_from_slot(self, slot: int, now_ms: int | None = None) -> int:
        """The card on a slot goes into the (empty) hand; the bits bounce to 0."""
        now = self._time(now_ms)
        self._check_slot(slot)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        card = self._slots[slot]
        if not card:
            raise PhysicsError(f"slot {slot} is empty")
        self._slots[slot] = 0
        self._change(slot, 0, now)
        self._held = [card]
        self._over = -1
        self._act(now, "lift_slot", slot)
        return card

    def knock(self, sensor: int, size: float, ms: int, now_ms: int | None = None) -> None:
        """A knocked field sensor (0..19): ``size`` counts dying away over ``ms``."""
        self._knock(sensor, len(self._stacks), size, ms, now_ms)

    # -- the sensors --------------------------------------------------------------------------

    def _step(self, field: int, k: int) -> float:
        # The rise of the reading from k-1 to k cards (k >= 3: the last step again).
        lv = self.true_levels[field]
        k = min(k, 2)
        return lv[k] - lv[k - 1]

    def levels(self, now_ms: int | None = None) -> list[float]:
        """Each field's reading before drift, knocks and noise."""
        now = self._time(now_ms)
        self._settle_field(now)
        out = []
        for f, stack in enumerate(self._stacks):
            v = self.true_levels[f][0]
            n = len(stack)
            for k in range(n):
                part = self.card_strength[stack[k]] * self._step(f, k + 1)
                if k == n - 1 and f in self._landing:
                    h = self._landing[f].height(now)
                    part *= (CARD_DEPTH_MM / (CARD_DEPTH_MM + h)) ** 3
                v += part
            out.append(v)
        if self._held and self._over >= 0:
            f = self._over
            n = len(self._stacks[f])
            fall = (CARD_DEPTH_MM / (CARD_DEPTH_MM + self._height(now))) ** 3
            for k, card in enumerate(self._held):
                out[f] += fall * self.card_strength[card] * self._step(f, n + k + 1)
        return out

    def read(self, now_ms: int, buf: array[int]) -> None:
        """Fill ``buf`` (array("H") of profile.analog_channels) with the field
        sensors at their channels; other channels read 0."""
        _check_buf(buf, self.analog_channels, "analog")
        now = self._time(now_ms)
        for c in range(len(buf)):
            buf[c] = 0
        self._finish(now, self.levels(now), self.channels, buf)

    def read_digital(self, now_ms: int, buf: bytearray) -> None:
        """Fill ``buf`` (bytearray(profile.registers)) with the shift-register
        chain: bit k is byte k // 8, mask 0x80 >> (k % 8)."""
        if len(buf) < self.registers:
            raise PhysicsError(f"digital buffer holds {len(buf)} bytes, needs {self.registers}")
        now = self._time(now_ms)
        for i in range(len(buf)):
            buf[i] = 0
        for slot in (0, 1):
            code = self.code_at(slot, now)
            bits = self.slot_bits[slot]
            for i in range(7):
                if code >> i & 1:
                    k = bits[i]
                    buf[k // 8] |= 0x80 >> (k % 8)
