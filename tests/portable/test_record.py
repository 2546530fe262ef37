"""Game records (docs/RECORDS.md): what a reader accepts, what it
rejects and with which line, and that writing then reading gives the game back."""

import json
import unittest

from tabletop.records import notation
from tabletop.records.record import Record, RecordError, check, parse_header, valid_date
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.rng import Rng

PYRAOS_HEADER = '{"format": 1, "game": "pyraos", "variant": "standard"}'


def lines_of(*objs):
    return "\n".join(o if type(o) is str else json.dumps(o) for o in objs) + "\n"


def error_of(text):
    """(line, reason) of the first fault Record.read finds, or None."""
    try:
        Record.read(text)
    except RecordError as err:
        return (err.line, err.reason)
    return None


def play_random(game, variant, seed):
    rng = Rng(seed)
    rec = Record.new(game, variant, seed=seed)
    while not rec.state.is_over():
        if game == "pacal" and rec.state.phase == pacal.P_DEAL:
            if variant == "solo":
                rec.add(pacal.deal_solo(rng))
            else:
                rec.add(pacal.deal_duel(rng))
            continue
        rec.add(rng.choice(list(rec.state.legal_moves())))
    rec.set_result()
    return rec


class HeaderTest(unittest.TestCase):
    def test_minimal_headers_of_every_game(self):
        for game, variant in (
            ("pacal", "duel"),
            ("pacal", "solo"),
            ("pyraos", "standard"),
            ("pyraos", "kids"),
            ("pyraos", "lines"),
            ("diabolo", "standard"),
        ):
            h = {"format": 1, "game": game, "variant": variant}
            if game == "diabolo":
                h["players"] = ["a", "b", "c"]  # Diabolo needs its count of players
            self.assertEqual(parse_header(h), h)

    def test_optional_keys(self):
        h = {
            "format": 1,
            "game": "pyraos",
            "variant": "lines",
            "players": ["Ann", "Bo"],
            "date": "2026-11-25T20:15:00+01:00",
            "seed": 7,
            "event": "club night",
        }
        self.assertEqual(parse_header(h), h)

    def bad(self, header, words):
        with self.assertRaises(ValueError) as ctx:
            parse_header(header)
        self.assertIn(words, str(ctx.exception))

    def test_rejections_name_the_key(self):
        base = {"format": 1, "game": "pyraos", "variant": "standard"}

        def but(**change):
            h = dict(base)
            for k in change:
                if change[k] is None:
                    del h[k]
                else:
                    h[k] = change[k]
            return h

        self.bad(but(format=None), '"format"')
        self.bad(but(game=None), '"game"')
        self.bad(but(variant=None), '"variant"')
        self.bad(but(format=2), "format 2")
        self.bad(but(format=True), "format true")
        self.bad(but(format="1"), "format")
        self.bad(but(game="chess"), "chess")
        self.bad(but(variant="duel"), "duel")
        self.bad(but(colour="red"), '"colour"')
        self.bad(but(players=["one"]), "players")
        self.bad(but(players=["a", 2]), "players")
        self.bad(but(seed=1.5), "seed")
        self.bad(but(seed=False), "seed")
        self.bad(but(date="25/11/2026"), "date")
        self.bad(but(event=3), "event")
        self.bad(but(result=1), "result")
        self.bad(["format", 1], "object")

    def test_player_counts(self):
        parse_header({"format": 1, "game": "pacal", "variant": "solo", "players": ["me"]})
        self.bad({"format": 1, "game": "pacal", "variant": "solo", "players": ["a", "b"]}, "1")
        parse_header(
            {"format": 1, "game": "diabolo", "variant": "standard", "players": ["a", "b", "c"]}
        )
        self.bad({"format": 1, "game": "diabolo", "variant": "standard", "players": ["a"]}, "3")

    def test_dates(self):
        for good in (
            "2026-11-25",
            "2024-02-29",
            "2026-11-25T09:05",
            "2026-11-25T09:05:30",
            "2026-11-25T09:05:30.25Z",
            "2026-11-25T09:05:30-05:00",
        ):
            self.assertTrue(valid_date(good), good)
        for bad in (
            "2026-13-01",
            "2025-02-29",
            "2026-11-31",
            "2026-1-5",
            "20261125",
            "2026-11-25T25:00",
            "2026-11-25T10:00+1",
            "2026-11-25X",
            "",
            None,
        ):
            self.assertFalse(valid_date(bad), bad)


