"""Helpers for the portable board tests: the shipped profiles, and sensor
readings computed straight from the magnet model of docs/FIRMWARE.md."""

import json
import sys

import tabletop
from tabletop.profile import load

FIRMWARE = tabletop.__file__.rsplit("/", 2)[0]


def profile_json(name):
    with open(FIRMWARE + "/profiles/%s.json" % name) as f:
        return json.load(f)


def profile(name):
    return load(profile_json(name))


def sensor_xy(i, pitch):
    # cups a1..d4 (row by row), then the points between four cups
    if i < 16:
        return (i % 4) * pitch, (i // 4) * pitch
    j = i - 16
    return (j % 3 + 0.5) * pitch, (j // 3 + 0.5) * pitch


def marble_xyz(level, col, row, pitch, depth):
    k = level - 1
    return (col + k / 2) * pitch, (row + k / 2) * pitch, depth + k * pitch / 2**0.5


POSITIONS = [(1, x, y) for y in range(4) for x in range(4)]
POSITIONS += [(2, x, y) for y in range(3) for x in range(3)]
POSITIONS += [(3, x, y) for y in range(2) for x in range(2)] + [(4, 0, 0)]


def field(prof, s, xyz, strength=1.0):
    """The vertical field of one marble at xyz on sensor s, in counts."""
    sx, sy = sensor_xy(s, prof.pitch_mm)
    dx = xyz[0] - sx
    dy = xyz[1] - sy
    dz = xyz[2]
    r2 = dx * dx + dy * dy + dz * dz
    return prof.moment * strength * (3 * dz * dz - r2) / r2**2.5


class Readings:
    """An ideal Pyraos board plus what the test adds: gain and base errors,
    a held marble, a knock. ``fill(buf)`` writes the raw channel array."""

    def __init__(self, prof, gain_error=(), base_error=(), noise=None, seed=1):
        self.prof = prof
        self.occ = 0
        self.gain_error = list(gain_error) or [0.0] * 25
        self.base_error = list(base_error) or [0.0] * 25
        self.held = None  # (x, y, z) of a marble in the hand
        self.strength = {}  # position -> its marble's magnet strength (1.0 if absent)
        self.knock = [0] * 25
        self.noise = noise
        self.extra_noise = {}  # sensor -> more noise of its own (a faulty one)
        self.seed = seed
        self._key = None  # the board's state _values were worked out for
        self._values = []

    def _rand(self):
        # A small portable generator for Gaussian-ish noise (sum of uniforms).
        self.seed = (self.seed * 1103515245 + 12345) & 0x7FFFFFFF
        return self.seed / 0x7FFFFFFF

    def _ideal(self):
        # Every sensor's reading without the noise: the same tick after tick
        # while nothing on the board changes, so worked out once for each
        # state of it (the magnet model is most of a test's time, under
        # MicroPython above all).
        key = (self.occ, self.held, tuple(self.knock), tuple(self.base_error),
               tuple(self.gain_error), tuple(sorted(self.strength.items())))  # fmt: skip
        if key != self._key:
            self._key = key
            self._values = [self._exact(s) for s in range(25)]
        return self._values

    def _exact(self, s):
        prof = self.prof
        v = prof.sensor_base[s] + self.base_error[s] + self.knock[s]
        g = prof.sensor_gain[s] * (1 + self.gain_error[s])
        for p in range(30):
            if self.occ >> p & 1:
                xyz = marble_xyz(*POSITIONS[p], prof.pitch_mm, prof.depth_mm)
                v += g * field(prof, s, xyz) * self.strength.get(p, 1.0)
        if self.held is not None:
            v += g * field(prof, s, self.held)
        return v

    def value(self, s):
        return self._noisy(s, self._ideal()[s])

    def _noisy(self, s, v):
        noise = (self.noise or 0) + self.extra_noise.get(s, 0)
        if noise:
            v += noise * (sum(self._rand() for _ in range(12)) - 6)
        return max(0, min(65535, int(round(v))))

    def fill(self, buf):
        ideal = self._ideal()
        for s in range(25):
            buf[self.prof.sensor_channels[s]] = self._noisy(s, ideal[s])


def set_bit(digital, k, on):
    """Bit k of a shift-register buffer (SPI reads the most significant first)."""
    mask = 0x80 >> (k & 7)
    if on:
        digital[k >> 3] |= mask
    else:
        digital[k >> 3] &= ~mask & 0xFF


def in_colour(px, led, want):
    """Does LED ``led`` of ``px`` (a Pixels) show colour ``want``, at any brightness?"""
    rgb = px.buf[3 * led : 3 * led + 3]
    top = max(rgb)
    return bool(top) and all(
        abs(rgb[j] - want[j] * top / max(want)) <= 0.12 * top + 3 for j in range(3)
    )


def quiet_ticks(t, n=20):
    """Tick ``t`` (a test's table: its ``board``, ``digital``, ``analog``,
    ``t`` and ``tick(ms)``) ``n`` times with nothing changing, each tick's
    after_answer too (as the runtime does); True if nothing was allocated
    (under MicroPython, ``micropython.heap_lock``; always True on CPython)."""
    board = t.board
    tick_ms = board.profile.tick_ms
    if sys.implementation.name != "micropython":
        t.tick(n * tick_ms)
        return True
    import micropython

    now = t.t
    micropython.heap_lock()
    try:
        try:
            for _ in range(n):
                now += tick_ms
                board.step(t.digital, t.analog, 0, now)
                board.after_answer()
            still = True
        except MemoryError:
            still = False
    finally:
        micropython.heap_unlock()
    t.t = now
    return still
