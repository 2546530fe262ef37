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

A Pacal or Diabolo board plays the room's deals: every home deals from the
room's seed (host_tools.remote.deals, as the windows do), and the bridge
gives the board each deal with ``play`` (packed: deals.packed) when the
board waits for it. Events that may come in either order (Pacal's two
builds after a take) go into the room in seat order (host_tools.remote.
far): a far line the board's own waits for is given to the board under
the board's next number, so the board's record may list the two the
other way round. A Diabolo
seat that declares no double says so with a note (docs/RULES.md, "Playing
far away"): the board's ``pass`` events become this home's notes, and a
far seat's note goes to the board as ``{"cmd": "pass"}``.

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

from host_tools.remote.deals import RoomDeals, packed
from host_tools.remote.far import Far
from host_tools.remote.meet import free_seat, seed_of
from host_tools.remote.room import Room
from host_tools.watch.bridge_back import BoardTakeBack
from tabletop import games
from tabletop.keep.journal import Journal
from tabletop.records import notation
from tabletop.rules import diabolo

MET_S = 30.0  # the room's time to come in sync with the broker at the start
AGAIN_S = 2.0  # a far move the board refused (busy: its self-test) is offered again after this
DEAL_AGAIN_S = 0.2  # ... a deal (the board still scoring the round before), after this


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

    def busy(self) -> bool:
        return False  # (what the board accepted is its record: the bridge sees no hand)


class Bridge:
    def __init__(
        self, link: Any, url: str, code: str, seat: int | None = None,
        say: Callable[[str], None] = print, seed: int | None = None,
    ) -> None:  # fmt: skip
        self.link, self.url, self.code, self.seat, self.say = link, url, code, seat, say
        self.seed = seed_of(code) if seed is None else seed  # (the windows' --seed: the same)
        self.deals: RoomDeals | None = None  # Pacal's, Diabolo's: the room's deals
        self.passes: set[tuple[int, int, int]] = set()  # (round, seat, row) told the board
        self.scored = 0  # Diabolo: the last round the board told the scores of (its walk done)
        self.home: BoardHome | None = None
        self.room: Room | None = None
        self.far: Far | None = None
        self.sent = 0  # the far line last sent to the board as ``play`` (0: none since)
        self.cuts = 0  # the room's take-backs when it was sent (one more: sent again)
        self.refused = 0  # the far line the board last refused (told once)
        self.again_at = 0.0  # (time.monotonic) not offered again before this
        self.back: BoardTakeBack | None = None  # the take-backs between the board and the room

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
        self.back = BoardTakeBack(self.link, room, self.far, self.home, self.say)
        if game in ("diabolo", "pacal"):  # (the games dealt: the room's deals)
            self.deals = RoomDeals(game, variant, players, self.seed)
        return self

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
        if self.room is not None and len(self.room.cuts) != self.cuts:
            # a take-back agreed: the far move lit at the board is forgotten
            # there (the host's undo), so the room's next far line goes again
            self.cuts, self.sent = len(self.room.cuts), 0
        if self.back is not None:
            self.back.step()
        self._passes()
        self._offer()

    def _heard(self, obj: dict[str, Any]) -> None:
        home = self.home
        assert home is not None
        kind = obj.get("event")
        if kind == "move" and obj.get("n") == home.record_length():
            home.add(obj["line"])
        elif kind in ("move", "undo"):  # (one missed, or taken back: the board's whole record)
            if kind == "undo" and type(obj.get("events")) is int and self.far is not None:
                self.far.home_took_back(obj["events"] + 1)  # (its moves since may be read at once)
            self._read_board()
            self.sent = 0
            if kind == "undo" and self.back is not None:
                self.back.board_undid()
        elif kind == "scores":  # (a Diabolo round's scoring walked through at the board)
            self.scored = max(self.scored, int(obj.get("round", 0)))
        elif kind == "pass":  # (a Diabolo seat of the board's declares no double on a row)
            far = self.far
            assert far is not None
            if not far.passed(int(obj["p"]), int(obj["row"])):
                far.say_pass(int(obj["p"]), int(obj["row"]))
        elif kind == "hello":  # (the board speaks first after a boot: a power cut)
            self.say("The board started again: its game goes on.")
            self._told_far()
            if self.back is not None:
                self.back.rebooted()  # (its take-back under way, told again)
        elif kind == "back" and self.back is not None:  # BACK at the board, against a far seat
            self.back.board_asks(obj.get("to"))
        elif kind == "answer" and self.back is not None:  # MENU or BACK there, to a far ask
            self.back.board_answers(obj.get("yes"))

    def _told_far(self) -> None:
        # After a power cut the board plays its far seats as nobody's again.
        far = self.far
        assert far is not None
        self._ask({"cmd": "remote", "seats": sorted(far.seats)})
        self._read_board()
        self.sent = 0
        self.passes = set()  # (forgotten with its seats: told again)

    def _passes(self) -> None:
        # A far seat's "no double" on a row of this round, to the board once.
        far = self.far
        assert far is not None
        if self.deals is None or self.home is None or self.home.game_name != "diabolo":
            return
        if not far.state.scoring():
            return
        for p in sorted(far.seats):
            for row in range(diabolo.COLOURS):
                key = (far.rounds, p, row)
                if key not in self.passes and far.passed(p, row):
                    self.passes.add(key)
                    reply = self.link.ask({"cmd": "pass", "p": p, "row": row})
                    if not reply.get("ok"):
                        self.say(f"The board refused a far pass: {reply.get('error')}")

    def _offer(self) -> None:
        far, home, room = self.far, self.home, self.room
        assert far is not None and home is not None and room is not None
        n = far.taken
        # The board's next line: past the room's when its own lines wait for
        # a far one before them (Pacal's builds after a take, taken in seat
        # order: the board's player 1 built before the far player 0); the far
        # line then goes to the board under the board's number.
        mine = home.record_length()
        if mine < n or n == self.sent or far.problem:
            return
        if time.monotonic() < self.again_at:
            return
        line: Any = None
        for seat in far.seats:
            if far.event(seat) is not None:
                line = json.loads(room.lines[n])
                break
        deal = line is None and mine == n and self._deal_due()
        if deal:
            assert self.deals is not None
            line = packed(
                home.game_name, notation.to_json(home.game_name, self.deals.deal(far.rounds))
            )
        if line is None:
            return
        reply = self.link.ask({"cmd": "play", "n": mine, "line": line})
        self.sent = n
        if not reply.get("ok"):  # (the board busy, or still scoring: offered again in a while)
            if self.refused != n and not deal:
                self.say(f"The board refused the far move {n}: {reply.get('error')}")
            self.refused, self.sent = n, 0
            self.again_at = time.monotonic() + (DEAL_AGAIN_S if deal else AGAIN_S)

    def _deal_due(self) -> bool:
        """Does the room's game wait for a deal (the board deals it, from the seed)?"""
        far = self.far
        assert far is not None
        if self.deals is None or far.state.is_over():
            return False
        return far.state.fault(self.deals.deal(far.rounds)) is None

    def over(self) -> bool:
        """The game is over, and every line of it is in the room."""
        far = self.far
        return bool(
            far is not None
            and far.state.is_over()
            and not far.waiting
            and far.taken == len(far.room.lines)
            and self._walked(far.state)
        )

    def _walked(self, state: Any) -> bool:
        # A Diabolo game is over at its last lock, but its doubles may
        # follow: the board's walk through that round's scoring is done.
        home = self.home
        return home is None or home.game_name != "diabolo" or self.scored >= state.round

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
        bridge = Bridge(link, url, args.room, seat, say, args.seed).start()
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
