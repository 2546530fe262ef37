"""The rules of Pyraos (Gigamic's Pylos), as docs/RULES.md states them.

Sources: shared/seeds/pyraos-rules-nl.txt (the rule book), docs/RULES.md
(Pyraos, with its decisions table) and shared/spec/records.md (position
names, move records). Positions are reached through real moves wherever that
is reasonable; scripts are written as record-like tokens:

    "b2"        place on b2
    "a1^2b2"    raise the marble at a1 to 2b2
    "-c3"       take back c3;  "-c3,2a1"  take back c3, then 2a1

each played by whoever is to move. Runs under CPython pytest and under
MicroPython's unittest (only the assertions both provide).
"""

import json
import sys
import unittest

from tabletop.records import notation
from tabletop.rules import pyraos
from tabletop.rules.common import IllegalMove, Outcome
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import TOP
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.pyraos_geometry import position_name as name
from tabletop.rules.rng import Rng
from test_pyraos_geometry import ALL_NAMES, COLS

MICROPYTHON = sys.implementation.name == "micropython"

# ---------------------------------------------------------------------------
# A reference model of the pyramid and the rules, built from the position
# names of records.md alone, so that the tests do not check the code against
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


# ---------------------------------------------------------------------------


class StartAndTurnsTest(PyraosCase):
    def test_initial_state(self):
        """15 marbles each in reserve, an empty board, light (player 0) to move."""
        g = Pyraos()
        self.assertEqual(g.variant, "standard")
        self.assertEqual(g.reserve, [15, 15])
        self.assertEqual(g.marbles, [0, 0])
        self.assertEqual(g.turn, 0)
        self.assertEqual(tuple(g.to_move()), (0,))
        self.assertFalse(g.is_over())
        self.assertIsNone(g.outcome())
        for i in range(30):
            self.assertIsNone(g.owner(i))

    def test_first_moves_are_the_sixteen_level_one_placements(self):
        """On an empty board only level 1 is supported; nothing can be raised."""
        for variant in pyraos.VARIANTS:
            g = Pyraos(variant)
            expected = {(PLACE, 0, index(t), -1) for t in ALL_NAMES[:16]}
            self.assertEqual(set(g.legal_moves()), expected)

    def test_unknown_variant(self):
        """Only standard, kids and lines exist."""
        for bad in ("", "Standard", "pylos", None, 1):
            with self.subTest(variant=bad):
                self.assertRaises(ValueError, Pyraos, bad)

    def test_dark_may_not_move_first(self):
        """ "Licht begint": player 1 moving first is refused."""
        g = Pyraos()
        why = self.assertRefused(g, (PLACE, 1, index("a1"), -1))
        self.assertTrue(len(why) > 0)

    def test_turns_alternate(self):
        """After each move (without a square) the other player is to move; a
        player moving twice in a row is refused."""
        g = Pyraos()
        expected_turn = 0
        for token in ["a1", "d4", "b1", "d3", "c1"]:
            self.assertEqual(g.turn, expected_turn)
            self.assertEqual(tuple(g.to_move()), (expected_turn,))
            g.apply(parse(g, token))
            expected_turn = 1 - expected_turn
            self.assertRefused(g, (PLACE, 1 - expected_turn, index("b4"), -1))
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.owner(index("a1")), 0)
        self.assertEqual(g.owner(index("d4")), 1)


class PlacementTest(PyraosCase):
    def test_placement_reduces_the_reserve(self):
        """A placement takes one marble from the mover's reserve only."""
        g = Pyraos()
        g.apply((PLACE, 0, index("b2"), -1))
        self.assertEqual(g.reserve, [14, 15])
        self.assertEqual(g.marbles, [mask("b2"), 0])
        g.apply((PLACE, 1, index("c3"), -1))
        self.assertEqual(g.reserve, [14, 14])
        self.assertEqual(g.marbles, [mask("b2"), mask("c3")])

    def test_only_on_empty_positions(self):
        """A taken position (either colour) cannot take another marble."""
        g = self.play("a1 b1")
        self.assertRefused(g, (PLACE, 0, index("a1"), -1))
        self.assertRefused(g, (PLACE, 0, index("b1"), -1))
        self.assertEqual(g.placement_mask() & mask("a1", "b1"), 0)

    def test_level_two_needs_all_four_supports(self):
        """2a1 rests on a1 b1 a2 b2: with three of them it is not supported."""
        g = self.play("a1 b1 a2")
        for pos in ("2a1", "2b1", "2a2", "2b2", "3a1", "4a1"):
            self.assertRefused(g, (PLACE, 1, index(pos), -1))
        self.assertEqual(g.placement_mask() >> 16, 0)
        g.apply((PLACE, 1, index("b2"), -1))
        self.assertEqual(g.placement_mask() >> 16, mask("2a1") >> 16)
        self.assertLegal(g, (PLACE, 0, index("2a1"), -1))
        self.assertRefused(g, (PLACE, 0, index("2b1"), -1))  # c1 c2 empty
        self.assertRefused(g, (PLACE, 0, index("3a1"), -1))

    def test_supports_may_be_any_colours(self):
        """Four marbles of any colours support: all light, or mixed."""
        g = self.play("a1 d4 b1 d3 d1 a4 a2 b4 b2 -d1")  # light keeps a1 b1 a2 b2
        self.assertEqual(g.marbles[0], mask("a1", "b1", "a2", "b2"))
        self.assertEqual(g.turn, 1)
        self.assertLegal(g, (PLACE, 1, index("2a1"), -1))  # dark on light's square
        g = self.play(MIXED)
        self.assertLegal(g, (PLACE, 0, index("2a1"), -1))

    def test_place_with_second_position_refused(self):
        """A placement names one position: b must be -1."""
        g = Pyraos()
        self.assertRefused(g, (PLACE, 0, index("a1"), index("b1")))
        self.assertRefused(g, (PLACE, 0, index("a1"), index("a1")))


