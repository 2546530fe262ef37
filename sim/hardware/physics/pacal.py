"""The virtual Pacal board: cards on the fields and the offer slots' code spots."""

from __future__ import annotations

import random
from array import array
from typing import Any

from sim.hardware.physics.common import (
    BASE_ERROR,
    CARD_DEPTH_MM,
    CARD_GRAVITY,
    CARD_MAGNET_ERROR,
    DEFAULT_SENSOR,
    FAR_MM,
    FLICKER_MS,
    GAIN_ERROR,
    PACAL_NOISE,
    Common,
    Drop,
    PhysicsError,
    check_buf,
    ease,
)


def card_code(value: int) -> int:
    """The 7-bit code printed on card ``value`` (1..50): bits 0..5 the value,
    bit 6 the parity, set so that the number of set bits is odd."""
    if not 1 <= value <= 63:
        raise ValueError(f"no card {value!r}")
    ones = bin(value).count("1")
    return value | (0 if ones % 2 else 0x40)


# --- Pacal ------------------------------------------------------------------------------


class _Bits:
    """A slot's code bits changing from ``a`` to ``b`` at ``t0``: each bit that
    changes (and now and then one that does not) flickers for 5..15 ms, times
    ``longer`` (a noisier board's hall switches chatter longer: ``--noise``)."""

    def __init__(
        self, a: int, b: int, t0: int, rng: random.Random | None, longer: float = 1.0
    ) -> None:
        self.a = a
        self.b = b
        self.toggles: list[list[float]] = [[] for _ in range(7)]
        self.end = float(t0)
        if rng is None:
            self.toggles = [[float(t0)] if (a ^ b) >> i & 1 else [] for i in range(7)]
            return
        for i in range(7):
            change = (a ^ b) >> i & 1
            if not change and rng.random() >= 0.25:
                continue
            span = rng.uniform(*FLICKER_MS) * longer
            n = rng.randint(1, 3) * 2 - (1 if change else 0)  # odd if the bit changes
            times = sorted(t0 + rng.uniform(0.0, span) for _ in range(n - 1))
            times.append(t0 + span)
            self.toggles[i] = times
            self.end = max(self.end, t0 + span)

    def at(self, t: int) -> int:
        if t >= self.end:
            return self.b
        code = 0
        for i in range(7):
            bit = self.a >> i & 1
            for tt in self.toggles[i]:
                if tt <= t:
                    bit ^= 1
            code |= bit << i
        return code


