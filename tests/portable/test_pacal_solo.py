"""Pacal solo (docs/RULES.md "Solo" and its decisions): build the top card of
the pile at once; won when all ten fields hold a card, lost when the top card
fits nowhere; the score is the number of cards built."""

import unittest

from pacal_support import assert_refused, oracle_fields, place_moves, snapshot, solo_deal
from tabletop.rules import pacal
from tabletop.rules.pacal import DEAL, KEEP, OFFER, PLACE, TAKE
from tabletop.rules.rng import Rng


def solo(top, **options):
    g = pacal.Pacal(pacal.SOLO, **options)
    deal = solo_deal(top)
    g.apply(deal)
    return g, deal


def build(g, fields):
    """Build the top card on each of ``fields`` in turn."""
    for f in fields:
        g.apply((PLACE, 0, g.top_card(), f))


class SoloDealTest(unittest.TestCase):
    def test_deal_turns_the_top_card(self):
        g, deal = solo([30, 20])
        self.assertEqual(deal[2][:2], (30, 20))
        self.assertEqual(g.top_card(), 30)
        self.assertEqual(g.to_move(), (0,))
        self.assertEqual(g.pending[0], 30)
        self.assertEqual(g.cards_used(), 0)
        self.assertIsNone(g.outcome())
        self.assertFalse(g.is_over())
        self.assertEqual(sorted(g.legal_moves()), [(PLACE, 0, 30, f) for f in range(1, 11)])
        for c in deal[3]:
            self.assertEqual(g.loc[c], pacal.L_ASIDE)
        for c in deal[2][1:]:
            self.assertEqual(g.loc[c], pacal.L_PILE)

    def test_deal_solo_is_valid_and_reproducible(self):
        for seed in range(10):
            deal = pacal.deal_solo(Rng(seed))
            self.assertEqual(deal, pacal.deal_solo(Rng(seed)))
            kind, first, pile, aside = deal
            self.assertEqual((kind, first, len(pile), len(aside)), (DEAL, 0, 40, 10))
            self.assertEqual(sorted(pile + aside), list(range(1, 51)))
            g = pacal.Pacal(pacal.SOLO)
            g.apply(deal)
            self.assertEqual(g.top_card(), pile[0])

    def test_bad_solo_deals_refused(self):
        _, _, pile, aside = solo_deal([])
        duel = (DEAL, 0, (pile[:15], pile[15:30]), pile[30:] + aside)
        bad = [
            ("pile of 39", (DEAL, 0, pile[:39], aside + pile[39:])),
            ("pile of 41", (DEAL, 0, pile + aside[:1], aside[1:])),
            ("card twice", (DEAL, 0, pile[:39] + pile[:1], aside)),
            ("card 0", (DEAL, 0, (0,) + pile[1:], aside)),
            ("card 51", (DEAL, 0, pile, aside[:9] + (51,))),
            ("bool card", (DEAL, 0, pile, aside[:9] + (True,))),
            ("first 1", (DEAL, 1, pile, aside)),
            ("duel deal", duel),
            ("no aside", (DEAL, 0, pile + aside, ())),
        ]
        g = pacal.Pacal(pacal.SOLO)
        for why, deal in bad:
            with self.subTest(why=why):
                assert_refused(self, g, deal)

    def test_moves_before_the_deal_refused(self):
        g = pacal.Pacal(pacal.SOLO)
        self.assertEqual(g.top_card(), 0)
        assert_refused(self, g, (PLACE, 0, 1, 1))


