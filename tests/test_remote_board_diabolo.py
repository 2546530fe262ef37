"""A Diabolo board against a window far away, with the real parts (the
structure of tests/test_remote_board.py, whose helpers it shares): the
virtual board (the real firmware on CPython) behind a pseudo terminal,
bridged by ``host_tools remote`` to a room on a real amqtt broker on
loopback, and a live table (sim.table.table) playing the other two seats
of three in the same room.

Both homes deal from the room's seed: the window its own table, the
bridge gives the board each deal (``play`` of the deal line). The person
at the board clears the slots for each round, plays its own seat (a
seeded choice among the legal turns: the board knows its hand now), makes
the far players' moves as the board lights them (the slot in the remote
colour, the card named on the display: read as a player reads them),
and at scoring declares its seat's double or presses BACK (a pass: a note
to the room); the window's doubles and passes come to the board. The
board's power is cut once mid-round (its journal, the room's deal whole,
replayed); before that a stranger publishes in the room, an old line
comes again, and the broker restarts empty. At the end the board's
journal, the table's record and the room's are one.
Each wait is for the event it needs, never a fixed time.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from host_tools.remote.broker import Broker
from host_tools.remote.deals import RoomDeals
from host_tools.remote.meet import seed_of
from host_tools.remote.room import Room
from sim.hardware.lights import same_colour
from sim.runs.board_play import PROFILES
from sim.table.table import COMPUTER, REMOTE, Table
from tabletop.board import diabolo_board as db
from tabletop.profile.schema_diabolo import led_names
from tabletop.rules import diabolo
from tabletop.sensing.diabolo_codes import DOUBLE_CARD
from tests.test_remote_board import CODE, PATIENCE_S, BoardHome, both_play, broker, strangers_lines
from tests.test_remote_games import Stranger

__all__ = ["broker"]  # (the fixture, shared)

SLOTS = led_names()[:30]
ROUNDS = 1  # rounds played whole (a game is three: about three times as long)


class DiaboloHome(BoardHome):
    """The person at a Diabolo board: its own seat, the far moves lit,
    the slots cleared for a deal, its doubles or passes at scoring."""

    def _look(self) -> Any:
        def look(dev: Any) -> Any:
            b = dev.runtime.board
            walk = b.walk
            stage = (walk.colour, walk.stage, walk.backed) if walk is not None else None
            cards = any(dev.physics.slot_card(s) for s in range(30)) or dev.physics.reader_card()
            lit = [s for s, n in enumerate(SLOTS) if same_colour(dev.light(n), self.colour)]
            return b.mode, b.game.copy(), stage, cards, lit, _status(b)

        return self.on_board(look)

    def act(self) -> bool:
        mode, g, walk, cards, lit, text = self._look()
        if mode in (db.DEAL, db.UNDO) and cards and not any(g.laid):
            return self._drive(lambda hand: hand.clear_board())  # (a new round: slots empty)
        if mode == db.PLAY and g.phase == diabolo.P_PLAY:
            if g.turn == self.seat:
                moves = sorted(g.legal_moves())
                up = [m for m in moves if m[0] == diabolo.PLAY and m[3] == diabolo.HEAVEN]
                event = self.rng.choice(up if up and self.rng.random() < 0.7 else moves)
            else:
                event = _far_move(g, lit, text)
                if event is None:
                    return False  # (not come yet)
            self.on_board(lambda dev: setattr(dev.hand, "expected", len(dev.runtime.journal)))
            self.on_board(lambda dev: dev.perform(g, event))
            return True
        if mode == db.SCORE and walk is not None:
            colour, stage, backed = walk
            if stage != 1 or backed or not g.double_mask(self.seat) >> colour & 1:
                return False  # (the far seats' word awaited)
            if self.passes:  # (the first time its seat may double, it passes)
                seat = self.seat

                def double(hand: Any) -> Any:
                    yield from hand._read(DOUBLE_CARD + seat)
                    yield from hand._off_reader()

                return self._drive(double)
            self.passes += 1
            return self._drive(lambda hand: hand._back())
        return False

    passes = 0  # BACK pressed at scoring: no double of its seat on that row (a note)


def _status(board: Any) -> tuple[str, ...]:
    from tabletop.show import status_diabolo

    lines: tuple[str, ...] = status_diabolo.lines(board)
    return lines


def _far_move(g: Any, lit: list[int], text: tuple[str, ...]) -> Any:
    """The far player's move as the board shows it: the card the display
    names, the slot lit in the remote colour (none: a discard)."""
    words = " ".join(text).split()
    for i, w in enumerate(words[:-1]):
        if w in ("Play", "Discard"):
            card = diabolo.make_card("rygpb".index(words[i + 1][0]), int(words[i + 1][1]))
            if w == "Discard":
                return (diabolo.DISCARD, g.turn, card, 0)
            if len(lit) == 1:
                return (diabolo.PLAY, g.turn, card, lit[0] // 3 % 2)
    return None


def test_a_diabolo_board_plays_a_round_against_a_window_far_away(broker: Broker) -> None:
    play_at_the_board(broker, players=3, rounds=ROUNDS)


def play_at_the_board(broker: Broker, players: int, rounds: int) -> list[str]:
    """A Diabolo board's seat 0 against a window's ``players - 1`` seats
    in the room CODE on ``broker``, ``rounds`` rounds played whole
    (``players``: the whole game, over). On the way: a stranger's line and
    an old line again in the room, the broker restarted empty, the board's
    power cut mid-round. The room's record, checked equal at the board and
    the window. (``make remote`` plays whole games at every count:
    tests.bench.remote_games.)"""
    url = broker.url
    seed = seed_of(CODE)
    table = Table("diabolo", "standard", seed=seed, players=(REMOTE,) + (COMPUTER,) * (players - 1))
    room = Room(url, CODE, "1", seats=[str(p) for p in range(players)]).start()
    table.link(room)
    built = json.loads((PROFILES / "diabolo.json").read_text())
    built["players"] = players
    home = DiaboloHome(url, "diabolo", seat=0, seed=4, built_by=built)
    stranger = Stranger(url)
    befell: set[int] = set()
    try:
        last, since = -1, time.monotonic()
        deals = 0
        while deals <= rounds and not (table.truth.is_over() and home.bridge.over()):
            both_play(table, home)
            n = len(room.lines)
            if n >= 4 and 4 not in befell:  # a stranger's line, an old line again
                befell.add(4)
                strangers_lines(stranger, room, 0)
            if n >= 7 and 7 not in befell:  # the broker goes down, comes back empty
                befell.add(7)
                broker.restart()
            if n >= 10 and 10 not in befell:  # the board's power is cut mid-round
                befell.add(10)
                home.power_cut()
            deals = sum(1 for line in room.lines[1:] if "deal" in json.loads(line))
            if n != last:
                last, since = n, time.monotonic()
            assert time.monotonic() - since < PATIENCE_S, (len(room.lines), home.said)
        assert befell == {4, 7, 10}
        record = list(room.lines)
        if deals > rounds:  # (the next round's deal: the rounds before it are whole)
            record = record[: max(i for i, t in enumerate(record) if '"deal"' in t)]
        assert json.loads(record[0])["game"] == "diabolo"
        assert home.record()[: len(record)] == record == table.record_lines()[: len(record)]
        played = [json.loads(line) for line in record[1:]]
        assert {ev["p"] for ev in played if "p" in ev} == set(range(players))
        assert sum("deal" in ev for ev in played) == rounds
        if rounds == players:  # the whole game: over at both homes, with the same scores
            assert table.truth.is_over() and home.bridge.over()
            assert home.record() == record == table.record_lines()
        assert any("started again" in said for said in home.said)  # (the power cut, seen)
        if home.passes:  # the board's pass, a note of its seat in the room
            assert any("pass" in note for note in room.notes.get("0", [])), room.notes
        board_deal = next(ev for ev in played if "deal" in ev)
        assert len(board_deal["deal"]["pile"]) == diabolo.DECK_SIZE  # the room's, whole
        return record
    finally:
        stranger.close()
        home.close()
        room.close()


@pytest.mark.parametrize(
    ("game", "variant", "seats"), [("diabolo", "standard", 3), ("pacal", "duel", 2)]
)
def test_the_bridge_deals_as_a_window_does(game: str, variant: str, seats: int) -> None:
    """The room's first deal from its seed: the bridge's (host_tools.remote.deals)
    is the window's table's (sim.table)."""
    seed = seed_of(CODE)
    table = Table(game, variant, seed=seed, players=(REMOTE,) + (COMPUTER,) * (seats - 1))
    part: Any = table.part  # (the dealt games' parts: sim.table.pacal, sim.table.diabolo)
    assert RoomDeals(game, variant, seats, seed).deal(0) == part.next_deal()
