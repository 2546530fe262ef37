"""The device's main program: load the board profile, build the hal for this
port, and run the board.

Which profile: the file named in ``board.json`` (``{"profile":
"profiles/pyraos.json"}``), or else the only file in ``profiles/``. A profile
that cannot drive the board is reported on the serial link and shown as a
slow red blink of every LED (or of the on-board LED when even the LED pin is
unknown) instead of crashing.
"""

import json
import sys
import time

from tabletop.profile import ProfileError, load
from tabletop.runtime import Runtime


def profile_path():
    try:
        with open("board.json") as f:
            return json.load(f)["profile"]
    except OSError:
        pass
    import os

    names = [n for n in os.listdir("profiles") if n.endswith(".json")]
    if len(names) != 1:
        raise ProfileError("board.json", "missing, and profiles/ holds %d profiles" % len(names))
    return "profiles/" + names[0]


def hal_module():
    """This port's hal module: its ``Hal(profile)`` and ``error_light(raw)``."""
    if sys.implementation.name == "circuitpython":
        import hal.circuitpython_hal as module
    else:
        import hal.micropython_hal as module
    return module


def show_error(message, raw):
    """Report a profile error forever: on the serial link every few seconds,
    and as a slow red blink."""
    blink = hal_module().error_light(raw)
    on = True
    while True:
        print(json.dumps({"event": "error", "kind": "profile", "message": message}))
        for _ in range(6):
            if blink is not None:
                blink(on)
            on = not on
            time.sleep_ms(500)


def run():
    raw = None
    try:
        path = profile_path()
        with open(path) as f:
            raw = json.load(f)
        profile = load(raw)
        hal = hal_module().Hal(profile)
    except (ProfileError, ValueError, OSError, KeyError) as err:
        show_error(str(err), raw or {})
        return
    rt = Runtime(profile, hal)
    tick = profile.tick_ms
    while True:
        start = time.ticks_ms()
        rt.tick(start)
        spent = time.ticks_diff(time.ticks_ms(), start)
        if spent < tick:
            time.sleep_ms(tick - spent)


run()
