"""Diabolo in the window (the view contract: sim.window.view): the board
drawn from above (sim.window.diabolo_scene), the mouse's hand on the cards,
the covers over the hands between people's turns, the scoring keys, the
seats and the rounds as the panel shows them, the help page.

    view = make(app)         # app: sim.window.view.AppSide
    view.hand_seat()         # the seat whose hand is face up (-1: none)
    view.cover()             # the seat whose hand waits behind the cover (None: none)

Drag a card from the hand shown (or its double card) onto the reader, then
into a lit slot; at scoring the cards of the row's colour onto the reader
(or C), the double card (or D), BACK when done. With several people at the
window each hand waits behind a cover until its seat clicks it.
"""

from __future__ import annotations

from typing import Any

import pygame

from sim.table.cover import Cover
from sim.table.diabolo import DiaboloCards
from sim.texts import N_, _, rules
from sim.texts import moves as in_words
from sim.window import diabolo_scene, panel, style
from sim.window.layout import Layout
from sim.window.view import AppSide, View

KEYS = N_("N new  U undo  C show cards  D double  S save  O open  F1 help  Esc quit")


def help_page(variant: str) -> tuple[str, ...]:
    """The help page (F1): how to play ``variant`` (sim.texts.rules), then
    the mouse and the keys."""
    mouse = (
        _("Your turn: drag a card from your hand onto the reader; its slots light."),
        _("Drag it from the reader into a lit slot. Red shows what is wrong: put it right first."),
        _("None of yours fits (its row locked): hold BACK with it on the reader to put it out."),
        _("Scoring: lay your double card on the reader when doubles are called (D does it)."),
        _("Your turn LED lit: lay each card of that colour on the reader (C: all of them)."),
        _("Take each card back again; BACK when done. The table deals each round."),
    )
    keys = (
        _("N  new game     U  undo (BACK)     S  save the record     O  open one"),
        _("Several people at one window: each hand waits behind a cover until its seat clicks it."),
        _("The computer seats' hands are never shown."),
        _("F1  this page     Esc  quit"),
    )
    return rules.page("diabolo", variant, mouse, keys)


def make(app: AppSide) -> DiaboloView:
    return DiaboloView(app)


class DiaboloView(View):
    keys = KEYS
    started = ("Diabolo ",)
    places: diabolo_scene.Places  # (place() fits them to the window)

    def __init__(self, app: AppSide) -> None:
        super().__init__(app)
        self.hand_cover = Cover()  # several people: each hand behind a cover

    @property  # (View's is a plain tuple: this one follows the variant MENU chose)
    def help(self) -> tuple[str, ...]:  # type: ignore[override]
        """The help page of the variant the board plays now."""
        return help_page(panel.variant_now(self.table))

    @property
    def cards(self) -> DiaboloCards:
        """The table's part: the hands, the pile, the walk-through, the mouse's hand."""
        part = self.table.part
        assert isinstance(part, DiaboloCards)
        return part

    def place(self, layout: Layout) -> None:
        self.places = diabolo_scene.Places(layout.area)

    def first_note(self) -> str:
        return _("Drag a card onto the reader, then into a lit slot; F1 for help")

    # -- who sees which hand ---------------------------------------------------------

    def hand_seat(self) -> int:
        """The seat whose hand is face up at the window (-1: none)."""
        return self.hand_cover.seat(self.table)

    def cover(self) -> int | None:
        """The seat whose hand waits behind the cover (None: no cover)."""
        return self.hand_cover.waiting(self.table)

    def hot_seat(self) -> None:
        self.hand_cover.follow(self.table)

    def key(self, key: int) -> bool:
        # C: show the hand's cards of the row being scored; D: declare the double
        if key not in (pygame.K_c, pygame.K_d):
            return False
        seat = self.hand_seat()
        app = self.app
        if seat < 0:
            app.note = _("No hand is shown at the window now")
        elif key == pygame.K_c:
            shows = _("{seat} shows the cards").format(seat=in_words.numbered(seat))
            app.note = self.cards.show_colour(seat) or shows
        else:
            lays = _("{seat} lays the double card").format(seat=in_words.numbered(seat))
            app.note = self.cards.declare_double(seat) or lays
        return True

    # -- drawing, the mouse ----------------------------------------------------------

    def draw_live(self, surf: pygame.Surface) -> None:
        scene = diabolo_scene.live_scene(self.table, self.hand_seat())
        self._draw(surf, scene)

    def draw_record(self, surf: pygame.Surface, state: Any) -> None:
        self._draw(surf, diabolo_scene.record_scene(self.table, state))

    def _draw(self, surf: pygame.Surface, scene: diabolo_scene.Scene) -> None:
        app = self.app
        diabolo_scene.draw(surf, self.table, scene, self.places, app.fonts, self.cover(), app.mouse)

    def press(self, pos: tuple[int, int]) -> None:
        places = self.places
        if self.hand_cover.down:
            if places.hand.collidepoint(pos):
                self.hand_cover.lift(self.table)
            return
        if self.app.press_button(diabolo_scene.button_at(places, pos)):
            return
        source = diabolo_scene.target_at(self.table, places, pos, self.hand_seat())
        if source is not None and not (source[0] == "hand" and not source[2]):
            self.cards.grab(source)

    def let_go(self, pos: tuple[int, int]) -> None:
        target = diabolo_scene.target_at(self.table, self.places, pos, self.hand_seat())
        why = self.cards.drop(target)
        if why:
            self.app.refuse(why)

    # -- the panel -------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return diabolo_scene.seat_name(self.table, seat)

    def seat_line(self, state: Any, seat: int) -> str:
        hand = len(self.cards.hand(seat))
        return _("{seat}   {hand} cards, {points} points").format(
            seat=self.seat_name(seat), hand=hand, points=state.totals()[seat]
        )

    def seat_colour(self, seat: int) -> style.Rgb:
        return diabolo_scene.SEAT_COLOURS[seat]

    def below_seats(self, surf: pygame.Surface, state: Any, x: int, y: int, w: int) -> int:
        """Each scored round's points per seat (the rules' count, every hand
        known), a column per seat."""
        scores = state.round_scores()
        if not scores:
            return y
        fonts = self.app.fonts
        col = w // (state.players + 1)
        rows = [[_("Round")] + [in_words.numbered(p) for p in range(state.players)]]
        rows += [[str(r + 1)] + [str(v) for v in points] for r, points in enumerate(scores)]
        y += 4
        for row in rows:
            for i, text in enumerate(row):
                img = fonts.small.render(text, True, style.TEXT_DIM if i == 0 else style.TEXT)
                right = x + col * (i + 1) - 8
                surf.blit(img, img.get_rect(topright=(right, y)) if i else (x, y))
            y += fonts.small.get_linesize()
        return y
