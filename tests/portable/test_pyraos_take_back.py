"""Pyraos: take-backs after a square (or a line, in the lines variant), none in
kids (docs/RULES.md, "A turn", "Variants" and the decisions table). Scripts
and positions: pyraos_support.
"""

from pyraos_support import (
    DOUBLE,
    FREED,
    LEVEL3_SQUARE,
    MIXED,
    RAISE_SQUARE,
    SQUARE,
    PyraosCase,
    mask,
)
from tabletop.rules import pyraos
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE
from tabletop.rules.pyraos_geometry import position_index as index


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
