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

from tabletop.players.pyraos_bits import (
    HIGHER1,
    can_raise,
    carrying,
    completing,
    line_completing,
    spots,
)

MARBLE = const(100)
_MY_SQUARE = const(70)  # the mover completes a square now and takes back
_THEIR_SQUARE = const(25)  # the other threatens one: the mover must block
_THEIR_SQUARES = const(80)  # two or more: one of them will be made
_MY_RAISE = const(30)  # the mover can raise a marble this turn
_THEIR_RAISE = const(15)  # the other could raise next turn


def evaluate(me, you, my_reserve, your_reserve, take, lines):
    """The value for the mover, in hundredths of a marble."""
    return judge(shapes(me, lines) if take else 0, me, you, my_reserve, your_reserve, take, lines)


def shapes(own, lines):
    """The spots that complete a square (or line) of ``own``'s: what
    ``judge`` takes of the mover, the same in every position where the
    mover's marbles are."""
    return completing(own) | line_completing(own) if lines else completing(own)


def judge(mine, me, you, my_reserve, your_reserve, take, lines):
    """evaluate(), the mover's ``shapes`` given (``mine``: 0 without take-backs)."""
    v = (my_reserve - your_reserve) * MARBLE
    occ = me | you
    free = spots(occ)
    if take:
        # The free spots where one marble completes a shape: of the mover's
        # (is there one?) and of the other's (one, or more?).
        if mine & free:
            v += _MY_SQUARE
        theirs = shapes(you, lines) & free
        if theirs:
            v -= _THEIR_SQUARES if theirs & (theirs - 1) else _THEIR_SQUARE
    if free & HIGHER1:  # (no free spot above level 1: nobody can raise)
        loose = ~carrying(occ)
        if can_raise(me & loose, free):
            v += _MY_RAISE
        if can_raise(you & loose, free):
            v -= _THEIR_RAISE
    return v
