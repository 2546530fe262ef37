"""Helpers for the tests of the Pyraos rules (test_pyraos_*.py), which follow
docs/RULES.md (Pyraos, with its decisions table).

Sources: the Pyraos rule book (in Dutch), docs/RULES.md and
docs/RECORDS.md (position names, move records). Here: a reference
model of the pyramid and the rules, built from the position names of
docs/RECORDS.md alone (``ref_*``), so that the tests do not check the code against
itself; the positions several tests start from; and PyraosCase, the tests'
base class. Positions are reached through real moves wherever that is
reasonable; scripts are written as record-like tokens:

    "b2"        place on b2
    "a1^2b2"    raise the marble at a1 to 2b2
    "-c3"       take back c3;  "-c3,2a1"  take back c3, then 2a1

each played by whoever is to move. Runs under CPython and MicroPython.
"""

import sys
import unittest

from tabletop.records import notation
from tabletop.rules import pyraos
from tabletop.rules.common import IllegalMove
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.pyraos_geometry import position_name as name
from test_pyraos_geometry import ALL_NAMES, COLS

MICROPYTHON = sys.implementation.name == "micropython"

# ---------------------------------------------------------------------------
# A reference model of the pyramid and the rules, built from the position
# names of docs/RECORDS.md alone, so that the tests do not check the code against
# itself.

SIDE = {1: 4, 2: 3, 3: 2, 4: 1}


def _name_of(level, x, y):
    s = COLS[x] + str(y + 1)
    return s if level == 1 else str(level) + s


def _coords(text):
    if len(text) == 2:
        return 1, COLS.index(text[0]), int(text[1]) - 1
    return int(text[0]), COLS.index(text[1]), int(text[2]) - 1


REF_LEVEL = [0] * 30
REF_UNDER = [()] * 30  # the four positions a position rests on
REF_OVER = [[] for _ in range(30)]  # the positions resting on a position
for _text in ALL_NAMES:
    _k, _x, _y = _coords(_text)
    _i = index(_text)
    REF_LEVEL[_i] = _k
    if _k > 1:
        REF_UNDER[_i] = tuple(
            index(_name_of(_k - 1, _x + dx, _y + dy)) for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1))
        )
        for _j in REF_UNDER[_i]:
            REF_OVER[_j].append(_i)

# Every 2x2 square (levels 1 to 3) and every line (rows and columns, 4 long on
# level 1, 3 long on level 2), as tuples of indices.
REF_SQUARES = []
REF_LINES = []
for _k in (1, 2, 3):
    _n = SIDE[_k]
    for _y in range(_n - 1):
        for _x in range(_n - 1):
            REF_SQUARES.append(
                tuple(
                    index(_name_of(_k, _x + dx, _y + dy))
                    for dx, dy in ((0, 0), (1, 0), (0, 1), (1, 1))
                )
            )
for _k in (1, 2):
    _n = SIDE[_k]
    for _a in range(_n):
        REF_LINES.append(tuple(index(_name_of(_k, _b, _a)) for _b in range(_n)))  # row
        REF_LINES.append(tuple(index(_name_of(_k, _a, _b)) for _b in range(_n)))  # column


def ref_supported(occ, i):
    for j in REF_UNDER[i]:
        if not occ >> j & 1:
            return False
    return True


def ref_loose(occ, i):
    for j in REF_OVER[i]:
        if occ >> j & 1:
            return False
    return True


def ref_raises(marbles, p):
    """Every (src, dst) raise the rules allow player p on this board."""
    occ = marbles[0] | marbles[1]
    out = []
    for a in range(30):
        if not marbles[p] >> a & 1 or not ref_loose(occ, a):
            continue
        for b in range(30):
            if (
                not occ >> b & 1
                and REF_LEVEL[b] > REF_LEVEL[a]
                and a not in REF_UNDER[b]
                and ref_supported(occ, b)
            ):
                out.append((a, b))
    return out


def ref_moves(game):
    """The set of legal move tuples, computed from the rules text."""
    out = set()
    if game.is_over():
        return out
    p = game.turn
    own = game.marbles[p]
    occ = game.marbles[0] | game.marbles[1]
    if game.phase == pyraos.P_MOVE:
        if game.reserve[p] > 0:
            for b in range(30):
                if not occ >> b & 1 and ref_supported(occ, b):
                    out.add((PLACE, p, b, -1))
        for a, b in ref_raises(game.marbles, p):
            out.add((RAISE, p, a, b))
    else:
        for a in range(30):
            if own >> a & 1 and ref_loose(occ, a):
                out.add((REMOVE, p, a, -1))
                occ2 = occ & ~(1 << a)
                for b in range(30):
                    if b != a and own >> b & 1 and ref_loose(occ2, b):
                        out.add((REMOVE, p, a, b))
    return out


