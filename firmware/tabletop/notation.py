"""The record notation of every game's events (shared/spec/records.md).

    from tabletop import notation
    notation.to_json("pyraos", (pyraos.PLACE, 0, 5, -1))   # {"p": 0, "place": "b2"}
    notation.from_json("pacal", "duel", {"p": 1, "take": 23})
    notation.position_index("2a1")      # 16; position_name(16) == "2a1"

``from_json`` checks the shape of a line (keys, types, position names) and
raises ValueError saying what is malformed; whether the event is legal is the
game state's business. The rule modules do not need this module: a board loads
it only to write or read its journal.
"""

from tabletop.rules.common import is_int, show
from tabletop.rules.pyraos_geometry import COL, LEVEL, LEVEL_SIZE, LEVEL_START, ROW

FORMAT = 1  # the record format these functions write (shared/spec/records.md)


def to_json(game, event):
    """The record object (a dict) for an event tuple of ``game``."""
    if game == "pacal":
        return _pacal_to_json(event)
    return _pyraos_to_json(event)


def from_json(game, variant, obj):
    """The event tuple for a record object of ``game``; ValueError if malformed."""
    if game == "pacal":
        return _pacal_from_json(obj, variant)
    return _pyraos_from_json(obj, variant)


_COLS = "abcd"


def position_name(i):
    """The record name of position i: ``a1`` on level 1, ``2b2`` above it."""
    k = LEVEL[i]
    s = _COLS[COL[i]] + str(ROW[i] + 1)
    return s if k == 1 else str(k) + s


def position_index(text):
    """The position named ``text`` (``a1``, ``1a1``, ``2c3``, ``4a1``...);
    ValueError for anything else."""
    if type(text) is not str or not 2 <= len(text) <= 3:
        raise ValueError("%r is not a position" % (text,))
    k = 1
    if len(text) == 3:
        k = "1234".find(text[0]) + 1
        if k == 0:
            raise ValueError("%r is not a position: level must be 1..4" % text)
        text = text[1:]
    n = LEVEL_SIZE[k - 1]
    x = _COLS.find(text[0])
    y = "1234".find(text[1])
    if not 0 <= x < n or not 0 <= y < n:
        raise ValueError(
            "%r is not a position on level %d" % (text if k == 1 else str(k) + text, k)
        )
    return LEVEL_START[k - 1] + y * n + x


def position_names(mask):
    """The names of the positions in a mask, in index order."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(position_name(i))
        mask >>= 1
        i += 1
    return out


def move_parts(obj, names):
    """Check the shape of a record move: ``"p"`` (a whole number) and exactly
    one of ``names``. Returns ``(p, name, value)``; ValueError says what is wrong."""
    if type(obj) is not dict:
        raise ValueError("a move must be a JSON object")
    if "p" not in obj:
        raise ValueError('a move needs key "p" (the player)')
    p = obj["p"]
    if not is_int(p):
        raise ValueError("p must be a player index, not %s" % show(p))
    if len(obj) != 2:
        raise ValueError('a move has "p" and exactly one of %s' % ", ".join(names))
    for key in obj:
        if key != "p":
            if key not in names:
                raise ValueError("unknown key %s in a move" % show(key))
            return p, key, obj[key]
    raise ValueError('a move needs one of %s besides "p"' % ", ".join(names))


def int_list(value, what, size=-1):
    """A JSON list of whole numbers as a tuple (of ``size`` items if given)."""
    if type(value) is not list:
        raise ValueError("%s must be a list of numbers, not %s" % (what, show(value)))
    for v in value:
        if not is_int(v):
            raise ValueError("%s must hold whole numbers, not %s" % (what, show(v)))
    if size >= 0 and len(value) != size:
        raise ValueError("%s needs exactly %d numbers" % (what, size))
    return tuple(value)


def only_keys(obj, keys, what):
    """Check that a JSON object has exactly ``keys``."""
    if type(obj) is not dict:
        raise ValueError("%s must be an object" % what)
    for k in obj:
        if k not in keys:
            raise ValueError("unknown key %s in %s" % (show(k), what))
    for k in keys:
        if k not in obj:
            raise ValueError("%s needs key %s" % (what, show(k)))


# -- Pacal ------------------------------------------------------------

_PACAL = ("deal", "offer", "take", "place", "keep")


def _pacal_to_json(event):
    from tabletop.rules import pacal  # a Pyraos board never loads Pacal

    kind, p, a, b = event
    if kind == pacal.DEAL:
        if type(a[0]) is tuple:
            return {"deal": {"hands": [list(a[0]), list(a[1])], "aside": list(b), "first": p}}
        return {"deal": {"pile": list(a), "aside": list(b)}}
    if kind == pacal.OFFER or kind == pacal.PLACE:
        return {"p": p, _PACAL[kind]: [a, b]}
    return {"p": p, _PACAL[kind]: a}


def _pacal_from_json(obj, variant):
    from tabletop.rules import pacal

    if type(obj) is dict and "deal" in obj:
        only_keys(obj, ("deal",), "a deal line")
        d = obj["deal"]
        if variant == pacal.SOLO:
            only_keys(d, ("pile", "aside"), "a solo deal")
            return (pacal.DEAL, 0, int_list(d["pile"], "pile"), int_list(d["aside"], "aside"))
        only_keys(d, ("hands", "aside", "first"), "a duel deal")
        hands = d["hands"]
        if type(hands) is not list or len(hands) != 2:
            raise ValueError("hands must be a list of two hands")
        first = d["first"]
        if not is_int(first):
            raise ValueError("first must be 0 or 1, not %s" % show(first))
        h = (int_list(hands[0], "hands[0]"), int_list(hands[1], "hands[1]"))
        return (pacal.DEAL, first, h, int_list(d["aside"], "aside"))
    p, key, value = move_parts(obj, _PACAL[1:])
    kind = _PACAL.index(key)
    if kind == pacal.OFFER or kind == pacal.PLACE:
        a, b = int_list(value, key, 2)
        return (kind, p, a, b)
    if not is_int(value):
        raise ValueError("%s needs a card number, not %s" % (key, show(value)))
    return (kind, p, value, 0)


# -- Pyraos -----------------------------------------------------------

_PYRAOS = ("", "place", "raise", "remove")


def _pyraos_to_json(move):
    from tabletop.rules import pyraos

    kind, p, a, b = move
    if kind == pyraos.PLACE:
        return {"p": p, "place": position_name(a)}
    return {
        "p": p,
        _PYRAOS[kind]: [position_name(a)] if b < 0 else [position_name(a), position_name(b)],
    }


def _pos(value, what):
    try:
        return position_index(value)
    except ValueError:
        raise ValueError('%s: %s is not a position like "b2" or "2a1"' % (what, show(value)))


def _pyraos_from_json(obj, variant):
    from tabletop.rules import pyraos

    p, what, value = move_parts(obj, _PYRAOS[1:])
    if what == "place":
        return (pyraos.PLACE, p, _pos(value, what), -1)
    n = len(value) if type(value) is list else 0
    if what == "raise" and n != 2:
        raise ValueError("raise needs a list of two positions: from and to")
    if not 1 <= n <= 2:
        raise ValueError("remove needs a list of one or two positions")
    b = _pos(value[1], what) if n == 2 else -1
    return (_PYRAOS.index(what), p, _pos(value[0], what), b)
