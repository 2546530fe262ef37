"""Diabolo rules (docs/RULES.md, Diabolo): the deal, turns and the drawn
card, where a card may go, locked rows and the end of a round (two locks,
three with five players), the discard exception, scoring with ties and
doubles, the dealer passing on, and as many rounds as players."""

import unittest

from diabolo_support import (
    ANNE,
    CARL,
    EXAMPLE_HANDS,
    EXAMPLE_TURNS,
    HERMAN,
    MARC,
    assert_refused,
    card,
    cards,
    double,
    example_round,
    oracle_points,
    play,
    scripted_round,
)
from tabletop.rules import diabolo
from tabletop.rules.diabolo import (
    DEAL,
    DISCARD,
    DOUBLE,
    GREEN,
    HEAVEN,
    HELL,
    PLAY,
    PURPLE,
    RED,
)

# Three players, player 2 dealing: player 1 is dealt six purples, draws two
# reds and lays them while the others fill purple (hell full after turn 4,
# locked after turn 7); then player 1 draws a seventh purple and can lay
# nothing.
STUCK_HANDS = ["r4 r4 y4 y4 g4 g4", "p1 p1 p1 p1 p2 p2", "b4 b4 y5 y5 g5 g5"]
STUCK_TURNS = [
    ("p3", "hell"),
    ("r1", "hell"),
    ("p3", "hell"),
    ("p3", "hell"),
    ("r1", "heaven"),
    ("p4", "heaven"),
    ("p4", "heaven"),
    ("p5", "p5", "discard"),
]

# Rounds in which nothing scores: red and yellow lock with equal sides
# (hell 1 3, heaven 1 1 2).
EVEN_HANDS = ["b1 b1 b1 b1 b2 b2", "b2 b3 b3 b3 b4 b4", "b5 b5 p1 p1 p1 p1", "p2 p2 p2 p3 p3 p3"]
EVEN_TURNS = []
for _letter in "ry":
    for _value, _side in (("1", "hell"), ("1", "heaven"), ("3", "hell"), ("1", "heaven")):
        EVEN_TURNS.append((_letter + _value, _side))
    EVEN_TURNS.append((_letter + "2", "heaven"))


def stuck_game(turns=8):
    deal, events = scripted_round(3, 2, STUCK_HANDS, STUCK_TURNS)
    return play(diabolo.Diabolo(3), [deal] + events[:turns])


def sorted_deck():
    return tuple(diabolo.deck())


class DealTest(unittest.TestCase):
    def test_three_to_five_players(self):
        for n in (3, 4, 5):
            self.assertEqual(diabolo.Diabolo(n).players, n)
        for bad in (0, 2, 6, "4", None):
            with self.assertRaises(ValueError):
                diabolo.Diabolo(bad)

    def test_one_card_at_a_time_from_left_of_the_dealer(self):
        pile = sorted_deck()
        g = diabolo.Diabolo(4)
        self.assertEqual(list(g.legal_moves()), [])
        g.apply((DEAL, 1, pile, 0))
        self.assertEqual((g.phase, g.round, g.dealer, g.turn), (diabolo.P_PLAY, 1, 1, 2))
        for p in range(4):
            dealt = [pile[k * 4 + (p - 2) % 4] for k in range(6)]
            if p == 2:
                dealt.append(pile[24])  # the first player has drawn already
            self.assertEqual(g.hand(p), sorted(dealt))
        self.assertEqual([g.hand_size(p) for p in range(4)], [6, 6, 7, 6])
        self.assertEqual(g.to_move(), (2,))
        self.assertEqual(g.pile_left(), pile[25:])

    def test_seeded_deals_hold_the_whole_deck(self):
        from tabletop.rules.rng import Rng

        a = diabolo.deal(Rng(5), 2)
        self.assertEqual(a, diabolo.deal(Rng(5), 2))
        self.assertNotEqual(a, diabolo.deal(Rng(6), 2))
        self.assertEqual((a[0], a[1], a[3]), (DEAL, 2, 0))
        self.assertEqual(sorted(a[2]), list(sorted_deck()))


