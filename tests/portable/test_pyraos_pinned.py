"""The Pyraos search's choices, pinned: for 102 seeded positions (the
opening and the middle game, every variant, positions waiting for a
take-back among them) each level's search at a fixed budget of positions
chooses the turn recorded in pyraos_pinned.py, with the same value and
depth. Speeding the search up must not change its play; a change of its
order or judgement made on purpose regenerates the file (with the reason
in the commit):

    .venv/bin/python -m tests.make_pyraos_pinned

Runs under CPython and MicroPython.
"""

import unittest

from tabletop.players.pyraos_player import start
from tabletop.rules.pyraos import VARIANTS, Pyraos
from tabletop.rules.rng import Rng

try:
    from pyraos_pinned import PINNED
except ImportError:  # (tests/make_pyraos_pinned.py, writing it)
    PINNED = ()

BUDGET = 1600  # positions: strong's (medium looks at a quarter, easy an eighth)
TT_BITS = 10  # the table's size on a board
SEEDS = 34  # positions per variant
LEVELS = ("strong", "strong", "medium", "easy")


def positions():
    """(variant, seed, plies, level, state) of each pinned position: a game
    of seeded random moves, up to 30 plies in, cut short where it ends."""
    for variant in VARIANTS:
        for seed in range(1, SEEDS + 1):
            rng = Rng(seed)
            g = Pyraos(variant)
            plies = 0
            while plies < seed % 7 * 5 and not g.is_over():
                moves = list(g.legal_moves())
                after = g.copy()
                after.apply(moves[rng.below(len(moves))])
                if after.is_over():
                    break
                g = after
                plies += 1
            yield variant, seed, plies, LEVELS[seed % 4], g


def choice(g, level, seed):
    """The moves, value and depth of ``level``'s choice in ``g``, in slices
    of 97 positions (as a board thinks)."""
    thinking = start(g, level, BUDGET, Rng(seed), tt_bits=TT_BITS)
    while True:
        moves = thinking.step(97)
        if moves is not None:
            return tuple(tuple(m) for m in moves), thinking.value, thinking.depth


class PinnedChoicesTest(unittest.TestCase):
    def test_each_level_chooses_the_pinned_turn(self):
        found = list(positions())
        self.assertEqual(len(found), len(PINNED))
        for (variant, seed, plies, level, g), want in zip(found, PINNED):
            self.assertEqual((variant, seed, plies, level), want[:4])
            moves, value, depth = choice(g, level, seed)
            self.assertEqual((moves, value, depth), want[4:], (variant, seed, plies, level))


if __name__ == "__main__":
    unittest.main()
