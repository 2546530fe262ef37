"""Pacal duel: how a round ends (a complete pyramid, the spread tie-break,
the last cards, a drawn round) and the match to three won rounds
(docs/RULES.md "A duel round", "The match" and the decisions table)."""

import unittest

from pacal_support import (
    DRAWN,
    EXAMPLE0,
    EXAMPLE1,
    P0_WINS,
    P1_WINS,
    PLAN_A0,
    PLAN_A1,
    assert_refused,
    plain_deal,
    plan_round,
    play,
    start,
)
from tabletop.rules import pacal
from tabletop.rules.pacal import KEEP, OFFER, PLACE

# Ten turns: player 0 fills fields 1..10 (50 .. 5, spread 45).
FULL0 = [(50, 1), (45, 2), (40, 3), (35, 4), (30, 5), (25, 6), (20, 7), (15, 8), (10, 9), (5, 10)]


NINE1 = [(49, 1), (44, 2), (39, 3), (34, 4), (29, 5), (24, 6), (19, 7), (14, 8), (9, 9)]


# Eleven turns, both complete in turn 11 with a covered field 1:
# player 0 shows 46 (over 50) .. 6, player 1 shows 47 (over 49) .. x.
COVER0 = [(50, 1), (44, 2), (40, 3), (36, 4), (32, 5), (28, 6), (24, 7), (20, 8), (16, 9)]


COVER0 += [(46, 1), (6, 10)]


COVER1 = [(49, 1), (43, 2), (39, 3), (35, 4), (31, 5), (27, 6), (23, 7), (19, 8), (15, 9)]


COVER1 += [(47, 1)]


def all_but_last_turn_builds(first, builds0, builds1, game=None, **kw):
    """Play a planned round up to (not including) the last turn's two place
    lines; return the game and those two lines, player 0's first."""
    deal, events = plan_round(first, builds0, builds1, **kw)
    if game is None:
        game = pacal.Pacal()
    game.apply(deal)
    play(game, events[:-2])
    tail = sorted(events[-2:], key=lambda e: e[1])
    return game, tail


class CompleteTest(unittest.TestCase):
    """A pyramid complete after a turn's builds wins the round."""

    def test_complete_pyramid_wins_after_both_builds(self):
        for first in (0, 1):
            with self.subTest(first=first):
                g, (b0, b1) = all_but_last_turn_builds(first, FULL0, NINE1 + [(47, 1)])
                g.apply(b0)  # player 0 completes ...
                self.assertEqual(g.filled(0), 10)
                self.assertEqual(g.rounds(), [])  # ... but the turn is not over
                self.assertEqual(g.to_move(), (1,))
                g.apply(b1)
                self.assertEqual(g.rounds(), [0])
                self.assertEqual(g.wins, [1, 0])
                self.assertTrue(g.complete(0))
                self.assertFalse(g.complete(1))
                self.assertEqual(g.phase, pacal.P_DEAL)
                self.assertEqual(list(g.legal_moves()), [])

    def test_complete_with_covered_fields(self):
        # Player 1 completes in turn 11; player 0 (one field short) loses.
        g = start(1, COVER0[:10] + [(18, 9)], COVER1 + [(7, 10)])
        self.assertEqual(g.filled(0), 9)
        self.assertEqual(g.rounds(), [1])

    def test_complete_in_turn_14_ends_before_the_last_cards(self):
        # Player 0 fills field 10 with the fourteenth build: no last cards follow.
        g = start(1, PLAN_A0[:13] + [(5, 10)], PLAN_A1)
        self.assertTrue(g.complete(0))
        self.assertEqual(g.rounds(), [0])
        self.assertEqual(g.phase, pacal.P_DEAL)
        self.assertEqual(list(g.legal_moves()), [])

    def test_nine_fields_is_not_complete(self):
        g = start(0, NINE1, FULL0[:9])
        self.assertEqual(g.rounds(), [])
        self.assertEqual(g.phase, pacal.P_OFFER)
        self.assertEqual(g.filled(0), 9)