class ReadTest(unittest.TestCase):
    def test_round_trip_of_random_games(self):
        for game, variant, seed in (
            ("pyraos", "standard", 1),
            ("pyraos", "kids", 2),
            ("pyraos", "lines", 3),
            ("pacal", "solo", 4),
            ("pacal", "duel", 5),
        ):
            rec = play_random(game, variant, seed)
            text = rec.dumps()
            back = Record.read(text)
            self.assertEqual(back.events, rec.events)
            self.assertEqual(back.header, rec.header)
            self.assertEqual(back.dumps(), text)
            self.assertTrue(back.state.is_over())
            # Every line is one JSON object; line 1 the header with the result.
            rows = text.split("\n")
            self.assertEqual(rows[-1], "")
            self.assertEqual(len(rows) - 2, len(rec.events))
            self.assertEqual(json.loads(rows[0])["result"], rec.summary())

    def test_short_form_positions_written_long_form_accepted(self):
        text = lines_of(PYRAOS_HEADER, {"p": 0, "place": "1a1"}, {"p": 1, "place": "b1"})
        rec = Record.read(text)
        self.assertEqual(rec.events[0], (pyraos.PLACE, 0, index("a1"), -1))
        self.assertIn('"a1"', rec.lines()[1])

    def test_a_record_may_end_mid_game_and_without_final_newline(self):
        rec = Record.read(PYRAOS_HEADER + '\n{"p": 0, "place": "b2"}')
        self.assertEqual(len(rec.events), 1)
        self.assertIsNone(rec.state.outcome())
        self.assertEqual(Record.read(PYRAOS_HEADER).events, [])

    def test_faults_name_their_line(self):
        place = '{"p": 0, "place": "b2"}'
        cases = (
            ("", 1, "empty"),
            ("not json\n", 1, "header"),
            ('{"format": 1}\n', 1, "header"),
            (PYRAOS_HEADER + "\n" + place + "\n\n", 3, "empty line"),
            (PYRAOS_HEADER + "\n\ufeff" + place + "\n", 2, "byte order mark"),
            (PYRAOS_HEADER + "\r\n" + place + "\r\n\r\n", 3, "empty line"),
            (PYRAOS_HEADER + "\r" + place + "\r", 1, "CR alone"),
            (PYRAOS_HEADER + "\n" + place + "\n{oops}\n", 3, "JSON"),
            (PYRAOS_HEADER + "\n[1, 2]\n", 2, "object"),
            (PYRAOS_HEADER + '\n{"p": 0, "place": "b2", "x": 1}\n', 2, "exactly one"),
            (PYRAOS_HEADER + '\n{"p": 0, "place": "e5"}\n', 2, "e5"),
            (PYRAOS_HEADER + '\n{"p": true, "place": "b2"}\n', 2, "p must"),
            (PYRAOS_HEADER + '\n{"place": "b2"}\n', 2, '"p"'),
            (PYRAOS_HEADER + '\n{"p": 1, "place": "b2"}\n', 2, "turn"),
            (PYRAOS_HEADER + "\n" + place + "\n" + '{"p": 1, "place": "b2"}\n', 3, "taken"),
            (PYRAOS_HEADER + '\n{"p": 0, "place": "2a1"}\n', 2, "not supported"),
        )
        for text, line, words in cases:
            got = error_of(text)
            # (assertIsNotNone would %-format the tuple on MicroPython)
            self.assertTrue(got is not None, "accepted: %r" % (text,))
            self.assertEqual(got[0], line, text)
            self.assertIn(words, got[1], text)

    def test_bytes_that_are_not_utf8(self):
        got = error_of(b'{"format": 1, "game": "pyraos", "variant": "standard"}\n\xff\n')
        self.assertIn("UTF-8", got[1])
        # (Notepad's "Unicode": UTF-16 with its BOM)
        self.assertEqual(
            error_of(b"\xff\xfe{\x00}\x00")[1], "the file is UTF-16 text; records are UTF-8"
        )

    def test_pacal_builds_of_one_turn_in_either_order(self):
        rng = Rng(11)
        for order in ((0, 1), (1, 0)):
            state = pacal.Pacal("duel")
            deal = pacal.deal_duel(rng)
            state.apply(deal)
            first = deal[1]
            hand = state.hand(first)
            offer = (pacal.OFFER, first, hand[0], hand[1])
            take = (pacal.TAKE, 1 - first, hand[0], 0)
            state.apply(offer)
            state.apply(take)
            card = {1 - first: hand[0], first: hand[1]}
            objs = [
                {"format": 1, "game": "pacal", "variant": "duel"},
                notation.to_json("pacal", deal),
                notation.to_json("pacal", offer),
                notation.to_json("pacal", take),
            ]
            for p in order:
                objs.append({"p": p, "place": [card[p], 1]})
            rec = Record.read(lines_of(*objs))
            self.assertEqual(rec.state.pyramid(0)[0], card[0])
            self.assertEqual(rec.state.pyramid(1)[0], card[1])
            self.assertEqual(rec.state.to_move(), (1 - first,))

    def test_a_diabolo_record_needs_its_players(self):
        got = error_of('{"format": 1, "game": "diabolo", "variant": "standard"}\n')
        self.assertEqual(got[0], 1)
        self.assertIn('a diabolo record needs "players"', got[1])


