"""The device's main program: the board runs it at every reset, after boot.py.

    platform()                     # this port's platform (tabletop.device's interface)
    Device(platform()).run()       # what this file does; ``import main`` at the REPL too

It sits at the root of the board's filesystem with boot.py, ``hal/``,
``tabletop/``, ``profiles/`` and, if more than one profile is there,
``board.json`` (``{"profile": "profiles/pyraos.json"}``, hal.platform).
tabletop.device decides at power-on: BACK held, or a maintenance flag left
by ``{"cmd": "maintenance"}`` / MENU+BACK held 3 s, and ``run()`` returns
with the REPL free (no game, no watchdog); a profile that cannot drive the
board is reported on the serial link and blinked red, forever; otherwise
the game runs under the watchdog. docs/DEVICE.md has the modes. This file
touches no hardware itself.
"""

import sys

from tabletop.device import Device


def platform():
    """This port's platform: CircuitPython's on CircuitPython, else MicroPython's."""
    if sys.implementation.name == "circuitpython":
        from hal.circuitpython_platform import CircuitPythonPlatform

        return CircuitPythonPlatform()
    from hal.micropython_platform import MicroPythonPlatform

    return MicroPythonPlatform()


Device(platform()).run()
