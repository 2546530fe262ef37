"""A small seeded random generator that gives the same numbers everywhere.

    rng = Rng(42)
    rng.below(6)          # 0..5
    rng.shuffle(cards)    # in place
    rng.choice(moves)

MicroPython's ``random`` and CPython's ``random`` produce different streams,
so deals and self-play would not replay across them. This is Marsaglia's
xorshift32 (shifts 13, 17, 5): plain integer arithmetic that both
interpreters compute identically. Not for anything secret.
"""

_MASK = 0xFFFFFFFF


class Rng:
    def __init__(self, seed=0):
        if type(seed) is not int:
            raise TypeError("seed must be an int")
        # Fold any size of seed into 32 bits, then scramble it so that
        # nearby seeds give unrelated streams.
        s = 0x9E3779B9
        seed = -seed * 2 + 1 if seed < 0 else seed * 2
        while True:
            s = (s ^ (seed & _MASK)) & _MASK
            s = (s * 0x85EBCA6B + 0x165667B1) & _MASK
            s ^= s >> 13
            seed >>= 32
            if not seed:
                break
        self.state = s or 0x2545F491
        for _ in range(4):
            self.next32()

    def next32(self):
        """The next number in 0 .. 2**32 - 1."""
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """A number in 0 .. n - 1, every one equally likely (1 <= n <= 2**32)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        # Reject the top sliver so that every residue is equally likely.
        limit = (1 << 32) - (1 << 32) % n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def choice(self, seq):
        """One element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates)."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
