"""The current limit's two loops over an LED frame, in machine code on an
RP2040 (tabletop.show.pixels' ``limiter``).

    from hal.rp2_limit import Rp2Limiter
    limiter = Rp2Limiter()
    limiter.total(buf)                       # sum(buf)
    limiter.scale(buf, out, budget, total)   # out[i] = buf[i] * budget // total

Why: ``Pixels.show`` adds up every frame's bytes to estimate its current,
and scales a frame over the budget down byte by byte. In Python on the rp2
port that is 0.39 ms a frame for a Pyraos board's 171 bytes (``sum`` steps
an iterator and adds objects), and 1.9 ms more to scale: a move answered
waits for it. As viper code (docs.micropython.org, "Maximising MicroPython
speed") each byte is a load and an add. The results are the Python loops'
to the byte: the Pico test (tests/test_pico.py) compares them.

RP2040 only, as hal.rp2_scan: MicroPythonHal offers it as ``limiter`` when
``sys.implementation._machine`` names one; it is compiled for the
Cortex-M0+ (``mpy-cross -march=armv6m``). Elsewhere ``limiter`` is None and
Pixels runs its own loops.
"""

import micropython


class Rp2Limiter:
    def total(self, buf):
        """The sum of ``buf``'s bytes."""
        return _total(buf, len(buf))  # pyright: ignore[reportArgumentType]

    def scale(self, buf, out, budget, total):
        """Each byte of ``buf`` times budget/total, rounded down, into ``out``
        (as long as ``buf``). 255 * budget must be a small int (it is: a
        budget is below 3 * 1024 * 255)."""
        _scale(buf, out, len(buf), budget, total)  # pyright: ignore[reportArgumentType]


@micropython.viper
def _total(buf: ptr8, n: int) -> int:
    total = 0
    i = 0
    while i < n:
        total += buf[i]
        i += 1
    return total


@micropython.viper
def _scale(buf: ptr8, out: ptr8, n: int, budget: int, total: int):
    i = 0
    while i < n:
        out[i] = buf[i] * budget // total
        i += 1
