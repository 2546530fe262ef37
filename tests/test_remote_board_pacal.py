"""A Pacal duel board against a window far away, with the real parts (the
structure of tests/test_remote_board.py, whose helpers it shares): the
virtual board (the real firmware on CPython) behind a pseudo terminal,
bridged by ``host_tools remote`` to a room on a real amqtt broker on
loopback, and a live table (sim.table.table) playing the other seat.

Both homes deal from the room's seed: the window its own table, the
bridge gives the board each deal (``play`` of the deal line, packed).
The person at the board (P2) clears the board for each round, reads the
far hand in on the far seat's slot as the display names it, plays its
own seat (offers and takes a seeded choice; each build the one that
leaves it fewest cards to build later, so that it is soon stuck and the
match is short) and makes the far player's moves as the board shows
them (the cards named on the display, the field lit in the remote
colour). After a take it builds its own card first, before the far
player's comes: the room takes the two in seat order all the same
(host_tools.remote.far), the board's record lists them as it took them.
A stranger publishes in the room, an old line comes again, the broker
restarts empty. The window asks a take-back once (shown on the board's display: the
person agrees with MENU and puts the cards back as the board lights
them, the window takes the moves back too), and the board's power is cut
once mid-round (its journal, the room's deals whole, replayed; the
round's far hand not read in again). At the end the
room's record and the table's are one, and the board's is the same but
for the order of those builds.
Each wait is for the event it needs, never a fixed time.
"""

from __future__ import annotations

import json
import time
from typing import Any

from host_tools.remote.meet import seed_of
from host_tools.remote.room import Room
from sim.hardware.lights import same_colour
from sim.table.table import COMPUTER, REMOTE, Table
from tabletop.board import pacal_board as pb
from tabletop.rules import pacal
from tests.test_remote_board import (
    ASKED,
    CODE,
    PATIENCE_S,
    BoardHome,
    both_play,
    broker,
    strangers_lines,
)
from tests.test_remote_games import Stranger

__all__ = ["broker"]  # (the fixture, shared)

SEAT = 1  # the board's; the window plays P1
FAR = 1 - SEAT
READ_MS = 300  # a card held over the reader, then on it
QUIET_MS = 200  # ... and lifted


class PacalHome(BoardHome):
    """The person at a Pacal board: its own seat, the far moves as shown,
    the far hand read in, the board cleared for a deal."""

    first_builds = 0  # builds of its own made while the far player's was still to come

    def _look(self) -> Any:
        def look(dev: Any) -> Any:
            b = dev.runtime.board
            ph = dev.physics
            busy = any(ph.stacks()) or bool(ph.slot_card(0) or ph.slot_card(1))
            lit = [
                f
                for f in range(1, pacal.FIELDS + 1)
                if same_colour(dev.light(f"field{FAR}.{f}"), self.colour)
            ]
            amiss = b.field_errors or b.field_hints or b.slot_errors or b.slot_hints
            return b.mode, b.game.copy(), busy, lit, tuple(dev.runtime.lines), amiss

        return self.on_board(look)

    def _read_in(self) -> bool:
        def job(dev: Any) -> bool:
            b = dev.runtime.board
            card = b.computer.next_card(b.game) if b.mode == pb.HAND else 0
            if not card:
                return False
            ph = dev.physics
            ph.take_card(card, dev.clock)
            dev.advance(READ_MS)
            ph.lay_on_slot(FAR, dev.clock)
            dev.advance(QUIET_MS)
            ph.lift_from_slot(FAR, dev.clock)
            ph.put_away(dev.clock)
            dev.advance(QUIET_MS)
            return True

        done: bool = self.on_board(job)
        return done

    def _perform(self, g: Any, event: Any) -> bool:
        def job(dev: Any) -> bool:
            dev.hand.expected = len(dev.runtime.journal)
            return bool(dev.perform(g, event))

        done: bool = self.on_board(job)
        return done

    def act(self) -> bool:
        talk = self.talk()
        if talk is not None and talk[0] == ASKED:  # the window's take-back: yes
            self.answer("menu")
            return True
        mode, g, busy, lit, text, amiss = self._look()
        if mode == pb.HAND:
            return self._read_in()
        if mode == pb.UNDO or mode == pb.PLAY and amiss:
            # a take-back, the power cut (or a take-back agreed while a far
            # move lit was being made, the move forgotten): the cards as lit
            self.put_back(self.laid)
            return True
        if busy and (mode == pb.CLEAR or mode == pb.PLAY and g.phase == pacal.P_DEAL):
            return self._drive(lambda hand: hand.clear_board())  # (a new round: all off)
        if mode != pb.PLAY or g.phase in (pacal.P_DEAL, pacal.P_OVER):
            return False
        self.laid = g
        movers = g.to_move()
        if SEAT in movers:
            event = self._choose(g)
            if FAR in movers and event[0] == pacal.PLACE:
                self.first_builds += 1
            return self._perform(g, event)
        event = _far_move(g, lit, text)
        if event is None:
            return False  # (not come yet)
        return self._perform(g, event)

    def _choose(self, g: Any) -> Any:
        moves = sorted(m for m in g.legal_moves() if m[1] == SEAT)
        if moves[0][0] != pacal.PLACE:
            return moves[self.rng.randrange(len(moves))]

        def left(move: Any) -> int:  # the cards it could still build after ``move``
            after = g.copy()
            after.apply(move)
            return sum(1 for c in range(1, pacal.CARDS + 1) if after.field_mask(SEAT, c))

        return min(moves, key=lambda m: (left(m), m))


