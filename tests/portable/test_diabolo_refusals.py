"""Diabolo: every kind of illegal event is refused with its reason in
words, and leaves the state as it was."""

import unittest

from diabolo_support import (
    CARL,
    HERMAN,
    MARC,
    assert_refused,
    card,
    double,
    example_round,
    play,
    scripted_round,
)
from tabletop.rules import diabolo
from tabletop.rules.diabolo import DEAL, DISCARD, DOUBLE, HEAVEN, HELL, PLAY, PURPLE
from tabletop.rules.reasons import TEXT

DECK = tuple(diabolo.deck())
# Three players, player 2 dealing; purple hell full after four turns.
HANDS = ["r4 r4 y4 y4 g4 g4", "p1 p1 p1 p1 p2 p2", "b4 b4 y5 y5 g5 g5"]
TURNS = [("p3", "hell"), ("r1", "hell"), ("p3", "hell"), ("p3", "hell")]


def fresh():
    return diabolo.Diabolo(4)


def dealt():
    g = diabolo.Diabolo(4)
    g.apply((DEAL, 3, DECK, 0))  # player 0 starts
    return g


def purple_hell_full():
    deal, events = scripted_round(3, 2, HANDS, TURNS)
    return play(diabolo.Diabolo(3), [deal] + events)  # player 1 to move


def scored():
    deal, events = example_round()
    return play(diabolo.Diabolo(4), [deal] + events)


def swapped(pile, i, c):
    out = list(pile)
    out[i] = c
    return tuple(out)


# Every fault code Diabolo reports.
DIABOLO_CODES = (
    "not_event unknown_kind over no_player deal_first no_deal_due turn not_pile pile_size"
    " not_d_card deck_count bad_dealer dealer round_scored d_not_in_hand can_lay no_side locked"
    " side_full no_double_due no_colour double_used double_order double_hell"
).split()

# (name, state maker, event, fault code, the reason in words)
CASES = [
    ("not a tuple", dealt, [PLAY, 0, 1, 0], "not_event", "not an event: [1, 0, 1, 0]"),
    ("short", dealt, (PLAY, 0, 1), "not_event", "not an event: (1, 0, 1)"),
    ("card as text", dealt, (PLAY, 0, "r1", HELL), "not_event", None),
    ("unknown kind", dealt, (9, 0, 1, 0), "unknown_kind", "unknown event kind 9"),
    ("play before deal", fresh, (PLAY, 0, 1, HELL), "deal_first", "a deal must come first"),
    ("double before deal", fresh, (DOUBLE, 0, PURPLE, 0), "deal_first", None),
    ("deal in play", dealt, (DEAL, 0, DECK, 0), "no_deal_due", "no deal is due now"),
    (
        "dealer 4 of 4",
        fresh,
        (DEAL, 4, DECK, 0),
        "bad_dealer",
        "the dealer must be a player 0 to 3",
    ),
    ("dealer -1", fresh, (DEAL, -1, DECK, 0), "bad_dealer", None),
    ("pile as list", fresh, (DEAL, 0, list(DECK), 0), "not_pile", None),
    (
        "69 cards",
        fresh,
        (DEAL, 0, DECK[1:], 0),
        "pile_size",
        "the pile must hold all 70 cards, not 69",
    ),
    ("71 cards", fresh, (DEAL, 0, DECK + (1,), 0), "pile_size", None),
    ("card 0", fresh, (DEAL, 0, swapped(DECK, 0, 0), 0), "not_d_card", "0 is not a Diabolo card"),
    ("card 46", fresh, (DEAL, 0, swapped(DECK, 0, 46), 0), "not_d_card", None),
    ("card 19", fresh, (DEAL, 0, swapped(DECK, 0, 19), 0), "not_d_card", None),
    (
        "five r1",
        fresh,
        (DEAL, 0, swapped(DECK, 4, 1), 0),
        "deck_count",
        "the pile holds 5 of red 1, the deck 4",
    ),
    ("a deal's slot", fresh, (DEAL, 0, DECK, 1), "not_event", None),
    ("no player 4", dealt, (PLAY, 4, 1, HELL), "no_player", "there is no player 4"),
    ("not their turn", dealt, (PLAY, 1, 1, HELL), "turn", "it is player 0's turn, not player 1's"),
    ("no such card", dealt, (PLAY, 0, 50, HELL), "not_d_card", "50 is not a Diabolo card"),
    ("not held", dealt, (PLAY, 0, card("b5"), HELL), "d_not_in_hand", "player 0 holds no blue 5"),
    ("side 2", dealt, (PLAY, 0, card("r1"), 2), "no_side", "2 is not a side (hell or heaven)"),
    (
        "side full",
        purple_hell_full,
        (PLAY, 1, card("p1"), HELL),
        "side_full",
        "the hell side of the purple row holds 3 cards already",
    ),
    (
        "discard while able",
        dealt,
        (DISCARD, 0, card("r1"), 0),
        "can_lay",
        "player 0 can still lay a card (red 1), so may not discard",
    ),
    ("discard slot", dealt, (DISCARD, 0, card("r1"), 1), "not_event", None),
    (
        "play while scoring",
        scored,
        (PLAY, MARC, card("y1"), HELL),
        "round_scored",
        "the round is over: only doubles and the next deal may follow",
    ),
    (
        "double in play",
        dealt,
        (DOUBLE, 0, PURPLE, 0),
        "no_double_due",
        "a double is declared only while a round is scored",
    ),
    ("colour 5", scored, (DOUBLE, CARL, 5, 0), "no_colour", "5 is not a colour"),
    (
        "double on a hell colour",
        scored,
        double(HERMAN, "g"),
        "double_hell",
        "green scores no angel points (heaven 5, hell 7): no double there",
    ),
]


