"""Pacal sensing: cards per field from analog levels (hysteresis, debounce)
and card codes from the reader spots (parity, bounce)."""

import unittest
from array import array

from board_support import profile
from tabletop.sensing import cards
from tabletop.sensing.levels import FieldLevels

PROFILE = profile("pacal")  # levels 32768 / 39000 / 45000, hysteresis 1000, debounce 20 ms


class LevelsTest(unittest.TestCase):
    def setUp(self):
        self.f = FieldLevels(PROFILE)
        self.a = array("H", [32768] * PROFILE.analog_channels)
        self.t = 0

    def feed(self, field, value, ms):
        ch = PROFILE.field_channels[field]
        self.a[ch] = value
        for _ in range(ms // 5):
            self.t += 5
            self.f.update(self.a, self.t)
        return self.f.stable[field]

    def test_levels_follow_the_calibration(self):
        self.assertEqual(self.feed(3, 32768, 50), 0)
        self.assertEqual(self.feed(3, 39100, 50), 1)
        self.assertEqual(self.feed(3, 44800, 50), 2)
        self.assertEqual(self.feed(3, 39000, 50), 1)
        self.assertEqual(self.feed(3, 33000, 50), 0)

    def test_hysteresis_holds_near_a_threshold(self):
        mid = (32768 + 39000) // 2  # 35884; enter 1 at 36884, leave below 34884
        self.assertEqual(self.feed(0, mid + 500, 50), 0)
        self.assertEqual(self.feed(0, mid + 1100, 50), 1)
        self.assertEqual(self.feed(0, mid - 500, 50), 1)
        self.assertEqual(self.feed(0, mid - 1100, 50), 0)

    def test_a_short_blip_is_not_a_card(self):
        self.assertEqual(self.feed(12, 32768, 50), 0)
        self.assertEqual(self.feed(12, 39000, 10), 0)  # 10 ms < 20 ms debounce
        self.assertEqual(self.feed(12, 32768, 50), 0)
        self.assertEqual(self.feed(12, 39000, 30), 1)

    def test_fields_are_independent(self):
        self.feed(5, 39000, 50)
        self.assertEqual(list(self.f.stable), [1 if i == 5 else 0 for i in range(20)])


class CodesTest(unittest.TestCase):
    def test_every_card_round_trips_with_odd_parity(self):
        for v in range(1, 51):
            code = cards.encode(v)
            ones = bin(code).count("1")
            self.assertEqual(ones % 2, 1)
            self.assertEqual(cards.decode(code), v)

    def test_empty_and_misreads(self):
        self.assertEqual(cards.decode(0), 0)
        for v in range(1, 51):
            for bit in range(7):  # any single wrong spot is caught by the parity
                self.assertEqual(cards.decode(cards.encode(v) ^ (1 << bit)) < 1, True)
        self.assertEqual(cards.decode(55), cards.MISREAD)  # 55 = 0b0110111: value 55 > 50


class ReaderTest(unittest.TestCase):
    def setUp(self):
        self.r = cards.CardReaders(PROFILE)
        self.d = bytearray(PROFILE.registers)
        self.t = 0

    def put(self, slot, code):
        for j, k in enumerate(PROFILE.slot_bits[slot]):
            mask = 0x80 >> (k & 7)
            if code >> j & 1:
                self.d[k >> 3] |= mask
            else:
                self.d[k >> 3] &= ~mask

    def run_ms(self, ms):
        for _ in range(ms // 5):
            self.t += 5
            self.r.update(self.d, self.t)

    def test_a_card_is_read_after_the_spots_settle(self):
        self.run_ms(20)
        self.assertEqual(self.r.value, [0, 0])
        for code in (cards.encode(37) ^ 8, cards.encode(37), cards.encode(37) ^ 3):
            self.put(1, code)  # bouncing spots
            self.run_ms(5)
            self.assertEqual(self.r.value[1], cards.UNSETTLED)
        self.put(1, cards.encode(37))
        self.run_ms(30)
        self.assertEqual(self.r.value, [0, 37])

    def test_a_card_laid_off_centre_is_a_misread(self):
        self.put(0, cards.encode(12) ^ 32)
        self.run_ms(40)
        self.assertEqual(self.r.value[0], cards.MISREAD)
        self.put(0, 0)
        self.run_ms(40)
        self.assertEqual(self.r.value[0], 0)
