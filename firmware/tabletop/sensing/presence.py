"""Debounced presence from digital hall switches: is a card in each slot?

    slots = Presence(profile.presence_bits, profile.debounce_ms, profile.registers)
    slots.update(digital, now_ms)   # every tick: the shift-register buffer
    slots.stable[i]                 # 1 when a card lies in slot i (debounced)
    slots.unsettled                 # how many slots are still changing (0: settled)
    slots.changes                   # goes up whenever a stable value changes
    slots.resting                   # the last update found nothing to do

A slot's reading must hold for ``debounce_ms`` before it counts, so the
bounce of a switch while a card is slid in or out is never a card. The
first reading counts at once (power on). Bit k of the chain is in byte
k >> 3 under the mask 0x80 >> (k & 7): SPI reads the most significant bit
first. A tick whose chain reads as the last one did, with no slot still
settling, only compares the two (``resting``). Allocates nothing.
"""

from micropython import const

_FIRST = const(0x80)


class Presence:
    def __init__(self, bits, debounce_ms, registers):
        self.bits = bits  # the chain bit of each slot
        n = len(bits)
        self.raw = bytearray(n)
        self.stable = bytearray(n)
        self.since = [0] * n
        self.debounce_ms = debounce_ms
        self.unsettled = 0  # slots whose raw reading differs from the stable one
        self.primed = False
        self.changes = 0
        self.seen = bytearray(registers)  # the chain as last read
        self.resting = False

    def update(self, digital, now_ms):
        seen = self.seen
        if self.primed and not self.unsettled and digital == seen:
            self.resting = True
            return  # not a switch changed, none left to settle
        self.resting = False
        for j in range(len(digital)):  # (a slice copy would allocate on rp2)
            seen[j] = digital[j]
        bits = self.bits
        raw = self.raw
        stable = self.stable
        since = self.since
        primed = self.primed
        unsettled = 0
        for i in range(len(bits)):
            k = bits[i]
            v = 1 if digital[k >> 3] & (_FIRST >> (k & 7)) else 0
            if v != raw[i]:
                raw[i] = v
                since[i] = now_ms
            if v != stable[i]:
                if not primed or now_ms - since[i] >= self.debounce_ms:
                    stable[i] = v
                    self.changes += 1
                else:
                    unsettled += 1
        self.unsettled = unsettled
        self.primed = True

    def count(self):
        """How many slots hold a card."""
        n = 0
        for v in self.stable:
            n += v
        return n
