"""Which small change of an expected position explains sensor residuals.

    finder = ChangeFinder(profile)
    finder.resid[s] = ...         # smoothed reading minus what the expected occupancy predicts
    finder.search(expected)       # judges every plausible change:
    finder.best, finder.likely    # ... the change to accept (else UNCLEAR), the one to show
    finder.top                    # ... the best-scoring change, clear or not
    finder.error, finder.second   # ... the fits of the best and of the runner-up
    finder.fit(lifted, lifted2, added, limit)   # one candidate's fit (NO_LIMIT: in full)

The candidates are nothing, one marble added, one or two lifted (the second
may be freed by the first), one moved; each is scored by how far the
residuals stay from its predicted change beyond a dead band (noise slack
plus the model's share of each changed marble's field), in integer
arithmetic. The best is reported when it fits (``max_error``), beats the
runner-up by ``margin``, and, for a marble added on level 2 or higher, makes
its full field (a marble held above the spot makes the same pattern,
weaker). Who fills ``resid`` and what happens over time is
tabletop.sensing.pyramid's business.
"""

from array import array
from micropython import const

from tabletop.rules.pyraos_geometry import LEVEL, LEVEL_START, POSITIONS, SUPPORT
from tabletop.sensing.magnets import OWN_SENSOR, SENSORS, kernel
from tabletop.sensing.smoothing import WINDOW, smoothed_noise

NONE = 0
ADD = 1
LIFT = 2
MOVE = 3
LIFT2 = 4
UNCLEAR = 5

