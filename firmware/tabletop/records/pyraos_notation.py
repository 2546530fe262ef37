"""The record notation of Pyraos events (docs/RECORDS.md).

    from tabletop.records import pyraos_notation as words
    words.to_json((pyraos.PLACE, 0, 5, -1))        # {"p": 0, "place": "b2"}
    words.from_json({"p": 0, "raise": ["a1", "2b2"]}, "standard")

A Pyraos game has no deal: every event is a move.
"""

from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import position_index, position_name
from tabletop.rules.values import show

_KEYS = ("", "place", "raise", "remove")  # by move kind (pyraos.PLACE, RAISE, REMOVE)


def is_deal(event):
    return False


def to_json(move):
    """The record object (a dict) of a move tuple."""
    kind, p, a, b = move
    if kind == pyraos.PLACE:
        return {"p": p, "place": position_name(a)}
    return {
        "p": p,
        _KEYS[kind]: [position_name(a)] if b < 0 else [position_name(a), position_name(b)],
    }


def _pos(value, what):
    try:
        return position_index(value)
    except ValueError:
        from tabletop.records.shape import Malformed

        raise Malformed('%s: %s is not a position like "b2" or "2a1"', what, show(value))


def from_json(obj, variant, board=False):
    """The move tuple of a record object; Malformed (a ValueError) if malformed. (``board``:
    a board's own journal reads this the same as any record.)"""
    from tabletop.records.shape import Malformed, move_parts

    p, what, value = move_parts(obj, _KEYS[1:])
    if what == "place":
        return (pyraos.PLACE, p, _pos(value, what), -1)
    n = len(value) if type(value) is list else 0
    if what == "raise" and n != 2:
        raise Malformed("raise needs a list of two positions: from and to")
    if not 1 <= n <= 2:
        raise Malformed("remove needs a list of one or two positions")
    b = _pos(value[1], what) if n == 2 else -1
    return (_KEYS.index(what), p, _pos(value[0], what), b)
