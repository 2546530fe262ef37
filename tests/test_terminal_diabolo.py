"""Diabolo in the simulator's terminal version (sim.terminal.app), driven by
textual's own test pilot: a whole game typed in record notation against two
computer seats (the scoring walked through with ``double``, ``show`` and
ctrl+b), and two people whose hands wait for Enter between their turns."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from sim.table import computer
from sim.table.table import Table
from sim.terminal.app import TerminalApp
from sim.terminal.diabolo import DiaboloView, board
from sim.terminal.view import ended, seat_number
from tabletop.board.diabolo_scoring import SHOW
from tabletop.records.diabolo_notation import card_name
from tabletop.rules import diabolo
from tests.terminal_support import paste_line, type_line, until

OVER = 5  # the board's mode once the game is over
SLOW, STEP_MS = 120_000, 200  # the longest wait for a Diabolo turn's hand (ms), its steps


def grew(table: Table, n: int) -> Callable[[], bool]:
    """The board's journal has more than n events, and no hand is at work."""
    return lambda: len(table.journal) > n and not table.busy()


def walked_on(table: Table, walk: object) -> Callable[[], bool]:
    """The scoring walk-through has gone past ``walk``; no hand at work."""
    dc = table.diabolo_cards
    assert dc is not None
    return lambda: dc.walk() != walk and not table.busy()


def typed(event: tuple[int, int, int, int]) -> str:
    kind, _, card, side = event
    if kind == diabolo.DISCARD:
        return f"discard {card_name(card)}"
    return f"{card_name(card)} {'heaven' if side == diabolo.HEAVEN else 'hell'}"


def test_a_whole_game_entered_against_two_computers() -> None:
    async def run() -> None:
        table = Table("diabolo", "standard", seed=12, players=("human", "computer", "computer"))
        dc = table.diabolo_cards
        assert dc is not None
        app = TerminalApp(table, live=False)
        rng = random.Random(2)
        typed_moves = 0
        async with app.run_test(size=(120, 44)) as pilot:

            def my_turn() -> bool:
                over = table.game.is_over() and table.runtime.board.mode == OVER
                return over or (table.active_seat() == 0 and not table.busy())

            while True:
                await until(app, pilot, my_turn, 300_000, STEP_MS)
                if table.runtime.board.mode == OVER:
                    break
                walk = dc.walk()
                n = len(table.journal)
                if walk is None:
                    # the hand listed is the person's: the cards typed are in it
                    text = str(board(table, 0))
                    assert "P1 hand: " + " ".join(card_name(c) for c in dc.hand(0)) in text
                    await paste_line(pilot, typed(computer.choose(table.truth, rng, 0)))
                    await until(app, pilot, grew(table, n), SLOW, STEP_MS)
                    typed_moves += 1
                elif walk[1] == SHOW:
                    await type_line(pilot, "show")
                    await until(app, pilot, walked_on(table, walk), SLOW, STEP_MS)
                elif computer.wants_double(table.truth, 0, walk[0]):
                    await type_line(pilot, "double")
                    await until(app, pilot, grew(table, n), SLOW, STEP_MS)
                else:
                    await pilot.press("ctrl+b")  # BACK: no more doubles
                    await until(app, pilot, walked_on(table, walk), SLOW, STEP_MS)
            truth = table.truth
            assert truth.is_over() and truth.round == 3 and typed_moves > 10
            assert table.game.totals() == truth.totals()
            app.refresh_board()
            # the end in words, the winner named as the side names seats
            said = ended(table, seat_number)
            winner = truth.outcome().winner  # a seat, or a tuple of seats sharing it
            winners = winner if isinstance(winner, tuple) else (winner,)
            assert said and all(f"P{w + 1}" in said for w in winners), said
            assert said in str(board(table, 0))

    asyncio.run(run())


def test_two_peoples_hands_wait_for_enter() -> None:
    async def run() -> None:
        table = Table("diabolo", "standard", seed=9, players=("human", "computer", "human"))
        dc = table.diabolo_cards
        assert dc is not None
        app = TerminalApp(table, live=False)
        view = app.view
        assert isinstance(view, DiaboloView)
        rng = random.Random(1)
        async with app.run_test(size=(120, 44)) as pilot:
            for _ in range(3):
                ready = lambda: table.active_seat() is not None and not table.busy()  # noqa: E731
                await until(app, pilot, ready, SLOW, STEP_MS)
                seat = table.active_seat()
                assert seat is not None
                app.refresh_board()
                text = str(board(table, view.hand_seat(), view.cover()))
                assert f"Seat {seat + 1}: press Enter to show your hand" in text
                assert "hand:" not in text
                await type_line(pilot, "")  # Enter: the hand is listed
                text = str(board(table, view.hand_seat(), view.cover()))
                assert f"P{seat + 1} hand: " in text and "press Enter" not in text
                n = len(table.journal)
                await type_line(pilot, typed(computer.choose(table.truth, rng, seat)))
                await until(app, pilot, grew(table, n), SLOW, STEP_MS)

    asyncio.run(run())
