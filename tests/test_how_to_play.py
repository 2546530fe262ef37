"""How to play each game and variant (sim.texts.rules), over every game
and variant of the registry (tabletop.games): a goal and a few rule lines,
each fitting the help page at the window's default size, every one said
in the language in use; each variant told apart from its siblings; the
window's help page (F1) showing the variant the board plays now (after a
new game of another variant, that one's), and the terminal's help (f1)
the same lines."""

from __future__ import annotations

import asyncio
import os
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import gettext

import pygame
import pytest
from textual.widgets import Static

import sim.texts
from sim.table.table import HUMAN, Table, seats_of
from sim.terminal.app import TerminalApp
from sim.texts import rules
from sim.window import panel, style
from sim.window.app import DEFAULT_SIZE, App
from tabletop import games
from tests.window_support import AtTheWindow

PLAYS = [(game, variant) for game in games.NAMES for variant in games.variants(game)]
SWITCHED = [game for game in games.NAMES if len(games.variants(game)) > 1]


@pytest.fixture(autouse=True)
def _quit() -> Any:
    yield
    pygame.quit()


def goal_and_rules(game: str, variant: str) -> tuple[list[str], list[str]]:
    lines = list(rules.how_to_play(game, variant))
    gap = lines.index("")
    return lines[:gap], lines[gap + 1 :]


def own_lines(game: str, variant: str) -> set[str]:
    """The lines of ``variant``'s how-to-play that none of its siblings has."""
    others = {
        line
        for other in games.variants(game)
        if other != variant
        for line in rules.how_to_play(game, other)
    }
    return set(rules.how_to_play(game, variant)) - others


def page_room() -> tuple[int, int]:
    """The width and height a help page's text has at the window's default size."""
    w, h = DEFAULT_SIZE
    return w - 8 - 2 * panel.PAGE_PAD, h - 8 - 2 * panel.PAGE_PAD


@pytest.mark.parametrize(("game", "variant"), PLAYS)
def test_a_goal_and_a_line_per_rule_each_fitting_the_page(game: str, variant: str) -> None:
    goal, told = goal_and_rules(game, variant)
    assert goal[0].startswith("Goal") and 1 <= len(goal) <= 2, goal
    assert 4 <= len(told) <= 9 and all(line.strip() for line in told), told
    pygame.font.init()
    body = style.Fonts(DEFAULT_SIZE[1]).body  # (the page's lines under its title)
    width, _high = page_room()
    for line in (*goal, *told):
        assert body.size(line)[0] <= width, line


@pytest.mark.parametrize(("game", "variant"), PLAYS)
def test_every_line_is_said_in_the_language_in_use(
    game: str, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a language that brackets what it says: a line not put through _ (or
    # put through it once, at import) would show unbracketed
    class Brackets(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return f"<{message}>"

    monkeypatch.setattr(sim.texts, "_now", Brackets())
    for line in rules.how_to_play(game, variant):
        assert line == "" or (line.startswith("<") and line.endswith(">")), line
    app_page = rules.page(game, variant, ("mouse",), ("keys",))
    assert app_page[0].startswith("<"), app_page


def test_a_game_or_variant_there_is_none_of_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match="chess"):
        rules.how_to_play("chess", "standard")
    with pytest.raises(ValueError, match="pyraos.*'giant'"):
        rules.how_to_play("pyraos", "giant")
    with pytest.raises(ValueError, match="'kids'"):
        rules.how_to_play("pacal", "kids")  # (another game's variant)


@pytest.mark.parametrize(("game", "variant"), PLAYS)
def test_each_variant_is_told_apart_from_its_siblings(game: str, variant: str) -> None:
    if len(games.variants(game)) > 1:
        assert own_lines(game, variant), (game, variant)


def window(game: str, variant: str) -> App:
    seats = seats_of(game, variant, 0)
    return App(Table(game, variant, seed=1, players=(HUMAN,) * seats), size=DEFAULT_SIZE)


def page_shown(app: App) -> tuple[str, ...]:
    """The help page's lines, checked to be the very page the window shows
    over the board (as App.draw draws it) and to fit the window."""
    assert app.help
    app.draw()
    shown = bytes(pygame.image.tobytes(app.screen, "RGB"))
    app.help = False
    app.draw()
    app.help = True
    lines = app.view.help
    surf = app.screen.copy()
    back = panel.draw_page(surf, app.layout, app.fonts, lines)
    assert bytes(pygame.image.tobytes(surf, "RGB")) == shown
    fonts = [app.fonts.title] + [app.fonts.body] * (len(lines) - 1)
    width, high = page_room()
    assert sum(font.get_linesize() for font in fonts) <= high
    assert all(font.size(line)[0] <= width for font, line in zip(fonts, lines, strict=True))
    assert app.screen.get_rect().contains(back)
    return lines


def shows_how_to_play(lines: tuple[str, ...], game: str, variant: str) -> bool:
    """``lines`` (a help page) hold ``variant``'s how-to-play right under the title."""
    told = rules.how_to_play(game, variant)
    return lines[1 : 1 + len(told)] == told


@pytest.mark.parametrize("game", games.NAMES)
def test_the_help_page_shows_how_to_play_the_variant_the_board_plays(game: str) -> None:
    first, *others = games.variants(game)
    app = window(game, first)
    person = AtTheWindow(app)
    person.frames(3)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    person.frames()
    lines = page_shown(app)
    assert shows_how_to_play(lines, game, first), lines
    assert lines[1].startswith("Goal") and lines[-1].startswith("F1"), lines  # (the keys last)
    for other in others:  # a new game of another variant (MENU's choice)
        app.table.runtime.board.new_game(other)
        person.frames(3)
        lines = page_shown(app)
        assert shows_how_to_play(lines, game, other), (other, lines)
        assert not own_lines(game, first) & set(lines), (other, lines)


@pytest.mark.parametrize("game", games.NAMES)
def test_the_terminal_help_tells_how_to_play_the_variant_the_board_plays(game: str) -> None:
    first, *others = games.variants(game)
    seats = seats_of(game, first, 0)

    async def run() -> None:
        app = TerminalApp(Table(game, first, seed=1, players=(HUMAN,) * seats), live=False)
        async with app.run_test(size=(120, 44)) as pilot:
            for variant in (first, *others):
                if variant != first:
                    app.table.runtime.board.new_game(variant)
                app.advance(200)
                await pilot.press("f1")
                await pilot.pause()
                shown = str(app.query_one("#message", Static).content)
                told = "\n".join(rules.how_to_play(game, variant))
                assert shown.startswith(told), (variant, shown)

    asyncio.run(run())
