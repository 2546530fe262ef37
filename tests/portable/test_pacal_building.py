"""Pacal: the building rule (docs/RULES.md "The building rule" and the
decisions on order and covering), reached through real deals and moves."""

import unittest

from pacal_support import (
    EXAMPLE0,
    EXAMPLE1,
    assert_refused,
    fits,
    oracle_fields,
    place_moves,
    position,
    start,
)
from tabletop.rules import pacal
from tabletop.rules.pacal import OFFER, PLACE, TAKE
from tabletop.rules.rng import Rng

ALL_FIELDS = list(range(1, 11))


class WorkedExampleTest(unittest.TestCase):
    """RULES.md: with 33 and 21 next to each other and both covering a card,
    a 26 has nowhere to go; a 17 between a built 18 and a built 16 may cover
    either of them (and nothing else, when no empty field fits)."""

    def example(self, turn11=None):
        if turn11 is None:
            return start(0, EXAMPLE0, EXAMPLE1, hold=((26, 17, 30), ()))
        b0, b1 = turn11
        return start(0, EXAMPLE0 + [b0], EXAMPLE1 + [b1])

    def test_position_is_the_books(self):
        g = self.example()
        self.assertEqual(g.pyramid(0), [48, 40, 33, 21, 18, 16, 12, 9, 0, 0])
        self.assertEqual(g.covered(0), [0, 0, 35, 23, 0, 0, 0, 0, 0, 0])
        self.assertEqual(g.phase, pacal.P_OFFER)
        self.assertEqual(g.to_move(), (0,))

    def test_26_has_no_field(self):
        g = self.example()
        self.assertEqual(g.field_mask(0, 26), 0)
        self.assertEqual(g.fields(0, 26), [])

    def test_26_fits_while_the_35_and_23_are_uncovered(self):
        # Two turns earlier (35 and 23 not yet covered by 33 and 21), the 26
        # could cover either: it is the covering that closes both fields.
        g = start(0, EXAMPLE0[:8], EXAMPLE1[:8])
        self.assertEqual(g.pyramid(0), [48, 40, 35, 23, 18, 16, 12, 9, 0, 0])
        self.assertEqual(g.fields(0, 26), [3, 4])

    def test_17_covers_the_18_or_the_16(self):
        g = self.example()
        self.assertEqual(g.fields(0, 17), [5, 6])
        self.assertEqual(g.field_mask(0, 17), (1 << 4) | (1 << 5))

    def test_17_received_offers_exactly_fields_5_and_6(self):
        g = self.example()
        g.apply((OFFER, 0, 17, 30))
        g.apply((TAKE, 1, 30, 0))
        self.assertEqual(g.pending, [17, 30])
        self.assertEqual(place_moves(g, 0), [5, 6])
        for f in (1, 2, 3, 4, 7, 8, 9, 10):
            with self.subTest(field=f):
                assert_refused(self, g, (PLACE, 0, 17, f))
        for f in (5, 6):
            h = g.copy()
            h.apply((PLACE, 0, 17, f))
            self.assertEqual(h.pyramid(0)[f - 1], 17)
            self.assertEqual(h.covered(0)[f - 1], 18 if f == 5 else 16)

    def test_covering_card_sets_the_new_visible_value(self):
        # Before: a 19 may cover the 18 (21 > 19 > 16). Once the 17 covers the
        # 18, field 5 is closed and shows 17, and the 19 has no field left.
        g = self.example()
        self.assertEqual(g.fields(0, 19), [5])
        g = self.example(((17, 5), (30, 6)))
        self.assertEqual(g.pyramid(0), [48, 40, 33, 21, 17, 16, 12, 9, 0, 0])
        self.assertEqual(g.covered(0), [0, 0, 35, 23, 18, 0, 0, 0, 0, 0])
        self.assertEqual(g.fields(0, 19), [])
        self.assertEqual(g.fields(0, 15), [6, 7])


