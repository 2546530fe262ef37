"""What each LED shows for a board's state.

    render(board, pixels, now_ms)   # fills the pixel buffer; the caller shows it
    animating(board)                # True while the frame changes with time

One function per game; each writes every LED it owns on every call, in a
fixed order of priority (error over hint over target), so a frame depends
only on the board's state and the time. Nothing is allocated.
"""

from tabletop.board import pyraos_board as pb
from tabletop.sensing.pyramid import OWN_SENSOR

_TURN = 25  # index into the Pyraos led_map: sensors 0..24, then turn0, turn1
_RESERVE = 27  # reserve0.0..14, then reserve1.0..14


def pulse(now_ms, period_ms=1200):
    """A triangle wave 40..255 for glows and blinking targets."""
    t = now_ms % period_ms
    half = period_ms >> 1
    if t >= half:
        t = period_ms - t
    return 40 + 215 * t // half


def _variant_number(prof, variant):
    # 1-based place of the variant in the profile's list (no allocation)
    games = prof.games
    for i in range(len(games)):
        if games[i][1] == variant:
            return i + 1
    return 1


def animating(board):
    mode = board.mode
    g = board.game
    if board.profile.game == "pacal":
        # everything but plain play pulses or runs (select, bases, stuck, ...)
        return mode != 1 or g.is_over() or board.stuck >= 0 or g.awaiting[0] or g.awaiting[1]
    return mode == pb.SELECT or mode == pb.CLEAR or g.is_over()


def render(board, px, now_ms):
    if board.profile.game == "pacal":
        render_pacal(board, px, now_ms)
    else:
        render_pyraos(board, px, now_ms)


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


def render_pyraos(board, px, now_ms):
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
        n = _variant_number(prof, board.variant)
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


# -- Pacal ----------------------------------------------------------------------
# led_map order (tabletop.profile.led_names): field0.1..10, field1.1..10,
# slot0, slot1, turn0, turn1, win0.1..3, win1.1..3.
_SLOT = 20
_PTURN = 22
_WIN = 24


def _fields(px, leds, p, mask, colour, level):
    base = p * 10
    f = 0
    while mask:
        if mask & 1:
            px.set_scaled(leds[base + f], colour, level)
        mask >>= 1
        f += 1


def render_pacal(board, px, now_ms):
    prof = board.profile
    leds = prof.led_map
    cols = prof.colours
    player = (cols["player0"], cols["player1"])
    px.clear()
    if board.mode == 0:  # SELECT: a light climbs both pyramids; slots show the variant
        step = now_ms // 150 % 10
        for p in (0, 1):
            px.set(leds[p * 10 + 9 - step], player[p])
        px.set(leds[_SLOT + _variant_number(prof, board.variant) - 1], cols["win"])
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
        return
    level = pulse(now_ms, 500)
    if board.stuck >= 0:
        for p in (0, 1):
            if board.stuck == p or board.stuck == 2:
                _fields(px, leds, p, 1023, cols["error"], level)
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