class ResultTest(unittest.TestCase):
    def test_correct_result_is_accepted(self):
        for game, variant, seed in (("pyraos", "standard", 8), ("pacal", "solo", 9)):
            rec = play_random(game, variant, seed)
            self.assertEqual(Record.read(rec.dumps()).header["result"], rec.summary())

    def test_wrong_result_is_rejected_on_line_1(self):
        rec = play_random("pyraos", "standard", 8)
        winner = rec.summary()["winner"]
        rec.header["result"] = {"winner": 1 - winner}
        got = error_of(rec.dumps())
        self.assertEqual(got[0], 1)
        self.assertIn("result", got[1])

    def test_result_true_is_not_1(self):
        rec = play_random("pyraos", "standard", 10)
        rec.header["result"] = {"winner": rec.summary()["winner"] == 1}
        self.assertTrue(error_of(rec.dumps()) is not None)

    def test_result_on_an_unfinished_game_is_rejected(self):
        text = lines_of(
            '{"format": 1, "game": "pyraos", "variant": "standard", "result": {"winner": 0}}',
            {"p": 0, "place": "b2"},
        )
        got = error_of(text)
        self.assertEqual(got[0], 1)
        self.assertIn("not over", got[1])

    def test_solo_result(self):
        rec = play_random("pacal", "solo", 12)
        result = rec.header["result"]
        self.assertEqual(sorted(result), ["cards_used", "won"])
        self.assertIs(result["won"], rec.state.outcome().winner == 0)
        self.assertEqual(result["cards_used"], len(rec.events) - 1)


class CheckTest(unittest.TestCase):
    def test_reports_every_line_and_stops_at_the_first_bad_one(self):
        text = lines_of(
            PYRAOS_HEADER,
            {"p": 0, "place": "a1"},
            {"p": 1, "place": "b1"},
            {"p": 1, "place": "c1"},
            {"p": 0, "place": "d1"},
        )
        items = list(check(text))
        self.assertEqual(
            [(i["line"], i["ok"]) for i in items[:-1]], [(2, True), (3, True), (4, False)]
        )
        self.assertIn("turn", items[2]["error"])
        summary = items[-1]
        self.assertTrue(summary["summary"])
        self.assertFalse(summary["ok"])
        self.assertEqual(summary["line"], 4)
        self.assertEqual(len(summary["record"].events), 2)

    def test_a_file_that_is_no_record_is_fatal(self):
        for text in ("", "hello\n", '{"format": 1, "game": "go", "variant": "x"}\n', b"\xfe\xff"):
            items = list(check(text))
            self.assertEqual(len(items), 1)
            self.assertTrue(items[0]["fatal"])
            self.assertIsNone(items[0]["record"])

    def test_a_good_record_ends_with_an_ok_summary(self):
        rec = play_random("pacal", "duel", 13)
        items = list(check(rec.dumps()))
        self.assertEqual(len(items), len(rec.events) + 1)
        self.assertTrue(all(i["ok"] for i in items))
        self.assertEqual(items[-1]["line"], len(rec.events) + 1)


def nested(n, inner="1"):
    return "[" * n + inner + "]" * n


