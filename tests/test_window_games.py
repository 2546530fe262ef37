"""The window and the terminal version over every registered game
(tabletop.games.NAMES): each opens a table of the game, finds the game's
view by its name (sim.window.view, sim.terminal.view) and draws a frame,
live and at a record's position a few moves in. A game added to the
registry without a window or terminal view fails here. And no import
circle in either (every import statement, wherever it is)."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from rich.style import Style
from rich.text import Text
from textual.actions import parse as parse_action
from textual.widgets import Static

from sim import part
from sim.runs import selfplay
from sim.table.table import COMPUTER, HUMAN, Table, seats_of
from sim.terminal.app import TerminalApp
from sim.terminal.view import TerminalView
from sim.window import panel, style
from sim.window.app import App
from sim.window.view import View
from tabletop import games
from tabletop.records import notation
from tests.window_support import AtTheWindow

MOVES = 6  # the record's events at the position drawn
SIZE = (1000, 600)
FRONT_ENDS = ("sim.window", "sim.terminal")  # (no import circle in them)


def first_moves(game: str, folder: Path) -> tuple[Path, list[Any]]:
    """A self-play record of ``game`` cut after its first MOVES events (no
    result in its header: the game goes on), and its events."""
    variant = games.variants(game)[0]
    rec = selfplay.play_game(game, variant, 3)
    header, *lines = rec.lines()
    head = json.loads(header)
    head.pop("result", None)
    path = folder / f"{game}.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[:MOVES]]) + "\n")
    return path, list(rec.events[:MOVES])


def live_table(game: str) -> Table:
    """A table of ``game``'s first variant: a person and the computer."""
    variant = games.variants(game)[0]
    seats = seats_of(game, variant, 0)
    return Table(game, variant, seed=1, players=(HUMAN,) + (COMPUTER,) * (seats - 1))


def pixels(app: App, rect: pygame.Rect) -> bytes:
    """What the window shows in ``rect``."""
    return bytes(pygame.image.tobytes(app.screen.subsurface(rect), "RGB"))


def colours(app: App, rect: pygame.Rect) -> int:
    """How many colours the window shows in ``rect`` (sampled)."""
    seen = set()
    for x in range(rect.x, rect.right, 7):
        for y in range(rect.y, rect.bottom, 7):
            seen.add(tuple(app.screen.get_at((x, y))[:3]))
    return len(seen)


def own_view(view: object, base: type, kind: str, game: str) -> None:
    """``view`` is ``game``'s own (its module the one the registry names),
    drawing its board itself."""
    assert isinstance(view, base)
    assert type(view).__module__ == part(game, kind).__name__
    for method in ("draw_live", "draw_record") if base is View else ("board", "move"):
        assert getattr(type(view), method) is not getattr(base, method), method


@pytest.fixture(autouse=True)
def _quit() -> Any:
    yield
    pygame.quit()


@pytest.mark.parametrize("game", games.NAMES)
def test_the_window_draws_every_game(game: str, tmp_path: Path) -> None:
    app = App(live_table(game), size=SIZE)
    view = app.view
    own_view(view, View, "window", game)
    assert app.note == view.first_note() != ""
    assert view.help[0] and view.keys
    person = AtTheWindow(app)
    app.settle()  # until the board plays (its status display says so: the view's ``started``)
    assert any(row.startswith(view.started) for row in person.rows()), person.rows()
    person.frames(10)
    area, panel = app.layout.area, app.layout.panel
    assert colours(app, area) > 5 and colours(app, panel) > 3
    # the mouse at the board and the keys: pressed, dragged, let go
    centre = area.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
        pos = centre if kind != pygame.MOUSEMOTION else (centre[0] + 30, centre[1])
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(1,)))
        person.frames(2)
    live = pixels(app, area)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    person.frames()
    assert app.help and pixels(app, area) != live  # the help page over the board
    # a record of the game, opened in a window at another game's table: its view
    other = games.NAMES[(games.NAMES.index(game) + 1) % len(games.NAMES)]
    app = App(live_table(other), size=SIZE)
    path, events = first_moves(game, tmp_path)
    assert app.open(str(path))
    own_view(app.view, View, "window", game)
    assert app.record == events and len(app.table.journal.events) == len(events)
    app.draw()
    at_end = pixels(app, area)
    assert colours(app, area) > 5
    app.step(1)  # the record after its first event: its position drawn, LEDs dark
    app.draw()
    assert pixels(app, area) != at_end
    app.step(None)
    app.draw()
    assert app.viewing is None and colours(app, app.layout.panel) > 3


