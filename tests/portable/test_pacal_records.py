"""Pacal record form (docs/RECORDS.md, Pacal): to_json / from_json for
every event kind, and malformed objects rejected with ValueError. The record
form lives in ``tabletop.records.notation``; pacal_support.to_json / from_json call it."""

import json
import unittest

from pacal_support import from_json, plan_round, solo_deal, to_json
from tabletop.rules import pacal
from tabletop.rules.pacal import DEAL, KEEP, OFFER, PLACE, TAKE
from tabletop.rules.rng import Rng

H0 = list(range(1, 16))
H1 = list(range(16, 31))
ASIDE = list(range(31, 51))
DUEL_DEAL = (DEAL, 1, (tuple(H0), tuple(H1)), tuple(ASIDE))
SOLO_PILE = list(range(50, 10, -1))
SOLO_ASIDE = list(range(10, 0, -1))
SOLO_DEAL = (DEAL, 0, tuple(SOLO_PILE), tuple(SOLO_ASIDE))

# (variant, event, record object) exactly as docs/RECORDS.md writes them.
EXAMPLES = [
    (pacal.DUEL, DUEL_DEAL, {"deal": {"hands": [H0, H1], "aside": ASIDE, "first": 1}}),
    (pacal.SOLO, SOLO_DEAL, {"deal": {"pile": SOLO_PILE, "aside": SOLO_ASIDE}}),
    (pacal.DUEL, (OFFER, 0, 4, 9), {"p": 0, "offer": [4, 9]}),
    (pacal.DUEL, (OFFER, 1, 30, 16), {"p": 1, "offer": [30, 16]}),
    (pacal.DUEL, (TAKE, 1, 9, 0), {"p": 1, "take": 9}),
    (pacal.DUEL, (PLACE, 1, 9, 5), {"p": 1, "place": [9, 5]}),
    (pacal.DUEL, (KEEP, 0, 48, 0), {"p": 0, "keep": 48}),
    (pacal.SOLO, (PLACE, 0, 50, 1), {"p": 0, "place": [50, 1]}),
]


def duel_deal_obj(**change):
    d = {"hands": [list(H0), list(H1)], "aside": list(ASIDE), "first": 0}
    for k, value in change.items():
        if value is None:
            del d[k]
        else:
            d[k] = value
    return {"deal": d}


class ToFromJsonTest(unittest.TestCase):
    def test_record_objects_as_the_spec_writes_them(self):
        for variant, event, obj in EXAMPLES:
            with self.subTest(event=event[:2]):
                self.assertEqual(to_json(event), obj)
                self.assertEqual(from_json(obj, variant), event)

    def test_round_trip_through_json_text(self):
        for variant, event, _ in EXAMPLES:
            with self.subTest(event=event[:2]):
                text = json.dumps(to_json(event))
                self.assertEqual(from_json(json.loads(text), variant), event)

    def test_round_trip_of_played_rounds(self):
        plan0 = [(49, 1), (45, 2), (41, 3), (37, 4), (33, 5), (29, 6), (25, 7)]
        plan0 += [(21, 8), (17, 9), (50, 1), (47, 2), (43, 3), (39, 4), (35, 5)]
        plan1 = [(44, 1), (40, 2), (36, 3), (32, 4), (28, 5), (24, 6), (20, 7)]
        plan1 += [(16, 8), (12, 9), (46, 1), (42, 2), (38, 3), (34, 4), (30, 5)]
        deal, events = plan_round(1, plan0, plan1, last=((31, None), (22, 6)))
        g = pacal.Pacal()
        kinds = {}
        for e in [deal] + events:
            back = from_json(json.loads(json.dumps(to_json(e))), pacal.DUEL)
            self.assertEqual(back, e)
            g.apply(back)
            kinds[e[0]] = 1
        self.assertEqual(sorted(kinds), [DEAL, OFFER, TAKE, PLACE, KEEP])
        self.assertEqual(g.rounds(), [None])
        rng = Rng(4)
        for _ in range(3):
            deal = pacal.deal_duel(rng)
            self.assertEqual(from_json(to_json(deal), pacal.DUEL), deal)
            deal = pacal.deal_solo(rng)
            self.assertEqual(from_json(to_json(deal), pacal.SOLO), deal)
        deal = solo_deal([3, 2, 1])
        self.assertEqual(from_json(to_json(deal), pacal.SOLO), deal)