class MixedSquareTest(PyraosCase):
    def test_mixed_square_gives_no_take_back(self):
        """Only a square all of the mover's colour earns a take-back."""
        g = self.play(MIXED)
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertEqual(g.turn, 0)
        self.assertEqual(g.reserve, [12, 12])
        self.assertEqual(g.removable_mask(), 0)
        self.assertEqual(self.kinds(g) & {REMOVE}, set())
        self.assertRefused(g, (REMOVE, 1, index("b2"), -1))
        self.assertRefused(g, (REMOVE, 0, index("c3"), -1))

    def test_mixed_square_can_be_stacked_on_from_reserve(self):
        """Any full square supports a marble placed from the reserve."""
        g = self.play(MIXED)
        self.assertTrue(g.placement_mask() >> index("2a1") & 1)
        g.apply((PLACE, 0, index("2a1"), -1))
        self.assertEqual(g.owner(index("2a1")), 0)
        self.assertEqual(g.reserve, [11, 12])

    def test_mixed_square_can_be_raised_onto(self):
        """A loose own marble elsewhere may be raised onto a mixed square, and
        the reserve stays as it was."""
        g = self.play(MIXED)
        self.assertEqual(g.raise_sources(), mask("c3"))
        self.assertEqual(g.raise_targets(index("c3")), mask("2a1"))
        g.apply((RAISE, 0, index("c3"), index("2a1")))
        self.assertEqual(g.marbles[0], mask("a1", "a2", "2a1"))
        self.assertEqual(g.reserve, [12, 12])
        self.assertEqual(g.turn, 1)

    def test_support_cannot_be_raised_onto_its_own_square(self):
        """A marble of the square cannot be raised onto it (it would rest on its hole)."""
        g = self.play(MIXED)
        self.assertRefused(g, (RAISE, 0, index("a1"), index("2a1")))
        self.assertRefused(g, (RAISE, 0, index("a2"), index("2a1")))
        self.assertEqual(g.raise_targets(index("a1")), 0)


class RaiseTest(PyraosCase):
    def test_fixture(self):
        """The TALL position is what its comment says (the raise tests rely on it)."""
        g = self.play(TALL)
        self.assertEqual(g.turn, 0)
        self.assertEqual(g.marbles[0], mask("a1", "c1", "b2", "a3", "c3", "d4", "2a1", "2b2"))
        self.assertEqual(g.marbles[1], mask("b1", "d1", "a2", "c2", "b3", "a4", "2b1", "2a2"))
        self.assertEqual(g.placement_mask(), mask("d2", "d3", "b4", "c4", "3a1"))

    def test_level_one_to_level_three(self):
        """A raise may go up more than one level ("één of verscheidene niveaus")."""
        g = self.play(TALL)
        self.assertEqual(g.raise_sources(), mask("d4"))
        self.assertEqual(g.raise_targets(index("d4")), mask("3a1"))
        g.apply((RAISE, 0, index("d4"), index("3a1")))
        self.assertEqual(g.owner(index("3a1")), 0)
        self.assertIsNone(g.owner(index("d4")))
        self.assertEqual(g.reserve, [7, 7])  # a raise uses no reserve marble
        self.assertEqual(g.turn, 1)

    def test_must_go_up(self):
        """Same level and downwards are refused."""
        g = self.play(TALL)
        self.assertRefused(g, (RAISE, 0, index("d4"), index("d2")))  # level 1 -> 1
        self.assertRefused(g, (RAISE, 0, index("2a1"), index("d2")))  # down
        g2 = self.play(RAISE_SQUARE)
        # 2a3 and 2c3 are supported and free there: level 2 -> level 2 is refused
        self.assertTrue(g2.placement_mask() >> index("2a3") & 1)
        self.assertRefused(g2, (RAISE, 0, index("2a1"), index("2a3")))
        self.assertRefused(g2, (RAISE, 0, index("2a1"), index("2c3")))

    def test_only_own_marbles(self):
        """A player raises only marbles of their own colour, and only from a taken position."""
        g = self.play(TALL)
        self.assertRefused(g, (RAISE, 0, index("a4"), index("3a1")))  # dark's
        self.assertRefused(g, (RAISE, 0, index("d2"), index("3a1")))  # empty
        self.assertRefused(g, (RAISE, 1, index("a4"), index("3a1")))  # not dark's turn

    def test_carrying_marble_cannot_be_raised(self):
        """A marble under another may not move ("dat reeds een knikker draagt")."""
        g = self.play(TALL)
        for src in ("a1", "c1", "b2", "a3", "c3"):
            with self.subTest(src=src):
                self.assertRefused(g, (RAISE, 0, index(src), index("3a1")))
                self.assertEqual(g.raise_targets(index(src)), 0)

    def test_cannot_raise_onto_a_position_resting_on_it(self):
        """3a1 rests on 2a1 and 2b2: neither may be raised there."""
        g = self.play(TALL)
        self.assertRefused(g, (RAISE, 0, index("2a1"), index("3a1")))
        self.assertRefused(g, (RAISE, 0, index("2b2"), index("3a1")))
        self.assertEqual(g.raise_targets(index("2a1")), 0)
        self.assertEqual(g.raise_targets(index("2b2")), 0)

    def test_target_must_be_free_and_supported(self):
        """The destination obeys the placement rule: empty and supported."""
        g = self.play(TALL)
        self.assertRefused(g, (RAISE, 0, index("d4"), index("2a1")))  # taken
        self.assertRefused(g, (RAISE, 0, index("d4"), index("2c1")))  # d2 empty
        self.assertRefused(g, (RAISE, 0, index("d4"), index("3b1")))  # unsupported
        self.assertRefused(g, (RAISE, 0, index("d4"), TOP))
        self.assertRefused(g, (RAISE, 0, index("d4"), -1))  # no destination

    def test_level_two_to_level_three(self):
        """A level-2 marble may go up to a level-3 position it does not support."""
        g = self.play(" ".join(ALL_NAMES[:25]))  # levels 1 and 2 full, dark to move
        self.assertEqual(g.turn, 1)
        src = index("2b1")  # dark's; under 3a1 and 3b1
        self.assertEqual(g.raise_targets(src), mask("3a2", "3b2"))
        self.assertRefused(g, (RAISE, 1, src, index("3a1")))
        self.assertRefused(g, (RAISE, 1, src, index("3b1")))
        # every level-1 marble carries one on level 2
        self.assertEqual(g.raise_sources(), mask("2b1", "2a2", "2c2", "2b3"))
        g.apply((RAISE, 1, src, index("3a2")))
        self.assertEqual(g.owner(index("3a2")), 1)
        self.assertIsNone(g.owner(src))
        self.assertEqual(g.reserve, [15 - 13, 15 - 12])

    def test_raise_keeps_both_reserves(self):
        """Raising does not use the reserve (that is its point)."""
        g = self.play(MIXED)
        before = list(g.reserve)
        g.apply((RAISE, 0, index("c3"), index("2a1")))
        self.assertEqual(g.reserve, before)

    def test_raise_in_every_variant(self):
        """Raising is allowed in kids and lines too."""
        for variant in pyraos.VARIANTS:
            with self.subTest(variant=variant):
                g = self.play(TALL, variant)
                self.assertLegal(g, (RAISE, 0, index("d4"), index("3a1")))


