"""The Pacal hand: a record's events made at the cards, one card at a time
(both players' simultaneous actions one after the other), and the cards put
back where the board wants them after a power cut or an undo.

    hand = make(physics, hal, profile, seed=3, mistakes=0.1)   # (sim.hand.make_hand)
    steps = hand.perform(state.copy(), event)   # state BEFORE the event: a deal (its base
                                                # cards read), an offer, take, build or keep
    steps = hand.clear_board()                  # every card off the fields and slots
    steps = hand.restore(target, have, new_game)  # after a cut: put back as the board lights it
    steps = hand.ready(state)                   # until the board plays again
    base_tops(first, aside)                     # a duel deal's two base top cards

Its motions (a card onto a slot or a field, and off it) and the mistakes'
are sim.hand.pacal_motions'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sim.hand.common import (
    HESITATE,
    KNOCK,
    LIFT_BACK,
    OFF_CENTRE,
    WRONG_SPOT,
    Event,
    HandError,
    Observer,
    Predicate,
    Steps,
    Wait,
)
from sim.hand.pacal_motions import PacalMotions
from sim.hardware.lights import same_colour
from tabletop.rules import pacal


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


def fits_nowhere_shown(colours: dict[str, Any], variant: str, q: int) -> Predicate:
    """Has the board answered seat q's card that fits nowhere, once read:
    red on q's slot, or (a solo game, lost by it) the count of the cards
    used on the field LEDs in the seat's colour?"""
    red, seat = colours["error"], colours["player0"]
    if variant == pacal.SOLO:
        return lambda o: (
            same_colour(o.light("field0.1"), seat) or same_colour(o.light(f"slot{q}"), red)
        )
    return lambda o: same_colour(o.light(f"slot{q}"), red)


class PacalHand(PacalMotions):
    """Cards laid on readers and fields, one card at a time (both players'
    simultaneous actions are done one after the other)."""

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
            yield from self._pick_up(card)
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
            answered = fits_nowhere_shown(self.colours, after.variant, p)
            yield from self._wait_for(answered, self.timing.answer_timeout, f"red at slot{p}")
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

    def restore(self, target: Any, have: Any, new_game: bool) -> Steps:
        # Lost build: the card lifted back into the hand; offer: both cards
        # taken off the slots; take: the offer laid on its slots again; a
        # keep or a deal: nothing to put back. Each as the board lights it:
        # red on a field or slot to lift from, the hint colour where a card
        # is missing (the hand knows which card that is from ``target``).
        if new_game:
            if not (yield from self._new_game_asked()):
                return
        elif target.phase == pacal.P_DEAL:
            return  # between rounds: the deal made again clears the board first
        fields, slots = self._layout(target, new_game)
        ph = self.physics
        for slot in (0, 1):
            if slots[slot] < 0 and ph.slot_card(slot):
                # a card of a move the cut broke off, lying on its reader
                # (the board takes it either way): back into the hand
                yield from self._off_slot(slot)
        while True:
            stacks = ph.stacks()
            acts: dict[str, tuple[str, int]] = {}
            wanted: list[tuple[str, str]] = []
            for f, n in enumerate(stacks):
                name = f"field{f // 10}.{f % 10 + 1}"
                if n != len(fields[f]):
                    acts[name] = ("field", f)
                    wanted.append((name, "error" if n > len(fields[f]) else "hint"))
            for slot in (0, 1):
                card, want = ph.slot_card(slot), slots[slot]
                if want >= 0 and card != want:
                    acts[f"slot{slot}"] = ("slot", slot)
                    wanted.append((f"slot{slot}", "error" if card else "hint"))
            if not wanted:
                return
            seen = yield from self._see(wanted, "what to put back after the power cut")
            if not seen:
                return
            yield self._wait(self.timing.react, "saw it")
            kind, i = acts[seen]
            if kind == "slot":
                if ph.slot_card(i):
                    yield from self._off_slot(i)
                else:
                    yield from self._to_slot(i, slots[i], False)
            elif stacks[i] > len(fields[i]):
                yield from self._lift_field(i)
                ph.put_away(self.now)
            else:
                yield self._wait(self.timing.reach, "reach for the card")
                ph.take_card(fields[i][stacks[i]], self.now)
                yield from self._to_field(i // 10, i % 10 + 1)

    def ready(self, state: Any) -> Steps:
        # back in play: the turn light of a player who is to act (between
        # rounds the board waits for the fields to be cleared: nothing lit)
        if state.is_over() or state.phase == pacal.P_DEAL:
            return
        wanted = [(f"turn{p}", f"player{p}") for p in (0, 1)]
        yield from self._see(wanted, "the board plays again", self.timing.resume_timeout)

    def _layout(self, target: Any, new_game: bool) -> tuple[list[list[int]], list[int]]:
        # The cards on each field (bottom first) and the card each slot must
        # hold (0: none, -1: either) as the board expects them in ``target``.
        n = len(self.physics.stacks())
        if new_game:
            return [[] for _ in range(n)], [0, 0]  # a game starts on an empty board
        fields = [[c for c in (target.under[f], target.top[f]) if c] for f in range(n)]
        if target.phase == pacal.P_TAKE:
            return fields, list(target.offer)
        if target.phase == pacal.P_OFFER:
            return fields, [0, 0]
        return fields, [-1, -1]

    def _select_lights(self) -> list[tuple[str, str]]:
        # the game select: the variant's slot in the win colour
        return [("slot0", "win"), ("slot1", "win")]


make = PacalHand  # (the hand at this game: sim.hand.make_hand)
