"""Pyraos position names and how the pyramid rests on itself.

Source: docs/RECORDS.md (Pyraos) and docs/RULES.md
(Pyraos, "Material"). Runs under CPython pytest and MicroPython's unittest.
"""

import unittest

from tabletop.rules import pyraos_geometry as geo
from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, SUPPORT, TOP
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.pyraos_geometry import position_name as name
from tabletop.rules.pyraos_geometry import position_names as names

COLS = "abcd"

# Every position, level by level, in the spec's naming.
ALL_NAMES = (
    [c + r for r in "1234" for c in "abcd"]
    + ["2" + c + r for r in "123" for c in "abc"]
    + ["3" + c + r for r in "12" for c in "ab"]
    + ["4a1"]
)


def coords(text):
    """(level, column 0.., row 0..) of a name, read from the text itself."""
    if len(text) == 2:
        return 1, COLS.index(text[0]), int(text[1]) - 1
    return int(text[0]), COLS.index(text[1]), int(text[2]) - 1


def make_name(level, x, y):
    s = COLS[x] + str(y + 1)
    return s if level == 1 else str(level) + s


def mask(*texts):
    m = 0
    for t in texts:
        m |= 1 << index(t)
    return m


class NamesTest(unittest.TestCase):
    def test_thirty_positions_by_level(self):
        """The pyramid has 30 positions: 16 on level 1, 9, 4 and the top."""
        self.assertEqual(len(ALL_NAMES), 30)
        self.assertEqual(geo.POSITIONS, 30)
        counts = [0, 0, 0, 0]
        for i in range(30):
            counts[LEVEL[i] - 1] += 1
        self.assertEqual(counts, [16, 9, 4, 1])
        self.assertEqual(name(TOP), "4a1")
        self.assertEqual(index("4a1"), TOP)

    def test_every_name_round_trips(self):
        """Each of the 30 names maps to one distinct index, and back."""
        seen = set()
        for text in ALL_NAMES:
            with self.subTest(name=text):
                i = index(text)
                self.assertTrue(0 <= i < 30)
                self.assertEqual(name(i), text)
                self.assertEqual(LEVEL[i], coords(text)[0])
                seen.add(i)
        self.assertEqual(len(seen), 30)
        for i in range(30):
            self.assertEqual(index(name(i)), i)

    def test_level_one_long_form_accepted(self):
        """Readers also accept 1a1 for a1 (docs/RECORDS.md)."""
        for text in ALL_NAMES[:16]:
            with self.subTest(name=text):
                self.assertEqual(index("1" + text), index(text))

    def test_writers_use_short_form(self):
        """Writers write the short form: a1, never 1a1; higher levels carry the level."""
        for i in range(30):
            text = name(i)
            if LEVEL[i] == 1:
                self.assertEqual(len(text), 2)
                self.assertTrue(text[0] in COLS)
            else:
                self.assertEqual(len(text), 3)
                self.assertEqual(text[0], str(LEVEL[i]))
        self.assertEqual(name(index("1b3")), "b3")

    def test_bad_names_rejected(self):
        """Anything that is not one of the 30 names is a ValueError."""
        bad = [
            "e1", "a5", "a0", "d5", "2d1", "2a4", "2d4", "3c1", "3a3", "3c3",
            "4b1", "4a2", "5a1", "0a1", "1e1", "1a5", "A1", "B2", "2A1", "",
            "a", "2", "4a", "a1 ", " a1", "a11", "2a1x", "22a1", "aa", "11",
            "1a", "-a1", "\u0661a1",
        ]  # fmt: skip
        for text in bad:
            with self.subTest(name=text):
                self.assertRaises(ValueError, index, text)

    def test_non_strings_rejected(self):
        """Non-strings are not positions either (ValueError, not TypeError)."""
        for value in (None, 0, 16, 1.0, True, b"a1", ["a1"], ("a", "1"), {"a1": 1}):
            with self.subTest(value=value):
                self.assertRaises(ValueError, index, value)

    def test_names_of_mask(self):
        """names(mask) lists the positions in index order."""
        self.assertEqual(names(0), [])
        self.assertEqual(names(mask("2a1", "a1", "d4", "4a1")), ["a1", "d4", "2a1", "4a1"])
        self.assertEqual(names(geo.ALL), ALL_NAMES)