class SpreadTest(unittest.TestCase):
    """Both complete in the same turn: the smaller spread (visible field 1
    minus visible field 10) wins; tiebreak="larger" the larger; equal: drawn."""

    def both_complete(self, builds0, builds1, tiebreak=pacal.SMALLER_SPREAD):
        g = pacal.Pacal(pacal.DUEL, tiebreak=tiebreak)
        return start(0, builds0, builds1, game=g)

    def test_smaller_spread_wins(self):
        # Player 0: 50 - 5 = 45; the other: 49 - 6 = 43.
        g = self.both_complete(FULL0, NINE1 + [(6, 10)])
        self.assertEqual((g.spread(0), g.spread(1)), (45, 43))
        self.assertEqual(g.rounds(), [1])
        g = self.both_complete(NINE1 + [(6, 10)], FULL0)
        self.assertEqual(g.rounds(), [0])

    def test_larger_spread_wins_with_the_french_option(self):
        g = self.both_complete(FULL0, NINE1 + [(6, 10)], pacal.LARGER_SPREAD)
        self.assertEqual(g.rounds(), [0])
        g = self.both_complete(NINE1 + [(6, 10)], FULL0, pacal.LARGER_SPREAD)
        self.assertEqual(g.rounds(), [1])

    def test_equal_spreads_drawn(self):
        for tiebreak in (pacal.SMALLER_SPREAD, pacal.LARGER_SPREAD):
            with self.subTest(tiebreak=tiebreak):
                g = self.both_complete(FULL0, NINE1 + [(4, 10)], tiebreak)
                self.assertEqual((g.spread(0), g.spread(1)), (45, 45))
                self.assertEqual(g.rounds(), [None])
                self.assertEqual(g.wins, [0, 0])

    def test_only_visible_cards_count(self):
        # Visible 46..6 against 47..7: equal spreads of 40, a drawn round,
        # although the covered 50 and 49 would make them 44 and 42.
        g = self.both_complete(COVER0, COVER1 + [(7, 10)])
        self.assertEqual(g.covered(0)[0], 50)
        self.assertEqual(g.covered(1)[0], 49)
        self.assertEqual((g.spread(0), g.spread(1)), (40, 40))
        self.assertEqual(g.rounds(), [None])
        # 47 - 5 = 42 against 40: player 0's smaller spread wins (counting the
        # covered cards it would be 44 against 44).
        g = self.both_complete(COVER0, COVER1 + [(5, 10)])
        self.assertEqual(g.rounds(), [0])
        g = self.both_complete(COVER0, COVER1 + [(5, 10)], pacal.LARGER_SPREAD)
        self.assertEqual(g.rounds(), [1])


class StuckTest(unittest.TestCase):
    """A player whose received card fits nowhere loses the round at once,
    before anyone builds; both stuck at once is a drawn round."""

    def example_round(self, first, card0, card1):
        # Turn 11 after the book's example: player 0 receives card0, player 1 card1.
        deal, events = plan_round(first, EXAMPLE0 + [(card0, None)], EXAMPLE1 + [(card1, None)])
        g = pacal.Pacal()
        g.apply(deal)
        play(g, events[:-2])
        self.assertEqual(g.phase, pacal.P_OFFER)
        return g, events[-2:]

    def test_player_who_cannot_build_loses_at_once(self):
        # 26 fits nowhere for player 0; 30 fits for player 1 (covering the 29).
        for first in (0, 1):
            with self.subTest(first=first):
                g, (offer, take) = self.example_round(first, 26, 30)
                self.assertEqual(g.fields(0, 26), [])
                self.assertEqual(g.fields(1, 30), [5, 6])
                g.apply(offer)
                g.apply(take)
                self.assertEqual(g.rounds(), [1])
                self.assertEqual(g.wins, [0, 1])
                self.assertEqual(g.phase, pacal.P_DEAL)
                self.assertEqual(g.to_move(), ())
                self.assertEqual(list(g.legal_moves()), [])
                self.assertIsNone(g.outcome())  # one round is not the match
                assert_refused(self, g, (PLACE, 1, 30, 6))  # no place lines follow
                assert_refused(self, g, (PLACE, 0, 26, 9))
                assert_refused(self, g, (KEEP, 0, 26, 0))
                for p in (0, 1):
                    assert_refused(self, g, (OFFER, p, g.hand(p)[0], g.hand(p)[1]))
                g.apply(plain_deal())  # the next event is a deal
                self.assertEqual(g.pyramid(0), [0] * 10)
                self.assertEqual(g.pyramid(1), [0] * 10)

    def test_stuck_is_decided_before_anyone_builds(self):
        # Player 1's 11 would complete their pyramid on field 10, but player 0
        # is stuck first: player 1 wins by that, and builds nothing.
        g, (offer, take) = self.example_round(0, 26, 11)
        self.assertEqual(g.fields(1, 11), [9, 10])
        g.apply(offer)
        g.apply(take)
        self.assertEqual(g.rounds(), [1])
        self.assertEqual(g.pyramid(1)[9], 0)
        assert_refused(self, g, (PLACE, 1, 11, 10))

    def test_the_other_player_stuck(self):
        # Player 1 shows 44 on a covered field 1: a 47 fits nowhere for them.
        g, (offer, take) = self.example_round(1, 17, 47)
        self.assertEqual(g.fields(1, 47), [])
        g.apply(offer)
        g.apply(take)
        self.assertEqual(g.rounds(), [0])
        self.assertEqual(g.wins, [1, 0])

    def test_both_stuck_is_a_drawn_round(self):
        for first in (0, 1):
            with self.subTest(first=first):
                g, (offer, take) = self.example_round(first, 26, 47)
                g.apply(offer)
                g.apply(take)
                self.assertEqual(g.rounds(), [None])
                self.assertEqual(g.wins, [0, 0])
                self.assertEqual(g.phase, pacal.P_DEAL)
                self.assertIsNone(g.outcome())

    def test_a_fitting_card_is_not_stuck(self):
        g, (offer, take) = self.example_round(0, 17, 30)
        g.apply(offer)
        g.apply(take)
        self.assertEqual(g.rounds(), [])
        self.assertEqual(g.phase, pacal.P_BUILD)
        self.assertEqual(g.to_move(), (0, 1))


