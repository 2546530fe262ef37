"""What the table (sim.table.table) asks of a game's part, written once.

A game's part is what the simulator knows of a game and its board never
does (each marble's colour and the trays; the deals, the hands and the
pile) and the mouse's hand on its pieces. The table holds one, made by the
part module the game's name chooses (``sim.table.<game>``'s ``Part``):

    part = Part(table)            # table: a TableSide (what a part may use of the table)
    part.start(events)            # the game begins (events: a record's, to be replayed;
                                  # none: MENU pressed, or as the game starts)
    part.sync()                   # after each tick: what the board accepted, into ``truth``
    part.truth                    # the whole game as the simulator knows it
    part.table_steps()            # what the table's own hand must do now (a deal), or None
    part.computer_steps()         # a computer seat's part outside its moves (Diabolo's
                                  # scoring, a Pacal card that fits nowhere shown), or None
    part.computer_seat()          # the computer seat to move now, or None
    part.in_place()               # do the pieces lie where the board's game has them?
    part.holding()                # is a piece in the mouse's hand?
    part.drop_held()              # ... back where it came from
    part.new_game()               # MENU started a new game
    part.sweep()                  # every piece off the board at once (N at the window)
    part.deals()                  # the deals the table made, for the record (None: none)
    part.perform(event)           # a move given whole the game's own way ('' started, or
                                  # why not), None: the person's hand makes it
    part.waits_far()              # must BACK wait for a far home's word (Diabolo's doubles)?
    part.people_pass()            # ... meanwhile this table's people pass: said to the room
    part.back_takes_back()        # does BACK now take an event back (not a scoring walk's)?
    part.seats_to_act()           # the seats that may act now, in order
    part.drag(event, then=None)   # the mouse's hand making ``event`` (and ``then``, in one
                                  # gesture) as a person drags the pieces at the window:
                                  # steps for sim.hand.drive (NotByMouse, why, where the
                                  # mouse alone cannot)

``Part`` below is the contract and its defaults: a game overrides what
differs. Tests run the same table tests over every registered game, so a
new game's part keeps this contract or fails them. What a part's ``drag``
is made of is below it too:

    check_legal(table, part.truth, event, then)   # NotByMouse unless the rules allow them
    yield think()                 # a person looks at the board before a move
    yield idle(table)             # ... until no other hand is at work
    yield from press(table, "back")   # a button pressed at the window
    yield accepted(n)             # until the board has accepted n events in this game
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from sim.hand import Hand, Steps, Wait, WaitFor
from sim.hardware.virtual_hal import VirtualHal
from sim.runs.board_play import BOOT_MS
from tabletop.sensing.baselines import FRESH_MS

HUMAN = "human"
COMPUTER = "computer"  # a seat of the table's players the computer plays
REMOTE = "remote"  # ... someone far away plays (host_tools.remote.far)
SEATS = (HUMAN, COMPUTER, REMOTE)
BY_HAND = (COMPUTER, REMOTE)  # the seats whose moves the table's own hand makes
MENU_MS = 120  # a short press
# The mouse's hand (``drag``): a piece carried across the window, let go,
# a button held; how long its person waits for the board's answer, and for
# another hand at work (a computer seat's move, a deal) to be done.
MOVE_MS = 250
THINK_MS = FRESH_MS  # before a move (a marble set down sooner after another may go unseen)
PRESS_MS = 120
ANSWER_MS = 4_000
IDLE_MS = 60_000


class NotByMouse(ValueError):
    """An event the mouse's hand cannot make (at this game, or now), and why."""


class TableSide(Protocol):
    """What a game's part may use of the table it lies on."""

    game_name: str
    variant: str
    seed: int
    players: tuple[str, ...]
    seats: int
    physics: Any
    hal: VirtualHal
    far: Any  # the seats played far away (host_tools.remote.far), or None
    buttons_down: dict[str, int]
    board: Any  # the firmware at the virtual board (sim.runs.board_play.BoardRun)

    @property
    def hand(self) -> Hand:
        """The table's own hand (deals, computer seats)."""

    @property
    def person(self) -> Hand:
        """A person's hand, for moves given whole."""

    @property
    def now(self) -> int: ...

    @property
    def runtime(self) -> Any: ...

    @property
    def game(self) -> Any: ...

    @property
    def journal(self) -> Any: ...

    def busy(self) -> bool: ...

    def run(self, steps: Steps) -> None: ...

    def button_down(self, name: str) -> None: ...

    def button_up(self, name: str) -> None: ...


