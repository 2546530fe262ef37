"""A seat the board plays itself: the computer chooses its turn (with
tabletop.players), a slice at a time after each tick's LED frame, and the
player at the board makes that turn for it.

    seat = Computer(1, "medium", 8000)    # the seat (player index), level, most ms to think
    seat.tick_begins()                    # (the runtime, as each tick begins)
    seat.think(game, now_ms)              # a slice after the tick; True once chosen
    seat.next_move(game)                  # ... then what tabletop.board.seat's Seat does

``think_ms`` is what the strong level may take; medium takes a quarter and
easy an eighth, and both stop sooner at their depth (tabletop.players). The
players' code and the search's table are taken when a turn is to be chosen
and given back once it is: the modules leave ``sys.modules`` (as
tabletop.profile's checks do), so between the computer's turns the play
heap holds none of it.

It thinks after each tick's frame until TICK_BOUND_US after the tick began
(``tick_begins``; without it, after the slice began): the search begins
no position with less than a position's time left (as the slices so far
measured it; one position a slice at least). So a tick and its slice take
about 9 ms (a position that takes longer than the others may overrun it),
and a move made meanwhile is still answered within about 10 ms. A seat
that samples turns (Pacal, Diabolo: tabletop.board.hand_seat) takes one a
tick, about 15 ms. The clock is real time on every port (tabletop.clock).

BACK against the computer is BACK against any Seat (tabletop.board.seat's
``back_count``). A seat
whose hand the board cannot see (Pacal's, Diabolo's) is a
tabletop.board.hand_seat.HandSeat: its cards are read in on a reader.
"""

import sys
from micropython import const

from tabletop.board.seat import Seat
from tabletop.clock import ticks_add, ticks_diff, ticks_us

TICK_BOUND_US = const(9000)  # a tick and the thinking after it, at most
_ANY = const(1 << 20)  # positions a step: as many as the time allows
POSITION_US = const(1000)  # a position's time before one is measured (a Pico: 0.6 ms)
TT_BITS = const(10)  # the search's table on a board: 1,024 slots, about 22 KB
LEVEL = "medium"  # what a seat chosen from the menu plays at
THINK_MS = const(8000)  # ... strong's time: medium's is a quarter, 2 s
# Its choice is lit after the search's last slice and the tick that shows
# it: the search stops this much early, so the turn is lit within its time.
LIT_MS = const(50)
_PLAYERS = "tabletop.players"


class Computer(Seat):
    # The players' modules to import one a tick before the thinking begins
    # (loading them all is the longest work of a choice): the Pyraos
    # board's; a Pacal seat names its own.
    PREPARE = (
        "tabletop.players.pyraos_bits",
        "tabletop.players.pyraos_turns",
        "tabletop.players.pyraos_search",
        "tabletop.players.pyraos_player",
    )

    def __init__(self, seat, level=LEVEL, think_ms=THINK_MS):
        Seat.__init__(self, seat)
        self.level = level
        self.think_ms = think_ms
        self.thinking = None  # the search under way
        self.depth = 0  # how deep the last choice looked (turns), and at how many positions
        self.nodes = 0
        self.now = 0  # the tick's time, the search's clock
        self.loaded = 0  # how many of PREPARE are imported for this choice
        self.started = 0  # ... since the tick it began on
        self.began = None  # when this tick began (ticks_us), if the runtime said
        self.position_us = POSITION_US  # the time of a position, as measured

    def _clock(self):
        return self.now

    def tick_begins(self):
        """A tick begins: the slice after it ends TICK_BOUND_US from now."""
        self.began = ticks_us()

    def think(self, game, now_ms):
        """Go on choosing the seat's turn; True once it is chosen."""
        began = self.began
        self.began = None
        if self.moves is not None:
            return True
        self.now = now_ms
        if self.thinking is None:  # (its imports and set-up: ticks of their own)
            if self.loaded == 0:
                self.started = now_ms
            if self.loaded < len(self.PREPARE):
                __import__(self.PREPARE[self.loaded])
                self.loaded += 1
                return False
            from tabletop.rules.rng import Rng

            self.now = self.started - LIT_MS  # its time counts from the turn's first tick
            self.thinking = self.begin(game, Rng(now_ms))
            self.now = now_ms
            return False
        moves = self._slice(self.thinking, ticks_us() if began is None else began)
        if moves is None:
            return False
        self.moves = moves
        self.made_count = 0
        self.depth = self.thinking.depth
        self.nodes = self.thinking.nodes
        self.thinking = None
        self.loaded = 0
        release()
        return True

    def _slice(self, thinking, began):
        # One step, no position begun with less than a position's time left
        # (at least one a tick: a long tick does not stop it).
        until = ticks_add(began, TICK_BOUND_US)
        before = thinking.nodes
        t = ticks_us()
        moves = thinking.step(_ANY, until, self.position_us)
        done = thinking.nodes - before
        if not done and moves is None:
            moves = thinking.step(1)
            done = 1
        if moves is None:  # (a position's time: the last slice's, half-weighted)
            self.position_us = (self.position_us + ticks_diff(ticks_us(), t) // done) // 2
        return moves

    def begin(self, game, rng):
        """The players' thinking for the seat's turn (a Pacal seat gives
        its hand too: tabletop.board.pacal_computer)."""
        from tabletop import players

        return players.start(game, self.level, self.think_ms, rng, self._clock, TT_BITS)

    def thinking_now(self, game):
        """True while the seat is to move and its turn is not chosen yet
        (never while it waits for the person after BACK)."""
        return self.moves is None and not self.waiting and self.plays(game)

    def forget(self):
        """The game changed otherwise than by the seat's moves: its choice
        (or the thinking under way) no longer holds."""
        if self.thinking is not None or self.loaded:
            self.thinking = None
            self.loaded = 0
            release()
        Seat.forget(self)


def release():
    """The players' modules go, with the package's name for them: with no
    reference left, the collector frees their code."""
    for name in list(sys.modules):
        if name.startswith(_PLAYERS):
            del sys.modules[name]
    package = sys.modules.get("tabletop")
    if package is not None and hasattr(package, "players"):
        delattr(package, "players")
