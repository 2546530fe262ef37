"""What both hands share: the steps a hand yields, human timing, the
mistake kinds, and the Hand base (clock, rng, waits, mistakes)."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sim.hardware.lights import same_colour
from sim.hardware.virtual_hal import VirtualHal

# --- what a hand yields -----------------------------------------------------------------


class Observer(Protocol):
    """What a person sees of the board (the driver provides it)."""

    def accepted(self) -> int:
        """Events the firmware has accepted so far."""
        ...

    def light(self, name: str) -> tuple[int, int, int]:
        """The colour a named light shows now (profile light names)."""
        ...


Predicate = Callable[[Observer], bool]


@dataclass(frozen=True)
class Wait:
    """Let ``ms`` of virtual time pass (the firmware keeps ticking)."""

    ms: int
    what: str = ""


@dataclass(frozen=True)
class WaitFor:
    """Wait until ``predicate(observer)`` holds, at most ``timeout_ms``. The
    driver may ``send`` whether it held (False after a timeout)."""

    predicate: Predicate
    timeout_ms: int
    what: str = ""


class HandError(RuntimeError):
    """The board is not where the event starts from (a driver out of step)."""


Step = Wait | WaitFor
Steps = Generator[Step, bool | None, None]
Look = Generator[Step, bool | None, str]  # a wait that returns what it saw ('' if nothing)
Event = tuple[Any, ...]

# Kinds of mistakes (hand.mistakes lists them as (time, kind, detail)).
WRONG_SPOT = "wrong_spot"
HESITATE = "hesitate"
LIFT_BACK = "lift_back"
KNOCK = "knock"
OFF_CENTRE = "off_centre"
MISTAKES = (WRONG_SPOT, HESITATE, LIFT_BACK, KNOCK, OFF_CENTRE)


@dataclass(frozen=True)
class Timing:
    """How fast a person is: (min, max) ms drawn uniformly, heights in mm."""

    think: tuple[int, int] = (400, 1800)  # before the first action of an event
    pause: tuple[int, int] = (200, 700)  # after letting go, before anything else
    reach: tuple[int, int] = (250, 650)  # the hand across the board
    lift: tuple[int, int] = (150, 350)  # a piece up off its spot
    lower: tuple[int, int] = (150, 400)  # a piece down from carrying height
    hover: tuple[int, int] = (200, 600)  # hesitating over a spot
    react: tuple[int, int] = (200, 500)  # seeing the board's answer, then acting
    press: tuple[int, int] = (80, 220)  # a short button press
    accept_timeout: int = 4000  # how long a person waits to see a move accepted
    answer_timeout: int = 4000  # ... or to see a read or a red light
    resume_timeout: int = 8000  # ... or the board playing again after a power cut
    carry_mm: tuple[float, float] = (30.0, 50.0)  # above a piece's rest while carried
    drop_mm: tuple[float, float] = (1.0, 4.0)  # let go this high above the rest
    hover_mm: tuple[float, float] = (8.0, 16.0)  # hesitating this low (Pyraos)
    card_hover_mm: tuple[float, float] = (4.0, 10.0)  # ... and with a card (Pacal)


HUMAN = Timing()
# A machine's pace, for what the simulator does for the players and no
# person is watched doing (the table's deals): each step as short as the
# board still reads it (a card lies on its reader past the debounce).
DEALER = Timing(
    think=(0, 0),
    pause=(40, 40),
    reach=(30, 30),
    lift=(30, 30),
    lower=(30, 30),
    hover=(30, 30),
    react=(30, 30),
    press=(80, 80),
)


# --- the hand ---------------------------------------------------------------------------


class Hand:
    """What both games' hands share: clock, rng, timing, mistakes, expectations."""

    def __init__(
        self,
        physics: Any,
        hal: VirtualHal,
        profile: Any,
        seed: int = 0,
        mistakes: float = 0.0,
        timing: Timing = HUMAN,
    ) -> None:
        if not 0.0 <= mistakes <= 1.0:
            raise ValueError("mistakes is a rate 0..1")
        self.physics = physics
        self.hal = hal
        self.profile = profile
        self.rng = random.Random(seed)
        self.mistake_rate = mistakes
        self.timing = timing
        self.expected = 0  # events the firmware should have accepted after this one
        self.mistakes: list[tuple[int, str, str]] = []
        self.timeouts: list[tuple[int, str]] = []
        self.colours: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in profile.colours.items()}

    def perform(self, state: Any, event: Event) -> Steps:
        """The physical actions of one event; ``state`` is the rules state
        before it (a copy the hand may inspect but does not change)."""
        raise NotImplementedError

    def choose_players(self, players: int) -> Steps:
        """After MENU: what makes the board's new game seat ``players`` (a
        game of a fixed count: nothing; Diabolo: long MENU, 3 to 5)."""
        yield from ()

    def finish(self, state: Any) -> Steps:
        """After a record's last event, in ``state``: what the game still
        asks of the hand (Diabolo: the last round's scoring walked through)."""
        yield from ()

    def finishing(self, state: Any) -> bool:
        """Does ``finish`` have work in ``state`` (which a power cut during
        it makes the hand do again)?"""
        return False

    def restore(self, target: Any, have: Any, new_game: bool) -> Steps:
        """After a power cut the board lost record events the hand had made:
        put the pieces back as the board's lights ask (red on a piece: lift
        it; the hint colour on a place: put one back there), waiting to see
        each light before acting on it, until the pieces are as ``target``
        (the rules state the board resumed at) has them. ``have`` is the
        state the hand made (what is on the board, as far as it knows).
        ``new_game``: the board lost the game's every move and shows the game
        select, so MENU first, then the board is cleared as it asks. A wait
        that times out (a board that does not guide) is in ``timeouts`` and
        ends the restore."""
        raise NotImplementedError

    def ready(self, state: Any) -> Steps:
        """After a power cut: wait until the board plays ``state`` again (it
        lights what the player to move may do), so that the next move is
        not made while it still waits for the pieces to match."""
        raise NotImplementedError

    def accepts(self, event: Event) -> int:
        """How many events the firmware's count goes up by for this record
        event: one for every record event, deals included (a board's own
        bookkeeping, such as Pacal reveals, is not counted)."""
        return 1

    # -- helpers ---------------------------------------------------------------------

    @property
    def now(self) -> int:
        return self.hal.now_ms

    def _ms(self, bounds: tuple[int, int]) -> int:
        return self.rng.randint(bounds[0], bounds[1])

    def _mm(self, bounds: tuple[float, float]) -> float:
        return self.rng.uniform(bounds[0], bounds[1])

    def _wait(self, bounds: tuple[int, int], what: str) -> Wait:
        return Wait(self._ms(bounds), what)

    def _wait_for(self, predicate: Predicate, timeout: int, what: str) -> Steps:
        met = yield WaitFor(predicate, timeout, what)
        if met is False:
            self.timeouts.append((self.now, what))

    def _accepted(self) -> Predicate:
        n = self.expected
        return lambda o: o.accepted() >= n

    def _shows(self, name: str, colour: str) -> Predicate:
        ref = self.colours[colour]
        return lambda o: same_colour(o.light(name), ref)

    def _red(self, name: str) -> Predicate:
        return self._shows(name, "error")

    def _wait_accepted(self, what: str) -> Steps:
        yield from self._wait_for(self._accepted(), self.timing.accept_timeout, what)

    def _wait_red(self, name: str) -> Steps:
        yield from self._wait_for(self._red(name), self.timing.answer_timeout, "red at " + name)

    def _mistake(self, kinds: Sequence[str]) -> str | None:
        # One mistake per event at most, of a kind that fits the situation.
        if not kinds or self.mistake_rate <= 0.0:
            return None
        if self.rng.random() >= self.mistake_rate:
            return None
        return self.rng.choice(list(kinds))

    def _check(self, state: Any, event: Event) -> None:
        # Before anything physical: an illegal event is the driver's mistake.
        why = state.why_illegal(event)
        if why is not None:
            raise HandError(f"cannot perform {event!r}: {why}")

    def _note(self, kind: str, detail: str) -> None:
        self.mistakes.append((self.now, kind, detail))

    def _see(self, wanted: Sequence[tuple[str, str]], what: str, timeout: int = 0) -> Look:
        """Wait until one of ``wanted`` ((light, colour) pairs) shows, at most
        ``timeout`` ms (default: answer_timeout): returns that light's name,
        or '' when none did in time (a timeout, unless the driver says the
        wait was moot)."""
        refs = [(name, self.colours[colour]) for name, colour in wanted]
        seen: list[str] = []

        def shows(o: Observer) -> bool:
            for name, ref in refs:
                if same_colour(o.light(name), ref):
                    seen.append(name)
                    return True
            return False

        met = yield WaitFor(shows, timeout or self.timing.answer_timeout, what)
        if not seen:
            if met is False:
                self.timeouts.append((self.now, what))
            return ""
        return seen[-1]

    def _lit(self, name: str, colour: str) -> bool:
        """Does light ``name`` show ``colour`` now (a look at the board)?"""
        return same_colour(self.hal.light(name), self.colours[colour])

    def _select_lights(self) -> list[tuple[str, str]]:
        """(light, colour) pairs of which one shows during the game select."""
        raise NotImplementedError

    def _new_game_asked(self) -> Look:
        """The board lost the whole game and shows the game select: MENU."""
        seen = yield from self._see(self._select_lights(), "the game select")
        if seen:
            yield self._wait(self.timing.react, "saw the game select")
            yield from self.press_menu()
        return seen

    def at_pace(self, timing: Timing, steps: Steps) -> Steps:
        """``steps`` (this hand's) made at ``timing``'s pace, then the hand's
        own again (a table's deal at DEALER's, by the hand that plays the
        computer's seats at a person's)."""
        own = self.timing
        self.timing = timing
        try:
            yield from steps
        finally:
            self.timing = own

    def press_menu(self, long: bool = False, at_once: bool = False) -> Steps:
        """Press MENU: short for a new game, long for the next game/variant;
        ``at_once``: without thinking first (the person asked for it). A new
        game starts a new journal: ``expected`` goes back to 0."""
        if not at_once:
            yield self._wait(self.timing.think, "think")
        self.expected = 0
        if long:
            ms = self.profile.long_press_ms + self._ms(self.timing.press)
            self.hal.press("menu", self.now, ms)
            yield Wait(ms, "long press menu")
        else:
            yield from self._press("menu")
        yield self._wait(self.timing.pause, "pressed")

    def _press(self, button: str) -> Steps:
        ms = self._ms(self.timing.press)
        self.hal.press(button, self.now, ms)
        yield Wait(ms, "press " + button)
