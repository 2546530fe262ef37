"""The Pyraos computer player (tabletop.players): its turns are the rules'
whole turns, its answers are legal, it thinks in slices and gives its memory
back. Exact endgames are in test_pyraos_player_endgames.py. Runs under CPython
and MicroPython.
"""

import sys
import unittest

from tabletop import players
from tabletop.players import pyraos_turns
from tabletop.players.pyraos_player import start
from tabletop.rules import pyraos
from tabletop.rules.pyraos import P_MOVE, P_REMOVE, PLACE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.rng import Rng
from test_pyraos_player_endgames import after_turns

MICROPYTHON = sys.implementation.name == "micropython"
SEEDS = range(3) if MICROPYTHON else range(12)


def position(g):
    """What a turn changes: both players' marbles and reserves, and who moves."""
    return (g.marbles[0], g.marbles[1], g.reserve[0], g.reserve[1], g.turn, g.phase)


def rule_turns(g):
    """The positions after each whole turn, by the rules alone: every legal
    move, and after one that makes a square every legal take-back."""
    return [position(d) for d in after_turns(g)]


def engine_turns(g):
    """The positions after each of the player's turns, each turn played
    through the rules (so an illegal event raises)."""
    p = g.turn
    me, you = g.marbles[p], g.marbles[1 - p]
    if g.phase == P_REMOVE:
        found = pyraos_turns.take_turns(me, you)
    else:
        take = g.variant != pyraos.KIDS
        found = pyraos_turns.turns(me, you, g.reserve[p], take, g.variant == pyraos.LINES)
    out = []
    for turn in found:
        c = g.copy()
        for move in pyraos_turns.events(turn & pyraos_turns.MOVE, p):
            c.apply(move)
        out.append(position(c))
    return out


def random_positions(variant, seed, every=3):
    """Positions along one game of random legal moves (every ``every``-th)."""
    rng = Rng(seed)
    g = Pyraos(variant)
    n = 0
    while not g.is_over():
        if n % every == 0:
            yield g.copy()
        moves = list(g.legal_moves())
        g.apply(moves[rng.below(len(moves))])
        n += 1


class Chess:
    """A game the players do not know."""

    def is_over(self):
        return False


class TurnsTest(unittest.TestCase):
    def test_turns_are_the_rules_whole_turns(self):
        """The same positions, each once (two take-backs in either order are one turn)."""
        for variant in pyraos.VARIANTS:
            for seed in SEEDS:
                for g in random_positions(variant, seed, 5 if MICROPYTHON else 2):
                    mine = engine_turns(g)
                    self.assertEqual(sorted(mine), sorted(set(rule_turns(g))))
                    self.assertEqual(len(mine), len(set(mine)))

    def test_a_turn_with_a_square_ends_with_its_take_back(self):
        g = Pyraos("standard")
        for name in ("a1", "d4", "b1", "d3", "a2", "c3"):
            g.apply((PLACE, g.turn, index(name), -1))
        found = pyraos_turns.turns(g.marbles[0], g.marbles[1], g.reserve[0], True, False)
        squares = [t for t in found if t >> 10 & 31 != pyraos_turns.NONE]
        self.assertTrue(squares)
        for t in squares:
            moves = pyraos_turns.events(t & pyraos_turns.MOVE, 0)
            self.assertEqual(moves[0][0], PLACE)
            self.assertEqual(moves[-1][0], REMOVE)


class ChooseTest(unittest.TestCase):
    def assertLegalTurn(self, g, moves):
        """The moves are one whole legal turn of the player to move."""
        c = g.copy()
        p = g.turn
        for move in moves:
            self.assertEqual(move[1], p)
            c.apply(move)
        self.assertTrue(c.is_over() or (c.turn != p and c.phase == P_MOVE))

    def test_every_level_answers_a_legal_turn(self):
        for variant in pyraos.VARIANTS:
            for g in random_positions(variant, 7, 9):
                for level in players.LEVELS:
                    moves = players.choose(g, level, 300, Rng(1))
                    self.assertLegalTurn(g, moves)

    def test_a_state_waiting_for_a_take_back_gets_only_that(self):
        g = Pyraos("standard")
        for name in ("a1", "d4", "b1", "d3", "a2", "c3", "b2"):
            g.apply((PLACE, g.turn, index(name), -1))
        self.assertEqual(g.phase, P_REMOVE)
        moves = players.choose(g, "strong", 500, Rng(1))
        self.assertEqual(len(moves), 1)
        self.assertEqual(moves[0][0], REMOVE)
        self.assertLegalTurn(g, moves)

    def test_slices_give_the_same_turn_as_one_run(self):
        g = next(random_positions("standard", 3, 12))
        whole = start(g, "strong", 2000, Rng(1), tt_bits=10)
        want = whole.step(10**6)
        sliced = start(g, "strong", 2000, Rng(1), tt_bits=10)
        steps = 0
        got = None
        while got is None:
            got = sliced.step(37)
            steps += 1
        self.assertEqual(got, want)
        self.assertTrue(steps > 10)
        self.assertEqual((sliced.value, sliced.nodes), (whole.value, whole.nodes))
        self.assertEqual(sliced.step(37), want)  # done stays done

    def test_the_memory_is_taken_only_while_it_thinks(self):
        g = Pyraos("standard")
        thinking = start(g, "strong", 500, Rng(1), tt_bits=8)
        self.assertIsNotNone(thinking.search.tt)
        while thinking.step(100) is None:
            pass
        self.assertIsNone(thinking.search.tt)

    def test_a_time_budget_asks_the_clock(self):
        now = [0]

        def clock():
            now[0] += 1  # a millisecond passes at every look
            return now[0]

        thinking = start(Pyraos("standard"), "strong", 20, Rng(1), clock, tt_bits=8)
        moves = None
        while moves is None:
            moves = thinking.step(10**6)
        self.assertTrue(now[0] >= 20)
        self.assertLegalTurn(Pyraos("standard"), moves)

    def test_random_level_uses_the_rng(self):
        g = Pyraos("standard")
        seen = set()
        for seed in range(20):
            seen.add(tuple(players.choose(g, "random", 1, Rng(seed))))
        self.assertTrue(len(seen) > 5)

    def test_what_has_no_player_is_refused(self):
        with self.assertRaises(players.NoPlayer):
            players.choose(Chess(), "strong", 100, Rng(1))
        with self.assertRaises(ValueError):
            players.choose(Pyraos("standard"), "grandmaster", 100, Rng(1))
        g = next(random_positions("standard", 1, 1))
        while not g.is_over():
            g.apply(next(iter(g.legal_moves())))
        with self.assertRaises(ValueError):
            players.choose(g, "strong", 100, Rng(1))
