"""The Diabolo board's status text (see tabletop.show.status), in the
board's language (tabletop.show.words).

    lines(board)        # a DiaboloBoard's screen: a tuple of at most ROWS strings of COLS

What each screen says is docs/FIRMWARE.md's "Diabolo" section. Seats are
P1..P5 (seat 0 is P1), cards as the records write them ("p4").
"""

from tabletop.board import diabolo_board as db
from tabletop.records.diabolo_notation import LETTERS, card_name
from tabletop.rules.diabolo import COLOURS, PLAY
from tabletop.sensing.diabolo_codes import DOUBLE_CARD
from tabletop.show.text import HOW_TO, NO_UNDO, ROWS, with_faults
from tabletop.show.words import N_, _

_NAMES = (N_("red"), N_("yellow"), N_("green"), N_("purple"), N_("blue"))
_NOTES = {
    db.N_MISREAD: N_("Misread: lay it straight"),
    db.N_LOCKED: N_("Row locked. Hold BACK: discard"),
    db.N_UNREAD: N_("Red: read it first"),
    db.N_DOUBLE: N_("Lift double card"),
    db.N_WRONG: N_("Does not count"),
    db.N_USED: N_("No double here"),
    db.N_LIFT: N_("Lift the card"),
    db.N_NO_DISCARD: N_("It fits: no discard"),
    db.N_NOT_ITS: N_("Not its card"),
    db.N_NO_UNDO: NO_UNDO,
    db.N_NOT_HELD: N_("Red: cannot be its card"),
    db.N_NOT_HAND: N_("Not in the hand"),
}


def _who(p):
    return _("P%d") % (p + 1)  # (the seat's number: nl S1, fr J1)


def _wrap(text):
    # a note of up to two short lines
    if len(text) <= 16:
        return [text]
    cut = text.rfind(" ", 0, 17)
    return [text[:cut], text[cut + 1 :][:16]]


def _scores(g):
    # "P1 12  P2 -3" over as many lines as it takes
    totals = g.totals()
    out = []
    line = ""
    for p in range(g.players):
        part = "%s %d" % (_who(p), totals[p])
        if line and len(line) + 1 + len(part) > 16:
            out.append(line)
            line = part
        else:
            line = part if not line else line + " " + part
    out.append(line)
    return out


def _card(v):
    if v >= DOUBLE_CARD:
        return _("double %s") % _who(v - DOUBLE_CARD)
    return card_name(v)


def _seat(board):
    # who the computer plays (or who plays far away: one line or two)
    seat = board.computer
    if seat is None:
        return (_("Computer: none"),)
    if seat.REMOTE:
        from tabletop.show.status_far import at_select

        return at_select(" ".join(_who(p) for p in seat.seats))
    return (_("Computer: %s") % _who(seat.seat),)


def _far(board):
    # are seats played far away (tabletop.board.diabolo_remote)?
    seat = board.computer
    return seat is not None and seat.REMOTE


def _hand(g, p):
    # a known hand (the room's deal): its cards, five a line
    names = [card_name(c) for c in g.hand(p)]
    return [" ".join(names[i : i + 5]) for i in range(0, len(names), 5)]


def _lay(board):
    # where the card read goes: lit; red on a slot it was not lit for
    if board.errors & ~board.targets:
        return [_("Wrong slot: lift"), _("it, lay it where"), _("lit")]
    return [_("Lay it where lit")]


def _computer(board, g, seat):
    # What the player is to do for the computer (or a far player), at its turn.
    far = None
    if seat.REMOTE:
        from tabletop.show import status_far as far

        who = far.turn(_who(g.turn))
    else:
        who = _("%s computer:") % _who(seat.seat)
    move = seat.next_move(g)
    if move is None:
        return [who] + list(far.waiting()[1:]) if far else [who, _("Thinking...")]
    name = card_name(move[2])
    if move[0] == PLAY:
        read = board.card == move[2]
        return [who, _("Play %s") % name] + (_lay(board) if read else [_("on lit slot")])
    return [who, _("Discard %s:") % name, _("read, hold BACK")]


def lines(board):
    return with_faults(board, _lines(board))  # (a sensor not working: named)


