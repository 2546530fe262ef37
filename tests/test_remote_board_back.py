"""A take-back between a board and a window far away, for every game
whose board seats far players (Pyraos, Diabolo here; Pacal's in its whole
duel: ELSEWHERE): the virtual board (the real firmware on CPython)
behind a pseudo terminal, bridged to a room on a real amqtt broker on
loopback by ``host_tools remote`` (host_tools.watch.bridge), and a live
table (sim.table.table) in the same room, its seats played by the
computer. The person at the board presses its buttons as a player does
(the virtual hal) and puts the pieces back as the board lights them.

- BACK at the board asks the room; the window answers (what its Y or N
  does: sim.table.far_back's ``answer``). Agreed, both take the moves back
  at their boards, and the game goes on to the same record; refused, the
  board's display says so and nothing changes.
- The window's seat asks (its room's ``ask_back``, what U asks); the board
  shows it, and MENU agrees (the moves taken back at both boards), BACK
  refuses. A power cut at the board while the ask is open, and the bridge
  started again, leave the ask shown again, and it is answered then; a
  take-back agreed while the bridge is away is made at the board once it
  is back.

A Diabolo game has three seats: the window plays two (room seat "1"),
and room seat "2", which nobody plays here, only answers the asks as the
window does (every other seat must agree). Each game is a prefix of a
few moves, not a whole one (tests/test_remote_board.py plays a whole
game, with an agreed take-back in it). Each wait is for the state it
needs (the room's, the board's, the table's), never a fixed time.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from host_tools.remote.broker import Broker
from host_tools.remote.meet import seed_of
from host_tools.remote.room import Room
from host_tools.watch.bridge import Bridge
from sim.runs.board_play import PROFILES
from sim.table.table import COMPUTER, REMOTE, Table
from tabletop import games
from tests.test_remote_board import CODE, PATIENCE_S, STEP_MS, BoardHome
from tests.test_remote_board_diabolo import DiaboloHome

# The games whose board's take-backs over the room another module plays
# (its person differs): a window's ask agreed at the board in a whole game.
ELSEWHERE = {"pacal": "tests/test_remote_board_pacal.py"}
GAMES = [g for g in games.NAMES if games.part(g, "board").make.FAR and g not in ELSEWHERE]

# How each game's match is set up: the variant, the seats (the board plays
# seat 0, the window the rest), the window's seed, the board's person.
SETUP: dict[str, tuple[str, int, int | None, type[BoardHome]]] = {
    "pyraos": ("standard", 2, 5, BoardHome),
    "diabolo": ("standard", 3, None, DiaboloHome),  # (None: the room's seed, the bridge's deals)
}


def test_every_board_with_far_seats_has_its_take_backs_played() -> None:
    far = [g for g in games.NAMES if games.part(g, "board").make.FAR]
    assert set(GAMES) <= set(SETUP) and set(GAMES) | set(ELSEWHERE) == set(far)


class Match:
    """The board (seat 0, its person and bridge) and the window (the other seats)."""

    def __init__(self, url: str, game: str) -> None:
        variant, players, seed, home = SETUP[game]
        self.url = url
        self.players = players
        seats = [str(p) for p in range(players)]
        self.table = Table(
            game,
            variant,
            seed=seed_of(CODE) if seed is None else seed,
            players=(REMOTE,) + (COMPUTER,) * (players - 1),
            level="greedy",
        )
        self.room = Room(url, CODE, "1", seats=seats).start()
        self.table.link(self.room)
        self.others = [Room(url, CODE, s, seats=seats).start() for s in seats[2:]]
        kw: dict[str, Any] = {}
        if players != 2:
            built = json.loads((PROFILES / f"{game}.json").read_text())
            built["players"] = players
            kw["built_by"] = built
        self.home = home(url, game, seat=0, seed=4, **kw)
        board = sys.modules[games.part(game, "board").make.__module__]
        self.modes = (board.PLAY, board.UNDO)  # the board's modes in play, and after BACK

    @property
    def back(self) -> Any:
        return self.table.far_back

    def answer(self, yes: bool) -> None:
        """The window's Y (or N) to the open ask, and the seats nobody plays say the same."""
        assert self.back.answer(yes)
        for other in self.others:
            other.wait_until(lambda r: r.asked is not None, PATIENCE_S)
            other.answer_back(yes)

    def until(self, done: Callable[[], bool], act: bool = True) -> None:
        """The window plays and (``act``) the person at the board makes what
        is due, until ``done``."""
        since = time.monotonic()
        while not done():
            self.table.advance(STEP_MS)
            assert not self.table.far.problem, self.table.far.problem
            assert not self.table.faults, self.table.faults
            self.home.check()
            if act:
                self.home.act()
            assert time.monotonic() - since < PATIENCE_S, (self.room.lines, self.home.said)

    def agree(self) -> list[str]:
        """Every record the same (the room's, the board's, the window's), every hand idle."""
        room, home, table = self.room, self.home, self.table

        def same() -> bool:
            lines = room.lines
            return (
                home.record() == lines == table.record_lines() == home.bridge.record()
                and not table.busy()
                and home.mode() == self.modes[0]
            )

        self.until(same, act=False)
        return list(room.lines)

    def play_to(self, lines: int, turn: int) -> list[str]:
        """Played until the room has ``lines`` lines or more and ``turn`` is to move."""
        self.until(lambda: len(self.room.lines) >= lines and self.home.game().turn == turn)
        record = self.agree()
        assert self.home.game().turn == turn
        return record

    def shows(self, text: str) -> None:
        """Until the board's display says ``text`` (the window playing on)."""
        self.until(lambda: any(text in line for line in self.home.shown()), act=False)

    def press(self, button: str) -> None:
        self.home.on_board(lambda dev: dev.hal.press(button, dev.clock, 120))

    def taken_back(self, have: Any, kept: int) -> None:
        """The room's cut taken back at the board (the person puts the
        marbles back as it lights them, from ``have``) and at the window."""
        home = self.home
        self.until(lambda: len(home.record()) == kept and home.mode() == self.modes[1], act=False)
        home.put_back(have)
        table = self.table

        def back() -> bool:  # (the window's seat, to move again, may move on meanwhile)
            mine = home.record()
            return (
                home.mode() == self.modes[0]
                and len(mine) == kept
                and mine == self.room.lines[:kept] == table.record_lines()[:kept]
                and table.far.back_to is None
            )

        self.until(back, act=False)

    def close(self) -> None:
        self.home.close()
        self.room.close()
        for other in self.others:
            other.close()


