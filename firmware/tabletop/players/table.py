"""A transposition table: what the search learnt about positions it met,
in a fixed number of slots, taken while a search runs and given back after.

    tt = Table(12)                          # 4096 slots, about 20 bytes each
    slot = tt.find(a, b, c)                 # -1, or the slot holding that position
    tt.value[slot], tt.depth[slot], tt.bound[slot], tt.move[slot]
    tt.keep(a, b, c, value, depth, bound, move)

A position is three ints below 2**30 (small ints on MicroPython: no
allocation), kept whole, so a slot never answers for another position.
A new entry replaces the slot's old one unless that is the same position
searched deeper.
"""

from micropython import const

EXACT = const(0)  # the value is exact
LOWER = const(1)  # the value is at least this (the search was cut off above)
UPPER = const(2)  # the value is at most this (nothing reached the window)

_BITS = const(30)
_LOW23 = const((1 << 23) - 1)
_HASH = const(40503)  # (pyraos_search works find() out inline: the same hash)


class Table:
    def __init__(self, bits):
        n = 1 << bits
        self.mask = n - 1
        self.shift = _BITS - bits
        self.a = [-1] * n
        self.b = [0] * n
        self.c = [0] * n
        self.value = [0] * n
        self.move = [0] * n
        self.depth = bytearray(n)
        self.bound = bytearray(n)

    def _slot(self, a, b, c):
        h = a ^ (b & _LOW23) << 7 ^ b >> 23 ^ c * _HASH
        return (h ^ h >> self.shift) & self.mask

    def find(self, a, b, c):
        """The slot that holds position (a, b, c), or -1."""
        i = self._slot(a, b, c)
        if self.a[i] == a and self.b[i] == b and self.c[i] == c:
            return i
        return -1

    def keep(self, a, b, c, value, depth, bound, move):
        i = self._slot(a, b, c)
        if self.a[i] == a and self.b[i] == b and self.c[i] == c and self.depth[i] > depth:
            return
        self.a[i] = a
        self.b[i] = b
        self.c[i] = c
        self.value[i] = value
        self.depth[i] = depth
        self.bound[i] = bound
        self.move[i] = move
