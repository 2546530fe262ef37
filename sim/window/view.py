"""What the window (sim.window.app) asks of a game's view, written once.

A game's view is its board drawn in the window and the mouse and keys at
it. The app holds one, made by the view module the game's name chooses
(``sim.part(game, "window")``: sim.window.pyraos, sim.window.pacal,
sim.window.diabolo, each with ``make(app)``):

    view = make(app)               # app: an AppSide (what a view may use of the window)
    view.pitch()                   # mm: the unit of the window's Layout
    view.place(layout)             # the window's size (again): every place fitted to it
    view.first_note()              # the note shown as the window opens
    view.draw_live(surface)        # the board now, its LEDs as the firmware lit them
    view.draw_record(surface, state)   # a record's position (a rules state), LEDs dark
    view.press(pos)                # the mouse: pressed (not on a board button the app
    view.drag(pos)                 # ... holds), moved, let go with a piece in its hand
    view.let_go(pos)
    view.key(key)                  # the game's own keys (Pacal's H; Diabolo's C, D; the
                                   # pass-the-device Space): True when taken
    view.hot_seat()                # after each frame's play: who sees which hand
    view.veil()                    # a page over the whole window (pass the device), or None
    view.seat_name(seat)           # what the panel calls a seat ("Light (you)")
    view.seat_line(state, seat)    # ... and says of it
    view.seat_colour(seat)         # ... its swatch
    view.below_seats(surface, state, x, y, w)   # more under the seats (Diabolo's rounds)
    view.keys, view.help           # the keys at the panel's foot; the help page (F1)
    view.started                   # how the status display's rows begin once the board
                                   # plays its game (what a screenshot waits for)

``View`` below is the contract and its defaults: a game overrides what
differs. Tests run the same window tests over every registered game
(tests/test_window_games.py), so a game without a view fails them.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from sim.table.table import COMPUTER, HUMAN, REMOTE, Table
from sim.texts import N_, _
from sim.texts import moves as in_words
from sim.window import style
from sim.window.layout import Layout

PITCH = 25.0  # mm: a card board's layout is its own; the panel's share is the same
KEYS = N_("N new   U undo   S save   O open   R readings   F1 help   Esc quit")


class AppSide(Protocol):
    """What a game's view may use of the window it is drawn in."""

    table: Table
    layout: Layout
    fonts: style.Fonts
    note: str  # the line at the panel's foot
    mouse: tuple[int, int]  # where the mouse was last
    overlay: bool  # R: the sensors' readings shown

    def press_button(self, name: str | None) -> bool:
        """A press on the board's MENU or BACK (``name``; None: none), held
        until the mouse lets go: True if it was one."""

    def refuse(self, why: str) -> None:
        """``why`` at the panel's foot, until the game goes on."""


class View:
    """The defaults of a game's view (each game overrides the drawing and
    the mouse)."""

    keys = KEYS  # the keys listed at the panel's foot (English: _(keys) where shown)
    help: tuple[str, ...] = ("Playing at the board",)  # the help page (F1), a title first
    started: tuple[str, ...] = ()  # a status row beginning so: the board plays (App.settle)

    def __init__(self, app: AppSide) -> None:
        self.app = app

    @property
    def table(self) -> Table:
        return self.app.table

    # -- the places, the first note ----------------------------------------------------

    def pitch(self) -> float:
        """The window Layout's unit, in mm (a board's pitch)."""
        return PITCH

    def place(self, layout: Layout) -> None:
        """The window has (again) the size of ``layout``: fit every place to it."""

    def first_note(self) -> str:
        return _("F1 for help")

    # -- drawing ---------------------------------------------------------------------

    def draw_live(self, surf: pygame.Surface) -> None:
        """The board as it is now, in ``layout.area``."""
        raise NotImplementedError(f"{type(self).__name__} draws no board")

    def draw_record(self, surf: pygame.Surface, state: Any) -> None:
        """A record's position (``state``, the rules state after some of its
        events): its pieces in place, the LEDs dark."""
        raise NotImplementedError(f"{type(self).__name__} draws no record")

    def veil(self) -> tuple[str, ...] | None:
        """A page drawn over the whole window (its first line a title),
        hiding the board: the pass-the-device screen; None: none."""
        return None

    # -- the mouse and the keys ----------------------------------------------------------

    def press(self, pos: tuple[int, int]) -> None:
        """The mouse pressed at ``pos`` (the help page is closed already)."""

    def drag(self, pos: tuple[int, int]) -> None:
        """The mouse moved to ``pos``."""

    def let_go(self, pos: tuple[int, int]) -> None:
        """The mouse let go at ``pos`` with a piece in its hand."""

    def key(self, key: int) -> bool:
        """A key of the game's own (pygame's ``key``): True when it was one."""
        return False

    # -- who sees which hand ------------------------------------------------------------

    def hot_seat(self) -> None:
        """After each frame's play: with several people at one window, who
        sees which hand now."""

    # -- the panel -----------------------------------------------------------------------

    def seat_word(self, seat: int) -> str:
        """A seat's own name (its colour): P1, P2."""
        return in_words.numbered(seat)

    def seat_name(self, seat: int) -> str:
        """A seat as the panel names it: ``P1 (you)``, ``P2 (computer)``."""
        players = self.table.players
        if players[seat] == COMPUTER:
            who = _("computer")
        elif players[seat] == REMOTE:
            who = _("far away")
        elif players.count(HUMAN) == 2 or seat != 0 and REMOTE not in players:
            who = _("player {n}").format(n=seat + 1)
        else:
            who = _("you")
        return _("{seat} ({who})").format(seat=self.seat_word(seat), who=who)

    def seat_line(self, state: Any, seat: int) -> str:
        """What the panel says of ``seat`` in ``state``."""
        return self.seat_name(seat)

    def seat_colour(self, seat: int) -> style.Rgb:
        """The swatch beside a seat's line."""
        rgb = self.table.profile.colours[f"player{seat}"]
        return (int(rgb[0]), int(rgb[1]), int(rgb[2]))

    def below_seats(self, surf: pygame.Surface, state: Any, x: int, y: int, w: int) -> int:
        """More of the panel below the seats and the outcome; the y below it."""
        return y
