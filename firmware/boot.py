"""Runs before main.py on both ports.

MicroPython: nothing to do (safe mode is main.py's: a SystemExit here would
loop). CircuitPython: the filesystem is made writable for the firmware (its
journal, its log) unless BACK is held at power-on, which leaves the USB drive
writable for the computer instead (hal.circuitpython_platform.claim_flash).
Nothing here may stop the board from booting.
"""

import sys

if sys.implementation.name == "circuitpython":
    try:
        from hal.circuitpython_platform import CircuitPythonPlatform

        CircuitPythonPlatform().claim_flash()
    except Exception as err:
        print("boot.py:", err)
