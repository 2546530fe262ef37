"""What every hal promises the code above it, and what both sides share.

    from hal.common import MENU, BACK, ProfileError
    if hal.read_buttons() & BACK: ...      # bit 0 MENU, bit 1 BACK; 1 = pressed
    raise ProfileError("pins.leds", "pin 99: no such pin")
    board = module("board")                # (the hal's own modules only)

The hal is the bottom layer: it imports nothing from the game core, and the
core takes these definitions from here. Pure Python, no hardware.
"""

MENU = 1  # the bits of read_buttons(): 1 = pressed, polarity applied
BACK = 2
BOTH = MENU | BACK


class ProfileError(ValueError):
    """A profile that cannot drive a board: ``key`` (a dotted path into the
    profile, e.g. ``sensors.2a1.channel``) and ``problem``, in words."""

    def __init__(self, key, problem):
        super().__init__("%s: %s" % (key, problem))
        self.key = key
        self.problem = problem


def module(name):
    """The module ``name``, imported out of the type check's sight: the hal
    reaches CircuitPython's modules this way (the firmware is checked against
    MicroPython's stubs, which know none of them), and the few MicroPython
    ones whose stubs are too narrow (``sys.stdout`` as bytes, ``io.StringIO``
    for ``sys.print_exception``)."""
    return __import__(name)
