"""Whose hand a shared screen shows, when several people sit at one window or
terminal (Diabolo's hot seat). With one person at the screen their hand is
always shown; with several, each seat's hand waits behind a cover when its
turn comes, until that seat lifts it (a click in the window, Enter in the
terminal). A computer seat's hand is never shown.

    cover = Cover()         # the table is passed in: a new game brings a new one
    cover.seat(table)       # the seat whose hand is shown (-1: none)
    cover.waiting(table)    # the seat whose hand waits behind the cover (None: none)
    cover.follow(table)     # after each play: the cover comes down when the turn moves on
    cover.lift(table)       # the seat to act shows its hand
"""

from __future__ import annotations

from sim.table.table import HUMAN, Table


class Cover:
    def __init__(self) -> None:
        self.shown_seat: int | None = None  # several people: whose hand is shown
        self.down = False  # ... the hand of the seat to act waits behind the cover

    def seat(self, table: Table) -> int:
        humans = [p for p in range(table.seats) if table.players[p] == HUMAN]
        if len(humans) == 1:
            return humans[0]
        active = table.active_seat()
        if self.down or active is None or active != self.shown_seat:
            return -1
        return active

    def waiting(self, table: Table) -> int | None:
        return table.active_seat() if self.down else None

    def follow(self, table: Table) -> None:
        if table.players.count(HUMAN) < 2:
            return
        active = table.active_seat()
        if active is None:
            self.down = False
            self.shown_seat = None
        elif active != self.shown_seat and not table.mouse_holds:
            # (not while the mouse's hand still holds the card just played)
            self.down = True

    def lift(self, table: Table) -> None:
        self.down = False
        self.shown_seat = table.active_seat()
