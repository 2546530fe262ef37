"""The simulator's terminal version (sim.terminal.app), driven by textual's own
test pilot: moves typed and clicked, the board (the real firmware) taking
them, its LEDs drawn in their colours."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import Callable
from typing import Any

import pytest
from rich.style import Style
from rich.text import Text

from sim.commands import play as launch
from sim.hardware.lights import same_colour
from sim.table import computer
from sim.table.table import Table
from sim.terminal import pacal as pacal_text
from sim.terminal import pyraos as pyraos_text
from sim.terminal.app import TerminalApp
from sim.terminal.view import click_action
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import position_name
from tests.terminal_support import paste_line, type_line, until

STEP_MS = 50


def moves(table: Table) -> list[dict[str, object]]:
    return [json.loads(x) for x in table.record_lines()[1:]]


def grew(table: Table, n: int) -> Callable[[], bool]:
    """The board's journal has more than n events, and no hand is at work."""
    return lambda: len(table.journal.events) > n and not table.busy()


def made(table: Table, event: Any, n: int) -> Callable[[], bool]:
    """``event`` is among the board's events after the first n; no hand at work."""
    return lambda: event in table.journal.events[n:] and not table.busy()


def built(table: Table, n: int) -> Callable[[], bool]:
    """The board has taken the solo game's n-th card, and the hand is done."""
    return lambda: table.game.cards_used() == n and not table.busy()


def offset_of(text: Text, *click: object) -> tuple[int, int]:
    """Where a click calls the app's ``click(*click)`` on the board widget
    (its padding 1 2)."""
    what, *args = click
    action = click_action(str(what), *args)
    for span in text.spans:
        style = span.style
        if isinstance(style, Style) and style.meta.get("@click") == action:
            before = text.plain[: span.start]
            x = len(before) - (before.rfind("\n") + 1)
            return (2 + x + 1, 1 + before.count("\n"))
    raise AssertionError(f"nothing to click for {action}")


def cell_offset(col: int, row: int) -> tuple[int, int]:
    # the board widget: padding 1 2, a 3-character row label, cells of 4
    return (2 + 3 + 4 * col + 1, 1 + 6 - row)