class PlayTest(unittest.TestCase):
    def test_draw_then_lay_and_pass_left(self):
        deal, events = example_round()
        g = diabolo.Diabolo(4)
        g.apply(deal)
        for i in range(12):
            p = (CARL + 1 + i) % 4
            self.assertEqual(g.turn, p)
            self.assertEqual(g.hand_size(p), 7)
            g.apply(events[i])
            self.assertEqual(g.hand_size(p), 6)
            self.assertEqual(g.phase, diabolo.P_PLAY)
        self.assertEqual(g.locked_rows(), 1)
        self.assertTrue(g.locked(PURPLE))
        self.assertEqual(g.row(PURPLE), (tuple(cards("p5 p1")), tuple(cards("p1 p2 p4"))))
        self.assertEqual(g.row_sums(PURPLE), (6, 7))

    def test_side_mask_and_slots(self):
        g = stuck_game(4)  # purple hell holds three
        self.assertEqual(g.side_mask(card("p1")), 1 << HEAVEN)
        self.assertEqual(g.next_slot(PURPLE, HELL), 3)
        self.assertEqual(g.next_slot(PURPLE, HEAVEN), 0)
        self.assertEqual(g.side_mask(card("r1")), 1 << HELL | 1 << HEAVEN)
        self.assertEqual(g.next_slot(RED, HELL), 1)
        g = stuck_game(7)
        self.assertEqual(g.side_mask(card("p5")), 0)
        self.assertTrue(g.locked(PURPLE))

    def test_a_round_of_three_or_four_ends_at_the_second_lock(self):
        deal, events = example_round()
        g = play(diabolo.Diabolo(4), [deal] + events)
        self.assertEqual(g.phase, diabolo.P_SCORE)
        self.assertEqual(g.locked_rows(), 2)
        self.assertEqual([g.hand_size(p) for p in range(4)], [6, 6, 6, 6])
        self.assertEqual(g.to_move(), (0, 1, 2, 3))  # each may declare a double on purple
        self.assertEqual(g.scoring_colour(), RED)

    def test_five_players_end_at_the_third_lock(self):
        hands = ["p1 p1 p1 p1 p2 p2", "p2 p3 p3 p3 p4 p4", "p5 p5 b1 b1 b1 b1"]
        hands += ["b2 b2 b2 b3 b3 b3", "b4 b4 b5 b5 r5 r5"]
        turns = []
        for letter in "ryg":
            for value, side in (("1", "hell"), ("1", "heaven"), ("2", "hell"), ("2", "heaven")):
                turns.append((letter + value, side))
            turns.append((letter + "3", "hell"))
        deal, events = scripted_round(5, 4, hands, turns)
        g = diabolo.Diabolo(5)
        g.apply(deal)
        play(g, events[:10])
        self.assertEqual(g.locked_rows(), 2)
        self.assertEqual(g.phase, diabolo.P_PLAY)  # two locks do not end it
        play(g, events[10:14])
        self.assertEqual(g.phase, diabolo.P_PLAY)
        g.apply(events[14])
        self.assertEqual((g.locked_rows(), g.phase), (3, diabolo.P_SCORE))
        self.assertEqual(g.round_scores(), [oracle_points(g)])


class EmptyPileTest(unittest.TestCase):
    def test_no_draw_from_an_empty_pile(self):
        # It cannot come to this (a round takes at most 35 draws of the 40 or
        # more left after the deal); should it, the player lays from the hand.
        deal, events = example_round()
        g = play(diabolo.Diabolo(4), [deal] + events[:3])
        g.drawn = diabolo.DECK_SIZE
        g.apply(events[3])
        self.assertEqual(g.turn, MARC)
        self.assertEqual(g.hand_size(MARC), 6)
        self.assertEqual(g.pile_left(), ())


