"""The Pyraos sensing: readings computed straight from the magnet model
(docs/FIRMWARE.md, not the firmware's own kernel) are explained as the right
change of the expected position, and what fits nothing well is UNCLEAR. What
the sensing learns of a board: test_pyramid_learning.py."""

import unittest

from board_support import POSITIONS, field, marble_xyz, profile_json
from pyramid_support import PROFILE, SensorCase, mask
from tabletop.profile import load
from tabletop.rules.pyraos_geometry import position_index
from tabletop.sensing import pyramid
from tabletop.sensing.magnets import kernel


class KernelTest(unittest.TestCase):
    def test_the_integer_kernel_is_the_dipole_formula_within_a_count(self):
        # the firmware works the field out in integers (no float garbage at
        # boot); board_support.field is the formula of docs/FIRMWARE.md
        for gain in (1.0, 0.93, 1.12):
            raw = profile_json("pyraos")
            for name in raw["sensors"]:
                raw["sensors"][name]["gain"] = gain
            prof = load(raw)
            k = kernel(prof)
            for s in range(25):
                for p in range(30):
                    xyz = marble_xyz(*POSITIONS[p], prof.pitch_mm, prof.depth_mm)
                    want = gain * field(prof, s, xyz)
                    self.assertTrue(abs(k[s * 30 + p] - want) < 1.5, (s, p, want))


class PredictionTest(unittest.TestCase):
    def test_the_prediction_follows_every_change_of_position(self):
        # The residuals' prediction is kept up to date move by move (a
        # marble's field added or taken out); after any run of positions,
        # single moves and whole jumps, it is the sum of the fields of
        # exactly the marbles there.
        sensor = pyramid.PyramidSensor(PROFILE)
        learnt = sensor.learnt
        k = sensor.finder.k
        occ = 0
        seed = 7
        for step in range(60):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            if step % 10 == 9:
                occ = seed & ((1 << 30) - 1)  # a jump: any set of positions
            elif step % 10 == 4:
                occ = 0  # a new game
            else:
                occ ^= 1 << (seed >> 8) % 30  # one marble comes or goes
            learnt.residuals(occ)
            for s in range(25):
                want = sum(k[s * 30 + p] for p in range(30) if occ >> p & 1)
                got = learnt.sums[s] // 4 - learnt.base[s] - learnt.resid[s]
                self.assertEqual(got, want, (step, s))


