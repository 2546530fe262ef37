"""Two parts of the device, under CPython and MicroPython: the MENU+BACK
chord filter between the hal and the game, and the error log on a real
folder (rotation within its bound, writes rate-limited)."""

import json
import os
import unittest

from hal.common import BACK, MENU
from hal.files import Files
from tabletop.buttons.chord import ChordHal
from tabletop.keep.errorlog import NAME, OLD, ErrorLog


class Buttons:
    """A hal whose buttons follow a script: [(from_ms, bits), ...]."""

    def __init__(self, script):
        self.script = script
        self.now = 0

    def read_digital(self, buf):
        pass

    def read_analog(self, buf):
        pass

    def transmit(self, buf):
        pass

    def read_buttons(self):
        bits = 0
        for t, b in self.script:
            if t <= self.now:
                bits = b
        return bits


def run(script, until=5000, step=5):
    """What the game sees, every ``step`` ms: [(ms, bits)], and the tap."""
    hal = Buttons(script)
    tap = ChordHal(hal)
    seen = []
    for t in range(0, until, step):
        hal.now = t
        tap.now = t
        seen.append((t, tap.read_buttons()))
    return seen, tap


def presses(seen):
    """(down_ms, up_ms, bits) of each change the game saw."""
    out = []
    last = 0
    start = 0
    for t, b in seen:
        if b != last:
            if last:
                out.append((start, t, last))
            start = t
            last = b
    return out


class ChordTest(unittest.TestCase):
    def test_a_press_alone_reaches_the_game_late_but_as_long(self):
        seen, tap = run([(100, MENU), (220, 0)])
        self.assertEqual(presses(seen), [(250, 370, MENU)])
        self.assertFalse(tap.fired)

    def test_contact_bounce_reaches_the_game_as_it_was(self):
        script = [(100, BACK), (101, 0), (103, BACK), (400, 0), (402, BACK), (403, 0)]
        seen, tap = run(script, step=1)
        delayed = [(250, 251, BACK), (253, 550, BACK), (552, 553, BACK)]
        self.assertEqual(presses(seen), delayed)  # the debouncer's job, not the tap's
        self.assertFalse(tap.fired)

    def test_both_pressed_together_and_held_fire_and_the_game_sees_nothing(self):
        seen, tap = run([(100, MENU), (180, MENU | BACK), (3400, BACK), (3450, 0)])
        self.assertEqual(presses(seen), [])
        self.assertTrue(tap.fired)

    def test_both_together_but_let_go_early_do_nothing_at_all(self):
        seen, tap = run([(100, BACK), (150, MENU | BACK), (1000, 0), (2000, MENU), (2100, 0)])
        self.assertFalse(tap.fired)
        self.assertEqual(presses(seen), [(2150, 2250, MENU)])  # the next press is the game's

    def test_a_second_button_after_the_grace_is_an_ordinary_press(self):
        seen, tap = run([(100, MENU), (600, MENU | BACK), (4000, 0)])
        self.assertFalse(tap.fired)
        self.assertEqual(presses(seen), [(250, 750, MENU), (750, 4150, MENU | BACK)])

    def test_the_other_hal_methods_are_the_hals_own(self):
        hal = Buttons([])
        tap = ChordHal(hal)
        self.assertEqual(tap.read_analog, hal.read_analog)
        self.assertEqual(tap.transmit, hal.transmit)


_count = [0]
# (the process: CPython may run test files side by side in one folder)
_PID = os.getpid() if hasattr(os, "getpid") else 0


def _remove_tree(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)


class ErrorLogTest(unittest.TestCase):
    def setUp(self):
        _count[0] += 1
        self.root = "_errorlog_test_%d_%d_%d" % (_PID, id(self) & 0xFFFF, _count[0])
        self.fs = Files(self.root)

    def tearDown(self):
        _remove_tree(self.root)

    def entries(self, name):
        data = self.fs.read(name) or b""
        return [json.loads(x) for x in data.decode().splitlines()]

    def test_rotation_keeps_both_files_within_the_limit(self):
        log = ErrorLog(self.fs, limit=1024, gap_ms=0)
        for i in range(120):
            entry = log.note(i, {"kind": "exception", "n": i, "message": "m" * (i % 50)})
            self.assertEqual(entry["n"], i)
            self.assertLessEqual(self.fs.size(NAME), 1024)
            self.assertLessEqual(self.fs.size(OLD), 1024)
        now = self.entries(NAME)
        old = self.entries(OLD)
        self.assertEqual(now[-1]["n"], 119)
        self.assertEqual(old[-1]["n"] + 1, now[0]["n"])  # log.old holds what came just before
        self.assertEqual(sorted(self.fs.names()), [OLD, NAME])

    def test_one_write_per_gap_and_the_rest_counted(self):
        log = ErrorLog(self.fs, gap_ms=10000)
        self.assertEqual(log.note(0, {"n": 0})["repeats"], 0)
        for t in range(1000, 10000, 1000):
            self.assertIsNone(log.note(t, {"n": t}))
        self.assertIsNone(log.poll(9999))
        done = log.poll(10000)
        self.assertEqual((done["n"], done["repeats"], done["t"]), (9000, 8, 10000))
        self.assertIsNone(log.poll(30000))  # nothing more held back
        self.assertEqual([e["n"] for e in self.entries(NAME)], [0, 9000])
        self.assertEqual(log.writes, 2)

    def test_a_long_trace_is_left_out_and_a_failing_medium_never_raises(self):
        log = ErrorLog(self.fs, gap_ms=0, line_max=200)
        log.note(0, {"message": "short", "trace": "t" * 500})
        self.assertEqual(self.entries(NAME), [{"message": "short", "t": 0, "repeats": 0}])
        _remove_tree(self.root)  # the folder is gone: every write fails
        self.assertIsNotNone(log.note(1, {"message": "again"}))
        self.assertEqual(log.failures, 1)
        os.mkdir(self.root)

    def test_without_a_store_nothing_is_written_but_entries_still_come_back(self):
        log = ErrorLog(None)
        self.assertEqual(log.note(5, {"n": 1}), {"n": 1, "t": 5, "repeats": 0})
