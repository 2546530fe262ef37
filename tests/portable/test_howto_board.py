"""How to play on the board's display (tabletop.show.howto): at the game
select, hold BACK shows the chosen variant's rules a page at a time, MENU
turns the page, BACK or MENU on the last goes back to the select; every
game, variant and language, on CPython and under MicroPython."""

import sys
import unittest

from board_support import profile_json
from device_support import StillHal
from tabletop import games
from tabletop.buttons import presses
from tabletop.profile import load
from tabletop.runtime import Runtime
from tabletop.show import words
from tabletop.show.text import COLS, ROWS

TITLES = {"en": "Rules ", "nl": "Spelregels ", "fr": "Regles "}
START = {"en": "MENU: start", "nl": "MENU: beginnen", "fr": "MENU: commencer"}


def runtime(game, variant, lang):
    obj = profile_json(game)
    obj["lang"] = lang
    prof = load(obj)
    shown = []
    rt = Runtime(prof, StillHal(prof), (game, variant), status=shown.append)
    rt.tick(0)
    return rt, shown


def press(rt, event, now):
    rt.queued = event
    rt.tick(now)


class TestHowToPlayOnTheBoard(unittest.TestCase):
    def tearDown(self):
        words.use("en", "pacal")

    def test_every_variant_pages_through_its_rules_and_back_to_the_select(self):
        for game in games.NAMES:
            for variant in games.variants(game):
                for lang in words.LANGS:
                    with self.subTest(game=game, variant=variant, lang=lang):
                        self.pages(game, variant, lang)

    def pages(self, game, variant, lang):
        rt, shown = runtime(game, variant, lang)
        select = shown[-1]
        self.assertEqual(rt.board.variant, variant)
        self.assertIn(START[lang], select)
        press(rt, presses.LONG_BACK, 10)
        first = shown[-1]
        self.assertTrue(first[0].startswith(TITLES[lang] + "1/"), first)
        count = int(first[0].rsplit("/", 1)[1])
        self.assertGreaterEqual(count, 5)
        seen = []
        for page in range(count):
            rows = shown[-1]
            self.assertEqual(rows[0], "%s%d/%d" % (TITLES[lang], page + 1, count))
            self.assertLessEqual(len(rows), ROWS)
            for row in rows:
                self.assertLessEqual(len(row), COLS, rows)
            self.assertNotEqual(rows[-1], select[-1])
            seen += rows[1:-1]
            press(rt, presses.SHORT_MENU, 20 + 10 * page)
        self.assertEqual(shown[-1], select)  # MENU on the last page: the select again
        self.assertEqual(rt.board.mode, 0)  # (no game started by the pages' MENUs)
        text = " ".join(r for r in seen if r)
        self.assertGreater(len(text), 200)
        # the goal first, in the board's language
        goal = {"en": "Goal", "nl": "Doel", "fr": "But"}[lang]
        self.assertTrue(text.startswith(goal), text[:40])
        for name in ("tabletop.show.howto", "tabletop.show.howto_%s_%s" % (lang, game)):
            self.assertNotIn(name, sys.modules)  # (let go: a game in play carries none)

    def test_back_leaves_at_any_page_and_menu_then_starts_the_game(self):
        for game in games.NAMES:
            with self.subTest(game=game):
                rt, shown = runtime(game, games.variants(game)[0], "en")
                select = shown[-1]
                press(rt, presses.LONG_BACK, 10)
                press(rt, presses.SHORT_MENU, 20)
                self.assertTrue(shown[-1][0].startswith("Rules 2/"), shown[-1])
                press(rt, presses.SHORT_BACK, 30)
                self.assertEqual(shown[-1], select)
                self.assertIsNone(rt.howto)

    def test_the_select_screen_says_how(self):
        for game in games.NAMES:
            for lang, said in (("en", "hold BACK: rules"), ("nl", "lang BACK: hulp")):
                rt, shown = runtime(game, games.variants(game)[0], lang)
                self.assertIn(said, shown[-1], (game, lang))
