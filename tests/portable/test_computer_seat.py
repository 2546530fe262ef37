"""The seat a board plays itself (tabletop.board.computer): it chooses a
legal whole turn a slice at a time within its time, hands it out move by
move, and gives the players' code back once it has chosen or is told to
forget. Runs under CPython and MicroPython.
"""

import sys
import unittest

from tabletop.board.computer import Computer
from tabletop.rules.pyraos import P_REMOVE, PLACE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.rng import Rng

TICK_MS = 5


def loaded():
    return [name for name in sys.modules if name.startswith("tabletop.players")]


def midgame(seed, plies):
    g = Pyraos("standard")
    rng = Rng(seed)
    for _ in range(plies):
        g.apply(rng.choice(list(g.legal_moves())))
    return g


def think(seat, g, now=1000):
    """Tick until the seat has chosen; the ticks it took."""
    ticks = 0
    while not seat.think(g, now):
        ticks += 1
        now += TICK_MS
    return ticks


class ComputerSeatTest(unittest.TestCase):
    def test_a_legal_whole_turn_within_its_time_and_the_code_given_back(self):
        for seed, plies in ((1, 0), (2, 9), (3, 18)):
            g = midgame(seed, plies)
            seat = Computer(g.turn, "strong", 400)
            self.assertTrue(seat.plays(g))
            self.assertIsNone(seat.next_move(g))
            ticks = think(seat, g)
            # the clock says when to stop: the strong level's 400 ms, a tick more at most
            self.assertLessEqual(ticks * TICK_MS, 400 + TICK_MS)
            self.assertEqual(loaded(), [])
            player = g.turn
            while seat.next_move(g) is not None:
                move = seat.next_move(g)
                self.assertIsNone(g.fault(move), move)
                g.apply(move)
                seat.made()
            self.assertNotEqual(g.turn, player)  # the whole turn, take-back included
            self.assertFalse(seat.plays(g))

    def test_it_takes_its_square_and_hands_out_the_take_back_next(self):
        g = Pyraos("standard")
        for i, spot in enumerate(("d4", "a1", "b4", "b1", "d2", "a2", "a4")):
            g.apply((PLACE, i % 2, index(spot), -1))
        seat = Computer(1, "medium", 8000)
        think(seat, g)
        self.assertEqual(seat.next_move(g), (PLACE, 1, index("b2"), -1))
        g.apply(seat.next_move(g))
        seat.made()
        self.assertEqual(g.phase, P_REMOVE)
        take = seat.next_move(g)
        self.assertEqual(take[0], REMOVE)
        self.assertIsNone(g.fault(take))

    def test_a_slice_begins_no_position_past_its_bound(self):
        from tabletop.board import computer

        now = [0]

        def clock():  # each look at it 100 us later: a position is a look and its work
            now[0] += 100
            return now[0]

        real = computer.ticks_us
        computer.ticks_us = clock
        try:
            g = midgame(5, 6)
            seat = Computer(g.turn, "strong", 8000)
            while seat.thinking is None:  # (its imports and set-up)
                seat.think(g, 1000)
            from tabletop.players import pyraos_search

            pyraos_search.ticks_us = clock
            for tick in range(4):
                before = seat.thinking.nodes
                seat.tick_begins()
                began = now[0]
                now[0] += 2000  # the tick
                self.assertFalse(seat.think(g, 1005 + 5 * tick))
                self.assertTrue(seat.thinking.nodes - before > 30)
                # none begun with less than a position's time left: the slice
                # ends within the bound and a position (the clock's last look)
                self.assertTrue(now[0] - began <= computer.TICK_BOUND_US + 200, now[0] - began)
                self.assertTrue(100 <= seat.position_us <= 1000, seat.position_us)
        finally:
            computer.ticks_us = real
            seat.forget()

    def test_forgetting_drops_the_choice_and_the_thinking(self):
        g = midgame(4, 6)
        seat = Computer(g.turn, "strong", 400)  # (each tick's slice is real time: 80 of them)
        self.assertFalse(seat.think(g, 0))  # thinking: the players are loaded
        self.assertNotEqual(loaded(), [])
        seat.forget()
        self.assertEqual(loaded(), [])
        think(seat, g)
        # (assertTrue: MicroPython's assertIsNotNone cannot format a tuple)
        self.assertTrue(seat.next_move(g) is not None)
        seat.forget()
        self.assertIsNone(seat.next_move(g))

    def test_only_the_seat_to_move_thinks(self):
        g = Pyraos("kids")
        seat = Computer(1)
        self.assertFalse(seat.plays(g))
        self.assertFalse(seat.thinking_now(g))
        g.apply((PLACE, 0, index("a1"), -1))
        self.assertTrue(seat.thinking_now(g))


if __name__ == "__main__":
    unittest.main()