class TakeBackTest(PyraosCase):
    def test_own_square_by_placement_demands_a_take_back(self):
        """After completing a square of their colour, the same player must take
        back one or two marbles: only REMOVE moves are legal."""
        g = self.play(SQUARE)
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        self.assertEqual(g.turn, 0)
        self.assertEqual(tuple(g.to_move()), (0,))
        self.assertFalse(g.is_over())
        moves = list(g.legal_moves())
        self.assertEqual({m[0] for m in moves}, {REMOVE})
        self.assertEqual({m[1] for m in moves}, {0})
        # four loose light marbles: 4 singles and 4 * 3 ordered pairs
        self.assertEqual(len(moves), 16)
        self.assertEqual(g.placement_mask(), 0)
        self.assertEqual(g.raise_sources(), 0)
        self.assertRefused(g, (PLACE, 0, index("c1"), -1))
        self.assertRefused(g, (PLACE, 1, index("c1"), -1))
        self.assertRefused(g, (RAISE, 0, index("a1"), index("2b1")))

    def test_other_player_while_a_take_back_is_due(self):
        """While a take-back is due, a move by the other player is refused as
        "takeback_due", naming the player who must take back; so is any move
        but a take-back by the mover. Out of a take-back it is "turn"."""
        for script, mover in ((SQUARE, 0), ("a1 c3 b1 d3 a2 c4 d1 d4", 1)):
            g = self.play(script)
            self.assertEqual(g.phase, pyraos.P_REMOVE)
            self.assertEqual(g.turn, mover)
            other = 1 - mover
            free = index("c1")
            own_other = [i for i in range(30) if g.owner(i) == other][0]
            for move in (
                (PLACE, other, free, -1),
                (REMOVE, other, own_other, -1),
                (RAISE, other, own_other, index("2a1")),
                (PLACE, mover, free, -1),
            ):
                with self.subTest(script=script[:8], move=move):
                    self.assertEqual(g.fault(move), ("takeback_due", mover))
                    why = self.assertRefused(g, move)
                    self.assertTrue("player %d must first take back" % mover in why, why)
        g = self.play(SQUARE)
        g.apply((REMOVE, 0, index("b2"), -1))
        self.assertEqual(g.fault((PLACE, 0, index("c1"), -1)), ("turn", 1, 0))

    def test_take_back_the_marble_just_placed(self):
        """The take-back may include the marble just placed; reserve +1; turn passes."""
        g = self.play(SQUARE)
        self.assertEqual(g.reserve, [11, 12])
        g.apply((REMOVE, 0, index("b2"), -1))
        self.assertEqual(g.reserve, [12, 12])
        self.assertEqual(g.marbles[0], mask("a1", "b1", "a2"))
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.phase, pyraos.P_MOVE)

    def test_take_back_two(self):
        """Two marbles: reserve +2, then the turn passes."""
        g = self.play(SQUARE)
        g.apply((REMOVE, 0, index("a1"), index("b2")))
        self.assertEqual(g.reserve, [13, 12])
        self.assertEqual(g.marbles[0], mask("b1", "a2"))
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertRefused(g, (REMOVE, 1, index("d4"), -1))  # the take-back is over

    def test_order_of_two_is_free_when_both_are_loose(self):
        """Both orders of two loose marbles are legal."""
        g = self.play(SQUARE)
        self.assertLegal(g, (REMOVE, 0, index("a1"), index("b2")))
        self.assertLegal(g, (REMOVE, 0, index("b2"), index("a1")))

    def test_only_own_loose_marbles(self):
        """Not the opponent's, not an empty position, not the same one twice."""
        g = self.play(SQUARE)
        self.assertRefused(g, (REMOVE, 0, index("d4"), -1))
        self.assertRefused(g, (REMOVE, 0, index("c1"), -1))
        self.assertRefused(g, (REMOVE, 0, index("a1"), index("d4")))
        self.assertRefused(g, (REMOVE, 0, index("a1"), index("a1")))
        self.assertRefused(g, (REMOVE, 1, index("d4"), -1))  # not dark's take-back

    def test_carrying_marble_cannot_be_taken_back(self):
        """ "met uitsluiting van de knikkers die andere knikkers dragen"."""
        g = self.play(FREED)
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        self.assertEqual(g.removable_mask(), mask("c3", "d3", "c4", "d4", "2a1"))
        self.assertRefused(g, (REMOVE, 0, index("a1"), -1))
        self.assertRefused(g, (REMOVE, 0, index("a2"), -1))
        self.assertRefused(g, (REMOVE, 0, index("d4"), index("a1")))

    def test_second_may_be_freed_by_the_first(self):
        """Taking 2a1 first frees a1 (and a2) for the second take-back."""
        g = self.play(FREED)
        self.assertEqual(g.removable_mask(index("2a1")), mask("a1", "a2", "c3", "d3", "c4", "d4"))
        self.assertEqual(g.removable_mask(index("d4")), mask("c3", "d3", "c4", "2a1"))
        self.assertLegal(g, (REMOVE, 0, index("2a1"), index("a1")))
        g.apply((REMOVE, 0, index("2a1"), index("a1")))
        self.assertEqual(g.marbles[0], mask("a2", "c3", "d3", "c4", "d4"))
        self.assertEqual(g.reserve[0], 15 - 7 + 2)
        self.assertEqual(g.turn, 1)

    def test_reverse_order_refused(self):
        """The order is the order taken: a1 first is refused while 2a1 sits on it."""
        g = self.play(FREED)
        self.assertRefused(g, (REMOVE, 0, index("a1"), index("2a1")))
        self.assertRefused(g, (REMOVE, 0, index("a2"), index("2a1")))

    def test_square_formed_by_a_raise_counts(self):
        """Figure D: raise, complete a square, take back."""
        g = self.play(RAISE_SQUARE)
        self.assertEqual(g.phase, pyraos.P_MOVE)
        g.apply((RAISE, 0, index("d4"), index("2b2")))
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        self.assertEqual(g.turn, 0)
        self.assertEqual({m[0] for m in g.legal_moves()}, {REMOVE})
        # the square on level 2 is loose; level 1 carries it
        self.assertEqual(g.removable_mask(), mask("2a1", "2b1", "2a2", "2b2"))
        g.apply((REMOVE, 0, index("2b2"), index("2a2")))
        self.assertEqual(g.reserve, [8, 6])
        self.assertEqual(g.turn, 1)

    def test_square_on_level_three_counts(self):
        """A square is a square on any level: 3a1 3b1 3a2 3b2 all light."""
        tokens = LEVEL3_SQUARE.split()
        g = self.play(" ".join(tokens[:-1]))
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertEqual(g.marbles[0] & mask("3a1", "3b1", "3b2"), mask("3a1", "3b1", "3b2"))
        self.play(tokens[-1], game=g)
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        self.assertEqual(g.turn, 0)
        self.assertEqual(g.removable_mask(), g.marbles[0] & mask("3a1", "3b1", "3a2", "3b2"))
        self.assertEqual(g.placement_mask(), 0)  # the top waits for the take-back
        g.apply((REMOVE, 0, index("3a2"), index("3b2")))
        self.assertEqual(g.turn, 1)
        self.assertFalse(g.is_over())

    def test_several_squares_still_one_take_back(self):
        """Two squares completed at once earn one take-back of one or two."""
        g = self.play(DOUBLE)
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        for m in g.legal_moves():
            self.assertEqual(m[0], REMOVE)
        g.apply((REMOVE, 0, index("b2"), index("a1")))
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertEqual(g.reserve, [15 - 6 + 2, 15 - 5])
        self.assertRefused(g, (REMOVE, 0, index("c1"), -1))
        self.assertRefused(g, (REMOVE, 1, index("c1"), -1))

    def test_existing_square_is_not_made_again(self):
        """Only a square including the marble just moved counts."""
        g = self.play("a1 d4 b1 d3 d1 a4 a2 b4 b2")
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        g.apply((REMOVE, 0, index("d1"), -1))  # the square stays on the board
        self.play("c1 a3", game=g)
        self.assertEqual(g.marbles[0] & mask("a1", "b1", "a2", "b2"), mask("a1", "b1", "a2", "b2"))
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertEqual(g.turn, 1)

    def test_dark_square_is_dark_s_take_back(self):
        """The rule is the same for player 1."""
        g = self.play("a1 c3 b1 d3 a2 c4 d1 d4")
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        self.assertEqual(g.turn, 1)
        self.assertRefused(g, (REMOVE, 0, index("a1"), -1))
        g.apply((REMOVE, 1, index("d4"), -1))
        self.assertEqual(g.reserve, [11, 12])
        self.assertEqual(g.turn, 0)


