"""The longer average of a still board: less noise than the window alone,
afresh after any motion (and after a change too gentle to show as motion),
and a dead band that narrows with it but never
below the profile's."""

import unittest

from tabletop.rules.rng import Rng
from tabletop.sensing.magnets import SENSORS
from tabletop.sensing.smoothing import WINDOW
from tabletop.sensing.still_average import StillAverage


class Readings:
    """Window sums of SENSORS sensors, each a level plus noise (as Smoothed keeps them)."""

    def __init__(self):
        self.sums = [0] * SENSORS
        self.rng = Rng(5)

    def tick(self, level, noise):
        for s in range(SENSORS):
            self.sums[s] = WINDOW * level + self.rng.below(2 * noise + 1) - noise


def spread(values):
    mean = sum(values) / len(values)
    return (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5


class StillAverageTest(unittest.TestCase):
    def setUp(self):
        self.readings = Readings()
        self.avg = StillAverage(self.readings, 20, noise=30, floor=16)

    def resid(self, still_for):
        # residuals as Baselines makes them: the window's mean less a baseline of 1000
        resid = [self.readings.sums[s] // WINDOW - 1000 for s in range(SENSORS)]
        slack = self.avg.deepen(resid, still_for)
        return resid, slack

    def test_a_still_board_reads_steadier_and_its_dead_band_narrows(self):
        plain, deep, slacks = [], [], []
        for t in range(200):
            self.readings.tick(1000, 120)
            resid, slack = self.resid(20 + 5 * t)
            if t >= 40:
                plain.append(self.readings.sums[0] // WINDOW - 1000)
                deep.append(resid[0])
                slacks.append(slack)
        self.assertLess(spread(deep), spread(plain) / 2)
        self.assertLess(max(slacks), self.avg.deepen([0] * SENSORS, 0))  # the window's band
        self.assertEqual(min(slacks), max(16, min(slacks)))  # never below the floor

    def test_motion_starts_it_afresh(self):
        for t in range(60):
            self.readings.tick(1000, 40)
            self.resid(20 + 5 * t)
        self.readings.tick(1300, 0)  # a marble lands: the readings move
        resid, _ = self.resid(0)
        self.assertEqual(resid[3], 300)  # the window's own value, no lag
        for t in range(3):
            self.readings.tick(1300, 0)
            resid, _ = self.resid(20 + 5 * t)
            self.assertEqual(resid[3], 300)  # what is averaged is only the new level

    def test_a_change_too_gentle_to_show_as_motion_starts_it_afresh_too(self):
        # A marble lowered onto level 3 so gently that no reading jumps:
        # the readings creep to a new level while the board counts as
        # still. Within a few ticks the average is the new level's, not
        # the old one's trailing behind for as long as it was deep.
        for t in range(60):
            self.readings.tick(1000, 40)
            self.resid(20 + 5 * t)
        level = 1000
        for t in range(60, 80):
            level += 10  # 200 counts over 100 ms: never a jump
            self.readings.tick(level, 40)
            resid, _ = self.resid(20 + 5 * t)
        lags = []
        for t in range(80, 90):
            self.readings.tick(level, 40)
            resid, _ = self.resid(20 + 5 * t)
            lags.append(level - 1000 - resid[3])
        self.assertLess(max(abs(v) for v in lags[2:]), 60)  # (noise: 40 a reading)

    def test_the_floor_holds_for_a_quiet_board(self):
        avg = StillAverage(self.readings, 20, noise=10, floor=16)
        for t in range(50):
            self.readings.tick(1000, 10)
            self.assertEqual(avg.deepen([0] * SENSORS, 20 + 5 * t), 16)


if __name__ == "__main__":
    unittest.main()
