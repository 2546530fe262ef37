"""A misfit of the residuals in time: since when it has held steady, and
whether it looks like a marble held still above the board.

    misfit = Misfit(profile, finder.resid)
    misfit.steady(now_ms)      # held still (within noise) for RELEARN_MS? (starts the clock)
    misfit.from_above(now_ms)  # one sign on most sensors, held less than _ABOVE_MS?
    misfit.reset()             # the residuals fit (or something moved): no clock runs

A misfit is what is left when nothing explains the readings exactly. Left
by a marble put back a hair off, a knock or a stale baseline, it is learnt
once it has held still a good while (tabletop.sensing.pyramid decides,
tabletop.sensing.baselines learns); left by a hand, it never is.
docs/FIRMWARE.md, "What the sensing learns of a board", has the rules.
"""

from array import array
from micropython import const

from tabletop.sensing.magnets import SENSORS, clip16
from tabletop.sensing.smoothing import smoothed_noise

RELEARN_MS = const(1000)  # residuals steady this long: a misfit may be relearnt
_ABOVE_MS = const(10000)  # ... or this long, a misfit such as a marble held above makes


class Misfit:
    def __init__(self, profile, resid):
        self.resid = resid  # the residuals (the finder's array)
        # three times a smoothed reading's noise (a board noisier than its
        # profile sets its own: PyramidSensor.set_noise)
        self.noise3 = smoothed_noise(profile.noise, 3)
        self.held = array("h", bytes(2 * SENSORS))  # the residuals when the clock started
        self.since = -1  # when the clock started (-1: it does not run)

    def reset(self):
        """The residuals fit (or something moved): no misfit is timed."""
        self.since = -1

    def steady(self, now_ms):
        """Have the residuals stayed where they were (within twice the noise
        of a smoothed reading) for RELEARN_MS? The clock restarts if not."""
        resid = self.resid
        held = self.held
        if self.since >= 0:
            limit = 2 * self.noise3
            for s in range(SENSORS):
                d = resid[s] - held[s]
                if d > limit or d < -limit:
                    self.since = -1
                    break
        if self.since < 0:
            self.since = now_ms
            for s in range(SENSORS):
                held[s] = clip16(resid[s])
            return False
        return now_ms - self.since >= RELEARN_MS

    def from_above(self, now_ms):
        """Is the misfit a field of one sign on most sensors (13 of 25 past a
        quarter of a smoothed reading's noise, whatever the rest do)? A
        marble held still a few cm above the board makes that (+5..+80
        counts nearly everywhere, on top of whatever misfit there was); a
        knock, or a marble put back a hair off, moves a few sensors. Not a
        reason to relearn, unless it has held _ABOVE_MS: no hand is that
        still for that long, and a shift of the whole board must not go
        unlearnt."""
        if now_ms - self.since >= _ABOVE_MS:
            return False
        t = self.noise3 >> 2
        up = 0
        down = 0
        for v in self.resid:
            if v > t:
                up += 1
            elif v < -t:
                down += 1
        most = SENSORS // 2 + 1
        return up >= most or down >= most