class KidsTest(PyraosCase):
    def test_square_gives_nothing(self):
        """Kids: no square rule; the turn simply passes."""
        g = self.play(SQUARE, "kids")
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.reserve, [11, 12])
        self.assertEqual(g.removable_mask(), 0)
        self.assertFalse(REMOVE in self.kinds(g))
        self.assertRefused(g, (REMOVE, 0, index("b2"), -1))
        self.assertRefused(g, (REMOVE, 1, index("d4"), -1))

    def test_no_take_back_for_raise_squares_or_lines(self):
        """Kids: neither a raise square nor a line earns anything."""
        g = self.play(RAISE_SQUARE + " d4^2b2", "kids")
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertEqual(g.turn, 1)
        g = self.play("a1 a3 b1 b3 c1 c3 d1", "kids")
        self.assertEqual(g.phase, pyraos.P_MOVE)
        self.assertEqual(g.turn, 1)
        g = self.play(DOUBLE, "kids")
        self.assertEqual(g.phase, pyraos.P_MOVE)

    def test_raising_still_allowed(self):
        """Kids: raising is the way to save marbles."""
        g = self.play(MIXED, "kids")
        g.apply((RAISE, 0, index("c3"), index("2a1")))
        self.assertEqual(g.reserve, [12, 12])


