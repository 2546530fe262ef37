"""Pyraos in the terminal version (the contract: sim.terminal.view): the
pyramid from above as text, moves typed (``b2`` place, ``a1 2a1`` raise,
``x b2`` / ``x b2 c2`` take back) or clicked (a spot to place, a marble
then a spot to raise, a marble to take back).

    view = make(app)                 # app: sim.terminal.view.AppSide
    text = board(table, picked=pos)  # the pyramid, the trays, the turn LEDs
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from sim.table.pyraos import PyraosMarbles
from sim.table.table import Table
from sim.terminal.view import AppSide, TerminalView, clickable, ended, led
from sim.texts import N_, _
from sim.texts.pyraos import side
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import LEVEL, POSITIONS, position_index, position_name

# light, dark: told apart by letter as well as by colour (a dark marble in
# near-black would vanish on a dark terminal)
MARBLE = ("bold #f2e8d5", "bold #c8875a")
LETTER = ("L", "D")


def make(app: AppSide) -> PyraosView:
    return PyraosView(app)


class PyraosView(TerminalView):
    example = "b2"
    moves_help = N_("b2 (place), a1 2a1 (raise), x b2 or x b2 c2 (take back)")

    def __init__(self, app: AppSide) -> None:
        super().__init__(app)
        self.picked = -1  # the marble clicked first (a raise)

    def board(self) -> Text:
        return board(self.table, self.picked)

    def move(self, words: list[str], text: str) -> Any:
        p = self.movers()[0]
        try:
            if words[0] == "x":
                spots = [position_index(w) for w in words[1:3]]
                return (pyraos.REMOVE, p, spots[0], spots[1] if len(spots) > 1 else -1)
            if len(words) == 2:
                return (pyraos.RAISE, p, position_index(words[0]), position_index(words[1]))
            return (pyraos.PLACE, p, position_index(words[0]), -1)
        except (ValueError, IndexError):
            raise ValueError(
                _("not a Pyraos move: {text} (b2, a1 2a1, x b2)").format(text=repr(text))
            ) from None

    def click_spot(self, name: str) -> None:
        """A spot or a marble clicked (see the module's doc)."""
        if name:
            self.app.message = self._click(position_index(name))

    def _click(self, pos: int) -> str:
        table = self.table
        truth = table.truth
        movers = truth.to_move()
        if not movers:
            return _("the game is over: ctrl+n for a new one")
        p = movers[0]
        occ = table.physics.occupied()
        if truth.phase == pyraos.P_REMOVE:
            return table.perform((pyraos.REMOVE, p, pos, -1))
        if occ >> pos & 1:
            self.picked = pos
            return _("{spot} picked: click where it goes").format(spot=position_name(pos))
        if self.picked >= 0:
            src, self.picked = self.picked, -1
            return table.perform((pyraos.RAISE, p, src, pos))
        return table.perform((pyraos.PLACE, p, pos, -1))

    def seat_name(self, seat: int) -> str:
        return side(seat)

    def seat_extra(self, state: Any, seat: int) -> str:
        return _("reserve {n}").format(n=state.reserve[seat])


def board(table: Table, picked: int = -1) -> Text:
    """The pyramid from above: a cell per sensor point (the 16 cups, the 9
    points between), each showing the highest marble there (its level as a
    digit, after L for a light one or D for a dark one) on its LED's colour;
    rows 4 to 1, player 0's side at the bottom.
    A cell clicked calls the app's ``click('spot', name)``."""
    game = table.game
    physics = table.physics
    marbles = table.part  # their colours, the trays (sim.table.pyraos)
    assert isinstance(marbles, PyraosMarbles)
    occ = physics.occupied()
    top_at: dict[tuple[int, int], int] = {}
    for pos in range(POSITIONS):
        if occ >> pos & 1:
            x, y, _z = physics.centre(pos)
            at = (round(2 * x / physics.pitch), round(2 * y / physics.pitch))
            if at not in top_at or LEVEL[pos] > LEVEL[top_at[at]]:
                top_at[at] = pos
    out = Text()
    for row in range(6, -1, -1):
        out.append(f" {row // 2 + 1} " if row % 2 == 0 else "   ", style="dim")
        for col in range(7):
            pos = top_at.get((col, row), -1)
            name = _sensor_name(col, row)
            spot = _spot_at(table, col, row)
            click = ("spot", spot) if spot else ()
            bg = led(table, name) if name else None
            if pos >= 0:
                colour = marbles.colour(pos)
                mark = f"{LETTER[colour]}{LEVEL[pos]}" if pos != picked else f"◉{LEVEL[pos]}"
                cell = MARBLE[colour] + (f" on {bg}" if bg else "")
                out.append(f" {mark} ", style=clickable(cell, *click))
            elif name:
                cell = f"on {bg}" if bg else "dim"
                out.append(" ·  " if bg is None else " ○  ", style=clickable(cell, *click))
            else:
                out.append("    ")
        out.append("\n")
    out.append("    a       b       c       d\n", style="dim")
    for s in (1, 0):
        tray = _("{side} tray").format(side=side(s))
        out.append(f"\n {tray:<10} ", style="dim")
        out.append("●" * marbles.reserves[s], style=MARBLE[s])
        out.append(f" {marbles.reserves[s]:>2}  ", style="dim")
        for i in range(15):
            bg = led(table, f"reserve{s}.{i}")
            out.append("▮", style=bg or "grey23")
        turn = led(table, f"turn{s}")
        out.append("  " + _("turn") + " ", style="dim")
        out.append("●", style=turn or "grey23")
    if game.is_over():
        out.append("\n\n " + ended(table, side), style="bold")
    return out


def _sensor_name(col: int, row: int) -> str:
    if col % 2 == 0 and row % 2 == 0:
        return "abcd"[col // 2] + str(row // 2 + 1)
    if col % 2 == 1 and row % 2 == 1:
        return "2" + "abc"[col // 2] + str(row // 2 + 1)
    return ""


def _spot_at(table: Table, col: int, row: int) -> str:
    """The position a click on cell (col, row) means: the highest marble
    there, else the free spot there."""
    physics = table.physics
    pitch = physics.pitch
    x, y = col * pitch / 2, row * pitch / 2
    pos = physics.loose_marble_at(x, y)
    if pos < 0:
        pos = physics.free_spot_at(x, y)
    return position_name(pos) if pos >= 0 else ""
