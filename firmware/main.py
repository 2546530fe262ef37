"""The device's main program: run the board through this port's platform.

tabletop.device decides at power-on: BACK held, or a maintenance flag left by
``{"cmd": "maintenance"}`` / MENU+BACK held 3 s, and it returns at once with
the REPL free (no game, no watchdog); a profile that cannot drive the board
is reported on the serial link and blinked red, forever; otherwise the game
runs under the watchdog. docs/DEVICE.md has the modes; the profile is the
file named in ``board.json``, or else the only file in ``profiles/``.
"""

import sys

from tabletop.device import Device


def platform():
    """This port's platform (tabletop.device's interface)."""
    if sys.implementation.name == "circuitpython":
        from hal.circuitpython_platform import CircuitPythonPlatform

        return CircuitPythonPlatform()
    from hal.micropython_platform import MicroPythonPlatform

    return MicroPythonPlatform()


Device(platform()).run()
