"""A Pacal board's tick allocates nothing while nothing moves (under
MicroPython, ``micropython.heap_lock``; CPython only ticks): waiting for a
build, with a card on a field it may not go (red), with the board not yet
matching after power on, waiting for a clear board.

The board is the real PacalBoard over the reference profile; the sensors
are its analog and digital buffers, set as the cards would set them."""

import sys
import unittest
from array import array

from board_support import profile
from tabletop.board import pacal_board as pb
from tabletop.keep.journal import Journal
from tabletop.rules.pacal import DEAL, OFFER, PLACE, TAKE

MICROPYTHON = sys.implementation.name == "micropython"
PROFILE = profile("pacal")
TICK_MS = PROFILE.tick_ms

# Player 0 offers 30 and 12; player 1 takes 12. Player 0 builds 30 on field
# 5, player 1 builds 12 on field 1. Player 1 offers 40 and 2; player 0 takes
# 40, which fits only on fields 1..5 (above the 30, or covering it).
EVENTS = [
    (DEAL, 0, None, (45, 8)),
    (OFFER, 0, 30, 12),
    (TAKE, 1, 12, 0),
    (PLACE, 0, 30, 5),
    (PLACE, 1, 12, 1),
    (OFFER, 1, 40, 2),
    (TAKE, 0, 40, 0),
]
ON_THE_BOARD = (4, 10)  # fields (0..19) holding a card after EVENTS


class Sensors:
    """The buffers a hal fills: cards on fields, nothing on the slots."""

    def __init__(self):
        self.digital = bytearray(PROFILE.registers)
        self.analog = array("H", [0] * PROFILE.analog_channels)
        for i in range(len(PROFILE.field_channels)):
            self.cards(i, 0)

    def cards(self, field, n):
        self.analog[PROFILE.field_channels[field]] = PROFILE.field_levels[field][n]


class BoardTicksTest(unittest.TestCase):
    def setUp(self):
        self.board = pb.PacalBoard(PROFILE, "duel", Journal("pacal", "duel"))
        self.sensors = Sensors()
        self.t = 0

    def tick(self, n=1):
        s = self.sensors
        for _ in range(n):
            self.t += TICK_MS
            self.board.step(s.digital, s.analog, 0, self.t)

    def quiet_ticks_allocate_nothing(self, n=20):
        """Tick ``n`` times with nothing changing; True if nothing was
        allocated (always True on CPython). The check of the sensors at
        power on (tabletop.sensing.noise) allocates once: it is done first."""
        while self.board.check is not None:
            self.tick()
        if not MICROPYTHON:
            self.tick(n)
            return True
        import micropython

        s = self.sensors
        step = self.board.step
        t = self.t
        micropython.heap_lock()
        try:
            try:
                for _ in range(n):
                    t += TICK_MS
                    step(s.digital, s.analog, 0, t)
                quiet = True
            except MemoryError:
                quiet = False
        finally:
            micropython.heap_unlock()
        self.t = t
        return quiet

    def resumed(self):
        self.assertEqual(self.board.resume(EVENTS), len(EVENTS))
        for i in ON_THE_BOARD:
            self.sensors.cards(i, 1)
        self.tick(10)
        self.assertEqual(self.board.mode, pb.PLAY)

    def test_waiting_for_builds(self):
        self.resumed()
        self.tick(10)
        self.assertTrue(self.quiet_ticks_allocate_nothing())
        self.assertEqual(self.board.field_targets[0], 0b11111)  # fields 1..5 (covering 30)

    def test_a_card_where_it_may_not_go(self):
        self.resumed()
        self.sensors.cards(5, 1)  # player 0's field 6: 40 would lie under 30
        self.tick(10)
        self.assertEqual(self.board.field_errors, 1 << 5)
        self.assertTrue(self.quiet_ticks_allocate_nothing())
        self.assertEqual(self.board.field_errors, 1 << 5)

    def test_power_on_before_the_cards_match(self):
        self.board.resume(EVENTS)
        self.tick(10)
        self.assertEqual(self.board.mode, pb.UNDO)
        self.assertTrue(self.quiet_ticks_allocate_nothing())
        self.assertEqual(self.board.mode, pb.UNDO)

    def test_waiting_for_a_clear_board(self):
        self.sensors.cards(3, 1)
        self.board.new_game()
        self.tick(10)
        self.assertEqual(self.board.mode, pb.CLEAR)
        self.assertTrue(self.quiet_ticks_allocate_nothing())
        self.assertEqual(self.board.field_errors, 1 << 3)
