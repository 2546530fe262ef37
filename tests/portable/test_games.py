"""The registry of games (tabletop.games) and the game-level contract every
registered game keeps, under CPython and MicroPython: its parts are where the
naming convention says and have the names the firmware asks for; its rules
say its variants, how many it seats, a new state and a record's result; and a
game that is not registered (or not a name at all) is a clear UnknownGame,
from the registry and from everything that takes a game's name. The tests
iterate the registry: a game added to it fails them until it keeps the
contract."""

import json
import unittest

from board_support import profile_json
from hal.common import ProfileError
from tabletop import games, players
from tabletop.board.contract import Board
from tabletop.keep.journal import Journal
from tabletop.profile import load, schema
from tabletop.records import notation, record
from tabletop.records.record import Record, RecordError, parse_header
from tabletop.rules.rng import Rng

# Not games: names that are no game, and things that are no name.
NOT_GAMES = ("chess", "", "Pyraos", "pyraos ", "x" * 300, None, 3, 2.5, True,
             ["pyraos"], {"game": "pyraos"}, ("pacal",), b"diabolo")  # fmt: skip
# What each part must have (tabletop.games' docstring).
NAMES_OF = {
    "rules": ("VARIANTS", "seats", "new_state", "result"),
    "board": ("make",),
    "render": ("render", "animating"),
    "status": ("lines",),
    "notation": ("to_json", "from_json", "is_deal"),
    "player": ("start",),
    "schema": ("check", "led_names"),
    "picture": ("text",),
}


class RegistryTest(unittest.TestCase):
    def test_the_games_and_their_variants(self):
        self.assertEqual(sorted(games.NAMES), sorted(games.VARIANTS))
        self.assertEqual(len(set(games.NAMES)), len(games.NAMES))
        for game in games.NAMES:
            self.assertTrue(games.known(game))
            self.assertEqual(games.check(game), game)
            variants = games.variants(game)
            self.assertTrue(type(variants) is tuple and variants, game)
        self.assertEqual(sorted(NAMES_OF), sorted(games.KINDS))

    def test_what_is_no_game_is_a_clear_unknown_game(self):
        for bad in NOT_GAMES:
            with self.subTest(game=bad):
                self.assertFalse(games.known(bad))
                for ask in (games.check, games.variants, lambda g: games.part(g, "rules")):
                    with self.assertRaises(games.UnknownGame) as ctx:
                        ask(bad)
                    err = ctx.exception
                    self.assertTrue(isinstance(err, ValueError))
                    self.assertTrue(err.game is bad)
                    self.assertMessage(str(err), bad)

    def assertMessage(self, text, bad):
        self.assertTrue(text.startswith("unknown game "), text)
        for game in games.NAMES:
            self.assertTrue(game in text, text)
        self.assertTrue(len(text) < 120, text)
        if type(bad) is not str:
            self.assertTrue("not a name" in text, text)

    def test_a_part_that_is_not_one_is_refused(self):
        with self.assertRaises(ValueError):
            games.part(games.NAMES[0], "music")
        with self.assertRaises(ValueError):
            games.part(games.NAMES[0], ["rules"])


