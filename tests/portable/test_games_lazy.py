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

# what a board loads at power on and lets go once done with it
POWER_ON_ONLY = (
    "tabletop.sensing.sensor_check",
    "tabletop.sensing.noise",
    "tabletop.sensing.first_look",
)


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

    def test_a_board_lets_its_power_on_code_go(self):
        # The sensor check, the noise measurement and the first look are
        # needed once a power on: their modules must go from sys.modules AND
        # from their package (an import puts a submodule in both: held by
        # either, its code is never freed; on a Pyraos board that was 1 KB).
        for game in games.NAMES:
            root = new_root(self)
            try:
                dev = Device(Platform(root, profile_json(game)))
                self.assertTrue(dev.boot())
                held = [m for m in POWER_ON_ONLY if m in sys.modules]
                self.assertTrue(held, game)  # (each board checks its sensors at least)
                for _ in range(400):  # (2 s: the check, the noise, the first look)
                    dev.step()
                self.assertEqual((dev.mode, dev.failures), ("play", 0))
            finally:
                remove_tree(root)
            for name in held:
                package = sys.modules[name[: name.rfind(".")]]
                self.assertFalse(name in sys.modules, (game, name))
                self.assertFalse(hasattr(package, name[name.rfind(".") + 1 :]), (game, name))

    def test_a_module_let_go_on_a_quiet_tick_allocates_nothing(self):
        # (the noise measurement ends on a tick nobody touches the board:
        # that tick must not allocate, so its module goes by names given)
        import tabletop.sensing
        from tabletop.sensing import first_look  # noqa: F401 (loaded to be let go)

        locked = sys.implementation.name == "micropython"
        if locked:
            from micropython import heap_lock, heap_unlock

            heap_lock()  # (an allocation now raises MemoryError)
        try:
            games.unload("tabletop.sensing.first_look", "tabletop.sensing", "first_look")
        finally:
            if locked:
                heap_unlock()
        self.assertFalse("tabletop.sensing.first_look" in sys.modules)
        self.assertFalse(hasattr(tabletop.sensing, "first_look"))

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