@pytest.mark.parametrize("game", games.NAMES)
def test_the_terminal_draws_every_game(game: str, tmp_path: Path) -> None:
    path, events = first_moves(game, tmp_path)

    async def run(table: Table) -> None:
        app = TerminalApp(table, live=False)
        view = app.view
        own_view(view, TerminalView, "terminal", game)
        async with app.run_test(size=(120, 44)) as pilot:
            app.advance(2000)
            await pilot.pause()
            board = app.query_one("#board", Static).content
            assert isinstance(board, Text) and board.plain.strip()
            seats = app.query_one("#seats", Static).content
            assert isinstance(seats, Text) and len(seats.plain.splitlines()) >= table.seats
            # every cell that can be clicked asks the view something it answers
            for span in board.spans:
                click = span.style.meta.get("@click") if isinstance(span.style, Style) else None
                if click is not None:
                    namespace, action, args = parse_action(click)
                    assert (namespace, action) == ("app", "click")
                    (asked,) = args  # (what, *its arguments)
                    assert isinstance(asked, tuple)
                    assert callable(getattr(view, f"click_{asked[0]}", None)), click
            # a move typed in record notation is read as the game's event
            for ev in events:
                assert view.parse(json.dumps(notation.to_json(game, ev))) == ev
            with pytest.raises(ValueError):
                view.parse("")

    asyncio.run(run(live_table(game)))
    asyncio.run(run(Table.open(path, seed=1, players=(HUMAN, COMPUTER))))


def test_the_panel_title_says_the_variant_the_board_plays_now() -> None:
    # The board's new game of another variant (MENU's choice, or the
    # host's ``new``): the panel's title says it, not the table's first.
    table = Table("pyraos", "standard", seed=1, players=(HUMAN, HUMAN))
    app = App(table, size=SIZE)
    AtTheWindow(app).frames(80)

    def title_shown(text: str) -> bool:
        img = app.fonts.title.render(text, True, style.TEXT)
        want = pygame.Surface(img.get_size())
        want.fill(style.PANEL)
        want.blit(img, (0, 0))
        at = pygame.Rect(app.layout.panel.x + panel.PAD, panel.PAD, *img.get_size())
        app.draw()
        return pixels(app, at) == bytes(pygame.image.tobytes(want, "RGB"))

    assert title_shown("Pyraos standard")
    table.runtime.board.new_game("kids")
    assert table.variant == "standard" and title_shown("Pyraos kids")


def imports(root: Path) -> dict[str, set[str]]:
    """Every module of the package at ``root`` (sim) and the modules of it
    each imports anywhere: at module level, in functions, under
    TYPE_CHECKING (ast: every Import and ImportFrom in the file)."""
    import ast

    base = root.parent
    names = {
        ".".join(p.relative_to(base).with_suffix("").parts).removesuffix(".__init__"): p
        for p in root.rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                where = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    where = ".".join(up + ([where] if where else []))
                out.add(where)
                out.update(f"{where}.{a.name}" for a in node.names)
        graph[name] = {m for m in out if m in names and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of more
    than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_in_the_window_or_the_terminal() -> None:
    graph = imports(Path(__file__).resolve().parents[1] / "sim")
    assert "sim.window.view" in graph["sim.window.app"]  # (the finder sees imports)
    ours = [c for c in circles(graph) if any(m.startswith(FRONT_ENDS) for m in c)]
    assert ours == []
