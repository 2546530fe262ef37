"""The Pyraos board while the readings show a change that has not settled
into one it can make out.

    hint(board, likely)       # a marble clearly lifted: what it may do, at once
    unsure(board, now_ms)     # still unclear while the readings rest: say so
    sure(board)               # it settled (or moved on): stop saying so

``board`` is the tabletop.board.pyraos_board.PyraosBoard; ``likely`` the
pyramid sensor's best guess so far.
"""

from micropython import const

from tabletop.rules import pyraos
from tabletop.sensing import pyramid

_UNSURE_MS = const(2000)  # unsure this long, the readings still: the board says so
_UNSURE_STILL_MS = const(500)  # ... "still": no motion for this long


def unsure(board, now_ms):
    # Nothing settles, though the readings have been still a while and
    # show a change (a marble set down crooked, or still held just above
    # its spot; more noise than the board can see through): after
    # _UNSURE_MS the board says so instead of waiting in silence. It
    # pulses where the change seems to be, in the hint colour, and the
    # status text asks to set the marble down again.
    # Once said, it stays said while the readings show a change: a stir
    # of the readings alone (a hand near, or the noise: on the sensor
    # chain every few seconds) put the pulse out for 2.5 s.
    sensor = board.sensor
    top = sensor.finder.top
    if top.kind == pyramid.NONE:
        sure(board)
        return
    if now_ms - sensor.readings.moving_at < _UNSURE_STILL_MS:
        if not board.unsure:
            sure(board)
        return
    if board.unsure_at < 0:
        board.unsure_at = now_ms
    if now_ms - board.unsure_at < _UNSURE_MS:
        return
    where = 0
    for p in (top.added, top.lifted, top.lifted2):
        if p >= 0:
            where |= 1 << p
    if where != board.unsure:
        board.unsure = where
        board.version += 1


def sure(board):
    board.unsure_at = -1
    if board.unsure:
        board.unsure = 0
        board.version += 1


def hint(board, likely):
    # Nothing settled yet, but a marble clearly lifted: show at once what
    # it may do (the hint colour, put it back, if it may not be lifted) rather than wait for the
    # hand to go away (held a few cm above the board, a marble's field
    # keeps the change from settling).
    g = board.game
    if likely.kind != pyramid.LIFT or g.is_over():
        return
    x = likely.lifted
    if g.phase == pyraos.P_REMOVE:
        if g.removable_mask() >> x & 1:
            board.show(g.removable_mask(x), 0, 0)
            return
    elif g.raise_sources() >> x & 1:
        board.show(g.raise_targets(x), 0, 1 << x)
        return
    board.show(0, 0, 1 << x)
