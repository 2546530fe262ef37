"""Diabolo records (docs/RECORDS.md, Diabolo): the notation of every event,
malformed lines, the header's players, the reader's rejections naming the
line, and the rule book's worked examples checked through a record's
summary."""

import json
import unittest

from diabolo_support import (
    CARL,
    EXAMPLE_NAMES,
    HERMAN,
    card,
    double,
    example_round,
)
from tabletop.records import diabolo_notation as words
from tabletop.records import notation
from tabletop.records.record import Record, check, parse_header
from tabletop.rules import diabolo
from tabletop.rules.diabolo import DEAL, DISCARD, DOUBLE, HEAVEN, HELL, PLAY, PURPLE, RED
from test_record import error_of

DECK = tuple(diabolo.deck())
HEADER = {"format": 1, "game": "diabolo", "variant": "standard", "players": EXAMPLE_NAMES}

# (event, record object) exactly as docs/RECORDS.md writes them.
EXAMPLES = [
    ((PLAY, 2, card("p4"), HEAVEN), {"p": 2, "play": ["p4", "heaven"]}),
    ((PLAY, 0, card("r1"), HELL), {"p": 0, "play": ["r1", "hell"]}),
    ((DISCARD, 1, card("r2"), 0), {"p": 1, "discard": "r2"}),
    ((DOUBLE, 3, PURPLE, 0), {"p": 3, "double": "p"}),
    ((DOUBLE, 0, RED, 0), {"p": 0, "double": "r"}),
]


def lines_of(header, objs):
    return "\n".join([json.dumps(header)] + [json.dumps(o) for o in objs]) + "\n"


def example_objs(doubles=()):
    deal, events = example_round()
    return [notation.to_json("diabolo", e) for e in [deal] + events + list(doubles)]


class NotationTest(unittest.TestCase):
    def test_events_as_the_spec_writes_them(self):
        for event, obj in EXAMPLES:
            self.assertEqual(words.to_json(event), obj)
            self.assertEqual(words.from_json(obj, "standard"), event)
            back = notation.from_json("diabolo", "standard", json.loads(json.dumps(obj)))
            self.assertEqual(back, event)
        deal = (DEAL, 2, DECK, 0)
        obj = words.to_json(deal)
        self.assertEqual(obj["deal"]["dealer"], 2)
        self.assertEqual(obj["deal"]["pile"][:5], ["r1", "r1", "r1", "r1", "r2"])
        self.assertEqual(obj["deal"]["pile"][-1], "b5")
        self.assertEqual(words.from_json(obj, "standard"), deal)
        self.assertTrue(words.is_deal(deal))
        self.assertFalse(words.is_deal(EXAMPLES[0][0]))

    def test_card_names(self):
        for c in DECK:
            self.assertEqual(words.card_index(words.card_name(c)), c)
        self.assertEqual(words.card_name(card("g3")), "g3")
        for bad in ("p6", "p0", "x1", "P4", "p", "p44", 34, None):
            with self.assertRaises(ValueError):
                words.card_index(bad)

    def test_malformed_lines_say_what(self):
        for obj, what in (
            ({"p": 0, "play": "p4"}, "play needs a list"),
            ({"p": 0, "play": ["p4"]}, "play needs a list"),
            ({"p": 0, "play": ["p4", "left"]}, '"left" is not a side'),
            ({"p": 0, "play": ["q4", "hell"]}, '"q4" is not a card'),
            ({"p": 0, "discard": 34}, "34 is not a card"),
            ({"p": 0, "double": "purple"}, "double needs a colour letter"),
            ({"p": 0, "double": 3}, "double needs a colour letter"),
            ({"p": "0", "double": "p"}, "p must be a player index"),
            ({"p": 0, "offer": [1, 2]}, 'unknown key "offer"'),
            ({"deal": {"dealer": 0}}, 'needs key "pile"'),
            ({"deal": {"dealer": 0, "pile": "r1 r1"}}, "pile must be a list"),
            ({"deal": {"dealer": 0, "pile": [1, 2]}}, "1 is not a card"),
            ({"deal": {"dealer": True, "pile": []}}, "dealer must be a player index"),
            ({"deal": {"dealer": 0, "pile": [], "first": 1}}, 'unknown key "first"'),
        ):
            with self.assertRaises(ValueError) as cm:
                words.from_json(obj, "standard")
            self.assertIn(what, str(cm.exception))


class HeaderTest(unittest.TestCase):
    def test_players_are_required_three_to_five(self):
        parse_header(dict(HEADER))
        for names in (None, ["a", "b"], ["a", "b", "c", "d", "e", "f"], "abc"):
            h = dict(HEADER)
            if names is None:
                del h["players"]
            else:
                h["players"] = names
            with self.assertRaises(ValueError) as cm:
                parse_header(h)
            self.assertIn("3 to 5", str(cm.exception))
            got = error_of(json.dumps(h) + "\n")
            self.assertEqual(got[0], 1)
            self.assertIn("players", got[1])

    def test_the_count_of_names_is_the_count_of_players(self):
        for n in (3, 4, 5):
            h = dict(HEADER)
            h["players"] = EXAMPLE_NAMES[:3] + ["Eve", "Fay"][: n - 3]
            rec = Record.read(json.dumps(h) + "\n")
            self.assertEqual(rec.state.players, n)