class Part:
    """The defaults of a game's part: a game whose pieces hold nothing the
    board does not see (its truth is the board's game)."""

    def __init__(self, table: TableSide) -> None:
        self.table = table

    # -- the game as the simulator knows it -----------------------------------------

    @property
    def truth(self) -> Any:
        return self.table.game

    def start(self, events: list[Any]) -> None:
        """The game begins: a record's ``events`` (the table replays them),
        or none: then MENU, as a person starts a game once the board has
        booted."""
        if not events:
            self.table.hal.press("menu", BOOT_MS, MENU_MS)

    def sync(self) -> None:
        """After each tick: what the board accepted since, into ``truth``."""

    def new_game(self) -> None:
        """MENU started a new game."""

    def sweep(self) -> None:
        """Every piece off the board at once, into the trays or the hands
        (N at the window: a new game starts on an empty board without a
        hand taking the pieces one by one); a piece held by a hand too."""

    def deals(self) -> list[Any] | None:
        """The deals the table made, for the record (None: the game has none)."""
        return None

    # -- the table's hand and the computer seats --------------------------------------

    def table_steps(self) -> Steps | None:
        """What the table's own hand must do now (a deal), or None."""
        return None

    def computer_steps(self) -> Steps | None:
        """A computer seat's part in the game outside its moves, or None."""
        return None

    def computer_seat(self) -> int | None:
        """The computer (or far) seat that is to move now (None: none, or not now)."""
        if not self.in_place():
            return None
        for p in self.truth.to_move():
            if self.table.players[p] in BY_HAND:
                return int(p)
        return None

    def waits_far(self) -> bool:
        """Must BACK wait for a far home's word (Diabolo's doubles on the
        row the board calls for)? A board's BACK would end the call."""
        return False

    def back_takes_back(self) -> bool:
        """Does BACK at the board now take an event back (not Diabolo's
        scoring walk, where it says "none more" or "shown")?"""
        return True

    def people_pass(self) -> None:
        """BACK while the far homes are still to say: this table's people
        pass (Diabolo: no double on the row called), said to the room now."""

    def seats_to_act(self) -> Iterator[int]:
        """The seats that may act now, in order (both may build in Pacal)."""
        for p in self.truth.to_move():
            yield int(p)

    def in_place(self) -> bool:
        """Do the pieces lie where the board's game has them?"""
        return True

    # -- a person's moves -----------------------------------------------------------

    def perform(self, event: Any) -> str | None:
        """A person's move given whole (the rules have said yes), where the
        game makes it its own way or not now: '' started, else why not;
        None: the person's hand makes it at the board as any move."""
        return None

    def holding(self) -> bool:
        """Is a piece in the mouse's hand?"""
        return False

    def drop_held(self) -> None:
        """The piece in the mouse's hand back where it came from."""

    # -- the mouse's hand, making a whole event ----------------------------------------

    def drag(self, event: Any, then: Any = None) -> Steps:
        """The mouse's hand making ``event`` (legal now, for a seat a person
        plays) as a person drags the pieces at the window: steps (sim.hand's
        Wait and WaitFor) between calls of the part's own mouse API (grab,
        carry, drop) and the board's buttons (``button_down``/``up``), for
        a driver that advances the table between them:
        ``sim.hand.drive(part.drag(event), table.board, table.advance,
        table.board.tick_ms)``, never ``table.run`` (the mouse waits until
        no other hand is at work before it takes a piece). The steps end
        once the board has accepted the event. ``event`` None: what a
        person's seat to act (``seats_to_act``) does that is no record event
        (Diabolo's scoring: the cards asked for shown, or BACK: no double on
        the row called; Pacal: a card that fits nowhere shown on its slot).
        ``then``: the same seat's next event, made in the same
        gesture where the game has one (Pacal: the taken card carried
        straight from its slot onto its field, so the taker builds before
        anyone else's hand can move). NotByMouse, why, where the mouse
        alone cannot make it, or not now (a deal is the table's hand's); a
        piece not where the mouse reaches for it is sim.hand.HandError."""
        raise NotByMouse(f"the mouse has no hand at {self.table.game_name}")


# -- the steps a part's ``drag`` is made of ------------------------------------------


def check_legal(
    table: TableSide, truth: Any, event: Any, then: Any = None, gestures: bool = False
) -> None:
    """NotByMouse for an event the rules (``truth``: the part's) do not
    allow now, or ``then`` after it, or at all at a game without gestures
    (two events in one)."""
    why = truth.why_illegal(event)
    if why is not None:
        raise NotByMouse(f"cannot make {event!r}: {why}")
    if then is None:
        return
    if not gestures:
        raise NotByMouse(f"one move at a time at {table.game_name}")
    after = truth.copy()
    after.apply(event)
    why = after.why_illegal(then)
    if why is not None:
        raise NotByMouse(f"cannot make {then!r} after {event!r}: {why}")


def think() -> Wait:
    """A person looks at the board before a move."""
    return Wait(THINK_MS, "think")


def idle(table: TableSide) -> WaitFor:
    """Until no hand is at work at ``table`` (the mouse's grab refuses until then)."""
    return WaitFor(lambda o: not table.busy(), IDLE_MS, "no other hand at work")


def accepted(n: int) -> WaitFor:
    """Until the board has accepted ``n`` events in this game."""
    return WaitFor(lambda o: o.accepted() >= n, ANSWER_MS, "the move accepted")


def press(table: TableSide, button: str, ms: int = PRESS_MS) -> Steps:
    """The board's button pressed at the window, held ``ms``."""
    table.button_down(button)
    yield Wait(ms, f"hold {button}")
    table.button_up(button)
    yield Wait(MOVE_MS, f"{button} let go")
