"""tabletop.device under CPython and MicroPython: the power-on decision and
the loop, over a small platform (a real file store in a folder, the real
Runtime over an empty Pyraos board that reads its ideal levels).

The full behaviour, with games played and the watchdog modelled, is
tests/test_device.py on the virtual board; this proves the same code runs on
MicroPython."""

import gc
import json
import unittest

from board_support import profile, profile_json
from device_support import Platform, Restart, new_root, remove_tree
from hal.common import BACK
from tabletop import device, host, modes, power_on
from tabletop.device import Device
from tabletop.rules.rng import Rng


class DeviceBootTest(unittest.TestCase):
    def setUp(self):
        self.root = new_root(self)
        self.raw = profile_json("pyraos")

    def tearDown(self):
        remove_tree(self.root)

    def platform(self, held=0, raw=None):
        return Platform(self.root, self.raw if raw is None else raw, held)

    def test_play_starts_the_watchdog_and_the_loop_feeds_it(self):
        p = self.platform()
        dev = Device(p)
        self.assertTrue(dev.boot())
        self.assertEqual((dev.mode, p.dog.ms), ("play", power_on.WDT_MS))
        for _ in range(100):
            dev.step()
        self.assertEqual(p.dog.feeds, 101)
        self.assertEqual(dev.runtime.ticks, 100)
        boot = (power_on.BOOT_SAMPLES - 1) * power_on.BOOT_SAMPLE_MS  # BACK read a few times
        self.assertEqual(p.t, 1000 + boot + 100 * profile("pyraos").tick_ms)
        said = p.lines()
        self.assertEqual(said[0], {"event": "boot", "mode": "play"})
        # then who is here, and the game-select screen's status text: at
        # once, and again with the sensors' noise once it is measured, and
        # that noise itself
        self.assertEqual(len(said), 5)
        self.assertEqual(said[1]["event"], "hello")
        self.assertEqual((said[1]["protocol"], said[1]["game"]), (host.PROTOCOL, "pyraos"))
        self.assertEqual([e["event"] for e in said[2:]], ["status", "status", "noise"])
        self.assertEqual(said[2]["lines"][:2], ["Pyraos", "standard 1/3"])
        self.assertEqual(said[3]["lines"][:-1], said[2]["lines"])
        self.assertTrue(said[3]["lines"][-1].startswith("Noise "), said[3])
        self.assertEqual(len(said[4]["counts"]), 25)
        self.assertTrue(p.hal_made.frames)

    def test_back_held_at_power_on_is_safe_mode(self):
        p = self.platform(held=BACK)
        dev = Device(p)
        dev.run()  # returns: the REPL is free
        self.assertEqual((dev.mode, p.dog, dev.runtime), ("safe", None, None))
        self.assertEqual(p.lines()[-1]["mode"], "safe")

    def test_the_maintenance_command_flags_resets_and_the_next_boot_frees_the_repl(self):
        p = self.platform()
        dev = Device(p)
        dev.boot()
        p.inbox += b'{"cmd": "maintenance"}\n'
        with self.assertRaises(Restart):
            for _ in range(200):
                dev.step()
        self.assertEqual(p.fs.read(modes.FLAG), b"1")
        self.assertIn({"event": "maintenance", "by": "command", "reset_ms": 300}, p.lines())
        again = self.platform()
        dev = Device(again)
        self.assertFalse(dev.boot())
        self.assertEqual((dev.mode, again.dog), ("maintenance", None))
        self.assertEqual(again.fs.size(modes.FLAG), -1)  # the next reset plays
        self.assertTrue(Device(self.platform()).boot())

    def test_an_exception_is_logged_shown_and_a_new_runtime_takes_over(self):
        p = self.platform()
        dev = Device(p)
        dev.boot()
        for _ in range(20):
            dev.step()
        first = dev.runtime
        p.hal_made.fail = OSError(5)
        dev.step()
        self.assertEqual(dev.mode, "error")
        frame = p.hal_made.frames[-1]
        self.assertTrue(all(frame[i] == 0 for i in range(len(frame)) if i % 3 != 1))  # GRB
        self.assertTrue(all(0 < frame[i] <= 40 for i in range(1, len(frame), 3)))
        for _ in range(device.ERROR_MS // profile("pyraos").tick_ms + 2):
            dev.step()
        self.assertEqual(dev.mode, "play")
        self.assertIsNot(dev.runtime, first)
        said = p.lines()
        [line] = [x for x in said if x.get("kind") == "exception"]
        self.assertEqual((line["type"], line["repeats"]), ("OSError", 0))
        # the host is told the game plays on, as after boot: what it set up
        # (far seats, say) went with the old runtime
        hellos = [i for i, x in enumerate(said) if x.get("event") == "hello"]
        self.assertEqual(len(hellos), 2, said)
        self.assertGreater(hellos[1], said.index(line))
        self.assertEqual(said[hellos[1]]["mode"], "play")
        [entry] = [json.loads(x) for x in p.fs.read("log.txt").decode().splitlines()]
        self.assertEqual(entry["type"], "OSError")

    def test_each_runtime_is_made_once_the_last_one_is_let_go(self):
        # At power on and after an error alike, nothing holds the last
        # runtime while the next is made: on MicroPython it is collected
        # first, and the new one fills the heap from its start (a far
        # seat's code found no 10 KB in one piece otherwise).
        made_over = []

        class Watched(Device):
            def _new_runtime(self):
                made_over.append(self.runtime)
                return Device._new_runtime(self)

        p = self.platform()
        dev = Watched(p)
        dev.boot()
        for _ in range(20):
            dev.step()
        p.hal_made.fail = OSError(5)
        dev.step()
        for _ in range(device.ERROR_MS // profile("pyraos").tick_ms + 2):
            dev.step()
        self.assertEqual(dev.mode, "play")
        self.assertEqual(made_over, [None, None])

    def test_a_bad_profile_is_reported_and_no_watchdog_runs(self):
        raw = profile_json("pyraos")
        raw["leds"]["count"] = 0
        p = self.platform(raw=raw)
        dev = Device(p)
        self.assertTrue(dev.boot())
        for _ in range(400):  # 8 s at 20 ms
            dev.step()
        self.assertIsNone(p.dog)
        reports = [x for x in p.lines() if x.get("kind") == "profile"]
        self.assertEqual(len(reports), 3)
        self.assertTrue(reports[0]["message"].startswith("leds.count"))

    def test_a_steady_step_allocates_no_more_than_the_runtime_tick(self):
        if not hasattr(gc, "mem_alloc"):
            self.skipTest("MicroPython only (gc.mem_alloc)")
        p = self.platform()
        dev = Device(p)
        dev.boot()
        for _ in range(300):  # the sensing settles, the first frames are drawn
            dev.step()
        rt = dev.runtime
        gc.collect()
        a = gc.mem_alloc()
        for _ in range(100):
            rt.tick(p.t)
        b = gc.mem_alloc()
        for _ in range(100):
            dev.step()
        c = gc.mem_alloc()
        self.assertLessEqual(c - b, b - a)

    def test_commands_are_answered_and_bad_lines_change_nothing(self):
        # Under MicroPython too: the command code (loaded when the first
        # command comes), replies with their ids, and a few thousand random,
        # truncated and malformed lines that leave the game and the heap as
        # they were.
        p = self.platform()
        dev = Device(p)
        dev.boot()
        self.assertIsNone(dev.host.commands)
        p.inbox += b'{"cmd": "hello", "id": 1}\n{"cmd": "journal", "id": "j"}\n'
        for _ in range(100):  # (at most 20 lines a second go out)
            dev.step()
        replies = [x for x in p.lines() if "reply" in x]
        self.assertEqual([(r["reply"], r["ok"]) for r in replies], [(1, True), ("j", True)])
        self.assertEqual(replies[0]["protocol"], host.PROTOCOL)
        events = list(dev.runtime.journal.events)
        rng = Rng(5)
        words = (b"hello", b"state", b"brightness", b"raw", b"journal", b"dance", b"")
        for i in range(3000):
            kind = rng.below(4)
            if kind == 0:
                line = bytes(rng.below(256) for _ in range(1 + rng.below(60)))
                line = line.replace(b"\n", b" ").replace(b"\r", b" ")
            elif kind == 1:
                line = (
                    b'{"cmd": "'
                    + rng.choice(words)
                    + b'", "id": %d, "value": %d}' % (i, rng.below(9) - 4)
                )
            elif kind == 2:
                line = b'{"cmd": "raw", "on": 1, "id": ' + b"9" * rng.below(40) + b"}"
            else:
                whole = b'{"cmd": "brightness", "value": 0.25, "id": %d}' % i
                line = whole[: rng.below(len(whole))]  # cut short: never acted on
            p.inbox += line + b"\n"
            if i % 20 == 0:
                p.out = bytearray()  # (the host read it)
                for _ in range(3):
                    dev.step()
        for _ in range(50):
            dev.step()
        self.assertEqual(dev.runtime.journal.events, events)
        self.assertEqual(dev.failures, 0)
        self.assertLessEqual(dev.outbox.used, device.OUTBOX_BYTES)
        self.assertLessEqual(len(dev.host.stream), host.STREAM_MAX)
        for line in p.lines():
            self.assertTrue(isinstance(line, dict))

    def test_the_host_lights_the_leds_and_gives_them_back(self):
        # The lights mode under MicroPython too: a dark frame, LEDs set under
        # the brightness cap, bad arguments refused, BACK told not acted on,
        # the game's frame back when the host lets go or falls silent.
        p = self.platform()
        dev = Device(p)
        dev.boot()
        for _ in range(50):
            dev.step()
        game_frames = len(p.hal_made.frames)  # (game select: a light runs round)

        def ask(line, ticks=30):
            p.out = bytearray()
            p.inbox += line + b"\n"
            for _ in range(ticks):
                dev.step()
            return [x for x in p.lines() if "reply" in x]

        (on,) = ask(b'{"cmd": "lights", "on": true, "id": 1}')
        self.assertEqual((on["ok"], on["on"], on["leds"]), (True, True, 57))
        self.assertEqual(p.hal_made.frames[-1], bytes(3 * 57))
        (put,) = ask(b'{"cmd": "lights", "leds": [2, 50], "rgb": [200, 100, 0], "id": 2}')
        self.assertTrue(put["ok"])
        frame = p.hal_made.frames[-1]
        s = int(profile("pyraos").brightness * 256 + 0.5)
        want = bytes((100 * s >> 8, 200 * s >> 8, 0))  # GRB
        self.assertEqual((frame[6:9], frame[150:153]), (want, want))
        self.assertEqual(sum(frame), 2 * sum(want))
        for bad in (b'"leds": [57], "rgb": [1, 2, 3]', b'"leds": [1], "rgb": [1, 2, 300]',
                    b'"on": 1', b'"clear": true, "leds": [1], "rgb": [1]'):  # fmt: skip
            (no,) = ask(b'{"cmd": "lights", "id": 3, ' + bad + b"}", ticks=15)
            self.assertFalse(no["ok"])
        self.assertEqual(p.hal_made.frames[-1], frame)
        p.out = bytearray()
        p.hal_made.buttons = BACK
        for _ in range(20):
            dev.step()
        p.hal_made.buttons = 0
        for _ in range(80):
            dev.step()
        self.assertIn({"event": "button", "button": "back", "long": False}, p.lines())
        self.assertEqual(len(dev.runtime.journal.events), 0)
        ticks = dev.runtime.ticks
        (off,) = ask(b'{"cmd": "lights", "on": false, "id": 4}')
        self.assertEqual((off["ok"], off["on"]), (True, False))
        self.assertTrue(dev.runtime.ticks > ticks)  # the game runs again ...
        self.assertTrue(p.hal_made.frames[-1] not in (frame, bytes(3 * 57)))  # ... and draws
        ask(b'{"cmd": "lights", "on": true, "id": 5}')
        quiet = host.LIGHTS_QUIET_MS // profile("pyraos").tick_ms
        for _ in range(quiet + 10):
            dev.step()
        self.assertFalse(dev.host.lights)
        self.assertTrue(any(p.hal_made.frames[-1]))
        self.assertTrue(len(p.hal_made.frames) > game_frames)
