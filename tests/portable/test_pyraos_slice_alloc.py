"""A slice of the Pyraos search that its time stops before any position
allocates nothing (under MicroPython's ``micropython.heap_lock``): its
set-up binds the search's names without building tuples (on MicroPython
four names or more at once build one), and a slice stopped at a leaf
leaves that leaf to the next. In a heap the search has fragmented, each
allocation of several blocks scans the heap for a run of free ones: the
six tuples of a slice's set-up made an empty slice 2.4 ms long on the
emulated Pico, against 0.28 ms without them. MicroPython only (CPython
has no heap lock).
"""

import sys
import unittest

from tabletop.clock import ticks_add, ticks_us
from tabletop.players.pyraos_player import start
from tabletop.rules.pyraos import Pyraos
from tabletop.rules.rng import Rng

ON_MICROPYTHON = sys.implementation.name == "micropython"
SLICE_US = 2000  # each slice's time, real time on MicroPython


def position(seed, plies):
    g = Pyraos("standard")
    rng = Rng(seed)
    for _ in range(plies):
        moves = list(g.legal_moves())
        g.apply(moves[rng.below(len(moves))])
    return g


class SliceAllocTest(unittest.TestCase):
    def test_a_slice_out_of_time_allocates_nothing(self):
        if not ON_MICROPYTHON:
            self.skipTest("needs micropython.heap_lock(): runs under MicroPython only")
        import micropython

        for seed, plies in ((1, 0), (2, 12), (3, 18)):
            search = start(position(seed, plies), "strong", 3000, Rng(seed), None, 10).search
            slices = failed = 0
            while not failed:
                if search.step(1 << 20, ticks_add(ticks_us(), SLICE_US), 0) is not None:
                    break  # (the search is over)
                slices += 1
                # Stopped by its time: the next slice, with none left, looks
                # at no position and allocates nothing.
                micropython.heap_lock()
                try:
                    try:
                        search.step(1 << 20, ticks_us(), SLICE_US)
                    except MemoryError:
                        failed = slices
                finally:
                    micropython.heap_unlock()
            self.assertFalse(failed, "seed %d: slice %d allocated" % (seed, failed))
            self.assertTrue(slices > 1)


if __name__ == "__main__":
    unittest.main()
