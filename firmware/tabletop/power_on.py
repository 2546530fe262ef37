"""The power-on decision of tabletop.device (docs/DEVICE.md): the
maintenance flag, the buttons held, the profile, then play. Needed once a
power on: Device.boot imports it and lets it go once the mode is chosen.

    power_on.boot(device)   # True: the device's loop runs; False: the REPL is free
"""

from hal.common import BACK, MENU
from tabletop.buttons.chord import ChordHal
from tabletop.keep.errorlog import ErrorLog
from tabletop.modes import FLAG, MAINTENANCE, PLAY, SAFE
from tabletop.profile import load
from tabletop.show import pixels

WDT_MS = 5000  # rp2 allows up to 8388; the longest honest tick is well under 1 s
DRAIN_MS = 200  # safe and maintenance mode: what is queued may go out this long
BOOT_SAMPLES = 5  # BACK must read pressed this many times, BOOT_SAMPLE_MS apart
BOOT_SAMPLE_MS = 10


def boot(dev):
    """The power-on decision for ``dev`` (a tabletop.device.Device). True:
    its loop runs; False: the REPL is free."""
    p = dev.p
    dev._t = p.ticks_ms()
    dev.now = 0
    try:
        dev.store = p.store()
    except Exception as err:
        dev.say({"event": "error", "kind": "store", "message": str(err)})
    dev.log = ErrorLog(dev.store)
    if _take_flag(dev):
        return _free(dev, MAINTENANCE, "maintenance flag")
    raw = problem = None
    try:  # (any error: a file unreadable or too big, JSON too deep, ...)
        raw = p.profile()
    except Exception as err:
        problem = err
    held = _held(dev, raw)
    if held & BACK:
        return _free(dev, SAFE, "BACK held at power-on")
    if problem is not None:
        return _bad_profile(dev, problem, raw)
    try:
        profile = load(raw)
        hal = p.hal(profile)
    except Exception as err:  # never a board that dies at power on
        return _bad_profile(dev, err, raw)
    dev.profile = profile
    dev.tick_ms = profile.tick_ms
    dev.wdt = p.wdt(WDT_MS)
    dev.tap = ChordHal(hal)
    colours = profile.colours
    dev.pattern = pixels.for_board(profile, hal)
    if "error" in colours:
        dev.error_rgb = colours["error"]
    dev.mode = PLAY
    dev.say({"event": "boot", "mode": PLAY})
    problem = getattr(hal, "display_problem", None)
    if problem is not None:
        dev.say({"event": "display", "problem": problem})
    # The profile's checks are let go by now, and collected as the runtime
    # is made: the game's code and state fill the heap from its start. On
    # a Pico the largest free block after boot is then 52 KB, not 7 KB:
    # room for MicroPython's table of interned names to double (about 10 KB
    # at once) when a module loaded later brings new names; a far seat's
    # failed there with a MemoryError (docs/FIRMWARE.md, "The heap after boot").
    try:
        dev.fresh_runtime()
    except Exception as err:
        dev._failed(err, dev.now)
    dev._hello()
    if held & MENU and dev.mode == PLAY:  # MENU held at power-on: the self-test first
        try:
            dev.start_selftest("menu")
        except Exception as err:
            dev._failed(err, dev.now)
    return True


def _take_flag(dev):
    store = dev.store
    if store is None:
        return False
    try:
        if store.size(FLAG) < 0:
            return False
        store.remove(FLAG)
    except Exception as err:
        dev.say({"event": "error", "kind": "store", "message": str(err)})
        return False
    return True


def _held(dev, raw):
    # The buttons held at power-on: BACK (safe mode), MENU (the self-test).
    held = MENU | BACK
    try:
        for i in range(BOOT_SAMPLES):
            if i:
                dev.p.sleep_ms(BOOT_SAMPLE_MS)
            held &= dev.p.boot_buttons(raw)
    except Exception:
        return 0
    return held


def _free(dev, mode, why):
    dev.mode = mode
    dev.say({"event": "boot", "mode": mode, "why": why})
    dev._drain(DRAIN_MS)
    return False


def _bad_profile(dev, err, raw):
    kind = "" if isinstance(err, (ValueError, OSError)) else type(err).__name__ + ": "
    try:
        blink = dev.p.error_light(raw or {})
    except Exception:
        blink = None
    dev.profile_failed(kind + str(err), blink)  # (a ProfileError's message starts with the key)
    return True
