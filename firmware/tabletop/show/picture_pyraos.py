"""A Pyraos position as plain text, for a host's screen (host_tools
monitor, ``python -m sim demo``); never loaded on a board in play.

    print(picture_pyraos.text(state))     # state: a tabletop.rules.pyraos.Pyraos

The four levels side by side, row 1 (player 0's side) at the bottom: ``o``
light (player 0), ``x`` dark (player 1), ``.`` empty; then the reserves and
who is to do what.
"""

from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import LEVEL_SIZE, LEVEL_START

_MARKS = ("o", "x")


def _cell(state, pos):
    owner = state.owner(pos)
    return "." if owner is None else _MARKS[owner]


def text(state):
    lines = []
    for y in range(3, -1, -1):
        parts = []
        for k in range(4):
            n = LEVEL_SIZE[k]
            cell = ""
            if y < n:
                row = [_cell(state, LEVEL_START[k] + y * n + x) for x in range(n)]
                cell = "%d %s" % (y + 1, " ".join(row))
            parts.append(cell + " " * (2 * n + 3 - len(cell)))
        lines.append(" ".join(parts).rstrip())
    letters = []
    for n in LEVEL_SIZE:
        cell = "  " + " ".join("abcd"[:n])
        letters.append(cell + " " * (2 * n + 3 - len(cell)))
    lines.append(" ".join(letters))
    status = "reserve o %d  x %d  " % (state.reserve[0], state.reserve[1])
    o = state.outcome()
    if o is not None:
        status += "over: " + o.reason
    elif state.phase == pyraos.P_REMOVE:
        status += "player %d takes back one or two" % state.turn
    else:
        status += "player %d to move" % state.turn
    lines.append(status)
    return "\n".join(lines)
