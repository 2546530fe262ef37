"""The Diabolo player (tabletop.players.diabolo_player): a legal move at every
level, the double it declares while a round is scored, and its choice never
depends on what its player cannot see (the other hands, the pile's order).
Runs under CPython and MicroPython.
"""

import sys
import unittest

from tabletop import players
from tabletop.rules import diabolo
from tabletop.rules.diabolo import DOUBLE, HEAVEN, P_PLAY, P_SCORE, PLAY
from tabletop.rules.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
SEEDS = range(2) if MICROPYTHON else range(8)
STRONG_BUDGET = 300 if MICROPYTHON else 1500


def midround(players_, seed, turns):
    """A game ``turns`` turns into its first round, by random legal moves."""
    g = diabolo.Diabolo(players_)
    rng = Rng(seed)
    g.apply(diabolo.deal(rng, 0))
    for _ in range(turns):
        if g.phase != P_PLAY:
            break
        g.apply(rng.choice(list(g.legal_moves())))
    return g


def hidden_shuffled(g, me, seed):
    """``g`` with the cards ``me`` cannot see dealt again at random: the
    other hands keep their sizes, the pile keeps its length."""
    out = g.copy()
    codes = diabolo.CARD_CODES
    unseen = list(g.pile[g.drawn :])
    sizes = {}
    for q in range(g.players):
        if q != me:
            sizes[q] = g.hand_size(q)
            unseen += g.hand(q)
    Rng(seed).shuffle(unseen)
    for q in sizes:
        for c in range(codes):
            out.held[q * codes + c] = 0
        for _ in range(sizes[q]):
            out.held[q * codes + unseen.pop()] += 1
    out.pile = tuple(g.pile[: g.drawn]) + tuple(unseen)
    return out


class DiaboloPlayerTest(unittest.TestCase):
    def test_every_level_plays_a_legal_move(self):
        for seed in SEEDS:
            g = midround(3 + seed % 3, seed, 2 + 2 * seed)
            self.assertEqual(g.phase, P_PLAY)
            for level in players.LEVELS:
                budget = STRONG_BUDGET if level == "strong" else 1
                moves = players.choose(g, level, budget, Rng(seed))
                self.assertEqual(len(moves), 1)
                self.assertEqual(moves[0][1], g.turn)
                self.assertIsNone(g.fault(moves[0]), (level, moves))

    def test_the_rule_of_thumb(self):
        # a high card of a colour the hand is strong in goes to heaven
        g = midround(4, 3, 0)
        p = g.turn
        move = players.choose(g, "medium", 1, Rng(1))[0]
        self.assertEqual(move[0], PLAY)
        colour = diabolo.colour_of(move[2])
        kept = g.colour_sum(p, colour) - diabolo.value_of(move[2])
        self.assertEqual(move[3] == HEAVEN, kept > 4, (move, kept))

    def test_the_choice_ignores_what_the_player_cannot_see(self):
        for seed in SEEDS:
            g = midround(4, 10 + seed, 4 + seed)
            for level in ("medium", "strong"):
                want = players.choose(g, level, STRONG_BUDGET, Rng(seed))
                other = hidden_shuffled(g, g.turn, seed + 100)
                self.assertNotEqual(
                    [other.hand(q) for q in range(4)], [g.hand(q) for q in range(4)]
                )
                got = players.choose(other, level, STRONG_BUDGET, Rng(seed))
                self.assertEqual(got, want, (seed, level))

    def test_a_double_on_the_plus_row_of_the_colour_held_most(self):
        checked = 0
        for seed in range(6):
            rng = Rng(seed)
            g = diabolo.Diabolo(3)
            g.apply(diabolo.deal(rng, 0))
            while g.phase == P_PLAY:
                g.apply(rng.choice(list(g.legal_moves())))
            self.assertEqual(g.phase, P_SCORE)
            if not g.to_move():
                continue  # no plus row this round
            q = g.to_move()[0]
            mask = g.double_mask(q)
            held = [(g.colour_sum(q, c), c) for c in range(diabolo.COLOURS) if mask >> c & 1]
            best = max(s for s, _ in held)
            moves = players.choose(g, "strong", 100, Rng(1))
            if best > 0:
                # the highest sum; of equal ones the first colour
                colour = min(c for s, c in held if s == best)
                self.assertEqual(moves, [(DOUBLE, q, colour, 0)])
            else:
                self.assertEqual(moves, [])
            checked += 1
        self.assertTrue(checked >= 2, checked)

    def test_no_decision_before_the_deal(self):
        with self.assertRaises(ValueError):
            players.choose(diabolo.Diabolo(4), "medium", 1, Rng(1))


if __name__ == "__main__":
    unittest.main()
