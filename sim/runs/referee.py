"""The referee of a board-play run: the firmware's journal against the record.

    ref = Referee("pacal", "duel", events)   # the record's events, deals included
    ref.agreed(journal, done)       # how many of the journal's events are the record's first
    ref.parting(journal, done)      # '' or where its moves part from the first done events'
    ref.differs(journal, done, run.log, lit(hal))          # where it is not those events
    ref.no_guidance(done, run.log[-1], waited, lit(hal))   # no guidance after a power cut

``journal`` is the firmware's (tabletop.keep.journal.Journal: ``events``,
``moves()``). A deal in the journal agrees with the record's when the same
player offers first (in the solo game any deal agrees). ``lit(hal)`` is what
the board lights now, as the words quote it. The referee only judges and
words: what a run does about a difference (sim.runs.board_play) is not its part.
"""

from __future__ import annotations

import json
from typing import Any

from sim.hardware.virtual_hal import VirtualHal
from sim.runs.power_cuts import Reboot, is_deal
from tabletop.keep.journal import Journal
from tabletop.records import notation
from tabletop.rules import pacal


def lit(hal: VirtualHal) -> str:
    """What the board lights now, as JSON {light: colour} (the reserve bars
    left out)."""
    shown = {
        name: colour
        for name in hal.light_names()
        if not name.startswith("reserve") and (colour := hal.colour(name)) is not None
    }
    return json.dumps(shown)


class Referee:
    """Judges a firmware's journal against one record's events."""

    def __init__(self, game: str, variant: str, events: list[Any]) -> None:
        self.game = game
        self.variant = variant
        self.events = events

    def agreed(self, journal: Journal, done: int) -> int:
        """How many of the journal's events are the record's first ones (at
        most ``done``)."""
        got = journal.events
        events = self.events
        n = 0
        while n < len(got) and n < done:
            mine, theirs = got[n], events[n]
            if is_deal(self.game, theirs):
                if mine[0] != pacal.DEAL or not (
                    self.variant == pacal.SOLO or mine[1] == theirs[1]
                ):
                    break
            elif mine != theirs:
                break
            n += 1
        return n

    def parting(self, journal: Journal, done: int) -> str:
        """'' if the journal holds the moves of the record's first ``done``
        events, else where they part."""
        got = journal.moves()
        want = [ev for ev in self.events[:done] if not is_deal(self.game, ev)]
        if got == want:
            return ""
        i = done - 1
        say = self._say(self.events[i])
        n = 0
        while n < len(got) and n < len(want) and got[n] == want[n]:
            n += 1
        if n < len(got) and n < len(want):
            took, made = self._say(got[n]), self._say(want[n])
            return f"move {n + 1}: the board took {took} for {made} (event {i + 1}, {say})"
        if len(got) < len(want):
            return f"event {i + 1}, {say}: the board did not accept it"
        extra = self._say(got[n])
        return f"event {i + 1}, {say}: the board accepted a move that was not made: {extra}"

    def differs(self, journal: Journal, done: int, cuts: list[Reboot], board: str) -> str:
        """Where the journal is not the record's first ``done`` events: its
        moves, a deal's first player, or its length; with the power cuts so
        far (``cuts``) the last one and what the board lights (``board``)."""
        where = self.parting(journal, done)
        event = self.events[done - 1]
        if not where and is_deal(self.game, event) and not self._deal_ok(journal, event):
            where = (
                f"event {done} (a deal): the board found {self._first(journal)} "
                f"to offer first, not {event[1]}"
            )
        if not where:
            where = f"event {done}: the journal holds {len(journal)} events, not {done}"
        if cuts:
            r = cuts[-1]
            where += (
                f" ({len(cuts)} power cut(s), the last at {r.at_ms} ms {r.place}; "
                f"the board shows {board})"
            )
        return where

    def no_guidance(self, done: int, cut: Reboot, waited: str, board: str) -> str:
        """After ``cut`` the board did not show what the hand waited for
        (``waited``); it lit ``board``."""
        return (
            f"event {done}: after the power cut at {cut.at_ms} ms ({cut.place}, record event "
            f"{cut.event + 1}; the journal kept {cut.kept}, came back with {cut.resumed}) the "
            f"board did not show what the hand waited for ({waited}); it showed {board}"
        )

    def _first(self, journal: Journal) -> Any:
        """The player the journal's last deal has offer first (None: no deal)."""
        deals = [ev for ev in journal.events if ev[0] == pacal.DEAL]
        return deals[-1][1] if deals else None

    def _deal_ok(self, journal: Journal, event: Any) -> bool:
        return self.variant == pacal.SOLO or self._first(journal) == event[1]

    def _say(self, event: Any) -> str:
        return json.dumps(notation.to_json(self.game, event))
