"""The Pacal board's LEDs (see tabletop.show.render).

led_map order (tabletop.profile.led_names): field0.1..10, field1.1..10,
slot0, slot1, turn0, turn1, win0.1..3, win1.1..3.
"""

from micropython import const

from tabletop.show.pixels import pulse


def animating(board):
    # everything but plain play pulses or runs (select, bases, stuck, ...)
    g = board.game
    return board.mode != 1 or g.is_over() or board.stuck >= 0 or g.awaiting[0] or g.awaiting[1]


_SLOT = const(20)
_PTURN = const(22)
_WIN = const(24)


def _fields(px, leds, p, mask, colour, level):
    base = p * 10
    f = 0
    while mask:
        if mask & 1:
            px.set_scaled(leds[base + f], colour, level)
        mask >>= 1
        f += 1


def _stuck(board, px, leds, colour, now_ms):
    # The pyramid of a player who could not build flashes.
    if board.stuck >= 0:
        level = pulse(now_ms, 500)
        for p in (0, 1):
            if board.stuck == p or board.stuck == 2:
                _fields(px, leds, p, 1023, colour, level)


def render(board, px, now_ms):
    prof = board.profile
    leds = prof.led_map
    cols = prof.colours
    player = (cols["player0"], cols["player1"])
    px.clear()
    if board.mode == 0:  # SELECT: a light climbs both pyramids; slots show the variant
        step = now_ms // 150 % 10
        for p in (0, 1):
            px.set(leds[p * 10 + 9 - step], player[p])
        px.set(leds[_SLOT + prof.variant_number(board.variant) - 1], cols["win"])
        return
    g = board.game
    for p in (0, 1):
        for i in range(g.wins[p]):
            px.set(leds[_WIN + 3 * p + i], player[p])
    if g.is_over():
        out = g.outcome()
        if g.variant == "solo":
            # the number of cards used, on the field LEDs (up to 20)
            colour = cols["win"] if out.winner == 0 else cols["error"]
            for i in range(min(20, g.cards_used())):
                px.set(leds[i], colour)
            return
        if out.winner is not None:
            _fields(px, leds, out.winner, 1023, player[out.winner], pulse(now_ms))
            for i in range(3):
                px.set_scaled(leds[_WIN + 3 * out.winner + i], player[out.winner], pulse(now_ms))
        _stuck(board, px, leds, cols["error"], now_ms)  # a match lost by being stuck
        return
    level = pulse(now_ms, 500)
    _stuck(board, px, leds, cols["error"], now_ms)
    ph = g.phase
    if board.mode == 1:
        if ph == 1 or ph == 2:  # OFFER, TAKE: whose turn it is
            who = g.turn if ph == 1 else 1 - g.turn
            px.set(leds[_PTURN + who], player[who])
            for s in (0, 1):
                px.set_scaled(leds[_SLOT + s], player[who], 96)
        elif ph == 3 or ph == 4:
            for p in (0, 1):
                if g.pending[p] or g.awaiting[p]:
                    px.set(leds[_PTURN + p], player[p])
                if g.awaiting[p]:
                    px.set_scaled(leds[_SLOT + p], player[p], level)
        for p in (0, 1):
            _fields(px, leds, p, board.field_targets[p], player[p], 255)
    elif board.mode == 4:  # BASES: both slots invite a card
        for s in (0, 1):
            px.set_scaled(leds[_SLOT + s], player[s], level)
    for p in (0, 1):
        _fields(px, leds, p, board.field_hints >> (10 * p) & 1023, cols["hint"], 255)
        _fields(px, leds, p, board.field_errors >> (10 * p) & 1023, cols["error"], 255)
    for s in (0, 1):
        if board.slot_hints >> s & 1:
            px.set(leds[_SLOT + s], cols["hint"])
        if board.slot_errors >> s & 1:
            px.set(leds[_SLOT + s], cols["error"])