def ref_earns(variant, own, pos):
    """True if the marble at pos completes a square (or, in lines, a line) of own."""
    if variant == "kids":
        return False
    groups = REF_SQUARES + REF_LINES if variant == "lines" else REF_SQUARES
    for group in groups:
        if pos in group:
            full = True
            for i in group:
                if not own >> i & 1:
                    full = False
                    break
            if full:
                return True
    return False


def to_json(move):
    return notation.to_json("pyraos", move)


def from_json(obj, variant="standard"):
    return notation.from_json("pyraos", variant, obj)


def popcount(m):
    n = 0
    while m:
        n += m & 1
        m >>= 1
    return n


# ---------------------------------------------------------------------------
# Helpers


def mask(*texts):
    m = 0
    for t in texts:
        m |= 1 << index(t)
    return m


def parse(game, token):
    """The move tuple for a script token, played by the player to move."""
    p = game.turn
    if token[0] == "-":
        parts = token[1:].split(",")
        return (REMOVE, p, index(parts[0]), index(parts[1]) if len(parts) > 1 else -1)
    if "^" in token:
        a, b = token.split("^")
        return (RAISE, p, index(a), index(b))
    return (PLACE, p, index(token), -1)


def snapshot(game):
    """Everything a move could change."""
    o = game.outcome()
    return (
        game.variant,
        list(game.marbles),
        list(game.reserve),
        game.turn,
        game.phase,
        game.plies,
        list(game.history),
        None if o is None else (o.winner, o.reason),
        game.is_over(),
        tuple(game.to_move()),
    )


# Positions used by several tests (all reached by real moves).

# Light (player 0) completes a1 b1 a2 b2 with b2: the take-back is due.
SQUARE = "a1 d4 b1 d3 a2 c4 b2"
# Dark completes the mixed square a1 b1 a2 b2 with b2; light to move, with a
# loose marble on c3.
MIXED = "a1 b1 a2 d4 c3 b2"
# A 3x3 checkerboard on level 1, four marbles on level 2, so 3a1 is supported;
# light to move. Light: a1 c1 b2 a3 c3 d4 2a1 2b2; dark: b1 d1 a2 c2 b3 a4 2b1 2a2.
# Light's only loose level-1 marble is d4.
TALL = "a1 b1 c1 a2 b2 c2 a3 b3 c3 2b1 2a1 2a2 2b2 d1 d4 a4"
# Light owns 2a1 2b1 2a2 and may raise d4 to 2b2, completing a level-2 square.
RAISE_SQUARE = "a1 b1 c1 a2 b2 c2 a3 b3 c3 d1 2a1 d3 2b1 a4 2a2 c4 d4 b4"
# Light's 2a1 rests on the mixed a1 b1 a2 b2; light then completes c3 d3 c4 d4
# with d4: take-back due, and light's a1 and a2 carry 2a1.
FREED = "a1 b1 a2 b2 2a1 d1 c3 a4 d3 b4 c4 c1 d4"
# Light's b2 completes two squares at once: a1 b1 a2 b2 and b1 c1 b2 c2.
DOUBLE = "a1 d4 b1 d3 c1 a4 a2 b4 c2 c4 b2"
# Light's 3a2 completes the level-3 square 3a1 3b1 3a2 3b2 (found by random play).
LEVEL3_SQUARE = (
    "d2 a2 c2 b2 a1 d1 b3 c1 a4 c3 a4^2b2 d3 a3 2c2 d4 c4 2c3 b4 2b3 a2^2c1 b1 a2 "
    "2a1 2a2 3b2 2b1 3a1 a4 3b1 2a3 3a2"
)
# Every position in reading order, level by level: no single-colour square is
# ever made, dark places the 30th marble on the top.
FILL = " ".join(ALL_NAMES)
# Light saves one marble with a raise, so light's 15th marble goes on the top.
LIGHT_TOP = (
    "a1 b1 c1 d1 a2 b2 c1^2a1 c1 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4 "
    "2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3 3a1 3b1 3a2 3b2 4a1"
)
# Dark saves marbles by raising; light's 15th marble goes down on move 29
# (2c2), dark moves, and light's turn comes with an empty reserve.
EMPTY_LOSS = (
    "a1 b1 c1 d1 a2 b2 c2 d1^2a1 d1 d2 a3 d2^2b1 b3 d2 c3 d2^2a2 d3 d2 a4 b4 c4 "
    "d2^2a3 2b2 2a3^3a1 2a3 d2 2c1 d4 2c2 d4^2b3"
)
# Light's 15th and last marble (c4, move 29) completes c3 d3 c4 d4.
REFILL = (
    "a3 c3 a1 b2 b4 b3 a2 d1 c1 d2 b1 b3^2a1 d3 d4 b3 a4 2a2 c3^2a3 c2 d4^2b1 c3 "
    "d1^2c2 d4 d1 2b2 d1^3a1 d1 2c1 c4"
)
# The same position again and again: after START, each CYCLE has light
# complete a square with b2 and take b2 back, then dark with d4 and d4.
REPEAT_START = "a1 c3 b1 d3 a2 c4"
REPEAT_CYCLE = " b2 -b2 d4 -d4"