class SensorTest(SensorCase):
    def test_empty_board_is_still(self):
        self.ticks(0, 4)
        self.sensor.learnt.calibrate(0)
        obs = self.ticks(0)
        self.assertEqual(obs.kind, pyramid.NONE)

    def test_a_marble_added(self):
        for names, new in (("", "a1"), ("a1 b1 a2 b2", "2a1"), ("a1 b1 a2 b2", "c3")):
            with self.subTest(new=new):
                e = self.settle_on(names)
                self.board.occ = e | mask(new)
                obs = self.ticks(e)
                self.assertEqual(obs.kind, pyramid.ADD)
                self.assertEqual(obs.added, position_index(new))

    def test_the_top_is_seen(self):
        full = (1 << 29) - 1
        self.board.occ = full
        self.ticks(full, 4)
        self.sensor.rebase(full)
        self.board.occ = full | 1 << 29
        # The top holds a while to count (a hand carrying a marble passes
        # through those readings), and counts soon after, set down cleanly.
        hold = self.sensor.high_settle_ms
        kinds = []
        for _ in range(hold // 5 + 20):
            kinds.append(self.ticks(full, 1).kind)
        self.assertNotIn(pyramid.ADD, kinds[: hold // 5 - 1])
        self.assertEqual(kinds[-1], pyramid.ADD)
        self.assertEqual(self.sensor.current.added, 29)

    def test_lifted_moved_and_two_lifted(self):
        e = self.settle_on("a1 b1 a2 b2 c3 d1")
        self.board.occ = e & ~mask("c3")
        obs = self.ticks(e)
        self.assertEqual((obs.kind, obs.lifted), (pyramid.LIFT, position_index("c3")))
        self.board.occ = e & ~mask("c3") | mask("2a1")
        obs = self.ticks(e)
        self.assertEqual(
            (obs.kind, obs.lifted, obs.added),
            (pyramid.MOVE, position_index("c3"), position_index("2a1")),
        )
        self.board.occ = e & ~mask("c3 d1")
        obs = self.ticks(e)
        self.assertEqual(obs.kind, pyramid.LIFT2)
        self.assertEqual(
            sorted((obs.lifted, obs.lifted2)), sorted(map(position_index, ("c3", "d1")))
        )

    def test_a_hovering_marble_is_no_move(self):
        e = self.settle_on("a1 b1")
        for height in (30, 45, 70):
            self.board.held = (37.5, 50.0, height)
            obs = self.ticks(e, 60)
            if height < 60:  # near enough to notice, and it fits no change
                self.assertEqual(obs.kind, pyramid.UNCLEAR, height)
            else:  # too far to matter
                self.assertTrue(obs.kind in (pyramid.UNCLEAR, pyramid.NONE), height)

    def test_a_marble_held_still_above_a_level_3_spot_is_never_a_move(self):
        full = self.settle_levels_1_2()
        x, y, z = marble_xyz(*POSITIONS[position_index("3b1")], PROFILE.pitch_mm, 9.0)
        # held stock-still 6 mm above its rest (the hand hovers 8 to 16 mm
        # up) for 1.5 s: 0.77 of its field, short of 0.8 even after a second
        self.board.held = (x, y, z + 6.0)
        for _ in range(30):
            obs = self.ticks(full, 10)
            self.assertNotEqual(obs.kind, pyramid.ADD)

    def test_a_marble_lifted_and_held_over_its_cup_is_likely_lifted(self):
        # Not a move yet (the hand may put it back), but clear enough to show
        # at once what it may do, or red if it may not be lifted.
        e = self.settle_on("a1 b1 c2")
        self.board.occ = e & ~mask("c2")
        for height in (35, 40, 50):
            self.board.held = (50.0, 25.0, height)  # straight above c2
            obs = self.ticks(e, 20)
            self.assertTrue(obs.kind in (pyramid.UNCLEAR, pyramid.LIFT), height)
            likely = self.sensor.likely
            self.assertEqual((likely.kind, likely.lifted), (pyramid.LIFT, position_index("c2")))

    def test_a_marble_carried_through_a_level_2_spot_is_no_move(self):
        seen = self.pass_through("a1 b1 a2 b2", "2a1", 9.0 + 25.0 / 2**0.5)
        self.assertTrue(pyramid.ADD not in seen, seen)

    def test_nothing_is_reported_before_it_settles(self):
        e = self.settle_on("a1")
        self.board.occ = e | mask("d4")
        first = self.ticks(e, 1)  # seen once: not yet settled
        self.assertEqual(first.kind, pyramid.UNCLEAR)
        later = self.ticks(e, 6)
        self.assertEqual(later.kind, pyramid.ADD)

    def test_a_knock_for_one_tick_is_not_a_move(self):
        e = self.settle_on("a1 b1")
        self.board.knock[position_index("c2")] = 15000
        self.board.fill(self.buf)
        self.sensor.update(self.buf, self.t)
        self.board.knock[position_index("c2")] = 0
        seen = [self.ticks(e, 1).kind for _ in range(12)]
        self.assertTrue(pyramid.ADD not in seen, seen)
        self.assertEqual(seen[-1], pyramid.NONE)

    def test_two_marbles_added_at_once_is_unclear(self):
        e = self.settle_on("a1")
        self.board.occ = e | mask("c1 d4")
        self.assertEqual(self.ticks(e).kind, pyramid.UNCLEAR)

    def test_occupancy_of_an_observation(self):
        e = mask("a1 b1 c1")
        o = pyramid.Observation()
        o.set(pyramid.MOVE, position_index("c1"), -1, position_index("d4"))
        self.assertEqual(o.occupancy(e), mask("a1 b1 d4"))


if __name__ == "__main__":
    unittest.main()
