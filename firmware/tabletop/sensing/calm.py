"""Is a Pyraos board still as its sensing left it? The cheap check of a
quiet tick, so that the sensing's work follows what changed.

    calm = Calm(channels, noise, least, faulty, step)   # tabletop.sensing.noise makes it
    calm.arm(sums, occ, until_ms)    # the sensing settled on "no change" for occ
    calm.still(analog, now_ms)       # every tick while armed: True while nothing moved
    calm.armed, calm.occ             # ... and the occupancy it was armed for
    calm.ticks                       # quiet ticks since it was armed

Once the sensing has settled on "no change" (tabletop.sensing.pyramid),
its smoothed readings are the reference (on a noisy board its longer
average: the reference's own noise then adds next to nothing to T's mean,
nor to how that mean varies from one rest to the next), and each tick
compares the raw readings with it. One sensor a step away (what the
moving average takes for motion, tabletop.sensing.smoothing) is movement
at once. Otherwise T,
the sum over the sensors of the squared differences, decides. On a board
nobody touches T is noise: its mean and spread follow from each sensor's
noise, measured at power on. A marble set down, lifted or carried
anywhere adds at least the weakest marble's field to it (the top one's:
``least``, the sum of its squares over the sensors). Page's test (a
one-sided CUSUM) adds up T less its mean less half that field, never
below zero, and calls it movement once the sum passes five spreads of T:
a marble at once, the top one on a noisy board within a few ticks, slow
drift once it comes to half a marble's worth. Until then a tick costs the
scan and this loop; the moving average, residuals and fits wait. At
``until_ms`` the check stands down anyway, so that the sensing looks at
the board afresh: ``REFRESH_MS`` after it rested, or sooner when a misfit
it was timing is due to be learnt.

Integer arithmetic, every term capped: nothing here allocates.
"""

from array import array
from micropython import const

from tabletop.sensing.magnets import SENSORS
from tabletop.sensing.smoothing import WINDOW

REFRESH_MS = const(5000)  # a board at rest is looked at afresh this often
CAP = const(4096)  # a difference counts at most this much (a step far past any limit)
_SPREAD = const(5)  # the limit: this many spreads of T on an untouched board


class Calm:
    def __init__(self, channels, noise, least, faulty, step):
        self.channels = channels  # each sensor's analog channel
        self.ref = array("i", bytes(4 * SENSORS))  # each sensor's reading as settled
        # On an untouched board a sensor's difference is its noise and the
        # reference's (an average of k readings, at least WINDOW): its
        # square has mean v = noise^2 * (1 + 1/k) and variance 2 v^2 (the
        # limit as for k = WINDOW: no tighter for a longer reference).
        mean = 0
        var = 0
        for s in range(SENSORS):
            if not faulty >> s & 1:
                v = noise[s] * noise[s]
                mean += v
                v = v * (WINDOW + 1) // WINDOW
                var += 2 * v * v
        self.mean = mean  # (the noise squared, over the sensors)
        self.half = least // 2
        self.allow = 0  # what a tick may add and still be noise (arm: for its reference)
        self.limit = _SPREAD * int(var**0.5) + 1
        self.step = step * step  # one difference this far (squared) is movement
        self.armed = False
        self.occ = 0
        self.until = 0
        self.ticks = 0
        self.sum = 0  # Page's sum

    def arm(self, sums, occ, until_ms, n=1):
        """The readings (``sums``: WINDOW of each sensor's, added, over ``n``
        windows in a row: a noisy board's longer average) are the board at
        rest with occupancy ``occ``. (A faulty sensor reads what it is held
        at, so it differs by nothing; one read at a rail differs by a step
        every tick: that board never rests, and works as before.)"""
        ref = self.ref
        for s in range(SENSORS):
            ref[s] = sums[s] // (WINDOW * n)
        # (n windows in a row span n + WINDOW - 1 readings: so much less
        # of the reference's own noise in every difference)
        mean = self.mean
        self.allow = mean + mean // (n + WINDOW - 1) + self.half
        self.occ = occ
        self.until = until_ms
        self.armed = True
        self.ticks = 0
        self.sum = 0

    def still(self, analog, now_ms):
        """Does this tick's raw reading show the board as it was armed?
        False (and disarmed) once something moved, or a look is due."""
        if now_ms >= self.until:
            self.armed = False
            return False
        self.ticks += 1
        channels = self.channels
        ref = self.ref
        # T less what noise may add, from Page's sum so far: stops as soon
        # as the limit is passed (a moving tick pays for a few sensors only)
        total = self.sum - self.allow
        limit = self.limit
        step = self.step
        for s in range(SENSORS):
            d = analog[channels[s]] - ref[s]
            if d > CAP or d < -CAP:
                d = CAP
            d *= d
            total += d
            if total > limit or d > step:
                self.armed = False
                return False
        self.sum = total if total > 0 else 0
        return True
