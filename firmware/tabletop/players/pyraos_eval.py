"""How good a Pyraos position looks to the player to move, when the search
stops looking further.

    from tabletop.players.pyraos_eval import evaluate, MARBLE
    v = evaluate(me, you, my_reserve, your_reserve, take, lines)   # MARBLE = one marble

Marbles in reserve are what the game is about: whoever runs out first loses
(and the top needs one more). So the value is the reserve difference, plus
what the next turns will most likely add: a square (or line) the mover can
complete now earns a take-back; one the other can complete will cost the
mover a marble unless it is blocked (and two cannot both be blocked); a
raise the mover can make keeps a marble in the reserve.
"""

from micropython import const

from tabletop.players.pyraos_turns import free, loose
from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, LEVEL_START, LINE_MASKS, SUPPORT

MARBLE = const(100)
_MY_SQUARE = const(70)  # the mover completes a square now and takes back
_THEIR_SQUARE = const(25)  # the other threatens one: the mover must block
_THEIR_SQUARES = const(80)  # two or more: one of them will be made
_MY_RAISE = const(30)  # the mover can raise a marble this turn
_THEIR_RAISE = const(15)  # the other could raise next turn

_SQUARES = SUPPORT[LEVEL_START[1] :]
_SHAPES = _SQUARES + LINE_MASKS
_HIGHER = tuple(((1 << 30) - 1) & ~((1 << LEVEL_START[k]) - 1) for k in range(5))


def evaluate(me, you, my_reserve, your_reserve, take, lines):
    """The value for the mover, in hundredths of a marble."""
    v = (my_reserve - your_reserve) * MARBLE
    occ = me | you
    spots = free(occ)
    if take:
        shapes = _SHAPES if lines else _SQUARES
        if _completing(me, spots, shapes):
            v += _MY_SQUARE
        theirs = _completing(you, spots, shapes)
        if theirs:
            v -= _THEIR_SQUARES if theirs & (theirs - 1) else _THEIR_SQUARE
    if _can_raise(me, occ, spots):
        v += _MY_RAISE
    if _can_raise(you, occ, spots):
        v -= _THEIR_RAISE
    return v


def _completing(own, spots, shapes):
    """The free spots where one marble completes a shape of ``own``."""
    found = 0
    for s in shapes:
        miss = s & ~own
        if miss & spots and not miss & (miss - 1):
            found |= miss
    return found


def _can_raise(own, occ, spots):
    src = loose(own, occ)
    i = 0
    while src:
        if src & 1 and spots & _HIGHER[LEVEL[i]] & ~ABOVE[i]:
            return True
        src >>= 1
        i += 1
    return False
