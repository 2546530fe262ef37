"""The strong Pyraos player in endgames, against solvers written here from
the rules alone (tabletop.rules.pyraos: legal moves, apply, outcome), never
from the player's own code.

- kids (no take-backs): positions of random games with few marbles left in
  the reserves, solved by a plain exhaustive minimax: the player proves the
  same value and picks a turn that keeps it.
- standard and lines: positions with a forced win within two or three of
  the mover's turns, found by a small exhaustive search: the player picks a
  winning turn.

Runs under CPython and MicroPython (fewer positions there).
"""

import sys
import unittest

from tabletop import players
from tabletop.rules.pyraos import P_REMOVE, Pyraos
from tabletop.rules.rng import Rng

MICROPYTHON = sys.implementation.name == "micropython"
SEEDS = range(10) if MICROPYTHON else range(40)
BUDGET = 200000  # positions: far more than these endgames need
# The two reserves together, at most, in a kids endgame.
KIDS_RESERVES = 5 if MICROPYTHON else 8
# (variant, reserves at most, a win within this many of the mover's turns)
WINS = (("standard", 4, 2), ("lines", 4, 2))
if not MICROPYTHON:
    WINS += (("standard", 6, 3),)


def after_turns(g):
    """The states after each whole turn of the player to move: a move, and
    after one that makes a square each legal take-back."""
    out = []
    for move in g.legal_moves():
        c = g.copy()
        c.apply(move)
        if c.phase == P_REMOVE:
            for back in c.legal_moves():
                d = c.copy()
                d.apply(back)
                out.append(d)
        else:
            out.append(c)
    return out


def result_for(g, player):
    """+1, 0 or -1 for ``player`` in a finished game."""
    winner = g.outcome().winner
    return 0 if winner is None else 1 if winner == player else -1


def minimax(g):
    """The exact value of a game for the player to move: +1, 0 or -1."""
    mover = g.turn
    best = -1
    for c in after_turns(g):
        v = result_for(c, mover) if c.is_over() else -minimax(c)
        if v > best:
            best = v
            if best == 1:
                break
    return best


def wins_within(g, turns):
    """True when the player to move can force a win within ``turns`` of their turns."""
    if turns == 0:
        return False
    mover = g.turn
    for c in after_turns(g):
        if wins_after(c, mover, turns):
            return True
    return False


def wins_after(c, mover, turns):
    """After ``mover``'s turn led to ``c``: does every reply lose within the rest?"""
    if c.is_over():
        return result_for(c, mover) == 1
    for r in after_turns(c):
        if r.is_over():
            if result_for(r, mover) != 1:
                return False
        elif not wins_within(r, turns - 1):
            return False
    return True


def endgame(variant, seed, reserves):
    """A position of random play with at most ``reserves`` marbles left in
    both reserves together, at the start of a turn, or None."""
    rng = Rng(seed)
    g = Pyraos(variant)
    while not g.is_over():
        if g.phase != P_REMOVE and g.reserve[0] + g.reserve[1] <= reserves:
            return g
        moves = list(g.legal_moves())
        g.apply(moves[rng.below(len(moves))])
    return None


def play(g, moves):
    c = g.copy()
    for move in moves:
        c.apply(move)
    return c


class EndgameTest(unittest.TestCase):
    def test_kids_endgames_are_played_exactly(self):
        tried = 0
        for seed in SEEDS:
            g = endgame("kids", seed, KIDS_RESERVES)
            if g is None:
                continue
            tried += 1
            want = minimax(g)
            thinking = players.start(g, "strong", BUDGET, Rng(1))
            moves = None
            while moves is None:
                moves = thinking.step(5000)
            self.assertTrue(thinking.solved or abs(thinking.value) > 9000, seed)
            got = 0 if thinking.value == 0 else 1 if thinking.value > 0 else -1
            self.assertEqual(got, want, seed)
            c = play(g, moves)
            kept = result_for(c, g.turn) if c.is_over() else -minimax(c)
            self.assertEqual(kept, want, seed)
        self.assertTrue(tried >= len(SEEDS) // 2)

    def test_forced_wins_are_found(self):
        for variant, reserves, within in WINS:
            found = 0
            for seed in SEEDS:
                g = endgame(variant, seed, reserves)
                if g is None or not wins_within(g, within):
                    continue
                found += 1
                moves = players.choose(g, "strong", BUDGET, Rng(1))
                self.assertTrue(wins_after(play(g, moves), g.turn, within), (variant, seed))
            self.assertTrue(found > 0, variant)
