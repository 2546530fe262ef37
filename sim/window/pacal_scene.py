"""The Pacal board drawn from above: player 0's pyramid of ten fields at the
bottom and player 1's at the top (each with field 1, its apex, toward the
middle), the two offer slots between them, the turn and round-win LEDs, the
hands at either edge (face down when hidden), the bases or the solo pile,
and the card in the mouse's hand. The view (sim.window.pacal) draws it in
the window and asks it what lies under the mouse.

    places = Places(layout.area)          # every rectangle, for the window's size
    draw(surface, table, live_scene(table), places, fonts, show=(True, False), mouse=(x, y))
    draw(surface, table, record_scene(table, state), places, fonts, show=(True, True))
    target_at(table, places, (x, y), show)  # what lies under the mouse (a source or target)
    led_point(places, name)               # a pixel where LED ``name`` shows (tests)
    button(places, "back")                # a board button's rectangle

Field LEDs glow in a frame around their field, the slot LEDs around their
slot, in the colours of the firmware's last frame (sim.window.style).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from sim.table.table import Table
from sim.texts import _
from sim.window import style
from tabletop.rules import pacal

ROWS = ((1,), (2, 3), (4, 5, 6), (7, 8, 9, 10))  # a pyramid's fields, apex first
CARD_FACE = (245, 241, 230)
CARD_BACK = (70, 96, 150)
CARD_EDGE = (40, 40, 40)
CARD_TEXT = (30, 30, 30)
FIELD = (96, 124, 88)
SLOT = (84, 88, 110)
FELT = (58, 92, 64)


class Places:
    """Where everything is, fitted into the board's area."""

    def __init__(self, area: pygame.Rect) -> None:
        self.area = area
        h = area.h / 13.4
        self.card = (round(h * 0.72), round(h))
        cw, ch = self.card
        gap = round(h * 0.12)
        self.gap = gap
        mid_y = area.centery
        cx = area.x + (area.w - 2 * cw) // 2  # pyramids a little left of centre
        self.fields: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * (2 * pacal.FIELDS)
        for p in (0, 1):
            for r, row in enumerate(ROWS):
                for i, f in enumerate(row):
                    k = i if p == 0 else len(row) - 1 - i
                    x = cx - (len(row) - 1) * (cw + gap) // 2 + k * (cw + gap)
                    dy = (ch + gap) * (r + 1) + ch // 2
                    y = mid_y + dy - ch // 2 if p == 0 else mid_y - dy - ch // 2
                    self.fields[p * pacal.FIELDS + f - 1] = pygame.Rect(x, y, cw, ch)
        self.slots = [
            pygame.Rect(cx - cw - 2 * gap, mid_y - ch // 2, cw, ch),
            pygame.Rect(cx + cw + 2 * gap, mid_y - ch // 2, cw, ch),
        ]
        bottom = max(r.bottom for r in self.fields[: pacal.FIELDS])
        top = min(r.top for r in self.fields[pacal.FIELDS :])
        self.hands = [
            pygame.Rect(area.x, bottom + gap, area.w - 2 * cw, area.bottom - bottom - gap),
            pygame.Rect(area.x, area.y, area.w - 2 * cw, top - gap - area.y),
        ]
        # a base (duel) or the pile (solo) at the right of each hand
        self.piles = [
            pygame.Rect(self.hands[p].right + gap, self.hands[p].centery - ch // 2, cw, ch)
            for p in (0, 1)
        ]
        r = max(4, cw // 7)
        self.led_r = r
        self.turn = [
            (self.slots[1].right + 3 * gap + r, mid_y + ch // 2 + r),
            (self.slots[1].right + 3 * gap + r, mid_y - ch // 2 - r),
        ]
        self.wins = [
            [(area.x + 2 * r + k * 3 * r, mid_y + ch // 2 + gap + r) for k in range(3)],
            [(area.x + 2 * r + k * 3 * r, mid_y - ch // 2 - gap - r) for k in range(3)],
        ]

    def hand_card(self, p: int, i: int, n: int) -> pygame.Rect:
        """The ``i``-th of ``n`` cards in ``p``'s hand (they overlap when many)."""
        area = self.hands[p]
        cw, ch = self.card
        step = min(cw + self.gap, (area.w - cw) / max(1, n - 1)) if n > 1 else 0
        x = area.x + round(i * step)
        return pygame.Rect(x, area.centery - ch // 2, cw, ch)


def led_point(places: Places, name: str) -> tuple[int, int]:
    """A pixel where LED ``name`` shows: on a field's or slot's frame, at a
    turn or win LED's centre."""
    if name.startswith("field"):
        p, f = name[len("field") :].split(".")
        rect = places.fields[int(p) * pacal.FIELDS + int(f) - 1]
        # on the frame's side toward the middle of the board
        y = rect.top - style.FRAME // 2 - 1 if p == "0" else rect.bottom + style.FRAME // 2
        return (rect.centerx, y)
    if name.startswith("slot"):
        rect = places.slots[int(name[4:])]
        return (rect.centerx, rect.top - style.FRAME // 2 - 1)
    if name.startswith("turn"):
        return places.turn[int(name[4:])]
    p, k = name[len("win") :].split(".")
    return places.wins[int(p)][int(k) - 1]


def card(
    surf: pygame.Surface, rect: pygame.Rect, value: int, fonts: Any, face_up: bool = True
) -> None:
    radius = max(3, rect.w // 8)
    pygame.draw.rect(surf, CARD_FACE if face_up else CARD_BACK, rect, border_radius=radius)
    pygame.draw.rect(surf, CARD_EDGE, rect, 1, border_radius=radius)
    if face_up:
        img = fonts.card.render(str(value), True, CARD_TEXT)
        surf.blit(img, img.get_rect(center=rect.center))
    else:
        inner = rect.inflate(-rect.w // 3, -rect.h // 3)
        pygame.draw.rect(surf, style.shade(CARD_BACK, 1.3), inner, 2, border_radius=radius)


@dataclass
class Scene:
    """What the window shows of a Pacal board: the live board, or a
    position of a record being stepped through (its LEDs dark)."""

    fields: list[tuple[int, ...]]  # each field's cards, bottom first (20)
    slots: tuple[int, int]  # the card on each slot (0: none)
    hands: list[list[int]]  # each player's hand
    to_build: tuple[int, int]  # each player's card to build now (0: none)
    piles: tuple[int, int]  # what lies face down beside each hand: a base's top card, or
    pile_left: int  # ... the solo pile (its top card, and how many are left)
    leds: dict[str, style.Rgb | None]
    held: int = 0  # the card in a hand
    held_over: int = -1  # ... over this field (-1: elsewhere)
    mouse_holds: bool = False  # ... the mouse's hand
    pressed: frozenset[str] = frozenset()
    readings: list[tuple[int, int]] | None = None  # each field's raw and settled reading


def live_scene(table: Table, readings: bool = False) -> Scene:
    """The board as it is now, LEDs as the firmware's last frame has them."""
    cards = table.cards
    assert cards is not None
    physics = table.physics
    held = physics.held()
    seats = range(table.seats)
    return Scene(
        fields=[physics.field_cards(f) for f in range(2 * pacal.FIELDS)],
        slots=(physics.slot_card(0), physics.slot_card(1)),
        hands=[cards.hand(p) for p in seats],
        to_build=(cards.truth.pending[0], cards.truth.pending[1]),
        piles=(cards.base_top(0) or cards.pile_top(), cards.base_top(1)),
        pile_left=cards.pile_left(),
        leds={name: table.led(name) for name in table.hal.light_names()},
        held=held[-1] if held else 0,
        held_over=physics._over,
        mouse_holds=bool(cards.mouse_card),
        pressed=frozenset(table.buttons_down),
        readings=style.field_readings(table) if readings else None,
    )


def record_scene(table: Table, state: Any) -> Scene:
    """A position of a record (a rules state with its deals): the pyramids,
    an offer on the slots, the hands and what is still to build; the
    LEDs dark."""
    fields = []
    for p in (0, 1):
        tops, unders = state.pyramid(p), state.covered(p)
        for f in range(pacal.FIELDS):
            fields.append(tuple(c for c in (unders[f], tops[f]) if c))
    offered = state.offer if state.phase == pacal.P_TAKE else (0, 0)
    solo = state.variant == pacal.SOLO
    left = len(state.pile) - state.drawn if solo else 0
    return Scene(
        fields=fields,
        slots=(offered[0], offered[1]),
        hands=[[] if solo else state.hand(p) for p in range(1 if solo else 2)],
        to_build=(state.pending[0], state.pending[1]),
        piles=(0, 0),
        pile_left=left,
        leds=dict.fromkeys(table.hal.light_names()),
    )


def draw(
    surf: pygame.Surface,
    table: Table,
    scene: Scene,
    places: Places,
    fonts: Any,
    show: tuple[bool, bool],
    mouse: tuple[int, int] | None = None,
) -> None:
    """``scene`` on the board; ``show[p]``: player p's hand face up; the
    scene's readings (R): each field's raw reading (white) and the reading
    of the card count the board settled on (green) over it."""
    felt = places.area.inflate(8, 8)
    pygame.draw.rect(surf, FELT, felt, border_radius=12)
    lit = scene.leds
    for f, rect in enumerate(places.fields):
        p, k = divmod(f, pacal.FIELDS)
        style.lit_frame(surf, rect, lit[f"field{p}.{k + 1}"])
        pygame.draw.rect(surf, FIELD, rect, border_radius=max(3, rect.w // 8))
        stack = scene.fields[f]
        if len(stack) == 2:  # the covered card peeks out from under the top one
            under = rect.move(-rect.w // 5, -rect.h // 5 if p == 0 else rect.h // 5)
            card(surf, under, stack[0], fonts)
        if stack:
            card(surf, rect, stack[-1], fonts)
    for s, rect in enumerate(places.slots):
        style.lit_frame(surf, rect, lit[f"slot{s}"])
        pygame.draw.rect(surf, SLOT, rect, border_radius=max(3, rect.w // 8))
        label = fonts.small.render(_("slot {n}").format(n=s + 1), True, style.TEXT_DIM)
        surf.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 2)))
        if scene.slots[s]:
            card(surf, rect, scene.slots[s], fonts)
    for p in range(2):
        style.led(surf, places.turn[p], places.led_r, lit[f"turn{p}"])
        for k in range(3):
            style.led(surf, places.wins[p][k], places.led_r, lit[f"win{p}.{k + 1}"])
    for p, hand in enumerate(scene.hands):
        for i, c in enumerate(hand):
            rect = places.hand_card(p, i, len(hand))
            card(surf, rect, c, fonts, show[p])
            if show[p] and c == scene.to_build[p]:  # the card to build now
                colour = table.profile.colours[f"player{p}"]
                pygame.draw.rect(surf, colour, rect.inflate(4, 4), 3, border_radius=rect.w // 6)
        top = scene.piles[p]
        left = scene.pile_left if p == 0 else 0
        if top or left:
            rect = places.piles[p]
            card(surf, rect, top, fonts, face_up=False)
            what = _("pile {n}").format(n=left) if table.variant == pacal.SOLO else _("base")
            label = fonts.small.render(what, True, style.TEXT_DIM)
            # (above player 0's pile, below player 1's: inside the board)
            at = {"midbottom": (rect.centerx, rect.top - 2)} if p == 0 else {}
            surf.blit(label, label.get_rect(**(at or {"midtop": (rect.centerx, rect.bottom + 2)})))
    for name in ("menu", "back"):
        style.button(surf, button(places, name), name.upper(), fonts, name in scene.pressed)
    if scene.held:
        rect = pygame.Rect((0, 0), places.card)
        if scene.mouse_holds and mouse is not None:
            rect.center = mouse
        elif scene.held_over >= 0:
            rect.center = places.fields[scene.held_over].move(6, -6).center
        else:
            rect.center = places.slots[0].midright
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 80))
        surf.blit(shadow, rect.move(6, 6))
        card(surf, rect, scene.held, fonts)
    if scene.readings is not None:
        for rect, (raw, expected) in zip(places.fields, scene.readings, strict=True):
            at_raw = (rect.centerx, rect.centery - 8)
            at_expected = (rect.centerx, rect.centery + 8)
            style.label(surf, fonts.small, str(raw), at_raw, style.OVERLAY_RAW)
            style.label(surf, fonts.small, str(expected), at_expected, style.OVERLAY_EXPECTED)


def button(places: Places, name: str) -> pygame.Rect:
    cw, ch = places.card
    area = places.area
    y = area.centery + (ch if name == "back" else -ch) - ch // 3
    return pygame.Rect(area.right - int(1.6 * cw), y, int(1.5 * cw), int(0.7 * ch))


def button_at(places: Places, pos: tuple[int, int]) -> str | None:
    for name in ("menu", "back"):
        if button(places, name).collidepoint(pos):
            return name
    return None


def field_at(places: Places, pos: tuple[int, int]) -> int:
    for f, rect in enumerate(places.fields):
        if rect.inflate(places.gap, places.gap).collidepoint(pos):
            return f
    return -1


def target_at(
    table: Table, places: Places, pos: tuple[int, int], show: tuple[bool, bool]
) -> tuple[Any, ...] | None:
    """What lies under ``pos``: a card to pick up (("hand", p, card) for a
    hand shown face up, ("base", p), ("pile",), ("slot", s), ("field", f))
    or a place to lay one (("slot", s), ("field", f), ("hand", p)); None."""
    cards = table.cards
    assert cards is not None
    f = field_at(places, pos)
    if f >= 0:
        return ("field", f)
    for s, rect in enumerate(places.slots):
        if rect.inflate(places.gap, places.gap).collidepoint(pos):
            return ("slot", s)
    for p in range(table.seats):
        if places.piles[p].collidepoint(pos):
            return ("pile",) if table.variant == pacal.SOLO else ("base", p)
        hand = cards.hand(p)
        if show[p]:
            for i in range(len(hand) - 1, -1, -1):  # the top one where they overlap
                if places.hand_card(p, i, len(hand)).collidepoint(pos):
                    return ("hand", p, hand[i])
        if places.hands[p].collidepoint(pos):
            return ("hand", p, 0)
    return None