class LinesTest(PyraosCase):
    def assertTakeBack(self, game, player):
        """The player just earned a take-back: only REMOVE moves, by them."""
        self.assertEqual(game.phase, pyraos.P_REMOVE)
        self.assertEqual(game.turn, player)
        self.assertEqual(self.kinds(game), {REMOVE})

    def assertNoTakeBack(self, game, next_player):
        """Nothing earned: the turn has passed."""
        self.assertEqual(game.phase, pyraos.P_MOVE)
        self.assertEqual(game.turn, next_player)
        self.assertFalse(REMOVE in self.kinds(game))

    def test_row_of_four_on_level_one(self):
        """Lines: a1 b1 c1 d1 of light earns a take-back."""
        self.assertTakeBack(self.play("a1 a3 b1 b3 c1 c3 d1", "lines"), 0)

    def test_column_of_four_on_level_one(self):
        """Lines: a1 a2 a3 a4 of light earns a take-back."""
        self.assertTakeBack(self.play("a1 c1 a2 c2 a3 c3 a4", "lines"), 0)

    def test_dark_row(self):
        """Lines: the same for dark (row 4, made with its last marble in the middle)."""
        g = self.play("a1 a4 b1 d4 a3 c4 c1 b4", "lines")
        self.assertTakeBack(g, 1)

    def test_row_of_three_on_level_two(self):
        """Lines: 2a1 2b1 2c1 of light earns a take-back."""
        self.assertTakeBack(self.play("a1 b1 c1 d1 b2 a2 d2 c2 2a1 a4 2b1 d4 2c1", "lines"), 0)

    def test_column_of_three_on_level_two(self):
        """Lines: 2a1 2a2 2a3 of light earns a take-back."""
        g = self.play("a1 b1 b2 a2 a3 b3 b4 a4 2a1 d1 2a2 d4 2a3", "lines")
        self.assertTakeBack(g, 0)

    def test_line_formed_by_a_raise(self):
        """Lines: a line completed by a raise counts (as a square does)."""
        base = "a1 b1 c1 d1 b2 a2 d2 c2 2a1 a4 2b1 d4 b3 c4"
        g = self.play(base, "lines")
        self.assertLegal(g, (RAISE, 0, index("b3"), index("2c1")))
        g.apply((RAISE, 0, index("b3"), index("2c1")))
        self.assertTakeBack(g, 0)
        g = self.play(base + " b3^2c1", "standard")
        self.assertNoTakeBack(g, 1)

    def test_lines_do_not_count_in_standard(self):
        """Standard: a line is nothing."""
        for script in (
            "a1 a3 b1 b3 c1 c3 d1",
            "a1 c1 a2 c2 a3 c3 a4",
            "a1 b1 c1 d1 b2 a2 d2 c2 2a1 a4 2b1 d4 2c1",
        ):
            with self.subTest(script=script):
                self.assertNoTakeBack(self.play(script, "standard"), 1)

    def test_diagonals_do_not_count(self):
        """Lines: "Een diagonaal vormt geen rechte lijn"."""
        self.assertNoTakeBack(self.play("a1 a4 b2 b4 c3 c4 d4", "lines"), 1)
        self.assertNoTakeBack(self.play("d1 a1 c2 b1 b3 c1 a4", "lines"), 1)

    def test_three_in_a_row_on_level_one_does_not_count(self):
        """Lines: level 1 needs four."""
        self.assertNoTakeBack(self.play("a1 a3 b1 b3 c1", "lines"), 1)
        self.assertNoTakeBack(self.play("b1 a3 c1 b3 d1", "lines"), 1)

    def test_mixed_line_does_not_count(self):
        """Lines: all four must be the mover's colour."""
        self.assertNoTakeBack(self.play("a1 b1 c1 a3 d1 b3 a2", "lines"), 1)
        g = self.play("a1 b1 c1 a3 d1", "lines")  # a1 b1(dark) c1 d1
        self.assertNoTakeBack(g, 1)

    def test_square_still_counts(self):
        """Lines: squares earn a take-back as in standard."""
        self.assertTakeBack(self.play(SQUARE, "lines"), 0)

    def test_square_and_line_at_once_one_take_back(self):
        """Lines: d1 completes row 1 and the square c1 d1 c2 d2: one take-back of 1-2."""
        g = self.play("a1 a3 b1 b3 c1 d4 c2 a4 d2 c4 d1", "lines")
        self.assertTakeBack(g, 0)
        g.apply((REMOVE, 0, index("d1"), index("a1")))
        self.assertNoTakeBack(g, 1)
        self.assertEqual(g.reserve, [15 - 6 + 2, 15 - 5])


