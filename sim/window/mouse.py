"""The mouse at the window, the hand at the table, one handler a game: what a
press, a drag and a let-go do to its pieces and the board's buttons.

    mouse.pyraos(app, table.marbles, event)         # a marble: tray or board, onto a spot
    mouse.pacal(app, table.cards, event)            # a card: hand, base, pile; slot or field
    mouse.diabolo(app, table.diabolo_cards, event)  # a card: the hand shown; reader or slot

``app`` is the sim.window.app.App: its table, layout and places, the button
being pressed, and (with several people at the window) whose hand shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from sim.diabolo_table import DiaboloCards
from sim.pacal_table import PacalCards
from sim.pyraos_table import PyraosMarbles
from sim.window import diabolo_view, pacal_view

if TYPE_CHECKING:
    from sim.window.app import App


def _pressed(event: pygame.event.Event) -> bool:
    return bool(event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)


def _let_go(event: pygame.event.Event) -> bool:
    return bool(event.type == pygame.MOUSEBUTTONUP and event.button == 1)


def _press(app: App, name: str | None) -> bool:
    """A press on the board's MENU or BACK (``name``): held until let go."""
    if name is None:
        return False
    app.pressing = name
    app.table.button_down(name)
    return True


def _release(app: App) -> bool:
    """The let-go of a button held: True if one was."""
    if app.pressing is None:
        return False
    app.table.button_up(app.pressing)
    app.pressing = None
    return True


def pyraos(app: App, marbles: PyraosMarbles, event: pygame.event.Event) -> None:
    """A marble from the board or a tray, set down on a spot or back in its tray."""
    table = app.table
    lay = app.layout
    if _pressed(event):
        app.help = False
        if not _press(app, lay.button_at(event.pos)):
            marbles.grab(*lay.to_mm(*event.pos))
    elif event.type == pygame.MOUSEMOTION:
        if table.mouse_holds:
            marbles.carry(*lay.to_mm(*event.pos))
    elif _let_go(event):
        if not _release(app) and table.mouse_holds:
            marbles.drop(*lay.to_mm(*event.pos))


def pacal(app: App, cards: PacalCards, event: pygame.event.Event) -> None:
    """Cards from a hand (shown), a base or the pile, a slot or a field; laid
    on a slot or a field, or back to the hands."""
    table = app.table
    places = app.places
    if event.type == pygame.MOUSEMOTION:
        app.mouse = event.pos
        cards.carry(pacal_view.field_at(places, event.pos))
    elif _pressed(event):
        app.mouse = event.pos
        app.help = False
        if app.passing:
            app.passing = False
            app.shown_seat = table.active_seat()
            return
        if _press(app, pacal_view.button_at(places, event.pos)):
            return
        source = pacal_view.target_at(table, places, event.pos, app.show())
        empty_hand_area = source is not None and source[0] == "hand" and not source[2]
        if source is not None and not empty_hand_area:
            cards.grab(source)
    elif _let_go(event):
        app.mouse = event.pos
        if not _release(app) and table.mouse_holds:
            cards.drop(pacal_view.target_at(table, places, event.pos, app.show()))


def diabolo(app: App, cards: DiaboloCards, event: pygame.event.Event) -> None:
    """A card from the hand shown (or its double card), the reader or a
    slot; laid on the reader or in a slot, or back to the hand."""
    table = app.table
    places = app.dplaces
    if event.type == pygame.MOUSEMOTION:
        app.mouse = event.pos
    elif _pressed(event):
        app.mouse = event.pos
        app.help = False
        if app.passing:
            if places.hand.collidepoint(event.pos):
                app.passing = False
                app.shown_seat = table.active_seat()
            return
        if _press(app, diabolo_view.button_at(places, event.pos)):
            return
        source = diabolo_view.target_at(table, places, event.pos, app.hand_seat())
        if source is not None and not (source[0] == "hand" and not source[2]):
            cards.grab(source)
    elif _let_go(event):
        app.mouse = event.pos
        if not _release(app) and table.mouse_holds:
            cards.drop(diabolo_view.target_at(table, places, event.pos, app.hand_seat()))
