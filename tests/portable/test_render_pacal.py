"""The Pacal board's LEDs (tabletop.show.render_pacal): each light lands on
the LED its name maps to, and a frame allocates nothing, whatever the board
shows (under MicroPython, ``micropython.heap_lock``; CPython only draws).

The board is a stand-in with just what the render reads; the game states
come from real play."""

import sys
import unittest

from board_support import profile_json
from pacal_support import NOWHERE, TURN_EVENTS, plan_round
from tabletop.board import pacal_board as pb
from tabletop.board.pacal_played import BOTH_STUCK, NOT_STUCK
from tabletop.profile import load
from tabletop.profile.schema import led_names
from tabletop.rules import pacal
from tabletop.rules.rng import Rng
from tabletop.show import render_pacal
from tabletop.show.pixels import Pixels
from test_pacal_round_end import PLAN_A0, PLAN_A1

MICROPYTHON = sys.implementation.name == "micropython"
MODES = (pb.SELECT, pb.PLAY, pb.UNDO, pb.CLEAR, pb.BASES, pb.BASES_OFF, pb.HAND, pb.FAR_DEAL)


def shuffled_profile():
    """The reference profile with its LEDs wired in reverse: a light found
    at its index by accident would be found at the wrong LED."""
    obj = profile_json("pacal")
    leds = obj["led_map"]
    names = list(leds)
    for i in range(len(names)):
        leds[names[i]] = len(names) - 1 - i
    return load(obj)


PROFILE = shuffled_profile()
NAMES = led_names(PROFILE)


class ShownBoard:
    """What render_pacal reads of a PacalBoard."""

    def __init__(self, game, mode=pb.PLAY, stuck=NOT_STUCK):
        self.profile = PROFILE
        self.variant = game.variant
        self.game = game
        self.mode = mode
        self.stuck = stuck
        self.field_targets = [0, 0]
        self.field_errors = 0
        self.field_hints = 0
        self.slot_errors = 0
        self.slot_hints = 0
        self.computer = None  # or a seat: its field and slots in the computer colour
        self.field_lit = 0
        self.slot_lit = 0


class Seat:
    seat = 1
    COLOUR = "computer"  # (a far seat's: "remote")


def played_states():
    """A state of each phase of a duel (a match played to its end) and of a
    solo game, the match and the solo game over among them; and both last
    cards of a round awaited on the slots."""
    out = []
    rng = Rng(5)
    for variant, deal in ((pacal.DUEL, pacal.deal_duel), (pacal.SOLO, pacal.deal_solo)):
        g = pacal.Pacal(variant)
        seen = []
        while not g.is_over():
            if g.phase == pacal.P_DEAL:
                g.apply(deal(rng))
            else:
                g.apply(rng.choice(list(g.legal_moves())))
            if g.phase not in seen or g.is_over():
                seen.append(g.phase)
                out.append(g.copy())
    deal, events = plan_round(0, PLAN_A0, PLAN_A1, last=((48, NOWHERE), (10, 10)))
    g = pacal.Pacal(pacal.DUEL)  # dealt as a board deals: the last cards are read
    g.apply((pacal.DEAL, deal[1], None, (deal[3][0], deal[3][pacal.FIELDS])))
    for ev in events[:TURN_EVENTS]:
        g.apply(ev)
    out.append(g)
    return out


def lit(px, name):
    return px.get(PROFILE.led_map[NAMES.index(name)]) != (0, 0, 0)