class EndTest(PyraosCase):
    def assertOver(self, g, winner):
        """The game is over with this winner, and every move is refused."""
        self.assertTrue(g.is_over())
        o = g.outcome()
        self.assertIsNotNone(o)
        self.assertIsInstance(o, Outcome)
        self.assertEqual(o.winner, winner)
        self.assertIsInstance(o.reason, str)
        self.assertTrue(len(o.reason) > 0)
        self.assertEqual(tuple(g.to_move()), ())
        self.assertEqual(list(g.legal_moves()), [])
        self.assertEqual(g.legal_moves().count(), 0)
        self.assertFalse(bool(g.legal_moves()))
        self.assertEqual(g.placement_mask(), 0)
        self.assertEqual(g.raise_sources(), 0)
        self.assertEqual(g.removable_mask(), 0)
        for p in (0, 1):
            for i in range(30):
                self.assertRefused(g, (PLACE, p, i, -1))
            self.assertRefused(g, (REMOVE, p, index("a1"), -1))
            self.assertRefused(g, (RAISE, p, index("a1"), index("2a1")))

    def test_dark_places_the_top_and_wins(self):
        """Filling in reading order: dark's 15th marble is the 30th, on the top."""
        g = self.play(" ".join(ALL_NAMES[:29]))
        self.assertFalse(g.is_over())
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.reserve, [0, 1])
        self.assertEqual(g.placement_mask(), 1 << TOP)
        self.assertEqual(set(g.legal_moves()), {(PLACE, 1, TOP, -1)})
        g.apply((PLACE, 1, TOP, -1))
        self.assertEqual(g.reserve, [0, 0])
        self.assertEqual(g.owner(TOP), 1)
        self.assertOver(g, 1)

    def test_light_places_the_top_and_wins(self):
        """The player who places the top marble wins, here light after a raise."""
        g = self.play(LIGHT_TOP)
        self.assertEqual(g.owner(TOP), 0)
        self.assertOver(g, 0)

    def test_no_raise_to_the_top(self):
        """When the top is supported nothing can be raised to it (decisions table)."""
        tokens = LIGHT_TOP.split()
        g = self.play(" ".join(tokens[:-1]))
        self.assertEqual(g.placement_mask(), 1 << TOP)
        self.assertEqual(g.raise_sources(), 0)
        self.assertEqual(set(g.legal_moves()), {(PLACE, 0, TOP, -1)})

    def test_empty_reserve_at_turn_start_loses(self):
        """Light's turn begins with no marble in reserve: light loses, although a
        raise would be possible."""
        tokens = EMPTY_LOSS.split()
        g = self.play(" ".join(tokens[:-1]))
        # light's last marble went down; the game goes on with dark to move
        self.assertEqual(g.reserve[0], 0)
        self.assertEqual(g.turn, 1)
        self.assertFalse(g.is_over())
        self.assertIsNone(g.outcome())
        self.play(tokens[-1], game=g)
        self.assertEqual(g.reserve[0], 0)
        self.assertTrue(len(ref_raises(g.marbles, 0)) > 0, "fixture: light could raise")
        self.assertOver(g, 1)

    def test_empty_reserve_with_a_square_is_refilled(self):
        """A move that empties one's own reserve but completes a square is played
        out: the take-back refills the reserve and the game goes on."""
        tokens = REFILL.split()
        g = self.play(" ".join(tokens[:-1]))
        self.assertEqual(g.turn, 0)
        self.assertEqual(g.reserve[0], 1)
        self.play(tokens[-1], game=g)
        self.assertEqual(g.reserve[0], 0)
        self.assertFalse(g.is_over())
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        self.assertEqual(g.turn, 0)
        g.apply((REMOVE, 0, index(tokens[-1]), -1))
        self.assertEqual(g.reserve[0], 1)
        self.assertFalse(g.is_over())
        self.assertEqual(g.turn, 1)
        # dark moves; light's turn begins with one marble: no loss
        g.apply(next(iter(g.legal_moves())))
        if not g.is_over():
            self.assertEqual(g.turn, 0)
            self.assertTrue(bool(g.legal_moves()))

    def test_kids_empty_reserve_loses(self):
        """The same end in kids."""
        g = self.play(EMPTY_LOSS, "kids")
        self.assertOver(g, 1)


class RepetitionTest(PyraosCase):
    START = "a1 c3 b1 d3 a2 c4"
    CYCLE = " b2 -b2 d4 -d4"

    def test_third_occurrence_draws(self):
        """Both keep completing a square and taking the same marble back: the
        third time the same position starts a turn, the game is drawn."""
        g = self.play(self.START)
        key = snapshot(g)
        self.play(self.CYCLE, game=g)  # second occurrence
        self.assertFalse(g.is_over())
        self.assertEqual(snapshot(g)[1:5], key[1:5])
        self.play(self.CYCLE[:-4], game=g)  # up to dark's take-back
        self.assertFalse(g.is_over())
        g.apply((REMOVE, 1, index("d4"), -1))  # third occurrence
        self.assertTrue(g.is_over())
        o = g.outcome()
        self.assertIsNone(o.winner)
        self.assertTrue(len(o.reason) > 0)
        self.assertEqual(list(g.legal_moves()), [])
        self.assertRefused(g, (PLACE, 0, index("b2"), -1))

    def test_second_occurrence_is_not_a_draw(self):
        """Twice is not enough; a different move then avoids the draw."""
        g = self.play(self.START + self.CYCLE + " b2 -b2 d4 -c3")
        self.assertFalse(g.is_over())
        self.assertEqual(g.turn, 0)

    def test_positions_inside_a_turn_do_not_count(self):
        """Only positions at the start of a turn count: the take-back position
        (same player still to move) is not one of them."""
        g = self.play(self.START + self.CYCLE + " b2")
        # the marbles with b2 on the board have come up twice mid-turn; still playing
        self.assertFalse(g.is_over())
        self.assertEqual(g.phase, pyraos.P_REMOVE)


