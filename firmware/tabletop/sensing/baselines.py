"""What the Pyraos sensing learns about its board, and keeps over a power cut.

    learnt = Baselines(profile, finder, readings)   # finder: the ChangeFinder it fills
    learnt.residuals(occ)            # finder.resid = readings less baselines less model(occ)
    learnt.rebase(expected, (lifted, lifted2, added), now_ms)   # after an accepted change
    learnt.calibrate(expected)       # the readings now as the baselines (power on)
    learnt.keep_empty(); learnt.forget(occ)          # a game starts; a new game
    learnt.state_parts() / learnt.restore_state(words)   # tabletop.keep.store

Each sensor reads its baseline plus the model's field of the marbles near it
(tabletop.sensing.magnets). Neither is exact on a real board: baselines
drift, and each marble's magnet and seat differ a little. So the sensing
keeps the baselines and, for every marble placed, what that marble's field
differs from the model at each sensor (its own error), learnt while it
settles and taken out again exactly when it is lifted. What is left over
later (a marble put back a hair off, a knock that left an offset, slow drift)
is taken in only once the board has held still, and never what a hand may
be doing: tabletop.sensing.pyramid decides when (with the tests of
tabletop.sensing.misfit), and this module what (``relearn``,
``take_far_misfit``, ``settle_fresh``, ``follow_drift``). docs/FIRMWARE.md,
"What the sensing learns of a board", has the rules. Integer arithmetic only.
"""

from array import array
from micropython import const

from tabletop.rules.pyraos_geometry import POSITIONS
from tabletop.sensing.magnets import SENSORS, clip16
from tabletop.sensing.smoothing import WINDOW, smoothed_noise

FRESH_MS = const(1000)  # how long after a change its settling is still taken in
_DRIFT_TICKS = const(64)  # quiet ticks between two steps that follow drift
_CATCH_UP = const(4)  # steps taken at once at most, after a rest (1/4 of the residual)

# The learnt state, in words (state_parts): the flags (marbles with a known
# error, those tainted), the baselines, each marble's error, whether the
# empty board's baselines are known, and those.
STATE_WORDS = 2 + SENSORS + SENSORS * POSITIONS + 1 + SENSORS


