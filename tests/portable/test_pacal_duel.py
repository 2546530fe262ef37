"""Pacal duel: the deal and a turn (offer, take, two builds) (docs/RULES.md
"A duel round"; docs/RECORDS.md, Pacal). A player who cannot build:
test_pacal_round_end.py; illegal events: test_pacal_refusals.py."""

import unittest

from pacal_support import (
    PLAN_A0,
    PLAN_A1,
    assert_refused,
    dealt,
    offerer,
    plain_deal,
    plan_round,
    play,
    snapshot,
    start,
)
from tabletop.rules import pacal
from tabletop.rules.pacal import DEAL, KEEP, OFFER, PLACE, TAKE
from tabletop.rules.rng import Rng


def with_card(cards, i, value):
    cards = list(cards)
    cards[i] = value
    return tuple(cards)


def bad_deals():
    """(why, deal) pairs that a duel must refuse."""
    _, _, (h0, h1), aside = plain_deal()
    return [
        ("card dealt twice", (DEAL, 0, (with_card(h0, 14, 16), h1), aside)),
        ("card 0", (DEAL, 0, (with_card(h0, 0, 0), h1), aside)),
        ("card 51", (DEAL, 0, (h0, h1), with_card(aside, 19, 51))),
        ("negative card", (DEAL, 0, (with_card(h0, 0, -1), h1), aside)),
        ("bool card", (DEAL, 0, (with_card(h0, 0, True), h1), aside)),
        ("string card", (DEAL, 0, (with_card(h0, 0, "1"), h1), aside)),
        ("float card", (DEAL, 0, (with_card(h0, 0, 1.0), h1), aside)),
        ("hand of 14, aside 21", (DEAL, 0, (h0[:14], h1), aside + (15,))),
        ("hands of 16 and 14", (DEAL, 0, (h0 + (16,), h1[1:]), aside)),
        ("aside of 19", (DEAL, 0, (h0, h1), aside[:19])),
        ("aside of 21 with a 51", (DEAL, 0, (h0, h1), aside + (51,))),
        ("49 cards", (DEAL, 0, (h0[:14], h1), aside)),
        ("first 2", (DEAL, 2, (h0, h1), aside)),
        ("first -1", (DEAL, -1, (h0, h1), aside)),
        ("first True", (DEAL, True, (h0, h1), aside)),
        ("first None", (DEAL, None, (h0, h1), aside)),
        ("three hands", (DEAL, 0, (h0[:10], h1[:10], h0[10:] + h1[10:]), aside)),
        ("one hand", (DEAL, 0, (h0 + h1,), aside)),
        ("hands not a pair", (DEAL, 0, h0 + h1, aside)),
        ("solo deal", (DEAL, 0, h0 + h1 + aside[:10], aside[10:])),
        ("nested card", (DEAL, 0, (h0, h1), aside[:19] + ((50,),))),
    ]