class MalformedTest(unittest.TestCase):
    def assert_malformed(self, obj, variant=pacal.DUEL):
        with self.assertRaises(ValueError) as cm:
            from_json(obj, variant)
        self.assertTrue(len(str(cm.exception)) > 0)

    def test_not_an_object(self):
        for obj in (None, [], [1, 2], "offer", 5, True):
            with self.subTest(obj=obj):
                self.assert_malformed(obj)

    def test_moves(self):
        bad = [
            {},
            {"offer": [1, 2]},  # missing p
            {"p": 0},  # no move
            {"p": True, "offer": [1, 2]},
            {"p": False, "take": 3},
            {"p": "0", "offer": [1, 2]},
            {"p": 0.0, "offer": [1, 2]},
            {"p": None, "offer": [1, 2]},
            {"p": [0], "offer": [1, 2]},
            {"p": 0, "offer": [1, 2], "take": 1},  # two moves
            {"p": 0, "offer": [1, 2], "x": 1},  # unknown key
            {"p": 0, "offer": [1, 2], "P": 0},
            {"p": 0, "move": 1},
            {"p": 0, "Offer": [1, 2]},
            {"p": 0, "offer": [1]},
            {"p": 0, "offer": [1, 2, 3]},
            {"p": 0, "offer": []},
            {"p": 0, "offer": "1,2"},
            {"p": 0, "offer": [1, "2"]},
            {"p": 0, "offer": [1, True]},
            {"p": 0, "offer": [1, 2.0]},
            {"p": 0, "offer": [1, None]},
            {"p": 0, "offer": [[1], 2]},
            {"p": 0, "offer": {"a": 1, "b": 2}},
            {"p": 0, "offer": 1},
            {"p": 0, "place": [1]},
            {"p": 0, "place": [1, 2, 3]},
            {"p": 0, "place": ["1", 2]},
            {"p": 0, "place": [1, None]},
            {"p": 0, "place": [True, 1]},
            {"p": 0, "place": [1, 1.5]},
            {"p": 0, "place": 5},
            {"p": 1, "take": "5"},
            {"p": 1, "take": True},
            {"p": 1, "take": 5.0},
            {"p": 1, "take": [5]},
            {"p": 1, "take": None},
            {"p": 0, "keep": "48"},
            {"p": 0, "keep": False},
            {"p": 0, "keep": [48]},
            {"p": 0, "keep": {"card": 48}},
        ]
        for obj in bad:
            with self.subTest(obj=obj):
                self.assert_malformed(obj)
                self.assert_malformed(obj, pacal.SOLO)

    def test_duel_deals(self):
        bad = [
            {"deal": [H0, H1, ASIDE]},
            {"deal": None},
            {"deal": duel_deal_obj()["deal"], "p": 0},  # a deal line has one key
            {"deal": duel_deal_obj()["deal"], "x": 1},
            duel_deal_obj(first=None),  # missing keys
            duel_deal_obj(aside=None),
            duel_deal_obj(hands=None),
            duel_deal_obj(pile=list(ASIDE)),  # extra key
            duel_deal_obj(first=True),
            duel_deal_obj(first="0"),
            duel_deal_obj(first=0.0),
            duel_deal_obj(first=[0]),
            duel_deal_obj(hands=[H0]),  # wrong number of hands
            duel_deal_obj(hands=[H0[:5], H0[5:10], H0[10:]]),
            duel_deal_obj(hands=[]),
            duel_deal_obj(hands={"0": H0, "1": H1}),
            duel_deal_obj(hands=H0 + H1),
            duel_deal_obj(hands=[H0, "16..30"]),
            duel_deal_obj(hands=[H0[:14] + ["15"], H1]),
            duel_deal_obj(hands=[H0[:14] + [True], H1]),
            duel_deal_obj(hands=[H0[:14] + [15.0], H1]),
            duel_deal_obj(hands=[H0[:14] + [None], H1]),
            duel_deal_obj(aside="31..50"),
            duel_deal_obj(aside=ASIDE[:19] + [[50]]),
            {"deal": {"pile": SOLO_PILE, "aside": SOLO_ASIDE}},  # a solo deal
        ]
        for obj in bad:
            with self.subTest(obj=obj):
                self.assert_malformed(obj)

    def test_solo_deals(self):
        good = {"pile": list(SOLO_PILE), "aside": list(SOLO_ASIDE)}
        bad = [
            {"deal": dict(good, first=0)},
            {"deal": {"pile": SOLO_PILE}},
            {"deal": {"aside": SOLO_ASIDE}},
            {"deal": dict(good, pile=SOLO_PILE[:39] + [True])},
            {"deal": dict(good, pile=SOLO_PILE[:39] + ["11"])},
            {"deal": dict(good, aside=SOLO_ASIDE[:9] + [1.0])},
            {"deal": dict(good, aside=None)},
            {"deal": dict(good)["pile"]},
            {"deal": {"hands": [H0, H1], "aside": ASIDE, "first": 0}},  # a duel deal
        ]
        for obj in bad:
            with self.subTest(obj=obj):
                self.assert_malformed(obj, pacal.SOLO)

    def test_wrong_sizes_rejected_by_reader_or_game(self):
        # Lengths of the hands and of the aside: the reader or the game
        # refuses them (IllegalMove is a ValueError).
        bad = [
            duel_deal_obj(hands=[H0[:14], H1], aside=ASIDE + [15]),
            duel_deal_obj(hands=[H0 + [16], H1[1:]]),
            duel_deal_obj(aside=ASIDE[:19]),
            duel_deal_obj(first=2),
            duel_deal_obj(hands=[H0[:14] + [16], H1]),
            duel_deal_obj(hands=[H0[:14] + [0], H1]),
            duel_deal_obj(hands=[H0[:14] + [51], H1]),
        ]
        for obj in bad:
            with self.subTest(obj=obj), self.assertRaises(ValueError):
                pacal.Pacal().apply(from_json(obj, pacal.DUEL))
        solo_bad = [
            {"deal": {"pile": SOLO_PILE[:39], "aside": SOLO_ASIDE + [11]}},
            {"deal": {"pile": SOLO_PILE + [1], "aside": SOLO_ASIDE[1:]}},
        ]
        for obj in solo_bad:
            with self.subTest(obj=obj), self.assertRaises(ValueError):
                pacal.Pacal(pacal.SOLO).apply(from_json(obj, pacal.SOLO))

    def test_player_out_of_range_is_refused_by_the_game(self):
        g = pacal.Pacal()
        g.apply(from_json(duel_deal_obj(), pacal.DUEL))
        for obj in (
            {"p": 2, "offer": [1, 2]},
            {"p": -1, "offer": [1, 2]},
            {"p": 1, "offer": [1, 2]},
        ):
            with self.subTest(obj=obj), self.assertRaises(ValueError):
                g.apply(from_json(obj, pacal.DUEL))
        g.apply(from_json({"p": 0, "offer": [1, 2]}, pacal.DUEL))
        self.assertEqual(g.to_move(), (1,))


if __name__ == "__main__":
    unittest.main()
