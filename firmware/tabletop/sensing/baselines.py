"""What the Pyraos sensing learns about its board, and keeps over a power cut.

    Baselines(profile)      # the base of tabletop.sensing.pyramid.PyramidSensor
    b.calibrate(expected)   # power on without a saved state
    b.rebase(expected, (lifted, lifted2, added), now_ms)  # after an accepted change
    b.forget(occ, empty)    # a new game
    b.state_parts(flags) / b.restore_state(words, at)     # tabletop.keep.store

Each sensor reads its baseline plus the model's field of the marbles near it
(tabletop.sensing.magnets). Neither is exact on a real board: baselines
drift, and each marble's magnet and seat differ a little. So the sensing
keeps the baselines and, for every marble placed, what that marble's field
differs from the model at each sensor (its own error), learnt while it
settles and taken out again exactly when it is lifted. What is left over
later (a marble put back a hair off, a knock that left an offset, slow drift)
is taken in only once the board has held still, and never what a hand may
be doing.

The subclass supplies the readings (``self.sums``); ``_residuals(occ)`` fills
``self.resid`` with them less the baselines and the model of ``occ``.
Integer arithmetic only.
"""

from array import array

from tabletop.rules.pyraos_geometry import POSITIONS
from tabletop.sensing.changes import _WINDOW, NONE, ChangeFinder, Observation
from tabletop.sensing.magnets import SENSORS

FRESH_MS = 1000  # how long after a change its settling is still taken in
RELEARN_MS = 1000  # still this long and only "no change" fits: relearn the baselines
ABOVE_MS = 10000  # ...or this long, a misfit such as a marble held above makes

STATE_WORDS = 2 + SENSORS + SENSORS * POSITIONS  # the flags, base, err (state_parts)


def _clip(v):
    # A marble's own error is a share of its field, well inside 16 bits;
    # kept there (1.5 KB less heap than 32), never wrapped.
    return -32768 if v < -32768 else 32767 if v > 32767 else v


class Baselines(ChangeFinder):
    def __init__(self, profile):
        ChangeFinder.__init__(self, profile)
        self.base = array("i", profile.sensor_base)
        self.noise3 = int(3 * profile.noise / _WINDOW**0.5) + 1  # of a smoothed reading
        self.quiet_ticks = 0
        self.fresh = (-1, -1, -1)  # the change accepted last, while it settles
        self.fresh_until = 0
        self.fresh_base = array("i", bytes(4 * SENSORS))
        # Each placed marble's own error (reading minus model, per sensor;
        # position-major) and which positions have one.
        self.err = array("h", bytes(2 * SENSORS * POSITIONS))  # (16 bits: _clip)
        self.known = 0
        self.misfit = array("h", bytes(2 * SENSORS))  # residuals a misfit started with (_clip)
        self.misfit_at = -1  # since when they have held (-1: no misfit)
        self.unsure = False  # a marble of unknown error was lifted: relearn more
        self.tainted = 0  # marbles whose learnt error holds another's unknown one
        self.relearnt = False  # a "no change" relearn moved the baselines (the board saves)
        self.current = Observation()  # the change being followed (reset here)
        # The smoothed readings, times _WINDOW (kept by the subclass), and
        # the marbles' part of the prediction for the occupancy model_occ.
        self.sums = array("i", bytes(4 * SENSORS))
        self.model = array("i", bytes(4 * SENSORS))
        self.model_occ = -1

    def _residuals(self, occ):
        # resid[s] = smoothed reading - predicted reading of occupancy occ.
        # The marbles' part of the prediction is worked out once per
        # occupancy (25 x 30 steps: most of an idle tick's time before).
        model = self.model
        if occ != self.model_occ:
            k = self.k
            for s in range(SENSORS):
                pred = 0
                row = s * POSITIONS
                bits = occ
                p = 0
                while bits:
                    if bits & 1:
                        pred += k[row + p]
                    bits >>= 1
                    p += 1
                model[s] = pred
            self.model_occ = occ
        resid = self.resid
        base = self.base
        sums = self.sums
        for s in range(SENSORS):
            resid[s] = sums[s] // _WINDOW - base[s] - model[s]

    # -- what it has learnt, kept over a power cut (tabletop.keep.store) --------------

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
        # Either way what is left is a guess: without the empty board's
        # baselines, each marble's error as learnt; with them, the sensors
        # have drifted since they were kept (tens of counts over a game).
        # Relearn it more freely once the board is still.
        self.unsure = empty is not None or occ != 0
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
            # Its own error is at most three times the model's band of its
            # field, plus noise (the bound _fresh_left keeps while it
            # settles). More is not this marble's (a stale baseline, a
            # misfit left by a marble lifted just before): it goes into the
            # baselines all the same, but lifting d must not bring it back.
            self._residuals(expected)
            k = self.k
            q = 3 * self.band
            for s in range(SENSORS):
                v = k[s * POSITIONS + d]
                lim = ((v if v > 0 else -v) * q >> 8) + self.noise3
                v = self.resid[s]
                err[d * SENSORS + s] = _clip(-lim if v < -lim else lim if v > lim else v)
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
        # of a smoothed reading) for RELEARN_MS? Restart the clock if not.
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
                held[s] = _clip(resid[s])
            return False
        return now_ms - self.misfit_at >= RELEARN_MS

    def _from_above(self, now_ms):
        # Is the misfit a field of one sign on most sensors (13 of 25 past a
        # quarter of a smoothed reading's noise, whatever the rest do)? A marble
        # held still a few cm above the board makes that (+5..+80 counts
        # nearly everywhere, on top of whatever misfit there was); a knock,
        # or a marble put back a hair off, moves a few sensors. Not a reason
        # to relearn, unless it has held ABOVE_MS: no hand is that still for
        # that long, and a shift of the whole board must not go unlearnt.
        if now_ms - self.misfit_at >= ABOVE_MS:
            return False
        t = self.noise3 >> 2
        up = 0
        down = 0
        for v in self.resid:
            if v > t:
                up += 1
            elif v < -t:
                down += 1
        return up >= 13 or down >= 13

    def _far_misfit(self):
        # The best explanation is one marble added or raised (observe), the
        # board has been still a good while and the residuals steady, but it
        # does not fit: a misfit on sensors its field does not reach (nor,
        # raised, its field where it was) spoils it, left by a marble taken
        # away just before whose learnt error was a little off (the hand
        # came back before the "no change" relearn had its still second).
        # Take that far misfit into those sensors' baselines; the next
        # search judges the marble as usual, near its place unchanged.
        # (Steady matters: a hand carrying the next marble gently over the
        # board is not seen as motion, and each spot it passes can be the
        # best guess for a moment.)
        d = (self._code >> 14 & 31) - 1
        x = (self._code >> 4 & 31) - 1  # the place it was raised from, or -1
        k = self.k
        resid = self.resid
        base = self.base
        reach = self.noise3  # a field weaker than a smoothed reading's noise
        for s in range(SENSORS):
            v = k[s * POSITIONS + d]
            w = k[s * POSITIONS + x] if x >= 0 else 0
            if -reach <= v <= reach and -reach <= w <= reach:
                base[s] += resid[s]
                resid[s] = 0

    def _relearn(self):
        base = self.base
        resid = self.resid
        for s in range(SENSORS):
            base[s] += resid[s]
            resid[s] = 0
        self.error = 0
        self.relearnt = True

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
