"""The Pyraos board's LEDs (see tabletop.show.render).

    render_pyraos.render(board, pixels, now_ms)   # a PyraosBoard's frame
    render_pyraos.animating(board)                # True while it changes with time

Every position lights the LED of the sensor straight below it. The
profile's led_map lists the 25 sensors' LEDs, then turn0 and turn1, then
each player's reserve bar of MARBLES LEDs (tabletop.profile.schema.led_names).
"""

from micropython import const

from tabletop.board import pyraos_board as pb
from tabletop.rules.pyraos import MARBLES, P_REMOVE
from tabletop.sensing.magnets import OWN_SENSOR, SENSORS
from tabletop.show.pixels import pulse

_TURN = SENSORS  # in the led_map: turn0, turn1
_RESERVE = SENSORS + 2  # ... then reserve0.0.., reserve1.0..
_RING = (0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4)  # the outer cups, round the board
_RING_STEP_MS = const(120)  # game select: the light moves on a cup this often
_TRAIL = const(64)  # ... leaving this level behind
_RESERVE_LEVEL = const(48)  # a reserve bar glows dimly
_CLEAR_BLINK_MS = const(600)  # CLEAR: the marbles to lift blink this fast
_FULL = const(255)  # set_scaled levels run to 255: full brightness
_UNDIMMED = const(256)  # set_scaled_mask's level for set()'s full colour


def animating(board):
    mode = board.mode
    return mode == pb.SELECT or mode == pb.CLEAR or board.game.is_over() or board.unsure != 0


def _mask(px, leds, mask, colour, level):
    # the LED under each position of mask (level _FULL: the full colour);
    # most frames light no hint, error or computer's choice: nothing to do
    if not mask:
        return
    px.set_scaled_mask(leds, OWN_SENSOR, mask, colour, _UNDIMMED if level >= _FULL else level)


def render(board, px, now_ms):
    prof = board.profile
    leds = prof.led_map
    cols = prof.colours
    px.clear()
    if board.mode == pb.SELECT:
        # Game select: a light runs round the outer cups; the reserve bar of
        # player 0 counts the variant (1, 2 or 3 lights, as every select counts).
        step = now_ms // _RING_STEP_MS % len(_RING)
        px.set(leds[_RING[step]], cols["player0"])
        px.set_scaled(leds[_RING[step - 1]], cols["player0"], _TRAIL)
        n = prof.variant_number(board.variant)
        for i in range(n):
            px.set(leds[_RESERVE + i], cols["win"])
        return
    g = board.game
    over = g.is_over()
    if not over:
        p = g.turn
        colour = cols["player0"] if p == 0 else cols["player1"]
        level = pulse(now_ms) if g.phase == P_REMOVE else _FULL  # take-back due: pulse
        px.set_scaled(leds[_TURN + p], colour, level)
        _mask(px, leds, board.targets, colour, _FULL)
    else:
        w = g.outcome().winner
        if w is None:
            _mask(px, leds, g.occupied(), cols["dim"], _FULL)
        else:
            colour = cols["player0"] if w == 0 else cols["player1"]
            _mask(px, leds, g.marbles[w], colour, pulse(now_ms))
    for who in (0, 1):
        colour = cols["player0"] if who == 0 else cols["player1"]
        px.set_scaled_each(leds, _RESERVE + MARBLES * who, g.reserve[who], colour, _RESERVE_LEVEL)
    if board.lit:  # (the seat it plays: the computer's, or a far player's)
        _mask(px, leds, board.lit, cols[board.computer.COLOUR], _FULL)
    _mask(px, leds, board.hints, cols["hint"], _FULL)
    if board.unsure:
        _mask(px, leds, board.unsure, cols["hint"], pulse(now_ms))
    _mask(px, leds, board.errors, cols["error"], _FULL)
    if board.mode == pb.CLEAR:
        _mask(px, leds, board.errors, cols["error"], pulse(now_ms, _CLEAR_BLINK_MS))