class ReaderTest(unittest.TestCase):
    def test_rejections_name_the_line(self):
        deal = words.to_json((DEAL, CARL, DECK, 0))  # player 0 starts
        short = {"deal": {"dealer": CARL, "pile": deal["deal"]["pile"][1:]}}
        extra = {"deal": {"dealer": CARL, "pile": deal["deal"]["pile"] + ["b5"]}}
        swapped = {"deal": {"dealer": CARL, "pile": ["r2"] + deal["deal"]["pile"][1:]}}
        r1 = {"p": 0, "play": ["r1", "hell"]}
        for objs, line, what in (
            ([short], 2, "the pile must hold all 70 cards, not 69"),
            ([extra], 2, "the pile must hold all 70 cards, not 71"),
            ([swapped], 2, "the pile holds 3 of red 1, the deck 4"),
            ([r1], 2, "a deal must come first"),
            ([deal, {"p": 1, "play": ["r1", "hell"]}], 3, "it is player 0's turn"),
            ([deal, r1, {"p": 1, "double": "r"}], 4, "only while a round is scored"),
            ([deal, r1, deal], 4, "no deal is due now"),
            ([deal, r1, {"p": 1, "play": ["b5", "heaven"]}], 4, "player 1 holds no blue 5"),
            ([deal, {"p": 0, "play": ["r1", "up"]}], 3, '"up" is not a side'),
        ):
            got = error_of(lines_of(HEADER, objs))
            self.assertEqual(got[0], line, what)
            self.assertIn(what, got[1])

    def test_later_dealer_must_be_the_next_player(self):
        objs = example_objs()
        wrong = words.to_json((DEAL, 2, DECK, 0))  # Carl (3) dealt: player 0 deals next
        got = error_of(lines_of(HEADER, objs + [wrong]))
        why = "illegal: player 0 deals this round (the deal passes left), not player 2"
        self.assertEqual(got, (len(objs) + 2, why))
        self.assertIsNone(error_of(lines_of(HEADER, objs + [words.to_json((DEAL, 0, DECK, 0))])))


class WorkedExamplesTest(unittest.TestCase):
    def summary(self, objs):
        items = list(check(lines_of(HEADER, objs)))
        last = items[-1]
        self.assertTrue(last["ok"], last.get("error"))
        return last["record"].summary()

    def test_the_rule_books_examples_through_the_check_summary(self):
        # Purple 7 against 6 with Herman's and Carl's doubles: only Carl's
        # counts, (4 + 2) x 2 = 12. Green 7 against 5: Herman's g3 beats
        # Marc's g1: -3. Red 3 against 3: nobody.
        doubles = [double(HERMAN, "p"), double(CARL, "p")]
        got = self.summary(example_objs(doubles))
        self.assertEqual(
            got, {"scores": [[0, -3, 0, 12]], "totals": [0, -3, 0, 12], "winner": None}
        )
        got = self.summary(example_objs())
        self.assertEqual(got, {"scores": [[0, -3, 0, 6]], "totals": [0, -3, 0, 6], "winner": None})
        got = self.summary(example_objs()[:-1])  # green not yet locked: no round finished
        self.assertEqual(got, {"scores": [], "totals": [0, 0, 0, 0], "winner": None})

    def test_doubles_in_the_wrong_place_name_their_line(self):
        objs = example_objs([double(CARL, "p")])
        n = len(objs) + 1
        for extra, what in (
            (double(CARL, "p"), "player 3 has already declared their double"),
            (double(HERMAN, "g"), "green scores no angel points"),
            (double(HERMAN, "r"), "red scores no angel points (heaven 3, hell 3)"),
        ):
            got = error_of(lines_of(HEADER, objs + [notation.to_json("diabolo", extra)]))
            self.assertEqual(got[0], n + 1)
            self.assertIn(what, got[1])

    def test_result_in_the_header(self):
        from tabletop.rules.rng import Rng

        rng = Rng(12)
        rec = Record.new("diabolo", "standard", players=["a", "b", "c"])
        rec.add(diabolo.deal(rng, 0))
        while not rec.state.is_over():
            if rec.state.phase == diabolo.P_SCORE:
                rec.add(diabolo.deal(rng, (rec.state.dealer + 1) % 3))
            else:
                rec.add(rng.choice(list(rec.state.legal_moves())))
        rec.set_result()
        result = rec.header["result"]
        self.assertEqual(sorted(result), ["scores", "totals", "winner"])
        self.assertEqual(len(result["scores"]), 3)
        self.assertEqual(Record.read(rec.dumps()).summary(), result)
        wrong = dict(result)
        wrong["totals"] = [0, 0, 0]
        rec.header["result"] = wrong
        got = error_of(rec.dumps())
        self.assertEqual(got[0], 1)
        self.assertIn("does not match", got[1])