_LIMIT = const(4600)  # |difference| above which a term saturates (keeps sums small ints)
_CAP = const(_LIMIT * _LIMIT)
_MAX_CANDIDATES = const(8)  # positions kept per kind when pruning
NO_LIMIT = const(1 << 29)  # a fit worse than any (a small int on a 32-bit port)
_EVERY = (1 << POSITIONS) - 1  # every position's bit


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
        # Noise of a smoothed reading, squared, as the unit of fit (>= 1): at
        # the profile's noise, even on a board that measured more (what
        # fits and what is clear stay as strict).
        n = profile.noise
        unit = max(1, int(n * n / WINDOW))
        self.margin = int(profile.match_margin * unit)
        self.max_error = int(profile.match_max_error * SENSORS * unit)
        self.slack = 0
        self.set_noise(n)
        self.error = 0  # fit of the latest best candidate
        self.second = 0  # fit of the runner-up
        # The model may be off by model_error of each changed marble's field
        # at each sensor: deviations within that band cost nothing (x/256).
        self.band = int(profile.match_model_error * 256 + 0.5)
        self.best = Observation()  # the change to accept: clear and good, else UNCLEAR
        self.likely = Observation()  # the best change, clear but too rough to accept
        self.top = Observation()  # the best-scoring change of the last search
        # positions kept by _prune: those a marble may be added to, then
        # (from _MAX_CANDIDATES on) those it may be lifted from
        self._cands = array("b", bytes(2 * _MAX_CANDIDATES))
        # the best candidate while a search runs (ints: a tuple would allocate)
        self._kind = NONE
        self._lifted = self._lifted2 = self._added = -1

    def set_noise(self, noise):
        """The noise of one raw reading (counts): the dead band every
        candidate is allowed for noise and drift."""
        self.slack = smoothed_noise(noise, 2)

    def nothing_changed(self, error):
        """Take "no change" as what the readings show (fit ``error``)."""
        self.best.set(NONE, -1, -1, -1)
        self.likely.set(NONE, -1, -1, -1)
        self.error = error

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
        changes = lifted >= 0 or lifted2 >= 0 or added >= 0  # (not: every quiet tick)
        total = 0
        for s in range(SENSORS):
            d = resid[s]
            band = slack
            if changes:
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
                band += wide * band_q >> 8
            if d > band:
                d -= band
            elif d < -band:
                d += band
            else:
                continue  # within the band: costs nothing
            if -_LIMIT < d < _LIMIT:
                total += d * d
            else:
                total += _CAP
            if total > limit:
                return total
        return total

    def _try(self, kind, lifted, lifted2, added):
        # Score one candidate; keep the best and the runner-up's fit.
        f = self.fit(lifted, lifted2, added, self.second)
        if f < self.error:
            self.second = self.error
            self.error = f
            self._kind = kind
            self._lifted = lifted
            self._lifted2 = lifted2
            self._added = added
        elif f < self.second:
            self.second = f

    def search(self, expected, wide=False, unchanged=-1):
        """Score every plausible change of ``expected`` against the residuals;
        set ``top``, ``best`` (UNCLEAR unless clear and good) and ``likely``.
        ``wide``: the readings have been still a good while, so a level-3
        marble needs only the lower levels' share of its field (see
        full_strength). ``unchanged``: the fit of "no change", if the caller
        has it already (``fit(-1, -1, -1, NO_LIMIT)``)."""
        if unchanged < 0:
            unchanged = self.fit(-1, -1, -1, NO_LIMIT)
        self.error = unchanged  # "no change" is the best so far
        self.second = NO_LIMIT
        self._kind = NONE
        self._lifted = self._lifted2 = self._added = -1
        self._candidates(expected)
        best_fit = self.error
        second = self.second
        kind = self._kind
        lifted = self._lifted
        lifted2 = self._lifted2
        added = self._added
        self.top.set(kind, lifted, lifted2, added)
        clear = second - best_fit >= self.margin
        if clear and added >= 0 and LEVEL[added] >= 2:
            # A marble held above that spot makes the same pattern, weaker.
            clear = self.full_strength(lifted, lifted2, added, wide)
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

    def _candidates(self, expected):
        # Try every plausible change: a marble added where its own sensor
        # shows one, one lifted, two lifted (the second perhaps freed by the
        # first), one moved from where it was lifted to where it was added.
        n_add = self._prune(expected, True)
        n_lift = self._prune(expected, False)
        cands = self._cands  # adds from 0, lifts from _MAX_CANDIDATES
        for i in range(n_add):
            self._try(ADD, -1, -1, cands[i])
        for i in range(n_lift):
            x = cands[_MAX_CANDIDATES + i]
            after = expected & ~(1 << x)
            if _carries(expected, x):
                # only as the second of two, freed by the first
                for j in range(n_lift):
                    y = cands[_MAX_CANDIDATES + j]
                    if y != x and not _carries(expected, y) and not _carries(after & ~(1 << y), x):
                        self._try(LIFT2, y, x, -1)
                continue
            self._try(LIFT, x, -1, -1)
            for j in range(n_add):
                d = cands[j]
                if SUPPORT[d] & after == SUPPORT[d]:  # d still rests once x is gone
                    self._try(MOVE, x, -1, d)
            for j in range(i + 1, n_lift):
                y = cands[_MAX_CANDIDATES + j]
                if not _carries(expected, y):  # else tried from its side
                    self._try(LIFT2, x, y, -1)

    def full_strength(self, lifted, lifted2, added, wide):
        """Does the marble seen at ``added`` make its whole field there? A
        marble held a little above a level-2 or level-3 spot makes the same
        pattern, only weaker (a fifth weaker at 2 mm for level 2, half at
        10 mm for level 3): the field's share along the model's pattern
        must be 0.8 .. 1.25 (0.88 .. 1.14 on level 3, unless ``wide``: the
        readings have been still a second, as a hand holding a marble that
        close never is for long; a real marble can read 0.87, its magnet,
        the sensors' gains and a baseline or two each a little off)."""
        k = self.k
        resid = self.resid
        num = 0
        den = 0
        for s in range(SENSORS):
            row = s * POSITIONS
            e = resid[s]
            if lifted >= 0:
                e += k[row + lifted]
            if lifted2 >= 0:
                e += k[row + lifted2]
            v = k[row + added]
            num += e * v
            den += v * v
        if wide or LEVEL[added] != 3:
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
        bits = ~expected & _EVERY if adding else expected  # empty or occupied positions
        p = 0
        while bits and n < _MAX_CANDIDATES:
            if bits & 1:
                support = SUPPORT[p]
                if not adding or expected & support == support:
                    s = OWN_SENSOR[p]
                    got = resid[s] if adding else -resid[s]
                    if got * 4 >= k[s * POSITIONS + p]:
                        out[at + n] = p
                        n += 1
            bits >>= 1
            p += 1
        return n

    def strays(self, expected):
        """Level-1 and level-2 positions that seem to hold a marble the
        expected occupancy does not have (after a search or a fit; for
        guidance when the board must be cleared, where single changes
        explain nothing)."""
        k = self.k
        out = 0
        for p in range(LEVEL_START[2]):
            if not expected >> p & 1:
                own = k[OWN_SENSOR[p] * POSITIONS + p]  # (0: a faulty sensor, left out)
                if own and self.resid[OWN_SENSOR[p]] * 2 >= own:
                    out |= 1 << p
        return out

    def missing(self, expected):
        """Level-1 and level-2 positions of the expected occupancy whose own
        sensor shows less than half a marble there (the counterpart of
        strays())."""
        k = self.k
        out = 0
        for p in range(LEVEL_START[2]):
            if expected >> p & 1:
                own = k[OWN_SENSOR[p] * POSITIONS + p]
                if own and self.resid[OWN_SENSOR[p]] * 2 <= -own:
                    out |= 1 << p
        return out


def _carries(occ, p):
    """Does a marble in occ rest on p?"""
    q = LEVEL_START[1]
    bits = occ >> q
    while bits:
        if bits & 1 and SUPPORT[q] >> p & 1:
            return True
        bits >>= 1
        q += 1
    return False
