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

from tabletop.players.pyraos_turns import free_and_carrying
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
    spots, carrying = free_and_carrying(me | you)
    if take:
        # The free spots where one marble completes a shape: of the mover's
        # (is there one?) and of the other's (one, or more?).
        mine = theirs = 0
        not_me = ~me
        not_you = ~you
        for shape in _SHAPES if lines else _SQUARES:
            miss = shape & not_me
            if miss & spots and not miss & (miss - 1):
                mine = 1
            miss = shape & not_you
            if miss & spots and not miss & (miss - 1):
                theirs |= miss
        if mine:
            v += _MY_SQUARE
        if theirs:
            v -= _THEIR_SQUARES if theirs & (theirs - 1) else _THEIR_SQUARE
    if spots & _HIGHER[1]:  # (no free spot above level 1: nobody can raise)
        if _can_raise(me & ~carrying, spots):
            v += _MY_RAISE
        if _can_raise(you & ~carrying, spots):
            v -= _THEIR_RAISE
    return v


def _can_raise(src, spots):
    """True if one of the loose marbles ``src`` can go up to a free spot."""
    i = 0
    while src:
        if src & 1 and spots & _HIGHER[LEVEL[i]] & ~ABOVE[i]:
            return True
        src >>= 1
        i += 1
    return False
