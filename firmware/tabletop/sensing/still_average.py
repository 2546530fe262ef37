"""A longer average of the readings while the board is still: on a board
noisier than its profile, a marble on level 3 or the top barely stands out
of a short window's noise, and averaging more readings is what tells it.

    still = StillAverage(readings, settle_ms, noise, floor)
    slack = still.deepen(resid, still_for_ms)   # every tick, after the residuals
    still.shift(values)                         # values[s] += longer average - window

From the tick the readings have been still ``settle_ms`` on, each sensor's
smoothed reading is averaged over every tick since (the last ``_DEPTH`` of
them, weighted as a running mean), and the residuals are moved by what that
average takes away from the window's noise. Any motion starts it afresh, so
a marble set down or lifted is never averaged with what was there before
(the readings see its landing), and so does a window that leaves the
average by more than its noise allows: a marble on level 3 lowered so
gently that no reading jumps would otherwise be trailed by the average for
as long as it is deep (tried: up to 250 ms on the chain model). The dead
band every fit allows for noise narrows with the depth (two noise widths
of the average), never below the profile's own ``floor``. Loaded only on a
board at least half noisier than its profile (tabletop.sensing.noise,
work_with): below, as on the reference hardware, the window is enough.
"""

from array import array
from micropython import const

from tabletop.sensing.magnets import SENSORS
from tabletop.sensing.smoothing import WINDOW, smoothed_noise

_DEPTH = const(32)  # ticks averaged at most (a running mean beyond)
_LEAVE = const(4)  # a window this many of its noise widths off the average has left it


class StillAverage:
    def __init__(self, readings, settle_ms, noise, floor):
        self.sums = readings.sums  # the window's sums (WINDOW readings each)
        self.settle_ms = settle_ms
        self.total = array("i", bytes(4 * SENSORS))  # the window's sums, added up
        self.n = 0  # ticks in total (at most _DEPTH)
        self.leave = smoothed_noise(noise, _LEAVE) * WINDOW  # (in window sums)
        # The dead band for n ticks averaged: n windows in a row span
        # n + WINDOW - 1 readings, about as good as that many averaged.
        self.slacks = array("H", bytes(2 * (_DEPTH + 1)))
        for n in range(_DEPTH + 1):
            self.slacks[n] = max(floor, int(2 * noise / (max(1, n) + WINDOW - 1) ** 0.5) + 1)

    def restart(self):
        """Average afresh from the next tick (something may have changed)."""
        self.n = 0

    def full(self):
        """Is the average as long as it gets? (Before, a marble on level 3 or
        the top may not stand out of it yet.)"""
        return self.n >= _DEPTH

    def deepen(self, resid, still_for_ms):
        """Move ``resid`` (sensor by sensor: the smoothed reading minus the
        prediction) to the longer average; nothing while the readings move.
        Returns the dead band for the residuals as they are now."""
        if still_for_ms < self.settle_ms:
            self.n = 0
            return self.slacks[0]
        sums = self.sums
        total = self.total
        n = self.n
        if n == 0:
            for s in range(SENSORS):
                total[s] = 0
        if n < _DEPTH:
            n += 1
            self.n = n
            for s in range(SENSORS):
                total[s] += sums[s]
        else:
            for s in range(SENSORS):
                total[s] += sums[s] - total[s] // _DEPTH
        if n < 2:
            return self.slacks[0]
        leave = self.leave
        for s in range(SENSORS):
            d = total[s] // n - sums[s]
            if d > leave or d < -leave:
                # Something changed without a step: average afresh from here.
                self.n = 1
                for t in range(SENSORS):
                    total[t] = sums[t]
                return self.slacks[0]
        self.shift(resid)
        return self.slacks[n]

    def shift(self, values):
        """Add to each sensor's ``values[s]`` what the longer average takes
        away from the window's noise now (nothing before two ticks)."""
        n = self.n
        if n < 2:
            return
        sums = self.sums
        total = self.total
        per = n * WINDOW
        for s in range(SENSORS):
            values[s] += total[s] // per - sums[s] // WINDOW
