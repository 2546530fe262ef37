"""Runs at every reset, before main.py, on both ports; nothing here may stop
the board from booting (an error is printed, to boot_out.txt on CircuitPython,
and main.py runs).

    CircuitPythonPlatform().claim_flash()    # on CircuitPython; nothing on MicroPython

CircuitPython: the filesystem is made writable for the firmware (its journal,
its log) unless BACK is held at power-on, which leaves the USB drive writable
for the computer instead (hal.circuitpython_platform). MicroPython: nothing
to do. Safe mode is main.py's on both: a SystemExit here would not leave a
free REPL, and the check needs the profile's button pins (docs/DEVICE.md).
"""

import sys

if sys.implementation.name == "circuitpython":
    try:
        from hal.circuitpython_platform import CircuitPythonPlatform

        CircuitPythonPlatform().claim_flash()
    except Exception as err:
        print("boot.py:", err)