class EveryGameTest(unittest.TestCase):
    """The contract of each registered game."""

    def test_each_part_is_there_with_its_names(self):
        for game in games.NAMES:
            for kind in games.KINDS:
                with self.subTest(game=game, kind=kind):
                    part = games.part(game, kind)
                    self.assertEqual(part.__name__, games.path(game, kind))
                    for name in NAMES_OF[kind]:
                        self.assertTrue(hasattr(part, name), "%s has no %s" % (part, name))

    def test_the_rules_seat_a_count_make_a_state_and_give_its_result(self):
        for game in games.NAMES:
            rules = games.part(game, "rules")
            self.assertEqual(tuple(rules.VARIANTS), games.variants(game))
            for variant in rules.VARIANTS:
                with self.subTest(game=game, variant=variant):
                    low, high = rules.seats(variant)
                    self.assertTrue(1 <= low <= high, (low, high))
                    for n in range(low, high + 1):
                        state = rules.new_state(variant, n)
                        self.assertEqual(type(state).GAME, game)
                        self.assertEqual(state.variant, variant)
                        self.assertFalse(state.is_over())
                    for n in (low - 1, high + 1, "2", None, 2.0):
                        if n == 0 and low == high:
                            continue  # 0: as many as a fixed count (records without players)
                        with self.assertRaises(ValueError):
                            rules.new_state(variant, n)
                    if low == high:
                        self.assertEqual(type(rules.new_state(variant)).GAME, game)
                    else:
                        with self.assertRaises(ValueError):
                            rules.new_state(variant)  # (the count is the record's to say)
                    result = rules.result(state)
                    self.assertEqual(type(result), dict)
                    self.assertEqual(json.loads(json.dumps(result)), result)
                    self.assertEqual(record.outcome_of(game, variant, state), result)
            with self.assertRaises(ValueError):
                rules.new_state("nonesuch", 2)

    def test_a_record_of_each_game_and_variant(self):
        for game in games.NAMES:
            rules = games.part(game, "rules")
            for variant in rules.VARIANTS:
                low, high = rules.seats(variant)
                names = ["P%d" % (i + 1) for i in range(high)]
                rec = Record.new(game, variant, players=names)
                self.assertEqual(type(rec.state).GAME, game)
                again = Record.read(rec.dumps())
                self.assertEqual((again.game, again.variant), (game, variant))
                self.assertEqual(again.summary(), rules.result(again.state))
                if low != high:
                    with self.assertRaises(ValueError):
                        Record.new(game, variant)  # (without its players)
                with self.assertRaises(ValueError):
                    Record.new(game, variant, players=names + ["one too many"])

    def test_each_schema_names_the_lights_its_profile_maps(self):
        for game in games.NAMES:
            prof = load(profile_json(game))
            self.assertEqual(prof.game, game)
            names = games.part(game, "schema").led_names()
            self.assertEqual(schema.led_names(prof), names)
            self.assertEqual(len(prof.led_map), len(names))
            self.assertEqual(len(set(names)), len(names))

    def test_each_board_keeps_the_board_contract(self):
        for game in games.NAMES:
            prof = load(profile_json(game))
            variant = prof.games[0][1]
            journal = Journal(game, variant)
            board = games.part(game, "board").make(prof, variant, journal)
            self.assertTrue(isinstance(board, Board))
            self.assertEqual((board.variant, board.mode, board.journal), (variant, 0, journal))
            self.assertEqual(board.describe({})["game"], game)
            self.assertEqual(type(board.game).GAME, game)

    def test_a_players_choice_is_by_the_state_s_game(self):
        for game in games.NAMES:
            rules = games.part(game, "rules")
            variant = rules.VARIANTS[0]
            state = rules.new_state(variant, rules.seats(variant)[0])
            try:
                thinking = players.start(state, "random", 10, Rng(1))
            except players.NoPlayer:
                self.fail("%s has no player" % game)
            except ValueError:
                continue  # (a deal comes first: no turn to choose)
            self.assertTrue(hasattr(thinking, "step"))


class UnknownGameTest(unittest.TestCase):
    """An unknown game, or one that is no name, is the registry's clear
    UnknownGame wherever a game is named."""

    def message(self, bad):
        return str(games.UnknownGame(bad))

    def test_from_record_reading(self):
        for bad in NOT_GAMES:
            header = {"format": 1, "game": bad, "variant": "standard"}
            with self.assertRaises(games.UnknownGame):
                parse_header(header)
            with self.assertRaises(games.UnknownGame):
                Record.new(bad, "standard")
            for ask in (record.new_state, record.outcome_of):
                with self.assertRaises(games.UnknownGame):
                    ask(bad, "standard", None)
            if type(bad) in (tuple, bytes):
                continue  # (no JSON value)
            with self.assertRaises(RecordError) as ctx:
                Record.read(json.dumps(header) + "\n")
            err = ctx.exception
            self.assertEqual(err.line, 1)
            self.assertEqual(err.reason, "not a record header: " + self.message(bad))

    def test_from_the_profile_loader(self):
        for bad in NOT_GAMES:
            raw = profile_json(games.NAMES[0])
            raw["games"] = [[bad, "standard"]]
            with self.assertRaises(ProfileError) as ctx:
                load(raw)
            self.assertEqual(ctx.exception.key, "games")
            self.assertEqual(ctx.exception.problem, self.message(bad))

    def test_from_notation(self):
        for bad in NOT_GAMES:
            with self.assertRaises(games.UnknownGame):
                notation.for_game(bad)
            with self.assertRaises(games.UnknownGame):
                notation.to_json(bad, (1, 0, 0, 0))
            with self.assertRaises(games.UnknownGame):
                notation.from_json(bad, "standard", {"p": 0})

    def test_from_a_journal(self):
        for bad in NOT_GAMES:
            with self.assertRaises(games.UnknownGame):
                Journal(bad, "standard")