class DiscardTest(unittest.TestCase):
    def test_a_player_who_cannot_lay_discards_one_card(self):
        g = stuck_game(7)
        self.assertEqual(g.turn, 1)
        self.assertEqual(g.hand(1), cards("p1 p1 p1 p1 p2 p2 p5"))
        self.assertFalse(g.can_lay(1))
        moves = list(g.legal_moves())
        self.assertEqual(moves, [(DISCARD, 1, c, 0) for c in cards("p1 p2 p5")])
        reason = assert_refused(self, g, (PLAY, 1, card("p5"), HEAVEN), "locked")
        self.assertEqual(reason, "the purple row is locked: it holds five cards")
        g.apply((DISCARD, 1, card("p5"), 0))
        self.assertEqual(g.discarded, [card("p5")])
        self.assertEqual(g.hand_size(1), 6)
        self.assertEqual(g.turn, 2)
        self.assertTrue(g.can_lay(2))
        reason = assert_refused(self, g, (DISCARD, 2, card("b4"), 0), "can_lay")
        self.assertIn("player 2 can still lay a card", reason)
        self.assertFalse([m for m in g.legal_moves() if m[0] == DISCARD])


class ScoringTest(unittest.TestCase):
    def test_worked_examples(self):
        deal, events = example_round()
        g = play(diabolo.Diabolo(4), [deal] + events)
        self.assertEqual(g.colour_points(RED), [0, 0, 0, 0])  # 3 against 3
        self.assertEqual(g.colour_points(GREEN), [0, -3, 0, 0])  # g3 beats g1
        self.assertEqual(g.colour_points(PURPLE), [0, 0, 0, 6])
        self.assertEqual(g.round_scores(), [[0, -3, 0, 6]])
        self.assertEqual(g.double_mask(HERMAN), 1 << PURPLE)
        g.apply(double(HERMAN, "p"))  # unused: Herman does not win purple
        self.assertEqual(g.round_scores(), [[0, -3, 0, 6]])
        self.assertEqual(g.scoring_colour(), PURPLE)
        g.apply(double(CARL, "p"))
        self.assertEqual(g.round_scores(), [[0, -3, 0, 12]])
        self.assertEqual(g.totals(), [0, -3, 0, 12])
        self.assertEqual(g.to_move(), (MARC, ANNE))
        self.assertEqual(list(g.legal_moves()), [double(MARC, "p"), double(ANNE, "p")])
        self.assertIsNone(g.outcome())

    def tie_game(self):
        # The examples' round with ties: Carl's p4 p1 against Herman's p5,
        # Marc's g3 against Herman's g3; blue (1 against 1 2) held by nobody.
        hands = list(EXAMPLE_HANDS)
        hands[MARC] = "g3 y1 y1 y1 y1 y2"
        hands[CARL] = "p4 p1 r4 r4 r5 r3"
        turns = list(EXAMPLE_TURNS)
        turns[0] = ("b1", "hell")
        turns[3] = ("b1", "heaven")
        turns[8] = ("b2", "heaven")
        deal, events = scripted_round(4, CARL, hands, turns)
        return play(diabolo.Diabolo(4), [deal] + events)

    def test_ties_score_for_every_tied_player(self):
        g = self.tie_game()
        self.assertEqual(g.colour_points(PURPLE), [0, 5, 0, 5])
        self.assertEqual(g.colour_points(GREEN), [-3, -3, 0, 0])
        self.assertEqual(g.colour_points(diabolo.BLUE), [0, 0, 0, 0])  # nobody holds blue
        self.assertEqual(g.round_scores(), [[-3, 2, 0, 5]])
        g.apply(double(CARL, "p"))
        g.apply(double(ANNE, "b"))  # nobody wins blue: no effect
        self.assertEqual(g.round_scores(), [[-3, 2, 0, 10]])  # only the doubler doubles
        self.assertEqual(g.round_scores(), [oracle_points(g)])

    def test_double_rules(self):
        g = self.tie_game()
        self.assertEqual(g.double_mask(MARC), 1 << PURPLE | 1 << diabolo.BLUE)
        r = assert_refused(self, g, double(MARC, "g"), "double_hell")
        self.assertEqual(r, "green scores no angel points (heaven 5, hell 7): no double there")
        assert_refused(self, g, double(MARC, "r"), "double_hell")  # 0 against 0
        assert_refused(self, g, (DOUBLE, MARC, 5, 0), "no_colour")
        assert_refused(self, g, (DOUBLE, MARC, PURPLE, 1), "not_event")
        g.apply(double(ANNE, "b"))
        self.assertEqual(g.scoring_colour(), diabolo.BLUE)
        r = assert_refused(self, g, double(HERMAN, "p"), "double_order")
        self.assertEqual(r, "the purple hands were shown before: a double on blue came after them")
        r = assert_refused(self, g, double(ANNE, "b"), "double_used")
        self.assertEqual(r, "player 2 has already declared their double this round (on blue)")
        g.apply(double(HERMAN, "b"))  # the same colour again is fine
        self.assertEqual(g.to_move(), (MARC, CARL))


