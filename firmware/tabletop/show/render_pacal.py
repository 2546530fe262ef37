"""The Pacal board's LEDs (see tabletop.show.render).

    render_pacal.render(board, pixels, now_ms)   # a PacalBoard's frame
    render_pacal.animating(board)                # True while it changes with time

The profile's led_map lists each pyramid's FIELDS field LEDs (player 0's,
then player 1's), slot0, slot1, turn0, turn1, then each player's
ROUNDS_TO_WIN round-win LEDs (tabletop.profile.schema.led_names). A frame
is drawn in a fixed order, hint over target, error over hint, and allocates
nothing (a board draws one every 20 ms while anything pulses).
"""

from micropython import const

from tabletop.board import pacal_board as pb
from tabletop.board.pacal_played import BOTH_STUCK, NOT_STUCK
from tabletop.rules import pacal
from tabletop.rules.pacal import FIELDS, ROUNDS_TO_WIN
from tabletop.show.pixels import pulse

_ALL_FIELDS = (1 << FIELDS) - 1  # a mask of every field of a pyramid
_SLOT = 2 * FIELDS  # in the led_map: slot0, slot1
_TURN = _SLOT + 2  # ... turn0, turn1
_WIN = _TURN + 2  # ... win0.1.., win1.1..
_FULL = const(255)  # set_scaled levels
_INVITE = const(96)  # slots that wait for an offer
_BLINK_MS = const(500)  # a stuck pyramid, a slot that waits for a card to read
_CLIMB_MS = const(150)  # game select: a light climbs the pyramids one field at a time


def animating(board):
    # everything but plain play pulses or runs (select, bases, stuck, ...)
    g = board.game
    return (
        board.mode != pb.PLAY
        or g.is_over()
        or board.stuck != NOT_STUCK
        or g.awaiting[0]
        or g.awaiting[1]
    )


def _player(cols, p):
    # The colour of player p (no tuple of both: that would be built every frame).
    return cols["player0"] if p == 0 else cols["player1"]


def _fields(px, leds, p, mask, colour, level):
    base = p * FIELDS
    f = 0
    while mask:
        if mask & 1:
            px.set_scaled(leds[base + f], colour, level)
        mask >>= 1
        f += 1


def _stuck(board, px, leds, colour, now_ms):
    # The pyramid of a player who could not build flashes.
    stuck = board.stuck
    if stuck != NOT_STUCK:
        level = pulse(now_ms, _BLINK_MS)
        for p in (0, 1):
            if stuck == p or stuck == BOTH_STUCK:
                _fields(px, leds, p, _ALL_FIELDS, colour, level)


def render(board, px, now_ms):
    prof = board.profile
    leds = prof.led_map
    cols = prof.colours
    px.clear()
    if board.mode == pb.SELECT:  # a light climbs both pyramids; slots show the variant
        step = now_ms // _CLIMB_MS % FIELDS
        for p in (0, 1):
            px.set(leds[p * FIELDS + FIELDS - 1 - step], _player(cols, p))
        px.set(leds[_SLOT + prof.variant_number(board.variant) - 1], cols["win"])
        return
    g = board.game
    for p in (0, 1):
        for i in range(g.wins[p]):
            px.set(leds[_WIN + ROUNDS_TO_WIN * p + i], _player(cols, p))
    if g.is_over():
        out = g.outcome()
        if g.variant == pacal.SOLO:
            # the number of cards used, on the field LEDs (up to 20): a won
            # game's in the win colour, a lost one's in the seat's own (not
            # red: nothing there is to be lifted)
            colour = cols["win"] if out.winner == 0 else _player(cols, 0)
            for i in range(min(2 * FIELDS, g.cards_used())):
                px.set(leds[i], colour)
            return
        w = out.winner
        if w is not None:
            _fields(px, leds, w, _ALL_FIELDS, _player(cols, w), pulse(now_ms))
            for i in range(ROUNDS_TO_WIN):
                px.set_scaled(leds[_WIN + ROUNDS_TO_WIN * w + i], _player(cols, w), pulse(now_ms))
        _stuck(board, px, leds, cols["error"], now_ms)  # a match lost by being stuck
        return
    level = pulse(now_ms, _BLINK_MS)
    _stuck(board, px, leds, cols["error"], now_ms)
    ph = g.phase
    if board.mode == pb.PLAY:
        if ph == pacal.P_OFFER or ph == pacal.P_TAKE:  # whose turn it is
            who = g.turn if ph == pacal.P_OFFER else 1 - g.turn
            px.set(leds[_TURN + who], _player(cols, who))
            for s in (0, 1):
                px.set_scaled(leds[_SLOT + s], _player(cols, who), _INVITE)
        elif ph == pacal.P_BUILD or ph == pacal.P_LAST:
            for p in (0, 1):
                if g.pending[p] or g.awaiting[p]:
                    px.set(leds[_TURN + p], _player(cols, p))
                if g.awaiting[p]:
                    px.set_scaled(leds[_SLOT + p], _player(cols, p), level)
        for p in (0, 1):
            _fields(px, leds, p, board.field_targets[p], _player(cols, p), _FULL)
        if board.computer is not None:  # its choice, in its colour (a far move: "remote")
            lit = board.field_lit
            rgb = cols[board.computer.COLOUR]
            for p in (0, 1):
                _fields(px, leds, p, lit >> FIELDS * p & _ALL_FIELDS, rgb, _FULL)
            for s in (0, 1):
                if board.slot_lit >> s & 1:
                    px.set(leds[_SLOT + s], rgb)
    elif board.mode == pb.BASES:  # both slots invite a card
        for s in (0, 1):
            px.set_scaled(leds[_SLOT + s], _player(cols, s), level)
    elif board.mode == pb.HAND:  # the computer's (or far) seat's slot invites its cards
        px.set_scaled(leds[_SLOT + board.computer.seat], cols[board.computer.COLOUR], level)
    for p in (0, 1):
        shift = FIELDS * p
        _fields(px, leds, p, board.field_hints >> shift & _ALL_FIELDS, cols["hint"], _FULL)
        _fields(px, leds, p, board.field_errors >> shift & _ALL_FIELDS, cols["error"], _FULL)
    for s in (0, 1):
        if board.slot_hints >> s & 1:
            px.set(leds[_SLOT + s], cols["hint"])
        if board.slot_errors >> s & 1:
            px.set(leds[_SLOT + s], cols["error"])
