"""The pyramid at power on without a saved state: which marbles are there.

    exp = first_look(sensor, expected, now_ms)   # sensor: a PyramidSensor; -1: not yet

Marbles may have been moved, or a move lost, while the power was off, so
the board starts from what the sensors show. It looks once the readings
have been still ``_STILL_MS`` (a hand over the board is gone) or
``_WAIT_MS`` have passed (a board noisier than its profile may never look
still): missing marbles first, then strays against what is left; a marble
on level 3 or the top is too weak for that test and shows only as the best
small change. The baselines are then taken from the readings with each
marble's own error; what that took in is a guess (a hand may have been
near), so a steady misfit left once the board is still is relearnt more
freely (Baselines.doubt). Loaded only by a power on without a saved state.
"""

from micropython import const

from tabletop.rules.pyraos_geometry import LEVEL
from tabletop.sensing.changes import ADD

_STILL_MS = const(300)  # still this long at power on before the first look
_WAIT_MS = const(2000)  # ... or this long at most
_LIMIT = const(400)  # counts a sensor's baseline may move at power on


def first_look(sensor, expected, now_ms):
    """The occupancy the sensors show, starting from ``expected`` (the
    position the journal holds), or -1: call again next tick."""
    if sensor.ready_at < 0:
        sensor.ready_at = now_ms
    if now_ms - sensor.readings.moving_at < _STILL_MS and now_ms - sensor.ready_at < _WAIT_MS:
        return -1
    exp = expected
    sensor.fit_occupancy(exp)
    exp &= ~sensor.missing(exp)
    sensor.fit_occupancy(exp)
    exp |= sensor.strays(exp)
    sensor.fit_occupancy(exp)
    finder = sensor.finder
    finder.search(exp)
    best = finder.best
    if best.kind == ADD and LEVEL[best.added] >= 3:
        exp |= 1 << best.added
    learnt = sensor.learnt
    learnt.calibrate(exp, _LIMIT, finder.band if exp else 0)
    learnt.doubt()
    return exp