@pytest.fixture(params=GAMES)
def match(request: pytest.FixtureRequest) -> Iterator[Match]:
    with Broker() as broker:
        m = Match(broker.url, request.param)
        try:
            yield m
        finally:
            m.close()


def test_back_at_the_board_agreed_far_away_goes_back_at_both_and_play_goes_on(
    match: Match,
) -> None:
    k = match.players  # the board's seat's turn and the far replies since (one each)
    before = match.play_to(5, turn=0)  # (Pyraos: light, dark, light, dark; Diabolo: a deal, 3)
    have = match.home.game()
    match.press("back")
    match.shows("Take-back asked")
    match.until(lambda: match.back.asked() == (0, k), act=False)  # the window's page
    assert match.room.asked is not None and match.room.asked.n == len(before) - 1 - k
    assert match.home.record() == before  # (nothing taken back before the answer)
    stop(match)  # the bridge away while the window agrees: the board takes it back later
    match.answer(True)  # Y at the window
    match.until(lambda: len(match.table.record_lines()) == len(before) - k, act=False)
    assert match.home.record() == before
    start(match)
    match.taken_back(have, len(before) - k)
    assert match.room.cuts == [len(before) - 1 - k] and match.home.record() == before[:-k]
    record = match.play_to(len(before) + 2, turn=0)  # and the game goes on
    assert record[: len(before) - k] == before[:-k] and len(record) >= len(before) + 2
    assert any("as the room agreed" in s for s in match.home.said), match.home.said


