"""A home's seats played far away: the link between a home's game (a
simulator's live table, sim.table.table; a board behind its bridge) and a
room on an MQTT broker (host_tools.remote.room).

    far = Far(home, room, seats={1})    # seat 1 is played far away
    far.sync()                          # as the home plays: its new lines into the room
    far.event(1)                        # the far seat's next event, once the room has it
    far.problem                         # why the game cannot go on here ('' while it can)
    far.say_pass(2, colour), far.passed(1, colour), far.double(1, colour)   # Diabolo
    far.back_to                         # after a take-back the room agreed: the record lines
                                        # the home keeps (it takes back the rest), else None
    far.home_took_back(4)               # ... the home says it did: its record back to 4 lines

The home makes a far seat's events at its board (a simulator's table
has its hand make them, as a computer seat's), so the board judges them
like any other; what the home's board accepts of its own seats (and the
deals its table made) goes into the room as record lines.

The room keeps one order of the game for every home, but some events
come at the same time (Pacal's two builds after a take, Diabolo's doubles
on one row). So that two homes never offer different lines under one
number, a line of this table's goes into the room only when no far seat
comes before its player in the rules' ``to_move()`` (seat order): player
0's build first, then player 1's. This board may have taken them the
other way round (a person at the window built first); the lines are
matched by their text, so the room's order stands. docs/RULES.md,
"Playing far away", has these decisions in a player's words.

A take-back the room agreed (host_tools.remote.room: its record cut to
line n) is followed: ``back_to`` says how many of its record lines the
home keeps (those within the room's lines 0 to n; the rest it takes
back at its board), and once its record is no longer than that the link
matches it with the room's again from the header on, as a home restarted
from its journal does. The room's take-backs the home's journal had
already had (``Room(..., era=e)``) are not followed again.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Protocol

from tabletop.records import notation
from tabletop.records.record import new_state
from tabletop.rules import diabolo


class RoomLike(Protocol):
    """What the link uses of a room (host_tools.remote.room.Room)."""

    lines: list[str]
    notes: dict[str, list[dict[str, Any]]]
    synced: bool
    divergence: Any
    cuts: list[int]

    @property
    def era(self) -> int: ...

    def append(self, text: str) -> int: ...

    def note(self, note: dict[str, Any]) -> None: ...


class Home(Protocol):
    """What the link uses of the home's game."""

    game_name: str
    variant: str
    seats: int

    def record_lines(self) -> list[str]:
        """The record as the home's board accepted it (its deals whole)."""

    def record_length(self) -> int:
        """How many lines ``record_lines()`` has (without making them)."""

    def game_begun(self) -> bool:
        """Has the home's game begun (not a board's own from before)?"""

    def busy(self) -> bool:
        """Is a hand at work at the home (a move begun, not in its record yet)?"""


