"""The computer's seats at a live table (sim.table.table): when one is to move
and what it does. Its move is made by the scripted hand, through the same
physics and sensors as a person's; a searching level thinks a slice a
frame (sim.table.computer), so the window never waits on a whole search.

    seats.turn(table)     # between ticks, when no hand is at work

When a seat moves is the game's part's to say (sim.table.part:
``computer_seat``, and ``computer_steps`` for what a seat does besides its
moves, such as Diabolo's scoring); what it plays is the same for every game.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from sim.table import computer
from sim.table.part import REMOTE, Part, TableSide


class SeatedTable(TableSide, Protocol):
    """What the seats use of the table, beyond what a game's part does."""

    part: Part
    rng: random.Random
    level: str
    thinking: Any
    thinking_for: tuple[int, int, int]
    far: Any  # the seats played far away (host_tools.remote.far's Far), or None


def turn(table: SeatedTable) -> None:
    if table.buttons_down:
        return
    part = table.part
    steps = part.computer_steps()
    if steps is not None:
        table.run(steps)
        return
    seat = part.computer_seat()
    if seat is None:
        return
    state = part.truth
    event = _event(table, state, seat)
    if event is None:
        return
    table.hand.expected = len(table.journal)
    table.run(table.hand.perform(state.copy(), event))


def _event(table: SeatedTable, state: Any, seat: int) -> Any:
    """The computer seat's next event: the first of the turn its search
    found (a slice of the search a frame: None while it thinks), or the
    greedy player's where the game or level has no search. A seat played
    far away: its event once the room has it."""
    if table.players[seat] == REMOTE:
        return None if table.far is None else table.far.event(seat)
    now = (len(table.journal), state.phase, seat)
    if table.thinking is None or table.thinking_for != now:
        table.thinking = computer.think(state, table.level, table.rng, seat)
        table.thinking_for = now
        if table.thinking is None:
            return computer.choose(state, table.rng, seat)
    moves = table.thinking.step(computer.SLICE)
    if moves is None:
        return None
    table.thinking = None
    return moves[0]
