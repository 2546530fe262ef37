"""U at the table (sim.table.table ``Table.undo``): how much to take back,
and the table's hand taking it back.

    n = count(table)          # events: the person's last turn, the computer's (or far
                              # seats') replies since
    table.run(steps(table, n))

A person's last turn is taken back with every reply of the computer's seats
since, so that the person is to move again: a turn whole (the rules'
``mid_turn``: a Pyraos place before its take-back is not a turn's start),
never across a deal. The board takes back one event for each BACK; after
each, the table's hand puts the pieces back as the board lights them, and
waits until the board plays again.
"""

from __future__ import annotations

from typing import Any, Protocol

from sim.hand import Hand, Steps, WaitFor
from sim.hardware.virtual_hal import VirtualHal
from sim.table.part import BY_HAND, HUMAN, Part
from sim.texts import N_
from tabletop import games
from tabletop.records.record import Record, new_state

PRESS_MS = 120  # a short BACK
# what the window and the terminal say of U (English: _(UNDONE) where shown)
UNDONE = N_("Undo: your last turn (and the computer's replies) taken back")
NOT_UNDONE = N_("Nothing to undo: no move of yours since the deal (or a hand is busy)")
WAIT_MS = 3500  # ... taken back within this (a Pyraos board waits up to 3 s for clear pieces)


class UndoTable(Protocol):
    """What the undo uses of the table."""

    game_name: str
    variant: str
    players: tuple[str, ...]
    hal: VirtualHal
    part: Part
    board: Any

    @property
    def hand(self) -> Hand: ...

    @property
    def journal(self) -> Any: ...

    @property
    def now(self) -> int: ...

    def record_lines(self) -> list[str]: ...


def count(table: UndoTable) -> int:
    """How many events U takes back now (0: no person's move to take back)."""
    events = Record.read("\n".join(table.record_lines()) + "\n").events  # (the table's deals)
    n = len(events)
    words = games.part(table.game_name, "notation")
    k = 0
    while k < n and not words.is_deal(events[n - 1 - k]):
        if table.players[events[n - 1 - k][1]] not in BY_HAND:
            break
        k += 1  # a computer seat's reply (or a far one's: sim.table.far_back)
    mine = 0
    while k < n:
        event = events[n - 1 - k]
        if words.is_deal(event) or table.players[event[1]] != HUMAN:
            break
        k += 1
        mine += 1
        if not _state(table, events[: n - k]).mid_turn():
            break
    return k if mine else 0


def _state(table: UndoTable, events: list[Any]) -> Any:
    state = new_state(table.game_name, table.variant, len(table.players))
    for event in events:
        state.apply(event)
    return state


def steps(table: UndoTable, n: int) -> Steps:
    """BACK ``n`` times, the pieces put back after each."""
    hand = table.hand
    for _ in range(n):
        before = len(table.journal)
        have = table.part.truth.copy()
        table.hal.press("back", table.now + table.board.tick_ms, PRESS_MS)

        def shorter(_: Any, n: int = before) -> bool:
            return bool(len(table.journal) < n)

        taken = yield WaitFor(shorter, WAIT_MS, "taken back")
        if not taken:
            return  # (the board would not: the pieces stay as they are)
        table.part.sync()
        hand.expected = len(table.journal)
        yield from hand.restore(table.part.truth.copy(), have, False)
        yield from hand.ready(table.part.truth.copy())
