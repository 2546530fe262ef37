"""Pyraos: illegal moves change nothing, the questions the board asks
(placement_mask, raise_targets, ...) agree with legal_moves(), copies are
independent. Scripts and positions: pyraos_support.
"""

from pyraos_support import (
    DOUBLE,
    FREED,
    LIGHT_TOP,
    MIXED,
    RAISE_SQUARE,
    REPEAT_CYCLE,
    REPEAT_START,
    SQUARE,
    TALL,
    PyraosCase,
    ref_moves,
    snapshot,
)
from tabletop.rules import pyraos
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE
from tabletop.rules.pyraos_geometry import TOP
from tabletop.rules.pyraos_geometry import position_index as index
from test_pyraos_geometry import ALL_NAMES


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
        g = self.play(REPEAT_START + REPEAT_CYCLE + " b2 -b2 d4")
        c = g.copy()
        c.apply((REMOVE, 1, index("d4"), -1))
        self.assertTrue(c.is_over())
        self.assertFalse(g.is_over())
