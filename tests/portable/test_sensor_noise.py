"""Each Pyraos sensor's noise, measured at power on (tabletop.sensing.noise):
the board's own noise found whatever its profile says, a board clearly
noisier than its profile working with its own, a sensor far noisier than the
rest named and left out while the game plays on the others. Under CPython
and MicroPython."""

import unittest
from array import array

from board_support import POSITIONS, Readings, marble_xyz
from pyramid_support import BASES, GAINS, PROFILE, SensorCase, mask
from tabletop.rules.pyraos_geometry import position_index
from tabletop.sensing import pyramid
from tabletop.sensing.noise import SAMPLES


def measured(noise, extra=None, hand=None, seed=None):
    """A sensor after the ticks of its measurement on an empty board (a
    marble in the hand at ``hand(tick)``, if given: (x, y, z) in mm)."""
    seed = int(noise) + 3 if seed is None else seed
    board = Readings(PROFILE, GAINS, BASES, noise=noise, seed=seed)
    board.extra_noise = extra or {}
    sensor = pyramid.PyramidSensor(PROFILE)
    buf = array("H", bytes(2 * PROFILE.analog_channels))
    for t in range(SAMPLES + 1):
        if hand is not None:
            board.held = hand(t)
        board.fill(buf)
        sensor.update(buf, 5 * t)
    return sensor


class MeasureTest(unittest.TestCase):
    def test_the_noise_found_is_the_boards_own(self):
        for noise in (15, 30, 45):
            sensor = measured(noise)
            self.assertTrue(sensor.measured)
            typical = sensor.typical
            self.assertTrue(0.85 * noise <= typical <= 1.15 * noise, (noise, typical))
            self.assertEqual(sensor.faulty, 0)
            # (24 differences a sensor: each one's own figure is rougher,
            # well within the factor of 4 that makes a fault)
            for s in range(25):
                self.assertTrue(0.4 * noise <= sensor.sensor_noise[s] <= 1.8 * noise, (noise, s))

    def test_a_board_clearly_noisier_than_its_profile_works_with_its_own(self):
        self.assertEqual(PROFILE.noise, 15)
        self.assertEqual(measured(15).noise, 15)  # as the profile says: its figures stand
        for noise in (30, 45):
            sensor = measured(noise)
            # (worked with in quarter counts; shown rounded)
            self.assertEqual(int(sensor.noise + 0.5), sensor.typical)
            # what counts as motion grew with it; what fits did not
            self.assertEqual(sensor.readings.still, 6 * 4 * sensor.noise)
            self.assertEqual(sensor.finder.max_error, measured(15).finder.max_error)

    def test_a_board_modestly_noisier_than_its_profile_works_with_its_own(self):
        # The reference hardware reads 17.6 counts against its profile's 15
        # (docs/FIRMWARE.md, "The sensor model of the simulator"): a sixth
        # more, which the board must see on every power on, whatever the
        # draw of its noise; and one at the profile's own noise keeps it
        # (on almost every power on: the measurement is within 4 %).
        kept = 0
        for seed in range(1, 17):
            sensor = measured(17.6, seed=seed)
            self.assertTrue(sensor.noise > 16, (seed, sensor.noise))
            self.assertEqual(sensor.readings.still, int(6 * 4 * sensor.noise))
            kept += measured(15, seed=seed).noise == 15
        self.assertTrue(kept >= 13, kept)

    def test_a_sensor_far_noisier_than_the_rest_is_named(self):
        c3 = 10  # (sensor 10 is the cup c3)
        sensor = measured(15, {c3: 400})
        self.assertEqual(sensor.faulty, 1 << c3)
        self.assertEqual(sensor.noise, 15)  # (the rest are as the profile says)
        self.assertEqual(measured(15, {c3: 30}).faulty, 0)  # noisier, not broken
        floating = measured(15, {c3: 9000})  # (an open input: readings all over)
        self.assertEqual(floating.faulty, 1 << c3)

    def test_a_marble_lowered_as_the_power_comes_back_is_no_fault(self):
        # (the hand lowers a marble onto b2 all through the measurement:
        # b2's readings jump every tick, all one way)
        x, y, _ = marble_xyz(*POSITIONS[position_index("b2")], PROFILE.pitch_mm, 9.0)
        sensor = measured(15, hand=lambda t: (x, y, 40.0 - 1.2 * t))
        self.assertTrue(sensor.sensor_noise[5] > 4 * 15, sensor.sensor_noise[5])  # the premise
        self.assertEqual(sensor.faulty, 0)
        self.assertEqual(sensor.noise, 15)


class FaultyPlayTest(SensorCase):
    def test_the_game_plays_on_without_the_faulty_sensor(self):
        self.board.extra_noise = {10: 400}  # c3
        e = self.settle_on("")
        self.ticks(e, SAMPLES + 40)
        self.assertEqual(self.sensor.faulty, 1 << 10)
        self.assertEqual(self.ticks(e, 40).kind, pyramid.NONE)  # nothing moves
        self.board.occ = mask("a1")  # a marble set down far from c3
        obs = self.ticks(e, 40)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("a1")))
        self.sensor.rebase(mask("a1"), (-1, -1, 0), self.t)
        self.board.occ = mask("a1 d4")
        obs = self.ticks(mask("a1"), 40)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("d4")))


if __name__ == "__main__":
    unittest.main()
