"""The self-test (docs/DEVICE.md, "Self-test") on the board of every game in
the registry, under CPython and MicroPython: the real Device over a small
platform (device_support) with the game's reference profile, a board that
reads its empty levels with a little noise, parts of it broken on purpose.

A clean board passes; a sensor at 0, at full scale or outside its
profile's range is named with its channel; a chain bit stuck at 1 or that
never settles is named; a board with nothing wired says so and plays
nothing. The LEDs walk one at a time, each once, in order, and the game's
own frame comes back; MENU held at power on runs it, and so does the host's
``selftest``; the board plays on after it, its game unchanged, and holds
none of the self-test's code."""

import json
import sys
import unittest

from board_support import profile, profile_json
from device_support import Platform, StillHal, new_root, remove_tree
from hal.common import MENU
from tabletop import games, selftest
from tabletop.device import Device
from tabletop.rules.rng import Rng
from tabletop.sensing.sensor_check import analog_sensors
from tabletop.show import words

FULL = 65535
NOISE = 24  # counts of noise either way on each reading (a real sensor always shows some)
SELFTEST = "tabletop.selftest"
BOOT_STEPS = 40


class BenchHal(StillHal):
    """An empty board that reads its levels with a little noise; ``stuck``
    channels read what it says, ``bits`` are chain bits set on every read,
    ``flicker`` bits change on every read."""

    def __init__(self, prof):
        StillHal.__init__(self, prof)
        self.rng = Rng(5)
        self.stuck = {}
        self.shift = {}  # channel -> counts added to its (noisy) reading
        self.bits = []
        self.flicker = []
        self.reads = 0

    def read_digital(self, buf):
        for j in range(len(buf)):
            buf[j] = 0
        self.reads += 1
        for k in self.bits:
            buf[k >> 3] |= 0x80 >> (k & 7)
        if self.reads & 1:
            for k in self.flicker:
                buf[k >> 3] |= 0x80 >> (k & 7)

    def read_analog(self, buf):
        StillHal.read_analog(self, buf)
        rng = self.rng
        for i in range(len(buf)):
            buf[i] = max(0, min(FULL, buf[i] + rng.below(2 * NOISE + 1) - NOISE))
        for ch in self.shift:
            buf[ch] = max(0, min(FULL, buf[ch] + self.shift[ch]))
        for ch in self.stuck:
            buf[ch] = self.stuck[ch]


class BenchPlatform(Platform):
    def hal(self, prof):
        self.hal_made = BenchHal(prof)
        for k in self.breaks:
            self.breaks[k](self.hal_made, prof)
        return self.hal_made


class Board:
    """One game's device, booted (``held``: buttons held at power on;
    ``breaks``: what is broken on its board, name -> f(hal, profile))."""

    def __init__(self, test, game, held=0, breaks=None, lang="en"):
        self.test = test
        self.game = game
        self.root = new_root(test)
        raw = profile_json(game)
        raw["lang"] = lang
        self.p = BenchPlatform(self.root, raw, held)
        self.p.breaks = breaks or {}
        self.dev = Device(self.p)
        test.assertTrue(self.dev.boot())
        self.hal = self.p.hal_made
        self.rt = self.dev.runtime
        self.profile = self.dev.profile

    def close(self):
        remove_tree(self.root)

    def steps(self, n):
        for _ in range(n):
            self.dev.step()

    def said(self):
        return self.p.lines()

    def events(self, step=None):
        return [x for x in self.said() if x.get("event") == "selftest"
                and (step is None or x["step"] == step)]  # fmt: skip

    def run_selftest(self):
        """Steps until the self-test's done event (within twice its plan); that event."""
        limit = 2 * (self.profile.led_count * selftest.LED_MS + 1000) // self.profile.tick_ms
        for _ in range(limit):
            self.dev.step()
            if self.dev.selftest is None and self.events("done"):
                return self.events("done")[0]
        self.test.fail("%s: no self-test result in %d steps" % (self.game, limit))

    def ask(self, cmd):
        """Send ``cmd``: its reply (the board stepping until it is out)."""
        self.p.inbox += json.dumps(cmd).encode() + b"\n"
        for _ in range(50):
            self.dev.step()
            replies = [x for x in self.said() if x.get("reply") == cmd.get("id") and "ok" in x]
            if replies:
                return replies[-1]
        self.test.fail("%s: no reply to %r" % (self.game, cmd))


def sensor(prof, i):
    """(channel, name) of the board's analog sensor i (profile order)."""
    chans, names = analog_sensors(prof)
    return chans[i], names[i]


def unused_bit(prof):
    """A chain bit no position uses (the reference boards each have some)."""
    used = list(prof.presence_bits)
    for bits in prof.slot_bits:
        used.extend(bits)
    for k in range(8 * prof.registers):
        if k not in used:
            return k
    return None


