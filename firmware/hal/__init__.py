"""Hardware abstraction: the only code that touches pins, buses, LEDs, the
serial port, the watchdog and the files.

    from hal.micropython_platform import MicroPythonPlatform   # firmware/main.py
    platform = MicroPythonPlatform()     # tabletop.device's platform
    hal = platform.hal(profile)          # a MicroPythonHal: docs/FIRMWARE.md, "The hal"

One module per job and port:

    common                  MENU, BACK, BOTH, ProfileError (what the core takes
                            from here) and module(name)
    platform                Platform, profile_path, read_profile: what both
                            ports' platforms share
    micropython_platform    MicroPythonPlatform
    circuitpython_platform  CircuitPythonPlatform (and claim_flash, for boot.py)
    board_hal               BoardHal, button_bits, chain_light: what both
                            ports' hals share
    micropython_hal         MicroPythonHal (also named Hal), error_light
    rp2_scan                Rp2Scan: MicroPythonHal's analog scan in machine
                            code (viper), on an RP2040
    rp2_limit               total, scale: the LED current limit's loops in machine
                            code (viper), on an RP2040
    circuitpython_hal       CircuitPythonHal (also named Hal), error_light, gp_name
    files                   Files: the file store

The hal imports nothing from tabletop. Importing this package imports
nothing; the port's hardware modules (``machine``, ``neopixel``, ``board``,
``digitalio``, ...) are imported when a platform, a hal or an error light
is built, never when a module here is imported, and tests pass stand-ins.
"""
