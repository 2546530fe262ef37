"""The status display in every language (tabletop.show.words), over every
registered game: boards at the game select (with and without a computer
seat), then games of random legal moves replayed into them (as at power on)
and shown in every mode they come to, with their mistakes (red, a marble
lifted, not sure). Every screen fits the SSD1306 (ROWS rows of COLS), and
Dutch and French show no line of words as English does. Also: Pyraos
against the computer, its take-back is the computer's to make (the person
lifts its lit marbles), never "Take 1 or 2 of your lit marbles". Runs under
CPython and MicroPython."""

import unittest

from board_support import profile, profile_json
from device_support import StillHal
from tabletop import games
from tabletop.keep.journal import Journal
from tabletop.profile import load
from tabletop.rules import pyraos
from tabletop.rules.rng import Rng
from tabletop.show import words
from tabletop.show.status_pacal import _ENDS, _reason, reason_key
from tabletop.show.text import COLS, ROWS

SEEDS = (1, 2, 3)
PLIES = 400  # at most, per random game (each runs to its end before)
PUNCT = ".,:;!?()/-'+"


def random_events(game, variant, players, seed):
    """The events of one random game (deals drawn by the rules' chance)."""
    rules = games.part(game, "rules")
    rng = Rng(seed)
    state = rules.new_state(variant, players)
    events = []
    while len(events) < PLIES and not state.is_over():
        ev = rules.chance(state, rng)
        if ev is None:
            moves = list(state.legal_moves())
            if not moves:
                break
            ev = moves[rng.below(len(moves))]
        state.apply(ev)
        events.append(ev)
    return events


def is_words(line, names):
    """Does ``line`` hold a word of the board's language (not only numbers,
    seats, card names and the game's and variants' names)?"""
    for token in line.split():
        t = token.strip(PUNCT)
        if t in names or len(t) < 3 or t in ("MENU", "BACK"):
            continue
        if t[0] in "Pp" and t[1:].isdigit():
            continue
        letters = 0
        for ch in t:
            letters += ch.isalpha()
        if letters >= 3:
            return True
    return False


class Screens:
    """The screens of one game's boards, in English and the other languages."""

    def __init__(self, tc, game):
        self.tc = tc
        self.game = game
        self.prof = profile(game)
        self.names = ("Pyraos", "Pacal", "Diabolo") + games.variants(game)
        self.seen = {}  # language -> lines shown that differ from English
        self.count = 0

    def board(self, variant, seat=-1):
        journal = Journal(self.game, variant, None, self.prof.players)
        b = games.part(self.game, "board").make(self.prof, variant, journal)
        if seat >= 0:
            b.choose_computer(seat)
        return b

    def check(self, board, also=()):
        # ``also``: lines the rules wrote (a Pacal reason), English in every language
        status = games.part(self.game, "status")
        shown = {}
        for lang in words.LANGS:
            words.use(lang, self.game)
            try:
                shown[lang] = status.lines(board)
            finally:
                words.use("en", self.game)
        self.count += 1
        en = shown["en"]
        for lang in words.LANGS:
            rows = shown[lang]
            where = "%s %s %r" % (self.game, lang, rows)
            self.tc.assertLessEqual(len(rows), ROWS, where)
            for line in rows:
                self.tc.assertLessEqual(len(line), COLS, where)
            if lang == "en":
                continue
            for i in range(min(len(en), len(rows))):
                if en[i] == rows[i] and en[i] not in also and is_words(en[i], self.names):
                    self.tc.fail("%s: %r is English in %s" % (where, en[i], lang))
                if en[i] != rows[i]:
                    self.seen.setdefault(lang, set()).add(rows[i])
        return shown


