"""A Pacal position as plain text, for a host's screen (host_tools
monitor, ``python -m sim demo``); never loaded on a board in play.

    print(picture_pacal.text(state))      # state: a tabletop.rules.pacal.Pacal

Each player's pyramid, apex first (a covered field shows ``top/under``,
an empty one ``.``), the rounds won and cards in hand in a duel, then what
is due.
"""

from tabletop.rules import pacal

_ROWS = ((1,), (2, 3), (4, 5, 6), (7, 8, 9, 10))


def _field(top, under):
    if not top:
        return "  .  "
    if under:
        return "%2d/%-2d" % (top, under)
    return " %2d  " % top


def text(state):
    players = (0,) if state.variant == pacal.SOLO else (0, 1)
    out = []
    for p in players:
        tops = state.pyramid(p)
        unders = state.covered(p)
        title = "player %d" % p
        if state.variant == pacal.DUEL:
            title += "  rounds won %d" % state.wins[p]
            if state.phase in (pacal.P_OFFER, pacal.P_TAKE, pacal.P_BUILD, pacal.P_LAST):
                title += "  hand %d" % len(state.hand(p))
        out.append(title)
        for row in _ROWS:
            fields = [_field(tops[f - 1], unders[f - 1]) for f in row]
            out.append("   " * (4 - len(row)) + " ".join(fields))
    out.append(_status(state))
    return "\n".join(out)


def _status(state):
    ph = state.phase
    if ph == pacal.P_OVER:
        o = state.outcome()
        return "over: " + o.reason if o else "over"
    if ph == pacal.P_DEAL:
        return "waiting for a deal"
    if ph == pacal.P_OFFER:
        return "player %d offers" % state.turn
    if ph == pacal.P_TAKE:
        a, b = state.offer
        return "player %d takes %d or %d" % (1 - state.turn, a, b)
    due = ["player %d builds %d" % (p, state.pending[p]) for p in (0, 1) if state.pending[p]]
    return ", ".join(due)
