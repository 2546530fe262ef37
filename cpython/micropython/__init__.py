"""The host-side stand-in for MicroPython's built-in ``micropython`` module.

The firmware writes its private constants the MicroPython way:

    from micropython import const
    _TICK_MS = const(5)        # inlined by the compiler, no RAM on a board

On a board ``micropython`` is built in. On CPython (the simulator, the tests,
the host tools) this package takes its place: ``const`` returns its argument.
It is never copied to a board (a file there could not shadow the built-in
module anyway). Only what the firmware uses is here; tests that need
MicroPython's heap calls (``heap_lock``) run under the real thing.
"""

from typing import TypeVar

_T = TypeVar("_T")


def const(value: _T) -> _T:
    """The value itself: MicroPython's compiler inlines it, CPython keeps it."""
    return value
