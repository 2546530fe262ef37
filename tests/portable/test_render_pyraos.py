"""The Pyraos board's LED frames: what each state lights, and that drawing a
frame allocates nothing (under MicroPython: ``micropython.heap_lock()``; a
frame is drawn up to every 20 ms while the board animates, and garbage then
means collector pauses and flicker)."""

import sys
import unittest

from board_support import profile
from tabletop.board import pyraos_board as pb
from tabletop.keep.journal import Journal
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import position_index
from tabletop.rules.rng import Rng
from tabletop.sensing.magnets import OWN_SENSOR
from tabletop.show import render_pyraos
from tabletop.show.pixels import Pixels

MICROPYTHON = sys.implementation.name == "micropython"
PROFILE = profile("pyraos")


def board_in(mode, moves=()):
    board = pb.PyraosBoard(PROFILE, "standard", Journal("pyraos", "standard"))
    for move in moves:
        board.game.apply(move)
    board.mode = mode
    return board


def finished_game():
    # random legal moves until the game ends (seeded: the same game everywhere)
    g = pyraos.Pyraos("standard")
    rng = Rng(5)
    while not g.is_over():
        g.apply(rng.choice(list(g.legal_moves())))
    return g


class RenderTest(unittest.TestCase):
    def setUp(self):
        self.px = Pixels(PROFILE.led_count, PROFILE.led_order, 1.0)

    def test_play_lights_targets_in_the_movers_colour_and_red_over_them(self):
        board = board_in(pb.PLAY)
        b2 = position_index("b2")
        board.targets = 1 << b2 | 1 << position_index("c3")
        board.errors = 1 << position_index("c3")
        render_pyraos.render(board, self.px, 0)
        light = self.px.get
        leds = PROFILE.led_map
        self.assertEqual(light(leds[OWN_SENSOR[b2]]), tuple(PROFILE.colours["player0"]))
        c3 = OWN_SENSOR[position_index("c3")]
        self.assertEqual(light(leds[c3]), tuple(PROFILE.colours["error"]))
        self.assertEqual(light(leds[OWN_SENSOR[position_index("a1")]]), (0, 0, 0))

    def test_frames_allocate_nothing(self):
        if not MICROPYTHON:
            self.skipTest("needs micropython.heap_lock(): runs under MicroPython only")
        import micropython

        boards = [board_in(pb.SELECT), board_in(pb.CLEAR), board_in(pb.UNDO)]
        playing = board_in(pb.PLAY, [(pyraos.PLACE, 0, 5, -1)])
        playing.targets = playing.game.placement_mask()
        playing.hints = 1 << 5
        boards.append(playing)
        over = board_in(pb.PLAY)
        over.game = finished_game()
        boards.append(over)
        px = self.px
        for board in boards:
            render_pyraos.render(board, px, 0)  # (the first call may intern names)
            micropython.heap_lock()
            try:
                for t in range(0, 2400, 20):
                    render_pyraos.render(board, px, t)
            finally:
                micropython.heap_unlock()


if __name__ == "__main__":
    unittest.main()