class HostileTextTest(unittest.TestCase):
    """What no editor makes but a broken tool or a careless user might."""

    def assert_refused(self, text, line, words, fatal):
        got = error_of(text)
        self.assertTrue(got is not None, "accepted")
        self.assertEqual(got[0], line)
        self.assertIn(words, got[1])
        items = list(check(text))
        self.assertTrue(items[-1]["summary"])
        self.assertFalse(items[-1]["ok"])
        self.assertEqual(items[-1]["line"], line)
        self.assertEqual(items[-1].get("fatal", False), fatal)

    def test_a_thousand_nested_brackets_name_their_line(self):
        place = '{"p": 0, "place": "b2"}'
        for n in (1000, 100000):
            deep = nested(n)
            # an event's value, a key no move has, the header's own keys
            self.assert_refused(
                lines_of(PYRAOS_HEADER, '{"p": 0, "place": %s}' % deep), 2, "nested too deep", False
            )
            self.assert_refused(
                lines_of(PYRAOS_HEADER, place, '{"p": 1, "x": %s}' % deep), 3, "nested", False
            )
            self.assert_refused(
                '{"format": 1, "game": "pyraos", "variant": "standard", "event": %s}\n' % deep,
                1,
                "nested too deep",
                True,
            )
            self.assert_refused('{"result": %s}\n' % deep, 1, "nested", True)

    def test_nesting_as_deep_as_a_record_needs_is_read(self):
        # {"result": {"scores": [[...]]}} and a Pacal deal's hands are four deep.
        rec = play_random("pacal", "duel", 5)
        self.assertEqual(Record.read(rec.dumps()).events, rec.events)
        self.assert_refused(
            lines_of(PYRAOS_HEADER, '{"p": 0, "place": %s}' % nested(14, '"b2"')),
            2,
            "is not a position",
            False,
        )
        self.assert_refused(
            lines_of(PYRAOS_HEADER, '{"p": 0, "place": %s}' % nested(16, '"b2"')),
            2,
            "nested too deep",
            False,
        )

    def test_a_record_without_its_header_says_so(self):
        move = '{"p": 0, "place": "b2"}'
        for text, words in (
            (
                lines_of(move, '{"p": 1, "place": "c3"}'),
                "this is a move, so the header line is missing",
            ),
            (lines_of('{"deal": {"pile": [], "aside": []}}'), "this is a deal, so the header line"),
            (lines_of('{"name": "Ann"}'), 'none of "format", "game" and "variant"'),
        ):
            self.assert_refused(text, 1, words, True)
            self.assertNotIn("unknown header key", error_of(text)[1])
        # a header that only lacks a key still names the key
        self.assert_refused('{"game": "pyraos", "variant": "kids"}\n', 1, 'needs "format"', True)

    def test_read_says_when_a_file_is_no_record_at_all(self):
        for text, fatal in (
            ("hello\n", True),
            ("", True),
            (b"\xff\xfe{}", True),
            (lines_of('{"p": 0, "place": "b2"}'), True),
            (lines_of(PYRAOS_HEADER, '{"p": 1, "place": "b2"}'), False),
        ):
            try:
                Record.read(text)
            except RecordError as err:
                self.assertEqual(err.fatal, fatal, text)
            else:
                self.fail("accepted: %r" % (text,))


class WindowsTextTest(unittest.TestCase):
    """A record edited on Windows: a BOM first, CR LF line ends."""

    def test_a_bom_and_cr_lf_read_as_the_plain_record(self):
        rec = play_random("pyraos", "lines", 3)
        plain = rec.dumps()
        windows = "\ufeff" + plain.replace("\n", "\r\n")
        for data in (
            windows,
            windows.encode("utf-8"),
            windows[:-2],  # no line end after the last line
            windows[:-1],  # a CR alone at the very end
            "\ufeff" + plain,  # a BOM and LF
            plain.replace("\n", "\r\n", 3),  # CR LF and LF mixed
        ):
            back = Record.read(data)
            self.assertEqual(back.events, rec.events)
            self.assertEqual(back.header, rec.header)
            # written back: LF only, no BOM, the same text as the plain record
            self.assertEqual(back.dumps(), plain)
            items = list(check(data))
            self.assertTrue(items[-1]["ok"])
            self.assertEqual(items[-1]["line"], len(rec.events) + 1)

    def test_faults_keep_their_line_numbers_after_a_bom(self):
        text = (
            "\ufeff" + PYRAOS_HEADER + '\r\n{"p": 0, "place": "b2"}\r\n{"p": 0, "place": "c3"}\r\n'
        )
        got = error_of(text.encode("utf-8"))
        self.assertEqual(got[0], 3)
        self.assertIn("turn", got[1])

    def test_only_one_bom_and_only_at_the_start(self):
        got = error_of("\ufeff\ufeff" + PYRAOS_HEADER + "\n")
        self.assertEqual(got[0], 1)
        self.assertIn("byte order mark", got[1])
        # a BOM inside a name is text like any other
        h = '{"format": 1, "game": "pyraos", "variant": "standard", "players": ["\ufeffAnn", "Bo"]}'
        self.assertEqual(Record.read(h + "\r\n").header["players"][0], "\ufeffAnn")
