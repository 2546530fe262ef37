"""The side panel: the game and its seats (whose turn, reserves; Diabolo:
cards in hand, points, and each round's scores as the rules count them
with every hand known), the board's status display as a small OLED (the
8 x 16 text the firmware wrote: what the board itself says, its scores
too), the moves in record notation, the keys; and the help page (F1).

    draw_panel(surface, table, game, moves, layout, fonts, note)
    draw_help(surface, layout, fonts)
"""

from __future__ import annotations

from typing import Any

import pygame

from sim.table import COMPUTER, Table
from sim.window import diabolo_view, style
from sim.window.layout import Layout

PAD = 14
OLED_ROWS = 8
OLED_COLS = 16
KEYS = "N new   U undo   S save   O open   R readings   F1 help   Esc quit"
PACAL_KEYS = "N new  U undo  S save  O open  R readings  H hands  F1 help  Esc quit"
DIABOLO_KEYS = "N new  U undo  C show cards  D double  S save  O open  F1 help  Esc quit"
HELP = (
    "Playing at the board",
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


PACAL_HELP = (
    "Playing at the board",
    "",
    "Drag cards from your hand: two onto the slots to offer them; the",
    "other player takes one off its slot (drag it to their hand), then the",
    "offerer takes back the other. Build the card you received on a lit",
    "field of your pyramid; red shows where it may not go. Solo: drag the",
    "pile's top card onto slot 1 to read it, then onto a lit field.",
    "The table deals each round for you (base cards read, fields cleared).",
    "",
    "MENU: new game (hold: next game or variant)   BACK: undo / keep",
    "",
    "N  new game     U  undo (BACK)     S  save the record",
    "O  open a record, then Left / Right step through it (End: the board)",
    "R  each field's reading, and the reading of the count the board sees",
    "H  both hands face up (two players at one window: each hand is shown",
    "   only to its player, with a 'pass the device' screen in between)",
    "F1 this page    Esc  quit",
)


DIABOLO_HELP = (
    "Playing at the board",
    "",
    "Your turn: drag a card from your hand onto the reader; the slots where",
    "it may go light. Drag it from the reader into a lit slot: hell left of",
    "the row card, heaven right. Red shows what is wrong: put it right first.",
    "A card whose row is locked lights nothing: if none of yours fits, hold",
    "BACK with it on the reader to put it out. The table deals each round.",
    "",
    "Scoring, row by row: lay your double card on the reader when doubles are",
    "called (D does it), then, when your turn LED is lit, each card of that",
    "colour from your hand (C does it all), taking each back; BACK when done.",
    "",
    "N  new game     U  undo (BACK)     S  save the record     O  open one",
    "Several people at one window: each hand waits behind a cover until its",
    "seat clicks it; the computer seats' hands are never shown.",
    "F1 this page    Esc  quit",
)


def _seat_name(table: Table, seat: int) -> str:
    if table.game_name == "diabolo":
        return diabolo_view.seat_name(table, seat)
    if table.game_name == "pacal":
        colour = f"P{seat + 1}"
    else:
        colour = "Light" if seat == 0 else "Dark"
    who = "computer" if table.players[seat] == COMPUTER else "you" if seat == 0 else "player 2"
    if table.players.count("human") == 2:
        who = f"player {seat + 1}"
    return f"{colour} ({who})"


def _seat_line(table: Table, game: Any, seat: int) -> str:
    name = _seat_name(table, seat)
    if table.diabolo_cards is not None:
        hand = len(table.diabolo_cards.hand(seat))
        return f"{name}   {hand} cards, {game.totals()[seat]} points"
    if table.cards is None:
        return f"{name}   reserve {game.reserve[seat]}"
    if table.variant == "solo":
        return f"{name}   cards used {game.cards_used()}, pile {table.cards.pile_left()}"
    return f"{name}   rounds won {game.wins[seat]}, hand {len(table.cards.hand(seat))}"


def draw_panel(
    surf: pygame.Surface,
    table: Table,
    game: Any,
    moves: list[str],
    lay: Layout,
    fonts: Any,
    note: str,
    live: bool = True,
) -> None:
    """The panel for ``game`` (the board's rules state, or with ``live``
    False a record's position: no status display then) with ``moves``
    (record notation) listed."""
    rect = lay.panel
    pygame.draw.rect(surf, style.PANEL, rect)
    pygame.draw.line(surf, style.PANEL_LINE, rect.topleft, rect.bottomleft, 2)
    x = rect.x + PAD
    y = rect.y + PAD
    w = rect.w - 2 * PAD
    title = f"{table.game_name.capitalize()} {table.variant}"
    surf.blit(fonts.title.render(title, True, style.TEXT), (x, y))
    y += fonts.title.get_linesize() + 4
    movers = game.to_move()
    for seat in range(table.seats):
        turn = bool(movers) and movers[0] == seat
        line = _seat_line(table, game, seat)
        colour = style.TEXT if turn else style.TEXT_DIM
        sw = fonts.body.get_height() - 6
        if table.diabolo_cards is not None:
            swatch = diabolo_view.SEAT_COLOURS[seat]
        elif table.cards is None:
            swatch = style.MARBLE[seat]
        else:
            swatch = table.profile.colours[f"player{seat}"]
        pygame.draw.circle(surf, swatch, (x + sw // 2, y + sw // 2 + 2), sw // 2)
        if turn:
            pygame.draw.circle(surf, style.TEXT, (x + sw // 2, y + sw // 2 + 2), sw // 2 + 2, 2)
        surf.blit(fonts.body.render(line, True, colour), (x + sw + 8, y))
        y += fonts.body.get_linesize() + 2
    outcome = game.outcome()
    if outcome is not None:
        won = "Draw" if outcome.winner is None else _seat_name(table, outcome.winner) + " wins"
        surf.blit(fonts.body.render(won, True, style.TEXT), (x, y))
        y += fonts.body.get_linesize()
        for line in _wrap(fonts.small, outcome.reason, w):
            surf.blit(fonts.small.render(line, True, style.TEXT_DIM), (x, y))
            y += fonts.small.get_linesize()
    if table.diabolo_cards is not None:
        y = _rounds(surf, game, fonts, x, y, w)
    y += 8
    if live:
        y = _oled(surf, table, fonts, x, y, w) + 10
    surf.blit(fonts.small.render("Moves (record notation)", True, style.TEXT_DIM), (x, y))
    y += fonts.small.get_linesize() + 2
    keys_text = PACAL_KEYS if table.cards is not None else KEYS
    if table.diabolo_cards is not None:
        keys_text = DIABOLO_KEYS
    keys = _wrap(fonts.small, keys_text, w)[:2]
    bottom = rect.bottom - PAD - (1 + len(keys)) * fonts.small.get_linesize() - 8
    room = max(0, (bottom - y) // fonts.small.get_linesize())
    first = max(0, len(moves) - room)
    for i in range(first, len(moves)):
        text = _fit(fonts.small, f"{i + 1:>3}  {moves[i]}", w)
        surf.blit(fonts.small.render(text, True, style.TEXT), (x, y))
        y += fonts.small.get_linesize()
    y = bottom + 4
    if note:
        surf.blit(fonts.small.render(_fit(fonts.small, note, w), True, style.TEXT), (x, y))
    y += fonts.small.get_linesize() + 4
    for line in keys:
        surf.blit(fonts.small.render(line, True, style.TEXT_DIM), (x, y))
        y += fonts.small.get_linesize()


def _rounds(surf: pygame.Surface, game: Any, fonts: Any, x: int, y: int, w: int) -> int:
    """Diabolo: each scored round's points per seat (the rules' count, every
    hand known), a column per seat; returns the y below them."""
    scores = game.round_scores()
    if not scores:
        return y
    col = w // (game.players + 1)
    rows = [["Round"] + [f"P{p + 1}" for p in range(game.players)]]
    rows += [[str(r + 1)] + [str(v) for v in points] for r, points in enumerate(scores)]
    y += 4
    for row in rows:
        for i, text in enumerate(row):
            img = fonts.small.render(text, True, style.TEXT_DIM if i == 0 else style.TEXT)
            right = x + col * (i + 1) - 8
            surf.blit(img, img.get_rect(topright=(right, y)) if i else (x, y))
        y += fonts.small.get_linesize()
    return y


def _oled(surf: pygame.Surface, table: Table, fonts: Any, x: int, y: int, w: int) -> int:
    """The status display, 8 rows of 16 characters; returns the y below it."""
    display = table.hal.display
    rows = display.rows if display is not None else [""] * OLED_ROWS
    cell_w = max(6, min(14, (w - 16) // OLED_COLS))
    cell_h = fonts.mono.get_linesize()
    rect = pygame.Rect(x, y, cell_w * OLED_COLS + 16, cell_h * OLED_ROWS + 12)
    pygame.draw.rect(surf, style.OLED_BG, rect, border_radius=6)
    pygame.draw.rect(surf, style.PANEL_LINE, rect, 2, border_radius=6)
    for r, text in enumerate(rows[:OLED_ROWS]):
        for c, ch in enumerate(text[:OLED_COLS]):
            if ch != " ":
                img = fonts.mono.render(ch, True, style.OLED_TEXT)
                surf.blit(img, (x + 8 + c * cell_w + (cell_w - img.get_width()) // 2,
                                y + 6 + r * cell_h))  # fmt: skip
    return rect.bottom


def _fit(font: pygame.font.Font, text: str, w: int) -> str:
    if font.size(text)[0] <= w:
        return text
    while text and font.size(text + "...")[0] > w:
        text = text[:-1]
    return text + "..."


def _wrap(font: pygame.font.Font, text: str, w: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= w or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _page(surf: pygame.Surface, lay: Layout, fonts: Any, lines: tuple[str, ...]) -> None:
    """``lines`` over the whole window, the first as a title."""
    w, h = lay.size
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 215))
    surf.blit(veil, (0, 0))
    y = max(20, (h - len(lines) * fonts.body.get_linesize()) // 2)
    width = max(fonts.body.size(line)[0] for line in lines)
    x = max(20, (w - width) // 2)
    for i, line in enumerate(lines):
        font = fonts.title if i == 0 else fonts.body
        surf.blit(font.render(line, True, style.TEXT), (x, y))
        y += font.get_linesize()


def draw_help(surf: pygame.Surface, lay: Layout, fonts: Any, game: str) -> None:
    pages = {"pacal": PACAL_HELP, "diabolo": DIABOLO_HELP}
    _page(surf, lay, fonts, pages.get(game, HELP))


def draw_pass(surf: pygame.Surface, lay: Layout, fonts: Any, seat: int | None) -> None:
    """Two people at one window: the hands hidden until the next has it."""
    who = f"player {seat + 1}" if seat is not None else "the other player"
    _page(surf, lay, fonts, (f"Pass the device to {who}", "", "Click or press Space"))
