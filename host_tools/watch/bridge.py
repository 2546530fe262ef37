"""``python -m host_tools remote --port P --room CODE [--broker URL]``: a
board's game played with someone far away (docs/REMOTE.md). The bridge
speaks the board's USB protocol (docs/PROTOCOL.md) on one side and the
room on the broker (host_tools.remote.room) on the other:

    bridge = Bridge(link, url, "OAK-7", seat=None)   # link: host_tools.board.link's Link
    bridge.start()        # the board and the room met; the board told its far seats
    bridge.step(0.05)     # what the board said into the room, the far moves to the board
    bridge.over()         # the game is over and the room has every line
    bridge.problem        # why the game stops here ('' while it goes on)

The board's accepted moves (its ``move`` events) become the home's record
lines (host_tools.remote.far matches them with the room's); a far seat's
move, once the room has it, goes to the board as ``{"cmd": "play"}``: the
board lights it in the profile's "remote" colour and the player there
makes it, which the board accepts only as lit. The board's seats other
than this home's are named far with ``{"cmd": "remote"}``, again after a
power cut (its ``boot``), when its record is read again from the board.

A take-back (docs/REMOTE.md, "At a board"; host_tools.remote.room's
``ask_back``): BACK at the board against a far seat comes as ``{"event":
"back", "to": n}`` and is asked of the room; a far seat's ask is told to
the board as ``{"cmd": "asked", "back": n, "by": seat, "moves": k}``, and
the player's MENU or BACK there comes back as ``{"event": "answer", "yes":
...}``, answered in the room. The room's open ask is told again whenever
it changes and after the board's ``hello`` (``{"cmd": "asked"}``: none;
with ``"refused": true``, the board's own was refused). A take-back the
room agreed is taken back at the board with ``{"cmd": "undo", "to": n}``
(the board's record back to line n: the player puts the pieces back as
for any BACK), offered again every AGAIN_S until the board has done it;
then the seat notes how many take-backs the board has made (``{"board":
k}``), so that a bridge started again takes up one the board has not.

A board whose game is not the room's beginning starts a new one first
(``new``: the room's variant) while the room has no move yet; once it
has, a board that did not play that game is refused with a message.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from host_tools.remote.far import Far
from host_tools.remote.meet import free_seat
from host_tools.remote.room import Ask, AskOpen, Room, TakeBackError
from tabletop import games
from tabletop.keep.journal import Journal
from tabletop.records import notation

MET_S = 30.0  # the room's time to come in sync with the broker at the start
AGAIN_S = 2.0  # a far move the board refused (busy: its self-test) is offered again after this
_UNTOLD = ("", -1)  # (the room's open ask, still to be told to the board: never an ask's key)


class BridgeError(Exception):
    """The board and the room cannot play on together: the message says why."""


class BoardHome:
    """The board's game as the bridge knows it (host_tools.remote.far's
    Home): its events as the board told them, written as this machine's
    journal writes them (the same text as any other home's)."""

    def __init__(self, game: str, variant: str, players: int, named: int) -> None:
        self.game_name, self.variant, self.seats = game, variant, players
        self.journal = Journal(game, variant, players=named)  # (named: the header's seats)

    def load(self, lines: list[dict[str, Any]]) -> None:
        """The board's whole record (its ``state``: the header, then an event a line)."""
        self.journal.events = [self._event(obj) for obj in lines[1:]]

    def _event(self, obj: Any) -> Any:
        return notation.from_json(self.game_name, self.variant, obj)

    def add(self, obj: Any) -> None:
        self.journal.events.append(self._event(obj))

    def record_lines(self) -> list[str]:
        lines: list[str] = self.journal.lines()
        return lines

    def record_length(self) -> int:
        return len(self.journal) + 1

    def game_begun(self) -> bool:
        return True  # (the bridge starts the room's game on the board first)


class Bridge:
    def __init__(
        self, link: Any, url: str, code: str, seat: int | None = None,
        say: Callable[[str], None] = print,
    ) -> None:  # fmt: skip
        self.link, self.url, self.code, self.seat, self.say = link, url, code, seat, say
        self.home: BoardHome | None = None
        self.room: Room | None = None
        self.far: Far | None = None
        self.sent = 0  # the far line last sent to the board as ``play`` (0: none since)
        self.refused = 0  # the far line the board last refused (told once)
        self.again_at = 0.0  # (time.monotonic) not offered again before this
        self.told: tuple[str, int] | None = _UNTOLD  # the room's open ask the board knows (key)
        self.mine: tuple[Ask, int] | None = None  # ... the board's own, and the room's cuts then
        self.cuts = 0  # the room's take-backs followed at the board
        self.undo_to: int | None = None  # a take-back to make at the board: back to this line
        self.undo_at = 0.0  # ... (time.monotonic) when it was last sent (0: not yet)

    @property
    def problem(self) -> str:
        return self.far.problem if self.far is not None else ""

    # -- meeting --------------------------------------------------------------------

    def _ask(self, cmd: dict[str, Any]) -> dict[str, Any]:
        reply: dict[str, Any] = self.link.ask(cmd)
        if not reply.get("ok"):
            raise BridgeError(f"the board refused {cmd['cmd']}: {reply.get('error', reply)}")
        return reply

    def start(self) -> Bridge:
        hello = self._ask({"cmd": "hello"})
        if hello.get("mode") != "play":
            raise BridgeError(f"the board is in {hello.get('mode')} mode, not play")
        game, variant = hello["game"], hello["variant"]
        rules = games.part(game, "rules")
        named = int(hello.get("players", 0))
        players = named or rules.seats(variant)[0]
        if players < 2:
            raise BridgeError(f"{game} {variant} has one seat: nobody to play far away")
        self.home = BoardHome(game, variant, players, named)
        self._read_board()
        if self.seat is None:
            self.seat = free_seat(self.url, self.code, players)
        elif not 0 <= self.seat < players:
            raise BridgeError(f"seat {self.seat + 1}: {game} {variant} has {players}")
        room = Room(self.url, self.code, str(self.seat), seats=[str(p) for p in range(players)])
        self.room = room.start()
        if not room.wait_until(lambda r: r.synced, MET_S):
            raise BridgeError(f"the broker at {self.url} does not answer")
        self._same_game()
        far = set(range(players)) - {self.seat}
        self._ask({"cmd": "remote", "seats": sorted(far)})
        self.far = Far(self.home, room, far)
        self.cuts = self.far.cuts = self._board_cuts()
        return self

    def _board_cuts(self) -> int:
        # How many of the room's take-backs the board has made: what this
        # seat's last note {"board": k} says (a bridge stopped after a
        # take-back was agreed, before the board made it, left it behind:
        # the far link follows the rest), else all (and that is noted).
        room = self.room
        assert room is not None
        said: list[int] = [n["board"] for n in room.notes[room.seat] if type(n.get("board")) is int]
        if said:
            return min(said[-1], len(room.cuts))
        room.note({"board": len(room.cuts)})
        return len(room.cuts)

    def _read_board(self) -> None:
        assert self.home is not None
        lines = self.link.ask_lines({"cmd": "state"})
        if not lines[0].get("ok"):
            raise BridgeError(f"the board refused state: {lines[0].get('error')}")
        self.home.load([json.loads(obj["text"]) for obj in lines[1:]])

    def _same_game(self) -> None:
        # The board's game is the room's beginning (or the room's is the
        # board's): else a new game, while the room has no move yet.
        home, room = self.home, self.room
        assert home is not None and room is not None
        mine, theirs = home.record_lines(), list(room.lines)
        shorter = min(len(mine), len(theirs))
        if mine[:shorter] == theirs[:shorter]:
            return
        if len(theirs) > 1:
            raise BridgeError(
                f"the board's game is not the room's (they differ from line "
                f"{next(i for i in range(shorter) if mine[i] != theirs[i])}): "
                "a new room for a new game"
            )
        variant = json.loads(theirs[0])["variant"] if theirs else home.variant
        cmd: dict[str, Any] = {"cmd": "new", "game": home.game_name, "variant": variant}
        if home.journal.players:
            cmd["players"] = home.seats
        self._ask(cmd)
        home.variant = home.journal.variant = variant
        self.say(f"A new game of {home.game_name} {variant} on the board, for the room.")
        self._read_board()

    # -- playing ----------------------------------------------------------------------

    def step(self, seconds: float = 0.05) -> None:
        """What the board says for ``seconds`` taken in; the room's lines
        matched; a far move due sent to the board."""
        for obj in self.link.events(seconds):
            self._heard(obj)
        far = self.far
        assert far is not None
        far.sync()
        self._take_back()
        self._tell_ask()
        self._offer()

    # -- take-backs (host_tools.remote.room: ask_back, answer_back, asked, cuts) ---------

    def _board_asks(self, to: Any) -> None:
        # BACK at the board: the room asked to take the record back to line ``to``.
        room = self.room
        assert room is not None
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

    def _board_answers(self, yes: Any) -> None:
        # MENU (yes) or BACK (no) at the board, to the far ask it shows.
        room = self.room
        assert room is not None
        said = "yes" if yes is True else "no"
        try:
            ask = room.answer_back(yes is True)
        except TakeBackError as err:
            self.say(f"The board's {said} is not given: {err}.")
            self.told = _UNTOLD
            return
        self.say(f"{ask}: {said}, at the board.")

    def _take_back(self) -> None:
        # A take-back the room agreed (host_tools.remote.far's back_to: the
        # record lines the board keeps) made at the board: ``undo`` to the
        # line before them, offered again until the board has done it.
        far, home, room = self.far, self.home, self.room
        assert far is not None and home is not None and room is not None
        if len(room.cuts) > self.cuts and far.back_to is not None:
            self.cuts = len(room.cuts)
            self.undo_to, self.undo_at, self.sent = far.back_to - 1, 0.0, 0
        to = self.undo_to
        if to is None:
            return
        events = home.record_length() - 1
        if events < to or events == to and self.undo_at:
            self.undo_to = None  # (done: the board's undo event read its record again)
            room.note({"board": self.cuts})
        elif time.monotonic() >= self.undo_at:
            reply = self.link.ask({"cmd": "undo", "to": to})
            self.undo_at = time.monotonic() + AGAIN_S
            if not reply.get("ok"):
                self.say(f"The board refused the take-back to line {to}: {reply.get('error')}")
            elif events > to:
                self.say(f"The board takes back to line {to}, as the room agreed.")

    def _tell_ask(self) -> None:
        # The room's open ask, told to the board when it changed (or was
        # never told: a new bridge, the board's new hello).
        room = self.room
        assert room is not None
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

    def _answered(self, ask: Ask) -> bool:
        room = self.room
        assert room is not None
        mine = room.notes[room.seat]
        return any(n.get("to") == ask.seat and n.get("ask") == ask.k for n in mine)

    def _heard(self, obj: dict[str, Any]) -> None:
        home = self.home
        assert home is not None
        kind = obj.get("event")
        if kind == "move" and obj.get("n") == home.record_length():
            home.add(obj["line"])
        elif kind in ("move", "undo"):  # (one missed, or taken back: the board's whole record)
            self._read_board()
            self.sent = 0
        elif kind == "hello":  # (the board speaks first after a boot: a power cut)
            self.say("The board started again: its game goes on.")
            self._told_far()
            self.told, self.undo_at = _UNTOLD, 0.0  # (its take-back under way, told again)
        elif kind == "back":  # BACK at the board, against a far seat
            self._board_asks(obj.get("to"))
        elif kind == "answer":  # MENU or BACK at the board, to a far ask
            self._board_answers(obj.get("yes"))

    def _told_far(self) -> None:
        # After a power cut the board plays its far seats as nobody's again.
        far = self.far
        assert far is not None
        self._ask({"cmd": "remote", "seats": sorted(far.seats)})
        self._read_board()
        self.sent = 0

    def _offer(self) -> None:
        far, home, room = self.far, self.home, self.room
        assert far is not None and home is not None and room is not None
        n = far.taken
        if n != home.record_length() or n == self.sent or far.problem:
            return
        if time.monotonic() < self.again_at:
            return
        for seat in far.seats:
            if far.event(seat) is not None:
                reply = self.link.ask({"cmd": "play", "n": n, "line": json.loads(room.lines[n])})
                self.sent = n
                if not reply.get("ok"):  # (the board busy: offered again in a while)
                    if self.refused != n:
                        self.say(f"The board refused the far move {n}: {reply.get('error')}")
                    self.refused, self.sent = n, 0
                    self.again_at = time.monotonic() + AGAIN_S
                return

    def over(self) -> bool:
        """The game is over, and every line of it is in the room."""
        far = self.far
        return bool(
            far is not None
            and far.state.is_over()
            and not far.waiting
            and far.taken == len(far.room.lines)
        )

    def record(self) -> list[str]:
        room = self.room
        return list(room.lines) if room is not None else []

    def close(self) -> None:
        if self.room is not None:
            self.room.close()


def run(args: Any, out: Any) -> int:
    """The command: the board at ``args.port`` bridged to room ``args.room``
    until its game is over (the record to ``args.out``), or Ctrl-C."""
    from host_tools.board.link import Link
    from host_tools.remote.meet import broker_for

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    started = None
    bridge = None
    try:
        url, started = broker_for(args.broker)
        link = Link.open(args.port)
        seat = None if args.seat is None else args.seat - 1
        bridge = Bridge(link, url, args.room, seat, say).start()
        assert bridge.home is not None and bridge.seat is not None
        say(
            f"Room {args.room} on {url}: the board ({bridge.home.game_name} "
            f"{bridge.home.variant}) is seat {bridge.seat + 1} of {bridge.home.seats}."
        )
        while not bridge.over():
            bridge.step()
            if bridge.problem:
                say(f"error: the game stops here: {bridge.problem}")
                return 1
        result = json.loads(bridge.record()[-1])
        say(f"The game is over after {len(bridge.record()) - 1} lines (the last: {result}).")
        if args.out:
            with open(args.out, "w") as f:
                f.write("\n".join(bridge.record()) + "\n")
            say(f"The record: {args.out}")
        return 0
    except (BridgeError, ValueError, OSError, TimeoutError) as err:
        print(f"error: {err}", file=sys.stderr, flush=True)
        return 1
    except KeyboardInterrupt:
        say("Stopped: the room keeps the record; run this again to play on.")
        return 130
    finally:
        if bridge is not None:
            bridge.close()
        if started is not None:
            started.stop()