class IllegalMoveTest(PyraosCase):
    def test_malformed_moves_refused(self):
        """Anything that is not a (kind, player, a, b) tuple of ints in range is refused."""
        g = self.play(MIXED)
        bad = [
            None, "a1", 5, [PLACE, 0, 0, -1], (PLACE, 0, 0), (PLACE, 0, 0, -1, 0), (),
            (0, 0, 0, -1), (4, 0, 0, -1), (-1, 0, 0, -1),
            (PLACE, 2, index("c1"), -1), (PLACE, -1, index("c1"), -1),
            (PLACE, 0, 30, -1), (PLACE, 0, -1, -1), (PLACE, 0, 0, -2), (PLACE, 0, 0, 30),
            (RAISE, 0, index("c3"), 30), (REMOVE, 0, 99, -1),
            (True, 0, index("c1"), -1), (PLACE, False, index("c1"), -1),
            (PLACE, 0, True, -1), (PLACE, 0.0, index("c1"), -1), (PLACE, 0, 2.0, -1),
            (PLACE, 0, "c1", -1), (PLACE, 0, index("c1"), None), ("place", 0, 2, -1),
        ]  # fmt: skip
        for move in bad:
            with self.subTest(move=move):
                self.assertRefused(g, move)

    def test_illegal_in_every_phase_changes_nothing(self):
        """A refused move leaves marbles, reserves, turn, phase, history and outcome alone."""
        cases = [
            (
                "",
                [(PLACE, 0, index("2a1"), -1), (RAISE, 0, index("a1"), index("2a1")),
                 (REMOVE, 0, index("a1"), -1), (PLACE, 0, TOP, -1)],
            ),
            (
                TALL,
                [(PLACE, 0, index("a1"), -1), (PLACE, 0, index("3b1"), -1),
                 (RAISE, 0, index("d4"), index("d3")), (RAISE, 0, index("a1"), index("3a1")),
                 (REMOVE, 0, index("d4"), -1), (PLACE, 1, index("d3"), -1)],
            ),
            (
                FREED,
                [(REMOVE, 0, index("a1"), index("2a1")), (REMOVE, 0, index("b1"), -1),
                 (PLACE, 0, index("a3"), -1), (RAISE, 0, index("d4"), index("2c3")),
                 (REMOVE, 1, index("b1"), -1), (REMOVE, 0, index("c3"), index("c3"))],
            ),
        ]  # fmt: skip
        for script, moves in cases:
            g = self.play(script)
            for move in moves:
                with self.subTest(script=script[:12], move=move):
                    self.assertRefused(g, move)

    def test_why_illegal_is_none_for_legal_moves(self):
        """why_illegal answers None exactly for the listed moves (every tuple checked)."""
        for script in ("", MIXED, TALL, FREED, RAISE_SQUARE):
            with self.subTest(script=script[:12]):
                self.check_every_tuple(self.play(script))


class QuestionsTest(PyraosCase):
    def test_questions_agree_with_legal_moves(self):
        """The board's questions list the same moves as legal_moves(), in every phase."""
        scripts = [
            ("", "standard"), (MIXED, "standard"), (TALL, "standard"), (FREED, "standard"),
            (SQUARE, "standard"), (DOUBLE, "standard"), (RAISE_SQUARE, "standard"),
            (RAISE_SQUARE + " d4^2b2", "standard"), (SQUARE, "kids"), (TALL, "lines"),
            (" ".join(ALL_NAMES[:29]), "standard"), (LIGHT_TOP, "standard"),
        ]  # fmt: skip
        for script, variant in scripts:
            with self.subTest(script=script[:12], variant=variant):
                g = self.play(script, variant)
                moves = self.check_questions(g)
                self.assertEqual(set(moves), ref_moves(g))

    def test_every_tuple_in_the_take_back_phase(self):
        """why_illegal and `in` agree with the listed moves during a take-back
        and after the game is over."""
        g = self.play(SQUARE)
        self.check_every_tuple(g)
        self.check_every_tuple(self.play(LIGHT_TOP))

    def test_no_placement_without_a_reserve_marble(self):
        """A placement takes a marble "uit zijn voorraad": with none in reserve
        (a position set up by hand; play ends such a turn before it starts)
        why_illegal, `in legal_moves()` and apply must all refuse it, as
        placement_mask() and the listed moves already do."""
        g = self.play(MIXED)
        g.reserve = [0, 12]
        self.assertEqual(g.placement_mask(), 0)
        moves = self.check_questions(g)
        self.assertEqual({m[0] for m in moves}, {RAISE})  # c3 -> 2a1 remains
        self.assertRefused(g, (PLACE, 0, index("c1"), -1))
        self.assertRefused(g, (PLACE, 0, index("2a1"), -1))
        self.assertEqual(g.reserve, [0, 12])

    def test_owner(self):
        """owner() reports the colour of each position."""
        g = self.play(MIXED)
        for text, who in (("a1", 0), ("b1", 1), ("a2", 0), ("b2", 1), ("c3", 0), ("d4", 1)):
            self.assertEqual(g.owner(index(text)), who)
        self.assertIsNone(g.owner(index("c1")))
        self.assertIsNone(g.owner(index("2a1")))


