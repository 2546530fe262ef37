"""Pyraos moves as records (docs/RECORDS.md): the JSON forms, round
trips, malformed objects refused, a written game replays. Scripts and
positions: pyraos_support.
"""

import json

from pyraos_support import (
    FREED,
    PyraosCase,
    from_json,
    parse,
    snapshot,
    to_json,
)
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import TOP
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.pyraos_geometry import position_name as name


class RecordTest(PyraosCase):
    def test_to_json_forms(self):
        """docs/RECORDS.md: place "b2", raise ["a1", "2b2"], remove ["c3"] or ["c3", "2a1"]."""
        self.assertEqual(to_json((PLACE, 0, index("b2"), -1)), {"p": 0, "place": "b2"})
        self.assertEqual(
            to_json((RAISE, 0, index("a1"), index("2b2"))), {"p": 0, "raise": ["a1", "2b2"]}
        )
        self.assertEqual(to_json((REMOVE, 1, index("c3"), -1)), {"p": 1, "remove": ["c3"]})
        self.assertEqual(
            to_json((REMOVE, 0, index("c3"), index("2a1"))), {"p": 0, "remove": ["c3", "2a1"]}
        )
        self.assertEqual(to_json((PLACE, 1, TOP, -1)), {"p": 1, "place": "4a1"})

    def test_round_trip_every_kind(self):
        """from_json(to_json(m)) == m for places, raises and removes, also through JSON text."""
        moves = []
        for p in (0, 1):
            for a in range(30):
                moves.append((PLACE, p, a, -1))
                moves.append((REMOVE, p, a, -1))
                for b in range(30):
                    if b != a:
                        moves.append((REMOVE, p, a, b))
                        moves.append((RAISE, p, a, b))
        for m in moves:
            obj = to_json(m)
            self.assertEqual(from_json(obj), m)
            self.assertEqual(from_json(json.loads(json.dumps(obj)), "lines"), m)
            for value in obj.values():
                if type(value) is str:
                    self.assertEqual(value, name(index(value)))  # short form

    def test_long_level_one_names_read(self):
        """Readers accept 1a1 for a1."""
        self.assertEqual(from_json({"p": 0, "place": "1b2"}), (PLACE, 0, index("b2"), -1))
        self.assertEqual(
            from_json({"p": 1, "raise": ["1a1", "2b2"]}), (RAISE, 1, index("a1"), index("2b2"))
        )
        self.assertEqual(
            from_json({"p": 0, "remove": ["1d4", "1a1"]}), (REMOVE, 0, index("d4"), index("a1"))
        )

    def test_malformed_objects_rejected(self):
        """Missing or bool p, extra or unknown keys, wrong lengths, bad names: ValueError."""
        bad = [
            None, [], "b2", 0, ["p", 0],
            {}, {"place": "b2"}, {"p": 0},
            {"p": True, "place": "b2"}, {"p": False, "place": "b2"}, {"p": "0", "place": "b2"},
            {"p": 0.0, "place": "b2"}, {"p": None, "place": "b2"}, {"p": [0], "place": "b2"},
            {"p": 0, "place": "b2", "raise": ["a1", "2a1"]},
            {"p": 0, "place": "b2", "x": 1}, {"p": 0, "put": "b2"}, {"p": 0, "Place": "b2"},
            {"p": 0, "place": "e1"}, {"p": 0, "place": "2d1"}, {"p": 0, "place": ""},
            {"p": 0, "place": "B2"}, {"p": 0, "place": 5}, {"p": 0, "place": ["b2"]},
            {"p": 0, "place": None},
            {"p": 0, "raise": ["a1"]}, {"p": 0, "raise": ["a1", "2a1", "3a1"]},
            {"p": 0, "raise": []}, {"p": 0, "raise": "a1"}, {"p": 0, "raise": {"a1": "2a1"}},
            {"p": 0, "raise": ["a1", "2d1"]}, {"p": 0, "raise": ["a1", 16]},
            {"p": 0, "remove": []}, {"p": 0, "remove": ["a1", "b1", "c1"]},
            {"p": 0, "remove": "a1"}, {"p": 0, "remove": ["a5"]}, {"p": 0, "remove": [None]},
            {"p": 0, "remove": ["a1", "3c1"]}, {"p": 0, "remove": None},
        ]  # fmt: skip
        for obj in bad:
            with self.subTest(obj=obj):
                self.assertRaises(ValueError, from_json, obj)

    def test_record_moves_play(self):
        """A game written as records replays to the same state."""
        g = self.play(FREED)
        h = Pyraos()
        for token in FREED.split():
            m = parse(h, token)
            h.apply(from_json(json.loads(json.dumps(to_json(m)))))
        self.assertEqual(snapshot(h), snapshot(g))