class SupportTest(unittest.TestCase):
    def test_examples_from_the_spec(self):
        """2a1 rests on a1 b1 a2 b2; 3a1 on 2a1 2b1 2a2 2b2; the top on all of level 3."""
        cases = [
            ("2a1", ("a1", "b1", "a2", "b2")),
            ("2c1", ("c1", "d1", "c2", "d2")),
            ("2b2", ("b2", "c2", "b3", "c3")),
            ("2c3", ("c3", "d3", "c4", "d4")),
            ("3a1", ("2a1", "2b1", "2a2", "2b2")),
            ("3b2", ("2b2", "2c2", "2b3", "2c3")),
            ("4a1", ("3a1", "3b1", "3a2", "3b2")),
        ]
        for pos, under in cases:
            with self.subTest(pos=pos):
                self.assertEqual(SUPPORT[index(pos)], mask(*under))

    def test_level_one_rests_on_nothing(self):
        """Level 1 is always supported: it rests on no position."""
        for text in ALL_NAMES[:16]:
            self.assertEqual(SUPPORT[index(text)], 0)

    def test_every_support_follows_the_naming_rule(self):
        """Lxy rests on (L-1) xy, (x+1)y, x(y+1), (x+1)(y+1)."""
        for text in ALL_NAMES[16:]:
            with self.subTest(pos=text):
                k, x, y = coords(text)
                under = [
                    make_name(k - 1, x + dx, y + dy) for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1))
                ]
                self.assertEqual(SUPPORT[index(text)], mask(*under))

    def test_above_is_the_inverse_of_support(self):
        """ABOVE[j] holds exactly the positions resting on j."""
        for j in range(30):
            expected = 0
            for i in range(30):
                if SUPPORT[i] >> j & 1:
                    expected |= 1 << i
            self.assertEqual(ABOVE[j], expected)
        self.assertEqual(ABOVE[index("a1")], mask("2a1"))
        self.assertEqual(ABOVE[index("b2")], mask("2a1", "2b1", "2a2", "2b2"))
        self.assertEqual(ABOVE[index("2b2")], mask("3a1", "3b1", "3a2", "3b2"))
        self.assertEqual(ABOVE[TOP], 0)

    def test_squares(self):
        """14 squares: 9 on level 1, 4 on level 2, 1 on level 3."""
        self.assertEqual(len(geo.SQUARES), 14)
        per_level = [0, 0, 0]
        for sq in geo.SQUARES:
            lv = [LEVEL[i] for i in range(30) if sq >> i & 1]
            self.assertEqual(len(lv), 4)
            self.assertEqual(len(set(lv)), 1)
            per_level[lv[0] - 1] += 1
        self.assertEqual(per_level, [9, 4, 1])

    def test_lines_are_rows_and_columns_of_levels_one_and_two(self):
        """Lines: 4 rows + 4 columns of 4 on level 1, 3 rows + 3 columns of 3 on
        level 2; no diagonals, nothing higher."""
        expected = set()
        for r in "1234":
            expected.add(mask(*[c + r for c in "abcd"]))
        for c in "abcd":
            expected.add(mask(*[c + r for r in "1234"]))
        for r in "123":
            expected.add(mask(*["2" + c + r for c in "abc"]))
        for c in "abc":
            expected.add(mask(*["2" + c + r for r in "123"]))
        self.assertEqual(len(expected), 14)
        self.assertEqual(set(geo.LINE_MASKS), expected)
        self.assertEqual(len(geo.LINE_MASKS), 14)


if __name__ == "__main__":
    unittest.main()
