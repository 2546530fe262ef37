"""A take-back against a far seat at a Pyraos board, the firmware's side
(tabletop.board.remote_seat), on the virtual device over CPython, the host
played by the test through the device's serial link (no pty, no room):
BACK asks (``{"event": "back", "to": n}``) and changes nothing; the host's
``asked`` with "refused" says no take-back on the display; its ``undo``
with "to" takes the record back, the pieces put back as BACK has them; a
far player's ask (``asked``) shown, MENU answering yes and BACK no (and
neither starting a new game nor asking); bad commands refused, naming
why. Each wait is for the line or state it needs, in virtual time."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from sim.device.virtual_device import VirtualDevice
from sim.hand import drive
from tabletop.rules.pyraos import Pyraos

FAR = 1  # the far seat: the board plays seat 0 (light)
STEP_MS = 20
LIMIT_MS = 20_000  # virtual time a wait may take at most


class Host:
    """The test as the board's host: commands sent, the lines read."""

    def __init__(self, dev: VirtualDevice) -> None:
        self.dev = dev
        self.read = 0  # the board's lines read
        self.used = 0  # ... and those an ``until`` went past
        self.events: list[dict[str, Any]] = []

    def lines(self) -> list[dict[str, Any]]:
        """The board's lines since the last look."""
        objs = [json.loads(line) for line in self.dev.link.lines()[self.read :]]
        self.read += len(objs)
        self.events += objs
        return objs

    def until(self, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first line not gone past yet for which ``done`` holds (virtual time passing)."""
        for _ in range(LIMIT_MS // STEP_MS):
            self.lines()
            for i in range(self.used, len(self.events)):
                if done(self.events[i]):
                    self.used = i + 1
                    return self.events[i]
            self.dev.advance(STEP_MS)
        raise AssertionError(f"no such line came: {self.events[-5:]}")

    def ask(self, cmd: dict[str, Any]) -> dict[str, Any]:
        self.dev.link.send(json.dumps({**cmd, "id": 7}))
        return self.until(lambda o: o.get("reply") == 7)

    def status(self) -> tuple[str, ...]:
        lines: tuple[str, ...] = tuple(self.dev.runtime.lines)
        return lines

    def shows(self, text: str) -> None:
        for _ in range(LIMIT_MS // STEP_MS):
            if any(text in line for line in self.status()):
                return
            self.dev.advance(STEP_MS)
        raise AssertionError(f"the display never said {text!r}: {self.status()}")


class Game:
    """A Pyraos board whose seat 1 is far away, two turns each in."""

    def __init__(self) -> None:
        self.dev = VirtualDevice("pyraos", seed=11)
        self.dev.power_on()
        self.dev.start_game()
        self.host = Host(self.dev)
        assert self.host.ask({"cmd": "remote", "seats": [FAR]})["ok"]
        self.state = Pyraos("standard")
        self.made: list[Any] = []
        for _ in range(3):  # light, the far dark, light: light to take back first
            self.move()

    def journal(self) -> list[Any]:
        moves: list[Any] = self.dev.moves()
        return moves

    def move(self) -> None:
        """The next move: the player's own, or the far one's as the host gives it."""
        state = self.state
        event = sorted(state.legal_moves())[len(self.made) % 3]
        if state.turn == FAR:
            n = len(self.made) + 1
            line = {"p": FAR, "place": _name(event)}
            assert self.host.ask({"cmd": "play", "n": n, "line": line})["ok"]
        assert self.dev.perform(state, event), self.host.status()
        state.apply(event)
        self.made.append(event)
        assert self.journal() == self.made

    def press(self, button: str) -> None:
        self.dev.hal.press(button, self.dev.clock, 120)
        self.dev.advance(400)

    def put_back(self, have: Any) -> None:
        """The pieces as the board lights them, back to the game's position."""
        hand = self.dev.hand
        hand.expected = len(self.journal())
        assert drive(hand.restore(self.state.copy(), have, False), self.dev, self.dev.advance, 20)
        assert drive(hand.ready(self.state), self.dev, self.dev.advance, 20)
        assert hand.timeouts == []


def _name(move: Any) -> str:
    from tabletop.rules.pyraos_geometry import position_name

    return str(position_name(move[2]))


@pytest.fixture
def g() -> Game:
    return Game()


def test_back_asks_the_room_and_a_refusal_changes_nothing(g: Game) -> None:
    g.press("back")
    ask = g.host.until(lambda o: o.get("event") == "back")
    assert ask == {"event": "back", "to": 2}  # (light's last place goes, nothing of dark's after)
    g.host.shows("Take-back asked")
    assert g.journal() == g.made
    g.press("back")  # again: the same ask told again, nothing taken back
    assert g.host.until(lambda o: o.get("event") == "back") == ask
    assert g.host.ask({"cmd": "asked", "back": 2, "by": 0, "moves": 1})["ok"]  # (its own)
    g.host.shows("Take-back asked")
    assert g.host.ask({"cmd": "asked", "refused": True})["ok"]
    g.host.shows("said no")
    assert g.journal() == g.made
    g.move()  # the far player moves on: the refusal is said no more
    assert not any("said no" in line for line in g.host.status())


def test_an_agreed_take_back_goes_back_to_the_line_and_play_goes_on(g: Game) -> None:
    g.move()  # the far reply: light's place and dark's reply to take back
    g.press("back")
    assert g.host.until(lambda o: o.get("event") == "back") == {"event": "back", "to": 2}
    have = g.state.copy()
    reply = g.host.ask({"cmd": "undo", "to": 2})
    assert reply["ok"] and reply["to"] == 2, reply
    assert g.host.until(lambda o: o.get("event") == "undo") == {"event": "undo", "events": 2}
    g.state = Pyraos("standard")
    for event in g.made[:2]:
        g.state.apply(event)
    del g.made[2:]
    g.host.shows("Undo: lift red")
    g.put_back(have)
    assert g.journal() == g.made and g.dev.runtime.board.mode == 1  # (PLAY)
    g.move()
    g.move()
    assert g.journal() == g.made


def test_a_cut_past_what_the_board_made_forgets_the_far_move_lit(g: Game) -> None:
    line = {"p": FAR, "place": _name(sorted(g.state.legal_moves())[0])}
    assert g.host.ask({"cmd": "play", "n": 4, "line": line})["ok"]  # lit, not made
    reply = g.host.ask({"cmd": "undo", "to": 3})
    assert reply["ok"], reply
    g.dev.advance(500)
    seat = g.dev.runtime.board.computer
    assert seat.next_move(g.dev.runtime.board.game) is None and g.journal() == g.made
    assert not any(o.get("event") in ("undo", "back") for o in g.host.lines())


@pytest.mark.parametrize(("button", "yes"), [("menu", True), ("back", False)])
def test_a_far_ask_is_shown_and_menu_or_back_answers_it(g: Game, button: str, yes: bool) -> None:
    assert g.host.ask({"cmd": "asked", "back": 1, "by": FAR, "moves": 2})["ok"]
    g.host.shows("Far player asks")
    assert any("2 moves?" in line for line in g.host.status()), g.host.status()
    g.press(button)
    answer = g.host.until(lambda o: o.get("event") == "answer")
    assert answer == {"event": "answer", "yes": yes}
    g.dev.advance(500)
    assert not any(o.get("event") == "back" for o in g.host.lines())  # (BACK: no ask)
    assert g.journal() == g.made and g.dev.runtime.board.mode == 1  # (MENU: no new game)
    assert not any("Far player" in line for line in g.host.status())
    assert g.host.ask({"cmd": "asked"})["ok"]  # (the room's: none open now)


def test_the_take_back_commands_are_checked(g: Game) -> None:
    for cmd, why in (
        ({"cmd": "undo", "to": 9}, '"to" is a line of the record: 0..3'),
        ({"cmd": "undo", "to": "1"}, '"to" is a line'),
        ({"cmd": "asked", "back": -1, "by": 1}, '"back" is a line'),
        ({"cmd": "asked", "back": 1, "by": 2}, '"by" is a seat 0..1'),
        ({"cmd": "asked", "back": 1, "by": 1, "moves": 0}, '"moves" is a whole number'),
    ):
        reply = g.host.ask(cmd)
        assert not reply["ok"] and why in reply["error"], (cmd, reply)
    assert g.host.ask({"cmd": "remote", "seats": []})["ok"]
    for cmd in ({"cmd": "undo", "to": 1}, {"cmd": "asked"}):
        reply = g.host.ask(cmd)
        assert not reply["ok"] and "no seat is far away" in reply["error"], reply
    assert g.journal() == g.made