class PacalPhysics(Common):
    """The Pacal board: 2 x 10 fields holding 0..2 cards each (an analog
    sensor reads the count as the profile's calibrated levels), 2 offer slots
    with a 7-bit card reader each, and a hand holding a card (or a small
    stack while clearing the fields).

    Fields are indexed 0..19 (player * 10 + field - 1), as the profile lists
    them. A field with n cards reads ``levels[n]``; a card held ``h`` mm over
    a field adds ``step * (d / (d + h))**3`` with ``d`` = CARD_DEPTH_MM and
    ``step`` the next level's step (the last step again over a covered field).
    """

    def __init__(
        self,
        profile: Any,
        seed: int = 0,
        noise: float = 1.0,
        errors: bool = True,
        sensor: str = DEFAULT_SENSOR,
    ) -> None:
        if profile.game != "pacal":
            raise PhysicsError("PacalPhysics needs a Pacal profile")
        n = len(profile.field_channels)
        super().__init__(n, seed, noise, errors, PACAL_NOISE, sensor, profile.samples)
        self.profile = profile
        self.channels: tuple[int, ...] = tuple(profile.field_channels)
        self.analog_channels: int = profile.analog_channels
        self.registers: int = profile.registers
        self.slot_bits: tuple[tuple[int, ...], ...] = tuple(tuple(b) for b in profile.slot_bits)
        rng = self._err_rng
        self.true_levels: list[tuple[float, float, float]] = []
        for lv in profile.field_levels:
            l0, l1, l2 = float(lv[0]), float(lv[1]), float(lv[2])
            if errors:
                g = 1.0 + rng.uniform(-GAIN_ERROR, GAIN_ERROR)
                b = rng.uniform(-BASE_ERROR, BASE_ERROR)
                l1, l2 = l0 + b + (l1 - l0) * g, l0 + b + (l2 - l0) * g
                l0 += b
            self.true_levels.append((l0, l1, l2))
        self.card_strength = [1.0] * 64
        if errors:
            for c in range(64):
                self.card_strength[c] = 1.0 + rng.uniform(-CARD_MAGNET_ERROR, CARD_MAGNET_ERROR)
        self._stacks: list[list[int]] = [[] for _ in range(n)]
        self._landing: dict[int, Drop] = {}  # field -> the top card still falling
        self._slots = [0, 0]  # card on each slot, 0 = empty
        self._codes = [0, 0]  # what each slot's reader settles on
        self._bits: list[_Bits | None] = [None, None]
        self._held: list[int] = []  # cards in the hand, bottom first
        self._over = -1  # field the hand is over, -1 elsewhere
        self._h = (FAR_MM, FAR_MM, 0, 0)  # height glide: from, to, t0, t1

    # -- the state ------------------------------------------------------------------------

    def stacks(self) -> tuple[int, ...]:
        """How many cards lie on each field 0..19."""
        return tuple(len(s) for s in self._stacks)

    def field_cards(self, field: int) -> tuple[int, ...]:
        """The cards on a field, bottom first."""
        return tuple(self._stacks[field])

    def slot_card(self, slot: int) -> int:
        """The card lying on a slot, 0 when empty."""
        return self._slots[slot]

    def held(self) -> tuple[int, ...]:
        return tuple(self._held)

    def holding(self) -> bool:
        """Is a card in the hand?"""
        return bool(self._held)

    def code_at(self, slot: int, now_ms: int | None = None) -> int:
        """The 7 code bits a slot's reader gives now (bit i = code spot i)."""
        now = self._time(now_ms)
        b = self._bits[slot]
        if b is None:
            return self._codes[slot]
        if now >= b.end:
            self._bits[slot] = None
            return self._codes[slot]
        return b.at(now)

    # -- the hand over the fields -----------------------------------------------------

    def _height(self, now: int) -> float:
        h0, h1, t0, t1 = self._h
        if now >= t1:
            return h1
        if now <= t0:
            return h0
        return h0 + (h1 - h0) * ease((now - t0) / (t1 - t0))

    def take_card(self, card: int, now_ms: int | None = None) -> None:
        """A card comes into the (empty) hand, away from the board."""
        now = self._time(now_ms)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        card_code(card)
        self._held = [card]
        self._over = -1
        self._h = (FAR_MM, FAR_MM, now, now)
        self._act(now, "take", card)

    def put_away(self, now_ms: int | None = None) -> tuple[int, ...]:
        """The hand's cards leave the board (to a hand or a pile)."""
        now = self._time(now_ms)
        if not self._held:
            raise PhysicsError("the hand holds no card")
        cards = tuple(self._held)
        self._held = []
        self._over = -1
        self._act(now, "put_away", cards[-1])
        return cards

    def hold_over_field(
        self, field: int, height_mm: float, now_ms: int | None = None, duration_ms: int = 0
    ) -> None:
        """Hold the hand's card(s) ``height_mm`` over a field's top card,
        moving there over ``duration_ms`` (from high up if from elsewhere)."""
        now = self._time(now_ms)
        if not self._held:
            raise PhysicsError("the hand holds no card")
        self._check_field(field)
        start = self._height(now) if self._over == field else FAR_MM
        self._over = field
        self._h = (start, float(height_mm), now, now + max(0, duration_ms))

    def hold_away(self, now_ms: int | None = None) -> None:
        """Take the hand's card(s) away from over the fields (e.g. to a slot)."""
        self._time(now_ms)
        self._over = -1

    def lay_on_field(self, field: int, now_ms: int | None = None) -> None:
        """Let go of the hand's card over a field: it lands on the stack."""
        now = self._time(now_ms)
        self._check_field(field)
        if len(self._held) != 1:
            raise PhysicsError("the hand must hold exactly one card to lay it")
        if len(self._stacks[field]) >= 2:
            raise PhysicsError(f"field {field} already holds two cards")
        h = self._height(now) if self._over == field else 0.0
        self._settle_field(now)
        self._stacks[field].append(self._held.pop())
        self._over = -1
        if self.errors and h > 0.0:
            e = self._settle_rng.uniform(0.1, 0.2)
            drop = Drop(h, now, CARD_GRAVITY, e)
            if drop.end > now:
                self._landing[field] = drop
        self.let_go_ms = now
        self._act(now, "lay_field", field)

    def lift_from_field(self, field: int, now_ms: int | None = None, cards: int = 1) -> None:
        """The top card (``cards=2``: both) of a field goes into the hand."""
        now = self._time(now_ms)
        self._check_field(field)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        stack = self._stacks[field]
        if not 1 <= cards <= len(stack):
            raise PhysicsError(f"field {field} holds {len(stack)} cards, not {cards}")
        self._held = stack[len(stack) - cards :]
        del stack[len(stack) - cards :]
        self._landing.pop(field, None)
        self._over = field
        self._h = (0.0, 0.0, now, now)
        self._act(now, "lift_field", field)

    def _check_field(self, field: int) -> None:
        if not 0 <= field < len(self._stacks):
            raise PhysicsError(f"no field {field!r}")

    def _settle_field(self, now: int) -> None:
        for f in [f for f, d in self._landing.items() if d.end <= now]:
            del self._landing[f]

    # -- the slots --------------------------------------------------------------------------

    def _change(self, slot: int, code: int, now: int) -> None:
        old = self.code_at(slot, now)
        rng = self._settle_rng if self.errors else None
        self._bits[slot] = _Bits(old, code, now, rng, self.noise) if old != code else None
        self._codes[slot] = code

    def _check_slot(self, slot: int) -> None:
        if slot not in (0, 1):
            raise PhysicsError(f"no slot {slot!r}")

    def lay_on_slot(self, slot: int, now_ms: int | None = None) -> None:
        """Lay the hand's card on an offer slot: the bits bounce, then read its code."""
        now = self._time(now_ms)
        self._lay(slot, now, 0)
        self._act(now, "lay_slot", slot)

    def lay_off_centre(self, slot: int, card: int, now_ms: int | None = None) -> None:
        """Lay ``card`` (the hand's, or straight from a player's hand if the
        hand is empty) askew on a slot: after the bounce the reader keeps
        giving a misread (1 or 3 bits wrong, so the parity is bad, and never
        all zero) until ``correct`` or the card is lifted."""
        now = self._time(now_ms)
        if not self._held:
            self.take_card(card, now)
        elif self._held != [card]:
            raise PhysicsError(f"the hand holds {self._held!r}, not card {card}")
        rng = self._misc_rng
        mask = 0
        while mask == 0 or card_code(card) ^ mask == 0:  # a misread, not an empty slot
            mask = 0
            for i in rng.sample(range(7), rng.choice((1, 1, 1, 3))):
                mask |= 1 << i
        self._lay(slot, now, mask)
        self._act(now, "off_centre", slot)

    def _lay(self, slot: int, now: int, wrong: int) -> None:
        self._check_slot(slot)
        if len(self._held) != 1:
            raise PhysicsError("the hand must hold exactly one card to lay it")
        if self._slots[slot]:
            raise PhysicsError(f"slot {slot} already holds card {self._slots[slot]}")
        card = self._held.pop()
        self._over = -1
        self._slots[slot] = card
        self._change(slot, card_code(card) ^ wrong, now)
        self.let_go_ms = now

    def correct(self, slot: int, now_ms: int | None = None) -> None:
        """Push a card lying askew into place: a short bounce, then its true code."""
        now = self._time(now_ms)
        self._check_slot(slot)
        card = self._slots[slot]
        if not card:
            raise PhysicsError(f"slot {slot} is empty")
        self._change(slot, card_code(card), now)
        self.let_go_ms = now
        self._act(now, "correct", slot)

    def lift_from_slot(self, slot: int, now_ms: int | None = None) -> int:
        """The card on a slot goes into the (empty) hand; the bits bounce to 0."""
        now = self._time(now_ms)
        self._check_slot(slot)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        card = self._slots[slot]
        if not card:
            raise PhysicsError(f"slot {slot} is empty")
        self._slots[slot] = 0
        self._change(slot, 0, now)
        self._held = [card]
        self._over = -1
        self._act(now, "lift_slot", slot)
        return card

    def knock(self, sensor: int, size: float, ms: int, now_ms: int | None = None) -> None:
        """A knocked field sensor (0..19): ``size`` counts dying away over ``ms``."""
        self._knock(sensor, len(self._stacks), size, ms, now_ms)

    # -- the sensors --------------------------------------------------------------------------

    def _step(self, field: int, k: int) -> float:
        # The rise of the reading from k-1 to k cards (k >= 3: the last step again).
        lv = self.true_levels[field]
        k = min(k, 2)
        return lv[k] - lv[k - 1]

    def levels(self, now_ms: int | None = None) -> list[float]:
        """Each field's reading before drift, knocks and noise."""
        now = self._time(now_ms)
        self._settle_field(now)
        out = []
        strength = self.card_strength
        landing = self._landing
        for f, stack in enumerate(self._stacks):
            lv = self.true_levels[f]
            v = lv[0]
            n = len(stack)
            for k in range(n):
                # (self._step(f, k + 1), written out: this runs for every field every tick)
                part = strength[stack[k]] * (lv[1] - lv[0] if k == 0 else lv[2] - lv[1])
                if k == n - 1 and f in landing:
                    h = landing[f].height(now)
                    part *= (CARD_DEPTH_MM / (CARD_DEPTH_MM + h)) ** 3
                v += part
            out.append(v)
        if self._held and self._over >= 0:
            f = self._over
            n = len(self._stacks[f])
            fall = (CARD_DEPTH_MM / (CARD_DEPTH_MM + self._height(now))) ** 3
            for k, card in enumerate(self._held):
                out[f] += fall * self.card_strength[card] * self._step(f, n + k + 1)
        return out

    def read(self, now_ms: int, buf: array[int]) -> None:
        """Fill ``buf`` (array("H") of profile.analog_channels) with the field
        sensors at their channels; other channels read 0."""
        check_buf(buf, self.analog_channels, "analog")
        now = self._time(now_ms)
        for c in range(len(buf)):
            buf[c] = 0
        quiescent = [lv[0] for lv in self.true_levels]
        self._finish(now, self.levels(now), quiescent, self.channels, buf)

    def read_digital(self, now_ms: int, buf: bytearray) -> None:
        """Fill ``buf`` (bytearray(profile.registers)) with the shift-register
        chain: bit k is byte k // 8, mask 0x80 >> (k % 8)."""
        if len(buf) < self.registers:
            raise PhysicsError(f"digital buffer holds {len(buf)} bytes, needs {self.registers}")
        now = self._time(now_ms)
        for i in range(len(buf)):
            buf[i] = 0
        for slot in (0, 1):
            code = self.code_at(slot, now)
            bits = self.slot_bits[slot]
            for i in range(7):
                if code >> i & 1:
                    k = bits[i]
                    buf[k // 8] |= 0x80 >> (k % 8)
        self._stuck_chain(now, buf)


make = PacalPhysics  # (the board of this game: sim.hardware.physics.make)
