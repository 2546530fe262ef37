"""The serial link's two halves, under CPython and MicroPython: the Outbox
(bounded, drops the oldest whole lines and says so, never tears a line,
rate-limited) and the Inbox (lines from any chunks, checked commands)."""

import json
import unittest

from tabletop.link.inbox import Inbox
from tabletop.link.outbox import Outbox


class Host:
    """The far end: takes at most ``take`` bytes per write (0: not reading)."""

    def __init__(self, take=1000):
        self.take = take
        self.data = bytearray()
        self.calls = 0

    def write(self, buf):
        self.calls += 1
        n = min(self.take, len(buf))
        self.data += bytes(buf[:n])
        return n

    def lines(self):
        text = bytes(self.data).decode()
        return [json.loads(p) for p in text.split("\n")[:-1]]  # whole lines only


def line(i, pad=0):
    return json.dumps({"n": i, "pad": "x" * pad}).encode()


class OutboxTest(unittest.TestCase):
    def test_lines_go_out_whole_and_in_order_around_the_ring(self):
        box = Outbox(64, 1000)
        host = Host(take=7)  # a slow host: a few bytes per write
        now = 0
        for i in range(40):
            self.assertTrue(box.put(line(i)))
            while box.used:
                now += 1
                box.pump(host.write, now)
        self.assertEqual([o["n"] for o in host.lines()], list(range(40)))
        self.assertEqual(box.dropped_total, 0)

    def test_nothing_to_send_calls_nothing(self):
        box = Outbox(64, 20)
        host = Host()
        self.assertEqual(box.pump(host.write, 0), 0)
        self.assertEqual(host.calls, 0)

    def test_a_host_that_never_reads_keeps_the_newest_and_counts_the_rest(self):
        box = Outbox(256, 1000)
        deaf = Host(take=0)
        for i in range(100):
            box.put(line(i))
            box.pump(deaf.write, i)
            self.assertTrue(0 < box.used <= 256)
        self.assertEqual(deaf.data, b"")
        kept = box.lines()
        self.assertEqual(box.dropped_total, 100 - kept)
        host = Host()
        for t in range(200, 2000):
            box.pump(host.write, t)
        got = host.lines()
        self.assertEqual(got[0], {"event": "dropped", "lines": 100 - kept})
        self.assertEqual([o["n"] for o in got[1:]], list(range(100 - kept, 100)))

    def test_the_line_being_sent_is_never_torn_by_a_drop(self):
        box = Outbox(128, 1000)
        host = Host(take=10)
        box.put(line(0, 30))
        box.pump(host.write, 0)  # 10 bytes of line 0 are out
        host.take = 0
        for i in range(1, 30):  # a flood while the host stalls
            box.put(line(i, 5))
        host.take = 1000
        for t in range(1, 100):
            box.pump(host.write, t)
        got = host.lines()  # every line parses: none torn
        self.assertEqual(got[0]["n"], 0)
        self.assertEqual(got[1]["event"], "dropped")
        self.assertEqual(got[1]["lines"] + len(got) - 2, 29)
        self.assertEqual(got[-1]["n"], 29)

    def test_a_line_longer_than_the_outbox_is_dropped_and_counted(self):
        box = Outbox(64, 1000)
        self.assertFalse(box.put(line(1, 100)))
        self.assertEqual((box.used, box.dropped_total), (0, 1))
        host = Host()
        box.pump(host.write, 0)
        self.assertEqual(host.lines(), [{"event": "dropped", "lines": 1}])

    def test_lines_start_no_closer_than_the_rate_allows(self):
        box = Outbox(4096, 20)
        host = Host()
        for i in range(40):
            box.put(line(i))
        starts = []
        for t in range(0, 3000, 5):
            before = box.sent_lines
            box.pump(host.write, t)
            if box.sent_lines > before:
                starts.append(t)
                self.assertEqual(box.sent_lines - before, 1)
        self.assertEqual(len(starts), 40)
        for a, b in zip(starts, starts[1:]):
            self.assertGreaterEqual(b - a, 50)
        self.assertLessEqual(len([t for t in starts if t < 1000]), 20)


class InboxTest(unittest.TestCase):
    def test_lines_from_any_chunks(self):
        box = Inbox(("maintenance",))
        self.assertEqual(box.feed(b""), ())
        self.assertEqual(box.feed(b'{"cmd": "main'), [])
        got = box.feed(b'tenance"}\r\n\r\n{"cmd": "maintenance", "x": 1}\n')
        self.assertEqual(
            got,
            [
                ({"cmd": "maintenance"}, None, None),
                ({"cmd": "maintenance", "x": 1}, None, None),
            ],
        )

    def test_each_bad_line_says_what_was_wrong(self):
        box = Inbox(("maintenance",))
        got = box.feed(
            b'hello\n[1]\n{"x": 1}\n{"cmd": 2}\n{"cmd": "dance"}\n{"cmd": \xff}\n"cmd"\n'
        )
        self.assertEqual(
            [e for _, e, _ in got],
            [
                "not JSON",
                "not a JSON object",
                'no "cmd" key',
                '"cmd" is not a string',
                'unknown cmd "dance" (known: maintenance)',
                "not JSON",
                "not a JSON object",
            ],
        )
        self.assertTrue(all(c is None and i is None for c, _, i in got))

    def test_a_bad_line_with_an_id_gives_the_id_back(self):
        box = Inbox(("maintenance",))
        got = box.feed(b'{"cmd": "dance", "id": 7}\n{"id": "a"}\n{"cmd": "maintenance", "id": 2}\n')
        self.assertEqual([(e is None, i) for _, e, i in got], [(False, 7), (False, "a"), (True, 2)])

    def test_control_bytes_are_left_out_of_a_line(self):
        # (mpremote leaves a Ctrl-B behind when it resets a board)
        box = Inbox(("maintenance",))
        got = box.feed(b'\x02\x01{"cmd":\t"maintenance", "id": 3}\x04\n')
        self.assertEqual(got, [({"cmd": "maintenance", "id": 3}, None, 3)])

    def test_a_too_long_line_is_refused_whole_and_the_next_one_counts(self):
        box = Inbox(("maintenance",), size=32)
        got = box.feed(b"x" * 20)
        got += box.feed(b"y" * 40 + b'\n{"cmd": "maintenance"}\n')
        self.assertEqual(
            got,
            [(None, "line longer than 32 bytes", None), ({"cmd": "maintenance"}, None, None)],
        )
