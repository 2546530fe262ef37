"""The computer's seats at a live table (sim.table): when one is to move
and what it does. Its move is made by the scripted hand, through the same
physics and sensors as a person's; a searching level thinks a slice a
frame (sim.computer), so the window never waits on a whole search.

    seats.turn(table)     # between ticks, when no hand is at work
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim import computer
from tabletop.board import diabolo_board
from tabletop.rules import diabolo

if TYPE_CHECKING:
    from sim.table import Table

COMPUTER = "computer"  # a seat of Table.players the computer plays


def turn(table: Table) -> None:
    if table.diabolo_cards is not None:
        _diabolo(table)
        return
    state = table.truth
    mine = [p for p in state.to_move() if table.players[p] == COMPUTER]
    if not mine or table.buttons_down or not table.board_matches():
        return
    event = _event(table, state, mine[0])
    if event is None:
        return
    table.hand.expected = len(table.journal)
    table.run(table.hand.perform(state.copy(), event))


def _event(table: Table, state: Any, seat: int) -> Any:
    """The computer seat's next event: the first of the turn its search
    found (a slice of the search a frame: None while it thinks), or the
    greedy player's where the game or level has no search."""
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


def _diabolo(table: Table) -> None:
    # A computer seat's play, once the board waits for it; at scoring,
    # the computer seats' doubles and shown cards (sim.diabolo_table).
    dc = table.diabolo_cards
    assert dc is not None
    if table.buttons_down:
        return
    mode = table.runtime.board.mode
    if mode == diabolo_board.SCORE:
        steps = dc.scoring_steps()
        if steps is not None:
            table.run(steps)
        return
    state = table.truth
    if mode != diabolo_board.PLAY or state.phase != diabolo.P_PLAY:
        return
    seat = state.turn
    board = table.diabolo
    if table.players[seat] != COMPUTER or board.held() or board.reader_card():
        return
    event = _event(table, state, seat)
    if event is None:
        return
    table.hand.expected = len(table.journal)
    table.run(table.hand.perform(state.copy(), event))
