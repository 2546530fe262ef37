"""Hardware abstraction: the only code that touches pins, buses and LEDs.

One module per platform, each offering the same four methods (docs/FIRMWARE.md,
"The hal"); import the one for this port, e.g.
``from hal.micropython_hal import MicroPythonHal``. This package imports nothing.
"""
