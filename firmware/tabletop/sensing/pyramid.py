"""Which change of the pyramid best explains what the 25 hall sensors read.

    m = PyramidSensor(profile)
    m.update(analog, now_ms)          # every tick, the raw array from the hal
    obs = m.observe(expected, now_ms) # relative to the occupancy the game expects
    obs.kind, obs.lifted, obs.added   # NONE, ADD, LIFT, MOVE, LIFT2 or UNCLEAR

Every sensor reads the summed field of the marbles above and near it (the
magnet model of docs/FIRMWARE.md). From the profile we predict, for any set
of occupied positions, what each sensor should read; the observation is the
small change of the expected set (nothing, one marble added, one or two
lifted, one moved) whose prediction fits the smoothed readings best. It is
reported only when it fits well (``max_error``), beats the runner-up by
``margin`` (both in units of the noise, squared and summed), and has stayed
the same for ``settle_ms``; otherwise the observation is UNCLEAR and the
board waits. A hand hovering with a marble, two changes at once or a knocked
sensor fit nothing well, or not for long.

Integer arithmetic only: with nothing moving the tick allocates nothing.
"""

from array import array

from tabletop.rules.pyraos_geometry import COL, LEVEL, POSITIONS, ROW, SUPPORT

NONE = 0
ADD = 1
LIFT = 2
MOVE = 3
LIFT2 = 4
UNCLEAR = 5

SENSORS = 25
_WINDOW = 4  # readings averaged per sensor (a ring per sensor)
_LIMIT = 4600  # |difference| above which a term saturates (keeps sums small ints)
_CAP = _LIMIT * _LIMIT
_MAX_CANDIDATES = 8  # positions kept per kind when pruning
_STILL = 6  # a reading this many noise widths off the average is motion
_FRESH_MS = 1000  # how long after a change its settling is still taken in
_HIGH_SETTLE = 10  # times longer a change on level 3 or the top must hold
_FLICKER_MS = 30  # a candidate unseen this long (a bounce) is not forgotten


