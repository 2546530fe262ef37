"""A board against a simulator far away (and, last, two boards against
each other: test_two_pyraos_boards_play_a_whole_game_through_the_room): the virtual board (the real
firmware on CPython) behind a pseudo terminal, bridged to a room on a real
amqtt broker on loopback by ``host_tools remote`` (host_tools.watch.bridge,
pyserial on the pty), and a live table (sim.table.table) in the same room.

The person at the board plays its own seat (a seeded choice among the
legal turns) and makes the far player's moves as the board lights them in
the profile's "remote" colour: read from the LEDs, as a player reads them.
Faults on the way: a stranger's lines in the room, a take-back asked of
the board (shown on its display: the person agrees with MENU and puts the
marbles back as the board lights them, the window takes the move back
too), the broker restarted, the board's power cut (its journal and the
room agree again). At the end the board's journal, the table's record
and the room's are one.
Each wait is for the event it needs (the room's lines, the board's
acceptance), never a fixed time.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from host_tools.board.link import Link
from host_tools.remote.broker import Broker
from host_tools.remote.deals import packed
from host_tools.remote.signed import room_id, sign
from host_tools.watch.bridge import Bridge, BridgeError
from sim.hand import drive
from sim.hardware.lights import same_colour
from sim.table.table import COMPUTER, REMOTE, Table
from tabletop import games
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.records import notation
from tabletop.rules import diabolo, pacal
from tabletop.rules.rng import Rng
from tests.pty_support import ThreadedBoard
from tests.test_board_computer import the_move
from tests.test_remote_games import Stranger

CODE = "PINE-4-ASH"
STEP_MS = 100  # virtual time the table plays between looks
PATIENCE_S = 120.0  # wall time the game may stand still before the test gives up
SPEED = 8.0  # the board's virtual time against real time
PLAY, UNDO = 1, 2  # the Pyraos board's modes in play, and while pieces go back after BACK
ASKED = 2  # a far player's take-back shown (tabletop.board.remote_seat's talk)
ANSWER_MS = 2000  # virtual time the board takes to see a press, at most


class BoardHome:
    """The board, its person, and its bridge to the room (in a thread)."""

    def __init__(self, url: str, game: str, seat: int, seed: int, **kw: Any) -> None:
        self.board = ThreadedBoard(game, seed=seed, speed=SPEED, **kw).__enter__()  # (kw: its own)
        self.seat = seat
        self.rng = random.Random(seed)
        self.link = Link.open(self.board.path)
        self.said: list[str] = []
        self.bridge = Bridge(self.link, url, CODE, seat, self.said.append).start()
        self.colour = tuple(self.board.dev.profile.colours["remote"])
        self.stop = threading.Event()
        self.error: BaseException | None = None
        self.laid = self.game()
        self.thread = threading.Thread(target=self._bridge, daemon=True)
        self.thread.start()

    def _bridge(self) -> None:
        try:
            while not self.stop.is_set():
                self.bridge.step(0.02)
        except BaseException as err:  # (raised in the test's thread by check)
            self.error = err

    def check(self) -> None:
        if self.error is not None:
            raise self.error
        assert not self.bridge.problem, (  # (and what the bridge, the room, the board had)
            self.bridge.problem,
            self.said[-8:],
            self.bridge.record()[-4:],
            self.record()[-4:],
        )

    def on_board(self, job: Any) -> Any:
        got: list[Any] = []
        self.board.do(lambda dev: got.append(job(dev)))
        return got[0]

    def game(self) -> Any:
        return self.on_board(lambda dev: dev.runtime.board.game.copy())

    def _drive(self, steps: Any) -> bool:
        """The hand's ``steps(hand)`` made at the board, to their end (False: a wait timed out)."""

        def job(dev: Any) -> bool:
            dev.hand.expected = len(dev.runtime.journal)
            return bool(drive(steps(dev.hand), dev, dev.advance, dev.tick_ms))

        done: bool = self.on_board(job)
        return done

    def far_lit(self) -> set[str]:
        """The position lights in the remote colour."""
        return {
            name
            for name, rgb in self.on_board(
                lambda dev: {n: dev.light(n) for n in PYRAOS_SENSORS}
            ).items()
            if same_colour(rgb, self.colour)
        }

    def mode(self) -> int:
        mode: int = self.on_board(lambda dev: dev.runtime.board.mode)
        return mode

    def shown(self) -> tuple[str, ...]:
        """The board's display."""
        lines: tuple[str, ...] = self.on_board(lambda dev: tuple(dev.runtime.lines))
        return lines

    def talk(self) -> Any:
        """The take-back its far seat knows of (tabletop.board.remote_seat), or None."""
        return self.on_board(lambda dev: getattr(dev.runtime.board.computer, "talk", None))

    def answer(self, button: str) -> None:
        """A far ask shown: ``button`` pressed, until the board has taken it."""

        def press(dev: Any) -> bool:
            dev.hal.press(button, dev.clock, 120)
            for _ in range(ANSWER_MS // dev.tick_ms):
                dev.advance(dev.tick_ms)
                if dev.runtime.board.computer.talk is None:
                    return True
            return False

        assert self.on_board(press), self.shown()

    def put_back(self, have: Any) -> None:
        """BACK took moves back: the marbles from ``have`` (the game they
        were laid for) back as the board lights them."""

        def restore(dev: Any) -> bool:
            target = dev.runtime.board.game.copy()
            return drive(dev.hand.restore(target, have, False), dev, dev.advance, dev.tick_ms)

        assert self.on_board(restore), self.shown()

    def act(self) -> bool:
        """The person does what is due: a far ask answered yes, the marbles
        put back after a take-back, a turn of its own, or the far player's
        lit move; False when nothing is due."""
        talk, mode, state = self.on_board(_looked)
        if talk is not None and talk[0] == ASKED:
            self.answer("menu")
            return True
        if mode == UNDO:
            self.put_back(self.laid)
            return True
        self.laid = state  # (the marbles on the board: what a take-back puts back from)
        if state.is_over():
            return False
        if state.turn == self.seat:
            event = self.rng.choice(sorted(state.legal_moves()))
        else:
            lit = self.far_lit()
            if not lit:
                return False  # (not come yet)
            event = the_move(state, lit)
        self.on_board(lambda dev: dev.perform(state, event))
        return True

    def record(self) -> list[str]:
        lines: list[str] = self.on_board(lambda dev: dev.runtime.journal.lines())
        return lines

    def power_cut(self) -> None:
        """The board's power goes and comes back: its game from its journal."""
        self.on_board(lambda dev: dev.power_on())

    def close(self) -> None:
        self.stop.set()
        self.thread.join(10)
        self.bridge.close()
        self.link.close()
        self.board.__exit__(None, None, None)


def _looked(dev: Any) -> tuple[Any, int, Any]:
    # What the person looks at before acting: a take-back the display
    # shows, the board's mode, its game.
    board = dev.runtime.board
    return getattr(board.computer, "talk", None), board.mode, board.game.copy()


def both_play(table: Table, home: BoardHome) -> None:
    """The window plays STEP_MS, the person at the board does what is due; both checked."""
    table.advance(STEP_MS)
    assert not table.far.problem, table.far.problem
    assert not table.faults, table.faults
    home.check()
    home.act()


def strangers_lines(stranger: Stranger, room: Any, seat: int) -> None:
    """In the room, as seat ``seat``: a stranger's unsigned line at the room's
    next number, and the room's own first line again (an old line, replayed)."""
    line = f"tabletop/{room_id(CODE)}/{seat}/line"
    stranger.publish(line, json.dumps({"n": len(room.lines), "line": '{"p": 0}'}).encode())
    stranger.publish(line, sign(CODE, line, {"n": 1, "line": room.lines[1]}))


@pytest.fixture
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


# The far games whose whole game another module plays (its person differs).
OWN_TEST = {
    "diabolo": "tests/test_remote_board_diabolo.py",
    "pacal": "tests/test_remote_board_pacal.py",
}


def _far_games() -> list[str]:
    """The games whose board plays a seat far away (and whose person is this module's)."""
    return [g for g in games.NAMES if games.part(g, "board").make.FAR and g not in OWN_TEST]


@pytest.mark.parametrize("game", _far_games())
def test_a_board_plays_a_whole_game_against_a_window_far_away(broker: Broker, game: str) -> None:
    variant = games.variants(game)[0]
    table = Table(game, variant, seed=5, players=(REMOTE, COMPUTER), level="greedy")
    from host_tools.remote.room import Room

    room = Room(broker.url, CODE, "1", seats=["0", "1"]).start()
    table.link(room)
    home = BoardHome(broker.url, game, seat=0, seed=4)
    stranger = Stranger(broker.url)
    befell: set[int] = set()
    cut = -1
    try:
        last, since = -1, time.monotonic()
        while not (table.truth.is_over() and home.bridge.over()):
            both_play(table, home)
            n = len(room.lines)
            if n >= 4 and 4 not in befell:  # a stranger's line, an old line again
                befell.add(4)
                strangers_lines(stranger, room, 0)
            if n >= 6 and 6 not in befell:  # the window asks a take-back: the board agrees
                befell.add(6)
                cut = room.ask_back(n - 2).n
            if n >= 9 and 9 not in befell:  # the broker goes down, comes back empty
                befell.add(9)
                broker.restart()
            if n >= 14 and 14 not in befell:  # the board's power is cut, mid-game
                befell.add(14)
                home.power_cut()
            if n != last:
                last, since = n, time.monotonic()
            assert time.monotonic() - since < PATIENCE_S, (len(room.lines), home.said)
        record = room.lines
        assert befell == {4, 6, 9, 14}
        assert room.cuts == [cut] and any(": yes, at the board" in s for s in home.said)
        assert home.record() == record == table.record_lines() == home.bridge.record()
        assert json.loads(record[0])["game"] == game and len(record) > 20
        assert {json.loads(line)["p"] for line in record[1:]} == {0, 1}
        assert any("started again" in s for s in home.said)  # (the power cut, seen)
    finally:
        stranger.close()
        home.close()
        room.close()


@pytest.mark.parametrize("game", games.NAMES)
def test_the_board_refuses_far_moves_that_are_not_due(game: str) -> None:
    """``remote`` and ``play`` checked whole: a board that cannot seat a far
    player says so; a malformed line, one out of its turn, a seat that is
    not far, or a line number that is not the next are refused, naming
    why, and the game goes on as it was."""
    with ThreadedBoard(game, seed=2, speed=SPEED) as board:
        link = Link.open(board.path)
        try:
            far_ok = games.part(game, "board").make.FAR
            reply = link.ask({"cmd": "remote", "seats": [1]})
            if not far_ok:
                assert not reply["ok"] and "no far seats on a board" in reply["error"]
                reply = link.ask({"cmd": "play", "n": 1, "line": {"p": 1}})
                assert not reply["ok"] and "no seat is far away" in reply["error"]
                return
            assert reply["ok"]
            seats_all = list(range(int(link.ask({"cmd": "hello"}).get("players", 2))))
            for seats, why in ((seats_all, "not all"), ([5], "each a seat"), ("1", "a list")):
                reply = link.ask({"cmd": "remote", "seats": seats})
                assert not reply["ok"] and why in reply["error"], reply
            before = [o.get("text") for o in link.ask_lines({"cmd": "state"})[1:]]
            for cmd, why in _not_due(game):
                reply = link.ask(cmd if "cmd" in cmd else {"cmd": "play", **cmd})
                assert not reply["ok"] and why in reply["error"], (cmd, reply)
            if game in ("diabolo", "pacal"):  # the room's deal, packed, is the board's to play
                after = [o.get("text") for o in link.ask_lines({"cmd": "state"})[1:]]
                assert after == before  # nothing changed
                deal = packed(game, notation.to_json(game, _a_deal(game)))
                assert len(json.dumps({"cmd": "play", "n": 1, "line": deal})) < 256
                assert link.ask({"cmd": "play", "n": 1, "line": deal})["ok"]
                assert len(link.ask_lines({"cmd": "state"})[1:]) == len(before) + 1  # the deal
                return
            assert link.ask({"cmd": "remote", "seats": [0]})["ok"]  # the first to move
            reply = link.ask({"cmd": "play", "n": 1, "line": {"p": 0, "place": "2a1"}})
            assert not reply["ok"] and "line 1: 2a1 is not supported" in reply["error"], reply
            after = [o.get("text") for o in link.ask_lines({"cmd": "state"})[1:]]
            assert after == before  # nothing changed
            assert link.ask({"cmd": "play", "n": 1, "line": {"p": 0, "place": "a1"}})["ok"]
        finally:
            link.close()


def _a_deal(game: str) -> Any:
    return diabolo.deal(Rng(3), 2) if game == "diabolo" else pacal.deal_duel(Rng(3))


def _not_due(game: str) -> list[tuple[dict[str, Any], str]]:
    """``play`` (or other) commands a board with seat 1 far refuses, and why."""
    if game == "pacal":  # (before the room's deal)
        bad = {"hands": ["0102", "03x4"], "aside": "", "first": 0}
        return [
            ({"n": 1, "line": {"p": 1, "offer": [1, 2]}}, "not the far seat's turn"),
            ({"n": 2, "line": {"p": 1, "offer": [1, 2]}}, "next line's number: 1"),
            ({"n": 1, "line": {"p": 1, "offer": ["zz", 2]}}, "zz"),
            ({"n": 1, "line": "offer 1 2"}, "a record line"),
            ({"n": 1, "line": {"deal": bad}}, '"hands" packed is two digits a card'),
            ({"n": 1, "line": {"deal": dict(bad, hands=["0102", "0304"])}}, "line 1: "),
            ({"cmd": "pass", "p": 1, "row": 0}, "pacal has no doubles to pass"),
        ]
    if game == "pyraos":
        return [
            ({"n": 1, "line": {"p": 1, "place": "a1"}}, "not the far seat's turn"),
            ({"n": 2, "line": {"p": 1, "place": "a1"}}, "next line's number: 1"),
            ({"n": 1, "line": {"p": 0, "place": "zz"}}, "zz"),
            ({"n": 1, "line": "place a1"}, "a record line"),
            ({"n": "1", "line": {}}, "next line's number"),
        ]
    return [  # (Diabolo: before the room's deal)
        ({"n": 1, "line": {"p": 1, "play": ["r1", "heaven"]}}, "not the far seat's turn"),
        ({"n": 2, "line": {"p": 1, "play": ["r1", "heaven"]}}, "next line's number: 1"),
        ({"n": 1, "line": {"p": 1, "play": ["zz", "heaven"]}}, "zz"),
        ({"n": 1, "line": "place a1"}, "a record line"),
        ({"n": 1, "line": {"deal": {"dealer": 0, "pile": "r1r1"}}}, "line 1: "),
        ({"n": 1, "line": {"deal": {"dealer": 9, "pile": []}}}, "line 1: "),
        ({"cmd": "pass", "p": 0, "row": 0}, '"p" is a far seat'),
        ({"cmd": "pass", "p": 1, "row": 9}, '"row" is a row'),
    ]


def test_a_board_whose_game_is_not_the_rooms_is_refused(broker: Broker) -> None:
    """A room whose game has begun elsewhere: a board that did not play it
    is not bridged into it (a message, nothing sent to the room)."""
    from host_tools.remote.room import Room

    with ThreadedBoard("pyraos", seed=2, speed=SPEED, moves=1) as board:
        first = board.events[0]
        fresh = games.part("pyraos", "rules").new_state("standard")
        other = next(m for m in fresh.legal_moves() if m != first)
        room = Room(broker.url, CODE, "1", seats=["0", "1"]).start()
        link = Link.open(board.path)
        try:
            assert room.wait_until(lambda r: r.synced, PATIENCE_S)
            room.append(json.dumps({"format": 1, "game": "pyraos", "variant": "standard"}))
            room.append(json.dumps(notation.to_json("pyraos", other)))
            with pytest.raises(BridgeError, match="not the room's"):
                Bridge(link, broker.url, CODE, 0, lambda s: None).start()
            assert len(room.lines) == 2
        finally:
            link.close()
            room.close()


def test_two_pyraos_boards_play_a_whole_game_through_the_room(broker: Broker) -> None:
    """Pyraos on two boards, each bridged by its own ``host_tools remote``
    (seats 0 and 1): each person plays their own turns and makes the other's
    as their board lights them, through the broker restarted empty and a
    power cut at one board; at the end both journals and the room's record
    are one."""
    homes = [BoardHome(broker.url, "pyraos", seat=s, seed=7 + s) for s in (0, 1)]
    befell: set[int] = set()
    try:
        last, since = -1, time.monotonic()
        while not all(home.bridge.over() and home.game().is_over() for home in homes):
            for home in homes:
                home.check()
                home.act()
            n = len(homes[0].bridge.record())
            if n >= 8 and 8 not in befell:  # the broker goes down, comes back empty
                befell.add(8)
                broker.restart()
            if n >= 13 and 13 not in befell:  # the second board's power is cut
                befell.add(13)
                homes[1].power_cut()
            if n != last:
                last, since = n, time.monotonic()
            assert time.monotonic() - since < PATIENCE_S, [home.said for home in homes]
        record = homes[0].bridge.record()
        assert befell == {8, 13} and len(record) > 20
        assert homes[0].record() == homes[1].record() == record == homes[1].bridge.record()
        assert {json.loads(line)["p"] for line in record[1:]} == {0, 1}
        assert any("started again" in s for s in homes[1].said)  # (the power cut, seen)
    finally:
        for home in homes:
            home.close()
