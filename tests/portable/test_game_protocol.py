"""Every protocol command (docs/PROTOCOL.md) on the board of every game in the
registry (tabletop.games), under CPython and MicroPython: the real Device
over a small platform (device_support) with the game's reference profile
(firmware/profiles/<game>.json), an empty board that reads its ideal levels.

Each command gets its reply (one, with its id), a bad one is refused with a
reason and changes nothing, and the board plays on: no exception, still in
play, its Runtime ticking. The tests iterate the registry: a game added to it
fails them until its board keeps the contract (tabletop.board.contract)."""

import json
import unittest

from board_support import profile_json
from device_support import Platform, Restart, new_root, remove_tree
from tabletop import device, games, host, modes
from tabletop.device import Device

BOOT_STEPS = 40  # the boot lines out, the first frames drawn
STEPS = 25  # a command answered (at most 20 lines a second go out)


class Board:
    """One game's device, booted, and the host's side of its serial link."""

    def __init__(self, test, game):
        self.test = test
        self.game = game
        self.root = new_root(test)
        self.p = Platform(self.root, profile_json(game))
        self.dev = Device(self.p)
        test.assertTrue(self.dev.boot())
        self.steps(BOOT_STEPS)
        self.rt = self.dev.runtime
        self.profile = self.dev.profile
        self.n = 0  # command ids

    def close(self):
        remove_tree(self.root)

    def steps(self, n):
        for _ in range(n):
            self.dev.step()

    def send(self, line, steps=STEPS):
        """Send one line (bytes); what the board said meanwhile."""
        self.p.out = bytearray()
        self.p.inbox += line + b"\n"
        self.steps(steps)
        return self.p.lines()

    def ask(self, cmd, steps=STEPS):
        """Send ``cmd`` with a new id: (its one reply, the lines that follow it)."""
        self.n += 1
        cmd["id"] = rid = "%s%d" % (self.game[:2], self.n)
        said = self.send(json.dumps(cmd).encode(), steps)
        mine = [x for x in said if x.get("reply", None) == rid]
        replies = [x for x in mine if "ok" in x]
        self.test.assertEqual(len(replies), 1, "%s: %r got %r" % (self.game, cmd, said))
        self.plays_on()
        return replies[0], [x for x in mine if "ok" not in x]

    def ok(self, cmd, steps=STEPS):
        reply, lines = self.ask(cmd, steps)
        self.test.assertTrue(reply["ok"], "%s: %r refused: %r" % (self.game, cmd, reply))
        return reply, lines

    def refused(self, cmd, words=""):
        """``cmd`` refused with a reason (containing ``words``), nothing changed."""
        before = self.looks()
        reply, _ = self.ask(cmd)
        self.test.assertFalse(reply["ok"], "%s: %r was done" % (self.game, cmd))
        self.test.assertTrue(type(reply["error"]) is str and reply["error"], reply)
        self.test.assertTrue(words in reply["error"], "%s: %r" % (self.game, reply))
        self.test.assertEqual(self.looks(), before, "%s: %r changed the game" % (self.game, cmd))
        return reply

    def looks(self):
        # What a command that changes nothing must leave as it was (not the
        # mode: an empty board goes on by itself from a new game's CLEAR).
        board = self.rt.board
        j = self.rt.journal
        return (board.variant, board.players, j.variant, j.players, j.lines())

    def plays_on(self):
        dev = self.dev
        self.test.assertEqual((dev.failures, dev.mode), (0, "play"), self.game)
        self.test.assertTrue(dev.runtime is self.rt, self.game)
        ticks = self.rt.ticks
        self.steps(2)
        self.test.assertTrue(self.rt.ticks > ticks or dev.host.lights, self.game)

    def seats(self, variant):
        return games.part(self.game, "rules").seats(variant)


