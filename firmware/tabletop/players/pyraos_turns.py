"""Whole Pyraos turns on the searching player's compact position.

    from tabletop.players import pyraos_turns as T
    moves = T.turns(me, you, reserve, True, False)  # mover's and other's marbles
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

from tabletop.players.pyraos_bits import (
    HIGHER1,
    LOW,
    RAISE_TO,
    carrying,
    completing,
    line_completing,
    shapes,
    spots,
)
from tabletop.rules.pyraos import PLACE, RAISE, REMOVE
from tabletop.rules.pyraos_geometry import TOP

TAKE = const(3)  # kind of a turn that is only a take-back
NONE = const(31)  # an unused position field
MOVE = const((1 << 22) - 1)  # the turn without its ordering score
_SCORE = const(22)
_NO_TAKES = const(NONE << 15 | NONE << 10)  # a turn's take-back fields when it has none

# Ordering scores (7 bits): what tends to be best is searched first.
_TOP_FIRST = const(127)
_SQUARE = const(60)  # makes a square (or line) of one's own: a take-back
_SECOND_TAKE = const(20)  # ... and takes back two
_BLOCK = const(40)  # fills the spot where the other would make one
_RAISED = const(25)  # a raise keeps a marble in the reserve
_TOP = const(1 << 29)


def turns(me, you, reserve, take, lines, shaped=None):
    """Every turn of the player to move (``reserve``: their reserve; ``take``:
    whether squares earn take-backs, False in "kids"), scored, unsorted:
    the places, then the raises, each with its take-backs after a square
    (one pass, each spot's bit taken lowest first). ``shaped``: the mover's
    pyraos_bits.shapes(me, lines), when the caller has it already."""
    occ = me | you
    free = spots(occ)
    if reserve and free & _TOP:
        return [_TOP_FIRST << _SCORE | PLACE << 20 | NONE << 15 | NONE << 10 | NONE << 5 | TOP]
    mine = theirs = 0  # the free spots that complete a square (or line) of each
    if take:
        mine = shapes(me, lines) if shaped is None else shaped
        theirs = completing(you)
        if lines:
            theirs |= line_completing(you)
        mine &= free
        theirs &= free
    # (this runs at every position the search looks below: the tables and
    # each kind's fields are locals, fetched once)
    out = []
    add = out.append
    low = LOW
    ends = None  # the mover's marbles after each turn with a take-back: each once
    if reserve:
        place = PLACE << 20 | NONE << 5
        alone = place | _NO_TAKES
        m = free
        while m:
            b = m & -m
            i = low[b % 37]
            if mine & b:
                if ends is None:
                    ends = set()
                score = _BLOCK + _SQUARE if theirs & b else _SQUARE
                takebacks(out, me | b, you, place | i, score, ends)
            elif theirs & b:  # the other would have made one there
                add(_BLOCK << _SCORE | alone | i)
            else:
                add(alone | i)
            m ^= b
    if free & HIGHER1:  # a free spot above level 1: raises may be possible
        raise_to = RAISE_TO
        kind = RAISE << 20
        src = me & ~carrying(occ)
        while src:
            a = src & -src
            i = low[a % 37]
            to = free & raise_to[i]
            kind_a = kind | i
            while to:
                b = to & -to
                base = kind_a | low[b % 37] << 5
                score = _RAISED + _BLOCK if theirs & b else _RAISED
                if mine & b:
                    if ends is None:
                        ends = set()
                    takebacks(out, me ^ (a | b), you, base, score + _SQUARE, ends)
                else:
                    add(score << _SCORE | base | _NO_TAKES)
                to ^= b
            src ^= a
    return out


def takebacks(out, me, you, base, score, ends):
    """Append ``base`` with every take-back of one or two of ``me``'s loose
    marbles, in an order the rules allow, but none whose outcome (the
    mover's marbles, which also give the reserve) is in ``ends`` already."""
    occ = me | you
    loose = me & ~carrying(occ)
    first = loose
    two = (score + _SECOND_TAKE) << _SCORE | base
    score = score << _SCORE | base | NONE << 15
    low = LOW
    add = out.append
    while first:
        bit = first & -first
        i = low[bit % 37]
        end = me & ~bit
        if end not in ends:
            ends.add(end)
            add(score | i << 10)
        # (a marble of level 1 carried nothing: taken, it frees none below)
        second = end & ~carrying(occ & ~bit) if bit & HIGHER1 else loose & ~bit
        # A loose marble below ``bit`` was taken first before: its pair
        # with ``bit`` is made, its outcome in ``ends`` already.
        second &= ~(loose & (bit - 1))
        one = two | i << 10
        while second:
            b = second & -second
            end = me & ~(bit | b)
            if end not in ends:
                ends.add(end)
                add(one | low[b % 37] << 15)
            second ^= b
        first ^= bit


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
