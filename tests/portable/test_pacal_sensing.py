"""Pacal sensing: cards per field from analog levels (hysteresis, debounce)
and card codes from the reader spots (parity, bounce)."""

import unittest
from array import array

from board_support import profile, profile_json
from tabletop.profile import load
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


def falling_profile():
    # The reference board, but player 0's field 2 reads lower with each card
    raw = profile_json("pacal")
    raw["fields"]["0"][1]["levels"] = [45000, 39000, 32768]
    return load(raw)


def hysteresis_level(level, v, levels, h):
    # The level a reading moves a field to, by the thresholds halfway
    # between its calibration readings, h past them (readings rising with cards)
    if levels[0] > levels[2]:
        v = -v
        levels = [-x for x in levels]
    mid1 = (levels[0] + levels[1]) // 2
    mid2 = (levels[1] + levels[2]) // 2
    if v >= mid2 + h or (level == 2 and v >= mid2 - h):
        return 2
    if level >= 1 and v >= mid1 - h:
        return 1
    return 1 if v >= mid1 + h else 0


class QuietTickTest(unittest.TestCase):
    def test_a_quiet_tick_decides_as_a_full_look_would(self):
        # Readings wander about every threshold and now and then jump; at
        # each tick the fields' levels are those hysteresis and the 20 ms
        # debounce give, and most ticks are quiet ones (only the bands compared).
        prof = falling_profile()
        f = FieldLevels(prof)
        n = len(prof.field_channels)
        a = array("H", [32768] * prof.analog_channels)
        a[prof.field_channels[1]] = 45000
        raw = [0] * n
        stable = [0] * n
        since = [0] * n
        seed = 12345
        quiet = 0
        for tick in range(4000):
            t = tick * 5
            for i in range(n):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                ch = prof.field_channels[i]
                r = seed >> 8
                if r % 97 == 0:  # a card laid or lifted: a jump near a threshold
                    lv = prof.field_levels[i]
                    v = (lv[r % 2] + lv[r % 2 + 1]) // 2 + r % 3001 - 1500
                elif r % 3 == 0:  # noise about the reading
                    v = a[ch] + r % 401 - 200
                else:
                    v = a[ch]
                a[ch] = min(65535, max(0, v))
                h = prof.field_hysteresis[i]
                level = hysteresis_level(raw[i], a[ch], prof.field_levels[i], h)
                if level != raw[i]:
                    raw[i] = level
                    since[i] = t
                if level != stable[i] and (t == 0 or t - since[i] >= prof.debounce_ms):
                    stable[i] = level
            f.update(a, t)
            quiet += f.resting
            self.assertEqual(list(f.stable), stable, "tick %d" % tick)
        self.assertGreater(quiet, 1000)


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