class EveryGameTest(unittest.TestCase):
    def each_game(self, check, held=0, breaks=None, wants=None, lang="en"):
        """``check(board)`` on each registered game's booted board (those
        that have the part ``wants(profile)`` asks for), a subTest each."""
        self.assertTrue(len(games.NAMES) >= 3)
        done = 0
        for game in games.NAMES:
            if wants is not None and not wants(profile(game)):
                continue
            with self.subTest(game=game):
                b = Board(self, game, held, breaks, lang)
                try:
                    check(b)
                    done += 1
                finally:
                    b.close()
        self.assertTrue(done >= 2)

    def test_selftest_walks_each_led_once_in_order_and_the_game_comes_back(self):
        def check(b):
            b.steps(BOOT_STEPS)
            before = b.hal.frames[-1]
            journal = b.rt.journal.lines()
            loaded = [m for m in selftest_checks() if m in sys.modules]
            sys.modules.pop(SELFTEST, None)
            b.p.out = bytearray()
            b.hal.frames = []
            reply = b.ask({"cmd": "selftest", "id": 7})
            count = b.profile.led_count
            self.assertTrue(reply["ok"], reply)
            self.assertEqual(reply["leds"], count)
            self.assertIn(SELFTEST, sys.modules)
            done = b.run_selftest()
            self.assertEqual((done["ok"], done["wired"], done["findings"]), (True, True, []))
            self.assertEqual(done["by"], "command")
            # each frame of the walk lights one LED, white under the cap;
            # they go by in chain order, each once; a dark frame ends it,
            # and the game's own frame comes back
            frames = b.hal.frames
            dark = frames.index(bytes(3 * count))
            self.assertEqual(frames[dark + 1], before)
            walk = frames[:dark]
            cap = int(b.profile.brightness * 256 + 0.5) * 255 >> 8
            lit = []
            for f in walk:
                on = [i for i in range(count) if any(f[3 * i : 3 * i + 3])]
                self.assertEqual(len(on), 1)
                self.assertEqual(f[3 * on[0] : 3 * on[0] + 3], bytes([cap, cap, cap]))
                if not lit or lit[-1] != on[0]:
                    lit.append(on[0])
            self.assertEqual(lit, list(range(count)))
            # each told, with the light the profile's led_map gives it
            leds = b.events("led")
            self.assertEqual([e["led"] for e in leds], list(range(count)))
            named = dict([(e["led"], e.get("light")) for e in leds])
            lights = games.part(b.game, "schema").led_names()
            for k in range(len(lights)):
                self.assertEqual(named[b.profile.led_map[k]], lights[k])
            self.assertEqual(b.events("start")[0]["leds"], count)
            # the result is the status text; the game is unchanged, and the
            # self-test's code is gone
            status = [x for x in b.said() if x.get("event") == "status"]
            self.assertEqual(status[-1]["lines"][0], "Self-test: OK")
            self.assertEqual(b.rt.journal.lines(), journal)
            self.assertNotIn(SELFTEST, sys.modules)
            for m in selftest_checks():
                self.assertEqual(m in sys.modules, m in loaded, m)
            hello = b.ask({"cmd": "hello", "id": 8})
            self.assertEqual((hello["ok"], hello["mode"], hello["game"]), (True, "play", b.game))
            self.assertNotIn("wired", hello)

        self.each_game(check)

    def test_menu_held_at_power_on_runs_it_and_the_game_is_as_it_was(self):
        def check(b):
            self.assertTrue(b.dev.selftest is not None)
            variant = b.rt.board.variant
            b.hal.buttons = MENU  # held on through the walk, let go at its end
            for _ in range(300):
                b.dev.step()
            self.assertTrue(b.dev.selftest is not None)
            # the host is answered meanwhile; what would change the game waits
            self.assertEqual(b.ask({"cmd": "hello", "id": 1})["mode"], "play")
            refused = b.ask({"cmd": "new", "id": 2, "game": b.game, "variant": variant})
            self.assertEqual(refused["error"], "not during the self-test")
            again = b.ask({"cmd": "selftest", "id": 3})
            self.assertEqual(again["error"], "not during the self-test")
            done = b.run_selftest()
            self.assertEqual((done["by"], done["ok"]), ("menu", True))
            b.hal.buttons = 0
            b.steps(BOOT_STEPS)
            # the press was the self-test's: no new game, no next variant
            self.assertEqual((b.rt.board.variant, b.rt.journal.events), (variant, []))
            self.assertEqual(b.dev.failures, 0)

        self.each_game(check, held=MENU)

    def test_a_dutch_board_says_its_result_in_dutch_and_its_texts_go_after(self):
        def check(b):
            b.steps(5)
            b.ask({"cmd": "selftest", "id": 1})
            done = b.run_selftest()
            status = [x for x in b.said() if x.get("event") == "status"]
            result = [x["lines"] for x in status if x["lines"][0].startswith("Zelftest")]
            self.assertTrue(result, status[-3:])
            ok = done["ok"]
            self.assertEqual(
                result[-1][0],
                "Zelftest: goed" if ok else "Zelftest %d fout" % len(done["findings"]),
            )
            self.assertEqual(words._("%d LEDs lit"), "%d LEDs lit")  # (its table let go)
            self.assertNotEqual(words._("MENU: new game"), "MENU: new game")  # (the game's kept)

        try:
            self.each_game(check, lang="nl")
        finally:
            words.use("en", "pacal")

    def test_a_sensor_at_0_at_full_scale_or_out_of_range_is_named(self):
        def breaks(reading):
            def brk(hal, prof):
                channel = sensor(prof, 2)[0]
                if reading is None:  # (a sensor that reads, but far below anything it may)
                    hal.shift[channel] = -24000
                else:
                    hal.stuck[channel] = reading

            return {"sensor": brk}

        for reading, what in ((0, "reads 0"), (FULL, "reads full scale"), (None, "outside")):

            def check(b, what=what):
                b.steps(5)
                b.ask({"cmd": "selftest", "id": 1})
                done = b.run_selftest()
                channel, name = sensor(b.profile, 2)
                (found,) = done["findings"]
                self.assertTrue(found.startswith("sensor %s (channel %d) " % (name, channel)))
                self.assertIn(what, found)
                self.assertEqual((done["ok"], done["wired"], done["more"]), (False, True, 0))
                status = [x for x in b.said() if x.get("event") == "status"][-1]["lines"]
                self.assertEqual(status[:2], ["Self-test 1 bad", status[1]])
                self.assertTrue(status[1].startswith(name))

            self.each_game(check, breaks=breaks(reading), wants=lambda p: p.analog_channels > 0)

    def test_a_chain_bit_stuck_at_1_or_never_settling_is_named(self):
        def brk(hal, prof):
            hal.bits.append(unused_bit(prof))
            hal.flicker.append(prof.slot_bits[0][3])

        def check(b):
            b.ask({"cmd": "selftest", "id": 1})
            done = b.run_selftest()
            k = unused_bit(b.profile)
            spot = b.profile.slot_bits[0][3]
            reader = "reader" if len(b.profile.slot_bits) == 1 else "slot0"
            self.assertEqual(
                done["findings"],
                ["bit %d (register %d) reads 1 on every read, and no position uses it"
                 % (k, k // 8),
                 "bit %d (%s spot 3) never settles: " % (spot, reader)
                 + done["findings"][1].split(": ")[-1]],
            )  # fmt: skip
            self.assertTrue(int(done["findings"][1].split(": ")[-1].split()[0]) >= 16)
            self.assertEqual((done["ok"], done["wired"]), (False, True))

        self.each_game(check, breaks={"chain": brk}, wants=lambda p: p.registers > 0)

    def test_a_board_with_nothing_wired_says_so_and_plays_nothing(self):
        def check(b):
            b.steps(BOOT_STEPS)  # (it was wired at power on: its check found it so)
            self.assertFalse(b.rt.board.unwired)
            for ch in analog_sensors(b.profile)[0]:
                b.hal.stuck[ch] = 0  # every wire off, the chain's data line pulled up
            b.hal.bits.extend(range(8 * b.profile.registers))
            b.ask({"cmd": "selftest", "id": 1})
            done = b.run_selftest()
            self.assertEqual((done["ok"], done["wired"]), (False, False))
            # each sensor named, and the chain (the event's line stays short:
            # what does not fit is counted)
            sensors = len(analog_sensors(b.profile)[0])
            chain = 1 if b.profile.registers else 0
            self.assertEqual(len(done["findings"]) + done["more"], sensors + chain)
            for found in done["findings"][:sensors]:
                self.assertTrue(found.endswith(" reads 0"), found)
            self.assertTrue(len(json.dumps(done)) < 1100)
            if chain and not done["more"]:
                self.assertTrue(done["findings"][-1].startswith("shift registers: all "))
            b.steps(2)
            board = b.rt.board
            self.assertTrue(board.unwired)
            hello = b.ask({"cmd": "hello", "id": 2})
            self.assertEqual(hello["wired"], False)
            variant = b.rt.journal.variant
            b.ask({"cmd": "new", "id": 3, "game": b.game, "variant": variant})
            b.steps(BOOT_STEPS)
            self.assertEqual(board.mode, 0)  # no game started: the game select
            status = [x for x in b.said() if x.get("event") == "status"][-1]["lines"]
            self.assertIn("No sensors read:", status)

        self.each_game(check)


def selftest_checks():
    return ("tabletop.sensing.noise", "tabletop.sensing.sensor_check")


if __name__ == "__main__":
    unittest.main()
