"""Whole Pyraos turns on the searching player's compact position.

    from tabletop.players import pyraos_turns as T
    moves = T.turns(me, you, reserve, True, False)  # mover's and other's marbles
    me2, reserve2 = T.play(me, reserve, moves[0])   # the mover's side after it
    events = T.events(moves[0], player)             # rule moves, as the record writes them

A position is two 30-bit masks (``me``: the marbles of the player to move,
``you``: the other's, bits as in tabletop.rules.pyraos_geometry) and the two
reserves. A turn is one int: a place or a raise together with the take-back
it earns (one or two marbles), packed as

    bits 0-4 a, 5-9 b (raise target), 10-14 first take-back, 15-19 second,
    20-21 kind (PLACE, RAISE, or TAKE: only a take-back, when the rules'
    state already waits for one), 22-28 an ordering score (better first).

An unused field holds NONE. Sorting a list of turns in reverse order puts the
promising ones first; ``turn & MOVE`` drops the score.
"""

from micropython import const

from tabletop.rules.pyraos import PLACE, RAISE, REMOVE
from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, LEVEL_START, LINE_MASKS, SUPPORT, TOP

TAKE = const(3)  # kind of a turn that is only a take-back
NONE = const(31)  # an unused position field
MOVE = const((1 << 22) - 1)  # the turn without its ordering score
_SCORE = const(22)

# Ordering scores (7 bits): what tends to be best is searched first.
_TOP_FIRST = const(127)
_SQUARE = const(60)  # makes a square (or line) of one's own: a take-back
_SECOND_TAKE = const(20)  # ... and takes back two
_BLOCK = const(40)  # fills the spot where the other would make one
_RAISED = const(25)  # a raise keeps a marble in the reserve

_LEVEL1 = const(0xFFFF)
_UPPER = tuple(range(LEVEL_START[1], TOP + 1))
# _HIGHER[k]: every position above level k.
_HIGHER = tuple(((1 << 30) - 1) & ~((1 << LEVEL_START[k]) - 1) for k in range(5))


def _shapes(lines):
    """For each position, the squares (and lines) it belongs to."""
    out = []
    for pos in range(30):
        found = [SUPPORT[i] for i in _UPPER if SUPPORT[i] >> pos & 1]
        if lines:
            found += [m for m in LINE_MASKS if m >> pos & 1]
        out.append(tuple(found))
    return tuple(out)


SQUARES_AT = _shapes(False)
SHAPES_AT = _shapes(True)  # squares and lines, for the "lines" variant


def free_and_carrying(occ):
    """The empty positions a marble may go to (on level 1 or on a full
    square), and those that carry a marble: one pass over the upper levels."""
    spots = ~occ & _LEVEL1
    carrying = 0
    for i in _UPPER:
        s = SUPPORT[i]
        if occ >> i & 1:
            carrying |= s
        elif occ & s == s:
            spots |= 1 << i
    return spots, carrying


def loose(own, occ):
    """Those of ``own`` that carry no marble."""
    carrying = 0
    for i in _UPPER:
        if occ >> i & 1:
            carrying |= SUPPORT[i]
    return own & ~carrying


def turns(me, you, reserve, take, lines):
    """Every turn of the player to move (``reserve``: their reserve; ``take``:
    whether squares earn take-backs, False in "kids"), scored, unsorted."""
    occ = me | you
    spots, carrying = free_and_carrying(occ)
    if reserve and spots >> TOP & 1:
        return [_TOP_FIRST << _SCORE | PLACE << 20 | NONE << 15 | NONE << 10 | NONE << 5 | TOP]
    # The places and raises first (kind and positions, no take-back yet),
    # then each scored, and one turn per take-back after a square.
    plain = []
    if reserve:
        m = spots
        i = 0
        while m:
            if m & 1:
                plain.append(PLACE << 20 | NONE << 5 | i)
            m >>= 1
            i += 1
    if spots & _HIGHER[1]:  # a free spot above level 1: raises may be possible
        src = me & ~carrying
        i = 0
        while src:
            if src & 1:
                to = spots & _HIGHER[LEVEL[i]] & ~ABOVE[i]
                j = 0
                while to:
                    if to & 1:
                        plain.append(RAISE << 20 | j << 5 | i)
                    to >>= 1
                    j += 1
            src >>= 1
            i += 1
    shapes = SHAPES_AT if lines else SQUARES_AT
    out = []
    ends = set()  # the mover's marbles after each turn with a take-back: each once
    for base in plain:
        a = base & 31
        if base >> 20 == PLACE:
            land = a
            me2 = me | 1 << a
            score = 0
        else:
            land = base >> 5 & 31
            me2 = me ^ (1 << a | 1 << land)
            score = _RAISED
        if take:
            here = shapes[land]
            blocked = you | 1 << land
            for s in here:
                if blocked & s == s:
                    score += _BLOCK  # the other would have made this one
                    break
            for s in here:
                if me2 & s == s:
                    takebacks(out, me2, you, base, score + _SQUARE, ends)
                    break
            else:
                out.append(score << _SCORE | base | NONE << 15 | NONE << 10)
        else:
            out.append(score << _SCORE | base | NONE << 15 | NONE << 10)
    return out


def takebacks(out, me, you, base, score, ends):
    """Append ``base`` with every take-back of one or two of ``me``'s loose
    marbles, in an order the rules allow, but none whose outcome (the
    mover's marbles, which also give the reserve) is in ``ends`` already."""
    occ = me | you
    first = loose(me, occ)
    m = first
    i = 0
    while m:
        if m & 1:
            bit = 1 << i
            if me & ~bit not in ends:
                ends.add(me & ~bit)
                out.append(score << _SCORE | base | NONE << 15 | i << 10)
            second = loose(me & ~bit, occ & ~bit)
            two = (score + _SECOND_TAKE) << _SCORE | base | i << 10
            j = 0
            while second:
                end = me & ~(bit | 1 << j)
                if second & 1 and end not in ends:
                    ends.add(end)
                    out.append(two | j << 15)
                second >>= 1
                j += 1
        m >>= 1
        i += 1


def play(me, reserve, turn):
    """The mover's marbles and reserve after ``turn``."""
    kind = turn >> 20 & 3
    a = turn & 31
    if kind == PLACE:
        me |= 1 << a
        reserve -= 1
    elif kind == RAISE:
        me ^= 1 << a | 1 << (turn >> 5 & 31)
    r = turn >> 10 & 31
    if r != NONE:
        me &= ~(1 << r)
        reserve += 1
        r = turn >> 15 & 31
        if r != NONE:
            me &= ~(1 << r)
            reserve += 1
    return me, reserve


def events(turn, player):
    """The rule moves (tabletop.rules.pyraos tuples) of a turn, in order."""
    kind = turn >> 20 & 3
    out = []
    if kind == PLACE:
        out.append((PLACE, player, turn & 31, -1))
    elif kind == RAISE:
        out.append((RAISE, player, turn & 31, turn >> 5 & 31))
    r1 = turn >> 10 & 31
    if r1 != NONE:
        r2 = turn >> 15 & 31
        out.append((REMOVE, player, r1, -1 if r2 == NONE else r2))
    return out


def take_turns(me, you):
    """The turns of a player whose move already made a square: the take-backs."""
    out = []
    takebacks(out, me, you, TAKE << 20 | NONE << 5 | NONE, 0, set())
    return out
