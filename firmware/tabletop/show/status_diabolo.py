"""The Diabolo board's status text (see tabletop.show.status).

    lines(board)        # a DiaboloBoard's screen: a tuple of at most ROWS strings of COLS

What each screen says is docs/FIRMWARE.md's "Diabolo" section. Seats are
P1..P5 (seat 0 is P1), cards as the records write them ("p4").
"""

from tabletop.board import diabolo_board as db
from tabletop.records.diabolo_notation import LETTERS, card_name
from tabletop.rules.diabolo import COLOURS, PLAY
from tabletop.sensing.diabolo_codes import DOUBLE_CARD
from tabletop.show.text import NO_UNDO, ROWS, with_faults

_SEATS = "3, 4, 5 players"
_NAMES = ("red", "yellow", "green", "purple", "blue")
_NOTES = {
    db.N_MISREAD: "Misread: lay it straight",
    db.N_LOCKED: "Row locked. Hold BACK: discard",
    db.N_UNREAD: "Red: read it first",
    db.N_DOUBLE: "Lift double card",
    db.N_WRONG: "Does not count",
    db.N_USED: "No double here",
    db.N_LIFT: "Lift the card",
    db.N_NO_DISCARD: "It fits: no discard",
    db.N_NOT_ITS: "Not its card",
    db.N_NO_UNDO: NO_UNDO,
    db.N_NOT_HELD: "Red: cannot be its card",
}


def _who(p):
    return "P%d" % (p + 1)


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
        return "double " + _who(v - DOUBLE_CARD)
    return card_name(v)


def _seat(board):
    # who the computer plays
    seat = board.computer
    return "Computer: " + ("none" if seat is None else _who(seat.seat))


def _lay(board):
    # where the card read goes: lit; red on a slot it was not lit for
    if board.errors & ~board.targets:
        return ["Wrong slot: lift", "it, lay it where", "lit"]
    return ["Lay it where lit"]


def _computer(board, g, seat):
    # What the player is to do for the computer, at its turn.
    who = _who(seat.seat) + " computer:"
    move = seat.next_move(g)
    if move is None:
        return [who, "Thinking..."]
    name = card_name(move[2])
    if move[0] == PLAY:
        read = board.card == move[2]
        return [who, "Play " + name] + (_lay(board) if read else ["on lit slot"])
    return [who, "Discard " + name + ":", "read, hold BACK"]


def lines(board):
    return with_faults(board, _lines(board))  # (a sensor not working: named)


def _lines(board):
    g = board.game
    mode = board.mode
    if mode == db.SELECT:
        shown = ("Diabolo", "%d players" % g.players, "", "MENU: start", "hold MENU:", _SEATS)
        return shown + ("BACK: computer", _seat(board))
    head = ["Diabolo %dp R%d/%d" % (g.players, max(1, g.round), g.players)]
    note = _wrap(_NOTES[board.note]) if board.note in _NOTES else []
    if mode == db.OVER:
        totals = g.totals()
        best = max(totals)
        won = " ".join(_who(p) for p in range(g.players) if totals[p] == best)
        said = ["Game over"] + _wrap("Won: " + won) + _scores(g) + ["MENU: new game"]
        return tuple((head + said)[:ROWS])
    if mode == db.SCORE:
        return tuple((head + _walk(board, g) + note)[:ROWS])
    seat = board.computer
    if mode == db.DEAL:
        if g.round == 0:
            said = ["Dealer: lay your", "double card"]
            if seat is not None or board.seat_gone:  # (not a seat of this game: none)
                said.append(_seat(board))
        else:
            said = ["Round %d scored" % g.round] + _scores(g)
            said.append("Clear: %s deals" % _who((g.dealer + 1) % g.players))
        if board.errors:
            said.append("Red: lift card")
        return tuple((head + said + note)[:ROWS])
    if mode == db.HAND:  # the computer's cards, read in one by one
        n = len(seat.hand)
        want = seat.want(g)
        said = [_who(seat.seat) + " computer's", "hand: %d of %d" % (n, want)]
        if seat.read_one or seat.wrong:
            said.append("lift it")
        elif seat.plays(g) and n == want - 1:
            said.append("draw on reader")
        else:
            said.append("next on reader")
    elif mode == db.UNDO:
        said = ["Undo: lift red,", "lay what is lit"]
    elif seat is not None and seat.plays(g):
        said = _computer(board, g, seat)
    else:
        said = [_who(g.turn) + " to play"]
        if board.card:
            said.append("Read " + card_name(board.card))
            if board.targets:
                said += _lay(board)
        else:
            said.append("Card on reader")
        if board.hints:
            said.append("Lit: card back")
    if mode != db.HAND and seat is not None and seat.returned:  # its draw, with its turn
        said += ["%s: %s back" % (_who(seat.seat), card_name(seat.returned)), "on the pile"]
    return tuple((head + said + note)[:ROWS])


def _walk(board, g):
    walk = board.walk
    c = walk.colour
    if c >= COLOURS:
        return _scores(g)
    hell, heaven = g.row_sums(c)
    out = ["Scoring " + _NAMES[c], "hvn %d hell %d" % (heaven, hell)]
    seat = board.computer
    note = board.note
    if seat is not None and g.doubles[seat.seat] == c and (walk.stage == 1 or not note):
        out.append("%s doubles %s" % (_who(seat.seat), LETTERS[c]))  # declared by the board
    if walk.stage == 1:
        out.append("Doubles on " + LETTERS[c] + "?")
        if not note:  # (one was laid: the note says what became of it)
            out.append("Lay double card")
        out.append("BACK: no more")
    else:
        out += [
            "%s: show %s" % (_who(walk.seat), _NAMES[c]),
            "%d cards, %d pts" % (walk.shown, g.colour_sum(walk.seat, c)),
            "BACK: done",
        ]
    if walk.last and board.note:
        out.append(_card(walk.last))
    return out
