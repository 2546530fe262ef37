"""Checks of the shape of a record line's JSON, shared by the games' notations.

    p, key, value = move_parts(obj, ("place", "raise", "remove"))
    cards = int_list(value, "offer", 2)     # a tuple of whole numbers
    only_keys(deal, ("pile", "aside"), "a solo deal")

Each raises Malformed (a ValueError; tabletop.records.malformed) saying what
is malformed, in words a user can act on. ``what`` names the part: a key as
it is (``"offer"``) or a phrase, a Malformed itself (``Malformed("a solo deal")``).
"""

from tabletop.records.malformed import Malformed
from tabletop.rules.values import is_int, show

__all__ = ("Malformed", "int_list", "move_parts", "only_keys")  # (Malformed: the notations')


def move_parts(obj, names):
    """Check the shape of a record move: ``"p"`` (a whole number) and exactly
    one of ``names``. Returns ``(p, name, value)``; Malformed says what is wrong."""
    if type(obj) is not dict:
        raise Malformed("a move must be a JSON object")
    if "p" not in obj:
        raise Malformed('a move needs key "p" (the player)')
    p = obj["p"]
    if not is_int(p):
        raise Malformed("p must be a player index, not %s", show(p))
    if len(obj) != 2:
        raise Malformed('a move has "p" and exactly one of %s', ", ".join(names))
    for key in obj:
        if key != "p":
            if key not in names:
                raise Malformed("unknown key %s in a move", show(key))
            return p, key, obj[key]
    raise Malformed('a move needs one of %s besides "p"', ", ".join(names))


def int_list(value, what, size=-1):
    """A JSON list of whole numbers as a tuple (of ``size`` items if given)."""
    if type(value) is not list:
        raise Malformed("%s must be a list of numbers, not %s", what, show(value))
    for v in value:
        if not is_int(v):
            raise Malformed("%s must hold whole numbers, not %s", what, show(v))
    if size >= 0 and len(value) != size:
        raise Malformed("%s needs exactly %d numbers", what, size)
    return tuple(value)


def only_keys(obj, keys, what):
    """Check that a JSON object has exactly ``keys``."""
    if type(obj) is not dict:
        raise Malformed("%s must be an object", what)
    for k in obj:
        if k not in keys:
            raise Malformed("unknown key %s in %s", show(k), what)
    for k in keys:
        if k not in obj:
            raise Malformed("%s needs key %s", what, show(k))
