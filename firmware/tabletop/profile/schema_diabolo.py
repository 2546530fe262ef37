"""What a Diabolo board profile must say beyond the keys every board has
(tabletop.profile.schema calls ``check``; docs/DEVICE.md, "The Diabolo board").
A ``computer`` seat must be one of the ``players`` seats a game starts with
(``{"seat": 3}`` needs ``"players": 4`` or 5).

    "players": 4,                                   # seats when a game starts (3..5)
    "rows": {"r": {"hell": [0, 1, 2], "heaven": [3, 4, 5]}, "y": ..., "b": ...},
    "reader": {"bits": [32, 33, 34, 35, 36, 37, 38]},

``rows`` gives the shift-register bit of each slot's presence sensor, per
row (r y g p b) and side, the slot next to the row card first; ``reader``
the bits of the card reader's seven code spots, spot 0 first. The lights
(led_map) are ``r.hell.1`` .. ``b.heaven.3``, ``lock.r`` .. ``lock.b`` and
``turn0`` .. ``turn4``.
"""

from tabletop.rules.values import is_int

ROWS = "rygpb"
SIDES = ("hell", "heaven")
SEATS = 5
SLOTS = 3  # per side of a row
KEYS = ("players", "rows", "reader")  # the top-level keys of this game's boards alone


def led_names():
    names = ["%s.%s.%d" % (r, s, k) for r in ROWS for s in SIDES for k in range(1, SLOTS + 1)]
    names += ["lock." + r for r in ROWS]
    names += ["turn%d" % i for i in range(SEATS)]
    return names


def check(c, p):
    """Fill the Diabolo part of ``p`` from the profile walker ``c``
    (tabletop.profile.schema._Check); ProfileError names the first bad key."""
    if p.registers < 5:
        c.fail("registers", "a Diabolo board needs at least 5 shift registers (37 sensors)")
    for k in ("players", "rows", "reader"):
        if k not in c.obj:
            c.fail(k, "missing (a Diabolo board needs it)")
    p.players = c.int("players", 3, SEATS)
    top = 8 * p.registers - 1
    used = []
    r = c.sub("rows")
    r.keys(tuple(ROWS))
    bits = []
    for row in ROWS:
        one = r.sub(row)
        one.keys(SIDES)
        for side in SIDES:
            for k in one.ints(side, SLOTS, 0, top):
                if k in used:
                    one.fail(side, "bit %d is already used" % k)
                used.append(k)
                bits.append(k)
    p.presence_bits = tuple(bits)
    d = c.sub("reader")
    d.keys(("bits",))
    spots = d.ints("bits", 7, 0, top)
    for k in spots:
        if k in used:
            d.fail("bits", "bit %d is already used" % k)
    p.slot_bits = (spots,)
    seat = c.obj.get("computer")
    seat = seat.get("seat") if type(seat) is dict else None
    if is_int(seat) and seat >= p.players:  # (its other keys: tabletop.profile.schema)
        c.sub("computer").fail(
            "seat", "must be a whole number -1..%d (a game starts with %d players)"
            % (p.players - 1, p.players)
        )  # fmt: skip