class TestEveryGameInEveryLanguage(unittest.TestCase):
    def test_every_screen_fits_and_is_in_its_language(self):
        for game in games.NAMES:
            with self.subTest(game=game):
                self.screens(game)

    def screens(self, game):
        s = Screens(self, game)
        part = games.part(game, "board")
        rules = games.part(game, "rules")
        for variant in games.variants(game):
            most = rules.seats(variant)[1]
            players = s.prof.players if game == "diabolo" else 0
            for seat in range(-1, most if game != "diabolo" else players):
                s.check(s.board(variant, seat))  # the game select
            for seed in SEEDS:
                events = random_events(game, variant, players, seed)
                step = max(1, len(events) // 12)
                for k in list(range(0, len(events), step)) + [len(events)]:
                    for seat in (-1, seed % max(1, most)):
                        b = s.board(variant, seat)
                        b.resume(events[:k])
                        s.check(b)  # as at power on: until it matches
                        b.mode = part.PLAY
                        s.check(b)
                        self.mistakes(s, b)
        self.assertGreater(s.count, 50)
        for lang in words.LANGS[1:]:
            self.assertGreater(len(s.seen.get(lang, ())), 10, (game, lang))
        return s

    def mistakes(self, s, b):
        # the board's red and hint lights (and Pyraos: a marble not sure)
        for attr in ("errors", "hints", "slot_errors", "field_errors", "field_hints"):
            if hasattr(b, attr):
                setattr(b, attr, 1)
                s.check(b)
                setattr(b, attr, 0)
        if hasattr(b, "unsure"):
            b.unsure = True
            s.check(b)
            b.unsure = False

    def test_dutch_pyraos_says_whose_turn_it_is_in_dutch(self):
        b = Screens(self, "pyraos").board("standard")
        b.resume([])
        b.mode = games.part("pyraos", "board").PLAY
        words.use("nl", "pyraos")
        try:
            lines = games.part("pyraos", "status").lines(b)
        finally:
            words.use("en", "pyraos")
        self.assertEqual(
            lines[:4], ("Pyraos standaard", "Zet 1", "Knikkers 15 : 15", "Licht aan zet")
        )


class TestPacalReasons(unittest.TestCase):
    def test_every_end_the_rules_give_is_said_in_the_boards_words(self):
        # why a round or the game ended, from many random games of both variants
        seen = set()
        for variant in games.variants("pacal"):
            for seed in range(40):
                state = games.part("pacal", "rules").new_state(variant, 0)
                for ev in random_events("pacal", variant, 0, seed):
                    state.apply(ev)
                for text in state.reasons + [state.outcome().reason]:
                    key = reason_key(text)[0]
                    self.assertIn(key, _ENDS, text)
                    seen.add(key)
                    shown = {}
                    for lang in words.LANGS:
                        words.use(lang, "pacal")
                        try:
                            shown[lang] = _reason(text)
                            # (the fields in the language: a seat is P2, S2, J2)
                            for field in reason_key(text)[1]:
                                self.assertIn(field, shown[lang], shown)
                        finally:
                            words.use("en", "pacal")
                    self.assertEqual(len(set(shown.values())), 3, shown)
        self.assertGreaterEqual(len(seen), 6, seen)


class TestLanguageOfTheProfile(unittest.TestCase):
    def test_the_profile_chooses_the_language_and_english_loads_no_table(self):
        import sys

        from tabletop.runtime import Runtime

        for lang in words.LANGS:
            obj = profile_json("pyraos")
            obj["lang"] = lang
            prof = load(obj)
            shown = []
            Runtime(prof, StillHal(prof), status=shown.append).tick(0)
            want = {"en": "MENU: start", "nl": "MENU: beginnen", "fr": "MENU: commencer"}[lang]
            self.assertEqual(shown[-1][3], want)
            tables = ("tabletop.show.words_" + lang, "tabletop.show.words_%s_pyraos" % lang)
            loaded = [m for m in tables if m in sys.modules]
            self.assertEqual(loaded, [])  # (the tables' modules are let go)
        words.use("en", "pyraos")

    def test_a_board_holds_its_tables_only_while_it_works_a_screen_out(self):
        # (the play heap budget: a Dutch or French board in play keeps no
        # text table in RAM; each new screen reads them again, still in its
        # language: the same presses on an English board show other words)
        from tabletop.buttons import presses
        from tabletop.runtime import Runtime

        def screens(game, lang):
            obj = profile_json(game)
            obj["lang"] = lang
            prof = load(obj)
            shown = []
            rt = Runtime(prof, StillHal(prof), status=shown.append)
            try:
                for t in range(0, 3000, 20):
                    if t in (1000, 2000):
                        rt.queued = presses.LONG_MENU if t == 1000 else presses.SHORT_MENU
                    rt.tick(t)
                    self.assertEqual(words._tables, [])
            finally:
                words.use("en", game)
            return shown

        for game in games.NAMES:
            english = screens(game, "en")
            self.assertTrue(len(english) >= 2, english)  # (the select, and what came after)
            for lang in ("nl", "fr"):
                with self.subTest(game=game, lang=lang):
                    said = screens(game, lang)
                    self.assertEqual(len(said), len(english), said)
                    for theirs, ours in zip(english, said):
                        self.assertNotEqual(theirs[1:], ours[1:])  # (below the game's name)


def computer_take_back():
    """A lines game against the computer (Dark) at the moment Dark has made
    a row and is to take back: the person lifts its lit marbles for it."""
    prof = profile("pyraos")
    for seed in range(1, 200):
        rng = Rng(seed)
        g = pyraos.new_state("lines")
        events = []
        while not g.is_over() and len(events) < 60:
            if g.phase == pyraos.P_REMOVE and g.turn == 1:
                b = games.part("pyraos", "board").make(prof, "lines", Journal("pyraos", "lines"))
                b.choose_computer(1)
                b.resume(events)
                b.mode = games.part("pyraos", "board").PLAY
                return b
            moves = list(g.legal_moves())
            ev = moves[rng.below(len(moves))]
            g.apply(ev)
            events.append(ev)
    raise AssertionError("no random game came to a take-back of Dark's")


class TestPyraosComputerTakeBack(unittest.TestCase):
    def shown(self, b):
        return games.part("pyraos", "status").lines(b)

    def test_its_take_back_is_said_for_the_computer(self):
        b = computer_take_back()
        seat = b.computer
        g = b.game
        remove = [m for m in g.legal_moves() if m[0] == pyraos.REMOVE][0]
        seat.moves = [remove]  # (its choice, as after_answer makes it)
        seat.made_count = 0
        lines = self.shown(b)
        self.assertEqual(lines[3], "Dark: computer")
        self.assertIn("Take back the", lines)
        self.assertNotIn("your lit marbles", lines)
        # a marble lifted that is not its (the hint colour where it went)
        b.hints = 1 << 0
        lines = self.shown(b)
        self.assertEqual(lines[3], "Dark: computer")
        self.assertNotIn("your lit marbles", lines)
        self.assertEqual(lines[5:7], ("Put the marble", "back where lit"))
        b.hints = 0
        b.errors = 1 << 29  # one set down where none may be
        lines = self.shown(b)
        self.assertEqual(lines[3], "Dark: computer")
        self.assertNotIn("your lit marbles", lines)

    def test_while_it_thinks_no_person_text_either(self):
        b = computer_take_back()
        b.hints = 1 << 0
        lines = self.shown(b)
        self.assertEqual(lines[3], "Dark: computer")
        self.assertNotIn("Take 1 or 2 of", lines)
