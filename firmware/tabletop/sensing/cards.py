"""The card on an offer slot, from its seven code spots.

    r = CardReaders(profile)
    r.update(digital, now_ms)    # every tick: digital is the shift-register buffer
    r.value[0]                   # slot 0: 0 empty, 1..50 a card, MISREAD, or UNSETTLED
    CardReaders(profile, diabolo_codes.card_int)   # another game's codes: its decode
    r.changes                    # goes up whenever a slot's value changes
    r.resting                    # the last update found nothing to do
    decode(code), encode(card)   # a 7-bit code and the card it stands for

A card's code is its value in bits 0..5 (least significant first) and a
parity bit 6 that makes the number of set bits odd (docs/FIRMWARE.md). An
empty slot reads all zero. A reading must hold for the debounce time before
it counts, so the bouncing of the spots while a card is laid or lifted is
never read as a card. A game whose cards carry other codes (Diabolo) passes
its own ``decode(bits)``: 0 for no card, a positive int for a card, MISREAD.
"""

from micropython import const

from tabletop.rules.pacal_cards import CARDS

MISREAD = -1  # a code with even parity, or a value outside 1..50
UNSETTLED = -2  # the spots are still changing

_SPOTS = const(7)  # code spots per slot
_VALUE = const(0x3F)  # bits 0..5: the value
_PARITY = const(0x40)  # bit 6
# Bit k of the shift-register chain is in byte k >> 3, under the mask
# _FIRST >> (k & 7): SPI reads the most significant bit first.
_FIRST = const(0x80)


def ones(bits):
    """How many bits of ``bits`` are set (a code's parity is this, odd)."""
    n = 0
    while bits:
        n += bits & 1
        bits >>= 1
    return n


def decode(bits):
    """The card for a 7-bit code: 0 empty, 1..50, or MISREAD."""
    if bits == 0:
        return 0
    value = bits & _VALUE
    if not ones(bits) & 1 or not 1 <= value <= CARDS:
        return MISREAD
    return value


def encode(value):
    """The 7-bit code of a card value 1..50."""
    return value | (0 if ones(value) & 1 else _PARITY)


class CardReaders:
    def __init__(self, profile, decode=decode):
        self.decode = decode  # (a function in an attribute: not bound, called as is)
        self.bits = profile.slot_bits
        n = len(self.bits)
        self.code = [0] * n  # latest raw 7-bit code per slot
        self.since = [0] * n
        self.value = [0] * n  # debounced: 0, a card, MISREAD or UNSETTLED
        self.debounce_ms = profile.debounce_ms
        self.primed = False
        self.seen = bytearray(profile.registers)  # the spots as last read
        self.changes = 0  # goes up whenever a slot's value changes
        self.resting = False

    def read_code(self, digital, slot):
        """The raw 7-bit code on ``slot`` in the shift-register buffer."""
        code = 0
        spots = self.bits[slot]
        for j in range(_SPOTS):
            k = spots[j]
            if digital[k >> 3] & (_FIRST >> (k & 7)):
                code |= 1 << j
        return code

    def update(self, digital, now_ms):
        seen = self.seen
        if self.primed and digital == seen and UNSETTLED not in self.value:
            self.resting = True
            return  # not a spot changed, nothing left to settle
        self.resting = False
        for j in range(len(digital)):  # (a slice copy would allocate on rp2)
            seen[j] = digital[j]
        for slot in range(len(self.bits)):
            code = self.read_code(digital, slot)
            if code != self.code[slot]:
                self.code[slot] = code
                self.since[slot] = now_ms
                if self.primed and self.value[slot] != UNSETTLED:
                    self.value[slot] = UNSETTLED
                    self.changes += 1
            if self.value[slot] == UNSETTLED or not self.primed:
                if not self.primed or now_ms - self.since[slot] >= self.debounce_ms:
                    card = self.decode(code)
                    if card != self.value[slot]:
                        self.value[slot] = card
                        self.changes += 1
        self.primed = True
