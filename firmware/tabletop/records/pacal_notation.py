"""The record notation of Pacal events (docs/RECORDS.md).

    from tabletop.records import pacal_notation as words
    words.to_json((pacal.TAKE, 1, 23, 0))          # {"p": 1, "take": 23}
    words.from_json({"p": 0, "offer": [7, 31]}, "duel")
    words.is_deal(event)                           # a deal line, not a move

A board never sees the hidden hands: its deal is ``(DEAL, first, None,
seen)`` (``seen``: the two base cards it read, or None in solo) and is
written ``{"deal": {"first": 1, "seen": [12, 40]}}``, a line the
specification has no form for. Only a board's own journal reads it back
(``from_json(..., board=True)``); every other reader rejects it.
"""

from tabletop.rules import pacal
from tabletop.rules.values import is_int, show

_KEYS = ("deal", "offer", "take", "place", "keep")  # by event kind (pacal.DEAL ... KEEP)


def is_deal(event):
    return event[0] == pacal.DEAL


def to_json(event):
    """The record object (a dict) of an event tuple."""
    kind, p, a, b = event
    if kind == pacal.DEAL:
        if a is None:  # a board's deal
            return {"deal": {"first": p, "seen": list(b or ())}}
        if type(a[0]) is tuple:
            return {"deal": {"hands": [list(a[0]), list(a[1])], "aside": list(b), "first": p}}
        return {"deal": {"pile": list(a), "aside": list(b)}}
    if kind == pacal.OFFER or kind == pacal.PLACE:
        return {"p": p, _KEYS[kind]: [a, b]}
    return {"p": p, _KEYS[kind]: a}


def from_json(obj, variant, board=False):
    """The event tuple of a record object; Malformed (a ValueError) if malformed. With
    ``board``, a board's own deal line is read too."""
    from tabletop.records.shape import Malformed, int_list, move_parts, only_keys

    if type(obj) is dict and "deal" in obj:
        only_keys(obj, ("deal",), Malformed("a deal line"))
        d = obj["deal"]
        if board and type(d) is dict and "seen" in d:
            return _board_deal(d)
        if variant == pacal.SOLO:
            only_keys(d, ("pile", "aside"), Malformed("a solo deal"))
            return (pacal.DEAL, 0, int_list(d["pile"], "pile"), int_list(d["aside"], "aside"))
        only_keys(d, ("hands", "aside", "first"), Malformed("a duel deal"))
        hands = d["hands"]
        if type(hands) is not list or len(hands) != 2:
            raise Malformed("hands must be a list of two hands")
        first = d["first"]
        if not is_int(first):
            raise Malformed("first must be 0 or 1, not %s", show(first))
        h = (int_list(hands[0], "hands[0]"), int_list(hands[1], "hands[1]"))
        return (pacal.DEAL, first, h, int_list(d["aside"], "aside"))
    p, key, value = move_parts(obj, _KEYS[1:])
    kind = _KEYS.index(key)
    if kind == pacal.OFFER or kind == pacal.PLACE:
        a, b = int_list(value, key, 2)
        return (kind, p, a, b)
    if not is_int(value):
        raise Malformed("%s needs a card number, not %s", key, show(value))
    return (kind, p, value, 0)


def _board_deal(d):
    from tabletop.records.shape import Malformed, int_list, only_keys

    only_keys(d, ("first", "seen"), Malformed("a board's deal"))
    seen = int_list(d["seen"], "seen")
    first = d["first"]
    if first != 0 and first != 1:
        raise Malformed("first must be 0 or 1")
    return (pacal.DEAL, first, None, seen if seen else None)
