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
from sim.texts import _, rules
from sim.texts.pyraos import side
from sim.window import panel, pyraos_scene, style
from sim.window.view import AppSide, View


def help_page(variant: str) -> tuple[str, ...]:
    """The help page (F1): how to play ``variant`` (sim.texts.rules), then
    the mouse and the keys."""
    mouse = [
        _("Drag a marble from your tray (or from the board) and let go over a spot."),
        _("The board answers as hardware does: your colour lights where you may go."),
        _("Red shows where something is wrong: put it right first."),
    ]
    if variant != "kids":  # (no take-backs)
        mouse.append(
            _("A take-back: drag one or two of your marbles to your tray (BACK: one is enough).")
        )
    keys = (
        _("MENU: new game (hold: next game or variant)   BACK: undo"),
        _("N  new game (the board is cleared for you)     U  undo (BACK)"),
        _("S  save the record     O  open a record     Left / Right  step through it"),
        _("R  each sensor's raw reading and what the sensing expects"),
        _("F1  this page     Esc  quit"),
    )
    return rules.page("pyraos", variant, tuple(mouse), keys)


def make(app: AppSide) -> PyraosView:
    return PyraosView(app)


class PyraosView(View):
    started = ("Move ",)

    @property  # (View's is a plain tuple: this one follows the variant MENU chose)
    def help(self) -> tuple[str, ...]:  # type: ignore[override]
        """The help page of the variant the board plays now."""
        return help_page(panel.variant_now(self.table))

    @property
    def marbles(self) -> PyraosMarbles:
        """The table's part: the marbles' colours, the trays, the mouse's hand."""
        part = self.table.part
        assert isinstance(part, PyraosMarbles)
        return part

    def pitch(self) -> float:
        return float(self.table.physics.pitch)

    def first_note(self) -> str:
        return _("Drag a marble from your tray; F1 for help")

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
                self.app.refuse(marbles.refusal)

    def drag(self, pos: tuple[int, int]) -> None:
        if self.table.mouse_holds:
            self.marbles.carry(*self.app.layout.to_mm(*pos))

    def let_go(self, pos: tuple[int, int]) -> None:
        marbles = self.marbles
        at = pyraos_scene.board_mm(self.table, self.app.layout, pos)
        if marbles.drop(*at) < 0 and marbles.refusal:
            self.app.refuse(marbles.refusal)

    def seat_word(self, seat: int) -> str:
        return side(seat)

    def seat_line(self, state: Any, seat: int) -> str:
        return _("{seat}   reserve {n}").format(seat=self.seat_name(seat), n=state.reserve[seat])

    def seat_colour(self, seat: int) -> style.Rgb:
        return style.MARBLE[seat]
