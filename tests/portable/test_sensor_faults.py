"""Sensors that cannot be working (docs/DEVICE.md, "Faulty sensors"), on
every game's board: at power on a sensor that reads 0 or full scale, or
never changes while the others show their noise, is named as faulty; with
more than half of them (nothing wired) the board says so and plays nothing;
a sensor that reads at a rail during play is ignored and named, and the game
is not changed by it. Under CPython and MicroPython."""

import sys
import unittest
from array import array

from board_support import Readings, profile
from pyramid_support import BASES, GAINS, PROFILE, SensorCase, mask
from tabletop.board import diabolo_board as db
from tabletop.board import pacal_board as pb
from tabletop.board import pyraos_board
from tabletop.buttons import presses
from tabletop.keep.journal import Journal
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import position_index
from tabletop.sensing import pyramid
from tabletop.show import status_diabolo, status_pacal, status_pyraos
from test_pacal_board_ticks import EVENTS, ON_THE_BOARD, Sensors
from test_pacal_board_ticks import PROFILE as PACAL

C3 = position_index("c3")  # (sensors 0..24 are the positions below them)
FULL = 65535
NO_SENSORS = "No sensors read:"
NOISE = "tabletop.sensing.noise"  # the check's code: loaded at power on, let go once done
CHECK = "tabletop.sensing.sensor_check"  # (Pacal's and Diabolo's)
# Two marbles played: what a board powered on with a game in progress replays.
PYRAOS_MOVES = [(pyraos.PLACE, 0, position_index("a1"), -1),
                (pyraos.PLACE, 1, position_index("d4"), -1)]  # fmt: skip


class PyraosBench:
    """A PyraosBoard over an empty board of readings (noise 15 unless told),
    some sensors stuck at a raw value (``stuck``: sensor -> reading)."""

    def __init__(self, noise=15, moves=()):
        self.readings = Readings(PROFILE, GAINS, BASES, noise=noise, seed=7)
        self.stuck = {}
        self.journal = Journal("pyraos", "standard")
        self.board = pyraos_board.PyraosBoard(PROFILE, "standard", self.journal)
        for m in moves:
            self.journal.add(m)
        if moves:
            self.board.resume(self.journal.events)
        self.digital = bytearray(PROFILE.registers)
        self.analog = array("H", bytes(2 * PROFILE.analog_channels))
        self.t = 0

    def tick(self, n=1, event=0):
        for _ in range(n):
            self.readings.fill(self.analog)
            for s in self.stuck:
                self.analog[PROFILE.sensor_channels[s]] = self.stuck[s]
            self.t += 5
            self.board.step(self.digital, self.analog, event, self.t)
            event = 0


class PyraosPowerOnTest(unittest.TestCase):
    def test_a_sensor_at_0_or_at_full_scale_is_named_and_the_board_plays(self):
        for reading in (0, FULL):
            bench = PyraosBench()
            bench.stuck[C3] = reading
            bench.tick(100)  # (the noise measured, the first look taken)
            board = bench.board
            self.assertEqual(board.fault_names, ["c3"], reading)
            self.assertNotIn(NOISE, sys.modules)
            self.assertFalse(board.unwired)
            self.assertEqual(status_pyraos.lines(board)[-1], "Fault: c3")
            self.assertEqual(board.describe({})["faulty"], ["c3"])
            self.assertNotIn("wired", board.describe({}))
            self.assertEqual(board.noise_report()["faulty"], ["c3"])
            self.assertTrue(12 <= board.noise_report()["typical"] <= 18)  # (the others')
            self.assertEqual(board.expected, 0)  # (no marble made up where c3 cannot see)
            bench.tick(1, presses.SHORT_MENU)
            self.assertEqual(board.mode, pyraos_board.CLEAR)  # a new game ...
            bench.tick(100)
            self.assertEqual(board.mode, pyraos_board.PLAY)  # ... on the empty board: it plays

    def test_a_sensor_that_never_changes_is_named(self):
        bench = PyraosBench()
        bench.stuck[position_index("2b2")] = 33000  # (mid-scale, but not one count of noise)
        bench.tick(40)
        self.assertEqual(bench.board.fault_names, ["2b2"])

    def test_a_board_without_any_noise_is_not_faulty(self):
        # (no real sensor is so still: a simulated board without noise, or a
        # test's ideal readings; they play)
        bench = PyraosBench(noise=None)
        bench.tick(40)
        self.assertEqual(list(bench.board.fault_names), [])
        self.assertEqual(bench.board.describe({}).get("faulty"), None)

    def test_nothing_wired_says_so_and_plays_nothing(self):
        bench = PyraosBench(moves=PYRAOS_MOVES)
        for s in range(25):
            bench.stuck[s] = 0
        bench.tick(40)
        board = bench.board
        self.assertTrue(board.unwired)
        self.assertEqual(len(board.fault_names), 25)
        shown = status_pyraos.lines(board)
        self.assertIn(NO_SENSORS, shown)
        self.assertEqual(shown[-1], "Fault: a1 b1 c1+")
        hello = board.describe({})
        self.assertEqual((hello["wired"], len(hello["faulty"])), (False, 25))
        self.assertEqual(board.noise_report()["typical"], 0)
        bench.tick(1, presses.SHORT_MENU)  # MENU starts no game over the one on flash
        bench.tick(400)
        self.assertEqual(self.journal_moves(bench), PYRAOS_MOVES)
        self.assertIn(NO_SENSORS, status_pyraos.lines(board))

    def journal_moves(self, bench):
        return [tuple(m) for m in bench.journal.events]


