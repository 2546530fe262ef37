"""Only the game a board plays is loaded (tabletop.games: its parts are
imported on first use, by name), and the profile's checks are let go once it
is loaded. A module of its own: under MicroPython it runs in an interpreter
of its own, so what it finds loaded is what booting the boards loaded."""

import sys
import unittest

from board_support import profile_json
from device_support import Platform, new_root, remove_tree
from tabletop import games
from tabletop.device import Device


def loaded():
    return set(name for name in sys.modules if name.startswith("tabletop"))


class LazyTest(unittest.TestCase):
    def test_a_board_loads_its_own_game_only(self):
        for game in games.NAMES:  # each boot may load only what names no other game
            before = loaded()
            root = new_root(self)
            try:
                dev = Device(Platform(root, profile_json(game)))
                self.assertTrue(dev.boot())
                for _ in range(20):
                    dev.step()
                self.assertEqual((dev.mode, dev.failures), ("play", 0))
            finally:
                remove_tree(root)
            new = loaded() - before
            self.assertTrue(games.path(game, "board") in sys.modules, game)
            for other in games.NAMES:
                if other != game:
                    self.assertEqual([m for m in new if other in m], [], game)
            self.assertEqual([m for m in new if ".schema" in m], [], game)  # (let go)
            self.assertFalse("tabletop.power_on" in sys.modules, game)  # (let go once decided)
            self.assertFalse("tabletop.records.record" in new, game)

    def test_a_board_reads_its_journal_at_power_on_and_lets_the_reader_go(self):
        # (a board in play writes its record; the checks that read one are
        # loaded only at power on, to resume the game, and go again)
        from tabletop.rules.rng import Rng

        for game in games.NAMES:
            games.unload("tabletop.records.shape")  # (CPython: another test may have read a record)
            root = new_root(self)
            try:
                dev = Device(Platform(root, profile_json(game)))
                self.assertTrue(dev.boot())
                journal = dev.runtime.journal
                state = games.part(game, "rules").new_state(journal.variant, journal.players)
                event = games.part(game, "rules").chance(state, Rng(1))
                journal.add(event if event is not None else next(iter(state.legal_moves())))
                journal.flush()
                self.assertFalse("tabletop.records.shape" in sys.modules, game)  # (never read)
                again = Device(Platform(root, profile_json(game)))
                self.assertTrue(again.boot())
                self.assertEqual(again.runtime.journal.problems, [], game)  # (the line was read)
                self.assertFalse("tabletop.records.shape" in sys.modules, game)  # (let go)
            finally:
                remove_tree(root)
