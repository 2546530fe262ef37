"""What both virtual boards share: the errors a real board adds (gain and
base offsets, drift, knocks), the falling and bouncing of a piece let go, the
glide of a hand, and the clock. See sim/hardware/physics/__init__.py for the boards."""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Sequence
from typing import Any

from sim.hardware.physics.sensor_chain import SensorChain

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

PACAL_NOISE = 60.0  # counts per reading (plain model): a Pacal profile has no model.noise
SENSOR_MODELS = (
    "chain",
    "plain",
)  # the sensor chain of sim.hardware.physics.sensor_chain, or Gaussian
# The model a board gets unless told: the chain, the reference hardware's
# 17.6 counts at 1x, which a board measures at power on and works with
# (docs/FIRMWARE.md, "The sensor model of the simulator").
DEFAULT_SENSOR = "chain"
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


# --- shared pieces -----------------------------------------------------------------


def sub_rngs(seed: int, n: int) -> list[random.Random]:
    master = random.Random(seed)
    return [random.Random(master.getrandbits(64)) for _ in range(n)]


def ease(u: float) -> float:
    # A hand speeds up and slows down: smoothstep.
    if u <= 0.0:
        return 0.0
    if u >= 1.0:
        return 1.0
    return u * u * (3.0 - 2.0 * u)


class Drift:
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


class Knock:
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


class Drop:
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


class Common:
    """Clock, error draws, noise, drift and knocks shared by both boards."""

    def __init__(
        self,
        n: int,
        seed: int,
        noise: float,
        errors: bool,
        noise_sd: float,
        sensor: str = DEFAULT_SENSOR,
        samples: int = 1,
    ) -> None:
        if sensor not in SENSOR_MODELS:
            raise PhysicsError(f"no sensor model {sensor!r} ({', '.join(SENSOR_MODELS)})")
        (
            self._err_rng,
            self._noise_rng,
            drift_rng,
            self._settle_rng,
            self._misc_rng,
            chain_err_rng,
            chain_noise_rng,
        ) = sub_rngs(seed, 7)  # the first five as before the chain: the plain model is unchanged
        self.seed = seed
        self.errors = errors
        self.sensor = sensor
        self.noise = noise  # times the reference board's (also how long digital bits chatter)
        self.noise_sd = noise * noise_sd
        self.chain: SensorChain | None = None
        if sensor == "chain":
            self.chain = SensorChain((chain_err_rng, chain_noise_rng), n, samples, noise, errors)
        self._drift = Drift(drift_rng, n, errors)
        self._knocks: list[Knock] = []
        self._now = 0
        self.let_go_ms: int | None = None  # when the hand last let go of a piece
        # Sensors broken on purpose (stick, stick_chain): sensor index ->
        # (from when, the raw reading it gives); the chain's (from when, byte).
        self.stuck: dict[int, tuple[int, int]] = {}
        self.chain_stuck: tuple[int, int] | None = None
        # Every physical action: (time, what, where), for tests and viewers.
        self.actions: list[tuple[int, str, int]] = []

    def leds(self, now_ms: int, frame: bytes | bytearray) -> None:
        """The LED frame the hal just sent: the chain's supply ripple follows it."""
        if self.chain is not None:
            self.chain.leds(now_ms, frame)

    def stick(self, index: int, reading: int, now_ms: int = 0) -> None:
        """Analog sensor ``index`` reads ``reading`` (raw, 0..65535) from
        ``now_ms`` on, whatever lies on it: a wire off or a dead part (0), a
        short to the supply (65535), a part frozen at one value."""
        if not 0 <= index < len(self._drift.values):
            raise PhysicsError(f"no sensor {index} to stick")
        if not 0 <= reading <= 65535:
            raise PhysicsError(f"a raw reading is 0..65535, not {reading}")
        self.stuck[index] = (now_ms, reading)

    def stick_chain(self, byte: int = 0xFF, now_ms: int = 0) -> None:
        """Every byte of the shift-register chain reads ``byte`` from
        ``now_ms`` on: 0xFF is a data line pulled up with nothing behind it."""
        self.chain_stuck = (now_ms, byte & 0xFF)

    def _stuck_chain(self, now: int, buf: bytearray) -> None:
        # (the boards' read_digital, last)
        if self.chain_stuck is not None and now >= self.chain_stuck[0]:
            for i in range(len(buf)):
                buf[i] = self.chain_stuck[1]

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
        self._knocks.append(Knock(index, size, now, ms))
        self._act(now, "knock", index)

    def _finish(
        self,
        now: int,
        values: list[float],
        quiescent: Sequence[float],
        channels: Sequence[int],
        buf: Any,
    ) -> None:
        # Drift and knocks, then the sensor chain (or plain noise, rounding
        # and clipping), into the buffer.
        self._drift.advance(now)
        drift = self._drift.values
        if self._knocks:
            live = []
            for k in self._knocks:
                if now < k.t1:
                    live.append(k)
                    values[k.index] += k.at(now)
            self._knocks = live
        if self.chain is not None:
            for i in range(len(values)):
                values[i] += drift[i]
            self.chain.convert(now, values, quiescent, channels, buf)
        else:
            sd = self.noise_sd
            gauss = self._noise_rng.gauss
            for i in range(len(values)):
                v = values[i] + drift[i]
                if sd > 0.0:
                    v += gauss(0.0, sd)
                r = int(math.floor(v + 0.5))
                buf[channels[i]] = 0 if r < 0 else 65535 if r > 65535 else r
        for i, (since, reading) in self.stuck.items():
            if now >= since:
                buf[channels[i]] = reading


def check_buf(buf: array[int], n: int, what: str) -> None:
    if len(buf) < n:
        raise PhysicsError(f"{what} buffer holds {len(buf)} values, the profile needs {n}")


# --- Pyraos ----------------------------------------------------------------------------


class Glide:
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
        u = ease((t - self.t0) / (self.t1 - self.t0))
        a, b = self.a, self.b
        return (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u)


class Settling:
    def __init__(
        self, start: tuple[float, float, float], rest: tuple[float, float, float], drop: Drop
    ) -> None:
        self.start = start
        self.rest = rest
        self.drop = drop

    def at(self, t: int) -> tuple[float, float, float]:
        u = self.drop.progress(t)
        s, r = self.start, self.rest
        return (s[0] + (r[0] - s[0]) * u, s[1] + (r[1] - s[1]) * u, r[2] + self.drop.height(t))
