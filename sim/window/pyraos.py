"""Pyraos in the window (the view contract: sim.window.view): the board
drawn from above (sim.window.pyraos_scene), the mouse's hand on the
marbles, the seats as the panel shows them, the help page.

    view = make(app)         # app: sim.window.view.AppSide

Press on a marble (in a tray or on the board), drag, let go over a spot
or back over the tray; MENU and BACK are the board's own buttons.
"""

from __future__ import annotations

from typing import Any

import pygame

from sim.table.pyraos import PyraosMarbles
from sim.window import pyraos_scene, style
from sim.window.view import AppSide, View

HELP = (
    "Playing at the board",
    "Goal: place your marble on top of the pyramid. Whoever must play",
    "with no marble left in reserve loses.",
    "",
    "Drag a marble from your tray (or from the board) and let go over a",
    "spot: the board answers as hardware does. Its colour lights where",
    "you may go; red where something is wrong: put it right first.",
    "",
    "After a square, take back one or two of your own marbles (drag",
    "them to your tray); press BACK when one is enough.",
    "",
    "MENU: new game (hold: next game or variant)   BACK: undo",
    "",
    "N  new game (the board is cleared for you)",
    "U  undo (BACK)",
    "S  save the record      O  open a record",
    "Left / Right  step through an opened record",
    "R  each sensor's raw reading and what the sensing expects",
    "F1 this page            Esc  quit",
)


def make(app: AppSide) -> PyraosView:
    return PyraosView(app)


class PyraosView(View):
    help = HELP
    started = ("Move ",)

    @property
    def marbles(self) -> PyraosMarbles:
        """The table's part: the marbles' colours, the trays, the mouse's hand."""
        part = self.table.part
        assert isinstance(part, PyraosMarbles)
        return part

    def pitch(self) -> float:
        return float(self.table.physics.pitch)

    def first_note(self) -> str:
        return "Drag a marble from your tray; F1 for help"

    def draw_live(self, surf: pygame.Surface) -> None:
        scene = pyraos_scene.live_scene(self.table, self.app.overlay)
        pyraos_scene.draw(surf, self.table, scene, self.app.layout, self.app.fonts)

    def draw_record(self, surf: pygame.Surface, state: Any) -> None:
        scene = pyraos_scene.record_scene(self.table, state)
        pyraos_scene.draw(surf, self.table, scene, self.app.layout, self.app.fonts)

    def press(self, pos: tuple[int, int]) -> None:
        lay = self.app.layout
        marbles = self.marbles
        at = pyraos_scene.board_mm(self.table, lay, pos)  # (upper levels are drawn raised)
        if not self.app.press_button(lay.button_at(pos)) and not marbles.grab(*at):
            if marbles.refusal:  # (a press on nothing says nothing)
                self.app.note = marbles.refusal

    def drag(self, pos: tuple[int, int]) -> None:
        if self.table.mouse_holds:
            self.marbles.carry(*self.app.layout.to_mm(*pos))

    def let_go(self, pos: tuple[int, int]) -> None:
        marbles = self.marbles
        at = pyraos_scene.board_mm(self.table, self.app.layout, pos)
        if marbles.drop(*at) < 0 and marbles.refusal:
            self.app.note = marbles.refusal

    def seat_word(self, seat: int) -> str:
        return "Light" if seat == 0 else "Dark"

    def seat_line(self, state: Any, seat: int) -> str:
        return f"{self.seat_name(seat)}   reserve {state.reserve[seat]}"

    def seat_colour(self, seat: int) -> style.Rgb:
        return style.MARBLE[seat]
