"""Pacal in the window (the view contract: sim.window.view): the board
drawn from above (sim.window.pacal_scene), the mouse's hand on the cards,
who sees which hand, the seats as the panel shows them, the help page.

    view = make(app)         # app: sim.window.view.AppSide
    view.show()              # whose hand is face up: (player 0's, player 1's)
    view.passing             # two people: the "pass the device" screen is up

Cards from a hand (shown), a base or the pile, a slot or a field; laid on a
slot or a field, or back to the hands. H shows both hands; with two people
at one window each hand is shown only to its player, a "pass the device"
screen between them (a click or Space takes it away).
"""

from __future__ import annotations

from typing import Any

import pygame

from sim.table.pacal import PacalCards
from sim.table.table import HUMAN
from sim.texts import N_, _, rules
from sim.window import pacal_scene, panel
from sim.window.layout import Layout
from sim.window.view import AppSide, View

KEYS = N_("N new  U undo  S save  O open  R readings  H hands  F1 help  Esc quit")


def help_page(variant: str) -> tuple[str, ...]:
    """The help page (F1): how to play ``variant`` (sim.texts.rules), then
    the mouse and the keys."""
    if variant == "solo":
        mouse: tuple[str, ...] = (
            _("Drag the pile's top card onto slot 1 to read it, then onto a lit field."),
        )
    else:
        mouse = (
            _("Offer: drag two cards from your hand onto the slots."),
            _("Take: drag one off its slot to your hand; the offerer takes back the other."),
            _("Build the card you received on a lit field of your pyramid."),
            _("The table deals each round for you (base cards read, fields cleared)."),
        )
    mouse += (_("Red shows where a card may not go."),)
    keys = (
        _("MENU: new game (hold: next game or variant)   BACK: undo / keep"),
        _("N  new game     U  undo (BACK)     S  save the record"),
        _("O  open a record, then Left / Right step through it (End: the board)"),
        _("R  each field's reading, and the reading of the count the board sees"),
        _("H  both hands face up (two people at one window: each sees only their own)"),
        _("F1  this page     Esc  quit"),
    )
    return rules.page("pacal", variant, mouse, keys)


FIRST_NOTES = {
    "duel": N_("Drag a card from your hand; F1 for help"),
    "solo": N_("Drag the pile's top card onto slot 1; F1 for help"),
}


def make(app: AppSide) -> PacalView:
    return PacalView(app)


class PacalView(View):
    keys = KEYS
    started = ("Round",)  # (a duel's; a solo game's says none)
    places: pacal_scene.Places  # (place() fits them to the window)

    def __init__(self, app: AppSide) -> None:
        super().__init__(app)
        self.show_both = False  # every human hand face up (H)
        self.shown_seat: int | None = None  # two people: whose hand is up
        self.passing = False  # ... the "pass the device" screen is up

    @property  # (View's is a plain tuple: this one follows the variant MENU chose)
    def help(self) -> tuple[str, ...]:  # type: ignore[override]
        """The help page of the variant the board plays now."""
        return help_page(panel.variant_now(self.table))

    @property
    def cards(self) -> PacalCards:
        """The table's part: the hands, the bases, the pile, the mouse's hand."""
        part = self.table.part
        assert isinstance(part, PacalCards)
        return part

    def place(self, layout: Layout) -> None:
        self.places = pacal_scene.Places(layout.area)

    def first_note(self) -> str:
        return _(FIRST_NOTES[self.table.variant])

    # -- who sees which hand ---------------------------------------------------------

    def show(self) -> tuple[bool, bool]:
        """Whose hand is face up. A computer's never (unless H); with one
        person at the window, theirs always; with two, the hand of the one
        to act, after the other has passed the device."""
        table = self.table
        humans = [p for p in range(table.seats) if table.players[p] == HUMAN]
        out = [False, False]
        for p in humans:
            if self.show_both or len(humans) == 1:
                out[p] = True
            elif not self.passing and p == self.shown_seat:
                out[p] = True
        if self.show_both:
            out = [True, True]
        return (out[0], out[1])

    def hot_seat(self) -> None:
        # Two people at one window: when the other is to act, hide the hands
        # until they have the device.
        table = self.table
        if table.players.count(HUMAN) < 2 or self.show_both:
            return
        active = table.active_seat()
        if active is None or active == self.shown_seat or table.mouse_holds:
            return
        if self.shown_seat is None:
            self.shown_seat = active
        else:
            self.passing = True

    def _take_the_device(self) -> None:
        self.passing = False
        self.shown_seat = self.table.active_seat()

    def veil(self) -> tuple[str, ...] | None:
        if not self.passing:
            return None
        seat = self.table.active_seat()
        if seat is None:
            to = _("Pass the device to the other player")
        else:
            to = _("Pass the device to player {n}").format(n=seat + 1)
        return (to, "", _("Click or press Space"))

    def key(self, key: int) -> bool:
        if key == pygame.K_SPACE and self.passing:
            self._take_the_device()
        elif key == pygame.K_h:
            self.show_both = not self.show_both
            both = self.show_both
            self.app.note = _("Both hands shown") if both else _("Each hand only to its player")
        else:
            return False
        return True

    # -- drawing, the mouse ----------------------------------------------------------

    def draw_live(self, surf: pygame.Surface) -> None:
        app = self.app
        scene = pacal_scene.live_scene(self.table, app.overlay)
        pacal_scene.draw(surf, self.table, scene, self.places, app.fonts, self.show(), app.mouse)

    def draw_record(self, surf: pygame.Surface, state: Any) -> None:
        scene = pacal_scene.record_scene(self.table, state)
        pacal_scene.draw(surf, self.table, scene, self.places, self.app.fonts, (True, True))

    def press(self, pos: tuple[int, int]) -> None:
        if self.passing:
            self._take_the_device()
            return
        if self.app.press_button(pacal_scene.button_at(self.places, pos)):
            return
        source = pacal_scene.target_at(self.table, self.places, pos, self.show())
        empty_hand_area = source is not None and source[0] == "hand" and not source[2]
        if source is not None and not empty_hand_area:
            self.cards.grab(source)

    def drag(self, pos: tuple[int, int]) -> None:
        self.cards.carry(pacal_scene.field_at(self.places, pos))

    def let_go(self, pos: tuple[int, int]) -> None:
        why = self.cards.drop(pacal_scene.target_at(self.table, self.places, pos, self.show()))
        if why:
            self.app.refuse(why)

    # -- the panel -------------------------------------------------------------------

    def seat_line(self, state: Any, seat: int) -> str:
        name = self.seat_name(seat)
        if self.table.variant == "solo":
            return _("{seat}   cards used {n}, pile {pile}").format(
                seat=name, n=state.cards_used(), pile=self.cards.pile_left()
            )
        return _("{seat}   rounds won {n}, hand {hand}").format(
            seat=name, n=state.wins[seat], hand=len(self.cards.hand(seat))
        )