class PyraosGlitchTest(SensorCase):
    def test_a_sensor_at_a_rail_in_play_is_ignored_and_named(self):
        e = self.settle_on("c3 a1")
        self.ticks(e, 40)  # (the noise measured)
        self.assertEqual(self.sensor.faulty, 0)
        self.board.knock[C3] = -60000  # c3 reads 0: its wire came off, the marble is there
        obs = self.ticks(e, 60)
        self.assertEqual(obs.kind, pyramid.NONE)  # not a marble lifted
        self.assertEqual(self.sensor.readings.railed, 1 << C3)
        self.board.knock[C3] = 0  # back; the game goes on
        self.board.occ = e | mask("d4")
        obs = self.ticks(e, 40)
        self.assertEqual((obs.kind, obs.added), (pyramid.ADD, position_index("d4")))


class PacalTest(unittest.TestCase):
    def setUp(self):
        self.journal = Journal("pacal", "duel")
        self.board = pb.PacalBoard(PACAL, "duel", self.journal)
        self.sensors = Sensors()
        self.t = 0

    def tick(self, n=1, event=0):
        s = self.sensors
        for _ in range(n):
            self.t += 5
            self.board.step(s.digital, s.analog, event, self.t)
            event = 0

    def set_field(self, i, reading):
        self.sensors.analog[PACAL.field_channels[i]] = reading

    def test_a_field_at_0_is_named_and_the_board_plays_on_the_others(self):
        self.set_field(2, 0)  # player 0's field 3: no sensor answers
        self.tick(40)
        board = self.board
        self.assertEqual(board.fault_names, ["field0.3"])
        self.assertNotIn(NOISE, sys.modules)
        self.assertNotIn(CHECK, sys.modules)
        self.assertEqual(status_pacal.lines(board)[-1], "Fault: field0.3")
        self.assertEqual(board.describe({})["faulty"], ["field0.3"])
        self.tick(1, presses.SHORT_MENU)
        self.tick(20)
        self.assertEqual(board.mode, pb.BASES)  # the board counts as clear: a round starts

    def test_nothing_wired_says_so_and_plays_nothing(self):
        for i in range(20):
            self.set_field(i, 0)
        self.tick(40)
        board = self.board
        self.assertTrue(board.unwired)
        self.assertIn(NO_SENSORS, status_pacal.lines(board))
        self.assertEqual(board.describe({})["wired"], False)
        self.tick(1, presses.SHORT_MENU)
        self.tick(20)
        self.assertEqual(board.mode, pb.SELECT)

    def test_card_readers_that_read_every_spot_set_are_dead(self):
        for j in range(len(self.sensors.digital)):
            self.sensors.digital[j] = 0xFF  # (a chain with nothing behind its data line)
        self.tick(40)
        self.assertEqual(self.board.fault_names, ["slot0", "slot1"])
        self.assertTrue(self.board.unwired)  # (without a reader no card is ever read)

    def test_a_field_at_full_scale_in_play_is_no_build(self):
        self.assertEqual(self.board.resume(EVENTS), len(EVENTS))
        for i in ON_THE_BOARD:
            self.sensors.cards(i, 1)
        self.tick(40)
        board = self.board
        self.assertEqual((board.mode, board.game.pending[0]), (pb.PLAY, 40))
        self.set_field(4, FULL)  # under the 30 player 0 may cover with 40: it would read "covered"
        self.tick(40)
        self.assertEqual((self.journal.events, board.game.pending[0]), ([], 40))  # no build taken
        self.assertEqual(board.fault_names, ["field0.5"])
        self.assertEqual(status_pacal.lines(board)[-1], "Fault: field0.5")
        self.sensors.cards(4, 1)  # back; player 0 builds 40 on field 1
        self.sensors.cards(0, 1)
        self.tick(40)
        self.assertEqual(self.journal.events[-1], (pacal.PLACE, 0, 40, 1))


class DiaboloTest(unittest.TestCase):
    def test_a_dead_reader_says_so_and_plays_nothing(self):
        prof = profile("diabolo")
        board = db.DiaboloBoard(prof, "standard", Journal("diabolo", "standard", players=4))
        digital = bytearray(prof.registers)
        for k in prof.slot_bits[0]:  # all seven spots set: no card has that code
            digital[k >> 3] |= 0x80 >> (k & 7)
        analog = array("H", [0])
        for t in range(40):
            board.step(digital, analog, presses.SHORT_MENU if t == 30 else 0, 5 * t)
        self.assertEqual(board.fault_names, ["reader"])
        self.assertNotIn(CHECK, sys.modules)
        self.assertTrue(board.unwired)
        self.assertIn(NO_SENSORS, status_diabolo.lines(board))
        self.assertEqual(board.describe({})["wired"], False)
        self.assertEqual(board.mode, db.SELECT)  # MENU started nothing


if __name__ == "__main__":
    unittest.main()
