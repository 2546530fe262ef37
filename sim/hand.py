"""The scripted hand: record events turned into what a person does at the board.

    hand = make_hand(physics, hal, profile, seed=3, mistakes=0.1)
    steps = hand.perform(state.copy(), event)      # state BEFORE the event
    step = next(steps)
    while True:
        if isinstance(step, Wait):       # advance virtual time by step.ms, ticking the firmware
            result = None
        else:                            # WaitFor: tick until step.predicate(observer) holds,
            result = met                 # or step.timeout_ms has passed (met = False)
        try:
            step = steps.send(result)    # next(steps) works too (taken as met)
        except StopIteration:
            break
    state.apply(event)

The hand reads the clock from ``hal.now_ms``, so the driver must have set it
to the current virtual time whenever it resumes the generator. Physical
actions (picking up, letting go, pressing a button) happen at that moment;
motions are glides in the physics that last as long as the Wait that follows.

It follows the protocol of docs/FIRMWARE.md ("What the players do at the
board") and, at the mistake rate, makes one of the mistakes a person makes:
a wrong spot first (Pacal: a card on a field where it may not go; Pyraos: a
marble lifted that may not be lifted now) left until the board shows red
there, hesitating over other spots at a low height, a piece lifted and put
back, a knocked sensor, a card laid askew on a reader (a misread until pushed
straight or laid again). Every choice comes from the hand's own seeded
``random.Random``.

What the hand expects from the firmware lives only in the WaitFor
predicates, which see the board through an ``Observer``: ``accepted()`` (how
many record events the firmware has accepted in this game: the length of its
journal, deals included; a Pacal board's reveals are not events) and
``light(name)``. ``hand.expected`` is how many it should have once the
current event is done: every record event counts one, a solo deal too (a
Pacal board journals it itself when the new game starts on an empty board).
It starts at 0 for a new game (``press_menu`` resets it); a driver that
joins mid-game sets it from ``accepted()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sim.physics import PacalPhysics, PyraosPhysics, sensor_below
from sim.virtual_hal import VirtualHal, same_colour
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, POSITIONS, SUPPORT

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
    carry_mm: tuple[float, float] = (30.0, 50.0)  # above a piece's rest while carried
    drop_mm: tuple[float, float] = (1.0, 4.0)  # let go this high above the rest
    hover_mm: tuple[float, float] = (8.0, 16.0)  # hesitating this low (Pyraos)
    card_hover_mm: tuple[float, float] = (4.0, 10.0)  # ... and with a card (Pacal)


HUMAN = Timing()


# --- the hand ---------------------------------------------------------------------------


class Hand:
    """What both games' hands share: clock, rng, timing, mistakes, expectations."""

    def __init__(
        self,
        hal: VirtualHal,
        profile: Any,
        seed: int = 0,
        mistakes: float = 0.0,
        timing: Timing = HUMAN,
    ) -> None:
        if not 0.0 <= mistakes <= 1.0:
            raise ValueError("mistakes is a rate 0..1")
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

    def _any_red(self, names: Sequence[str]) -> Predicate:
        ref = self.colours["error"]
        return lambda o: any(same_colour(o.light(k), ref) for k in names)

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

    def press_menu(self, long: bool = False) -> Steps:
        """Press MENU: short for a new game, long for the next game/variant.
        A new game starts a new journal: ``expected`` goes back to 0."""
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


def _bits(mask: int) -> list[int]:
    return [i for i in range(POSITIONS) if mask >> i & 1]


