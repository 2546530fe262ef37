"""Which change of the pyramid best explains what the 25 hall sensors read.

    m = PyramidSensor(profile)
    m.update(analog, now_ms)          # every tick, the raw array from the hal
    obs = m.observe(expected, now_ms) # relative to the occupancy the game expects
    obs.kind, obs.lifted, obs.added   # NONE, ADD, LIFT, MOVE, LIFT2 or UNCLEAR

Every sensor reads the summed field of the marbles above and near it
(tabletop.sensing.magnets). This module follows the readings in time: it
smooths them (restarting the average at a step), tells motion from stillness,
keeps the baselines (learning each placed marble's own error while it
settles, taking exactly that out when it is lifted, following slow drift),
and reports the change tabletop.sensing.changes finds only once it has held
for ``settle_ms`` (ten times that, and steady, on level 3 and the top, where
a carried marble passes through). Otherwise the observation is UNCLEAR and
the board waits: a hand hovering with a marble, two changes at once or a
knocked sensor fit nothing well, or not for long.

Integer arithmetic only: with nothing moving the tick allocates nothing.
"""

from array import array

from tabletop.rules.pyraos_geometry import LEVEL, POSITIONS
from tabletop.sensing.changes import (
    _WINDOW,
    ADD,
    LIFT,
    LIFT2,
    MOVE,
    NONE,
    UNCLEAR,
    ChangeFinder,
    Observation,
)
from tabletop.sensing.magnets import OWN_SENSOR, SENSORS, kernel, position_xyz, sensor_xy

__all__ = ("ADD", "LIFT", "LIFT2", "MOVE", "NONE", "UNCLEAR", "OWN_SENSOR", "Observation",
           "PyramidSensor", "kernel", "position_xyz", "sensor_xy")  # fmt: skip

_STILL = 6  # a reading this many noise widths off the average is motion
FRESH_MS = 1000  # how long after a change its settling is still taken in
_HIGH_SETTLE = 10  # times longer a change on level 3 or the top must hold
_MID_SETTLE = 4  # ... and a marble added on level 2
_FLICKER_MS = 30  # a candidate unseen this long (a bounce) is not forgotten
_RELEARN_MS = 1000  # still this long and only "no change" fits: relearn the baselines


STATE_WORDS = 2 + SENSORS + SENSORS * POSITIONS  # the flags, base, err (state_parts)


def _clip(v):
    # A marble's own error is a share of its field, well inside 16 bits;
    # kept there (1.5 KB less heap than 32), never wrapped.
    return -32768 if v < -32768 else 32767 if v > 32767 else v


