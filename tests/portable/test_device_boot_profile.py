"""tabletop.device at power on with a profile that cannot drive the board,
under CPython and MicroPython: whatever the loader (or the port's reading of
the file, or its hal) raises, the board enters its profile-error mode. It
blinks, tells the error every few seconds, answers ``hello`` with the mode,
and starts no watchdog; it never dies at boot."""

import json
import unittest

from board_support import profile_json
from device_support import Platform, new_root, remove_tree
from tabletop.device import Device


class Blinking(Platform):
    """The portable tests' platform, with an error light that remembers
    when it was switched, and a profile file read as the port reads it
    (``json.loads`` of its text)."""

    def __init__(self, root, text):
        Platform.__init__(self, root, None)
        self.text = text
        self.blinks = []

    def profile(self):
        return json.loads(self.text)

    def error_light(self, raw):
        def light(on):
            self.blinks.append((self.t, on))

        return light


class BrokenHal(Platform):
    """A port whose hal fails with something other than a ProfileError."""

    def hal(self, prof):
        raise TypeError("pin must be an int")


class BadProfileBootTest(unittest.TestCase):
    def setUp(self):
        self.root = new_root(self)

    def tearDown(self):
        remove_tree(self.root)

    def boot(self, p):
        dev = Device(p)
        self.assertTrue(dev.boot())  # the loop runs: the profile-error mode
        p.inbox += b'{"cmd": "hello", "id": 7}\n'
        for _ in range(350):  # 7 s at 20 ms
            dev.step()
        self.assertEqual(dev.mode, "profile-error")
        self.assertEqual((p.dog, dev.runtime), (None, None))
        said = p.lines()
        [hello] = [x for x in said if x.get("reply") == 7]
        self.assertEqual((hello["ok"], hello["mode"]), (True, "profile-error"))
        reports = [x for x in said if x.get("kind") == "profile"]
        self.assertEqual(len(reports), 3)  # at 0, 3 and 6 s
        return reports[0]["message"]

    def profile_text(self, path=(), value=None):
        # the Pyraos reference profile with the value at ``path`` (keys) set
        raw = profile_json("pyraos")
        if path:
            node = raw
            for k in path[:-1]:
                node = node[k]
            node[path[-1]] = value
        return json.dumps(raw)

    def test_a_game_name_that_is_not_a_string(self):
        for games in ([[["pyraos"], "standard"]], [[{"pyraos": 1}, "standard"]]):
            p = Blinking(self.root, self.profile_text(["games"], games))
            message = self.boot(p)
            self.assertTrue(message.startswith("games: unknown game "), message)
            on = [b for _, b in p.blinks]
            self.assertTrue(len(on) >= 12 and on[:4] == [True, False, True, False], on)

    def test_a_key_of_another_game_and_a_pin_with_two_jobs(self):
        message = self.boot(Blinking(self.root, self.profile_text(["reader"], [])))
        self.assertEqual(message, "reader: unknown key for a pyraos board")
        message = self.boot(Blinking(self.root, self.profile_text(["pins", "menu"], 22)))
        self.assertEqual(message, "pins.menu: pin 22 is already used by pins.leds")

    def test_a_thousand_brackets_in_the_profile_file(self):
        # CPython's json.loads raises RecursionError on the port's side;
        # MicroPython's reads it and the loader refuses it: either way, the
        # profile-error mode, with what went wrong.
        deep = "[" * 1000 + "]" * 1000
        text = self.profile_text().replace('"standard"', deep, 1)
        message = self.boot(Blinking(self.root, text))
        self.assertTrue(message.startswith(("games:", "RecursionError:")), message)

    def test_a_hal_that_fails_another_way(self):
        p = BrokenHal(self.root, profile_json("pyraos"))
        self.assertEqual(self.boot(p), "TypeError: pin must be an int")
