"""The Diabolo card codes: every card reads back as itself, and every other
7-bit reading, a one-spot slip included, is a misread, never another card."""

import unittest

from tabletop.sensing.diabolo_codes import COLOURS, DOUBLE, EMPTY, MISREAD, decode, encode


def _cards():
    out = []
    for colour in range(1, len(COLOURS) + 1):
        for value in range(1, 6):
            out.append((colour, value))
    for seat in range(1, 6):
        out.append((DOUBLE, seat))
    return out


class DiaboloCodesTest(unittest.TestCase):
    def test_every_card_reads_back_as_itself(self):
        codes = set()
        for card in _cards():
            code = encode(card[0], card[1])
            self.assertTrue(0 < code < 128)
            self.assertEqual(decode(code), card)
            codes.add(code)
        self.assertEqual(len(codes), 30)  # 25 number cards and 5 double cards, all apart

    def test_the_number_of_set_spots_is_odd(self):
        for card in _cards():
            self.assertEqual(bin(encode(card[0], card[1])).count("1") % 2, 1)

    def test_an_empty_reader_is_empty_and_other_codes_misread(self):
        self.assertEqual(decode(0), EMPTY)
        good = set(encode(c[0], c[1]) for c in _cards())
        for bits in range(1, 128):
            if bits not in good:
                self.assertEqual(decode(bits), MISREAD, bits)

    def test_one_spot_missed_or_extra_is_never_another_card(self):
        for card in _cards():
            code = encode(card[0], card[1])
            for k in range(7):
                self.assertIn(decode(code ^ (1 << k)), (MISREAD, EMPTY))

    def test_no_card_outside_the_deck_can_be_encoded(self):
        for colour, value in ((0, 1), (7, 1), (1, 0), (1, 6), (DOUBLE, 0)):
            with self.assertRaises(ValueError):
                encode(colour, value)


if __name__ == "__main__":
    unittest.main()