class PyraosCase(unittest.TestCase):
    """Shared helpers; holds no tests itself."""

    def play(self, script, variant="standard", game=None):
        if game is None:
            game = Pyraos(variant)
        for n, token in enumerate(script.split()):
            move = parse(game, token)
            why = game.why_illegal(move)
            if why is not None:
                self.fail("scripted move %d %r refused: %s" % (n + 1, token, why))
            game.apply(move)
        return game

    def assertRefused(self, game, move):
        """The move is illegal: apply raises IllegalMove (a ValueError) with a
        reason, the state is unchanged, and the other questions agree."""
        before = snapshot(game)
        why = game.why_illegal(move)
        self.assertIsNotNone(why, "expected %r to be refused" % (move,))
        self.assertIsInstance(why, str)
        self.assertTrue(len(why) > 0)
        self.assertFalse(move in game.legal_moves())
        with self.assertRaises(IllegalMove) as cm:
            game.apply(move)
        self.assertEqual(str(cm.exception), why)
        self.assertIsInstance(cm.exception, ValueError)
        self.assertEqual(snapshot(game), before)
        return why

    def assertLegal(self, game, move):
        self.assertIsNone(game.why_illegal(move))
        self.assertTrue(move in game.legal_moves())
        self.assertIn(move, list(game.legal_moves()))

    def kinds(self, game):
        return {m[0] for m in game.legal_moves()}

    def check_questions(self, game):
        """placement_mask, raise_sources, raise_targets and removable_mask say
        exactly what legal_moves() lists; count() and bool() agree."""
        moves = list(game.legal_moves())
        self.assertEqual(len(moves), len(set(moves)), "a move is listed twice")
        self.assertEqual(game.legal_moves().count(), len(moves))
        self.assertEqual(bool(game.legal_moves()), len(moves) > 0)
        place = sources = first = 0
        targets = [0] * 30
        second = [0] * 30
        for kind, p, a, b in moves:
            self.assertEqual(p, game.turn)
            if kind == PLACE:
                self.assertEqual(b, -1)
                place |= 1 << a
            elif kind == RAISE:
                sources |= 1 << a
                targets[a] |= 1 << b
            else:
                self.assertEqual(kind, REMOVE)
                if b < 0:
                    first |= 1 << a
                else:
                    second[a] |= 1 << b
        self.assertEqual(game.placement_mask(), place)
        self.assertEqual(game.raise_sources(), sources)
        for i in range(30):
            self.assertEqual(game.raise_targets(i), targets[i], "raise_targets(%s)" % name(i))
        self.assertEqual(game.removable_mask(), first)
        for i in range(30):
            self.assertEqual(game.removable_mask(i), second[i], "removable_mask(%s)" % name(i))
        for m in moves:
            self.assertIsNone(game.why_illegal(m))
            self.assertTrue(m in game.legal_moves())
        return moves

    def check_every_tuple(self, game):
        """For every well-formed tuple: listed <=> `in legal_moves()` <=> why_illegal is None."""
        listed = set(game.legal_moves())
        moves = game.legal_moves()
        for kind in (PLACE, RAISE, REMOVE):
            for p in (0, 1):
                for a in range(30):
                    for b in range(-1, 30):
                        m = (kind, p, a, b)
                        legal = m in listed
                        if (game.why_illegal(m) is None) != legal or (m in moves) != legal:
                            self.fail("%r: listed=%r why=%r" % (m, legal, game.why_illegal(m)))