class EveryGameTest(unittest.TestCase):
    def each_board(self, check):
        """``check(board)`` on each registered game's booted board, in a
        subTest of its own."""
        self.assertTrue(len(games.NAMES) >= 3)
        for game in games.NAMES:
            with self.subTest(game=game):
                b = Board(self, game)
                try:
                    check(b)
                finally:
                    b.close()

    def test_every_game_has_a_reference_profile_that_plays_it(self):
        def check(b):
            self.assertEqual(set([g for g, v in b.profile.games]), set([b.game]))
            self.assertEqual(b.rt.journal.game, b.game)

        self.each_board(check)

    def test_hello_names_the_game_and_a_count_that_varies(self):
        def check(b):
            low, high = b.seats(b.rt.journal.variant)
            boot = [x for x in b.p.lines() if x.get("event") == "hello"]
            reply, _ = b.ok({"cmd": "hello"})
            for hello in [reply] + boot:
                self.assertEqual(hello["protocol"], host.PROTOCOL)
                self.assertEqual((hello["game"], hello["mode"]), (b.game, "play"))
                self.assertEqual(hello["variant"], b.profile.games[0][1])
                if low == high:
                    self.assertFalse("players" in hello, hello)
                else:
                    self.assertEqual(hello["players"], b.profile.players)

        self.each_board(check)

    def test_state_streams_the_record(self):
        def check(b):
            reply, lines = b.ok({"cmd": "state"}, steps=40)
            want = b.rt.journal.lines()
            self.assertEqual(reply["lines"], len(want))
            self.assertEqual([x["i"] for x in lines], list(range(len(want))))
            self.assertEqual([x["text"] for x in lines], want)
            self.assertEqual(json.loads(want[0])["game"], b.game)

        self.each_board(check)

    def test_new_starts_each_variant_the_profile_lists(self):
        def check(b):
            for game, variant in b.profile.games:
                reply, _ = b.ok({"cmd": "new", "game": game, "variant": variant})
                want = {"reply": reply["reply"], "ok": True, "game": game, "variant": variant}
                low, high = b.seats(variant)
                if low != high:
                    want["players"] = b.rt.board.players
                self.assertEqual(reply, want)
                self.assertEqual((b.rt.board.variant, b.rt.journal.variant), (variant, variant))
                self.assertEqual(b.rt.journal.moves(), [])  # (a solo game deals by itself)
                self.assertEqual(json.loads(b.rt.journal.lines()[0])["variant"], variant)

        self.each_board(check)

    def test_new_with_players_takes_each_count_the_variant_seats(self):
        def check(b):
            game, variant = b.profile.games[0]
            low, high = b.seats(variant)
            for n in range(low, high + 1):
                cmd = {"cmd": "new", "game": game, "variant": variant, "players": n}
                reply, _ = b.ok(cmd)
                self.assertEqual(b.rt.board.players, n)
                self.assertEqual(reply.get("players", n), n)
                head = json.loads(b.rt.journal.lines()[0])
                self.assertEqual(len(head.get("players", [0] * n)), n)
            # without "players": the board's count as it is now
            reply, _ = b.ok({"cmd": "new", "game": game, "variant": variant})
            self.assertEqual(b.rt.board.players, high)

        self.each_board(check)

    def test_new_refuses_what_the_board_cannot_play_and_changes_nothing(self):
        def check(b):
            b.ok({"cmd": "new", "game": b.game, "variant": b.profile.games[0][1]})
            game, variant = b.profile.games[0]
            low, high = b.seats(variant)
            for other in games.NAMES:
                if other != b.game:
                    b.refused({"cmd": "new", "game": other, "variant": games.variants(other)[0]})
            for bad_game in ("chess", None, [b.game], {"game": b.game}, 3):
                b.refused({"cmd": "new", "game": bad_game, "variant": variant}, "this board")
            b.refused({"cmd": "new", "game": game, "variant": "nonesuch"}, "this board")
            b.refused({"cmd": "new", "game": game}, "this board")
            for players in (low - 1, high + 1, 0, -1, 99, "4", 4.0, True, [low], {"n": low}):
                why = b.refused(
                    {"cmd": "new", "game": game, "variant": variant, "players": players}
                )
                self.assertTrue("seats" in why["error"], why)

        self.each_board(check)

    def test_undo_is_back_pressed(self):
        def check(b):
            reply, _ = b.ok({"cmd": "undo"})
            self.assertEqual(sorted(reply), ["ok", "reply"])

        self.each_board(check)

    def test_a_take_back_far_away_needs_far_seats(self):
        # (asked and undo with "to": the room's, docs/PROTOCOL.md "Seats far away")
        def check(b):
            for cmd in ({"cmd": "asked"}, {"cmd": "asked", "back": 0, "by": 1},
                        {"cmd": "undo", "to": 0}):  # fmt: skip
                b.refused(cmd, "no seat is far away")

        self.each_board(check)

    def test_brightness_and_its_refusals(self):
        def check(b):
            reply, _ = b.ok({"cmd": "brightness", "value": 0.5})
            self.assertEqual(reply["value"], 0.5)
            scale = b.rt.pixels.scale
            for bad in (3, -0.1, "1", None, [0.5]):
                b.refused({"cmd": "brightness", "value": bad})
                self.assertEqual(b.rt.pixels.scale, scale)

        self.each_board(check)

    def test_raw_readings_start_and_stop(self):
        def check(b):
            reply, _ = b.ok({"cmd": "raw", "on": True})
            self.assertEqual((reply["on"], reply["every_ms"]), (True, host.RAW_MS))
            b.p.out = bytearray()
            b.steps(2 * host.RAW_MS // b.profile.tick_ms + 2)
            raw = [x for x in b.p.lines() if x.get("event") == "raw"]
            self.assertTrue(raw, b.game)
            self.assertEqual(len(raw[0]["analog"]), b.profile.analog_channels)
            self.assertEqual(len(raw[0]["digital"]), b.profile.registers)
            b.ok({"cmd": "raw", "on": False})
            b.refused({"cmd": "raw", "on": 1})

        self.each_board(check)

    def test_journal_lists_and_fetches_the_game_on_flash(self):
        def check(b):
            b.ok({"cmd": "new", "game": b.game, "variant": b.profile.games[0][1]})
            listing, _ = b.ok({"cmd": "journal"})
            self.assertTrue(listing["current"].endswith(".jsonl"), listing)
            self.assertEqual(type(listing["finished"]), list)
            reply, lines = b.ok({"cmd": "journal", "fetch": listing["current"]}, steps=40)
            self.assertEqual([x["text"] for x in lines], b.rt.journal.lines())
            self.assertEqual(reply["lines"], len(lines))
            b.refused({"cmd": "journal", "fetch": "../boot.py"})
            b.refused({"cmd": "journal", "fetch": 7})

        self.each_board(check)

    def test_the_host_takes_the_lights_and_gives_them_back(self):
        def check(b):
            count = b.profile.led_count
            reply, _ = b.ok({"cmd": "lights", "on": True})
            self.assertEqual((reply["on"], reply["leds"]), (True, count))
            frame = bytes(3 * count)
            self.assertEqual(b.p.hal_made.frames[-1], frame)
            b.ok({"cmd": "lights", "leds": [0, count - 1], "rgb": [255, 0, 0]})
            lit = b.p.hal_made.frames[-1]
            self.assertTrue(lit != frame and sum(lit[3:-3]) == 0, b.game)
            b.refused({"cmd": "lights", "leds": [count], "rgb": [1, 2, 3]})
            b.refused({"cmd": "lights", "leds": [0], "rgb": [1, 2, 256]})
            b.refused({"cmd": "new", "game": b.game, "variant": b.profile.games[0][1]}, "lights")
            b.refused({"cmd": "undo"}, "lights")
            self.assertEqual(b.p.hal_made.frames[-1], lit)
            b.ok({"cmd": "lights", "clear": True})
            self.assertEqual(b.p.hal_made.frames[-1], frame)
            b.ok({"cmd": "lights"})  # a keep-alive
            reply, _ = b.ok({"cmd": "lights", "on": False})
            self.assertFalse(reply["on"])

        self.each_board(check)

    def test_bad_lines_are_answered_and_change_nothing(self):
        def check(b):
            before = b.looks()
            for line, words in (
                (b"{nope", "not JSON"),
                (b"[1, 2]", "not a JSON object"),
                (b'{"id": 5}', 'no "cmd"'),
                (b'{"cmd": 5, "id": 6}', "not a string"),
                (b'{"cmd": "dance", "id": 7}', "unknown cmd"),
            ):
                said = b.send(line)
                errors = [x for x in said if x.get("event") == "error"]
                self.assertEqual(len(errors), 1, "%s: %r: %r" % (b.game, line, said))
                self.assertTrue(words in errors[0]["message"], errors)
                b.plays_on()
            for rid in (b"[1]", b'"%s"' % (b"x" * 40), b"1.5", b"true"):
                said = b.send(b'{"cmd": "hello", "id": ' + rid + b"}")
                replies = [x for x in said if "ok" in x]
                self.assertEqual([(x["reply"], x["ok"]) for x in replies], [(None, False)])
                b.plays_on()
            self.assertEqual(b.looks(), before)

        self.each_board(check)

    def test_maintenance_answers_then_resets(self):
        def check(b):
            b.steps(STEPS)  # (what the boot said is out)
            b.p.out = bytearray()
            b.p.inbox += b'{"cmd": "maintenance", "id": "m"}\n'
            with self.assertRaises(Restart):
                b.steps(device.LEAVE_MS // b.profile.tick_ms + 10)
            replies = [x for x in b.p.lines() if x.get("reply") == "m"]
            self.assertEqual(replies, [{"reply": "m", "ok": True, "reset_ms": device.LEAVE_MS}])
            self.assertEqual((b.dev.failures, b.p.fs.read(modes.FLAG)), (0, b"1"))

        self.each_board(check)


class DiaboloNewTest(unittest.TestCase):
    """The ``new`` command on a Diabolo board (once it raised ValueError in
    the tick: the board's new_game took the variant for a player count)."""

    def setUp(self):
        self.b = Board(self, "diabolo")

    def tearDown(self):
        self.b.close()

    def test_new_is_answered_with_the_game_variant_and_players(self):
        b = self.b
        reply, _ = b.ok({"cmd": "new", "game": "diabolo", "variant": "standard"})
        want = {"reply": reply["reply"], "ok": True, "game": "diabolo", "variant": "standard"}
        want["players"] = b.profile.players
        self.assertEqual(reply, want)
        reply, _ = b.ok({"cmd": "new", "game": "diabolo", "variant": "standard", "players": 5})
        self.assertEqual((reply["players"], b.rt.board.players), (5, 5))
        self.assertEqual(len(json.loads(b.rt.journal.lines()[0])["players"]), 5)
        why = b.refused({"cmd": "new", "game": "diabolo", "variant": "standard", "players": 6})
        self.assertTrue("3 to 5" in why["error"], why)
        hello, _ = b.ok({"cmd": "hello"})
        self.assertEqual(hello["players"], 5)
