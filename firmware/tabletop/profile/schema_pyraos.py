"""What a Pyraos board profile must say beyond the keys every board has
(tabletop.profile.schema calls ``check``; docs/FIRMWARE.md, "Profiles").

    "sensors": {"a1": {"channel": 0, "base": 32768, "gain": 1.0}, ...},   # all 25
    "model": {"pitch_mm": 25.0, "depth_mm": 9.0, "moment": 7290000.0, "noise": 15.0},
    "match": {"margin": 25.0, "max_error": 6.0, "model_error": 0.12},

The lights (led_map) are the 25 sensors' cups and points, ``turn0``,
``turn1`` and each reserve's 15 marbles (``reserve0.0`` .. ``reserve1.14``).
"""

from tabletop.profile.schema import PYRAOS_SENSORS

RESERVE = 15  # marbles per colour, each with its light
KEYS = ("sensors", "model", "match")  # the top-level keys of this game's boards alone


def led_names():
    names = list(PYRAOS_SENSORS) + ["turn0", "turn1"]
    names += ["reserve%d.%d" % (s, i) for s in (0, 1) for i in range(RESERVE)]
    return names


def check(c, p):
    """Fill the Pyraos part of ``p`` from the profile walker ``c``
    (tabletop.profile.schema._Check); ProfileError names the first bad key."""
    if not p.analog_channels:
        c.fail("analog", "a Pyraos board needs analog sensors")
    for k in ("sensors", "model", "match"):
        if k not in c.obj:
            c.fail(k, "missing (a Pyraos board needs it)")
    s = c.sub("sensors")
    s.keys(PYRAOS_SENSORS)
    chans = []
    base = []
    gain = []
    for name in PYRAOS_SENSORS:
        one = s.sub(name)
        one.keys(("channel", "base", "gain"))
        ch = one.int("channel", 0, p.analog_channels - 1)
        if ch in chans:
            one.fail("channel", "channel %d is already used by another sensor" % ch)
        chans.append(ch)
        base.append(one.int("base", 0, 65535))
        gain.append(one.number("gain", -100, 100))
    p.sensor_channels = tuple(chans)
    p.sensor_base = tuple(base)
    p.sensor_gain = tuple(gain)
    m = c.sub("model")
    m.keys(("pitch_mm", "depth_mm", "moment", "noise"))
    p.pitch_mm = m.number("pitch_mm", 5, 100)
    p.depth_mm = m.number("depth_mm", 1, 100)
    p.moment = m.number("moment", 1, 1e12)
    p.noise = m.number("noise", 0.1, 10000)
    t = c.sub("match")
    t.keys(("margin", "max_error", "model_error"))
    p.match_margin = t.number("margin", 0, 1e6)
    p.match_max_error = t.number("max_error", 0, 1e6)
    p.match_model_error = t.number("model_error", 0, 1)
