"""Microseconds, for work that must end within a tick: MicroPython's own
``time.ticks_us``, ``ticks_add`` and ``ticks_diff``; elsewhere (CPython,
CircuitPython) the same from ``time.monotonic_ns``.

    from tabletop.clock import ticks_add, ticks_diff, ticks_us
    until = ticks_add(ticks_us(), 5000)
    while ticks_diff(until, ticks_us()) > 0:
        ...                                   # 5 ms of work, in small steps

Game time still comes in as ``now_ms`` (docs/FIRMWARE.md); this clock says
only how long a slice of work after a tick may go on (the computer seat's
thinking, tabletop.board.computer), which is real time on every port.
"""

import time

try:
    from time import ticks_add, ticks_diff, ticks_us  # pyright: ignore[reportAssignmentType]
except ImportError:  # (CPython, CircuitPython: no wrap to care about)
    _ns = time.monotonic_ns  # pyright: ignore[reportAttributeAccessIssue]

    def ticks_us():
        return _ns() // 1000

    def ticks_add(ticks, delta):
        return ticks + delta

    def ticks_diff(ticks1, ticks2):
        return ticks1 - ticks2
