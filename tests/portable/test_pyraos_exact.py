"""The kids proof (tabletop.players.pyraos_exact) against the plain minimax
of test_pyraos_player_endgames (over the rules' own moves), and its table's
key against the board's symmetries turned by position name; the strong
level, which proves a kids endgame first. Runs under CPython and MicroPython.
"""

import sys
import unittest

from tabletop import players
from tabletop.clock import ticks_add, ticks_us
from tabletop.players.pyraos_exact import Exact, canonical, symmetric
from tabletop.players.pyraos_turns import events, turns
from tabletop.rules.pyraos_geometry import position_index, position_name
from tabletop.rules.rng import Rng
from test_pyraos_player_endgames import endgame, minimax, play, result_for

MICROPYTHON = sys.implementation.name == "micropython"
SEEDS = range(8) if MICROPYTHON else range(30)
RESERVES = 5 if MICROPYTHON else 7  # the two reserves together, at most


def turned(mask, quarter, mirror):
    """``mask`` turned by ``quarter`` quarter turns, after a mirror, by name."""
    out = 0
    for i in range(30):
        if mask >> i & 1:
            name = position_name(i)
            level = name[0] if len(name) == 3 else "1"
            n = 5 - int(level)  # the level's side
            x, y = "abcd".find(name[-2]), int(name[-1]) - 1
            if mirror:
                x, y = y, x
            for _ in range(quarter):
                x, y = n - 1 - y, x
            spot = "abcd"[x] + str(y + 1)
            out |= 1 << position_index(spot if level == "1" else level + spot)
    return out


def position_mask(names):
    out = 0
    for name in names.split():
        out |= 1 << position_index(name)
    return out


def proof(g, nodes=10**7, slice_us=None):
    p = g.turn
    me, you = g.marbles[p], g.marbles[1 - p]
    e = Exact(me, you, g.reserve[p], g.reserve[1 - p], turns(me, you, g.reserve[p], False, False),
              nodes)  # fmt: skip
    while True:
        until = None if slice_us is None else ticks_add(ticks_us(), slice_us)
        if e.step(5000, until, 0) is not None:
            return e


class ExactTest(unittest.TestCase):
    def test_symmetric_positions_share_their_key(self):
        for seed in range(6):
            g = endgame("kids", seed, 12)
            me, you = g.marbles
            key = canonical(me, you)
            for quarter in range(4):
                for mirror in (False, True):
                    a, b = turned(me, quarter, mirror), turned(you, quarter, mirror)
                    self.assertEqual(canonical(a, b), key, (seed, quarter, mirror))
            self.assertNotEqual(canonical(you, me), key)  # (the colours are not a symmetry)

    def test_a_symmetric_root_is_told_from_the_others(self):
        diagonal = position_mask("a1 b2 c3")
        self.assertTrue(symmetric(diagonal, position_mask("d1 a4")))  # (mirrored on a1-d4)
        self.assertFalse(symmetric(diagonal, position_mask("d1 a3")))
        self.assertTrue(symmetric(0, 0))

    def test_kids_endgames_are_proven_as_minimax_says(self):
        tried = 0
        for seed in SEEDS:
            g = endgame("kids", seed, RESERVES)
            if g is None:
                continue
            tried += 1
            want = minimax(g)
            e = proof(g, slice_us=2000 if seed % 2 else None)  # (sliced by time: the same)
            self.assertEqual(e.result, want, seed)
            c = play(g, events(e.best, g.turn))
            kept = result_for(c, g.turn) if c.is_over() else -minimax(c)
            self.assertEqual(kept, want, seed)  # a win is played; a loss as good as any
            for lost in e.lost:
                c = play(g, events(lost, g.turn))
                self.assertFalse(c.is_over(), seed)
                self.assertEqual(minimax(c), 1, seed)  # the other wins after it
        self.assertTrue(tried >= len(SEEDS) // 2)

    def test_a_budget_too_small_proves_nothing(self):
        g = endgame("kids", 3, 12)
        e = proof(g, nodes=50)
        self.assertEqual(e.result, 0)
        self.assertTrue(e.nodes <= 50)


class StrongTest(unittest.TestCase):
    """The strong level in a kids endgame: the proof first (pyraos_exact.Proving)."""

    def test_a_proven_result_is_said_and_played(self):
        said = set()
        for seed in SEEDS:
            g = endgame("kids", seed, RESERVES)
            if g is None:
                continue
            thinking = players.start(g, "strong", 20000, Rng(1))
            moves = None
            while moves is None:
                moves = thinking.step(500)
            facts = thinking.facts()
            want = minimax(g)
            self.assertEqual(facts["value"], "win" if want > 0 else "loss", seed)
            said.add(facts["value"])
            if want > 0:
                c = play(g, moves)
                self.assertTrue(c.is_over() or minimax(c) == -1, seed)
            self.assertTrue(1 <= facts["turns"] <= 2 * RESERVES + 1, seed)
        self.assertEqual(said, {"win", "loss"})

    def test_unproven_it_plays_a_turn_not_proven_lost(self):
        picked = left_out = 0
        for seed in range(20):
            g = endgame("kids", seed, 11)
            if g is None:
                continue
            thinking = players.start(g, "strong", 1000, Rng(1))  # (750 for the proof)
            moves = None
            while moves is None:
                moves = thinking.step(500)
            facts = thinking.facts()
            if "value" in facts:
                continue  # (proven on so small a budget)
            lost = [events(t, g.turn) for t in thinking.exact.lost]
            self.assertEqual(facts["proved"], len(lost))
            self.assertNotIn(moves, lost, seed)
            self.assertIn(moves[0], list(g.legal_moves()))
            picked += 1
            left_out += len(lost)
        self.assertTrue(picked > 0 and left_out > 0, (picked, left_out))


if __name__ == "__main__":
    unittest.main()
