"""The Pyraos pyramid as bit masks, whole levels at a time: what the search
asks of a position without a loop over its 30 spots, and the value of a
position when it stops looking further (its end, below).

    from tabletop.players import pyraos_bits as B
    free = B.spots(me | you)             # where a marble may go now
    under = B.carrying(me | you)         # the marbles that carry another
    B.completing(me) & free              # the free spots that complete one of me's squares
    i = B.LOW[(m & -m) % 37]             # the index of m's lowest bit
    B.RAISE_TO[i]                        # the spots above level(i) not resting on i
    v = B.evaluate(me, you, my_reserve, your_reserve, take, lines)   # B.MARBLE: one marble

Bits are those of tabletop.rules.pyraos_geometry: level 1 is a 4x4 grid in
bits 0-15 (bit x + 4y), level 2 a 3x3 grid in 16-24 (16 + x + 3y), level 3
a 2x2 in 25-28, the top 29. Every mask stays below 2**30, a small int on
MicroPython (no allocation). A square of level k is found at its corner
with the least bit (its anchor): shifting a level's grid right by 1, w and
w + 1 (w its width) brings the square's other three spots onto the anchor,
so one AND of four shifted copies tests every square of the level at once.
"""

from micropython import const

from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, LEVEL_START, LINE_MASKS

_L1 = const(0xFFFF)
_L2 = const(0x1FF)  # level 2, shifted down to bit 0
_L3 = const(0xF)
_ANCHORS1 = const(0x777)  # the level-1 spots with a square to their right and above
_ANCHORS2 = const(0x1B)
_TOP = const(1 << 29)
HIGHER1 = const(((1 << 30) - 1) & ~_L1)  # every spot above level 1

# LOW[(1 << i) % 37] is i: 2 is a primitive root modulo 37, so the 30 powers
# of two fall on 30 different remainders.
LOW = bytearray(37)
for _i in range(30):
    LOW[(1 << _i) % 37] = _i
# RAISE_TO[i]: the spots a marble on i may be raised to, if free: those of a
# higher level, but not the ones i itself carries.
_HIGHER = tuple(((1 << 30) - 1) & ~((1 << LEVEL_START[k]) - 1) for k in range(5))
RAISE_TO = tuple(_HIGHER[LEVEL[i]] & ~ABOVE[i] for i in range(30))
del _i, _HIGHER


def spots(occ):
    """The empty spots a marble may go to: level 1, or above a full square."""
    o = occ & _L1
    f = o & o >> 1 & o >> 4 & o >> 5 & _ANCHORS1  # full level-1 squares, at their anchors
    if not f and not occ & HIGHER1:  # (early in a game: only level 1 so far)
        return ~occ & _L1
    full = (f & 7 | f >> 1 & 0x38 | f >> 2 & 0x1C0) << 16  # ... as the level-2 spots they carry
    o = occ >> 16 & _L2
    f = o & o >> 1 & o >> 3 & o >> 4 & _ANCHORS2
    full |= (f & 3 | f >> 1 & 0xC) << 25
    if occ >> 25 & _L3 == _L3:
        full |= _TOP
    return ~occ & (_L1 | full)


def carrying(occ):
    """The marbles of ``occ`` that carry one above them."""
    if not occ & HIGHER1:  # (nothing above level 1: nothing carries)
        return 0
    o = occ >> 16 & _L2  # each level-2 marble at its level-1 anchor, then the square's four
    a = o & 7 | (o & 0x38) << 1 | (o & 0x1C0) << 2
    out = a | a << 1 | a << 4 | a << 5
    o = occ >> 25 & _L3
    a = o & 3 | (o & 0xC) << 1
    out |= (a | a << 1 | a << 3 | a << 4) << 16
    if occ & _TOP:
        out |= _L3 << 25
    return out


