"""The moves and the end of a game in words (sim.texts.moves), over every
registered game (tabletop.games.NAMES): each event of a seeded self-play
record told without record notation ("{", '"p"') or the rules' "player 0";
the wordings players read (a Pyraos move with its take-back on one line,
a Pacal offer and take, a Diabolo card to heaven or hell, a deal); the
window's panel drawing them, the turn and the outcome; the help page (F1)
on an opaque backing with the game's goal at its top; the terminal's move
list in the same words."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any, cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from textual.widgets import Static

from sim import part
from sim.runs import selfplay
from sim.table.table import COMPUTER, HUMAN, Table, record_state, seats_of
from sim.terminal.app import TerminalApp
from sim.texts import moves
from sim.window import panel, style
from sim.window.app import App
from sim.window.view import AppSide, View
from tabletop import games
from tabletop.rules.common import Outcome
from tests.window_support import AtTheWindow

SIZE = (1000, 600)
CUT = 8  # the events of a record opened at the board (played through the firmware)
NOTATION = ("{", '"p"', "player 0", "player 1")  # never in what a player reads

PLAYS = [(game, variant) for game in games.NAMES for variant in games.variants(game)]


@pytest.fixture(autouse=True)
def _quit() -> Any:
    yield
    pygame.quit()


def seat_word(game: str) -> moves.Who:
    """The seats as the game's window view names them ("Light", "P2")."""
    view: View = part(game, "window").make(cast(AppSide, None))
    return view.seat_word


def played(game: str, variant: str, seed: int = 3) -> Any:
    """A seeded self-play record: its header, its lines (JSON text), its
    events and its last rules state."""
    rec = selfplay.play_game(game, variant, seed)
    header, *lines = rec.lines()
    return json.loads(header), lines, list(rec.events), rec.state


def in_words_only(text: str) -> None:
    assert text.strip(), text
    for bad in NOTATION:
        assert bad not in text, text


@pytest.mark.parametrize(("game", "variant"), PLAYS)
def test_every_event_of_a_record_is_told_in_words(game: str, variant: str) -> None:
    _head, lines, _events, state = played(game, variant)
    who = seat_word(game)
    told = moves.lines_of(game, lines, who)
    assert 0 < len(told) <= len(lines)
    for line in told:
        in_words_only(line)
    # one event at a time says the same (the panel shows the last lines only)
    for line in lines:
        (alone,) = moves.lines_of(game, [line], who)
        in_words_only(alone)
    end = state.outcome()
    assert end is not None  # (self-play plays a whole game)
    in_words_only(moves.outcome(game, variant, end, who))


def test_pyraos_words_a_place_and_a_raise_with_its_take_back() -> None:
    who = seat_word("pyraos")
    events = [
        {"p": 0, "place": "b3"},
        {"p": 1, "raise": ["d4", "b3"]},
        {"p": 1, "remove": ["c2"]},
        {"p": 0, "place": "a1"},
        {"p": 0, "remove": ["a1", "2a1"]},
        {"p": 1, "place": "4a1"},
    ]
    assert moves.lines("pyraos", events, who) == [
        "Light places b3",
        "Dark raises d4 to b3, takes back c2",
        "Light places a1, takes back a1 and 2a1",
        "Dark places the top marble",
    ]
    # a self-play game's take-backs: on the line of the move that earned them
    _head, lines, _events, _state = played("pyraos", "standard")
    told = moves.lines_of("pyraos", lines, who)
    removes = sum('"remove"' in line for line in lines)
    assert removes and len(told) == len(lines) - removes
    assert sum(", takes back " in line for line in told) == removes
    end = Outcome(1, "player 0 has no marbles left")
    assert moves.outcome("pyraos", "standard", end, who) == "Dark wins: Light has no marbles left"
    end = Outcome(None, "the same position came up 3 times")
    assert moves.outcome("pyraos", "kids", end, who) == "Draw: the same position came up 3 times"


def test_pacal_words_a_deal_an_offer_a_take_and_the_builds() -> None:
    who = seat_word("pacal")
    deal = {"deal": {"hands": [[1] * 15, [2] * 15], "aside": [3] * 20, "first": 1}}
    events: list[moves.Event] = [
        deal,
        {"p": 1, "offer": [16, 18]},
        {"p": 0, "take": 16},
        {"p": 0, "place": [16, 4]},
        {"p": 1, "place": [18, 1]},
        {"p": 1, "keep": 7},
        deal,
    ]
    assert moves.lines("pacal", events, who) == [
        "Round 1 dealt (P2 offers first)",
        "P2 offers 16 and 18",
        "P1 takes 16",
        "P1 builds 16 on field 4",
        "P2 builds 18 on field 1",
        "P2 keeps 7 unbuilt",
        "Round 2 dealt (P2 offers first)",
    ]
    solo: list[moves.Event] = [
        {"deal": {"pile": [5] * 40, "aside": [6] * 10}},
        {"p": 0, "place": [31, 2]},
    ]
    assert moves.lines("pacal", solo, who) == ["The pile is dealt", "P1 builds 31 on field 2"]
    end = Outcome(0, "won 3 rounds")
    assert moves.outcome("pacal", "duel", end, who) == "P1 wins: 3 rounds won"
    end = Outcome(None, "card 23 fits nowhere")
    assert moves.outcome("pacal", "solo", end, who) == "Solo game lost: card 23 fits nowhere"