class PyraosHand(Hand):
    """Marbles from a reserve, raised, taken back; one hand, one marble at a time."""

    def __init__(
        self,
        physics: PyraosPhysics,
        hal: VirtualHal,
        profile: Any,
        seed: int = 0,
        mistakes: float = 0.0,
        timing: Timing = HUMAN,
    ) -> None:
        super().__init__(hal, profile, seed, mistakes, timing)
        self.physics = physics

    def perform(self, state: Any, event: Event) -> Steps:
        self._check(state, event)
        kind, p, a, b = event
        if state.plies == 0 and self.physics.occupied():
            yield from self.clear_board()
        self.expected += self.accepts(event)
        yield self._wait(self.timing.think, "think")
        moving = state.phase == pyraos.P_MOVE
        kinds = [KNOCK]
        if self._wrong_lifts(state):
            kinds.append(WRONG_SPOT)
        if moving:
            kinds.append(HESITATE)
            if self._loose(state, p):
                kinds.append(LIFT_BACK)
        mistake = self._mistake(kinds)
        if mistake == KNOCK:
            self._knock()
        elif mistake == WRONG_SPOT:
            yield from self._wrong_lift(state)
        elif mistake == LIFT_BACK:
            yield from self._lift_back(state, p)
        hesitate = mistake == HESITATE
        if kind == pyraos.PLACE:
            yield self._wait(self.timing.reach, "reach for a reserve marble")
            self.physics.take_from_reserve(self.now, side=p)
            yield from self._set_down(a, hesitate)
        elif kind == pyraos.RAISE:
            yield from self._lift(a)
            yield from self._set_down(b, hesitate)
        else:
            yield from self._lift(a)
            yield from self._away(p)
            if b >= 0:
                yield from self._lift(b)
                yield from self._away(p)
            elif state.removable_mask(a):
                # A second could be taken: BACK says one is enough. (With no
                # second to choose, the take-back is complete as it is, and
                # BACK would undo it.)
                yield self._wait(self.timing.pause, "one is enough")
                yield from self._press("back")
        yield from self._wait_accepted("move accepted")

    def clear_board(self) -> Steps:
        """Take every marble off the board, top down (a new game needs it empty)."""
        side = 0
        while self.physics.occupied():
            occ = self.physics.occupied()
            loose = [i for i in _bits(occ) if not occ & ABOVE[i]]
            pos = max(loose, key=lambda i: (LEVEL[i], i))
            yield from self._lift(pos)
            yield from self._away(side)
            side = 1 - side

    # -- motions -------------------------------------------------------------------

    def _lift(self, pos: int) -> Steps:
        yield self._wait(self.timing.reach, "reach")
        self.physics.pick_up(pos, self.now)
        ms = self._ms(self.timing.lift)
        self.physics.move_over(pos, self._mm(self.timing.carry_mm), self.now, ms)
        yield Wait(ms, "lift")

    def _away(self, side: int) -> Steps:
        ms = self._ms(self.timing.reach)
        self.physics.move_to_reserve(self.now, ms, side)
        yield Wait(ms, "to the reserve")
        self.physics.to_reserve(self.now)

    def _set_down(self, pos: int, hesitate: bool) -> Steps:
        t = self.timing
        if hesitate:
            occ = self.physics.occupied()
            free = [
                i
                for i in range(POSITIONS)
                if i != pos and not occ >> i & 1 and occ & SUPPORT[i] == SUPPORT[i]
            ]
            if free:
                spots = self.rng.sample(free, min(len(free), self.rng.randint(1, 2)))
                self._note(HESITATE, " ".join(sensor_below(i) for i in spots))
                for i in spots:
                    ms = self._ms(t.reach)
                    self.physics.move_over(i, self._mm(t.hover_mm), self.now, ms)
                    yield Wait(ms, "hesitate")
                    yield self._wait(t.hover, "hover")
        ms = self._ms(t.reach)
        self.physics.move_over(pos, self._mm(t.carry_mm), self.now, ms)
        yield Wait(ms, "carry")
        ms = self._ms(t.lower)
        self.physics.move_over(pos, self._mm(t.drop_mm), self.now, ms)
        yield Wait(ms, "lower")
        self.physics.release(pos, self.now)
        yield self._wait(t.pause, "let go")

    # -- mistakes ------------------------------------------------------------------

    def _knock(self) -> None:
        sensor = self.rng.randrange(25)
        size = self.rng.uniform(300.0, 1500.0) * self.rng.choice((-1.0, 1.0))
        self.physics.knock(sensor, size, self.rng.randint(2, 8), self.now)
        self._note(KNOCK, f"sensor {sensor}")

    def _loose(self, state: Any, player: int) -> list[int]:
        occ = state.occupied()
        return [i for i in _bits(state.marbles[player]) if not occ & ABOVE[i]]

    def _wrong_lifts(self, state: Any) -> list[int]:
        # Marbles a hand can lift but the rules do not let the mover lift now.
        p = state.turn
        out = self._loose(state, 1 - p)
        if state.phase == pyraos.P_MOVE:
            movable = state.raise_sources()
            out += [i for i in self._loose(state, p) if not movable >> i & 1]
        return out

    def _wrong_lift(self, state: Any) -> Steps:
        pos = self.rng.choice(self._wrong_lifts(state))
        name = sensor_below(pos)
        self._note(WRONG_SPOT, name)
        yield from self._lift(pos)
        yield from self._wait_red(name)
        yield self._wait(self.timing.react, "saw red")
        yield from self._put_back(pos)

    def _lift_back(self, state: Any, p: int) -> Steps:
        loose = self._loose(state, p)
        movable = [i for i in loose if state.raise_sources() >> i & 1]
        pos = self.rng.choice(movable or loose)
        self._note(LIFT_BACK, sensor_below(pos))
        yield from self._lift(pos)
        yield self._wait(self.timing.hover, "changed my mind")
        yield from self._put_back(pos)

    def _put_back(self, pos: int) -> Steps:
        ms = self._ms(self.timing.lower)
        self.physics.move_over(pos, self._mm(self.timing.drop_mm), self.now, ms)
        yield Wait(ms, "lower")
        self.physics.release(pos, self.now)
        yield self._wait(self.timing.pause, "let go")