class DealTest(unittest.TestCase):
    """A deal: 50 distinct cards 1..50, two hands of 15, 20 aside, first 0|1."""

    def test_deal_starts_a_round(self):
        g = dealt(1)
        self.assertEqual(g.phase, pacal.P_OFFER)
        self.assertEqual(g.hand(0), list(range(1, 16)))
        self.assertEqual(g.hand(1), list(range(16, 31)))
        for c in range(31, 51):
            self.assertEqual(g.loc[c], pacal.L_ASIDE)
        for p in (0, 1):
            self.assertEqual(g.pyramid(p), [0] * 10)
            self.assertEqual(g.covered(p), [0] * 10)
        self.assertEqual(g.to_move(), (1,))
        self.assertEqual(g.rounds(), [])
        self.assertIsNone(g.outcome())
        self.assertFalse(g.is_over())

    def test_first_offers_first(self):
        for first in (0, 1):
            with self.subTest(first=first):
                g = dealt(first)
                self.assertEqual(g.to_move(), (first,))
                own = g.hand(first)
                other = g.hand(1 - first)
                assert_refused(self, g, (OFFER, 1 - first, other[0], other[1]))
                for m in g.legal_moves():
                    self.assertEqual(m[:2], (OFFER, first))
                g.apply((OFFER, first, own[0], own[1]))

    def test_first_is_taken_as_dealt(self):
        # Our own deals derive first from the top base cards (aside[0] for
        # player 0, aside[10] for player 1), but a reader accepts any first.
        _, _, hands, aside = plain_deal()
        self.assertTrue(aside[0] < aside[10])  # player 1 would offer first
        g = pacal.Pacal()
        g.apply((DEAL, 0, hands, aside))
        self.assertEqual(g.to_move(), (0,))

    def test_deal_duel_is_valid_and_reproducible(self):
        for seed in range(20):
            deal = pacal.deal_duel(Rng(seed))
            self.assertEqual(deal, pacal.deal_duel(Rng(seed)))
            kind, first, hands, aside = deal
            self.assertEqual(kind, DEAL)
            self.assertEqual((len(hands[0]), len(hands[1]), len(aside)), (15, 15, 20))
            self.assertEqual(sorted(hands[0] + hands[1] + aside), list(range(1, 51)))
            # The higher top card of the two bases offers first.
            self.assertEqual(first, 0 if aside[0] > aside[10] else 1)
            g = pacal.Pacal()
            self.assertIsNone(g.why_illegal(deal))
            g.apply(deal)
            self.assertEqual(g.to_move(), (first,))
        self.assertNotEqual(pacal.deal_duel(Rng(1)), pacal.deal_duel(Rng(2)))

    def test_bad_deals_refused_and_nothing_changes(self):
        fresh = pacal.Pacal()
        between = start(0, [(30, 5), (20, 6), (10, None)], [(43, 1), (44, 1), (47, None)])
        self.assertEqual(between.phase, pacal.P_DEAL)
        for g in (fresh, between):
            for why, deal in bad_deals():
                with self.subTest(why=why, results=g.rounds()):
                    assert_refused(self, g, deal)
        # Both still take a good deal.
        fresh.apply(plain_deal())
        between.apply(plain_deal(1))
        self.assertEqual(between.to_move(), (1,))

    def test_no_deal_during_a_round(self):
        g = dealt()
        for _ in range(3):
            assert_refused(self, g, plain_deal())
            g.apply(next(iter(g.legal_moves())))

    def test_moves_before_a_deal_refused(self):
        g = pacal.Pacal()
        self.assertEqual(g.to_move(), ())
        self.assertFalse(bool(g.legal_moves()))
        self.assertEqual(g.legal_moves().count(), 0)
        for move in ((OFFER, 0, 1, 2), (TAKE, 1, 1, 0), (PLACE, 0, 1, 1), (KEEP, 0, 1, 0)):
            assert_refused(self, g, move)

    def test_unknown_variant_and_option(self):
        self.assertRaises(ValueError, pacal.Pacal, "trio")
        self.assertRaises(ValueError, pacal.Pacal, pacal.DUEL, "middle")