class Far:
    def __init__(self, table: Home, room: RoomLike, seats: set[int]) -> None:
        if not seats or len(seats) >= table.seats or not seats <= set(range(table.seats)):
            raise ValueError(f"far seats {sorted(seats)}: some, not all, of 0..{table.seats - 1}")
        self.table = table
        self.room = room
        self.seats = frozenset(seats)
        self.words = notation.for_game(table.game_name)
        self.problem = ""
        self.cuts = room.era  # the room's take-backs followed (its journal's own among them)
        self.back_to: int | None = None  # after a cut: the record lines the home keeps
        self._match_again()

    def _match_again(self) -> None:
        """Nothing of the room matched yet: from its header on."""
        self.state = new_state(self.table.game_name, self.table.variant, self.table.seats)
        self.rounds = 0  # the deals among them
        self.taken = 0  # the room's lines this board has matched (made, or put in the room)
        self.seen = 0  # the table's record lines looked at
        self.header = ""  # ... its first
        self.waiting: list[str] = []  # this board's lines not matched with the room's yet

    # -- the room's lines --------------------------------------------------------------

    def _event(self, text: str) -> Any:
        return notation.from_json(self.table.game_name, self.table.variant, json.loads(text))

    def _far(self, n: int, text: str) -> bool:
        """Is line ``n`` a far seat's move (the table's hand is to make it)?"""
        if n == 0:
            return False
        event = self._event(text)
        return not self.words.is_deal(event) and event[1] in self.seats

    def _take(self, n: int, text: str) -> None:
        if n:
            event = self._event(text)
            self.state.apply(event)
            self.rounds += self.words.is_deal(event)
        self.taken = n + 1

    def _may_go(self, text: str) -> bool:
        """May this board's line go into the room now (see the module)?"""
        if self.taken == 0:
            return True  # the header
        event = self._event(text)
        if self.words.is_deal(event):
            return True
        if self.state.fault(event) is not None:
            return False  # (it waits for a far line before it)
        doubling = event[0] == diabolo.DOUBLE and self.table.game_name == "diabolo"
        for p in self.state.to_move():
            if p == event[1]:
                return True
            if doubling and not (self.state.double_mask(p) >> event[2] & 1):
                continue  # (this seat may not double on that row)
            if p in self.seats and not (doubling and self.passed(p, event[2])):
                return False
        return False

    def _followed(self) -> bool:
        """The room's take-backs followed (see the module): True while the
        home is still to take back what the room's cut dropped."""
        cuts = self.room.cuts
        if len(cuts) > self.cuts:
            kept = min(cuts[self.cuts :]) + 1  # (the room's lines 0 to n, as they stay)
            self.cuts = len(cuts)
            left = Counter(self.room.lines[:kept])
            mine = 0
            for text in self.table.record_lines():
                if left[text] <= 0:
                    break
                left[text] -= 1
                mine += 1
            self.back_to = mine
            self._match_again()
            return True  # (next time: the room's record is surely cut by then)
        if self.back_to is not None:
            # (a hand at work may be making a far move the cut dropped: its
            # line comes once it is made, and goes back then too)
            if self.table.record_length() > self.back_to or self.table.busy():
                return True
            self.back_to = None
        return False

    def home_took_back(self, length: int) -> None:
        """The home says it took its record back to ``length`` lines (a
        board's undo event): a take-back the room agreed is followed once
        that is no longer than ``back_to``, whatever the home has played
        since (a busy bridge reads the undo and the next moves at once, and
        never sees the shorter record)."""
        if self.back_to is not None and length <= self.back_to:
            self.back_to = None

    def sync(self) -> None:
        """The table's new lines matched with the room's, and put in it
        when they may go (see the module); a take-back the room agreed
        followed."""
        room = self.room
        if self.problem or self._followed() or not room.synced and not self.taken:
            return
        if not self.taken and not self.table.game_begun():
            return
        if room.divergence is not None:
            self.problem = str(room.divergence)
            return
        if self.table.record_length() != self.seen:  # (the whole record: only when it grew)
            lines = self.table.record_lines()
            self.waiting += lines[self.seen :]
            self.seen = len(lines)
            if not self.header:
                self.header = lines[0]
        while not self.problem:
            n = self.taken
            if n < len(room.lines):
                text = room.lines[n]
                if text in self.waiting:
                    self.waiting.remove(text)
                    self._take(n, text)
                    continue
                if n == 0:
                    self.problem = f"the room plays another game: {text} (here {self.header})"
                elif self.words.is_deal(self._event(text)):
                    # another home dealt first: this table deals the same (one seed)
                    if any(self.words.is_deal(self._event(w)) for w in self.waiting):
                        self.problem = (
                            f"line {n}: the room's deal is not this table's (a seed of its own?)"
                        )
                elif not self._far(n, text):
                    self.problem = f"line {n} of the room was not played here: {text}"
                elif self.state.fault(self._event(text)) is not None:
                    self.problem = f"line {n} of the room cannot follow this game: {text}"
                return  # (a far line: the table's hand makes it)
            for text in self.waiting:
                if self._may_go(text):
                    try:
                        room.append(text)
                    except ValueError as err:  # (the room diverged meanwhile: its Diverged)
                        self.problem = str(err)
                        return
                    self.waiting.remove(text)
                    self._take(n, text)
                    break
            else:
                return

    def event(self, seat: int) -> Any:
        """The far ``seat``'s next event, once the room has it (None: not yet)."""
        n = self.taken
        if self.problem or self.back_to is not None or n >= len(self.room.lines):
            return None
        text = self.room.lines[n]
        if not self._far(n, text):
            return None
        event = self._event(text)
        return event if event[1] == seat else None

    # -- Diabolo's doubles: a seat that declares none says so ---------------------------

    def say_pass(self, seat: int, colour: int) -> None:
        """This table's ``seat`` declares no double on row ``colour`` of this
        round: the far homes wait for that before they go on (a note, not
        a record line: the record has only the doubles declared)."""
        self.room.note({"p": seat, "round": self.rounds, "pass": colour})

    def passed(self, seat: int, colour: int) -> bool:
        """Has ``seat`` said it declares no double on that row this round?"""
        return any(
            note.get("p") == seat
            and note.get("round") == self.rounds
            and note.get("pass") == colour
            for notes in self.room.notes.values()
            for note in notes
        )

    def double(self, seat: int, colour: int) -> bool | None:
        """A far ``seat``'s double on row ``colour``: declared (True), none
        (False), or not known yet (None)."""
        event = self.event(seat)
        if event is not None and event[0] == diabolo.DOUBLE and event[2] == colour:
            return True
        return False if self.passed(seat, colour) else None
