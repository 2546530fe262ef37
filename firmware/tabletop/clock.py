"""Microseconds, for work that must end within a tick: MicroPython's own
``time.ticks_us``, ``ticks_add`` and ``ticks_diff``; on CPython (the
simulator, the tests) a modelled clock; elsewhere (CircuitPython) the same
from ``time.monotonic_ns``.

    from tabletop.clock import ticks_add, ticks_diff, ticks_us
    until = ticks_add(ticks_us(), 5000)
    while ticks_diff(until, ticks_us()) > 0:
        ...                                   # 5 ms of work, in small steps

Game time still comes in as ``now_ms`` (docs/FIRMWARE.md); this clock says
only how long a slice of work after a tick may go on (the computer seat's
thinking, tabletop.board.computer), which is real time on a board. On
CPython each look at the clock is ``MODEL_STEP_US`` after the one before,
whatever the machine does meanwhile: what a seat thinks in a tick, and so
which turn it chooses in the game's time, hangs on the game alone, not on
how fast or busy the desktop is (a seeded game replays the same; tried:
real time, a test of the choice's first tick failed on a fast host).
"""

import sys
import time

MODEL_STEP_US = 1000  # CPython: a look at the clock this long after the last (a Pico position)

try:
    from time import ticks_add, ticks_diff, ticks_us  # pyright: ignore[reportAssignmentType]
except ImportError:  # (CPython, CircuitPython: no wrap to care about)
    _modelled = sys.implementation.name == "cpython"
    _now = [0]
    _ns = time.monotonic_ns  # pyright: ignore[reportAttributeAccessIssue]

    def ticks_us():
        if _modelled:
            _now[0] += MODEL_STEP_US
            return _now[0]
        return _ns() // 1000

    def ticks_add(ticks, delta):
        return ticks + delta

    def ticks_diff(ticks1, ticks2):
        return ticks1 - ticks2
