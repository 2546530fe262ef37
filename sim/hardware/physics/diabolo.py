"""The virtual Diabolo board: 30 slots with a presence switch each, and one
card reader with seven code spots, all on the 74HC165 chain.

    physics = DiaboloPhysics(profile, seed=7)
    physics.take_card(34)                      # p4 into the hand (50 + seat: a double card)
    physics.lay_on_reader(now_ms=100)          # the code bits bounce, then read p4
    physics.lift_from_reader(now_ms=900)
    physics.lay_in_slot(slot, now_ms=1500)     # the presence switch bounces, then reads 1
    physics.read_digital(1530, bits)           # bytearray(profile.registers)

Cards are the firmware's ints (tabletop.sensing.diabolo_codes.card_int:
``colour * 10 + value``, a double card ``DOUBLE_CARD + seat``); their codes
are diabolo_codes.encode's. With ``errors=True`` a switch bounces and code
bits flicker for 5..15 ms whenever a card comes or goes (the same
treatment as the Pacal readers' bits, sim.hardware.physics.pacal); a card laid
askew reads a misread until pushed straight or laid again; ``brush`` lays
a card and takes it away again faster than the debounce time.
"""

from __future__ import annotations

from array import array
from typing import Any

from sim.hardware.physics.common import DEFAULT_SENSOR, Common, PhysicsError
from sim.hardware.physics.pacal import _Bits
from tabletop.sensing.diabolo_codes import DOUBLE, DOUBLE_CARD, encode

SLOTS = 30


