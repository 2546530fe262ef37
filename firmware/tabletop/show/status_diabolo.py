"""The Diabolo board's status text (see tabletop.show.status).

    lines(board)        # a DiaboloBoard's screen: a tuple of at most ROWS strings of COLS

What each screen says is docs/FIRMWARE.md's "Diabolo" section. Seats are
P1..P5 (seat 0 is P1), cards as the records write them ("p4").
"""

from tabletop.board import diabolo_board as db
from tabletop.records.diabolo_notation import LETTERS, card_name
from tabletop.rules.diabolo import COLOURS
from tabletop.sensing.diabolo_codes import DOUBLE_CARD
from tabletop.show.text import ROWS

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


def lines(board):
    g = board.game
    mode = board.mode
    if mode == db.SELECT:
        return ("Diabolo", "%d players" % g.players, "", "MENU: start", "hold MENU:", _SEATS)
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
    if mode == db.DEAL:
        if g.round == 0:
            said = ["Dealer: lay your", "double card"]
        else:
            said = ["Round %d scored" % g.round] + _scores(g)
            said.append("Clear: %s deals" % _who((g.dealer + 1) % g.players))
        if board.errors:
            said.append("Red: lift card")
        return tuple((head + said + note)[:ROWS])
    if mode == db.UNDO:
        said = ["Undo: lift red,", "lay what is lit"]
    else:
        said = [_who(g.turn) + " to play"]
        if board.card:
            said.append("Read " + card_name(board.card))
            if board.targets:
                said.append("Lay it where lit")
        else:
            said.append("Card on reader")
        if board.hints:
            said.append("Lit: card back")
    return tuple((head + said + note)[:ROWS])


def _walk(board, g):
    walk = board.walk
    c = walk.colour
    if c >= COLOURS:
        return _scores(g)
    hell, heaven = g.row_sums(c)
    out = ["Scoring " + _NAMES[c], "hvn %d hell %d" % (heaven, hell)]
    if walk.stage == 1:
        out += ["Doubles on " + LETTERS[c] + "?", "Lay double card", "BACK: no more"]
    else:
        out += [
            "%s: show %s" % (_who(walk.seat), _NAMES[c]),
            "%d cards, %d pts" % (walk.shown, g.colour_sum(walk.seat, c)),
            "BACK: done",
        ]
    if walk.last and board.note:
        out.append(_card(walk.last))
    return out
