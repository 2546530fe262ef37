"""The Diabolo board drawn from above: the five rows red to blue, each with
its three hell slots left of the row card and its three heaven slots right
of it (slot 1 next to the row card), the lock LED beside each row; the
reader, the turn LEDs of the seats and the buttons at the right; below, the
hand of the seat at the window (or the cover that hides it between
hot-seat turns), and the card in the mouse's hand. The view
(sim.window.diabolo) draws it in the window and asks it what lies under
the mouse.

    places = Places(layout.area)          # every rectangle, for the window's size
    draw(surface, table, live_scene(table, seat), places, fonts, cover=None, mouse=(x, y))
    draw(surface, table, record_scene(table, state), places, fonts)
    target_at(table, places, (x, y), seat)  # what lies under the mouse (a source or target)
    led_point(places, name)               # a pixel where LED ``name`` shows (tests)

Slot LEDs glow in a frame around their slot, in the colours of the
firmware's last frame (sim.window.style): the window never works out on its
own what is lit. A computer seat's hand is never drawn, only its count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from sim.hardware.physics.diabolo import SLOTS
from sim.table.table import COMPUTER, HUMAN, REMOTE, Table
from sim.texts import _
from sim.texts import moves as in_words
from sim.texts.diabolo import colour as colour_name
from sim.window import style
from tabletop.profile.schema_diabolo import led_names
from tabletop.rules import diabolo
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

# the suits red .. blue: the cards' printing (the rule book's), drawn as a card's face
# (and a row card's border), never as a light (tabletop.profile.colours)
COLOURS = ((206, 60, 58), (232, 196, 64), (72, 160, 86), (142, 84, 176), (62, 112, 206))
DARK_TEXT = (30, 30, 30)
CARD_EDGE = (30, 30, 30)
CARD_BACK = (70, 60, 90)
DOUBLE_FACE = (36, 36, 40)
GOLD = (230, 190, 90)
ROW_CARD = (226, 220, 206)
SLOT = (80, 84, 104)
FELT = (58, 70, 92)
COVER = (44, 48, 60)
SEAT_COLOURS = style.SEAT_COLOURS  # (the seat at the window: its name, its hand)
NAMES = led_names()  # every LED of the board, in the profile's order (a slot's by its index)


def slot_of(colour: int, side: int, k: int) -> int:
    """The slot index of the ``k``-th slot (0: next to the row card) on
    ``side`` of ``colour``'s row (the profile's order)."""
    return (colour * 2 + side) * 3 + k


class Places:
    """Where everything is, fitted into the board's area."""

    def __init__(self, area: pygame.Rect) -> None:
        self.area = area
        ch = int(min(area.h / 7.6, area.w / 8.6))
        cw = int(ch * 0.7)
        gap = max(4, ch // 9)
        self.card = (cw, ch)
        self.gap = gap
        self.led_r = max(5, cw // 7)
        width = 7 * (cw + gap) + 3 * self.led_r + 2 * gap + int(2.1 * cw)
        left = area.x + max(0, (area.w - width) // 2) + 3 * self.led_r
        top = area.y + gap + ch // 4  # (room above for "hell" and "heaven")
        self.slots: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * SLOTS
        self.row_cards: list[pygame.Rect] = []
        self.locks: list[tuple[int, int]] = []
        for c in range(diabolo.COLOURS):
            y = top + c * (ch + gap)
            for k in range(3):
                hell = left + (2 - k) * (cw + gap)
                heaven = left + (4 + k) * (cw + gap)
                self.slots[slot_of(c, diabolo.HELL, k)] = pygame.Rect(hell, y, cw, ch)
                self.slots[slot_of(c, diabolo.HEAVEN, k)] = pygame.Rect(heaven, y, cw, ch)
            self.row_cards.append(pygame.Rect(left + 3 * (cw + gap), y, cw, ch))
            self.locks.append((left - 2 * self.led_r, y + ch // 2))
        self.rows_bottom = top + diabolo.COLOURS * (ch + gap)
        x0 = left + 7 * (cw + gap) + 2 * gap
        col_w = int(1.9 * cw)
        self.reader = pygame.Rect(x0 + (col_w - cw) // 2, top, cw, ch)
        step = max(2 * self.led_r + 4, ch // 3)
        y = self.reader.bottom + gap + 14 + self.led_r
        self.turn = [(x0 + self.led_r + 2, y + i * step) for i in range(5)]
        by = self.turn[-1][1] + self.led_r + gap
        bh = max(22, ch // 3)
        self.buttons = {
            "menu": pygame.Rect(x0, by, col_w, bh),
            "back": pygame.Rect(x0, by + bh + gap, col_w, bh),
        }
        self.pile = pygame.Rect(x0, self.buttons["back"].bottom + gap, col_w, bh)
        hand_top = self.rows_bottom + gap
        self.hand = pygame.Rect(area.x, hand_top, area.w, area.bottom - hand_top)
        self.double = pygame.Rect(self.hand.right - cw - gap, 0, cw, ch)
        self.double.bottom = self.hand.bottom - gap

    def hand_card(self, i: int, n: int) -> pygame.Rect:
        """The ``i``-th of ``n`` cards in the hand shown (they overlap when many)."""
        area = self.hand
        cw, ch = self.card
        room = area.w - 3 * cw - 2 * self.gap
        step = min(cw + self.gap, room / max(1, n - 1)) if n > 1 else 0
        x = area.x + self.gap + round(i * step)
        return pygame.Rect(x, area.bottom - ch - self.gap, cw, ch)


def led_point(places: Places, name: str) -> tuple[int, int]:
    """A pixel where LED ``name`` shows: on a slot's frame (its top side),
    at a lock or turn LED's centre."""
    if name.startswith("lock."):
        return places.locks["rygpb".index(name[5])]
    if name.startswith("turn"):
        return places.turn[int(name[4:])]
    rect = places.slots[NAMES.index(name)]
    return (rect.centerx, rect.top - style.FRAME // 2 - 1)


def card(
    surf: pygame.Surface, rect: pygame.Rect, value: int, fonts: Any, face_up: bool = True
) -> None:
    """A card (a rules card int, or DOUBLE_CARD + seat) drawn in ``rect``."""
    radius = max(3, rect.w // 8)
    if not face_up:
        pygame.draw.rect(surf, CARD_BACK, rect, border_radius=radius)
        inner = rect.inflate(-rect.w // 3, -rect.h // 3)
        pygame.draw.rect(surf, style.shade(CARD_BACK, 1.4), inner, 2, border_radius=radius)
    elif value >= DOUBLE_CARD:
        pygame.draw.rect(surf, DOUBLE_FACE, rect, border_radius=radius)
        pygame.draw.rect(surf, GOLD, rect.inflate(-6, -6), 2, border_radius=radius)
        img = fonts.card.render("x2", True, GOLD)
        surf.blit(img, img.get_rect(center=(rect.centerx, rect.centery - rect.h // 8)))
        who = fonts.small.render(in_words.numbered(value - DOUBLE_CARD), True, GOLD)
        surf.blit(who, who.get_rect(midbottom=(rect.centerx, rect.bottom - 6)))
    else:
        c = diabolo.colour_of(value)
        pygame.draw.rect(surf, COLOURS[c], rect, border_radius=radius)
        ink = DARK_TEXT if c in (diabolo.YELLOW, diabolo.GREEN) else (250, 250, 250)
        img = fonts.card.render(str(diabolo.value_of(value)), True, ink)
        surf.blit(img, img.get_rect(center=rect.center))
        tag = fonts.small.render("rygpb"[c], True, ink)
        surf.blit(tag, (rect.x + 4, rect.y + 2))
    pygame.draw.rect(surf, CARD_EDGE, rect, 1, border_radius=radius)


@dataclass
class Scene:
    """What the window shows of a Diabolo board: the live board, or a
    position of a record being stepped through (its LEDs dark)."""

    slots: list[int]  # the card in each slot (0: none)
    reader: int  # the card on the reader
    seats: int
    seat: int  # the seat whose hand is drawn (-1: none)
    hand: list[int]  # ... its cards
    double: bool  # ... its double card is in hand
    counts: list[int]  # each seat's cards in hand
    computers: list[bool]  # which seats the computer plays
    pile: int  # cards left on the pile
    leds: dict[str, style.Rgb | None]
    held: int = 0  # the card in a hand
    mouse_holds: bool = False  # ... the mouse's
    pressed: frozenset[str] = frozenset()
    note: str = ""  # what the hand strip says when no hand is drawn
    names: list[str] = field(default_factory=list)


def live_scene(table: Table, seat: int) -> Scene:
    """The board as it is now, LEDs as the firmware's last frame has them;
    ``seat``'s hand drawn (-1: none)."""
    dc = table.diabolo_cards
    assert dc is not None
    physics = table.physics
    seats = range(table.seats)
    computers = [table.players[p] != HUMAN for p in seats]
    if seat >= 0 and computers[seat]:
        seat = -1  # (a computer's hand is never shown, nor one far away)
    return Scene(
        slots=list(physics.slots()),
        reader=physics.reader_card(),
        seats=table.seats,
        seat=seat,
        hand=dc.hand(seat) if seat >= 0 else [],
        double=seat >= 0 and dc.has_double(seat),
        counts=[len(dc.hand(p)) for p in seats],
        computers=computers,
        pile=dc.pile_left(),
        leds={name: table.led(name) for name in table.hal.light_names()},
        held=physics.held(),
        mouse_holds=bool(dc.mouse_card),
        pressed=frozenset(table.buttons_down),
        names=[seat_name(table, p) for p in seats],
    )


def record_scene(table: Table, state: Any) -> Scene:
    """A position of a record (a rules state with its deals): the rows,
    every seat's card count; the LEDs dark, no hand drawn."""
    slots = [0] * SLOTS
    for c in range(diabolo.COLOURS):
        for side, cards in enumerate(state.row(c)):
            for k, v in enumerate(cards):
                slots[slot_of(c, side, k)] = v
    seats = range(state.players)
    return Scene(
        slots=slots,
        reader=0,
        seats=state.players,
        seat=-1,
        hand=[],
        double=False,
        counts=[state.hand_size(p) for p in seats],
        computers=[table.players[p] != HUMAN for p in seats],
        pile=len(state.pile_left()) if state.phase == diabolo.P_PLAY else 0,
        leds=dict.fromkeys(table.hal.light_names()),
        names=[seat_name(table, p) for p in seats],
        note=_("A record's position: the hands are not shown"),
    )


def seat_name(table: Table, seat: int) -> str:
    """P1 (you), P2 (computer), or with several people P3 (person)."""
    if table.players[seat] == COMPUTER:
        who = _("computer")
    elif table.players[seat] == REMOTE:
        who = _("far away")
    elif table.players.count("human") == 1:
        who = _("you")
    else:
        who = _("person")
    return _("{seat} ({who})").format(seat=in_words.numbered(seat), who=who)


def draw(
    surf: pygame.Surface,
    table: Table,
    scene: Scene,
    places: Places,
    fonts: Any,
    cover: int | None = None,
    mouse: tuple[int, int] | None = None,
) -> None:
    """``scene`` on the board; ``cover``: the seat whose hand waits behind
    the cover ("Seat N: click to show your hand")."""
    felt = places.area.inflate(8, 8)
    pygame.draw.rect(surf, FELT, felt, border_radius=12)
    lit = scene.leds
    cw, ch = places.card
    first = places.slots[slot_of(0, diabolo.HELL, 1)]
    heaven = places.slots[slot_of(0, diabolo.HEAVEN, 1)]
    for word, rect in ((_("hell"), first), (_("heaven"), heaven)):
        img = fonts.small.render(word, True, style.TEXT_DIM)
        surf.blit(img, img.get_rect(midbottom=(rect.centerx, rect.top - style.FRAME - 2)))
    for s, rect in enumerate(places.slots):
        style.lit_frame(surf, rect, lit[NAMES[s]])
        pygame.draw.rect(surf, SLOT, rect, border_radius=max(3, rect.w // 8))
        if scene.slots[s]:
            card(surf, rect, scene.slots[s], fonts)
    for c, rect in enumerate(places.row_cards):
        radius = max(3, rect.w // 8)
        pygame.draw.rect(surf, ROW_CARD, rect, border_radius=radius)
        pygame.draw.rect(surf, COLOURS[c], rect.inflate(-6, -6), 4, border_radius=radius)
        name = fonts.small.render(colour_name("rygpb"[c]), True, DARK_TEXT)
        if name.get_width() > rect.w - 12:  # (a narrow window: the name fitted in)
            k = (rect.w - 12) / name.get_width()
            name = pygame.transform.smoothscale(name, (rect.w - 12, int(name.get_height() * k)))
        surf.blit(name, name.get_rect(center=rect.center))
        style.led(surf, places.locks[c], places.led_r, lit[f"lock.{'rygpb'[c]}"])
    # the reader, the seats' turn LEDs, the buttons, the pile
    reader = places.reader
    pygame.draw.rect(surf, SLOT, reader, border_radius=max(3, reader.w // 8))
    pygame.draw.rect(surf, style.TEXT_DIM, reader, 1, border_radius=max(3, reader.w // 8))
    img = fonts.small.render(_("reader"), True, style.TEXT_DIM)
    surf.blit(img, img.get_rect(midtop=(reader.centerx, reader.bottom + 2)))
    if scene.reader:
        card(surf, reader, scene.reader, fonts)
    for p in range(5):
        at = places.turn[p]
        style.led(surf, at, places.led_r, lit[f"turn{p}"])
        if p < scene.seats:
            who = in_words.numbered(p)
            if p < len(scene.counts):
                who = _("{seat}  {n} cards").format(seat=who, n=scene.counts[p])
            colour = style.TEXT if p != scene.seat else SEAT_COLOURS[p]
            img = fonts.small.render(who, True, colour)
            surf.blit(img, img.get_rect(midleft=(at[0] + places.led_r + 6, at[1])))
    for name, rect in places.buttons.items():
        style.button(surf, rect, name.upper(), fonts, name in scene.pressed)
    if scene.pile:
        img = fonts.small.render(_("pile {n}").format(n=scene.pile), True, style.TEXT_DIM)
        surf.blit(img, img.get_rect(midleft=(places.pile.x, places.pile.centery)))
    _hand(surf, scene, places, fonts, cover)
    if scene.held:
        rect = pygame.Rect((0, 0), places.card)
        if scene.mouse_holds and mouse is not None:
            rect.center = mouse
        else:
            rect.center = places.reader.move(-cw // 2, ch // 3).center
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 80))
        surf.blit(shadow, rect.move(6, 6))
        card(surf, rect, scene.held, fonts)


def hand_note(scene: Scene) -> str:
    """What the hand strip says when it draws no hand."""
    if scene.note:
        return scene.note
    if any(scene.computers):
        return _("The computer seats' hands are hidden")
    return _("Each hand stays hidden until its seat shows it")  # (people only)


def _hand(
    surf: pygame.Surface, scene: Scene, places: Places, fonts: Any, cover: int | None
) -> None:
    # The hand strip: the seat's cards and double card, or the cover, or a note.
    area = places.hand
    x, y = area.x + places.gap, area.y
    if cover is not None:
        box = area.inflate(-places.gap, -places.gap // 2)
        pygame.draw.rect(surf, COVER, box, border_radius=10)
        pygame.draw.rect(surf, style.PANEL_LINE, box, 2, border_radius=10)
        words = _("Seat {n}: click to show your hand").format(n=cover + 1)
        img = fonts.title.render(words, True, style.TEXT)
        surf.blit(img, img.get_rect(center=box.center))
        return
    if scene.seat < 0:
        surf.blit(fonts.body.render(hand_note(scene), True, style.TEXT_DIM), (x, y))
        return
    name = scene.names[scene.seat] if scene.names else in_words.numbered(scene.seat)
    title = fonts.body.render(_("{seat}: hand").format(seat=name), True, SEAT_COLOURS[scene.seat])
    top = places.hand_card(0, 1).top - title.get_height() - places.gap // 2
    surf.blit(title, (x, max(y, top)))
    for i, c in enumerate(scene.hand):
        card(surf, places.hand_card(i, len(scene.hand)), c, fonts)
    if scene.double:
        card(surf, places.double, DOUBLE_CARD + scene.seat, fonts)


def button_at(places: Places, pos: tuple[int, int]) -> str | None:
    for name, rect in places.buttons.items():
        if rect.collidepoint(pos):
            return name
    return None


def target_at(
    table: Table, places: Places, pos: tuple[int, int], seat: int
) -> tuple[Any, ...] | None:
    """What lies under ``pos``: a card to pick up (("hand", seat, card) of
    the hand drawn, ("double", seat), ("reader",), ("slot", s)) or a place
    to lay one (("reader",), ("slot", s), ("hand", seat)); None."""
    half = places.gap // 2
    if places.reader.inflate(places.gap, places.gap).collidepoint(pos):
        return ("reader",)
    for s, rect in enumerate(places.slots):
        if rect.inflate(half, half).collidepoint(pos):
            return ("slot", s)
    dc = table.diabolo_cards
    if seat >= 0 and dc is not None and places.hand.collidepoint(pos):
        if dc.has_double(seat) and places.double.collidepoint(pos):
            return ("double", seat)
        hand = dc.hand(seat)
        for i in range(len(hand) - 1, -1, -1):  # the top one where they overlap
            if places.hand_card(i, len(hand)).collidepoint(pos):
                return ("hand", seat, hand[i])
        return ("hand", seat, 0)
    return None
