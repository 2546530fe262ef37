"""Take-backs between a bridged board and its room (docs/REMOTE.md, "At a
board"; host_tools.remote.room's ``ask_back``), for host_tools.watch.bridge:

    back = BoardTakeBack(link, room, far, home, say)
    back.board_asks(4)      # the board's {"event": "back", "to": 4}: asked of the room
    back.board_answers(yes) # the board's {"event": "answer", "yes": ...}: answered there
    back.step()             # an agreed take-back made at the board; the open ask told to it
    back.rebooted()         # the board's hello: what is under way is told again

BACK at the board against a far seat comes as ``{"event": "back", "to":
n}`` and is asked of the room; a far seat's ask is told to the board as
``{"cmd": "asked", "back": n, "by": seat, "moves": k}``, and the player's
MENU or BACK there comes back as ``{"event": "answer", "yes": ...}``,
answered in the room. The room's open ask is told again whenever it
changes and after the board's ``hello`` (``{"cmd": "asked"}``: none; with
``"refused": true``, the board's own was refused). A take-back the room
agreed is taken back at the board with ``{"cmd": "undo", "to": n}`` (the
board's record back to line n: the player puts the pieces back as for any
BACK), offered again every AGAIN_S until the board has done it; then the
seat notes how many take-backs the board has made (``{"board": k}``), so
that a bridge started again takes up one the board has not.

Every board with far seats takes moves back for the room (a Pacal or
Diabolo board only the round's, while it is played): a far ask the board
refuses (one past the round's deal, during the scoring) is refused in the
room at once, so that the window that asked does not wait for ever.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from host_tools.remote.far import Far
from host_tools.remote.room import Ask, AskOpen, Room, TakeBackError

AGAIN_S = 2.0  # an agreed take-back the board has not made yet is offered again after this
_UNTOLD = ("", -1)  # (the room's open ask, still to be told to the board: never an ask's key)


class BoardTakeBack:
    def __init__(
        self, link: Any, room: Room, far: Far, home: Any, say: Callable[[str], None]
    ) -> None:
        self.link, self.room, self.far, self.home, self.say = link, room, far, home, say
        self.told: tuple[str, int] | None = _UNTOLD  # the room's open ask the board knows (key)
        self.mine: tuple[Ask, int] | None = None  # ... the board's own, and the room's cuts then
        self.undo_to: int | None = None  # a take-back to make at the board: back to this line
        self.undo_at = 0.0  # ... (time.monotonic) when it was last sent (0: not yet)
        self.undo_taken = False  # ... and the board took it (made at its next tick)
        self.cuts = far.cuts = self._board_cuts()  # the room's take-backs followed at the board

    def _board_cuts(self) -> int:
        # How many of the room's take-backs the board has made: what this
        # seat's last note {"board": k} says (a bridge stopped after a
        # take-back was agreed, before the board made it, left it behind:
        # the far link follows the rest), else all (and that is noted).
        room = self.room
        said: list[int] = [n["board"] for n in room.notes[room.seat] if type(n.get("board")) is int]
        if said:
            return min(said[-1], len(room.cuts))
        room.note({"board": len(room.cuts)})
        return len(room.cuts)

    def rebooted(self) -> None:
        self.told, self.undo_at, self.undo_taken = _UNTOLD, 0.0, False

    def step(self) -> None:
        self._take_back()
        self._tell_ask()

    def board_asks(self, to: Any) -> None:
        """BACK at the board: the room asked to take the record back to line ``to``."""
        room = self.room
        try:
            ask = room.ask_back(to)
        except AskOpen:
            self.told = _UNTOLD  # (BACK again, say: the open ask told to the board again)
            return
        except TakeBackError as err:
            self.say(f"The board asks to take back to line {to}: not asked ({err}).")
            self.link.ask({"cmd": "asked", "refused": True})
            return
        self.say(f"The board asks the room: {ask}.")

    def board_answers(self, yes: Any) -> None:
        """MENU (yes) or BACK (no) at the board, to the far ask it shows."""
        said = "yes" if yes is True else "no"
        try:
            ask = self.room.answer_back(yes is True)
        except TakeBackError as err:
            self.say(f"The board's {said} is not given: {err}.")
            self.told = _UNTOLD
            return
        self.say(f"{ask}: {said}, at the board.")

    def _take_back(self) -> None:
        # A take-back the room agreed (host_tools.remote.far's back_to: the
        # record lines the board keeps) made at the board: ``undo`` to the
        # line before them, offered again until the board has done it.
        far, room = self.far, self.room
        if len(room.cuts) > self.cuts and far.back_to is not None:
            self.cuts = len(room.cuts)
            self.undo_to, self.undo_at, self.undo_taken = far.back_to - 1, 0.0, False
        to = self.undo_to
        if to is None:
            return
        events = self.home.record_length() - 1
        if events < to or events == to and self.undo_at:
            self._undone()  # (the board's undo event read its record again)
        elif not self.undo_taken and time.monotonic() >= self.undo_at:
            # (again only while the board refuses it: an undo it took, sent
            # again after the board had made it and played on, took back
            # the moves made since too)
            reply = self.link.ask({"cmd": "undo", "to": to})
            self.undo_at = time.monotonic() + AGAIN_S
            self.undo_taken = bool(reply.get("ok"))
            if not reply.get("ok"):
                self.say(f"The board refused the take-back to line {to}: {reply.get('error')}")
            elif events > to:
                self.say(f"The board takes back to line {to}, as the room agreed.")

    def board_undid(self) -> None:
        """The board's ``undo`` event: an agreed take-back sent to it is made.
        (Told by the event, not by the record's length: a busy bridge may read
        the undo and the moves made after it at once, and an undo sent again
        then took back those moves too.)"""
        if self.undo_to is not None and self.undo_at:
            self._undone()

    def _undone(self) -> None:
        self.undo_to = None
        self.room.note({"board": self.cuts})

    def _tell_ask(self) -> None:
        # The room's open ask, told to the board when it changed (or was
        # never told: a new bridge, the board's new hello).
        room = self.room
        ask = room.asked
        key = None if ask is None else ask.key
        if key == self.told:
            return
        self.told = key
        cmd: dict[str, Any] = {"cmd": "asked"}
        mine = self.mine
        if ask is not None:
            cmd.update(back=ask.n, by=int(ask.seat), moves=max(1, len(room.lines) - 1 - ask.n))
            self.mine = (ask, len(room.cuts)) if ask.seat == room.seat else None
            if ask.seat != room.seat and self._answered(ask):
                cmd = {"cmd": "asked"}  # (the board's answer given: the others' awaited)
        elif mine is not None:
            self.mine = None
            if len(room.cuts) == mine[1]:  # (no cut since: refused)
                cmd["refused"] = True
                self.say(f"{mine[0]}: refused far away.")
        reply = self.link.ask(cmd)
        if not reply.get("ok"):
            self.say(f"The board refused asked: {reply.get('error')}")
            if ask is not None and ask.seat != room.seat:
                self._refuse_far_ask(f"the board cannot take it back: {reply.get('error')}")

    def _answered(self, ask: Ask) -> bool:
        mine = self.room.notes[self.room.seat]
        return any(n.get("to") == ask.seat and n.get("ask") == ask.k for n in mine)

    def _refuse_far_ask(self, why: str) -> None:
        # A far ask the board cannot take back (``why``): refused at once.
        room = self.room
        ask = room.asked
        if ask is None or ask.seat == room.seat:
            return
        try:
            room.answer_back(False)
        except TakeBackError:
            return  # (answered already: the others' answers are awaited)
        self.say(f"{ask}: refused ({why})")