class TurnTest(unittest.TestCase):
    """The offerer lays two cards of their own hand; the other player takes
    one and builds it; the offerer builds the other; offers alternate."""

    def test_offers_are_pairs_of_own_different_cards(self):
        g = dealt()
        moves = list(g.legal_moves())
        self.assertEqual(len(moves), 15 * 14)
        expect = []
        for a in range(1, 16):
            for b in range(1, 16):
                if a != b:
                    expect.append((OFFER, 0, a, b))
        self.assertEqual(sorted(moves), expect)
        for move in (
            (OFFER, 0, 3, 3),  # the same card twice
            (OFFER, 0, 3, 16),  # the opponent's card
            (OFFER, 0, 16, 17),
            (OFFER, 0, 3, 31),  # a card set aside
            (OFFER, 0, 3, 0),
            (OFFER, 0, 3, 51),
            (OFFER, 0, -3, 3),
            (OFFER, 1, 16, 17),  # not player 1's turn
            (OFFER, 2, 3, 4),
            (OFFER, -1, 3, 4),
        ):
            with self.subTest(move=move):
                assert_refused(self, g, move)

    def test_offer_in_either_order_is_the_same_offer(self):
        a = dealt()
        b = dealt()
        a.apply((OFFER, 0, 4, 9))
        b.apply((OFFER, 0, 9, 4))
        for g in (a, b):
            takes = sorted(m for m in g.legal_moves())
            self.assertEqual(takes, [(TAKE, 1, 4, 0), (TAKE, 1, 9, 0)])
            g.apply((TAKE, 1, 9, 0))
        self.assertEqual(snapshot(a)[:8], snapshot(b)[:8])
        self.assertEqual(a.pending, [4, 9])

    def test_offered_cards_leave_the_hand(self):
        g = dealt()
        g.apply((OFFER, 0, 4, 9))
        self.assertEqual(g.phase, pacal.P_TAKE)
        self.assertEqual(g.to_move(), (1,))
        self.assertEqual(len(g.hand(0)), 13)
        self.assertEqual(g.loc[4], pacal.L_OFFERED)
        self.assertEqual(g.loc[9], pacal.L_OFFERED)
        assert_refused(self, g, (OFFER, 0, 5, 6))  # one offer at a time
        assert_refused(self, g, (OFFER, 1, 16, 17))
        assert_refused(self, g, (PLACE, 1, 4, 1))  # nothing taken yet

    def test_take_only_an_offered_card_only_by_the_other_player(self):
        g = dealt()
        g.apply((OFFER, 0, 4, 9))
        for move in (
            (TAKE, 0, 4, 0),  # the offerer may not take
            (TAKE, 0, 9, 0),
            (TAKE, 1, 5, 0),  # still in the offerer's hand
            (TAKE, 1, 16, 0),  # the taker's own card
            (TAKE, 1, 31, 0),  # aside
            (TAKE, 1, 0, 0),
            (TAKE, 1, 51, 0),
            (TAKE, 2, 4, 0),
        ):
            with self.subTest(move=move):
                assert_refused(self, g, move)

    def test_taker_builds_the_taken_card_offerer_the_other(self):
        for first in (0, 1):
            with self.subTest(first=first):
                g = dealt(first)
                a, b = g.hand(first)[:2]
                g.apply((OFFER, first, a, b))
                g.apply((TAKE, 1 - first, b, 0))
                self.assertEqual(g.phase, pacal.P_BUILD)
                self.assertEqual(g.pending[1 - first], b)
                self.assertEqual(g.pending[first], a)
                self.assertEqual(g.to_move(), (0, 1))
                moves = list(g.legal_moves())
                self.assertEqual(len(moves), 20)  # empty pyramids: ten fields each
                for m in moves:
                    self.assertEqual(m[0], PLACE)
                    self.assertEqual(m[2], a if m[1] == first else b)
                assert_refused(self, g, (PLACE, first, b, 1))  # the other's card
                assert_refused(self, g, (PLACE, 1 - first, a, 1))
                assert_refused(self, g, (PLACE, first, a, 0))
                assert_refused(self, g, (PLACE, first, a, 11))
                assert_refused(self, g, (TAKE, 1 - first, a, 0))
                assert_refused(self, g, (OFFER, 1 - first, 0, 0))

    def test_place_lines_in_either_order(self):
        results = []
        for order in ((0, 1), (1, 0)):
            g = dealt()
            g.apply((OFFER, 0, 4, 9))
            g.apply((TAKE, 1, 9, 0))
            cards = {0: (4, 7), 1: (9, 2)}
            p, q = order
            g.apply((PLACE, p, cards[p][0], cards[p][1]))
            self.assertEqual(g.to_move(), (q,))
            self.assertEqual(g.phase, pacal.P_BUILD)
            assert_refused(self, g, (PLACE, p, cards[p][0], cards[p][1] + 1))  # built already
            assert_refused(self, g, (OFFER, 1, 16, 17))  # the turn is not over
            g.apply((PLACE, q, cards[q][0], cards[q][1]))
            results.append(snapshot(g))
        self.assertEqual(results[0], results[1])
        g = dealt()
        play(g, [(OFFER, 0, 4, 9), (TAKE, 1, 9, 0), (PLACE, 1, 9, 2), (PLACE, 0, 4, 7)])
        self.assertEqual(g.pyramid(0), [0, 0, 0, 0, 0, 0, 4, 0, 0, 0])
        self.assertEqual(g.pyramid(1), [0, 9, 0, 0, 0, 0, 0, 0, 0, 0])
        self.assertEqual(g.phase, pacal.P_OFFER)

    def test_offers_alternate(self):
        for first in (0, 1):
            deal, events = plan_round(first, PLAN_A0, PLAN_A1)
            g = pacal.Pacal()
            g.apply(deal)
            t = 0
            for e in events:
                if e[0] == OFFER:
                    with self.subTest(first=first, turn=t):
                        self.assertEqual(g.phase, pacal.P_OFFER)
                        self.assertEqual(g.to_move(), (offerer(first, t),))
                        self.assertEqual(e[1], offerer(first, t))
                        other = g.hand(1 - e[1]) + [e[2]]  # own cards, or not
                        assert_refused(self, g, (OFFER, 1 - e[1], other[0], other[1]))
                    t += 1
                g.apply(e)
            self.assertEqual(t, 14)
            self.assertEqual(g.phase, pacal.P_LAST)

    def test_hands_shrink_by_two_per_offer(self):
        deal, events = plan_round(0, PLAN_A0, PLAN_A1)
        g = pacal.Pacal()
        g.apply(deal)
        offers = [0, 0]
        for e in events:
            if e[0] == OFFER:
                offers[e[1]] += 1
            g.apply(e)
            if g.phase == pacal.P_OFFER:
                for p in (0, 1):
                    self.assertEqual(len(g.hand(p)), 15 - 2 * offers[p])
        self.assertEqual(offers, [7, 7])

    def test_keep_refused_before_the_last_card(self):
        deal, events = plan_round(1, PLAN_A0, PLAN_A1)
        g = pacal.Pacal()
        g.apply(deal)
        for e in events:
            if g.phase == pacal.P_BUILD:
                for p in g.to_move():
                    assert_refused(self, g, (KEEP, p, g.pending[p], 0))
            g.apply(e)


if __name__ == "__main__":
    unittest.main()