class OrderTest(unittest.TestCase):
    """Visible cards fall strictly in reading order 1..10, one chain across
    rows; empty fields impose nothing."""

    def test_empty_pyramid_every_field_is_legal(self):
        g = pacal.Pacal()
        g.apply(pacal.deal_duel(Rng(5)))
        for p in (0, 1):
            for card in range(1, 51):
                self.assertEqual(g.field_mask(p, card), (1 << 10) - 1)
                self.assertEqual(g.fields(p, card), ALL_FIELDS)

    def test_field_3_is_above_field_4(self):
        # Field 4 starts the next row but still comes after field 3.
        g = position([(30, 3)], reserve=(35, 25))
        self.assertEqual(g.fields(0, 35), [1, 2, 3])  # 3: covering the 30
        self.assertEqual(g.fields(0, 25), [3, 4, 5, 6, 7, 8, 9, 10])

    def test_higher_card_refused_below_lower_rows(self):
        # 31 on field 2, 30 on field 3: a 35 may not go on field 4 or 7.
        g = position([(30, 3), (31, 2)], hold0=(35, 29))
        self.assertEqual(g.to_move(), (0,))
        g.apply((OFFER, 0, 29, 35))
        g.apply((TAKE, 1, 29, 0))
        self.assertEqual(g.pending[0], 35)
        assert_refused(self, g, (PLACE, 0, 35, 4))
        assert_refused(self, g, (PLACE, 0, 35, 7))
        assert_refused(self, g, (PLACE, 0, 35, 3))  # would sit after the 31
        self.assertEqual(place_moves(g, 0), [1, 2])  # 2: covering the 31

    def test_lower_card_refused_above(self):
        g = position([(30, 5)])
        # Nothing else is built, so the 30 itself may be covered by anything.
        self.assertEqual(g.fields(0, 40), [1, 2, 3, 4, 5])
        self.assertEqual(g.fields(0, 20), [5, 6, 7, 8, 9, 10])

    def test_within_a_row_the_right_card_is_lower(self):
        g = position([(20, 8)])
        self.assertEqual(g.fields(0, 25), [1, 2, 3, 4, 5, 6, 7, 8])
        self.assertEqual(g.fields(0, 15), [8, 9, 10])

    def test_empty_fields_impose_nothing(self):
        # 42 covering 40 on field 1, 8 covering 10 on field 10: both ends are
        # closed, and every empty field between them takes any card between.
        g = position([(40, 1), (10, 10), (42, 1), (8, 10)])
        self.assertEqual(g.pyramid(0), [42, 0, 0, 0, 0, 0, 0, 0, 0, 8])
        for card in (41, 25, 9):
            self.assertEqual(g.fields(0, card), [2, 3, 4, 5, 6, 7, 8, 9])
        for card in (45, 5):
            self.assertEqual(g.fields(0, card), [])
        # With the ends open, the 40 and the 10 may be covered too.
        g = position([(40, 1), (10, 10)])
        self.assertEqual(g.fields(0, 25), ALL_FIELDS)
        self.assertEqual(g.fields(0, 45), [1])
        self.assertEqual(g.fields(0, 5), [10])

    def test_no_look_ahead(self):
        # A 49 on field 2 leaves only the 50 for field 1, a 2 on field 9 only
        # the 1 for field 10: both are legal, nobody looks ahead.
        g = position([(49, 2), (2, 9)], reserve=(50, 1))
        self.assertEqual(g.pyramid(0)[1], 49)
        self.assertEqual(g.pyramid(0)[8], 2)
        self.assertEqual(g.fields(0, 50), [1, 2])
        self.assertEqual(g.fields(0, 1), [9, 10])
        self.assertEqual(g.fields(0, 30), [2, 3, 4, 5, 6, 7, 8, 9])

    def test_players_pyramids_are_separate(self):
        g = position([(40, 1), (30, 2)])
        # Player 1 built the filler 50, 49 on fields 1, 2.
        self.assertEqual(g.pyramid(1)[:3], [50, 49, 0])
        self.assertEqual(g.fields(1, 35), [2, 3, 4, 5, 6, 7, 8, 9, 10])
        self.assertEqual(g.fields(0, 35), [1, 2])
        self.assertEqual(g.fields(1, 45), [2, 3, 4, 5, 6, 7, 8, 9, 10])
        self.assertEqual(g.fields(0, 45), [1])


