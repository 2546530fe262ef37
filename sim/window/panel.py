"""The side panel: the game (the variant the board plays now) and its
seats (whose turn, and what the game's view, sim.window.view, says of
each; Diabolo: each round's scores below), the outcome in words, the
board's status display as a small OLED (the 8 x 16 text the firmware
wrote: what the board itself says, its scores too), the last moves in words
(sim.texts.moves), the game's keys; and the pages over the whole window
(the help page, F1, the game's goal at its top; pass the device).

    draw_panel(surface, view, game, moves, layout, fonts, note)   # view: the game's;
                                   # moves: record notation; returns the lines drawn
    said(view, game, moves)        # what the panel says (Said), drawn or not
    draw_page(surface, layout, fonts, view.help)   # a page over the window (F1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from sim.table.table import Table
from sim.texts import _
from sim.texts import moves as in_words
from sim.window import style
from sim.window.layout import Layout
from sim.window.view import View

PAD = 14
OLED_ROWS = 8
OLED_COLS = 16
PAGE_PAD = 24  # around a page's text, on its backing
GOAL = (240, 200, 120)  # a page's lines under its title (the help page: the game's goal)


@dataclass
class Said:
    """What the panel says, in words (its drawing aside)."""

    title: str  # the game and the variant the board plays now
    seats: list[str]  # what the view says of each seat
    turn: str  # whose turn ("" once the game is over, or while nobody is to move)
    outcome: str  # who won and why ("" while the game goes on)
    moves: list[str]  # every move in words, the oldest first


def said(view: View, game: Any, moves: list[str]) -> Said:
    """What the panel says of ``game`` (a rules state) with ``moves`` (record
    notation, one event each) played: the seats named by ``view``."""
    table = view.table
    name = table.game_name
    who = view.seat_word
    variant = in_words.variant(variant_now(table))
    title = _("{game} {variant}").format(game=name.capitalize(), variant=variant)
    end = game.outcome()
    movers = list(game.to_move())
    turn = ""
    if end is None and movers:
        turn = _("{who} to play").format(who=in_words.together([who(p) for p in movers]))
    ended = "" if end is None else in_words.outcome(name, game.variant, end, who)
    seats = [view.seat_line(game, seat) for seat in range(table.seats)]
    return Said(title, seats, turn, ended, in_words.lines_of(name, moves, who))


def draw_panel(
    surf: pygame.Surface,
    view: View,
    game: Any,
    moves: list[str],
    lay: Layout,
    fonts: Any,
    note: str,
    live: bool = True,
) -> list[str]:
    """The panel for ``game`` (the board's rules state, or with ``live``
    False a record's position: no status display then) with ``moves``
    (record notation) listed in words; what it says of the seats,
    ``view``'s (the game's view, sim.window.view). Returns the lines drawn,
    top to bottom (the status display's aside)."""
    words = said(view, game, moves)
    drawn: list[str] = []

    def text(font: pygame.font.Font, line: str, colour: style.Rgb, at: tuple[int, int]) -> None:
        surf.blit(font.render(line, True, colour), at)
        drawn.append(line)

    table = view.table
    rect = lay.panel
    pygame.draw.rect(surf, style.PANEL, rect)
    pygame.draw.line(surf, style.PANEL_LINE, rect.topleft, rect.bottomleft, 2)
    x = rect.x + PAD
    y = rect.y + PAD
    w = rect.w - 2 * PAD
    text(fonts.title, words.title, style.TEXT, (x, y))
    y += fonts.title.get_linesize() + 4
    movers = game.to_move()
    for seat, line in enumerate(words.seats):
        turn = bool(movers) and movers[0] == seat
        colour = style.TEXT if turn else style.TEXT_DIM
        sw = fonts.body.get_height() - 6
        swatch = view.seat_colour(seat)
        pygame.draw.circle(surf, swatch, (x + sw // 2, y + sw // 2 + 2), sw // 2)
        if turn:
            pygame.draw.circle(surf, style.TEXT, (x + sw // 2, y + sw // 2 + 2), sw // 2 + 2, 2)
        text(fonts.body, _fit(fonts.body, line, w - sw - 8), colour, (x + sw + 8, y))
        y += fonts.body.get_linesize() + 2
    for line in _wrap(fonts.body, words.turn or words.outcome, w):
        text(fonts.body, line, style.TEXT if words.turn else GOAL, (x, y))
        y += fonts.body.get_linesize()
    y = view.below_seats(surf, game, x, y, w)
    y += 8
    if live:
        y = _oled(surf, table, fonts, x, y, w) + 10
    text(fonts.small, _("Moves"), style.TEXT_DIM, (x, y))
    y += fonts.small.get_linesize() + 2
    keys = _wrap(fonts.small, _(view.keys), w)[:2]
    noted = _lines(fonts.small, note, w, 2)
    bottom = rect.bottom - PAD - (max(1, len(noted)) + len(keys)) * fonts.small.get_linesize() - 8
    room = max(0, (bottom - y) // fonts.small.get_linesize())
    listed = words.moves
    first = max(0, len(listed) - room)
    for i in range(first, len(listed)):
        text(fonts.small, _fit(fonts.small, f"{i + 1:>3}  {listed[i]}", w), style.TEXT, (x, y))
        y += fonts.small.get_linesize()
    y = bottom + 4
    for line in noted:
        text(fonts.small, line, style.TEXT, (x, y))
        y += fonts.small.get_linesize()
    y += (0 if noted else fonts.small.get_linesize()) + 4
    for line in keys:
        text(fonts.small, line, style.TEXT_DIM, (x, y))
        y += fonts.small.get_linesize()
    return drawn


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


def _lines(font: pygame.font.Font, text: str, w: int, most: int) -> list[str]:
    """``text`` wrapped to ``w``, on ``most`` lines at most (the last cut to fit)."""
    lines = _wrap(font, text, w)
    if len(lines) > most:
        lines = lines[: most - 1] + [_fit(font, " ".join(lines[most - 1 :]), w)]
    return lines


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


def draw_page(surf: pygame.Surface, lay: Layout, fonts: Any, lines: tuple[str, ...]) -> pygame.Rect:
    """``lines`` over the whole window, on an opaque backing, the first as
    a title and those after it up to the first empty line set apart (the
    help page's goal of the game): the help page (F1), the pass-the-device
    screen (sim.window.view's ``help``, ``veil``). Returns the backing."""
    w, h = lay.size
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 215))
    surf.blit(veil, (0, 0))
    fonts_of = [fonts.title if i == 0 else fonts.body for i in range(len(lines))]
    high = sum(font.get_linesize() for font in fonts_of)
    width = max(font.size(line)[0] for font, line in zip(fonts_of, lines, strict=True))
    back = pygame.Rect(0, 0, min(w - 8, width + 2 * PAGE_PAD), min(h - 8, high + 2 * PAGE_PAD))
    back.center = (w // 2, h // 2)
    pygame.draw.rect(surf, style.PANEL, back, border_radius=10)
    pygame.draw.rect(surf, style.PANEL_LINE, back, 2, border_radius=10)
    x = max(back.x + 8, (w - width) // 2)
    y = max(back.y + 8, (h - high) // 2)
    goal = True  # (the lines under the title, up to the first empty one)
    for i, (font, line) in enumerate(zip(fonts_of, lines, strict=True)):
        goal = goal and (i == 0 or line != "")
        colour = GOAL if goal and i > 0 else style.TEXT
        surf.blit(font.render(line, True, colour), (x, y))
        y += font.get_linesize()
    return back