class CopyTest(PyraosCase):
    def test_copy_is_independent(self):
        """Playing on or mutating a copy leaves the original as it was."""
        g = self.play(MIXED)
        before = snapshot(g)
        c = g.copy()
        self.assertEqual(snapshot(c), before)
        self.assertEqual(set(c.legal_moves()), set(g.legal_moves()))
        c.apply((RAISE, 0, index("c3"), index("2a1")))
        c.apply((PLACE, 1, index("d1"), -1))
        self.assertEqual(snapshot(g), before)
        c.marbles[0] = 0
        c.reserve[1] = 3
        c.history.append(12345)
        self.assertEqual(snapshot(g), before)
        g.apply((PLACE, 0, index("d1"), -1))
        self.assertEqual(c.marbles[0], 0)
        self.assertEqual(c.reserve[1], 3)

    def test_copy_keeps_phase_and_outcome(self):
        """A copy in the take-back phase, or of a finished game, behaves the same."""
        g = self.play(SQUARE)
        c = g.copy()
        self.assertEqual(set(c.legal_moves()), set(g.legal_moves()))
        c.apply((REMOVE, 0, index("b2"), -1))
        self.assertEqual(g.phase, pyraos.P_REMOVE)
        done = self.play(LIGHT_TOP)
        c = done.copy()
        self.assertTrue(c.is_over())
        self.assertEqual(c.outcome(), done.outcome())

    def test_copy_keeps_repetition_history(self):
        """The copy counts repetitions from the same history."""
        g = self.play(RepetitionTest.START + RepetitionTest.CYCLE + " b2 -b2 d4")
        c = g.copy()
        c.apply((REMOVE, 1, index("d4"), -1))
        self.assertTrue(c.is_over())
        self.assertFalse(g.is_over())


class RecordTest(PyraosCase):
    def test_to_json_forms(self):
        """records.md: place "b2", raise ["a1", "2b2"], remove ["c3"] or ["c3", "2a1"]."""
        self.assertEqual(to_json((PLACE, 0, index("b2"), -1)), {"p": 0, "place": "b2"})
        self.assertEqual(
            to_json((RAISE, 0, index("a1"), index("2b2"))), {"p": 0, "raise": ["a1", "2b2"]}
        )
        self.assertEqual(to_json((REMOVE, 1, index("c3"), -1)), {"p": 1, "remove": ["c3"]})
        self.assertEqual(
            to_json((REMOVE, 0, index("c3"), index("2a1"))), {"p": 0, "remove": ["c3", "2a1"]}
        )
        self.assertEqual(to_json((PLACE, 1, TOP, -1)), {"p": 1, "place": "4a1"})

    def test_round_trip_every_kind(self):
        """from_json(to_json(m)) == m for places, raises and removes, also through JSON text."""
        moves = []
        for p in (0, 1):
            for a in range(30):
                moves.append((PLACE, p, a, -1))
                moves.append((REMOVE, p, a, -1))
                for b in range(30):
                    if b != a:
                        moves.append((REMOVE, p, a, b))
                        moves.append((RAISE, p, a, b))
        for m in moves:
            obj = to_json(m)
            self.assertEqual(from_json(obj), m)
            self.assertEqual(from_json(json.loads(json.dumps(obj)), "lines"), m)
            for value in obj.values():
                if type(value) is str:
                    self.assertEqual(value, name(index(value)))  # short form

    def test_long_level_one_names_read(self):
        """Readers accept 1a1 for a1."""
        self.assertEqual(from_json({"p": 0, "place": "1b2"}), (PLACE, 0, index("b2"), -1))
        self.assertEqual(
            from_json({"p": 1, "raise": ["1a1", "2b2"]}), (RAISE, 1, index("a1"), index("2b2"))
        )
        self.assertEqual(
            from_json({"p": 0, "remove": ["1d4", "1a1"]}), (REMOVE, 0, index("d4"), index("a1"))
        )

    def test_malformed_objects_rejected(self):
        """Missing or bool p, extra or unknown keys, wrong lengths, bad names: ValueError."""
        bad = [
            None, [], "b2", 0, ["p", 0],
            {}, {"place": "b2"}, {"p": 0},
            {"p": True, "place": "b2"}, {"p": False, "place": "b2"}, {"p": "0", "place": "b2"},
            {"p": 0.0, "place": "b2"}, {"p": None, "place": "b2"}, {"p": [0], "place": "b2"},
            {"p": 0, "place": "b2", "raise": ["a1", "2a1"]},
            {"p": 0, "place": "b2", "x": 1}, {"p": 0, "put": "b2"}, {"p": 0, "Place": "b2"},
            {"p": 0, "place": "e1"}, {"p": 0, "place": "2d1"}, {"p": 0, "place": ""},
            {"p": 0, "place": "B2"}, {"p": 0, "place": 5}, {"p": 0, "place": ["b2"]},
            {"p": 0, "place": None},
            {"p": 0, "raise": ["a1"]}, {"p": 0, "raise": ["a1", "2a1", "3a1"]},
            {"p": 0, "raise": []}, {"p": 0, "raise": "a1"}, {"p": 0, "raise": {"a1": "2a1"}},
            {"p": 0, "raise": ["a1", "2d1"]}, {"p": 0, "raise": ["a1", 16]},
            {"p": 0, "remove": []}, {"p": 0, "remove": ["a1", "b1", "c1"]},
            {"p": 0, "remove": "a1"}, {"p": 0, "remove": ["a5"]}, {"p": 0, "remove": [None]},
            {"p": 0, "remove": ["a1", "3c1"]}, {"p": 0, "remove": None},
        ]  # fmt: skip
        for obj in bad:
            with self.subTest(obj=obj):
                self.assertRaises(ValueError, from_json, obj)

    def test_record_moves_play(self):
        """A game written as records replays to the same state."""
        g = self.play(FREED)
        h = Pyraos()
        for token in FREED.split():
            m = parse(h, token)
            h.apply(from_json(json.loads(json.dumps(to_json(m)))))
        self.assertEqual(snapshot(h), snapshot(g))


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


if __name__ == "__main__":
    unittest.main()