class MatchTest(unittest.TestCase):
    """The first player to win three rounds wins the match; drawn rounds
    count for nobody; every round is a new deal stating who offers first."""

    def play_rounds(self, rounds, game=None):
        g = game or pacal.Pacal()
        for first, plan in rounds:
            self.assertFalse(g.is_over())
            start(first, plan[0], plan[1], game=g)
        return g

    def test_first_to_three_won_rounds(self):
        rounds = [(0, P0_WINS), (1, DRAWN), (1, P1_WINS), (0, P0_WINS), (0, P1_WINS)]
        g = self.play_rounds(rounds)
        self.assertEqual(g.rounds(), [0, None, 1, 0, 1])
        self.assertEqual(g.wins, [2, 2])
        self.assertIsNone(g.outcome())
        self.assertFalse(g.is_over())
        self.assertEqual(g.phase, pacal.P_DEAL)
        self.play_rounds([(1, P0_WINS)], g)
        self.assertEqual(g.rounds(), [0, None, 1, 0, 1, 0])
        self.assertEqual(g.wins, [3, 2])
        self.assertTrue(g.is_over())
        self.assertEqual(g.phase, pacal.P_OVER)
        self.assertEqual(g.outcome().winner, 0)
        self.assertIsInstance(g.outcome().reason, str)

    def test_drawn_rounds_count_for_nobody(self):
        g = self.play_rounds([(0, DRAWN)] * 4)
        self.assertEqual(g.rounds(), [None] * 4)
        self.assertEqual(g.wins, [0, 0])
        self.assertFalse(g.is_over())
        self.play_rounds([(1, P1_WINS)] * 3, g)
        self.assertEqual(g.rounds(), [None] * 4 + [1] * 3)
        self.assertEqual(g.outcome().winner, 1)

    def test_three_straight_wins(self):
        g = self.play_rounds([(1, P1_WINS), (0, P1_WINS)])
        self.assertFalse(g.is_over())
        self.play_rounds([(1, P1_WINS)], g)
        self.assertEqual(g.rounds(), [1, 1, 1])
        self.assertEqual(g.outcome().winner, 1)

    def test_nothing_after_the_match(self):
        g = self.play_rounds([(0, P0_WINS)] * 3)
        self.assertTrue(g.is_over())
        deal, _ = plan_round(0, [], [])
        assert_refused(self, g, deal)
        self.assertEqual(list(g.legal_moves()), [])
        self.assertEqual(g.to_move(), ())
        for move in ((OFFER, 0, 1, 2), (KEEP, 0, 1, 0), (PLACE, 1, 1, 1)):
            assert_refused(self, g, move)

    def test_each_round_is_dealt_afresh(self):
        g = self.play_rounds([(0, P0_WINS)])
        self.assertEqual(g.pyramid(0)[4:6], [30, 20])
        deal, _ = plan_round(1, [], [])
        g.apply(deal)
        for p in (0, 1):
            self.assertEqual(g.pyramid(p), [0] * 10)
            self.assertEqual(g.covered(p), [0] * 10)
            self.assertEqual(g.hand(p), list(deal[2][p]))
        self.assertEqual(g.pending, [0, 0])
        # The new deal's first offers, whoever won or offered last.
        self.assertEqual(g.to_move(), (1,))
        self.assertEqual(g.rounds(), [0])

    def test_outcome_only_when_the_match_is_over(self):
        g = pacal.Pacal()
        self.assertIsNone(g.outcome())
        self.play_rounds([(0, P0_WINS), (0, P1_WINS), (0, DRAWN)], g)
        self.assertIsNone(g.outcome())
        self.assertEqual(g.wins, [1, 1])


if __name__ == "__main__":
    unittest.main()
