"""What the board sends back is strict JSON in plain ASCII, whatever the host
sent (docs/PROTOCOL.md, "What is refused, and how"), under CPython and
MicroPython: an id is given back only when it is a whole number or a short
string, NaN and Infinity are not JSON, and an error quotes at most a short
excerpt of the line. The real Device over the small platform of
device_support, the board of every game in the registry."""

import json
import unittest

from board_support import profile_json
from device_support import Platform, new_root, remove_tree
from tabletop import games
from tabletop.device import Device
from tabletop.link.inbox import BAD_ID, Inbox, excerpt, good_id

STEPS = 25  # a line answered (at most 20 lines a second go out)


def _constant(name):
    raise ValueError("not strict JSON: " + name)


def strict(text):
    """``json.loads`` as a strict parser reads it: NaN and Infinity refused
    (MicroPython's json refuses them by itself)."""
    try:
        return json.loads(text, parse_constant=_constant)
    except TypeError:  # (MicroPython: no keyword arguments)
        return json.loads(text)


class Board:
    def __init__(self, game):
        self.root = new_root(self)
        self.p = Platform(self.root, profile_json(game))
        self.dev = Device(self.p)
        self.dev.boot()
        for _ in range(40):
            self.dev.step()

    def send(self, line):
        """What the board said to ``line``: the raw bytes (every line of
        them strict JSON), and its answers (replies and errors), parsed."""
        self.p.out = bytearray()
        self.p.inbox += line + b"\n"
        for _ in range(STEPS):
            self.dev.step()
        raw = bytes(self.p.out)
        said = [strict(x) for x in raw.decode().splitlines()]
        return raw, [x for x in said if x.get("event") == "error" or "reply" in x]

    def close(self):
        remove_tree(self.root)


BAD_IDS = (b"NaN", b"Infinity", b"-Infinity", b"1e999", b"-1e999", b"1.5", b"true", b"[1]")
BAD_IDS += (b'{"a": 1}', b'"%s"' % (b"x" * 33), b"1073741824", b"-99999999999999999999")


class StrictRepliesTest(unittest.TestCase):
    def each_board(self, check):
        for game in games.NAMES:
            with self.subTest(game=game):
                b = Board(game)
                try:
                    check(b)
                    self.assertEqual((b.dev.failures, b.dev.mode), (0, "play"))
                    _, said = b.send(b'{"cmd": "hello", "id": 1}')
                    self.assertTrue([x for x in said if x.get("reply") == 1 and x["ok"]])
                finally:
                    b.close()

    def test_a_bad_id_is_never_sent_back(self):
        def check(b):
            for rid in BAD_IDS:
                for cmd in (b'"nope"', b'"hello"', b"5"):
                    line = b'{"cmd": ' + cmd + b', "id": ' + rid + b"}"
                    raw, said = b.send(line)
                    self.assertTrue(max(raw) < 128, raw)
                    (answer,) = said
                    self.assertTrue(answer.get("reply") is None, (line, answer))
                    if cmd == b'"hello"' and rid not in (b"NaN", b"Infinity", b"-Infinity"):
                        self.assertEqual(answer, {"reply": None, "ok": False, "error": BAD_ID})

        self.each_board(check)

    def test_nan_and_infinity_are_not_json(self):
        def check(b):
            for value in (b"NaN", b"Infinity", b"-Infinity"):
                _, said = b.send(b'{"cmd": "brightness", "id": 4, "value": ' + value + b"}")
                self.assertEqual(
                    said, [{"event": "error", "kind": "command", "message": "not JSON"}]
                )

        self.each_board(check)

    def test_an_error_quotes_a_short_ascii_excerpt(self):
        def check(b):
            odd = "\u00e9\ud800\u2603" * 4 + "x" * 150
            line = json.dumps({"cmd": odd, "id": 2}).encode()
            raw, said = b.send(line)
            self.assertTrue(max(raw) < 128, raw)
            (error,) = said
            self.assertEqual(error["reply"], 2)
            self.assertTrue(error["message"].startswith('unknown cmd "???????'), error)
            self.assertTrue('xxx..." (known: hello' in error["message"], error)
            key = "k" * 100 + "\u00e9"
            _, said = b.send(json.dumps({"cmd": "lights", "id": 3, key: 1}).encode())
            (reply,) = said
            self.assertTrue(reply["error"].startswith('unknown key "' + "k" * 16 + '..."'))
            variant = games.variants(b.dev.runtime.journal.game)[0]
            game = b.dev.runtime.journal.game
            many = b'{"cmd": "new", "id": 4, "game": "%s", "variant": "%s", "players": %s}' % (
                game.encode(),
                variant.encode(),
                b"9" * 150,
            )
            _, said = b.send(many)
            (reply,) = said
            self.assertFalse(reply["ok"])
            self.assertTrue(len(reply["error"]) <= 83 and reply["error"].endswith("..."), reply)

        self.each_board(check)


class InboxIdsTest(unittest.TestCase):
    def test_what_an_id_may_be(self):
        for rid in (0, 7, -7, 0x3FFFFFFF, -0x3FFFFFFF, "", "a", "x" * 32):
            self.assertTrue(good_id(rid), rid)
        for rid in (None, True, False, 1.0, 1.5, 0x40000000, "x" * 33, [1], {}):
            self.assertFalse(good_id(rid), rid)

    def test_an_error_line_gives_back_only_a_good_id(self):
        box = Inbox(("hello",))
        got = box.feed(b'{"cmd": "x", "id": 1e999}\n{"cmd": "x", "id": [2]}\n{"id": "ok"}\n')
        self.assertEqual([i for _, _, i in got], [None, None, "ok"])

    def test_an_excerpt_is_short_and_printable(self):
        self.assertEqual(excerpt("abc", 5), "abc")
        self.assertEqual(excerpt("abcdef", 3), "abc...")
        self.assertEqual(excerpt("a\u00e9\tb", 8), "a??b")


if __name__ == "__main__":
    unittest.main()
