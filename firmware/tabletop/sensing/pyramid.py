"""Which change of the pyramid best explains what the 25 hall sensors read.

    m = PyramidSensor(profile)
    m.update(analog, now_ms)          # every tick, the raw array from the hal
    obs = m.observe(expected, now_ms) # relative to the occupancy the game expects
    obs.kind, obs.lifted, obs.added   # NONE, ADD, LIFT, MOVE, LIFT2 or UNCLEAR

Every sensor reads the summed field of the marbles above and near it
(tabletop.sensing.magnets). This module follows the readings in time: it
smooths them (restarting the average at a step), tells motion from stillness,
and reports the change tabletop.sensing.changes finds only once it has held
for ``settle_ms`` (ten times that, and steady, on level 3 and the top, where
a carried marble passes through). Otherwise the observation is UNCLEAR and
the board waits: a hand hovering with a marble, two changes at once or a
knocked sensor fit nothing well, or not for long. What it learns of the
board (baselines, each marble's own error) is tabletop.sensing.baselines.

Integer arithmetic only: with nothing moving the tick allocates nothing.
"""

from array import array

from tabletop.rules.pyraos_geometry import LEVEL, POSITIONS
from tabletop.sensing.baselines import FRESH_MS, RELEARN_MS, STATE_WORDS, Baselines
from tabletop.sensing.changes import (
    _WINDOW,
    ADD,
    LIFT,
    LIFT2,
    MOVE,
    NONE,
    UNCLEAR,
    Observation,
)
from tabletop.sensing.magnets import OWN_SENSOR, SENSORS

__all__ = ("ADD", "LIFT", "LIFT2", "MOVE", "NONE", "UNCLEAR", "OWN_SENSOR", "SENSORS",
           "FRESH_MS", "STATE_WORDS", "Observation", "PyramidSensor")  # fmt: skip

from micropython import const

_STILL = const(6)  # a reading this many noise widths off the average is motion
_HIGH_SETTLE = const(10)  # times longer a change on level 3 or the top must hold
_MID_SETTLE = const(4)  # ... and a marble added on level 2
_FLICKER_MS = const(30)  # a candidate unseen this long (a bounce) is not forgotten


