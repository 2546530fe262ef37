"""What a Pacal board profile must say beyond the keys every board has
(tabletop.profile.schema calls ``check``; docs/FIRMWARE.md, "Profiles").

    "fields": {"0": [{"channel": 0, "levels": [32768, 39000, 45000], "hysteresis": 1000},
                     ...], "1": [...]},       # each player's 10 fields, field 1 first
    "slots": [{"bits": [0, 1, 2, 3, 4, 5, 6]}, {"bits": [...]}],   # the 2 offer slots

``levels`` are a field's readings with 0, 1 and 2 cards on it; ``bits`` the
shift-register bits of a card reader's seven code spots. The lights
(led_map) are ``field0.1`` .. ``field1.10``, ``slot0``, ``slot1``, ``turn0``,
``turn1`` and each player's won rounds ``win0.1`` .. ``win1.3``.
"""

FIELDS = 10  # per player's pyramid
WINS = 3  # rounds to win a match, each with its light
KEYS = ("fields", "slots")  # the top-level keys of this game's boards alone


def led_names():
    names = ["field%d.%d" % (s, f) for s in (0, 1) for f in range(1, FIELDS + 1)]
    names += ["slot0", "slot1", "turn0", "turn1"]
    names += ["win%d.%d" % (s, i) for s in (0, 1) for i in range(1, WINS + 1)]
    return names


def check(c, p):
    """Fill the Pacal part of ``p`` from the profile walker ``c``
    (tabletop.profile.schema._Check); ProfileError names the first bad key."""
    if not p.analog_channels:
        c.fail("analog", "a Pacal board needs analog field sensors")
    if p.registers < 2:
        c.fail("registers", "a Pacal board needs at least 2 shift registers (14 code spots)")
    for k in ("fields", "slots"):
        if k not in c.obj:
            c.fail(k, "missing (a Pacal board needs it)")
    f = c.sub("fields")
    f.keys(("0", "1"))
    chans = []
    levels = []
    hyst = []
    for side in ("0", "1"):
        lst = f.obj[side]
        if type(lst) is not list or len(lst) != FIELDS:
            f.fail(side, "must list the %d fields of the pyramid" % FIELDS)
        for i in range(FIELDS):
            one = c.at(lst[i], "fields.%s.%d." % (side, i + 1))
            one.keys(("channel", "levels", "hysteresis"))
            ch = one.int("channel", 0, p.analog_channels - 1)
            if ch in chans:
                one.fail("channel", "channel %d is already used by another field" % ch)
            chans.append(ch)
            lv = one.ints("levels", 3, 0, 65535, distinct=False)
            if not (lv[0] < lv[1] < lv[2] or lv[0] > lv[1] > lv[2]):
                one.fail("levels", "readings for 0, 1 and 2 cards must rise (or fall) in turn")
            h = one.int("hysteresis", 0, 20000)
            if 2 * h >= min(abs(lv[1] - lv[0]), abs(lv[2] - lv[1])):
                one.fail("hysteresis", "must be less than half the step between levels")
            levels.append(lv)
            hyst.append(h)
    p.field_channels = tuple(chans)
    p.field_levels = tuple(levels)
    p.field_hysteresis = tuple(hyst)
    s = c.sub("slots")
    if type(s.obj) is not list or len(s.obj) != 2:
        s.fail("", "must list the 2 offer slots")
    bits = []
    slots = []
    for i in range(2):
        one = c.at(s.obj[i], "slots.%d." % i)
        one.keys(("bits",))
        b = one.ints("bits", 7, 0, 8 * p.registers - 1)
        for k in b:
            if k in bits:
                one.fail("bits", "bit %d is already used" % k)
            bits.append(k)
        slots.append(b)
    p.slot_bits = tuple(slots)
