"""The pyramid as bit masks (tabletop.players.pyraos_bits) says what the
geometry's spot-by-spot tables say, at every position of seeded random
games. Runs under CPython and MicroPython.
"""

import sys
import unittest

from tabletop.players import pyraos_bits as B
from tabletop.rules.pyraos import Pyraos
from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, LEVEL_START, LINE_MASKS, SQUARES, SUPPORT
from tabletop.rules.rng import Rng

GAMES = 20 if sys.implementation.name == "micropython" else 200


def positions():
    for seed in range(GAMES):
        rng = Rng(seed)
        g = Pyraos("standard")
        while not g.is_over():
            yield g.marbles[0], g.marbles[1]
            moves = list(g.legal_moves())
            g.apply(moves[rng.below(len(moves))])


def spots(occ):
    out = 0
    for i in range(30):
        if not occ >> i & 1 and (i < LEVEL_START[1] or occ & SUPPORT[i] == SUPPORT[i]):
            out |= 1 << i
    return out


def carrying(occ):
    out = 0
    for i in range(LEVEL_START[1], 30):
        if occ >> i & 1:
            out |= SUPPORT[i]
    return out


def completing(own, free, shapes):
    out = 0
    for shape in shapes:
        miss = shape & ~own
        if miss & free and not miss & (miss - 1):
            out |= miss
    return out


class BitsTest(unittest.TestCase):
    def test_the_masks_are_the_tables(self):
        for light, dark in positions():
            occ = light | dark
            free = spots(occ)
            self.assertEqual(B.spots(occ), free)
            self.assertEqual(B.carrying(occ), carrying(occ))
            for own in (light, dark):
                self.assertEqual(B.completing(own) & free, completing(own, free, SQUARES))
                self.assertEqual(B.line_completing(own) & free, completing(own, free, LINE_MASKS))
                self.assertEqual(B.completing(own), completing(own, ~own, SQUARES))
                self.assertEqual(B.line_completing(own), completing(own, ~own, LINE_MASKS))
                loose = own & ~carrying(occ)
                up = [i for i in range(30) if loose >> i & 1 and free & B.RAISE_TO[i]]
                self.assertEqual(B.can_raise(loose, free), bool(up))

    def test_every_entry_of_the_tables_of_two_rows(self):
        windows = [w << shift for w in range(256) for shift in (0, 4, 8)]
        windows += [w << shift for w in range(64) for shift in (16, 19)]
        windows += [w << 25 for w in range(16)]
        for occ in windows:
            self.assertEqual(B.spots(occ), spots(occ), occ)
            self.assertEqual(B.completing(occ), completing(occ, ~occ, SQUARES), occ)
        for occ in [w << shift for w in range(512) for shift in (16,)] + [
            w << 25 for w in range(32)
        ]:
            self.assertEqual(B.carrying(occ), carrying(occ), occ)

    def test_the_lowest_bit_and_the_raise_targets(self):
        for i in range(30):
            self.assertEqual(B.LOW[(1 << i) % 37], i)
            higher = ((1 << 30) - 1) & ~((1 << LEVEL_START[LEVEL[i]]) - 1)
            self.assertEqual(B.RAISE_TO[i], higher & ~ABOVE[i])


if __name__ == "__main__":
    unittest.main()