class PyramidSensor(ChangeFinder):
    def __init__(self, profile):
        ChangeFinder.__init__(self, profile)
        self.channels = profile.sensor_channels
        self.base = array("i", profile.sensor_base)
        self.ring = array("i", bytes(4 * SENSORS * _WINDOW))
        self.slot = 0
        self.filled = 0
        self.sums = array("i", bytes(4 * SENSORS))
        self.quiet = self.max_error >> 2  # below this, no search: nothing changed
        self.settle_ms = profile.settle_ms
        self.still = int(_STILL * profile.noise * _WINDOW)
        self.moving_at = 0
        self.quiet_ticks = 0
        self.fresh = (-1, -1, -1)  # the change accepted last, while it settles
        self.fresh_until = 0
        self.fresh_base = array("i", bytes(4 * SENSORS))
        # Each placed marble's own error (reading minus model, per sensor;
        # position-major) and which positions have one.
        self.err = array("h", bytes(2 * SENSORS * POSITIONS))  # (16 bits: _clip)
        self.known = 0
        self.block_sums = array("i", bytes(4 * SENSORS))
        self.block_tick = 0
        # Two window sums apart by more than this are motion (4 noise widths).
        self.block_still = int(4 * profile.noise * (2 * _WINDOW) ** 0.5)
        self.noise3 = int(3 * profile.noise / _WINDOW**0.5) + 1  # of a smoothed reading
        self.current = Observation()
        self.seen_at = 0  # when the current candidate was last the best
        self.misfit = array("i", bytes(4 * SENSORS))  # residuals a misfit started with
        self.misfit_at = -1  # since when they have held (-1: no misfit)
        self.unsure = False  # a marble of unknown error was lifted: relearn more
        self.tainted = 0  # marbles whose learnt error holds another's unknown one
        self.low = self.high = 0  # range of its own sensor while it holds
        self.least = 0  # its best fit while it holds

    # -- what it has learnt, kept over a power cut (tabletop.store) --------------

    def state_parts(self, flags):
        """The learnt state as arrays of ints, for GameStore.save_state:
        ``flags`` (an array("i") of at least 2, filled here: the marbles
        with a known error, those tainted), the baselines, each marble's
        error. STATE_WORDS words in all."""
        flags[0] = self.known
        flags[1] = self.tainted
        return (self.base, self.err)

    def restore_state(self, words, at):
        """Take back what state_parts gave (``words[at:]``: the flags' two
        words, then the rest) on power-on; the readings start afresh."""
        self.known = words[at]
        self.tainted = words[at + 1]
        at += 2
        base = self.base
        for s in range(SENSORS):
            base[s] = words[at + s]
        at += SENSORS
        err = self.err
        for i in range(SENSORS * POSITIONS):
            err[i] = _clip(words[at + i])
        self.unsure = False
        self.misfit_at = -1
        self.fresh_until = 0
        self.current.set(NONE, -1, -1, -1)

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
            lim = self.block_still
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

    def _residuals(self, occ):
        # resid[s] = smoothed reading - predicted reading of occupancy occ.
        k = self.k
        resid = self.resid
        base = self.base
        sums = self.sums
        for s in range(SENSORS):
            pred = base[s]
            row = s * POSITIONS
            bits = occ
            p = 0
            while bits:
                if bits & 1:
                    pred += k[row + p]
                bits >>= 1
                p += 1
            resid[s] = sums[s] // _WINDOW - pred

    def fit_occupancy(self, occ):
        """How well an arbitrary occupancy explains the readings (for undo and
        tests); in the same units as the observation's fit."""
        self._residuals(occ)
        return self.fit(-1, -1, -1, 1 << 29)

    # -- observing ------------------------------------------------------------------

    def calibrate(self, expected, limit=400, share=0):
        """Take the current readings as the baselines for the expected
        occupancy, where they are off by at most ``limit`` counts (more is a
        stray marble or a hand, not calibrated away). For power-on.

        With ``share`` (x/256, the model's band: power on in the middle of a
        game), a sensor under marbles may move by that share of their field
        more, and what it moves is remembered as those marbles' own errors,
        split in proportion to their fields there, so that lifting one later
        takes its part out again."""
        self._residuals(expected)
        k = self.k
        err = self.err
        for s in range(SENSORS):
            row = s * POSITIONS
            field = 0
            if share:
                for p in range(POSITIONS):
                    if expected >> p & 1:
                        v = k[row + p]
                        field += v if v > 0 else -v
            lim = limit + (field * share >> 8)
            d = self.resid[s]
            if d > lim or d < -lim:
                continue  # not the sensor's error: a marble there or a hand near
            self.base[s] += d
            if field > limit:  # the marbles' errors, not the sensor's own
                for p in range(POSITIONS):
                    if expected >> p & 1:
                        v = k[row + p]
                        err[p * SENSORS + s] = _clip(d * (v if v > 0 else -v) // field)
        if share:
            self.known = expected

    def forget(self, occ, empty=None):
        """A new game: the marbles of ``occ`` go. Take what was learnt of
        them out of the baselines, or go back to ``empty`` (the baselines of
        the empty board, kept when the last game started) when given."""
        base = self.base
        if empty is not None:
            for s in range(SENSORS):
                base[s] = empty[s]
        else:
            err = self.err
            for p in range(POSITIONS):
                if occ >> p & 1 and self.known >> p & 1:
                    for s in range(SENSORS):
                        base[s] -= err[p * SENSORS + s]
        self.known = 0
        self.tainted = 0
        # without the empty board's baselines, what is left is a guess:
        # relearn it more freely once the board is still
        self.unsure = empty is None and occ != 0
        self.misfit_at = -1
        self.fresh_until = 0
        self.current.set(NONE, -1, -1, -1)

    def rebase(self, expected, change=None, now_ms=0):
        """Make ``expected`` the reference after a change that was matched and
        accepted, given as (lifted, lifted2, added); or, with no change (a new
        start), take the readings now as the expected occupancy.

        Each marble's own error (what its field differs from the model on
        this board) is learnt when it is placed, from the readings, and
        remembered. When it is lifted, exactly that is taken out of the
        baselines, whatever else the sensors see at that moment (the hand
        still holding the marble above the board, say). A placed marble's
        error keeps being learnt while it settles (``FRESH_MS``)."""
        base = self.base
        err = self.err
        self.fresh_until = 0
        if change is None:
            self.known = 0
            self.tainted = 0
            self.unsure = False
            self._residuals(expected)
            self._absorb()
            self.current.set(NONE, -1, -1, -1)
            return
        x, y, d = change
        guess = False  # a lifted marble whose error is not known
        for p in (x, y):
            if p >= 0:
                if self.known >> p & 1:
                    for s in range(SENSORS):
                        base[s] -= err[p * SENSORS + s]
                    self.known &= ~(1 << p)
                else:
                    guess = True
                if self.tainted >> p & 1:
                    self.tainted &= ~(1 << p)
                    self.unsure = True  # its error carried another's unknown one
        if d >= 0:
            self._residuals(expected)
            for s in range(SENSORS):
                err[d * SENSORS + s] = _clip(self.resid[s])
            self.known |= 1 << d
            if guess:
                self.tainted |= 1 << d
            self._absorb()
        elif guess:
            # A marble lifted whose own error is not known (it was on the
            # board at power on): what it leaves behind is learnt once the
            # board is still, not now, while the hand may hold it close.
            self.unsure = True
        self.current.set(NONE, -1, -1, -1)
        if d >= 0:
            self.fresh = change
            self.fresh_until = now_ms + FRESH_MS
            for s in range(SENSORS):
                self.fresh_base[s] = base[s]

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
            self.search(expected)
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
                if self._steady_misfit(now_ms):
                    self._relearn()
                    self.unsure = False
                    best.set(NONE, -1, -1, -1)
                    self.likely.set(NONE, -1, -1, -1)
            elif (
                best.kind == UNCLEAR
                and now_ms - self.moving_at >= _RELEARN_MS
                and self._far_candidate()
            ):
                # One marble set down explains it but for a misfit far from
                # it: once the residuals have held a second, take that in.
                if self._steady_misfit(now_ms):
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

    def _fresh_left(self):
        # Is every sensor's residual within the model's band of the fresh
        # change (plus noise)? Then it is that change still settling (a
        # marble rolling into its cup, a magnet a little strong). Anything
        # else, such as the next marble on its way, shows outside the band.
        x, y, d = self.fresh
        k = self.k
        resid = self.resid
        slack = self.noise3
        base = self.base
        start = self.fresh_base  # measured from the baselines at acceptance,
        for s in range(SENSORS):  # so small steps cannot creep past the band
            row = s * POSITIONS
            band = 0
            if x >= 0:
                v = k[row + x]
                band += v if v > 0 else -v
            if y >= 0:
                v = k[row + y]
                band += v if v > 0 else -v
            if d >= 0:
                v = k[row + d]
                band += v if v > 0 else -v
            # three times the model's band: a marble accepted while the hand
            # still held it a hair above its place (at 0.8 of its field, the
            # least _full_strength allows) drops the last millimetre
            band = (band * self.band * 3 >> 8) + slack
            r = resid[s] + base[s] - start[s]
            if r > band or r < -band:
                return False
        return True

    def _absorb(self):
        # base += residual: the readings now are the expected occupancy. In
        # the fresh window that is the new marble settling: its error too.
        base = self.base
        resid = self.resid
        d = self.fresh[2]
        grow = d >= 0 and self.fresh_until and self.known >> d & 1
        for s in range(SENSORS):
            base[s] += resid[s]
            if grow:
                i = d * SENSORS + s
                self.err[i] = _clip(self.err[i] + resid[s])
            resid[s] = 0

    def _steady_misfit(self, now_ms):
        # Have the residuals stayed where they were (within twice the noise
        # of a smoothed reading) for _RELEARN_MS? Restart the clock if not.
        resid = self.resid
        held = self.misfit
        if self.misfit_at >= 0:
            limit = 2 * self.noise3
            for s in range(SENSORS):
                d = resid[s] - held[s]
                if d > limit or d < -limit:
                    self.misfit_at = -1
                    break
        if self.misfit_at < 0:
            self.misfit_at = now_ms
            for s in range(SENSORS):
                held[s] = resid[s]
            return False
        return now_ms - self.misfit_at >= _RELEARN_MS

    def _far_candidate(self):
        # Is one marble added by far the best explanation, near enough to
        # fit, and with its whole field (resting, not held above its spot)?
        code = self._code
        if code & 15 != ADD or self.second - self.error < self.margin:
            return False
        if self.error > 4 * self.max_error:
            return False
        return self._full_strength(-1, -1, (code >> 14 & 31) - 1)

    def _far_misfit(self):
        # The best explanation is one marble added (_far_candidate), the
        # board has been still a good while and the residuals steady, but
        # it does not fit: a misfit on sensors its field does not reach
        # spoils it (left by a marble taken away just before whose learnt
        # error was a little off; the hand came back before the "no change"
        # relearn had its still second). Take that far misfit into those
        # sensors' baselines; the next search judges the marble as usual,
        # near its place unchanged. (Steady matters: a hand carrying the
        # next marble gently over the board is not seen as motion, and each
        # spot it passes can be the best guess for a moment.)
        d = (self._code >> 14 & 31) - 1
        k = self.k
        resid = self.resid
        base = self.base
        reach = self.noise3  # a field weaker than a smoothed reading's noise
        for s in range(SENSORS):
            v = k[s * POSITIONS + d]
            if -reach <= v <= reach:
                base[s] += resid[s]
                resid[s] = 0

    def _relearn(self):
        base = self.base
        resid = self.resid
        for s in range(SENSORS):
            base[s] += resid[s]
            resid[s] = 0
        self.error = 0

    def _follow_drift(self):
        # The board is still and matches: let the baselines follow slow
        # drift (a step of 1/16 of the residual every 64 quiet ticks).
        self.quiet_ticks = (self.quiet_ticks + 1) & 63
        if self.quiet_ticks:
            return
        resid = self.resid
        base = self.base
        for s in range(SENSORS):
            d = resid[s]
            base[s] += d >> 4 if d > 0 else -((-d) >> 4)


_SETTLING = Observation()
_SETTLING.kind = UNCLEAR
