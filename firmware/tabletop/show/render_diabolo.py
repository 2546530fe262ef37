"""The Diabolo board's LEDs (see tabletop.show.render).

    render_diabolo.render(board, pixels, now_ms)   # a DiaboloBoard's frame
    render_diabolo.animating(board)                # True while it changes with time

The profile's led_map lists the 30 slot LEDs (per row r y g p b, hell 1..3
then heaven 1..3), lock.r .. lock.b, then turn0 .. turn4
(tabletop.profile.schema_diabolo.led_names). What each shows is
docs/FIRMWARE.md's "Diabolo" (each colour means what
tabletop.profile.colours says, in every game): the seat to act (the first
deal's every seat, the next dealer, the seat to move) in the player0
colour, and the slots where the card read may go in player0 too; red where
a card must be lifted, the hint colour where one is missing; a locked
row's lock LED red. At scoring the row being scored has its lock LED in the
win colour and its winning side's cards lit in the win colour (counted:
heaven plus, hell minus); the seats that may still declare a double light
in the player1 colour, the seat showing its cards in player0 (green while a
card on the reader has counted, red if it does not count). A seat the
board plays (board.computer): its turn LED in the computer colour on the
game select; while its cards are read in, its turn LED pulses in the
computer colour (green while a card read has counted, red if it cannot be
its card); at its turn the slot of its play in the computer colour
(board.lit; the player0 colour once its card is read), its turn LED red
while another card lies read; a far player's play lights in the remote
colour (tabletop.board.diabolo_remote), and at scoring only the seats
whose word on a double is still awaited light. A frame allocates nothing.
"""

from micropython import const

from tabletop.board import diabolo_board as db
from tabletop.rules.diabolo import COLOURS
from tabletop.show.pixels import pulse

_LOCK = const(30)  # in the led_map: lock.r .. lock.b
_TURN = const(35)  # ... turn0 .. turn4
_DOUBLES = const(1)  # diabolo_scoring's stages
_SHOW = const(2)


def animating(board):
    # the first deal waits for a double card (pulsing), the game over glows,
    # the computer's seat invites its cards (pulsing)
    mode = board.mode
    return (mode == db.DEAL and board.game.round == 0) or mode == db.OVER or mode == db.HAND


def _mask(px, leds, mask, colour):
    s = 0
    while mask:
        if mask & 1:
            px.set(leds[s], colour)
        mask >>= 1
        s += 1


def render(board, px, now_ms):
    prof = board.profile
    leds = prof.led_map
    cols = prof.colours
    g = board.game
    px.clear()
    mode = board.mode
    seat = board.computer
    if mode == db.SELECT:  # the seats of the game to start (the computer's in its colour)
        for p in range(g.players):
            px.set(leds[_TURN + p], cols["win"])
        if seat is not None and seat.seat < g.players:
            px.set(leds[_TURN + seat.seat], cols["computer"])
        return
    for c in range(COLOURS):
        if g.locked(c):
            px.set(leds[_LOCK + c], cols["error"])
    if mode == db.OVER:
        totals = g.totals()
        best = max(totals)
        for p in range(g.players):
            if totals[p] == best:
                px.set_scaled(leds[_TURN + p], cols["win"], pulse(now_ms))
        return
    if mode == db.DEAL:
        if g.round == 0:  # the dealer lays their double card: every seat invited
            for p in range(g.players):
                px.set_scaled(leds[_TURN + p], cols["player0"], pulse(now_ms))
        else:  # the next dealer
            px.set(leds[_TURN + (g.dealer + 1) % g.players], cols["player0"])
    elif mode == db.SCORE:
        _scoring(board, g, px, leds, cols)
        return
    elif mode == db.HAND:  # the computer's cards, one at a time on the reader
        led = leds[_TURN + seat.seat]
        if seat.wrong:
            px.set(led, cols["error"])
        elif seat.read_one:
            px.set(led, cols["win"])
        else:
            px.set_scaled(led, cols["computer"], pulse(now_ms))
    elif g.turn >= 0:
        colour = cols["error"] if board.note == db.N_NOT_ITS else cols["player0"]
        px.set(leds[_TURN + g.turn], colour)
    _mask(px, leds, board.lit, cols[seat.COLOUR] if seat is not None else cols["computer"])
    _mask(px, leds, board.targets, cols["player0"])
    _mask(px, leds, board.hints, cols["hint"])
    _mask(px, leds, board.errors, cols["error"])


def _scoring(board, g, px, leds, cols):
    walk = board.walk
    c = walk.colour
    if c >= COLOURS:
        return
    px.set(leds[_LOCK + c], cols["win"])
    # the side that wins the row: its cards light, counted (heaven plus, hell minus)
    side = 1 if g.plus(c) > 0 else 0
    for k in range(g.next_slot(c, side)):
        px.set(leds[(c * 2 + side) * 3 + k], cols["win"])
    if walk.stage == _DOUBLES:
        far = walk.far  # (seats far away: those whose word has come light no more)
        for p in range(g.players):
            if g.double_mask(p) >> c & 1:
                if far is not None and (far.passed(p, c) if p in far.seats else walk.backed):
                    continue
                px.set(leds[_TURN + p], cols["player1"])
    elif walk.stage == _SHOW:
        # the seat showing its cards; while a card lies on the reader, green
        # once it counted, red if it does not count
        colour = cols["player0"]
        if board.reader.value[0] > 0 and not walk.ready:
            colour = cols["win"] if board.note == db.N_NONE else cols["error"]
        px.set(leds[_TURN + walk.seat], colour)