class RenderTest(unittest.TestCase):
    def setUp(self):
        self.px = Pixels(PROFILE.led_count, PROFILE.led_order, PROFILE.brightness)

    def test_lights_land_on_their_named_leds(self):
        g = pacal.Pacal(pacal.DUEL)
        g.apply(pacal.deal_duel(Rng(2)))
        g.wins = [1, 2]
        board = ShownBoard(g)
        board.field_errors = 1 << (pacal.FIELDS + 3)  # player 1's field 4
        board.slot_hints = 2
        render_pacal.render(board, self.px, 0)
        on = [name for name in NAMES if lit(self.px, name)]
        turn = "turn%d" % g.turn
        want = [turn, "slot0", "slot1", "win0.1", "win1.1", "win1.2", "field1.4"]
        self.assertEqual(sorted(on), sorted(want))

    def test_the_computer_seat_in_its_colour(self):
        g = pacal.Pacal(pacal.DUEL)
        g.apply(pacal.deal_duel(Rng(2)))
        board = ShownBoard(g)
        board.computer = Seat()
        board.field_lit = 1 << (pacal.FIELDS + 6)  # player 1's field 7
        board.slot_lit = 1
        render_pacal.render(board, self.px, 0)
        ref = Pixels(2, PROFILE.led_order, PROFILE.brightness)
        ref.set(0, PROFILE.colours["computer"])  # as capped on the wire, full or scaled
        ref.set_scaled(1, PROFILE.colours["computer"], 255)
        white = (ref.get(0), ref.get(1))
        shown = [n for n in NAMES if self.px.get(PROFILE.led_map[NAMES.index(n)]) in white]
        self.assertEqual(sorted(shown), ["field1.7", "slot0"])
        board = ShownBoard(g, pb.HAND)  # its hand read in: its slot pulses
        board.computer = Seat()
        levels = set()
        for now_ms in range(0, 1000, 50):
            render_pacal.render(board, self.px, now_ms)
            levels.add(self.px.get(PROFILE.led_map[NAMES.index("slot1")]))
        self.assertTrue(len(levels) > 2, levels)
        self.assertFalse(lit(self.px, "slot0"))

    def test_a_stuck_pyramid_flashes_whole(self):
        g = pacal.Pacal(pacal.DUEL)
        g.apply(pacal.deal_duel(Rng(2)))
        render_pacal.render(ShownBoard(g, stuck=1), self.px, 250)
        on = [name for name in NAMES if lit(self.px, name)]
        fields = ["field1.%d" % f for f in range(1, pacal.FIELDS + 1)]
        self.assertEqual(sorted(on), sorted(fields + ["turn%d" % g.turn, "slot0", "slot1"]))

    def test_a_frame_allocates_nothing(self):
        boards = []
        for g in played_states():
            for mode in MODES:
                for stuck in (NOT_STUCK, 0, BOTH_STUCK):
                    board = ShownBoard(g, mode, stuck)
                    if stuck == 0 or mode == pb.HAND:  # a computer seat's choice too
                        board.computer = Seat()
                        board.field_lit = 1 << 14
                        board.slot_lit = 1
                    board.field_targets = [5, 768]
                    board.field_errors = 1 << 3 | 1 << 17
                    board.field_hints = 1 << 12
                    board.slot_errors = 1
                    board.slot_hints = 2
                    boards.append(board)
        px = self.px
        draw = render_pacal.render
        animating = render_pacal.animating
        failed = -1
        if MICROPYTHON:
            import micropython

            micropython.heap_lock()
        try:
            for i in range(len(boards)):
                try:
                    for now_ms in (0, 130, 777):
                        draw(boards[i], px, now_ms)
                        animating(boards[i])
                except MemoryError:
                    failed = i
                    break
        finally:
            if MICROPYTHON:
                micropython.heap_unlock()
        if failed >= 0:
            b = boards[failed]
            self.fail(
                "a frame allocates: mode %d, phase %d, stuck %d" % (b.mode, b.game.phase, b.stuck)
            )

    def test_heap_lock_stops_allocation(self):
        # (else the test above proves nothing)
        if not MICROPYTHON:
            self.skipTest("heap_lock exists only on MicroPython")
        import micropython

        micropython.heap_lock()
        try:
            try:
                bytearray(1)
                stopped = False
            except MemoryError:
                stopped = True
        finally:
            micropython.heap_unlock()
        self.assertTrue(stopped)