class CoveringTest(unittest.TestCase):
    """A card may cover a built field when it fits between both neighbours;
    a covered field is closed."""

    def test_cover_respects_both_neighbours(self):
        g = position([(40, 1), (30, 2), (20, 3)])
        self.assertEqual(g.fields(0, 35), [1, 2])  # 1: 35 > 30; 2: 40 > 35 > 20
        self.assertEqual(g.fields(0, 25), [2, 3])  # 2: 40 > 25 > 20; 3: 30 > 25
        self.assertEqual(g.fields(0, 45), [1])
        self.assertEqual(g.fields(0, 15), [3, 4, 5, 6, 7, 8, 9, 10])

    def test_refused_cover_that_breaks_a_neighbour(self):
        g = position([(40, 1), (30, 2), (20, 3), (10, 10)], hold0=(25, 5))
        g.apply((OFFER, 0, 5, 25))
        g.apply((TAKE, 1, 5, 0))
        self.assertEqual(g.pending[0], 25)
        assert_refused(self, g, (PLACE, 0, 25, 1))  # the 30 after it is higher
        assert_refused(self, g, (PLACE, 0, 25, 4))  # the 20 before it is lower
        assert_refused(self, g, (PLACE, 0, 25, 10))  # covering the 10: the 20 is lower
        self.assertEqual(place_moves(g, 0), [2, 3])
        g.apply((PLACE, 0, 25, 2))
        self.assertEqual(g.pyramid(0), [40, 25, 20, 0, 0, 0, 0, 0, 0, 10])
        self.assertEqual(g.covered(0), [0, 30, 0, 0, 0, 0, 0, 0, 0, 0])

    def test_covered_field_takes_nothing_more(self):
        # 40 on field 1, then a 45 covers it: a 46 or 47 now fits nowhere.
        g = position([(40, 1), (45, 1), (30, 3)])
        self.assertEqual(g.pyramid(0)[0], 45)
        self.assertEqual(g.covered(0)[0], 40)
        self.assertEqual(g.fields(0, 47), [])
        self.assertEqual(g.fields(0, 46), [])
        self.assertEqual(g.fields(0, 44), [2, 3])  # not field 1
        self.assertEqual(g.fields(0, 42), [2, 3])

    def test_covered_field_refused_as_a_move(self):
        # Player 0 receives a 42: field 1 (covered) is refused.
        g = position([(40, 1), (45, 1), (30, 3), (20, 4)], hold0=(42, 44))
        self.assertEqual(g.to_move(), (0,))
        g.apply((OFFER, 0, 42, 44))
        g.apply((TAKE, 1, 44, 0))
        self.assertEqual(g.pending[0], 42)
        assert_refused(self, g, (PLACE, 0, 42, 1))
        self.assertEqual(place_moves(g, 0), [2, 3])
        # A 46 would fit field 1 but for the cover: it fits nowhere.
        g = position([(40, 1), (45, 1), (30, 3), (20, 4)], hold0=(46, 44))
        g.apply((OFFER, 0, 46, 44))
        g.apply((TAKE, 1, 44, 0))
        self.assertEqual(g.rounds(), [1])

    def test_building_on_an_empty_field_is_not_covering(self):
        g = position([(40, 1)])
        self.assertEqual(g.covered(0), [0] * 10)
        self.assertEqual(g.fields(0, 45), [1])  # the 40 may still be covered


class MaskAgreesTest(unittest.TestCase):
    """field_mask, fields, the oracle and the legal PLACE moves agree."""

    def test_mask_fields_and_oracle_on_played_positions(self):
        rng = Rng(11)
        checked = 0
        for _ in range(3):
            g = pacal.Pacal()
            g.apply(pacal.deal_duel(rng))
            while g.phase != pacal.P_DEAL and not g.is_over():
                for p in (0, 1):
                    card = 1 + rng.below(50)
                    mask = g.field_mask(p, card)
                    fs = g.fields(p, card)
                    self.assertEqual(fs, [f for f in ALL_FIELDS if mask >> (f - 1) & 1])
                    self.assertEqual(fs, oracle_fields(g, p, card))
                    checked += 1
                if g.phase == pacal.P_BUILD:
                    for p in (0, 1):
                        card = g.pending[p]
                        if card:
                            self.assertEqual(place_moves(g, p), g.fields(p, card))
                moves = list(g.legal_moves())
                g.apply(moves[rng.below(len(moves))])
        self.assertGreaterEqual(checked, 20)

    def test_oracle_sanity(self):
        top = [48, 40, 33, 21, 18, 16, 12, 9, 0, 0]
        under = [0, 0, 35, 23, 0, 0, 0, 0, 0, 0]
        self.assertEqual([f for f in ALL_FIELDS if fits(top, under, 17, f)], [5, 6])
        self.assertEqual([f for f in ALL_FIELDS if fits(top, under, 26, f)], [])


if __name__ == "__main__":
    unittest.main()
