"""A Diabolo position as plain text, for a host's screen (host_tools
monitor, ``python -m sim demo``); never loaded on a board in play.

    print(picture_diabolo.text(state))    # state: a tabletop.rules.diabolo.Diabolo

One line per row, red to blue: the hell side (devil points) left of the
row's colour, the heaven side (angel points) right of it, each with its sum,
``locked`` once the row holds five cards; then each seat's cards in hand
and total, the pile, and what is due. A card is written as in the record
(``p4``: purple 4).
"""

from tabletop.records.diabolo_notation import card_name
from tabletop.rules import diabolo

_NAMES = ("red", "yellow", "green", "purple", "blue")


def _side(cards):
    return " ".join(card_name(c) for c in cards)


def text(state):
    out = []
    for c in range(diabolo.COLOURS):
        hell, heaven = state.row(c)
        devil, angel = state.row_sums(c)
        line = "%14s %2d | %-6s | %-2d %s" % (_side(hell), devil, _NAMES[c], angel, _side(heaven))
        if state.locked(c):
            line += "   locked"
        out.append(line.rstrip())
    totals = state.totals()
    for p in range(state.players):
        hand = " ".join(card_name(c) for c in state.hand(p))
        out.append("seat %d  total %3d  hand %s" % (p, totals[p], hand))
    out.append("pile %d  round %d of %d  %s" % (len(state.pile_left()), state.round,
                                              state.players, _status(state)))  # fmt: skip
    return "\n".join(out)


def _status(state):
    o = state.outcome()
    if o is not None:
        return "over: " + o.reason
    if state.phase == diabolo.P_DEAL:
        return "waiting for a deal"
    if state.scoring():
        movers = state.to_move()
        if movers:
            return "scored: doubles may follow (%s)" % ", ".join("seat %d" % p for p in movers)
        return "scored: the next deal"
    return "seat %d to play" % state.turn
