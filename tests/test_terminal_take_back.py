"""The take-back far away in the terminal version (sim.terminal.app), over
every game the registry seats at several homes, as
tests/test_remote_take_back.py plays it at the window (its Game: the
person's seat played by the mouse's hand, the other seats at homes of
their own, the computer playing them, through a room on a real amqtt
broker on loopback), with the terminal, driven by textual's own test
pilot, at one home. BACK on the board says ctrl+b asks; ctrl+b asks the
room, and nothing is played until the far windows answer (Y). An ask
from far away is the terminal's line under the board (who asks, how many
moves), answered by typing n, then y. The records are the same at every
home afterwards. Each test waits for the tables' and the rooms' state,
never for a fixed time.
"""

from __future__ import annotations

import asyncio

import pygame
import pytest

from host_tools.remote.broker import Broker
from sim.terminal.app import TerminalApp
from tests.terminal_support import type_line, until
from tests.test_remote_games import SETTINGS
from tests.test_remote_take_back import Game, asked
from tests.test_remote_take_back import broker as broker  # (the fixture: a broker on loopback)

MOVES = 1  # the person's moves before a take-back is asked
WAIT_MS = 600_000  # the homes' clock, at most, until the room has said (it takes wall time)
IDLE_MS = 2_000  # ... played while an ask is open: no table moves


@pytest.mark.parametrize(("game", "variant", "n"), SETTINGS, ids=lambda v: str(v))
def test_ctrl_b_in_the_terminal_asks_far_away_and_their_yes_takes_the_moves_back(
    broker: Broker, game: str, variant: str, n: int
) -> None:
    async def run() -> None:
        g = Game(broker.url, game, variant, n)
        try:
            g.play(MOVES)
            before, kept = g.records(), g.kept()
            app = TerminalApp(g.table, live=False)  # (its table's clock every home's)
            async with app.run_test(size=(120, 40)) as pilot:
                g.table.button_down("back")  # BACK on the board: the terminal names its key
                app.advance(150)
                g.table.button_up("back")
                await until(app, pilot, lambda: "ctrl+b asks them to" in app.message)
                await pilot.press("ctrl+b")
                assert "waiting for the answer from far away" in app.message, app.message
                g.pages(g.far_apps)  # every far window shows the ask
                # nothing is played until it is answered: not typed, nor at any table
                await type_line(pilot, "y")  # (the asker's own y answers nothing)
                assert "waiting for the answer" in app.message, app.message
                app.advance(IDLE_MS)
                assert all(h.record_lines() == before for h in g.homes)
                for window in g.far_apps:
                    g.key(window, pygame.K_y)
                await until(app, pilot, lambda: "Take-back agreed" in app.message, WAIT_MS)
                after = g.records()
                assert after == before[:kept] and all(r.cuts == [kept - 1] for r in g.rooms)
                await until(app, pilot, g.to_move, WAIT_MS)  # (taken back at every board)
                for home in g.homes:
                    assert home.part.in_place() and not home.faults and not home.hand.timeouts
            g.play(1)  # and the game goes on, the records the same
            assert len(g.records()) > len(after)
        finally:
            g.close()

    asyncio.run(run())


@pytest.mark.parametrize(("game", "variant", "n"), SETTINGS, ids=lambda v: str(v))
def test_an_ask_from_far_away_is_answered_in_the_terminal_by_typing_n_then_y(
    broker: Broker, game: str, variant: str, n: int
) -> None:
    async def run() -> None:
        with asked(broker.url, game, variant, n, moves=MOVES) as (g, before, kept):
            home = g.table.far_homes[0]  # seat 1's home, at the terminal
            others = g.far_apps[1:]  # (Diabolo: seat 2's, at its window)
            app = TerminalApp(home, live=False)
            async with app.run_test(size=(120, 40)) as pilot:
                clock = g.table.advance  # (the person's table plays every home on)
                who = f"{app.seat_word(0)} (far away) asks to take back"
                await until(app, pilot, lambda: who in app.message, WAIT_MS, clock=clock)
                assert " y " in app.message and " n " in app.message, app.message
                await type_line(pilot, "n")  # one no is enough
                said = "No take-back: far away they said no"
                await until(app, pilot, lambda: said in app.message, WAIT_MS, clock=clock)
                g.until(lambda: said in g.table.far_status("U"))
                assert g.records() == before and all(r.cuts == [] for r in g.rooms)
                # asked again, once the person has played on: yes, everywhere
                g.play(1)
                again = g.records()
                kept = g.ask()
                await until(app, pilot, lambda: who in app.message, WAIT_MS, clock=clock)
                await type_line(pilot, "y")
                for window in others:
                    g.key(window, pygame.K_y)
                agreed = "Take-back agreed"
                await until(app, pilot, lambda: agreed in app.message, WAIT_MS, clock=clock)
                after = g.records()
                assert after == again[:kept] and all(r.cuts == [kept - 1] for r in g.rooms)
                g.until(g.to_move)
            g.play(1)  # and the game goes on, the records the same
            assert len(g.records()) > len(after)

    asyncio.run(run())