class RoundsTest(unittest.TestCase):
    def test_dealer_passes_left_and_the_game_lasts_a_round_per_player(self):
        g = diabolo.Diabolo(4)
        dealers = [CARL, MARC, HERMAN, ANNE]
        for i in range(4):
            if i:
                for wrong in range(4):
                    if wrong != dealers[i]:
                        move = (DEAL, wrong, sorted_deck(), 0)
                        r = assert_refused(self, g, move, "dealer")
                        self.assertIn("player %d deals this round" % dealers[i], r)
            deal, events = scripted_round(4, dealers[i], EXAMPLE_HANDS, EXAMPLE_TURNS)
            if i == 0:
                self.assertEqual(g.fault(deal), None)
            play(g, [deal] + events)
            self.assertEqual(g.round, i + 1)
            self.assertEqual(len(g.round_scores()), i + 1)
            self.assertEqual(g.is_over(), i == 3)
        # The same hands and rows each round (whoever lays them): the same scores.
        self.assertEqual(g.round_scores(), [[0, -3, 0, 6]] * 4)
        self.assertEqual(g.totals(), [0, -12, 0, 24])
        self.assertEqual(g.phase, diabolo.P_OVER)
        assert_refused(self, g, (DEAL, MARC, sorted_deck(), 0), "over")
        assert_refused(self, g, (PLAY, MARC, card("y1"), HELL), "over")

    def test_winner_and_shared_winner(self):
        g = diabolo.Diabolo(4)
        deal, events = example_round()
        play(g, [deal] + events + [double(CARL, "p")])
        for dealer in (MARC, HERMAN, ANNE):
            deal, events = scripted_round(4, dealer, EVEN_HANDS, EVEN_TURNS)
            play(g, [deal] + events)
        self.assertEqual(g.round_scores(), [[0, -3, 0, 12], [0] * 4, [0] * 4, [0] * 4])
        self.assertEqual(g.outcome().winner, CARL)
        self.assertEqual(g.outcome().reason, "highest total 12 after 4 rounds")
        g = diabolo.Diabolo(3)
        hands = EVEN_HANDS[:3]
        for dealer in (0, 1, 2):
            deal, events = scripted_round(3, dealer, hands, EVEN_TURNS)
            play(g, [deal] + events)
        self.assertEqual(g.totals(), [0, 0, 0])
        self.assertEqual(g.outcome().winner, (0, 1, 2))
        self.assertEqual(g.outcome().reason, "shared highest total 0 after 3 rounds")

    def test_doubles_for_the_last_round_follow_the_end(self):
        g = diabolo.Diabolo(4)
        for dealer in (CARL, MARC, HERMAN):
            deal, events = scripted_round(4, dealer, EVEN_HANDS, EVEN_TURNS)
            play(g, [deal] + events)
        deal, events = scripted_round(4, ANNE, EXAMPLE_HANDS, EXAMPLE_TURNS)
        play(g, [deal] + events)
        self.assertTrue(g.is_over())
        self.assertEqual(g.outcome().winner, CARL)
        self.assertEqual(g.totals(), [0, -3, 0, 6])
        self.assertEqual(g.outcome().reason, "highest total 6 after 4 rounds")
        g.apply(double(CARL, "p"))
        self.assertTrue(g.is_over())
        self.assertEqual(g.totals(), [0, -3, 0, 12])
        self.assertEqual(g.outcome().reason, "highest total 12 after 4 rounds")
        assert_refused(self, g, double(CARL, "p"), "double_used")
        assert_refused(self, g, double(MARC, "g"), "double_hell")
