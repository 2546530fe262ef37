"""Pyraos: how a game ends: the top, an empty reserve, a third repetition
(docs/RULES.md, "End"). Scripts and positions: pyraos_support.
"""

from pyraos_support import (
    EMPTY_LOSS,
    LIGHT_TOP,
    REFILL,
    REPEAT_CYCLE,
    REPEAT_START,
    PyraosCase,
    ref_raises,
    snapshot,
)
from tabletop.rules import pyraos
from tabletop.rules.common import Outcome
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE
from tabletop.rules.pyraos_geometry import TOP
from tabletop.rules.pyraos_geometry import position_index as index
from test_pyraos_geometry import ALL_NAMES


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
    START = REPEAT_START
    CYCLE = REPEAT_CYCLE

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