class RefusalTest(unittest.TestCase):
    def test_every_case_is_refused_with_its_reason(self):
        for name, make, event, code, words in CASES:
            with self.subTest(case=name):
                g = make()
                reason = assert_refused(self, g, event, code)
                if words is not None:
                    self.assertEqual(reason, words)

    def test_every_diabolo_reason_is_exercised(self):
        # The codes of the Diabolo part of the table, and those shared with
        # the other games that Diabolo uses too.
        seen = {}
        for _, _, _, code, _ in CASES:
            seen[code] = 1
        # Shown in test_diabolo_rules: locked, dealer, over, double_used,
        # double_order (with their words).
        for code in ("locked", "dealer", "over", "double_used", "double_order"):
            seen[code] = 1
        for code in DIABOLO_CODES:
            self.assertIn(code, TEXT)
            self.assertIn(code, seen)

    def test_a_game_over_refuses_all_but_its_doubles(self):
        g = diabolo.Diabolo(3)
        hands = ["r4 r4 y4 y4 g4 g4", "p1 p1 p1 p1 p2 p2", "b4 b4 y5 y5 g5 g5"]
        turns = [("p3", "hell"), ("p3", "hell"), ("p4", "heaven"), ("p5", "heaven")]
        turns += [("p2", "heaven"), ("r1", "hell"), ("r2", "hell"), ("r3", "hell")]
        turns += [("r5", "heaven"), ("r1", "heaven")]  # red: 6 against 6
        for dealer in (0, 1, 2):
            deal, events = scripted_round(3, dealer, hands, turns)
            play(g, [deal] + events)
        self.assertTrue(g.is_over())
        r = assert_refused(self, g, (DEAL, 0, DECK, 0), "over")
        self.assertEqual(r, "the game is over")
        assert_refused(self, g, (PLAY, 0, card("r4"), HEAVEN), "over")
        assert_refused(self, g, (DISCARD, 0, card("r4"), 0), "over")
        self.assertEqual(g.double_mask(0), 1 << PURPLE)  # heaven 11 against hell 6
        self.assertEqual(g.round_scores(), [[0, 8, 0]] * 3)
        g.apply(double(1, "p"))  # player 1 holds the purples: 8, doubled
        self.assertEqual(g.round_scores(), [[0, 8, 0], [0, 8, 0], [0, 16, 0]])
        self.assertEqual(g.outcome().winner, 1)
        self.assertEqual(g.outcome().reason, "highest total 32 after 3 rounds")