def card_code(card: int) -> int:
    """The 7-bit code printed on a card (a firmware card int)."""
    if DOUBLE_CARD <= card < DOUBLE_CARD + 5:
        return int(encode(DOUBLE, card - DOUBLE_CARD + 1))
    if not 1 <= card < 50 or not 1 <= card % 10 <= 5:
        raise PhysicsError(f"no Diabolo card {card!r}")
    return int(encode(card // 10 + 1, card % 10))


class DiaboloPhysics(Common):
    """The Diabolo board: what lies in each slot and on the reader, and a
    hand holding one card."""

    def __init__(
        self,
        profile: Any,
        seed: int = 0,
        noise: float = 1.0,
        errors: bool = True,
        sensor: str = DEFAULT_SENSOR,
    ) -> None:
        if profile.game != "diabolo":
            raise PhysicsError("DiaboloPhysics needs a Diabolo profile")
        super().__init__(0, seed, noise, errors, 0.0, "plain", 1)
        self.profile = profile
        self.registers: int = profile.registers
        self.presence_bits: tuple[int, ...] = tuple(profile.presence_bits)
        self.reader_bits: tuple[int, ...] = tuple(profile.slot_bits[0])
        self._slots = [0] * SLOTS  # the card in each slot, 0 = empty
        self._switch: list[_Bits | None] = [None] * SLOTS
        self._reader = 0  # the card on the reader
        self._code = 0  # what the reader settles on
        self._bits: _Bits | None = None
        self._held = 0

    # -- the state ---------------------------------------------------------------------

    def slot_card(self, slot: int) -> int:
        return self._slots[slot]

    def slots(self) -> tuple[int, ...]:
        return tuple(self._slots)

    def reader_card(self) -> int:
        return self._reader

    def held(self) -> int:
        return self._held

    def holding(self) -> bool:
        """Is a card in the hand?"""
        return bool(self._held)

    # -- the hand ------------------------------------------------------------------------

    def take_card(self, card: int, now_ms: int | None = None) -> None:
        now = self._time(now_ms)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        card_code(card)
        self._held = card
        self._act(now, "take", card)

    def put_away(self, now_ms: int | None = None) -> int:
        now = self._time(now_ms)
        if not self._held:
            raise PhysicsError("the hand holds no card")
        card, self._held = self._held, 0
        self._act(now, "put_away", card)
        return card

    # -- the reader ----------------------------------------------------------------------

    def _reader_code(self, now: int) -> int:
        b = self._bits
        if b is None:
            return self._code
        if now >= b.end:
            self._bits = None
            return self._code
        return b.at(now)

    def _change(self, code: int, now: int) -> None:
        old = self._reader_code(now)
        rng = self._settle_rng if self.errors else None
        self._bits = _Bits(old, code, now, rng) if old != code else None
        self._code = code

    def lay_on_reader(self, now_ms: int | None = None, askew: bool = False) -> None:
        """The hand's card onto the reader (``askew``: it reads a misread,
        1 or 3 spots wrong, until ``correct`` or lifted)."""
        now = self._time(now_ms)
        if not self._held:
            raise PhysicsError("the hand holds no card")
        if self._reader:
            raise PhysicsError(f"the reader already holds card {self._reader}")
        card, self._held = self._held, 0
        self._reader = card
        wrong = 0
        if askew:
            rng = self._misc_rng
            while wrong == 0 or card_code(card) ^ wrong == 0:
                wrong = 0
                for i in rng.sample(range(7), rng.choice((1, 1, 1, 3))):
                    wrong |= 1 << i
        self._change(card_code(card) ^ wrong, now)
        self.let_go_ms = now
        self._act(now, "off_centre" if askew else "lay_reader", card)

    def correct(self, now_ms: int | None = None) -> None:
        """Push the card on the reader straight: a short bounce, then its code."""
        now = self._time(now_ms)
        if not self._reader:
            raise PhysicsError("the reader is empty")
        self._change(card_code(self._reader), now)
        self._act(now, "correct", self._reader)

    def lift_from_reader(self, now_ms: int | None = None) -> int:
        now = self._time(now_ms)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        if not self._reader:
            raise PhysicsError("the reader is empty")
        card, self._reader = self._reader, 0
        self._held = card
        self._change(0, now)
        self._act(now, "lift_reader", card)
        return card

    # -- the slots ----------------------------------------------------------------------------

    def _check(self, slot: int) -> None:
        if not 0 <= slot < SLOTS:
            raise PhysicsError(f"no slot {slot!r}")

    def _switch_at(self, slot: int, now: int) -> int:
        b = self._switch[slot]
        if b is None or now >= b.end:
            self._switch[slot] = None
            return 1 if self._slots[slot] else 0
        return b.at(now) & 1

    def _flip(self, slot: int, on: int, now: int) -> None:
        old = self._switch_at(slot, now)
        rng = self._settle_rng if self.errors else None
        self._switch[slot] = _Bits(old, on, now, rng) if old != on else None

    def lay_in_slot(self, slot: int, now_ms: int | None = None) -> None:
        now = self._time(now_ms)
        self._check(slot)
        if not self._held:
            raise PhysicsError("the hand holds no card")
        if self._slots[slot]:
            raise PhysicsError(f"slot {slot} already holds card {self._slots[slot]}")
        self._flip(slot, 1, now)
        self._slots[slot], self._held = self._held, 0
        self.let_go_ms = now
        self._act(now, "lay_slot", slot)

    def lift_from_slot(self, slot: int, now_ms: int | None = None) -> int:
        now = self._time(now_ms)
        self._check(slot)
        if self._held:
            raise PhysicsError("the hand already holds a card")
        if not self._slots[slot]:
            raise PhysicsError(f"slot {slot} is empty")
        self._flip(slot, 0, now)
        card, self._slots[slot] = self._slots[slot], 0
        self._held = card
        self._act(now, "lift_slot", slot)
        return card

    # -- the sensors ------------------------------------------------------------------------

    def read(self, now_ms: int, buf: array[int]) -> None:
        """No analog sensors on this board: every channel reads 0."""
        self._time(now_ms)
        for c in range(len(buf)):
            buf[c] = 0

    def read_digital(self, now_ms: int, buf: bytearray) -> None:
        """Fill ``buf`` (bytearray(profile.registers)) with the shift-register
        chain: bit k is byte k // 8, mask 0x80 >> (k % 8)."""
        if len(buf) < self.registers:
            raise PhysicsError(f"digital buffer holds {len(buf)} bytes, needs {self.registers}")
        now = self._time(now_ms)
        for i in range(len(buf)):
            buf[i] = 0
        for s in range(SLOTS):
            if self._switch_at(s, now):
                k = self.presence_bits[s]
                buf[k // 8] |= 0x80 >> (k % 8)
        code = self._reader_code(now)
        for i in range(7):
            if code >> i & 1:
                k = self.reader_bits[i]
                buf[k // 8] |= 0x80 >> (k % 8)
        self._stuck_chain(now, buf)


make = DiaboloPhysics  # (the board of this game: sim.hardware.physics.make)