def test_a_move_made_at_once_after_an_agreed_take_back_is_kept(match: Match) -> None:
    """The board makes the agreed take-back, and its person puts the pieces
    back and moves again, before the bridge has read a word of it (a busy
    computer: the bridge holds on after sending ``undo``). The bridge then
    reads the undo and the new move at once: the move goes to the room, and
    the take-back is not sent again (it took that move back too, once)."""
    k = match.players
    before = match.play_to(5, turn=0)
    have = match.home.game()
    kept = len(before) - k
    match.press("back")
    match.until(lambda: match.back.asked() == (0, k), act=False)
    home = match.home
    sent, go = threading.Event(), threading.Event()
    ask = home.link.ask

    def held(cmd: dict[str, Any], **kw: Any) -> Any:  # (the bridge's link, slow after an undo)
        reply = ask(cmd, **kw)
        if cmd.get("cmd") == "undo":
            sent.set()
            go.wait(PATIENCE_S)
        return reply

    home.link.ask = held  # type: ignore[method-assign,assignment]
    try:
        match.answer(True)
        match.until(sent.is_set, act=False)
        match.until(lambda: len(home.record()) == kept and home.mode() == match.modes[1], act=False)
        home.put_back(have)
        match.until(lambda: len(home.record()) == kept + 1)  # (the person's own move, at once)
        moved = home.record()[kept]
    finally:
        go.set()
    record = match.play_to(len(before) + 2, turn=0)
    assert record[:kept] == before[:kept] and record[kept] == moved
    assert match.room.cuts == [kept - 1]


def test_back_at_the_board_refused_far_away_changes_nothing(match: Match) -> None:
    before = match.play_to(5, turn=0)
    match.press("back")
    match.until(lambda: match.back.asked() is not None, act=False)
    assert match.back.answer(False)  # N at the window
    match.shows("said no")
    assert match.agree() == before and match.room.cuts == []
    assert len(match.play_to(len(before) + 2, turn=0)) > len(before) + 1  # the game goes on
    assert not any("said no" in line for line in match.home.shown())


def test_a_far_ask_agreed_with_menu_at_the_board_goes_back_at_both(match: Match) -> None:
    k = match.players - 1  # the window's last turn: one move of each of its seats
    before = match.play_to(5, turn=0)
    have = match.home.game()
    match.room.ask_back(len(before) - 1 - k)  # (the window's U)
    match.shows("Far player asks")
    moves = f"{k} move{'s' if k > 1 else ''}?"
    assert any(moves in line for line in match.home.shown()), match.home.shown()
    match.home.power_cut()  # the board's power goes: the ask is told again
    match.until(lambda: match.home.talk() is not None, act=False)
    assert any("started again" in s for s in match.home.said)
    match.shows("Far player asks")
    for other in match.others:  # (the seats nobody plays agree too)
        other.wait_until(lambda r: r.asked is not None, PATIENCE_S)
        other.answer_back(True)
    match.home.answer("menu")
    match.taken_back(have, len(before) - k)
    assert match.room.cuts == [len(before) - 1 - k]
    record = match.play_to(len(before) + 2, turn=0)  # the window's turn again, and on
    assert record[: len(before) - k] == before[:-k]


def test_a_far_ask_refused_with_back_at_the_board_changes_nothing(match: Match) -> None:
    before = match.play_to(5, turn=0)
    match.room.ask_back(len(before) - match.players)
    match.shows("Far player asks")
    restart(match)  # the bridge started again while the ask is open: told again
    match.until(lambda: match.home.talk() is not None, act=False)
    match.shows("Far player asks")
    match.home.answer("back")
    match.until(lambda: match.room.asked is None, act=False)
    assert match.agree() == before and match.room.cuts == []
    assert not any("Take-back asked" in line for line in match.home.shown())  # (no ask of its own)
    assert len(match.play_to(len(before) + 2, turn=0)) > len(before) + 1  # the game goes on


def test_a_far_ask_past_the_round_is_refused_at_a_diabolo_board() -> None:
    """A Diabolo board takes back only the round played: a far ask back
    past its deal is refused by the board, and so in the room."""
    with Broker() as broker:
        match = Match(broker.url, "diabolo")
        try:
            before = match.play_to(5, turn=0)  # (a deal, then a turn of each seat)
            match.room.ask_back(0)  # back past the deal (line 1)
            match.until(lambda: match.room.asked is None, act=False)
            assert match.room.cuts == [] and match.agree() == before
            said = " ".join(match.home.said)
            assert "this board takes back only this round's moves (from line 1)" in said, said
            assert match.home.talk() is None
        finally:
            match.close()


def stop(match: Match) -> None:
    """The bridge stops (its room left); the board plays on."""
    home = match.home
    home.stop.set()
    home.thread.join(10)
    home.bridge.close()


def start(match: Match) -> None:
    """The bridge starts again on the same board."""
    home = match.home
    home.bridge = Bridge(home.link, match.url, CODE, 0, home.said.append).start()
    home.stop = threading.Event()
    home.thread = threading.Thread(target=home._bridge, daemon=True)
    home.thread.start()


def restart(match: Match) -> None:
    stop(match)
    start(match)
