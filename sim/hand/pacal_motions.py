"""The Pacal hand's motions at the cards, which sim.hand.pacal's PacalHand
makes its events of: a card picked up, laid on a slot (askew too, the
mistake) and lifted off, carried onto a field and lifted off it; what the
board shows once a card is read; the mistakes' own motions (a knocked
sensor, a hesitation over other fields, a build lifted and put back).

    class PacalHand(PacalMotions): ...     # sim.hand.pacal: the events, made of these
    yield from self._to_slot(slot, card, askew)   # from the hand (or the slot it lies on)
    yield from self._off_slot(slot)        # lifted off its slot, back into the hand
    yield from self._to_field(p, field)    # carried over p's field (1..10), lowered, let go
    yield from self._lift_field(f)         # the top card of field f (0..19) lifted
    self._fits_shown(p, fields)            # has the board read the card on p's slot?
    self._knock()                          # the mistakes' motions; _hesitate, _lift_back too
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sim.hand.common import (
    HESITATE,
    KNOCK,
    LIFT_BACK,
    OFF_CENTRE,
    Hand,
    Observer,
    Predicate,
    Steps,
    Wait,
)
from sim.hardware.lights import same_colour
from sim.hardware.physics import PacalPhysics


class PacalMotions(Hand):
    """What the Pacal hand does with one card at a time, at the slots and
    the fields (its events are PacalHand's)."""

    physics: PacalPhysics

    # -- motions ------------------------------------------------------------------------

    def _board_busy(self) -> bool:
        ph = self.physics
        return any(ph.stacks()) or bool(ph.slot_card(0) or ph.slot_card(1))

    def _pick_up(self, card: int) -> Steps:
        """``card`` into the hand: off the offer slot it still lies on (the
        card an offer left when the other player took theirs, before its
        player took it back), else from the player's hand."""
        ph = self.physics
        for slot in (0, 1):
            if ph.slot_card(slot) == card:
                yield from self._lift_slot(slot)
                return
        yield self._wait(self.timing.reach, "reach for the card")
        ph.take_card(card, self.now)

    def _to_slot(self, slot: int, card: int, askew: bool) -> Steps:
        t = self.timing
        yield from self._pick_up(card)
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
