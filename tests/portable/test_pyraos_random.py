"""Pyraos: random games in every variant against the reference model of
pyraos_support: every listed move applies, illegal ones change nothing, the
invariants hold and every game ends.
"""

from pyraos_support import (
    MICROPYTHON,
    PyraosCase,
    from_json,
    popcount,
    ref_earns,
    ref_moves,
    ref_supported,
    to_json,
)
from tabletop.rules import pyraos
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import TOP
from tabletop.rules.pyraos_geometry import position_name as name
from tabletop.rules.rng import Rng


class RandomPlayTest(PyraosCase):
    GAMES = 7 if MICROPYTHON else 70  # per variant
    MAX_PLIES = 1000

    def check_invariants(self, g):
        m0, m1 = g.marbles
        self.assertEqual(m0 & m1, 0)
        self.assertEqual((m0 | m1) >> 30, 0)
        for p in (0, 1):
            self.assertTrue(0 <= g.reserve[p] <= 15)
            self.assertEqual(popcount(g.marbles[p]) + g.reserve[p], 15)
        occ = m0 | m1
        for i in range(16, 30):
            if occ >> i & 1:
                self.assertTrue(ref_supported(occ, i), "%s floats" % name(i))
        if g.is_over():
            self.assertIsNotNone(g.outcome())
            self.assertEqual(g.phase, pyraos.P_OVER)
        else:
            self.assertIsNone(g.outcome())
            self.assertTrue(g.turn in (0, 1))
            if g.phase == pyraos.P_MOVE:
                self.assertTrue(g.reserve[g.turn] > 0, "a turn began with an empty reserve")

    def probe_illegal(self, g, rng, listed, chosen):
        """Random tuples and mutations of a legal move: refused exactly when not listed."""
        probes = []
        for _ in range(2):
            probes.append((rng.below(5), rng.below(3), rng.below(32) - 1, rng.below(33) - 2))
        field = 1 + rng.below(3)
        mutated = list(chosen)
        mutated[field] = rng.below(31) - 1 if field > 1 else 1 - chosen[1]
        probes.append(tuple(mutated))
        mutated = list(chosen)
        mutated[0] = 1 + (chosen[0] + rng.below(2)) % 3
        probes.append(tuple(mutated))
        for m in probes:
            if m in listed:
                self.assertIsNone(g.why_illegal(m))
            else:
                self.assertRefused(g, m)

    def play_one(self, variant, seed):
        rng = Rng(seed)
        g = Pyraos(variant)
        seen = {}

        def key():
            return (g.marbles[0], g.marbles[1], g.reserve[0], g.reserve[1], g.turn)

        seen[key()] = 1
        plies = 0
        while not g.is_over():
            self.assertLessEqual(plies, self.MAX_PLIES)
            moves = list(g.legal_moves())
            listed = set(moves)
            self.assertEqual(len(listed), len(moves))
            self.assertEqual(listed, ref_moves(g))
            self.assertTrue(len(moves) > 0, "a live game with no legal move")
            if plies % 5 == 0:
                self.check_questions(g)
            m = rng.choice(moves)
            self.probe_illegal(g, rng, listed, m)
            self.assertEqual(from_json(to_json(m), variant), m)
            kind, p, a, b = m
            g.apply(m)
            plies += 1
            self.check_invariants(g)
            # what must follow, worked out from the rules independently
            if kind == PLACE and a == TOP:
                self.assertTrue(g.is_over())
                self.assertEqual(g.outcome().winner, p)
                break
            if kind != REMOVE and ref_earns(variant, g.marbles[p], b if kind == RAISE else a):
                self.assertEqual(g.phase, pyraos.P_REMOVE)
                self.assertEqual(g.turn, p)
                continue
            self.assertEqual(g.turn, 1 - p)
            if g.reserve[1 - p] == 0:
                self.assertTrue(g.is_over())
                self.assertEqual(g.outcome().winner, p)
                break
            k = key()
            seen[k] = seen.get(k, 0) + 1
            if seen[k] >= 3:
                self.assertTrue(g.is_over())
                self.assertIsNone(g.outcome().winner)
                break
            self.assertFalse(g.is_over())
            self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertTrue(g.is_over())
        self.assertLessEqual(plies, self.MAX_PLIES)
        return g

    def test_random_games(self):
        """Random games in all variants: every listed move applies, illegal ones
        change nothing, the invariants hold and every game ends."""
        ends = {}
        for variant in pyraos.VARIANTS:
            for n in range(self.GAMES):
                with self.subTest(variant=variant, seed=n):
                    g = self.play_one(variant, 1000 * len(variant) + n)
                    w = g.outcome().winner
                    ends[w] = ends.get(w, 0) + 1
        self.assertTrue(ends.get(0, 0) > 0 and ends.get(1, 0) > 0)
