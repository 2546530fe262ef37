"""Which change of the pyramid best explains what the 25 hall sensors read.

    m = PyramidSensor(profile)
    m.update(analog)                  # every tick, the raw array from the hal
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
_MAX_CANDIDATES = 6  # positions kept per kind when pruning


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
        self.error = 0  # fit of the latest best candidate (for tests and benches)
        self.second = 0  # fit of the runner-up
        self.settle_ms = profile.settle_ms
        self.quiet_ticks = 0
        # The fit a true change may still have beyond noise: the model is
        # off by up to model_error of each changed marble's field.
        self.norm = array("i", bytes(4 * POSITIONS))
        share = profile.match_model_error * profile.match_model_error
        for p in range(POSITIONS):
            t = 0.0
            for s in range(SENSORS):
                v = self.k[s * POSITIONS + p]
                t += v * v
            self.norm[p] = int(t * share)
        self.current = Observation()
        self.best = Observation()  # reused scratch
        self._adds = array("b", bytes(_MAX_CANDIDATES))
        self._lifts = array("b", bytes(_MAX_CANDIDATES))

    # -- readings ---------------------------------------------------------------

    def update(self, analog):
        """Take one raw reading of every sensor into the moving average."""
        ring = self.ring
        sums = self.sums
        slot = self.slot
        for s in range(SENSORS):
            v = analog[self.channels[s]]
            j = s * _WINDOW + slot
            sums[s] += v - ring[j]
            ring[j] = v
        self.slot = (slot + 1) % _WINDOW
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
        """Sum of squared differences between the residuals and the change
        (lift lifted/lifted2, add added; -1 for none), stopping past limit."""
        k = self.k
        resid = self.resid
        total = 0
        for s in range(SENSORS):
            d = resid[s]
            row = s * POSITIONS
            if lifted >= 0:
                d += k[row + lifted]
            if lifted2 >= 0:
                d += k[row + lifted2]
            if added >= 0:
                d -= k[row + added]
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

    def rebase(self, expected):
        """The readings now are what ``expected`` looks like on this board:
        call right after accepting a change that was matched (and so is known
        to be on the board). From then on only differences count, so the
        model's errors for marbles already placed do not add up."""
        self._residuals(expected)
        for s in range(SENSORS):
            self.base[s] += self.resid[s]
        self.current.set(NONE, -1, -1, -1)

    def observe(self, expected, now_ms):
        """The settled observation relative to the expected occupancy, or an
        UNCLEAR one while nothing is settled (shared objects: copy to keep)."""
        best = self.best
        self._residuals(expected)
        quiet = self.fit(-1, -1, -1, self.max_error)
        if quiet <= self.max_error:
            best.set(NONE, -1, -1, -1)
            self.error = quiet
            self._follow_drift()
        else:
            self._search(expected, quiet)
        cur = self.current
        if not best.same(cur):
            cur.set(best.kind, best.lifted, best.lifted2, best.added)
            cur.since = now_ms
        if best.kind == NONE or best.kind == UNCLEAR or now_ms - cur.since >= self.settle_ms:
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

    def _allowed(self, lifted, lifted2, added):
        # The fit a true change may still have: noise, plus the model error
        # of each changed marble's field.
        a = self.max_error
        norm = self.norm
        if lifted >= 0:
            a += norm[lifted]
        if lifted2 >= 0:
            a += norm[lifted2]
        if added >= 0:
            a += norm[added]
        return a

    def _search(self, expected, quiet):
        best_fit = self.fit(-1, -1, -1, 1 << 29)  # quiet stopped at max_error
        second = 1 << 29
        kind, lifted, lifted2, added = NONE, -1, -1, -1
        n_add = self._prune(expected, True)
        n_lift = self._prune(expected, False)
        adds = self._adds
        lifts = self._lifts
        for i in range(n_add):
            d = adds[i]
            f = self.fit(-1, -1, d, second)
            if f < best_fit:
                best_fit, second = f, best_fit
                kind, lifted, lifted2, added = ADD, -1, -1, d
            elif f < second:
                second = f
        for i in range(n_lift):
            x = lifts[i]
            f = self.fit(x, -1, -1, second)
            if f < best_fit:
                best_fit, second = f, best_fit
                kind, lifted, lifted2, added = LIFT, x, -1, -1
            elif f < second:
                second = f
            after = expected & ~(1 << x)
            for j in range(n_add):
                d = adds[j]
                if SUPPORT[d] & after != SUPPORT[d]:
                    continue  # nothing can rest there once x is gone
                f = self.fit(x, -1, d, second)
                if f < best_fit:
                    best_fit, second = f, best_fit
                    kind, lifted, lifted2, added = MOVE, x, -1, d
                elif f < second:
                    second = f
            for j in range(i + 1, n_lift):
                y = lifts[j]
                f = self.fit(x, y, -1, second)
                if f < best_fit:
                    best_fit, second = f, best_fit
                    kind, lifted, lifted2, added = LIFT2, x, y, -1
                elif f < second:
                    second = f
        self.error = best_fit
        self.second = second
        if (
            kind == NONE
            or best_fit > self._allowed(lifted, lifted2, added)
            or second - best_fit < self.margin
        ):
            self.best.set(UNCLEAR, -1, -1, -1)
        else:
            self.best.set(kind, lifted, lifted2, added)

    def _prune(self, expected, adding):
        """Positions whose own sensor shows at least half of the change a
        marble there would make: where a marble may have been added (empty,
        supported) or lifted (occupied, carrying nothing)."""
        out = self._adds if adding else self._lifts
        k = self.k
        resid = self.resid
        carrying = 0
        bits = expected >> 16
        p = 16
        while bits:
            if bits & 1:
                carrying |= SUPPORT[p]
            bits >>= 1
            p += 1
        n = 0
        for p in range(POSITIONS):
            bit = 1 << p
            if adding:
                if expected & bit or SUPPORT[p] & expected != SUPPORT[p]:
                    continue
            elif not expected & bit or carrying & bit:
                continue
            s = self.own[p]
            want = k[s * POSITIONS + p]
            got = resid[s] if adding else -resid[s]
            if got * 2 >= want and n < _MAX_CANDIDATES:
                out[n] = p
                n += 1
        return n


_SETTLING = Observation()
_SETTLING.kind = UNCLEAR
