"""The pixel buffer (colour order, brightness cap, one transmit seam) and the
MENU/BACK buttons (debounce, short and long presses)."""

import sys
import unittest

from board_support import profile
from hal.common import BACK, MENU
from tabletop.buttons import presses
from tabletop.show.pixels import Pixels

MICROPYTHON = sys.implementation.name == "micropython"


class PixelsTest(unittest.TestCase):
    def test_wire_order_and_cap(self):
        sent = []
        px = Pixels(3, "GRB", 0.5, sent.append)
        px.set(1, (200, 100, 50))
        px.show()
        self.assertEqual(len(sent), 1)
        self.assertEqual(list(sent[0][3:6]), [50, 100, 25])  # G, R, B halved
        self.assertEqual(px.get(1), (100, 50, 25))
        self.assertEqual(list(sent[0][0:3]), [0, 0, 0])

    def test_every_order(self):
        for order in ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR"):
            px = Pixels(1, order, 1.0)
            px.set(0, (1, 2, 3))
            byte = {"R": 1, "G": 2, "B": 3}
            self.assertEqual(list(px.buf), [byte[c] for c in order], order)

    def test_full_brightness_keeps_values(self):
        px = Pixels(1, "RGB", 1.0)
        px.set(0, (255, 128, 0))
        self.assertEqual(list(px.buf), [255, 128, 0])

    def test_same_buffer_every_show(self):
        sent = []
        px = Pixels(2, "GRB", 1.0, sent.append)
        px.show()
        px.fill((9, 9, 9))
        px.show()
        self.assertIs(sent[0], sent[1])
        px.clear()
        self.assertEqual(list(px.buf), [0] * 6)

    def test_setting_pixels_allocates_nothing(self):
        # On MicroPython the heap is locked: an allocation raises MemoryError.
        # CPython has no such lock; the values set are checked on both.
        if MICROPYTHON:
            from micropython import heap_lock, heap_unlock
        else:
            heap_lock = heap_unlock = _nothing
        sent = [None]  # filled in place: storing into it allocates nothing

        def transmit(buf):
            sent[0] = buf

        px = Pixels(10, "GRB", 0.3, transmit)
        colour = (200, 100, 50)
        heap_lock()
        try:
            for i in range(0, 10, 2):
                px.set(i, colour)
                px.set_scaled(i + 1, colour, 128)
            px.show()
        finally:
            heap_unlock()
        # and what was set while the heap was locked is there: brightness 0.3
        # is 77/256, so (200, 100, 50) is (60, 30, 15); at level 128, 38/256:
        # (29, 14, 7); on the wire in GRB order.
        self.assertIs(sent[0], px.buf)
        self.assertEqual(list(px.buf[0:6]), [30, 60, 15, 14, 29, 7])
        self.assertEqual(list(px.buf[24:30]), [30, 60, 15, 14, 29, 7])

    def test_a_run_of_mapped_pixels_is_set_as_one_by_one(self):
        # set_scaled_each(index, first, count, ...) is set_scaled of each of
        # index[first:first + count], and touches no other pixel
        index = (7, 2, 9, 0, 5)
        colour = (200, 100, 50)
        one_by_one = Pixels(10, "GRB", 0.3)
        for i in (1, 2, 3):
            one_by_one.set_scaled(index[i], colour, 48)
        at_once = Pixels(10, "GRB", 0.3)
        at_once.set_scaled_each(index, 1, 3, colour, 48)
        self.assertEqual(list(at_once.buf), list(one_by_one.buf))
        self.assertEqual(at_once.get(7), (0, 0, 0))
        self.assertEqual(at_once.get(5), (0, 0, 0))
        self.assertNotEqual(at_once.get(9), (0, 0, 0))

    def test_a_mask_of_mapped_pixels_is_set_as_one_by_one(self):
        # set_scaled_mask(index, key, mask, ...): pixel index[key[p]] for
        # each bit p of mask; level 256 is set()'s colour
        index = (7, 2, 9, 0, 5, 1)
        key = (3, 0, 5, 1, 2)
        colour = (200, 100, 50)
        for level in (48, 256):
            one_by_one = Pixels(10, "GRB", 0.3)
            for p in (0, 2, 4):
                if level == 256:
                    one_by_one.set(index[key[p]], colour)
                else:
                    one_by_one.set_scaled(index[key[p]], colour, level)
            at_once = Pixels(10, "GRB", 0.3)
            at_once.set_scaled_mask(index, key, 0b10101, colour, level)
            self.assertEqual(list(at_once.buf), list(one_by_one.buf), level)
            lit = [i for i in range(10) if at_once.get(i) != (0, 0, 0)]
            self.assertEqual(lit, sorted([index[3], index[5], index[2]]))

    def test_a_sparse_mask_of_thirty_positions_lights_its_bits_only(self):
        # (runs of unlit positions are skipped four at a time: every bit
        # after such a run must still land on its own pixel)
        key = tuple(range(29, -1, -1))  # position p under pixel 29 - p
        index = tuple(range(30))
        colour = (10, 20, 30)
        for mask in (1 << 29, 1 << 4 | 1 << 9 | 1 << 28, 0b1000010001, (1 << 30) - 1, 1 << 3):
            px = Pixels(30, "RGB", 1.0)
            px.set_scaled_mask(index, key, mask, colour, 256)
            lit = [i for i in range(30) if px.get(i) != (0, 0, 0)]
            self.assertEqual(lit, sorted(29 - p for p in range(30) if mask >> p & 1), mask)


def _nothing():
    pass


class ButtonsTest(unittest.TestCase):
    def setUp(self):
        self.b = presses.Buttons(profile("pyraos"))  # debounce 20 ms, long 800 ms
        self.t = 0

    def feed(self, raw, ms):
        events = []
        for _ in range(ms // 5):
            self.t += 5
            e = self.b.update(raw, self.t)
            if e:
                events.append(e)
        return events

    def test_short_menu(self):
        self.assertEqual(self.feed(0, 50), [])
        self.assertEqual(self.feed(MENU, 200), [])
        self.assertEqual(self.feed(0, 50), [presses.SHORT_MENU])

    def test_long_back_fires_once_while_held(self):
        events = self.feed(BACK, 2000)
        self.assertEqual(events, [presses.LONG_BACK])
        self.assertEqual(self.feed(0, 100), [])

    def test_bounce_is_ignored(self):
        events = []
        for raw in (1, 0, 1, 0, 1, 0):  # 5 ms blips
            events += self.feed(raw, 5)
        events += self.feed(0, 100)
        self.assertEqual(events, [])

    def test_both_buttons(self):
        self.feed(MENU, 100)
        self.assertEqual(self.feed(MENU | BACK, 100), [])
        self.assertEqual(self.feed(BACK, 100), [presses.SHORT_MENU])
        self.assertEqual(self.feed(0, 100), [presses.SHORT_BACK])