def completing(own):
    """The spots where one marble of ``own``'s completes a square (its other
    three corners are ``own``'s), whatever lies there: ``& free`` gives
    those a marble may go to. It depends on ``own`` alone, so a search
    keeps it for all the positions where ``own`` is the same."""
    # At each anchor, for each of the square's four corners: the other
    # three are own's and this one not; then the bit moved from the anchor
    # back to that corner.
    o = own & _L1
    n = ~o
    b, c, d = o >> 1, o >> 4, o >> 5
    cd = c & d
    ab = o & b
    out = (
        (n & b & cd & _ANCHORS1)
        | (o & n >> 1 & cd & _ANCHORS1) << 1
        | (ab & n >> 4 & d & _ANCHORS1) << 4
        | (ab & c & n >> 5 & _ANCHORS1) << 5
    )
    o = own >> 16 & _L2
    if o:  # (none of own's on level 2, as early in a game: no square there)
        n = ~o
        b, c, d = o >> 1, o >> 3, o >> 4
        cd = c & d
        ab = o & b
        out |= (
            (n & b & cd & _ANCHORS2)
            | (o & n >> 1 & cd & _ANCHORS2) << 1
            | (ab & n >> 3 & d & _ANCHORS2) << 3
            | (ab & c & n >> 4 & _ANCHORS2) << 4
        ) << 16
    o = ~own >> 25 & _L3  # the level-3 square: one spot missing
    if o and not o & (o - 1):
        out |= o << 25
    return out


def line_completing(own):
    """The same for the lines (the "lines" variant)."""
    out = 0
    not_own = ~own
    for line in LINE_MASKS:
        miss = line & not_own
        if miss and not miss & (miss - 1):
            out |= miss
    return out


def can_raise(src, free):
    """True if one of the loose marbles ``src`` can go up to a spot of ``free``."""
    while src:
        b = src & -src
        if free & RAISE_TO[LOW[b % 37]]:
            return True
        src ^= b
    return False


# -- the value of a position ------------------------------------------------------
# How good a position looks to the player to move, when the search stops
# looking further: ``evaluate(me, you, my_reserve, your_reserve, take,
# lines)``, in hundredths of a marble (MARBLE). Marbles in reserve are what
# the game is about: whoever runs out first loses (and the top needs one
# more). So the value is the reserve difference, plus what the next turns
# will most likely add: a square (or line) the mover can complete now earns
# a take-back; one the other can complete will cost the mover a marble
# unless it is blocked (and two cannot both be blocked); a raise the mover
# can make keeps a marble in the reserve.

MARBLE = const(100)
_MY_SQUARE = const(70)  # the mover completes a square now and takes back
_THEIR_SQUARE = const(25)  # the other threatens one: the mover must block
_THEIR_SQUARES = const(80)  # two or more: one of them will be made
_MY_RAISE = const(30)  # the mover can raise a marble this turn
_THEIR_RAISE = const(15)  # the other could raise next turn


def evaluate(me, you, my_reserve, your_reserve, take, lines):
    """The value for the mover, in hundredths of a marble."""
    if not take:
        return judge(0, 0, me, you, my_reserve, your_reserve, take, lines)
    mine, theirs = shapes(me, lines), shapes(you, lines)
    return judge(mine, theirs, me, you, my_reserve, your_reserve, take, lines)


def shapes(own, lines):
    """The spots that complete a square (or line) of ``own``'s: what
    ``judge`` takes of the mover, the same in every position where the
    mover's marbles are."""
    return completing(own) | line_completing(own) if lines else completing(own)


def judge(mine, theirs, me, you, my_reserve, your_reserve, take, lines):
    """evaluate(), the mover's and the other's ``shapes`` given (``mine``,
    ``theirs``: 0 without take-backs)."""
    v = (my_reserve - your_reserve) * MARBLE
    occ = me | you
    free = spots(occ)
    if take:
        # The free spots where one marble completes a shape: of the mover's
        # (is there one?) and of the other's (one, or more?).
        if mine & free:
            v += _MY_SQUARE
        theirs &= free
        if theirs:
            v -= _THEIR_SQUARES if theirs & (theirs - 1) else _THEIR_SQUARE
    if free & HIGHER1:  # (no free spot above level 1: nobody can raise)
        loose = ~carrying(occ)
        if can_raise(me & loose, free):
            v += _MY_RAISE
        if can_raise(you & loose, free):
            v -= _THEIR_RAISE
    return v
