"""The side panel: the game (the variant the board plays now) and its
seats (whose turn, and what the game's view, sim.window.view, says of
each; Diabolo: each round's scores below), the board's status display as a
small OLED (the 8 x 16 text the firmware wrote: what the board itself says,
its scores too), the moves in record notation, the game's keys; and the
pages over the whole window (the help page, F1; pass the device).

    draw_panel(surface, view, game, moves, layout, fonts, note)   # view: the game's
    draw_page(surface, layout, fonts, view.help)   # a page over the window (F1)
"""

from __future__ import annotations

from typing import Any

import pygame

from sim.table.table import Table
from sim.window import style
from sim.window.layout import Layout
from sim.window.view import View

PAD = 14
OLED_ROWS = 8
OLED_COLS = 16


def draw_panel(
    surf: pygame.Surface,
    view: View,
    game: Any,
    moves: list[str],
    lay: Layout,
    fonts: Any,
    note: str,
    live: bool = True,
) -> None:
    """The panel for ``game`` (the board's rules state, or with ``live``
    False a record's position: no status display then) with ``moves``
    (record notation) listed; what it says of the seats, ``view``'s (the
    game's view, sim.window.view)."""
    table = view.table
    rect = lay.panel
    pygame.draw.rect(surf, style.PANEL, rect)
    pygame.draw.line(surf, style.PANEL_LINE, rect.topleft, rect.bottomleft, 2)
    x = rect.x + PAD
    y = rect.y + PAD
    w = rect.w - 2 * PAD
    title = f"{table.game_name.capitalize()} {variant_now(table)}"
    surf.blit(fonts.title.render(title, True, style.TEXT), (x, y))
    y += fonts.title.get_linesize() + 4
    movers = game.to_move()
    for seat in range(table.seats):
        turn = bool(movers) and movers[0] == seat
        line = view.seat_line(game, seat)
        colour = style.TEXT if turn else style.TEXT_DIM
        sw = fonts.body.get_height() - 6
        swatch = view.seat_colour(seat)
        pygame.draw.circle(surf, swatch, (x + sw // 2, y + sw // 2 + 2), sw // 2)
        if turn:
            pygame.draw.circle(surf, style.TEXT, (x + sw // 2, y + sw // 2 + 2), sw // 2 + 2, 2)
        surf.blit(fonts.body.render(line, True, colour), (x + sw + 8, y))
        y += fonts.body.get_linesize() + 2
    outcome = game.outcome()
    if outcome is not None:
        won = "Draw" if outcome.winner is None else view.seat_name(outcome.winner) + " wins"
        surf.blit(fonts.body.render(won, True, style.TEXT), (x, y))
        y += fonts.body.get_linesize()
        for line in _wrap(fonts.small, outcome.reason, w):
            surf.blit(fonts.small.render(line, True, style.TEXT_DIM), (x, y))
            y += fonts.small.get_linesize()
    y = view.below_seats(surf, game, x, y, w)
    y += 8
    if live:
        y = _oled(surf, table, fonts, x, y, w) + 10
    surf.blit(fonts.small.render("Moves (record notation)", True, style.TEXT_DIM), (x, y))
    y += fonts.small.get_linesize() + 2
    keys = _wrap(fonts.small, view.keys, w)[:2]
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


def variant_now(table: Table) -> str:
    """The variant the board plays now (MENU may have chosen another than
    the table started with)."""
    return str(table.runtime.board.variant)


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


def draw_page(surf: pygame.Surface, lay: Layout, fonts: Any, lines: tuple[str, ...]) -> None:
    """``lines`` over the whole window, the first as a title: the help page
    (F1), the pass-the-device screen (sim.window.view's ``help``, ``veil``)."""
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