def test_diabolo_words_a_deal_and_cards_to_heaven_and_hell() -> None:
    who = seat_word("diabolo")
    events: list[moves.Event] = [
        {"deal": {"dealer": 0, "pile": []}},
        {"p": 1, "play": ["r5", "hell"]},
        {"p": 2, "play": ["p4", "heaven"]},
        {"p": 3, "discard": "y2"},
        {"p": 0, "double": "b"},
        {"deal": {"dealer": 1, "pile": []}},
    ]
    assert moves.lines("diabolo", events, who) == [
        "Round 1 dealt (P1 deals)",
        "P2 plays red 5 to hell",
        "P3 plays purple 4 to heaven",
        "P4 puts out yellow 2",
        "P1 doubles blue",
        "Round 2 dealt (P2 deals)",
    ]
    end = Outcome((0, 2), "shared highest total 17 after 4 rounds")
    words = moves.outcome("diabolo", "standard", end, who)
    assert words == "P1 and P3 share the win: the highest total, 17, after 4 rounds"


def opened(game: str, folder: Path) -> tuple[App, list[Any], Any]:
    """A window at a self-play record of ``game`` cut after CUT events
    (played at the board), the whole record to step through, and its
    last state."""
    variant = games.variants(game)[0]
    head, lines, events, state = played(game, variant)
    head.pop("result", None)
    path = folder / f"{game}.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[:CUT]]) + "\n")
    seats = seats_of(game, variant, len(head.get("players", ())))
    table = Table.open(path, seed=1, players=(HUMAN,) + (COMPUTER,) * (seats - 1))
    app = App(table, size=SIZE, record=events)
    return app, events, state


def panel_lines(app: App) -> list[str]:
    """The lines the panel draws now (as App.draw draws it), checked to be
    the very panel the window shows."""
    app.draw()
    shown = bytes(pygame.image.tobytes(app.screen.subsurface(app.layout.panel), "RGB"))
    table = app.table
    if app.viewing is None:
        state, events = table.truth, table.moves_text()
    else:
        shown_events = app.record[: app.viewing]
        state, events = record_state(table, shown_events), table.moves_text(shown_events)
    surf = app.screen.copy()
    live = app.viewing is None
    drawn = panel.draw_panel(surf, app.view, state, events, app.layout, app.fonts, app.note, live)
    assert bytes(pygame.image.tobytes(surf.subsurface(app.layout.panel), "RGB")) == shown
    return drawn


@pytest.mark.parametrize("game", games.NAMES)
def test_the_panel_lists_the_moves_in_words_whose_turn_and_the_outcome(
    game: str, tmp_path: Path
) -> None:
    app, events, state = opened(game, tmp_path)
    who = app.view.seat_word
    AtTheWindow(app).frames(3)
    drawn = panel_lines(app)
    variant = games.variants(game)[0]
    assert drawn[0] == f"{game.capitalize()} {variant}"
    assert "Moves" in drawn and not any(bad in line for line in drawn for bad in NOTATION)
    told = moves.lines_of(game, app.table.moves_text(), who)
    assert any(line.endswith(told[-1]) for line in drawn), (told[-1], drawn)
    movers = app.table.truth.to_move()
    if movers:
        turn = moves.together([who(p) for p in movers])
        assert f"{turn} to play" in drawn
    # the whole record stepped through to its end: the outcome in words, no turn
    app.step(len(events))
    drawn = panel_lines(app)
    end = moves.outcome(game, variant, state.outcome(), who)
    assert end in " ".join(drawn), (end, drawn)  # (wrapped at spaces to the panel's width)
    assert not any(line.endswith(" to play") for line in drawn)
    last = moves.lines_of(game, app.table.moves_text(events), who)[-1]
    assert any(line.endswith(last) for line in drawn)
    # newest at the bottom: the moves listed run in order, up to the last one
    listed = [line for line in drawn if line[:3].strip().isdigit()]
    numbers = [int(line[:3]) for line in listed]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) and len(numbers) > 3


@pytest.mark.parametrize("game", games.NAMES)
def test_the_help_page_has_a_backing_and_the_goal_at_its_top(game: str) -> None:
    variant = games.variants(game)[0]
    seats = seats_of(game, variant, 0)
    app = App(Table(game, variant, seed=1, players=(HUMAN,) * seats), size=SIZE)
    help_page = app.view.help
    assert help_page[1].startswith("Goal: ") and help_page[2] != ""  # two lines, then a gap
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    AtTheWindow(app).frames()
    assert app.help
    back = panel.draw_page(app.screen.copy(), app.layout, app.fonts, help_page)
    assert back.w > SIZE[0] // 2 and back.h > SIZE[1] // 2
    inside = back.inflate(-12, -12)
    edge = [(inside.x, y) for y in range(inside.y, inside.bottom, 5)]
    assert all(tuple(app.screen.get_at(at))[:3] == style.PANEL for at in edge)  # opaque
    seen = {
        tuple(app.screen.get_at((x, y)))[:3]
        for x in range(inside.x, inside.right, 2)
        for y in range(inside.y, inside.centery)
    }
    assert panel.GOAL in seen  # the goal's lines, set apart from the rest


@pytest.mark.parametrize("game", games.NAMES)
def test_the_terminal_lists_the_moves_in_words(game: str, tmp_path: Path) -> None:
    variant = games.variants(game)[0]
    head, lines, _events, _state = played(game, variant)
    head.pop("result", None)
    path = tmp_path / f"{game}.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[:CUT]]) + "\n")

    async def run() -> None:
        table = Table.open(path, seed=1, players=(HUMAN, COMPUTER))
        app = TerminalApp(table, live=False)
        async with app.run_test(size=(120, 44)) as pilot:
            app.advance(500)
            await pilot.pause()
            shown = str(app.query_one("#moves", Static).content).splitlines()
            told = moves.lines_of(game, table.moves_text(), app.seat_word)
            assert told and shown == told[-30:]
            for line in shown:
                in_words_only(line)

    asyncio.run(run())
