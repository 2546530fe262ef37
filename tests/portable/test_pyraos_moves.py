"""Pyraos: the start, turns, placing a marble and raising one (docs/RULES.md,
"A turn"). Scripts and positions: pyraos_support.
"""

from pyraos_support import (
    MIXED,
    RAISE_SQUARE,
    TALL,
    PyraosCase,
    mask,
    parse,
)
from tabletop.rules import pyraos
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import TOP
from tabletop.rules.pyraos_geometry import position_index as index
from test_pyraos_geometry import ALL_NAMES


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
