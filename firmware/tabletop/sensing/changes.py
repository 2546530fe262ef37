"""Which small change of an expected position explains sensor residuals.

    f = ChangeFinder(profile)
    # f.resid[s]: smoothed reading minus what the expected occupancy predicts
    f.search(expected)            # sets f.best (and f.likely) to a change
    f.fit(lifted, lifted2, added, limit)

The candidates are nothing, one marble added, one or two lifted (the second
may be freed by the first), one moved; each is scored by how far the
residuals stay from its predicted change beyond a dead band (noise slack
plus the model's share of each changed marble's field), in integer
arithmetic. The best is reported when it fits (``max_error``), beats the
runner-up by ``margin``, and, for a marble added on level 2 or higher, makes
its full field (a marble held above the spot makes the same pattern,
weaker). tabletop.sensing.pyramid adds time: smoothing, motion, settling and
the baselines.
"""

from array import array

from micropython import const
from tabletop.rules.pyraos_geometry import POSITIONS, SUPPORT
from tabletop.sensing.magnets import OWN_SENSOR, SENSORS, kernel

NONE = 0
ADD = 1
LIFT = 2
MOVE = 3
LIFT2 = 4
UNCLEAR = 5

_WINDOW = 4  # readings averaged per sensor (what a residual is made of)
_LIMIT = const(4600)  # |difference| above which a term saturates (keeps sums small ints)
_CAP = const(_LIMIT * _LIMIT)
_MAX_CANDIDATES = const(8)  # positions kept per kind when pruning


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


class ChangeFinder:
    def __init__(self, profile):
        self.k = kernel(profile)
        self.resid = array("i", bytes(4 * SENSORS))  # smoothed reading minus prediction
        # Noise of a smoothed reading, squared, as the unit of fit (>= 1).
        n = profile.noise
        unit = max(1, int(n * n / _WINDOW))
        self.margin = int(profile.match_margin * unit)
        self.max_error = int(profile.match_max_error * SENSORS * unit)
        self.error = 0  # fit of the latest best candidate (for tests and benches)
        self.second = 0  # fit of the runner-up
        # The model may be off by model_error of each changed marble's field
        # at each sensor: deviations within that band cost nothing (x/256).
        self.band = int(profile.match_model_error * 256 + 0.5)
        self.slack = int(2 * profile.noise / _WINDOW**0.5) + 1  # for noise and drift
        self.best = Observation()
        self.likely = Observation()  # the best change, clear but too rough to accept
        # positions kept by _prune: those a marble may be added to, then
        # (from _MAX_CANDIDATES on) those it may be lifted from
        self._cands = array("b", bytes(2 * _MAX_CANDIDATES))
        self._code = 0

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

    def _try(self, kind, lifted, lifted2, added):
        # Score one candidate; keep the best and the runner-up's fit. (The
        # best travels as one small int: a 4-tuple would allocate.)
        f = self.fit(lifted, lifted2, added, self.second)
        if f < self.error:
            self.second = self.error
            self.error = f
            self._code = kind | (lifted + 1) << 4 | (lifted2 + 1) << 9 | (added + 1) << 14
        elif f < self.second:
            self.second = f

    def search(self, expected, wide=False):
        """Score every plausible change of ``expected`` against the residuals;
        set ``best`` (UNCLEAR unless clear and good) and ``likely``. ``wide``:
        the readings have been still a good while, so a level-3 marble needs
        only the lower levels' share of its field (see _full_strength)."""
        self.error = self.fit(-1, -1, -1, 1 << 29)  # (the best so far)
        self.second = 1 << 29
        self._code = NONE
        n_add = self._prune(expected, True)
        n_lift = self._prune(expected, False)
        adds = self._cands
        lifts = self._cands  # (from L on)
        L = _MAX_CANDIDATES
        for i in range(n_add):
            self._try(ADD, -1, -1, adds[i])
        for i in range(n_lift):
            x = lifts[L + i]
            after = expected & ~(1 << x)
            if _carries(expected, x):
                # only as the second of two, freed by the first
                for j in range(n_lift):
                    y = lifts[L + j]
                    if y != x and not _carries(expected, y) and not _carries(after & ~(1 << y), x):
                        self._try(LIFT2, y, x, -1)
                continue
            self._try(LIFT, x, -1, -1)
            for j in range(n_add):
                d = adds[j]
                if SUPPORT[d] & after == SUPPORT[d]:  # d still rests once x is gone
                    self._try(MOVE, x, -1, d)
            for j in range(i + 1, n_lift):
                if not _carries(expected, lifts[L + j]):  # else tried from its side
                    self._try(LIFT2, x, lifts[L + j], -1)
        best_fit = self.error
        second = self.second
        code = self._code
        kind = code & 15
        lifted = (code >> 4 & 31) - 1
        lifted2 = (code >> 9 & 31) - 1
        added = (code >> 14 & 31) - 1
        clear = second - best_fit >= self.margin
        if clear and added >= 16 and not self._full_strength(lifted, lifted2, added, wide):
            clear = False  # a marble held above that spot, not resting on it
        if best_fit > self.max_error or not clear:
            self.best.set(UNCLEAR, -1, -1, -1)
        else:
            self.best.set(kind, lifted, lifted2, added)
        # Good enough to show, not to accept: a marble lifted while the hand
        # still holds it over the board, say. Held a few cm straight above
        # its cup it still adds a weak field there (up to ~6x max_error at
        # 4 cm), but nothing else comes near explaining the readings.
        if clear and (
            best_fit <= 4 * self.max_error
            or (kind == LIFT and best_fit <= 16 * self.max_error and second >= 16 * best_fit)
        ):
            self.likely.set(kind, lifted, lifted2, added)
        else:
            self.likely.set(UNCLEAR, -1, -1, -1)

    def _full_strength(self, lifted, lifted2, added, wide):
        """Does the marble seen at ``added`` make its whole field there? A
        marble held a little above a level-2 or level-3 spot makes the same
        pattern, only weaker (a fifth weaker at 2 mm for level 2, half at
        10 mm for level 3): the fields's share along the model's pattern
        must be 0.8 .. 1.25 (0.88 .. 1.14 on level 3, unless ``wide``: the
        readings have been still a second, as a hand holding a marble that
        close never is for long; a real marble can read 0.87, its magnet,
        the sensors' gains and a baseline or two each a little off)."""
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
        if wide or added < 25 or added == 29:
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
        out = self._cands
        at = 0 if adding else _MAX_CANDIDATES
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
            s = OWN_SENSOR[p]
            want = k[s * POSITIONS + p]
            got = resid[s] if adding else -resid[s]
            if got * 4 >= want and n < _MAX_CANDIDATES:
                out[at + n] = p
                n += 1
        return n

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

    def missing(self, expected):
        """Level-1 and level-2 positions of the expected occupancy whose own
        sensor shows less than half a marble there (after observe(); the
        counterpart of strays())."""
        k = self.k
        out = 0
        for p in range(25):
            if expected >> p & 1:
                s = OWN_SENSOR[p]
                if self.resid[s] * 2 <= -k[s * POSITIONS + p]:
                    out |= 1 << p
        return out


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
