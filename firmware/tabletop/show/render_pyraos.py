"""The Pyraos board's LEDs (see tabletop.show.render)."""

from micropython import const

from tabletop.board import pyraos_board as pb
from tabletop.sensing.pyramid import OWN_SENSOR
from tabletop.show.pixels import pulse

_TURN = const(25)  # index into the Pyraos led_map: sensors 0..24, then turn0, turn1
_RESERVE = const(27)  # reserve0.0..14, then reserve1.0..14


def animating(board):
    mode = board.mode
    return mode == pb.SELECT or mode == pb.CLEAR or board.game.is_over()


def _mask(px, leds, mask, colour, level):
    p = 0
    while mask:
        if mask & 1:
            if level >= 255:
                px.set(leds[OWN_SENSOR[p]], colour)
            else:
                px.set_scaled(leds[OWN_SENSOR[p]], colour, level)
        mask >>= 1
        p += 1


def render(board, px, now_ms):
    prof = board.profile
    leds = prof.led_map
    cols = prof.colours
    px.clear()
    if board.mode == pb.SELECT:
        # Game select: a light runs round the outer cups; the reserve bar of
        # player 0 shows which variant (1, 2 or 3 lights).
        ring = (0, 1, 2, 3, 7, 11, 15, 14, 13, 12, 8, 4)
        step = now_ms // 120 % 12
        px.set(leds[ring[step]], cols["player0"])
        px.set_scaled(leds[ring[step - 1]], cols["player0"], 64)
        n = prof.variant_number(board.variant)
        for i in range(n):
            px.set(leds[_RESERVE + i], cols["player1"])
        return
    g = board.game
    over = g.is_over()
    if not over:
        p = g.turn
        colour = cols["player0"] if p == 0 else cols["player1"]
        level = pulse(now_ms) if g.phase == 1 else 255  # take-back due: pulse
        px.set_scaled(leds[_TURN + p], colour, level)
        _mask(px, leds, board.targets, colour, 255)
    else:
        w = g.outcome().winner
        if w is None:
            _mask(px, leds, g.occupied(), cols["dim"], 255)
        else:
            colour = cols["player0"] if w == 0 else cols["player1"]
            _mask(px, leds, g.marbles[w], colour, pulse(now_ms))
    for who in (0, 1):
        colour = cols["player0"] if who == 0 else cols["player1"]
        left = g.reserve[who]
        for i in range(15):
            if i < left:
                px.set_scaled(leds[_RESERVE + 15 * who + i], colour, 48)
    _mask(px, leds, board.hints, cols["hint"], 255)
    _mask(px, leds, board.errors, cols["error"], 255)
    if board.mode == pb.CLEAR:
        _mask(px, leds, board.errors, cols["error"], pulse(now_ms, 600))