class Baselines:
    def __init__(self, profile, finder, readings):
        self.k = finder.k  # the model: what marble p adds to sensor s
        self.band = finder.band  # the model's error band, x/256 of a marble's field
        self.resid = finder.resid  # filled here, judged by the finder
        self.sums = readings.sums  # the smoothed readings, times WINDOW
        self.base = array("i", profile.sensor_base)
        self.noise3 = smoothed_noise(profile.noise, 3)  # (PyramidSensor.set_noise)
        self.quiet_ticks = 0
        self.fresh = (-1, -1, -1)  # the change accepted last, while it settles
        self.fresh_until = 0
        self.fresh_base = array("i", bytes(4 * SENSORS))
        # Each placed marble's own error (reading minus model, per sensor;
        # position-major) and which positions have one.
        self.err = array("h", bytes(2 * SENSORS * POSITIONS))  # (16 bits: clip16)
        self.known = 0
        self.unsure = False  # the picture is a guess (power on, a marble of unknown error lifted)
        self.tainted = 0  # marbles whose learnt error holds another's unknown one
        self.relearnt = False  # a "no change" relearn moved the baselines (the board saves)
        self.empty = None  # the baselines of the empty board when the last game started
        # The marbles' part of the prediction for the occupancy model_occ
        # (zero: the empty board's).
        self.model = array("i", bytes(4 * SENSORS))
        self.model_occ = 0
        self._flags = array("i", bytes(4 * 2))  # state_parts: known, tainted
        self._has_empty = array("i", bytes(4))

    def leave_out(self, sensors, readings):
        """The sensors of bits ``sensors`` are faulty: from now on they read
        ``readings[s]`` and no marble is expected to change that (their
        model's share is zero), so they take no part in any fit."""
        k = self.k
        for s in range(SENSORS):
            if sensors >> s & 1:
                for p in range(POSITIONS):
                    k[s * POSITIONS + p] = 0
                self.model[s] = 0
                self.base[s] = readings[s]

    def residuals(self, occ):
        """resid[s] = smoothed reading - predicted reading of occupancy occ.
        The marbles' part of the prediction follows the occupancy: the field
        of each marble that came or went since the last call is added or
        taken out (a move changes one to three; working out a whole position
        is 25 x 30 steps, 4 ms on a Pico)."""
        model = self.model
        changed = occ ^ self.model_occ
        if changed:
            k = self.k
            p = 0
            while changed:
                if changed & 1:
                    i = p  # k[s * POSITIONS + p], s = 0, 1, ...
                    if occ >> p & 1:
                        for s in range(SENSORS):
                            model[s] += k[i]
                            i += POSITIONS
                    else:
                        for s in range(SENSORS):
                            model[s] -= k[i]
                            i += POSITIONS
                changed >>= 1
                p += 1
            self.model_occ = occ
        resid = self.resid
        base = self.base
        sums = self.sums
        for s in range(SENSORS):
            resid[s] = sums[s] // WINDOW - base[s] - model[s]

    # -- what it has learnt, kept over a power cut (tabletop.keep.store) ---------

    def state_parts(self):
        """The learnt state as arrays of ints, for GameStore.save_state:
        STATE_WORDS words in all (see there)."""
        flags = self._flags
        flags[0] = self.known
        flags[1] = self.tainted
        empty = self.empty
        self._has_empty[0] = 0 if empty is None else 1
        return (flags, self.base, self.err, self._has_empty, self.base if empty is None else empty)

    def restore_state(self, words):
        """Take back what state_parts gave (power on); the readings start afresh."""
        self.known = words[0]
        self.tainted = words[1]
        at = 2
        self.base[:] = words[at : at + SENSORS]  # (power on: the slice may allocate)
        at += SENSORS
        err = self.err
        for i in range(SENSORS * POSITIONS):
            err[i] = clip16(words[at + i])  # (32-bit words into 16 bits: one by one)
        at += SENSORS * POSITIONS
        if words[at]:
            self.empty = words[at + 1 : at + 1 + SENSORS]
        self.unsure = False
        self.fresh_until = 0

    # -- learning -------------------------------------------------------------------

    def calibrate(self, expected, limit=400, share=0):
        """Take the current readings as the baselines for the expected
        occupancy, where they are off by at most ``limit`` counts (more is a
        stray marble or a hand, not calibrated away). For power-on.

        With ``share`` (x/256, the model's band: power on in the middle of a
        game), a sensor under marbles may move by that share of their field
        more, and what it moves is remembered as those marbles' own errors,
        split in proportion to their fields there, so that lifting one later
        takes its part out again."""
        self.residuals(expected)
        k = self.k
        err = self.err
        resid = self.resid
        for s in range(SENSORS):
            row = s * POSITIONS
            field = 0
            if share:
                for p in range(POSITIONS):
                    if expected >> p & 1:
                        v = k[row + p]
                        field += v if v > 0 else -v
            lim = limit + (field * share >> 8)
            d = resid[s]
            if d > lim or d < -lim:
                continue  # not the sensor's error: a marble there or a hand near
            self.base[s] += d
            if field > limit:  # the marbles' errors, not the sensor's own
                for p in range(POSITIONS):
                    if expected >> p & 1:
                        v = k[row + p]
                        err[p * SENSORS + s] = clip16(d * (v if v > 0 else -v) // field)
        if share:
            self.known = expected

    def keep_empty(self):
        """A game starts on the empty board: its baselines are kept for the next."""
        if self.empty is None:
            self.empty = array("i", self.base)
        else:
            self.empty[:] = self.base

    def forget(self, occ):
        """A new game: the marbles of ``occ`` go. Back to the empty board's
        baselines (kept when the last game started), or, if this board never
        saw one, what was learnt of those marbles taken out of the baselines."""
        base = self.base
        empty = self.empty
        if empty is not None:
            base[:] = empty
        else:
            err = self.err
            for p in range(POSITIONS):
                if occ >> p & 1 and self.known >> p & 1:
                    for s in range(SENSORS):
                        base[s] -= err[p * SENSORS + s]
        self.known = 0
        self.tainted = 0
        # Either way what is left is a guess: without the empty board's
        # baselines, each marble's error as learnt; with them, the sensors
        # have drifted since they were kept (tens of counts over a game).
        # Relearn it more freely once the board is still.
        self.unsure = empty is not None or occ != 0
        self.fresh_until = 0

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
            self.residuals(expected)
            self._absorb()
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
            # Its own error is at most three times the model's band of its
            # field, plus noise (the bound _fresh_left keeps while it
            # settles). More is not this marble's (a stale baseline, a
            # misfit left by a marble lifted just before): it goes into the
            # baselines all the same, but lifting d must not bring it back.
            self.residuals(expected)
            k = self.k
            resid = self.resid
            q = 3 * self.band
            for s in range(SENSORS):
                v = k[s * POSITIONS + d]
                lim = ((v if v > 0 else -v) * q >> 8) + self.noise3
                v = resid[s]
                err[d * SENSORS + s] = clip16(-lim if v < -lim else lim if v > lim else v)
            self.known |= 1 << d
            if guess:
                self.tainted |= 1 << d
            self._absorb()
            self.fresh = change
            self.fresh_until = now_ms + FRESH_MS
            self.fresh_base[:] = base
        elif guess:
            # A marble lifted whose own error is not known (it was on the
            # board at power on): what it leaves behind is learnt once the
            # board is still, not now, while the hand may hold it close.
            self.unsure = True

    def doubt(self):
        """What the baselines hold is a guess (power on): a steady misfit
        left once the board is still is relearnt more freely."""
        self.unsure = True

    def was_relearnt(self):
        """Did a "no change" relearn move the baselines since the last call?"""
        moved = self.relearnt
        self.relearnt = False
        return moved

    def settled(self):
        """The change accepted last is no longer followed while it settles
        (it happened while the power was off and has long settled)."""
        self.fresh_until = 0

    def settle_fresh(self, now_ms):
        """The readings are still: while the change accepted last settles,
        what is left within the model's band of it is that marble's own
        error (its field grows as the hand lets go): taken in."""
        if now_ms < self.fresh_until and self._fresh_left():
            self._absorb()

    def _fresh_left(self):
        # Is every sensor's residual within the model's band of the fresh
        # change (plus noise)? Then it is that change still settling (a
        # marble rolling into its cup, a magnet a little strong). Anything
        # else, such as the next marble on its way, shows outside the band.
        # The noise allowed is of a difference of two smoothed readings,
        # the one at acceptance (in start) and the one now, so sqrt(2)
        # times noise3 (17 / 12): with noise3 alone, a sensor the marble
        # does not reach, its window 3.7 widths off as the change was
        # accepted, stayed outside the band once the longer average
        # (tabletop.sensing.still_average) had averaged the noise of now
        # away, and the marble's settling was never taken in (at twice the
        # noise: seed 14 of the plain model, 24 of the chain, waiting on
        # the next move; a board working with more than its true noise,
        # as it did with the median sensor's figure, hid it).
        x, y, d = self.fresh
        k = self.k
        resid = self.resid
        slack = self.noise3 * 17 // 12
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
            # least full_strength allows) drops the last millimetre
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
                self.err[i] = clip16(self.err[i] + resid[s])
            resid[s] = 0

    def take_far_misfit(self, added, lifted):
        """One marble added at ``added`` (or raised there from ``lifted``, else
        -1) is by far the best explanation, the residuals are steady and it
        makes its whole field, but a misfit on sensors its field does not
        reach (nor, raised, its field where it was) spoils its fit: left by a
        marble taken away just before whose learnt error was a little off.
        That far misfit goes into those sensors' baselines; the next search
        judges the marble as usual, near its place unchanged."""
        k = self.k
        resid = self.resid
        base = self.base
        reach = self.noise3  # a field weaker than a smoothed reading's noise
        for s in range(SENSORS):
            v = k[s * POSITIONS + added]
            w = k[s * POSITIONS + lifted] if lifted >= 0 else 0
            if -reach <= v <= reach and -reach <= w <= reach:
                base[s] += resid[s]
                resid[s] = 0

    def relearn(self):
        """ "No change" explains the readings best, only not exactly: take
        the readings as the expected occupancy (base += residual)."""
        base = self.base
        resid = self.resid
        for s in range(SENSORS):
            base[s] += resid[s]
            resid[s] = 0
        self.relearnt = True
        self.unsure = False

    def follow_drift(self):
        """The board is still and matches: let the baselines follow slow
        drift (a step of 1/16 of the residual every _DRIFT_TICKS quiet ticks).
        The ticks the board rested count too (``quiet_ticks``, added by
        tabletop.sensing.pyramid): their steps are taken at the next look,
        at most _CATCH_UP of them at once."""
        ticks = self.quiet_ticks + 1
        if ticks < _DRIFT_TICKS:
            self.quiet_ticks = ticks
            return
        steps = ticks // _DRIFT_TICKS
        if steps > _CATCH_UP:
            steps = _CATCH_UP
        self.quiet_ticks = ticks % _DRIFT_TICKS
        resid = self.resid
        base = self.base
        for s in range(SENSORS):
            d = resid[s] * steps
            base[s] += d >> 4 if d > 0 else -((-d) >> 4)
