"""What the Pyraos sensing learns of a board, from readings computed straight
from the magnet model: each marble's own error, a misfit far from a new
marble, "no change, not quite", drift, and what it must never take in (a
hand holding a marble above the board). docs/FIRMWARE.md, "What the sensing
learns of a board"."""

import unittest
from array import array

from board_support import POSITIONS, marble_xyz
from pyramid_support import JUNK, PROFILE, SensorCase, mask
from tabletop.rules.pyraos_geometry import position_index
from tabletop.sensing import pyramid


class LearningTest(SensorCase):
    def test_a_marble_spoilt_by_a_far_misfit_is_accepted_once_still(self):
        # A misfit where the new marble's field does not reach (a marble
        # taken away just before with its learnt error a little off) spoils
        # the marble's fit; the board used to wait for ever. Once still a
        # second it is taken into those sensors' baselines.
        full = self.set_3b1_spoilt()
        obs = self.ticks(full, 400)  # 2 s more
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("3b1")))

    def test_a_weak_marble_spoilt_by_a_far_misfit_is_accepted_too(self):
        # The same with a magnet 7% weak (the soak's marbles are +-5%, the
        # sensors' gains +-4%): with the noise, whether it makes its whole
        # field wavers from tick to tick, and the rule must not start its
        # still second over each time it does not (the soak stalled so).
        full = self.set_3b1_spoilt(0.93)
        obs = self.ticks(full, 600)  # 3 s more
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("3b1")))

    def test_a_raise_spoilt_by_a_far_misfit_is_accepted_once_still(self):
        # The same for a marble raised (a move: lifted from d3, set on 2a1;
        # the 24 h soak, seed 1, game 66): the misfit on sensors neither
        # place reaches is taken in once still a second.
        level1 = (1 << 16) - 1
        self.board.occ = level1
        self.ticks(level1, 4)
        self.sensor.rebase(level1)
        k = self.sensor.finder.k
        x, d = position_index("d3"), position_index("2a1")
        reach = self.sensor.learnt.noise3
        far = [s for s in range(25) if abs(k[s * 30 + d]) <= reach and abs(k[s * 30 + x]) <= reach]
        self.assertTrue(len(far) >= 2, far)
        for s in far[:2]:
            self.board.knock[s] = -110
        self.board.occ = level1 & ~(1 << x) | 1 << d
        obs = self.ticks(level1, 60)
        self.assertEqual(obs.kind, pyramid.UNCLEAR)  # the premise: it does not fit
        for _ in range(600):  # 3 s more; the board takes the first report
            obs = self.ticks(level1, 1)
            if obs.kind != pyramid.UNCLEAR:
                break
        self.assertEqual((obs.kind, obs.lifted, obs.added), (pyramid.MOVE, x, d))

    def test_a_marble_whose_fit_wavers_about_the_limit_is_accepted(self):
        # The Pyraos soak (seed 2, game 27): a far misfit left the marble's
        # fit right about max_error; it fitted for a tick or two now and
        # then, too briefly to count as a move, and each time it did the
        # far-misfit rule started its still second over: never accepted.
        # Here the misfit dips for 30 ms every 200 ms (a few counts, well
        # within what counts as steady).
        d = position_index("2b2")
        e = self.settle_on("a1 b1 c1 a2 b2 c2 a3 b3 c3")
        far = self.far_knock("2b2", -100)
        self.board.occ = e | 1 << d
        fitted = 0
        for i in range(800):  # 4 s; the board takes the first report
            for s in far:
                self.board.knock[s] = -70 if i % 40 < 6 else -100
            obs = self.ticks(e, 1)
            fitted += self.sensor.finder.best.kind == pyramid.ADD
            if obs.kind != pyramid.UNCLEAR:
                break
        self.assertTrue(fitted > 0)  # (the premise: it fitted now and then)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, d))

    def test_a_far_misfit_that_wavers_about_its_own_limit_is_accepted(self):
        # A table game (a take of two marbles, the next marble set down while
        # their fields were still leaving): the far misfit's fit hovered
        # about four times max_error, the far-misfit rule's limit, in and
        # out with the noise, and each time it was out the rule started its
        # still second over: the marble waited 100 s. Here the misfit
        # swings between 3.5 and 5 times max_error every 200 ms.
        d = position_index("2b2")
        e = self.settle_on("a1 b1 c1 a2 b2 c2 a3 b3 c3")
        far = self.far_knock("2b2", -150)
        self.board.occ = e | 1 << d
        finder = self.sensor.finder
        errors = []
        for i in range(1000):  # 5 s; the board takes the first report
            for s in far:
                self.board.knock[s] = -150 if i % 80 < 40 else -180
            obs = self.ticks(e, 1)
            errors.append(finder.error)
            if obs.kind != pyramid.UNCLEAR:
                break
        limit = 4 * finder.max_error
        self.assertTrue(min(errors[200:]) <= limit < max(errors[200:]))  # (the premise)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, d))

    def test_a_level_3_marble_that_reads_weak_is_accepted_once_still_a_second(self):
        # The Pyraos soak (seed 6, game 27): a marble on 3b2 fitted well
        # (1,000 against max_error 8,400; the next best 47,000) and lay still,
        # but read 0.87 of the model's field (a magnet 3% weak, the sensors'
        # gains and a baseline or two a little off): short of the 0.88 a
        # level-3 marble must make at once, so the board waited for ever.
        # Once the readings have been still a second the wider 0.8 .. 1.25
        # of the lower levels is enough (a hand hovering 8 mm above makes
        # 0.70; only a marble held stock-still within 4.5 mm of its rest,
        # about to be let go, makes 0.8).
        full = self.settle_levels_1_2()
        d = position_index("3b1")
        self.board.occ = full | 1 << d
        self.board.strength[d] = 0.85
        obs = self.ticks(full, 120)  # 0.6 s: not yet
        self.assertEqual(obs.kind, pyramid.UNCLEAR)
        self.assertEqual(self.sensor.finder.error <= self.sensor.finder.max_error, True)  # it fits
        for _ in range(400):  # 2 s more; the board takes the first report
            obs = self.ticks(full, 1)
            if obs.kind != pyramid.UNCLEAR:
                break
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, d))

    def test_a_far_misfit_never_makes_a_hovering_marble_a_move(self):
        full = self.settle_levels_1_2()
        self.far_knock("3b1", -110)
        x, y, z = marble_xyz(*POSITIONS[position_index("3b1")], PROFILE.pitch_mm, 9.0)
        for lift in (4.0, 8.0, 15.0):  # held still above its rest
            self.board.held = (x, y, z + lift)
            for _ in range(60):
                obs = self.ticks(full, 10)
                self.assertNotEqual(obs.kind, pyramid.ADD, lift)

    def test_a_marble_carried_high_past_a_free_spot_leaves_the_baselines_alone(self):
        # The Pyraos soak (seed 2, game 5): the hand carried the next marble
        # over the board a few mm above the height of a free level-3 spot,
        # too gently to read as motion (its field there changes slowly).
        # That spot's ADD was the best guess, and the far-misfit rule took
        # the hand's field into sensors all over the board, tick after tick;
        # the marble then set down on a1 never fitted: the board waited for ever.
        e = self.settle_on("b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4 2a2 2b2 2a3 2b3")
        self.ticks(e, 200)  # still a second

        # as the hand did there: from the reserve's edge to 9 mm above 3a2
        # (0.4 s), hovering (1.5 s: steady, but not a marble at rest), on to
        # 10 mm above 2b1 (on the way, 3a2 is still the best guess: not
        # steady), hovering 0.6 s, then over to a1 and down
        def above(spot, mm):
            return marble_xyz(*POSITIONS[position_index(spot)], PROFILE.pitch_mm, 9.0 + mm)

        path = [(37.5, -50.0, 39.0), above("3a2", 9.0), above("2b1", 10.0), above("a1", 30.0)]
        path.append(above("a1", 2.0))
        for i in range(len(path) - 1):
            (x0, y0, z0), (x1, y1, z1) = path[i], path[i + 1]
            for j in range(80):
                f = (j + 1) / 80
                self.board.held = (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, z0 + (z1 - z0) * f)
                self.ticks(e, 1)
            if i < 2:
                self.ticks(e, 300 if i == 0 else 120)
        self.board.held = None
        self.board.occ = e | mask("a1")
        obs = self.ticks(e, 30)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("a1")))

    def test_a_steady_small_misfit_is_relearnt_after_a_second(self):
        e = self.settle_on("a1 b1")
        self.knock_a1(100)
        self.assertEqual(self.ticks(e, 20).kind, pyramid.UNCLEAR)  # 0.1 s: the board waits
        self.assertTrue(
            self.sensor.finder.error > self.sensor.finder.max_error
        )  # (beyond what counts)
        self.assertEqual(self.ticks(e, 200).kind, pyramid.NONE)  # 1.1 s still: taken as is
        self.assertTrue(self.sensor.finder.error < self.sensor.quiet)
        self.board.occ = e | mask("c3")  # and the next move is seen as ever
        obs = self.ticks(e)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("c3")))

    def test_a_marble_held_still_high_above_the_board_is_not_relearnt(self):
        # The 24 h soak (seed 0, game 119): after a power cut the hand held a
        # marble 84 mm above the board, still, waiting to see the lights. Its
        # broad field (+20..+80 counts on most sensors, steady) was taken in
        # by the "no change" relearn; set back on the board later, the
        # marble no longer made its field. A misfit of one sign on most
        # sensors is a marble above the board, not a baseline that moved.
        self.hold_still_above(self.settle_on("a1 b1 c1 a2 b2"), (37.5, 37.5, 70.0))

    def test_a_marble_lifted_and_held_high_is_found_again_when_set_back(self):
        # The same soak game, as it went: 3b1 lifted (what the board had
        # learnt of its own error goes out of the baselines with it, leaving
        # a misfit of +-30 counts, JUNK here) and held 84 mm up over the
        # edge of the board, still, for seconds. Its field (5..25 counts)
        # plus that misfit is of one sign on most sensors, not all. Taken in
        # as the baselines, the marble set back made 0.78 of its field:
        # never accepted, and the game stopped.
        full = self.settle_levels_1_2()
        d = position_index("3b1")
        self.board.strength[d] = 0.96  # (a magnet 4% weak: they are +-5%)
        self.board.occ = full | 1 << d
        self.ticks(full, 4)
        self.sensor.rebase(full | 1 << d)
        self.board.knock = list(JUNK)
        self.board.occ = full
        self.board.held = (50.0, 25.0, 84.0)
        self.ticks(full, 600)  # 3 s, quite still (seen as lifted: rebase)
        self.board.held = None
        self.board.occ = full | 1 << d  # set back
        for _ in range(600):  # 3 s; the board takes the first report
            obs = self.ticks(full, 1)
            if obs.kind != pyramid.UNCLEAR:
                break
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, d))

    def test_a_shift_of_the_whole_board_is_relearnt_after_ten_seconds(self):
        # One sign on every sensor, as a marble held above makes, but for
        # good (say the sensors' supply moved): waited out, then relearnt,
        # and the next move is seen as ever.
        e = self.settle_on("a1 b1")
        self.board.knock = [30] * 25
        self.ticks(e, 1200)  # 6 s
        self.assertTrue(self.sensor.finder.error > self.sensor.quiet)  # not yet
        self.ticks(e, 1000)  # 11 s in all
        self.assertTrue(self.sensor.finder.error < self.sensor.quiet)
        self.board.occ = e | mask("c3")
        obs = self.ticks(e)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("c3")))

    def test_a_misfit_that_keeps_changing_is_not_relearnt(self):
        # Drifting up and down (a hand creeping closer, say) for 3 s: never
        # steady for a second, so never taken as the position.
        e = self.settle_on("a1 b1")
        ramp = list(range(55, 111)) + list(range(110, 54, -1))
        for i in range(600):
            offset = ramp[i % len(ramp)]
            self.knock_a1(offset)
            self.ticks(e, 1)
            if i >= 20 and offset >= 75:  # (where the misfit is well above quiet)
                self.assertTrue(self.sensor.finder.error > self.sensor.quiet, i)  # kept
        self.knock_a1(90)
        self.assertEqual(self.ticks(e, 300).kind, pyramid.NONE)  # then it holds: relearnt
        self.assertTrue(self.sensor.finder.error < self.sensor.quiet)

    def test_a_large_misfit_is_never_taken_as_the_position(self):
        e = self.settle_on("a1 b1")
        self.knock_a1(300)
        self.assertEqual(self.ticks(e, 600).kind, pyramid.UNCLEAR)  # 3 s: still waiting

    def test_the_cleared_board_reads_empty_after_the_sensors_drifted(self):
        # The Pyraos soak (seed 1, game 22): a new game goes back to the
        # baselines the empty board had when the last one started; the
        # sensors had drifted since (tens of counts: warmth), so the empty
        # board fitted "no change" only roughly, and the board waited in
        # CLEAR for ever with nothing on it.
        self.ticks(0, 4)
        self.sensor.learnt.calibrate(0)
        self.sensor.keep_empty()  # the game starts on the empty board
        e = self.settle_on("a1 b1 c2 2a1")
        for s in range(25):
            self.board.base_error[s] += 45 if s % 3 else -40  # the drift since
        self.ticks(e, 200)
        self.board.occ = 0  # the board cleared, a new game
        self.sensor.forget(e)
        obs = self.ticks(0, 300)  # 1.5 s
        self.assertEqual(obs.kind, pyramid.NONE)
        self.board.occ = mask("c3")  # and the first marble of the game is seen
        obs = self.ticks(0)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("c3")))

    def test_lifting_a_marble_does_not_bring_back_a_misfit_it_did_not_make(self):
        # The 24 h soak (seed 1, game 66): after a power cut the saved
        # baseline of b3 was 90 counts stale; the marble raised from b4 to
        # 2c3 was accepted with that misfit inside b4's band, and 2c3 "learnt"
        # it as its own error, though its field at b3 is a few counts. When
        # 2c3 was taken back the misfit came back with it and, with others,
        # spoilt the next move for good. A marble's own error is at most a
        # share of its field (three times the model's band) plus noise.
        e = self.settle_on("a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4")
        b3, b4, c23 = (position_index(n) for n in ("b3", "b4", "2c3"))
        self.board.base_error[b3] -= 90  # the stale baseline
        self.board.occ = e & ~(1 << b4) | 1 << c23
        obs = self.ticks(e, 20)
        self.assertEqual((obs.kind, obs.lifted, obs.added), (pyramid.MOVE, b4, c23))
        e = obs.occupancy(e)
        self.sensor.rebase(e, (b4, -1, c23), self.t)  # as the board does
        self.ticks(e, 240)  # its settling second
        self.board.occ = e & ~(1 << c23)
        obs = self.ticks(e, 20)
        self.assertEqual((obs.kind, obs.lifted), (pyramid.LIFT, c23))
        e = obs.occupancy(e)
        self.sensor.rebase(e, (c23, -1, -1), self.t)
        # the board's picture matches at once (no misfit at b3 to relearn)
        self.ticks(e, 4)
        self.assertTrue(
            self.sensor.fit_occupancy(e) <= self.sensor.quiet, self.sensor.finder.resid[b3]
        )

    def test_what_it_learnt_comes_back_whole_after_a_power_cut(self):
        # state_parts as GameStore.save_state keeps them (32-bit words), then
        # a new sensor's restore_state: the same baselines, the same learnt
        # error of every marble, the same empty board (and, unlike a
        # calibration, nothing guessed).
        self.ticks(0, 4)
        self.sensor.learnt.calibrate(0)
        self.sensor.keep_empty()
        e = self.settle_on("a1 b1 a2")
        self.board.occ = e | mask("b2")
        obs = self.ticks(e)
        e = obs.occupancy(e)
        self.sensor.rebase(e, (obs.lifted, obs.lifted2, obs.added), self.t)
        self.ticks(e, 240)  # its settling second
        words = []
        for part in self.sensor.state_parts():
            words += list(part)
        self.assertEqual(len(words), pyramid.PyramidSensor.STATE_WORDS)
        again = pyramid.PyramidSensor(PROFILE)
        again.restore_state(array("i", words))
        old, new = self.sensor.learnt, again.learnt
        self.assertEqual(list(new.base), list(old.base))
        self.assertEqual(list(new.err), list(old.err))
        self.assertEqual(list(new.empty), list(old.empty))
        self.assertEqual((new.known, new.tainted, new.unsure), (old.known, old.tainted, False))
        self.assertEqual(new.known, mask("b2"))  # the marble it saw set down


if __name__ == "__main__":
    unittest.main()