class SoloPlayTest(unittest.TestCase):
    def test_only_the_top_card_by_player_0(self):
        g, _ = solo([30, 20])
        for move in (
            (PLACE, 0, 20, 1),  # the next card, not the top one
            (PLACE, 1, 30, 1),  # there is no player 1
            (PLACE, 0, 30, 0),
            (PLACE, 0, 30, 11),
            (KEEP, 0, 30, 0),  # no keeping in solo
            (OFFER, 0, 30, 20),
            (TAKE, 0, 30, 0),
        ):
            with self.subTest(move=move):
                assert_refused(self, g, move)
        g.apply((PLACE, 0, 30, 5))
        self.assertEqual(g.top_card(), 20)
        self.assertEqual(g.cards_used(), 1)
        self.assertEqual(g.pyramid(0), [0, 0, 0, 0, 30, 0, 0, 0, 0, 0])
        self.assertEqual(place_moves(g, 0), [5, 6, 7, 8, 9, 10])
        self.assertEqual(g.loc[30], pacal.L_PYRAMID)

    def test_won_with_ten_cards(self):
        top = [50, 45, 40, 35, 30, 25, 20, 15, 10, 5]
        g, _ = solo(top)
        for i in range(10):
            self.assertIsNone(g.outcome())
            self.assertEqual(g.top_card(), top[i])
            g.apply((PLACE, 0, top[i], i + 1))
            self.assertEqual(g.cards_used(), i + 1)
        self.assertTrue(g.is_over())
        self.assertEqual(g.outcome().winner, 0)
        self.assertEqual(g.cards_used(), 10)
        self.assertEqual(g.pyramid(0), top)
        self.assertEqual(g.top_card(), 0)
        self.assertEqual(list(g.legal_moves()), [])
        self.assertEqual(g.to_move(), ())
        assert_refused(self, g, (PLACE, 0, 45, 10))
        assert_refused(self, g, solo_deal([1]))

    def test_won_with_covers_counts_every_card_built(self):
        # 40, covered by 45; 30, covered by 35; then 28 .. 14 on fields 3..10.
        top = [40, 45, 30, 35, 28, 26, 24, 22, 20, 18, 16, 14]
        g, _ = solo(top)
        build(g, [1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9])
        self.assertIsNone(g.outcome())
        self.assertEqual(g.filled(0), 9)
        build(g, [10])
        self.assertEqual(g.outcome().winner, 0)
        self.assertEqual(g.cards_used(), 12)
        self.assertEqual(g.covered(0)[:2], [40, 30])

    def test_won_the_moment_every_field_holds_a_card(self):
        # Complete as soon as every field holds a card, whichever field comes
        # last (here field 9, between the 15 and the 5).
        g, _ = solo([10, 5])
        build(g, [9])
        self.assertIsNone(g.outcome())
        g, _ = solo([50, 45, 40, 35, 30, 25, 20, 15, 5, 10])
        build(g, [1, 2, 3, 4, 5, 6, 7, 8, 10, 9])
        self.assertEqual(g.outcome().winner, 0)
        self.assertEqual(g.cards_used(), 10)

    def test_lost_when_the_top_card_fits_nowhere(self):
        # 40 on field 1, covered by 41: the 45 that follows fits nowhere.
        g, _ = solo([40, 41, 45, 30])
        build(g, [1])
        self.assertFalse(g.is_over())
        g.apply((PLACE, 0, 41, 1))
        self.assertTrue(g.is_over())
        self.assertIsNone(g.outcome().winner)
        self.assertEqual(g.cards_used(), 2)  # the failing 45 is not counted
        self.assertEqual(g.pyramid(0), [41, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        self.assertEqual(g.covered(0), [40, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        self.assertEqual(list(g.legal_moves()), [])
        for f in range(1, 11):
            assert_refused(self, g, (PLACE, 0, 45, f))
        assert_refused(self, g, (PLACE, 0, 30, 2))
        assert_refused(self, g, solo_deal([1]))

    def test_covering_allowed_by_default(self):
        g, _ = solo([40, 45])
        build(g, [1])
        self.assertEqual(place_moves(g, 0), [1])
        build(g, [1])
        self.assertEqual(g.pyramid(0)[0], 45)
        self.assertEqual(g.covered(0)[0], 40)

    def test_no_cover_option_card_that_only_fits_by_covering_loses(self):
        g, _ = solo([40, 45], solo_cover=False)
        self.assertFalse(g.is_over())
        build(g, [1])
        self.assertTrue(g.is_over())
        self.assertIsNone(g.outcome().winner)
        self.assertEqual(g.cards_used(), 1)

    def test_no_cover_option_leaves_only_empty_fields(self):
        for cover, expect in ((True, [1, 2, 3]), (False, [2])):
            with self.subTest(cover=cover):
                g, _ = solo([40, 30, 35], solo_cover=cover)
                build(g, [1, 3])
                self.assertEqual(g.fields(0, 35), expect)
                self.assertEqual(place_moves(g, 0), expect)
                if not cover:
                    assert_refused(self, g, (PLACE, 0, 35, 3))
                    self.assertEqual(oracle_fields(g, 0, 35, cover=False), [2])

    def test_no_cover_option_does_not_touch_the_duel(self):
        g = pacal.Pacal(pacal.DUEL, solo_cover=False)
        g.apply((DEAL, 0, (tuple(range(1, 16)), tuple(range(16, 31))), tuple(range(31, 51))))
        for e in ((OFFER, 0, 10, 11), (TAKE, 1, 11, 0), (PLACE, 0, 10, 5), (PLACE, 1, 11, 5)):
            g.apply(e)
        self.assertEqual(g.fields(0, 12), [1, 2, 3, 4, 5])  # 5: covering the 10

    def test_refused_solo_move_changes_nothing(self):
        g, _ = solo([40, 41, 45])
        build(g, [1])
        before = snapshot(g)
        for f in (2, 3):
            assert_refused(self, g, (PLACE, 0, 41, f))  # 41 may not follow the 40
        self.assertEqual(snapshot(g), before)


class SoloRandomTest(unittest.TestCase):
    """Random solo games: the pile never runs out (at most 19 cards built),
    and the game ends exactly when the rules say."""

    def play(self, seed, cover):
        rng = Rng(seed)
        g = pacal.Pacal(pacal.SOLO, solo_cover=cover)
        deal = pacal.deal_solo(rng)
        g.apply(deal)
        pile = deal[2]
        while not g.is_over():
            card = g.top_card()
            self.assertEqual(card, pile[g.cards_used()])
            fields = place_moves(g, 0)
            self.assertEqual(fields, oracle_fields(g, 0, card, cover))
            self.assertTrue(len(fields) > 0)
            if rng.below(4):  # mostly the field nearest the card's natural place
                natural = 10 - (card - 1) // 5
                pick = fields[0]
                for f in fields:
                    if abs(f - natural) < abs(pick - natural):
                        pick = f
            else:
                pick = fields[rng.below(len(fields))]
            g.apply((PLACE, 0, card, pick))
        used = g.cards_used()
        self.assertLessEqual(used, 19)
        if g.outcome().winner == 0:
            self.assertEqual(g.filled(0), 10)
            self.assertGreaterEqual(used, 10)
        else:
            self.assertIsNone(g.outcome().winner)
            self.assertTrue(g.filled(0) < 10)
            self.assertEqual(oracle_fields(g, 0, pile[used], cover), [])
        built = [c for c in g.pyramid(0) + g.covered(0) if c]
        self.assertEqual(sorted(built), sorted(pile[:used]))
        return g

    def test_random_games_with_covering(self):
        wins = 0
        most = 0
        for seed in range(120):
            g = self.play(seed, True)
            if g.outcome().winner == 0:
                wins += 1
            most = max(most, g.cards_used())
        self.assertGreaterEqual(wins, 1)  # both endings are exercised
        self.assertTrue(wins < 120)
        self.assertGreaterEqual(most, 11)

    def test_random_games_without_covering(self):
        for seed in range(60):
            g = self.play(seed, False)
            self.assertLessEqual(g.cards_used(), 10)
            self.assertEqual(g.covered(0), [0] * 10)


if __name__ == "__main__":
    unittest.main()
