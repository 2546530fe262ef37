"""Plain-text pictures of a game state, for the terminal.

print(pacal_text(state))
print(pyraos_text(state))
"""

from __future__ import annotations

from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import LEVEL_SIZE, LEVEL_START

_ROWS = ((1,), (2, 3), (4, 5, 6), (7, 8, 9, 10))


def _field(top: int, under: int) -> str:
    if not top:
        return "  .  "
    if under:
        return f"{top:>2}/{under:<2}"
    return f" {top:>2}  "


def pacal_text(state: pacal.Pacal) -> str:
    """The pyramids (a covered field shows ``top/under``) and what is due."""
    players = (0,) if state.variant == pacal.SOLO else (0, 1)
    out = []
    for p in players:
        tops = state.pyramid(p)
        unders = state.covered(p)
        title = f"player {p}"
        if state.variant == pacal.DUEL:
            title += f"  rounds won {state.wins[p]}"
            if state.phase in (pacal.P_OFFER, pacal.P_TAKE, pacal.P_BUILD, pacal.P_LAST):
                title += f"  hand {len(state.hand(p))}"
        out.append(title)
        for row in _ROWS:
            pad = "   " * (4 - len(row))
            out.append(pad + " ".join(_field(tops[f - 1], unders[f - 1]) for f in row))
    out.append(_pacal_status(state))
    return "\n".join(out)


def _pacal_status(state: pacal.Pacal) -> str:
    ph = state.phase
    if ph == pacal.P_OVER:
        o = state.outcome()
        return f"over: {o.reason}" if o else "over"
    if ph == pacal.P_DEAL:
        return "waiting for a deal"
    if ph == pacal.P_OFFER:
        return f"player {state.turn} offers"
    if ph == pacal.P_TAKE:
        a, b = state.offer
        return f"player {1 - state.turn} takes {a} or {b}"
    due = [f"player {p} builds {state.pending[p]}" for p in (0, 1) if state.pending[p]]
    return ", ".join(due)


def pyraos_text(state: pyraos.Pyraos) -> str:
    """The four levels side by side, row 1 (player 0's side) at the bottom;
    ``o`` light (player 0), ``x`` dark (player 1), ``.`` empty."""
    marks = {0: "o", 1: "x", None: "."}
    lines = []
    for y in range(3, -1, -1):
        parts = []
        for k in range(4):
            n = LEVEL_SIZE[k]
            if y < n:
                row = [marks[state.owner(LEVEL_START[k] + y * n + x)] for x in range(n)]
                cell = f"{y + 1} " + " ".join(row)
            else:
                cell = ""
            parts.append(cell.ljust(2 * n + 3))
        lines.append(" ".join(parts).rstrip())
    lines.append(" ".join(("  " + " ".join("abcd"[:n])).ljust(2 * n + 3) for n in LEVEL_SIZE))
    r0, r1 = state.reserve
    status = f"reserve o {r0}  x {r1}  "
    o = state.outcome()
    if o is not None:
        status += f"over: {o.reason}"
    elif state.phase == pyraos.P_REMOVE:
        status += f"player {state.turn} takes back one or two"
    else:
        status += f"player {state.turn} to move"
    lines.append(status)
    return "\n".join(lines)
