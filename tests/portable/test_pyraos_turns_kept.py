"""What the Pyraos search is given to look at, kept as it was: at every
position of seeded random games in each variant, the turns of
tabletop.players.pyraos_turns (with their ordering scores, in the order
they are made: the first of two take-backs ending the same way is the one
kept) and pyraos_bits' evaluation fold into the digest below. Speeding
them up must not change one of them (test_pyraos_pinned checks the
choices only, on fewer positions); a change made on purpose writes the
new digest here, with the reason in the commit. Runs under CPython and
MicroPython.
"""

import unittest

from tabletop.players import pyraos_bits, pyraos_turns
from tabletop.rules.pyraos import KIDS, LINES, VARIANTS, Pyraos
from tabletop.rules.rng import Rng

GAMES = 20  # per variant
DIGEST = (44981, 875065193)  # (turns, digest): see digest()


def digest():
    """(how many turns, a digest of every turn and evaluation in order)."""
    h = count = 0
    for variant in VARIANTS:
        take, lines = variant != KIDS, variant == LINES
        for seed in range(GAMES):
            rng = Rng(seed)
            g = Pyraos(variant)
            while not g.is_over():
                p = g.turn
                me, you = g.marbles[p], g.marbles[1 - p]
                mine, yours = g.reserve[p], g.reserve[1 - p]
                found = pyraos_turns.turns(me, you, mine, take, lines)
                found += pyraos_turns.take_turns(me, you)
                found.append(pyraos_bits.evaluate(me, you, mine, yours, take, lines))
                for x in found:
                    h = (h * 31 + x) % 1000000007
                count += len(found) - 1
                moves = list(g.legal_moves())
                g.apply(moves[rng.below(len(moves))])
    return count, h


class TurnsKeptTest(unittest.TestCase):
    def test_the_turns_and_the_evaluation_are_as_they_were(self):
        self.assertEqual(digest(), DIGEST)


if __name__ == "__main__":
    unittest.main()