def base_tops(first: int, aside: Sequence[int]) -> tuple[int, int]:
    """The top cards of the two face-down bases, as players 0 and 1 show them.
    Our deals put player 0's base first in ``aside`` and player 1's from
    index 10, each top card first (docs/RULES.md); a record dealt otherwise
    still names ``first``, so then the highest aside card is the first
    player's top and the lowest the other's."""
    a, b = aside[0], aside[pacal.FIELDS]
    if (a > b) == (first == 0):
        return a, b
    hi, lo = max(aside), min(aside)
    return (hi, lo) if first == 0 else (lo, hi)


class PacalHand(Hand):
    """Cards laid on readers and fields, one card at a time (both players'
    simultaneous actions are done one after the other)."""

    def __init__(
        self,
        physics: PacalPhysics,
        hal: VirtualHal,
        profile: Any,
        seed: int = 0,
        mistakes: float = 0.0,
        timing: Timing = HUMAN,
    ) -> None:
        super().__init__(hal, profile, seed, mistakes, timing)
        self.physics = physics

    def perform(self, state: Any, event: Event) -> Steps:
        self._check(state, event)
        after = state.copy()
        after.apply(event)
        kind, p, a, b = event
        self.expected += self.accepts(event)
        if kind == pacal.DEAL:
            if self._board_busy():
                yield from self.clear_board()
            if state.variant == pacal.DUEL:
                yield from self._deal(p, b)
        elif kind == pacal.OFFER:
            yield from self._offer(a, b)
        elif kind == pacal.TAKE:
            yield from self._take(a)
        elif kind == pacal.PLACE:
            yield from self._place(state, p, a, b)
        elif kind == pacal.KEEP:
            yield from self._keep(state, p, a)
        yield from self._unbuildable(state, after, event)

    # -- the events -------------------------------------------------------------------

    def _deal(self, first: int, aside: Sequence[int]) -> Steps:
        yield self._wait(self.timing.think, "think")
        mistake = self._mistake((KNOCK, OFF_CENTRE))
        if mistake == KNOCK:
            self._knock()
        askew = self.rng.randrange(2) if mistake == OFF_CENTRE else -1
        for slot, card in zip((0, 1), base_tops(first, aside), strict=True):
            yield from self._to_slot(slot, card, askew == slot)
        n = self.expected
        turn = f"turn{first}"
        ref = self.colours[f"player{first}"]

        def read(o: Observer) -> bool:
            return o.accepted() >= n or same_colour(o.light(turn), ref)

        yield from self._wait_for(read, self.timing.answer_timeout, "base cards read")
        yield self._wait(self.timing.react, "seen")
        for slot in (0, 1):
            yield from self._off_slot(slot)
        yield from self._wait_accepted("deal accepted")

    def _offer(self, a: int, b: int) -> Steps:
        yield self._wait(self.timing.think, "think")
        mistake = self._mistake((KNOCK, OFF_CENTRE))
        if mistake == KNOCK:
            self._knock()
        askew = self.rng.randrange(2) if mistake == OFF_CENTRE else -1
        for slot, card in ((0, a), (1, b)):
            yield from self._to_slot(slot, card, askew == slot)
        yield from self._wait_accepted("offer accepted")

    def _take(self, card: int) -> Steps:
        yield self._wait(self.timing.think, "think")
        if self._mistake((KNOCK,)) == KNOCK:
            self._knock()
        slot = 0 if self.physics.slot_card(0) == card else 1
        if self.physics.slot_card(slot) != card:
            raise HandError(f"card {card} lies on neither offer slot")
        # The taker's slot empties first; the offerer takes back the other.
        yield from self._off_slot(slot)
        yield from self._off_slot(1 - slot)
        yield from self._wait_accepted("take accepted")

    def _place(self, state: Any, p: int, card: int, field: int) -> Steps:
        read_first = state.variant == pacal.SOLO or state.phase == pacal.P_LAST
        kinds = [KNOCK, HESITATE]
        wrong = self._wrong_fields(state, p, card)
        if wrong:
            kinds.append(WRONG_SPOT)
        if any(self.physics.stacks()[10 * p : 10 * p + 10]):
            kinds.append(LIFT_BACK)
        if read_first:
            kinds.append(OFF_CENTRE)
        yield self._wait(self.timing.think, "think")
        mistake = self._mistake(kinds)
        if mistake == KNOCK:
            self._knock()
        elif mistake == LIFT_BACK:
            yield from self._lift_back(p)
        if read_first:
            slot = p  # solo: player 0 on slot 0
            yield from self._to_slot(slot, card, mistake == OFF_CENTRE)
            yield from self._wait_for(
                self._fits_shown(p, [field]), self.timing.answer_timeout, "card read"
            )
            yield self._wait(self.timing.react, "seen")
            yield from self._lift_slot(slot)
        else:
            yield self._wait(self.timing.reach, "reach for the card")
            self.physics.take_card(card, self.now)
        if mistake == HESITATE:
            yield from self._hesitate(p, field)
        if mistake == WRONG_SPOT:
            g = self.rng.choice(wrong)
            self._note(WRONG_SPOT, f"field{p}.{g}")
            yield from self._to_field(p, g)
            yield from self._wait_red(f"field{p}.{g}")
            yield self._wait(self.timing.react, "saw red")
            yield from self._lift_field(10 * p + g - 1)
        yield from self._to_field(p, field)
        yield from self._wait_accepted("build accepted")

    def _keep(self, state: Any, p: int, card: int) -> Steps:
        yield self._wait(self.timing.think, "think")
        mistake = self._mistake((KNOCK, OFF_CENTRE))
        if mistake == KNOCK:
            self._knock()
        yield from self._to_slot(p, card, mistake == OFF_CENTRE)
        fits = state.fields(p, card)
        yield from self._wait_for(self._fits_shown(p, fits), self.timing.answer_timeout, "read")
        yield self._wait(self.timing.react, "seen")
        yield from self._press("back")
        yield self._wait(self.timing.pause, "pressed")
        yield from self._off_slot(p)
        yield from self._wait_accepted("keep accepted")

    def _unbuildable(self, before: Any, after: Any, event: Event) -> Steps:
        # A card the rules settle without a line still goes over the reader:
        # a last card that fits nowhere, or the solo card that ends the game.
        shown = []
        for p in (0, 1):
            for c in range(1, pacal.CARDS + 1):
                kept = pacal.L_KEPT + p
                if after.loc[c] == kept and before.loc[c] != kept and event[0] != pacal.KEEP:
                    shown.append((p, c))
        solo_end = after.variant == pacal.SOLO and after.is_over() and not after.complete(0)
        if solo_end:
            shown.append((0, after.pending[0]))
        for p, card in shown:
            yield self._wait(self.timing.think, "think")
            yield from self._to_slot(p, card, False)
            if solo_end:
                # The lost game shows its count on the field LEDs (red).
                yield from self._wait_for(
                    self._any_red(("slot0", "field0.1")), self.timing.answer_timeout, "red at slot0"
                )
            else:
                yield from self._wait_red(f"slot{p}")
            yield self._wait(self.timing.react, "saw red")
            yield from self._off_slot(p)

    def clear_board(self) -> Steps:
        """Sweep every card off the fields and slots (a new round needs them empty)."""
        yield self._wait(self.timing.think, "think")
        for slot in (0, 1):
            if self.physics.slot_card(slot):
                yield from self._off_slot(slot)
        for f, n in enumerate(self.physics.stacks()):
            if n:
                yield self._wait(self.timing.reach, "reach")
                self.physics.lift_from_field(f, self.now, cards=n)
                ms = self._ms(self.timing.lift)
                self.physics.hold_over_field(f, self._mm(self.timing.carry_mm), self.now, ms)
                yield Wait(ms, "lift")
                self.physics.put_away(self.now)

    # -- motions ------------------------------------------------------------------------

    def _board_busy(self) -> bool:
        ph = self.physics
        return any(ph.stacks()) or bool(ph.slot_card(0) or ph.slot_card(1))

    def _to_slot(self, slot: int, card: int, askew: bool) -> Steps:
        t = self.timing
        yield self._wait(t.reach, "reach for the card")
        self.physics.take_card(card, self.now)
        yield self._wait(t.reach, f"carry to slot {slot}")
        yield self._wait(t.lower, "lower")
        if askew:
            self._note(OFF_CENTRE, f"slot{slot}")
            self.physics.lay_off_centre(slot, card, self.now)
            yield self._wait(t.pause, "let go")
            yield from self._wait_red(f"slot{slot}")
            yield self._wait(t.react, "saw red")
            if self.rng.randrange(2):
                self.physics.correct(slot, self.now)  # pushed straight
            else:
                self.physics.lift_from_slot(slot, self.now)  # laid again
                yield self._wait(t.lift, "lift")
                self.physics.lay_on_slot(slot, self.now)
        else:
            self.physics.lay_on_slot(slot, self.now)
        yield self._wait(t.pause, "let go")

    def _lift_slot(self, slot: int) -> Steps:
        yield self._wait(self.timing.reach, "reach")
        self.physics.lift_from_slot(slot, self.now)
        yield self._wait(self.timing.lift, "lift")

    def _off_slot(self, slot: int) -> Steps:
        yield from self._lift_slot(slot)
        self.physics.put_away(self.now)

    def _to_field(self, p: int, field: int) -> Steps:
        t = self.timing
        f = 10 * p + field - 1
        ms = self._ms(t.reach)
        self.physics.hold_over_field(f, self._mm(t.carry_mm), self.now, ms)
        yield Wait(ms, "carry")
        ms = self._ms(t.lower)
        self.physics.hold_over_field(f, self._mm(t.drop_mm), self.now, ms)
        yield Wait(ms, "lower")
        self.physics.lay_on_field(f, self.now)
        yield self._wait(t.pause, "let go")

    def _lift_field(self, f: int) -> Steps:
        yield self._wait(self.timing.reach, "reach")
        self.physics.lift_from_field(f, self.now)
        ms = self._ms(self.timing.lift)
        self.physics.hold_over_field(f, self._mm(self.timing.carry_mm), self.now, ms)
        yield Wait(ms, "lift")

    # -- expectations -----------------------------------------------------------------

    def _fits_shown(self, p: int, fields: Sequence[int]) -> Predicate:
        # A card read on player p's reader: the slot, which invited the card
        # (pulsing in the player's colour), goes dark (red would be a
        # misread); or the fields where it may go light in the player's
        # colour; or the firmware has already moved on.
        n = self.expected
        names = [f"field{p}.{f}" for f in fields]
        ref = self.colours[f"player{p}"]
        slot = f"slot{p}"

        def shown(o: Observer) -> bool:
            if o.accepted() >= n or o.light(slot) == (0, 0, 0):
                return True
            return any(same_colour(o.light(k), ref) for k in names)

        return shown

    # -- mistakes ----------------------------------------------------------------------

    def _knock(self) -> None:
        sensor = self.rng.randrange(len(self.physics.stacks()))
        size = self.rng.uniform(500.0, 2500.0) * self.rng.choice((-1.0, 1.0))
        self.physics.knock(sensor, size, self.rng.randint(2, 8), self.now)
        self._note(KNOCK, f"field sensor {sensor}")

    def _wrong_fields(self, state: Any, p: int, card: int) -> list[int]:
        # Fields (1..10) where the card may not go but a hand can lay it.
        mask = state.field_mask(p, card)
        stacks = self.physics.stacks()
        return [g for g in range(1, 11) if not mask >> (g - 1) & 1 and stacks[10 * p + g - 1] < 2]

    def _hesitate(self, p: int, field: int) -> Steps:
        others = [g for g in range(1, 11) if g != field]
        spots = self.rng.sample(others, self.rng.randint(1, 2))
        self._note(HESITATE, " ".join(f"field{p}.{g}" for g in spots))
        for g in spots:
            ms = self._ms(self.timing.reach)
            self.physics.hold_over_field(
                10 * p + g - 1, self._mm(self.timing.card_hover_mm), self.now, ms
            )
            yield Wait(ms, "hesitate")
            yield self._wait(self.timing.hover, "hover")

    def _lift_back(self, p: int) -> Steps:
        stacks = self.physics.stacks()
        built = [g for g in range(1, 11) if stacks[10 * p + g - 1]]
        g = self.rng.choice(built)
        self._note(LIFT_BACK, f"field{p}.{g}")
        f = 10 * p + g - 1
        yield from self._lift_field(f)
        yield self._wait(self.timing.hover, "changed my mind")
        ms = self._ms(self.timing.lower)
        self.physics.hold_over_field(f, self._mm(self.timing.drop_mm), self.now, ms)
        yield Wait(ms, "lower")
        self.physics.lay_on_field(f, self.now)
        yield self._wait(self.timing.pause, "let go")


def make_hand(
    physics: PyraosPhysics | PacalPhysics,
    hal: VirtualHal,
    profile: Any,
    seed: int = 0,
    mistakes: float = 0.0,
    timing: Timing = HUMAN,
) -> PyraosHand | PacalHand:
    """The hand for the physics' game."""
    if isinstance(physics, PyraosPhysics):
        return PyraosHand(physics, hal, profile, seed, mistakes, timing)
    return PacalHand(physics, hal, profile, seed, mistakes, timing)