def _lines(board):
    g = board.game
    mode = board.mode
    if mode == db.SELECT:
        players = _("%d players") % g.players
        shown = ("Diabolo", players, _(HOW_TO), _("MENU: start"))
        if _far(board):  # (the seats are the room's: not changed here)
            return shown + _seat(board)
        return shown + (_("hold MENU:"), _("3, 4, 5 players"), _("BACK: computer")) + _seat(board)
    head = ["Diabolo %dp R%d/%d" % (g.players, max(1, g.round), g.players)]
    note = _wrap(_(_NOTES[board.note])) if board.note in _NOTES else []
    if mode == db.OVER:
        totals = g.totals()
        best = max(totals)
        won = " ".join(_who(p) for p in range(g.players) if totals[p] == best)
        said = [_("Game over")] + _wrap(_("Won: %s") % won) + _scores(g) + [_("MENU: new game")]
        return tuple((head + said)[:ROWS])
    if mode == db.SCORE:
        return tuple((head + _walk(board, g) + note)[:ROWS])
    seat = board.computer
    far = _far(board)
    if mode == db.DEAL and far:  # the room deals
        said = [_("Round %d scored") % g.round] + _scores(g) if g.round else []
        said += [_("Waiting for deal"), _("from far away")] + list(_seat(board))
        if board.errors:
            said.append(_("Red: lift card"))
        return tuple((head + said + note)[:ROWS])
    if mode == db.DEAL:
        if g.round == 0:
            said = [_("Dealer: lay your"), _("double card")]
            if seat is not None or board.seat_gone:  # (not a seat of this game: none)
                said += _seat(board)
        else:
            said = [_("Round %d scored") % g.round] + _scores(g)
            said.append(_("Clear: %s deals") % _who((g.dealer + 1) % g.players))
        if board.errors:
            said.append(_("Red: lift card"))
        return tuple((head + said + note)[:ROWS])
    if mode == db.HAND:  # the computer's cards, read in one by one
        n = len(seat.hand)
        want = seat.want(g)
        said = [_("%s computer's") % _who(seat.seat), _("hand: %d of %d") % (n, want)]
        if seat.read_one or seat.wrong:
            said.append(_("lift it"))
        elif seat.plays(g) and n == want - 1:
            said.append(_("draw on reader"))
        else:
            said.append(_("next on reader"))
    elif mode == db.UNDO:
        said = [_("Undo: lift red,"), _("lay what is lit")]
    elif far and seat.talk is not None:  # a take-back far away
        from tabletop.show.status_far import talk

        said = list(talk(seat))
    elif seat is not None and seat.plays(g):
        said = _computer(board, g, seat)
    else:
        said = [_("%s to play") % _who(g.turn)]
        if g.known():  # (the room's deal: the cards to hold, from the deck)
            said += _hand(g, g.turn)
        if board.card:
            said.append(_("Read %s") % card_name(board.card))
            if board.targets:
                said += _lay(board)
        else:
            said.append(_("Card on reader"))
        if board.hints:
            said.append(_("Lit: card back"))
    if mode != db.HAND and seat is not None and seat.returned:  # its draw, with its turn
        said += [_("%s: %s back") % (_who(seat.seat), card_name(seat.returned)), _("on the pile")]
    return tuple((head + said + note)[:ROWS])


def _walk(board, g):
    walk = board.walk
    c = walk.colour
    if c >= COLOURS:
        return _scores(g)
    hell, heaven = g.row_sums(c)
    out = [_("Scoring %s") % _(_NAMES[c]), _("hvn %d hell %d") % (heaven, hell)]
    seat = board.computer
    note = board.note
    if seat is not None and g.doubles[seat.seat] == c and (walk.stage == 1 or not note):
        out.append(_("%s doubles %s") % (_who(seat.seat), LETTERS[c]))  # declared by the board
    if walk.stage == 1 and walk.backed:  # far seats: their word awaited
        out.append(_("Far seats decide"))
    elif walk.stage == 1:
        out.append(_("Doubles on %s?") % LETTERS[c])
        if not note:  # (one was laid: the note says what became of it)
            out.append(_("Lay double card"))
        out.append(_("BACK: no more"))
    else:
        out += [
            _("%s: show %s") % (_who(walk.seat), _(_NAMES[c])),
            _("%d cards, %d pts") % (walk.shown, g.colour_sum(walk.seat, c)),
            _("BACK: done"),
        ]
    if walk.last and board.note:
        out.append(_card(walk.last))
    return out