class PyramidSensor(Baselines):
    def __init__(self, profile):
        Baselines.__init__(self, profile)
        self.channels = profile.sensor_channels
        self.ring = array("H", bytes(2 * SENSORS * _WINDOW))  # raw readings (16-bit ADC)
        self.slot = 0
        self.filled = 0
        self.quiet = self.max_error >> 2  # below this, no search: nothing changed
        self.settle_ms = profile.settle_ms
        self.still = int(_STILL * profile.noise * _WINDOW)
        self.moving_at = 0
        self.block_sums = array("i", bytes(4 * SENSORS))
        self.seen_at = 0  # when the current candidate was last the best
        self.low = self.high = 0  # range of its own sensor while it holds
        self.least = 0  # its best fit while it holds

    # -- readings ---------------------------------------------------------------

    def update(self, analog, now_ms):
        """Take one raw reading of every sensor into the moving average. A
        reading far (``_STILL`` noise widths) from the average is motion: a
        marble falling, bouncing or in a hand; nothing is settled until the
        readings have been still for ``settle_ms``."""
        ring = self.ring
        sums = self.sums
        slot = self.slot
        still = self.still
        moving = False
        for s in range(SENSORS):
            v = analog[self.channels[s]]
            j = s * _WINDOW + slot
            d = v * _WINDOW - sums[s]
            if d > still or d < -still:
                # A step, not noise: start the average afresh at the new
                # value, so it does not lag behind a marble that has landed.
                moving = True
                k = s * _WINDOW
                for i in range(_WINDOW):
                    ring[k + i] = v
                sums[s] = v * _WINDOW
                continue
            sums[s] += v - ring[j]
            ring[j] = v
        self.slot = (slot + 1) % _WINDOW
        if slot == _WINDOW - 1:
            # Slow motion (a hand lowering a marble) shows between windows.
            block = self.block_sums
            lim = self.still * 8 // 17  # two window sums 4 noise widths apart
            for s in range(SENSORS):
                d = sums[s] - block[s]
                if d > lim or d < -lim:
                    moving = True
                block[s] = sums[s]
        if moving and self.filled == _WINDOW:
            self.moving_at = now_ms
        if self.filled < _WINDOW:
            self.filled += 1

    def ready(self):
        return self.filled == _WINDOW

    def fit_occupancy(self, occ):
        """How well an arbitrary occupancy explains the readings (for undo and
        tests); in the same units as the observation's fit."""
        self._residuals(occ)
        return self.fit(-1, -1, -1, 1 << 29)

    # -- observing ------------------------------------------------------------------

    def observe(self, expected, now_ms):
        """The settled observation relative to the expected occupancy, or an
        UNCLEAR one while nothing is settled (shared objects: copy to keep)."""
        best = self.best
        self._residuals(expected)
        still = now_ms - self.moving_at >= self.settle_ms
        if still and now_ms < self.fresh_until:
            # Just after a change was accepted: once it has settled, what is
            # left within the model's band of that change is this board's own
            # error for it; take it into the baselines.
            if self._fresh_left():
                self._absorb()
        quiet = self.fit(-1, -1, -1, self.quiet)
        if quiet <= self.quiet:
            self.misfit_at = -1
            best.set(NONE, -1, -1, -1)
            self.likely.set(NONE, -1, -1, -1)
            self.error = quiet
            if still:
                self._follow_drift()
        else:
            self.search(expected, now_ms - self.moving_at >= RELEARN_MS)
            if (
                self._code == NONE
                and self.second - self.error >= self.margin
                and self.error <= (16 if self.unsure else 2) * self.max_error
            ):
                # Nothing explains the readings better than "no change", only
                # not exactly: a marble put back a little differently, a knock
                # that left an offset, or a hand on its way. Once the
                # residuals have held steady a good while, take the readings
                # as the position the game expects, or every later move would
                # carry the misfit (and one near max_error would never count).
                # Not a marble held still high above the board (unless the
                # board's picture is a guess: then drift looks so too).
                if self._steady_misfit(now_ms) and (self.unsure or not self._from_above(now_ms)):
                    self._relearn()
                    self.unsure = False
                    best.set(NONE, -1, -1, -1)
                    self.likely.set(NONE, -1, -1, -1)
            elif (
                now_ms - self.moving_at >= RELEARN_MS
                and (self._code & 15 == ADD or self._code & 15 == MOVE)
                and self.second - self.error >= self.margin
                and self.error <= 4 * self.max_error
            ):
                # One marble set down (or raised) is by far the best
                # explanation and
                # near enough to fit, but for a misfit far from it: once the
                # residuals have held a second, take that in, if the marble
                # then makes its whole field (a level-3 one's share wavers
                # with the noise: the first tick it does). The second runs
                # on while the marble fits now and then (a fit about
                # max_error, in and out with the noise, too briefly to
                # count as a move).
                if (
                    self._steady_misfit(now_ms)
                    and best.kind == UNCLEAR
                    and self._full_strength(
                        (self._code >> 4 & 31) - 1, -1, (self._code >> 14 & 31) - 1, False
                    )
                ):
                    self._far_misfit()
                    self.misfit_at = -1
            else:
                self.misfit_at = -1
        cur = self.current
        if best.kind == UNCLEAR and cur.kind != UNCLEAR and cur.kind != NONE:
            # A bouncing marble drops out of the band for a tick or two: keep
            # the candidate (and since when it was first seen) for a while.
            if now_ms - self.seen_at <= _FLICKER_MS:
                return _SETTLING
        elif best.kind != UNCLEAR:
            self.seen_at = now_ms
        if not best.same(cur):
            cur.set(best.kind, best.lifted, best.lifted2, best.added)
            cur.since = now_ms
            self.low = self.high = self.resid[OWN_SENSOR[best.added]] if best.added >= 0 else 0
            self.least = self.error
        elif best.added >= 0:
            v = self.resid[OWN_SENSOR[best.added]]
            if v < self.low:
                self.low = v
            if v > self.high:
                self.high = v
            if self.error < self.least:
                self.least = self.error
            elif best.added >= 16 and self.error > 2 * self.least + (self.max_error >> 3):
                # The fit got much worse than it was: a marble carried past
                # that spot (its fit dips and rises again), not one resting
                # there. Start over from here.
                cur.since = now_ms
                self.least = self.error
                self.low = self.high = v
        if best.kind == UNCLEAR:
            return cur
        if best.kind == NONE and now_ms - self.moving_at >= self.settle_ms:
            return cur
        a, x = best.added, best.lifted
        if (a >= 0 and LEVEL[a] >= 3) or (x >= 0 and LEVEL[x] >= 3):
            # A marble on level 3 or the top barely moves the sensors, and a
            # hand carrying one across the board passes through those
            # points: it must stay there a good while, and still, to count.
            # ...and its field must not swell and fade as a marble carried
            # past does: steady within an eighth of a marble's field (beyond
            # what noise moves it).
            if (
                a >= 0
                and 8 * (self.high - self.low - 2 * self.noise3)
                > self.k[OWN_SENSOR[a] * POSITIONS + a]
            ):
                cur.since = now_ms
                self.low = self.high = self.resid[OWN_SENSOR[a]]
                return _SETTLING
            if (
                now_ms - cur.since >= self.settle_ms * _HIGH_SETTLE
                and now_ms - self.moving_at >= self.settle_ms
            ):
                return cur
            return _SETTLING
        # Lower down a change that fits within the band is the marble in its
        # place (held 1 mm higher it would not fit): the last small bounces
        # need not be waited out; what they leave is learnt after (rebase).
        # Except on level 2: a marble carried low across the board passes
        # through those points (it fits for a tick or two, moving): there
        # it must hold a little longer, with the readings still.
        if a < 16:
            if now_ms - cur.since >= self.settle_ms:
                return cur
        elif (
            now_ms - cur.since >= self.settle_ms * _MID_SETTLE
            and now_ms - self.moving_at >= self.settle_ms
        ):
            return cur
        return _SETTLING


_SETTLING = Observation()
_SETTLING.kind = UNCLEAR