def sensor_xy(i, pitch):
    """Where sensor i (profile order: cups a1..d4, then points 2a1..2c3) sits."""
    if i < 16:
        return (i % 4) * pitch, (i // 4) * pitch
    j = i - 16
    return (j % 3 + 0.5) * pitch, (j // 3 + 0.5) * pitch


def position_xyz(p, pitch, depth):
    """The centre of a marble at position p, in mm above the sensor plane."""
    k = LEVEL[p] - 1
    return (
        (COL[p] + k / 2) * pitch,
        (ROW[p] + k / 2) * pitch,
        depth + k * pitch / 1.4142135623730951,
    )


def kernel(profile):
    """K[s * 30 + p]: what a marble at p adds to sensor s, in ADC counts."""
    pitch = profile.pitch_mm
    depth = profile.depth_mm
    out = array("i", bytes(4 * SENSORS * POSITIONS))
    for s in range(SENSORS):
        sx, sy = sensor_xy(s, pitch)
        gain = profile.sensor_gain[s] * profile.moment
        for p in range(POSITIONS):
            x, y, z = position_xyz(p, pitch, depth)
            dx = x - sx
            dy = y - sy
            r2 = dx * dx + dy * dy + z * z
            out[s * POSITIONS + p] = int(gain * (3 * z * z - r2) / (r2 * r2 * (r2**0.5)))
    return out


def _own_sensors():
    # The sensor straight below each position: cups under level 1 and the
    # inner cups under level 3, points under level 2 and the top.
    own = bytearray(POSITIONS)
    for p in range(POSITIONS):
        lv = LEVEL[p]
        x, y = COL[p], ROW[p]
        if lv == 1:
            own[p] = y * 4 + x
        elif lv == 2:
            own[p] = 16 + y * 3 + x
        elif lv == 3:
            own[p] = (y + 1) * 4 + x + 1
        else:
            own[p] = 16 + 4
    return bytes(own)


OWN_SENSOR = _own_sensors()
del _own_sensors


class Observation:
    """A change relative to the expected occupancy: ``kind`` and the
    positions ``lifted`` / ``lifted2`` / ``added`` (-1 where unused)."""

    def __init__(self):
        self.kind = NONE
        self.lifted = -1
        self.lifted2 = -1
        self.added = -1
        self.since = 0  # when this observation was first seen

    def set(self, kind, lifted, lifted2, added):
        self.kind = kind
        self.lifted = lifted
        self.lifted2 = lifted2
        self.added = added

    def same(self, other):
        return (
            self.kind == other.kind
            and self.lifted == other.lifted
            and self.lifted2 == other.lifted2
            and self.added == other.added
        )

    def occupancy(self, expected):
        """The occupancy this observation says is on the board."""
        occ = expected
        if self.lifted >= 0:
            occ &= ~(1 << self.lifted)
        if self.lifted2 >= 0:
            occ &= ~(1 << self.lifted2)
        if self.added >= 0:
            occ |= 1 << self.added
        return occ


class PyramidSensor:
    def __init__(self, profile):
        self.channels = profile.sensor_channels
        self.k = kernel(profile)
        self.own = OWN_SENSOR
        self.base = array("i", profile.sensor_base)
        self.ring = array("i", bytes(4 * SENSORS * _WINDOW))
        self.slot = 0
        self.filled = 0
        self.sums = array("i", bytes(4 * SENSORS))
        self.resid = array("i", bytes(4 * SENSORS))  # smoothed reading minus prediction
        # Noise of a smoothed reading, squared, as the unit of fit (>= 1).
        n = profile.noise
        self.unit = max(1, int(n * n / _WINDOW))
        self.margin = int(profile.match_margin * self.unit)
        self.max_error = int(profile.match_max_error * SENSORS * self.unit)
        self.quiet = self.max_error >> 2  # below this, no search: nothing changed
        self.error = 0  # fit of the latest best candidate (for tests and benches)
        self.second = 0  # fit of the runner-up
        self.settle_ms = profile.settle_ms
        self.still = int(_STILL * profile.noise * _WINDOW)
        self.moving_at = 0
        self.quiet_ticks = 0
        # The model may be off by model_error of each changed marble's field
        # at each sensor: deviations within that band cost nothing (x/256).
        self.band = int(profile.match_model_error * 256 + 0.5)
        self.fresh = (-1, -1, -1)  # the change accepted last, while it settles
        self.fresh_until = 0
        self.fresh_base = array("i", bytes(4 * SENSORS))
        # Each placed marble's own error (reading minus model, per sensor;
        # position-major) and which positions have one.
        self.err = array("i", bytes(4 * SENSORS * POSITIONS))
        self.known = 0
        self.block_sums = array("i", bytes(4 * SENSORS))
        self.block_tick = 0
        # Two window sums apart by more than this are motion (4 noise widths).
        self.block_still = int(4 * profile.noise * (2 * _WINDOW) ** 0.5)
        self.noise3 = int(3 * profile.noise / _WINDOW**0.5) + 1  # of a smoothed reading
        self.slack = int(2 * profile.noise / _WINDOW**0.5) + 1
        self.current = Observation()
        self.seen_at = 0  # when the current candidate was last the best
        self.low = self.high = 0  # range of its own sensor while it holds
        self.likely = Observation()  # the best change, clear but too rough to accept
        self.best = Observation()  # reused scratch
        self._adds = array("b", bytes(_MAX_CANDIDATES))
        self._lifts = array("b", bytes(_MAX_CANDIDATES))

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

    def fit(self, lifted, lifted2, added, limit):
        """How badly the residuals miss the change "lift lifted/lifted2, add
        added" (-1 for none): the sum over sensors of the squared difference
        beyond a dead band, stopping past limit. The band is the same small
        slack for every candidate (noise, drift) plus, for each changed
        marble, the share of its field the model may be off by."""
        k = self.k
        resid = self.resid
        band_q = self.band
        slack = self.slack
        total = 0
        for s in range(SENSORS):
            d = resid[s]
            row = s * POSITIONS
            wide = 0
            if lifted >= 0:
                v = k[row + lifted]
                d += v
                wide += v if v > 0 else -v
            if lifted2 >= 0:
                v = k[row + lifted2]
                d += v
                wide += v if v > 0 else -v
            if added >= 0:
                v = k[row + added]
                d -= v
                wide += v if v > 0 else -v
            band = slack + (wide * band_q >> 8)
            if d > band:
                d -= band
            elif d < -band:
                d += band
            else:
                d = 0
            if -_LIMIT < d < _LIMIT:
                total += d * d
            else:
                total += _CAP
            if total > limit:
                return total
        return total

    def fit_occupancy(self, occ):
        """How well an arbitrary occupancy explains the readings (for undo and
        tests); in the same units as the observation's fit."""
        self._residuals(occ)
        return self.fit(-1, -1, -1, 1 << 29)

    # -- observing ------------------------------------------------------------------

    def calibrate(self, expected, limit=400):
        """Take the current readings as the baselines for the expected
        occupancy, moving each by at most ``limit`` counts (so a stray marble
        is not calibrated away). For power-on, when the position is a guess."""
        self._residuals(expected)
        for s in range(SENSORS):
            d = self.resid[s]
            self.base[s] += -limit if d < -limit else limit if d > limit else d

    def rebase(self, expected, change=None, now_ms=0):
        """Make ``expected`` the reference after a change that was matched and
        accepted, given as (lifted, lifted2, added); or, with no change (a new
        start), take the readings now as the expected occupancy.

        Each marble's own error (what its field differs from the model on
        this board) is learnt when it is placed, from the readings, and
        remembered. When it is lifted, exactly that is taken out of the
        baselines, whatever else the sensors see at that moment (the hand
        still holding the marble above the board, say). A placed marble's
        error keeps being learnt while it settles (``_FRESH_MS``)."""
        base = self.base
        err = self.err
        self.fresh_until = 0
        if change is None:
            self.known = 0
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
        if d >= 0 or guess:
            self._residuals(expected)
            if d >= 0:
                for s in range(SENSORS):
                    err[d * SENSORS + s] = self.resid[s]
                self.known |= 1 << d
            self._absorb()
        self.current.set(NONE, -1, -1, -1)
        if d >= 0:
            self.fresh = change
            self.fresh_until = now_ms + _FRESH_MS
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
            best.set(NONE, -1, -1, -1)
            self.likely.set(NONE, -1, -1, -1)
            self.error = quiet
            if still:
                self._follow_drift()
        else:
            self._search(expected, quiet)
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
        elif best.added >= 0:
            v = self.resid[OWN_SENSOR[best.added]]
            if v < self.low:
                self.low = v
            if v > self.high:
                self.high = v
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
        if now_ms - cur.since >= self.settle_ms:
            return cur
        return _SETTLING

    def strays(self, expected):
        """Level-1 and level-2 positions that seem to hold a marble the
        expected occupancy does not have (after observe(); for guidance when
        the board must be cleared, where single changes explain nothing)."""
        k = self.k
        out = 0
        for p in range(25):
            if not expected >> p & 1:
                s = OWN_SENSOR[p]
                if self.resid[s] * 2 >= k[s * POSITIONS + p]:
                    out |= 1 << p
        return out

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
                self.err[d * SENSORS + s] += resid[s]
            resid[s] = 0

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

    def _search(self, expected, quiet):
        best_fit = self.fit(-1, -1, -1, 1 << 29)  # quiet stopped at max_error
        second = 1 << 29
        code = NONE  # kind | lifted+1 << 4 | lifted2+1 << 9 | added+1 << 14
        n_add = self._prune(expected, True)
        n_lift = self._prune(expected, False)
        adds = self._adds
        lifts = self._lifts
        for i in range(n_add):
            d = adds[i]
            f = self.fit(-1, -1, d, second)
            if f < best_fit:
                best_fit, second = f, best_fit
                code = ADD | (d + 1) << 14
            elif f < second:
                second = f
        for i in range(n_lift):
            x = lifts[i]
            after = expected & ~(1 << x)
            if _carries(expected, x):
                # only as the second of two, freed by the first
                for j in range(n_lift):
                    y = lifts[j]
                    if y != x and not _carries(expected, y) and not _carries(after & ~(1 << y), x):
                        f = self.fit(x, y, -1, second)
                        if f < best_fit:
                            best_fit, second = f, best_fit
                            code = LIFT2 | (y + 1) << 4 | (x + 1) << 9
                        elif f < second:
                            second = f
                continue
            f = self.fit(x, -1, -1, second)
            if f < best_fit:
                best_fit, second = f, best_fit
                code = LIFT | (x + 1) << 4
            elif f < second:
                second = f
            for j in range(n_add):
                d = adds[j]
                if SUPPORT[d] & after != SUPPORT[d]:
                    continue  # nothing can rest there once x is gone
                f = self.fit(x, -1, d, second)
                if f < best_fit:
                    best_fit, second = f, best_fit
                    code = MOVE | (x + 1) << 4 | (d + 1) << 14
                elif f < second:
                    second = f
            for j in range(i + 1, n_lift):
                y = lifts[j]
                if _carries(expected, y):
                    continue  # tried above, from y's side
                f = self.fit(x, y, -1, second)
                if f < best_fit:
                    best_fit, second = f, best_fit
                    code = LIFT2 | (x + 1) << 4 | (y + 1) << 9
                elif f < second:
                    second = f
        self.error = best_fit
        self.second = second
        # (the best change travels as one small int: a 4-tuple would allocate)
        kind = code & 15
        lifted = (code >> 4 & 31) - 1
        lifted2 = (code >> 9 & 31) - 1
        added = (code >> 14 & 31) - 1
        clear = second - best_fit >= self.margin
        if clear and added >= 16 and not self._full_strength(lifted, lifted2, added):
            clear = False  # a marble held above that spot, not resting on it
        if best_fit > self.max_error or not clear:
            self.best.set(UNCLEAR, -1, -1, -1)
        else:
            self.best.set(kind, lifted, lifted2, added)
        # Good enough to show, not to accept: a marble lifted while the hand
        # still holds it over the board, say.
        if clear and best_fit <= 4 * self.max_error:
            self.likely.set(kind, lifted, lifted2, added)
        else:
            self.likely.set(UNCLEAR, -1, -1, -1)

    def _full_strength(self, lifted, lifted2, added):
        """Does the marble seen at ``added`` make its whole field there? A
        marble held a little above a level-2 or level-3 spot makes the same
        pattern, only weaker (a fifth weaker at 2 mm for level 2, half at
        10 mm for level 3): the fields's share along the model's pattern
        must be 0.8 .. 1.25 (0.88 .. 1.14 on level 3)."""
        k = self.k
        num = 0
        den = 0
        for s in range(SENSORS):
            row = s * POSITIONS
            e = self.resid[s]
            if lifted >= 0:
                e += k[row + lifted]
            if lifted2 >= 0:
                e += k[row + lifted2]
            v = k[row + added]
            num += e * v
            den += v * v
        if added < 25 or added == 29:
            # (the top too: its field is so weak that noise alone moves the
            # share by a tenth; only a full pyramid lets anything near it)
            return 5 * num >= 4 * den and 4 * num <= 5 * den  # 0.8 .. 1.25
        # level 3: a marble held near the spot, lower or to the side, can
        # mimic its weak field closely: 0.88 .. 1.14
        return 25 * num >= 22 * den and 22 * num <= 25 * den

    def _prune(self, expected, adding):
        """Positions whose own sensor shows at least a quarter of the change a
        marble there would make: where a marble may have been added (empty,
        supported) or lifted (occupied)."""
        out = self._adds if adding else self._lifts
        k = self.k
        resid = self.resid
        n = 0
        for p in range(POSITIONS):
            bit = 1 << p
            if adding:
                if expected & bit or SUPPORT[p] & expected != SUPPORT[p]:
                    continue
            elif not expected & bit:
                continue
            s = self.own[p]
            want = k[s * POSITIONS + p]
            got = resid[s] if adding else -resid[s]
            if got * 4 >= want and n < _MAX_CANDIDATES:
                out[n] = p
                n += 1
        return n


def _carries(occ, p):
    """Does a marble in occ rest on p?"""
    bits = occ >> 16
    q = 16
    while bits:
        if bits & 1 and SUPPORT[q] >> p & 1:
            return True
        bits >>= 1
        q += 1
    return False


_SETTLING = Observation()
_SETTLING.kind = UNCLEAR