def _far_move(g: Any, lit: list[int], text: tuple[str, ...]) -> Any:
    """The far player's move as the board shows it: the cards its display
    names, the field lit in the remote colour."""
    words = " ".join(text).split()
    for i, w in enumerate(words[:-1]):
        if w == "Takes" and g.phase == pacal.P_TAKE:
            return (pacal.TAKE, FAR, int(words[i + 1].rstrip(":")), 0)
        if w == "Build" and len(lit) == 1:
            return (pacal.PLACE, FAR, int(words[i + 1]), lit[0])
    offer = [int(words[i - 1]) for i, w in enumerate(words) if w == "on" and words[i - 1].isdigit()]
    if g.phase == pacal.P_OFFER and g.turn == FAR and "slot" in words and len(offer) == 2:
        return (pacal.OFFER, FAR, offer[0], offer[1])
    return None


def in_seat_order(lines: list[str]) -> list[str]:
    """A record with each two builds in a row put in seat order (the room's)."""
    out = list(lines)
    for i in range(1, len(out) - 1):
        a, b = json.loads(out[i]), json.loads(out[i + 1])
        if "place" in a and "place" in b and a["p"] > b["p"]:
            out[i], out[i + 1] = out[i + 1], out[i]
    return out


def test_a_pacal_board_plays_a_whole_duel_against_a_window_far_away(broker: Any) -> None:
    seed = seed_of(CODE)
    players = (COMPUTER, REMOTE) if SEAT == 1 else (REMOTE, COMPUTER)
    table = Table("pacal", "duel", seed=seed, players=players, level="greedy")
    room = Room(broker.url, CODE, str(FAR), seats=["0", "1"]).start()
    table.link(room)
    home = PacalHome(broker.url, "pacal", seat=SEAT, seed=4)
    stranger = Stranger(broker.url)
    befell: set[int] = set()
    try:
        last, since = -1, time.monotonic()
        back = -1
        while not (table.truth.is_over() and home.bridge.over()):
            both_play(table, home)
            n = len(room.lines)
            if n >= 4 and 4 not in befell:  # a stranger's line, an old line again
                befell.add(4)
                strangers_lines(stranger, room, SEAT)
            if n >= 8 and back < 0:  # the window asks a take-back: the board agrees
                back = room.ask_back(n - 2).n
            if n >= 10 and 10 not in befell:  # the broker goes down, comes back empty
                befell.add(10)
                broker.restart()
            if n >= 12 and 12 not in befell:  # the board's power is cut mid-round
                befell.add(12)
                home.power_cut()
            if n != last:
                last, since = n, time.monotonic()
            assert time.monotonic() - since < PATIENCE_S, (len(room.lines), home.said)
        assert befell == {4, 10, 12}
        record = list(room.lines)
        assert json.loads(record[0])["game"] == "pacal"
        assert record == table.record_lines() == home.bridge.record()
        mine = home.record()
        assert in_seat_order(mine) == record
        assert (mine != record) == (home.first_builds > 0), home.first_builds
        played = [json.loads(line) for line in record[1:]]
        assert {ev["p"] for ev in played if "p" in ev} == {0, 1}
        deals = [ev["deal"] for ev in played if "deal" in ev]
        assert len(deals) >= 3 and all(len(d["hands"][0]) == 15 for d in deals)  # whole
        assert table.truth.is_over() and max(table.truth.wins) == 3  # the match, whole
        assert any("started again" in said for said in home.said)  # (the power cut, seen)
        assert room.cuts == [back] and any(": yes, at the board" in s for s in home.said)
    finally:
        stranger.close()
        home.close()
        room.close()
