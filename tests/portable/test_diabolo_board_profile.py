"""The Diabolo board's profile: the shipped one loads with the reference
board's parts, a bad one is refused naming the key; and a tick with nothing
moving allocates nothing (under MicroPython, ``micropython.heap_lock``)."""

import unittest

from board_support import profile_json
from diabolo_board_support import PROFILE, Table, card, quiet
from tabletop.profile import ProfileError, load

# The lights in the order the renderer indexes them, written out here: the 30
# slots (per row r y g p b: hell 1..3 then heaven 1..3), lock.r .. lock.b at
# 30, turn0 .. turn4 at 35 (show/render_diabolo.py).
LIGHTS = ["%s.%s.%d" % (r, s, k) for r in "rygpb" for s in ("hell", "heaven") for k in (1, 2, 3)]
LIGHTS += ["lock." + r for r in "rygpb"] + ["turn%d" % p for p in range(5)]


def refused(obj):
    try:
        load(obj)
    except ProfileError as err:
        return str(err)
    return None


class ProfileTest(unittest.TestCase):
    def test_the_reference_board(self):
        raw = profile_json("diabolo")
        self.assertEqual(PROFILE.games, (("diabolo", "standard"),))
        self.assertEqual(PROFILE.players, 4)
        self.assertEqual(len(PROFILE.presence_bits), 30)
        self.assertEqual(len(PROFILE.slot_bits), 1)  # one card reader
        self.assertEqual(len(PROFILE.slot_bits[0]), 7)
        self.assertEqual(len(PROFILE.led_map), 40)
        for i, name in enumerate(LIGHTS):
            self.assertEqual(PROFILE.led_map[i], raw["led_map"][name])
        self.assertEqual(PROFILE.presence_bits[7], raw["rows"]["y"]["hell"][1])

    def test_each_mistake_names_its_key(self):
        cases = (
            (("players",), 6, "players: must be a whole number 3..5"),
            (("rows", "g", "heaven"), [12, 13], "rows.g.heaven: must be a list of 3"),
            (("rows", "b", "hell"), [0, 30, 31], "rows.b.hell: bit 0 is already used"),
            (("reader", "bits"), [0, 33, 34, 35, 36, 37, 38], "reader.bits: bit 0 is already used"),
            (("registers",), 4, "registers: a Diabolo board needs at least 5"),
            (("led_map", "lock.p"), 99, "led_map.lock.p: must be a whole number 0..39"),
        )
        for path, value, want in cases:
            raw = profile_json("diabolo")
            obj = raw
            for k in path[:-1]:
                obj = obj[k]
            obj[path[-1]] = value
            got = refused(raw)
            self.assertTrue(got is not None and got.startswith(want), "%r: %r" % (path, got))
        for key in ("rows", "reader", "players"):
            raw = profile_json("diabolo")
            del raw[key]
            self.assertTrue(refused(raw).startswith(key + ": missing"), key)
        raw = profile_json("diabolo")
        del raw["rows"]["p"]
        self.assertTrue(refused(raw).startswith("rows.p: missing"))


class QuietTicksTest(unittest.TestCase):
    def test_quiet_ticks_allocate_nothing(self):
        t = Table(players=3)
        t.start(dealer=2)
        t.tick()
        self.assertTrue(quiet(t), "waiting for a card to be read")
        t.read(card("p4"))
        self.assertTrue(quiet(t), "a card read, its slots lit")
        t.read(0)
        t.put("r.hell.1")
        self.assertTrue(quiet(t), "a card in a wrong slot, red")
        self.assertEqual(t.light("r.hell.1"), "error")