def test_pyraos_moves_typed_and_clicked() -> None:
    async def run() -> None:
        table = Table("pyraos", "standard", seed=3, players=("human", "human"))
        app = TerminalApp(table, live=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(app, pilot, lambda: "Light to play" in table.hal.display.rows)  # type: ignore[union-attr]
            # the lit spots are drawn on the LED's colour: light's, at a1
            text = pyraos_text.board(table)
            a1 = table.led("a1")
            assert a1 is not None and same_colour(a1, table.profile.colours["player0"])
            assert any(f"on rgb({a1[0]},{a1[1]},{a1[2]})" in str(span.style) for span in text.spans)
            await type_line(pilot, "b2")
            await until(app, pilot, lambda: len(moves(table)) == 1 and not table.busy())
            await pilot.click("#board", offset=cell_offset(4, 4))  # c3
            await until(app, pilot, lambda: len(moves(table)) == 2 and not table.busy())
            assert moves(table) == [{"p": 0, "place": "b2"}, {"p": 1, "place": "c3"}]
            # the two marbles told apart by letter and by colour, both readable
            # on a dark terminal (not black)
            drawn = pyraos_text.board(table)
            b2, c3 = (str(drawn).index(m) for m in ("L1", "D1"))
            styles = [str(span.style) for span in drawn.spans for at in (b2, c3)
                      if span.start <= at < span.end]  # fmt: skip
            assert len(set(styles)) == 2 and not any("black" in st for st in styles)
            # an illegal move is refused with the rules' reason, and nothing happens
            await type_line(pilot, "b2 2a1")
            assert "2a1" in app.message or "raise" in app.message.lower()
            await type_line(pilot, '{"p": 0, "place": "d4"}')
            await until(app, pilot, lambda: len(moves(table)) == 3)
            assert moves(table)[-1] == {"p": 0, "place": "d4"}

    asyncio.run(run())


def test_pacal_moves_typed_solo_and_duel() -> None:
    async def run() -> None:
        table = Table("pacal", "solo", seed=6, players=("human",))
        app = TerminalApp(table, live=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(app, pilot, lambda: table.truth.phase == pacal.P_BUILD and not table.busy())
            for n in range(1, 4):
                _, _, card, field = computer.choose(table.truth, random.Random(n), 0)
                await type_line(pilot, f"build {card} {field}")
                await until(app, pilot, built(table, n))
        duel = Table("pacal", "duel", seed=4, players=("human", "computer"))
        app = TerminalApp(duel, live=False)
        words = {pacal.OFFER: "offer", pacal.TAKE: "take", pacal.PLACE: "build"}
        async with app.run_test(size=(120, 40)) as pilot:
            typed = 0
            while typed < 4:  # the person's events (the computer makes its own)
                await until(app, pilot, lambda: 0 in duel.truth.to_move() and not duel.busy())
                kind, p, a, b = computer.choose(duel.truth, random.Random(typed), 0)
                n = len(duel.journal.events)
                await type_line(pilot, f"{words[kind]} {a}" + (f" {b}" if b else ""))
                event = (kind, p, a, b)
                await until(app, pilot, made(duel, event, n))
                typed += 1

    asyncio.run(run())


def test_without_a_display_the_terminal_version_is_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert not launch.has_display()
    monkeypatch.setenv("DISPLAY", ":0")
    assert launch.has_display()


def test_a_whole_pyraos_game_entered() -> None:
    async def run() -> None:
        table = Table("pyraos", "lines", seed=5, players=("human", "human"))
        app = TerminalApp(table, live=False)
        rng = random.Random(5)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(app, pilot, lambda: "Light to play" in table.hal.display.rows)  # type: ignore[union-attr]
            while not table.game.is_over():
                kind, _, a, b = computer.choose(table.game, rng)
                if kind == pyraos.PLACE:
                    text = position_name(a)
                elif kind == pyraos.RAISE:
                    text = f"{position_name(a)} {position_name(b)}"
                else:
                    text = "x " + " ".join(position_name(q) for q in (a, b) if q >= 0)
                n = len(table.journal.events)
                await paste_line(pilot, text)
                await until(app, pilot, grew(table, n))
            assert table.game.outcome() is not None

    asyncio.run(run())


def test_pacal_clicked_a_whole_solo_game_and_a_duels_turns() -> None:
    async def run() -> None:
        table = Table("pacal", "solo", seed=8, players=("human",))
        app = TerminalApp(table, live=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(app, pilot, lambda: table.truth.phase == pacal.P_BUILD and not table.busy())
            while not table.truth.is_over():
                _, p, _, field = computer.choose(table.truth, random.Random(1), 0)
                n = len(table.journal.events)
                await pilot.click(
                    "#board", offset=offset_of(pacal_text.board(table), "field", p, field)
                )
                await until(app, pilot, grew(table, n))
            # the card that fits nowhere was shown on the reader: the board knows it is over
            await until(app, pilot, lambda: table.game.is_over())
            assert table.game.outcome() == table.truth.outcome()
        duel = Table("pacal", "duel", seed=2, players=("human", "human"))
        app = TerminalApp(duel, live=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await until(app, pilot, lambda: duel.truth.phase == pacal.P_OFFER and not duel.busy())
            for _ in range(6):
                truth = duel.truth
                kind, p, a, b = computer.choose(truth, random.Random(2), truth.to_move()[0])
                clicks: list[tuple[object, ...]]
                if kind == pacal.OFFER:
                    clicks = [("card", p, a), ("card", p, b)]
                elif kind == pacal.TAKE:
                    clicks = [("slot", truth.offer.index(a))]
                else:
                    clicks = [("field", p, b)]
                n = len(duel.journal.events)
                for click in clicks:
                    await pilot.click("#board", offset=offset_of(pacal_text.board(duel), *click))
                event = (kind, p, a, b)
                await until(app, pilot, made(duel, event, n))

    asyncio.run(run())
