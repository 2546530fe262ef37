"""The record notation of every game's events (docs/RECORDS.md).

    from tabletop.records import notation
    notation.to_json("pyraos", (pyraos.PLACE, 0, 5, -1))   # {"p": 0, "place": "b2"}
    notation.from_json("pacal", "duel", {"p": 1, "take": 23})
    words = notation.for_game("pyraos")                     # the game's own module

Each game's notation is a module of its own (``pyraos_notation``,
``pacal_notation``, ``diabolo_notation``: ``to_json(event)``, ``from_json(obj, variant)``,
``is_deal(event)``), the part ``notation`` of tabletop.games, loaded only for
the game asked for; an unknown game is UnknownGame. ``from_json``
checks the shape of a line (keys, types, position names) and raises
Malformed (a ValueError, tabletop.records.malformed) saying what is
malformed; whether the event is legal is the game state's business. Those
checks (tabletop.records.shape, with Malformed) are imported inside
``from_json``, when a line is first read: a board writes its journal as it
plays and reads it only at power on.
Position names are tabletop.rules.pyraos_geometry's.
"""

from tabletop import games

FORMAT = 1  # the record format these functions write (docs/RECORDS.md)


def for_game(game):
    """The notation module of ``game`` (tabletop.games; UnknownGame if none)."""
    return games.part(game, "notation")


def to_json(game, event):
    """The record object (a dict) for an event tuple of ``game``."""
    return for_game(game).to_json(event)


def from_json(game, variant, obj):
    """The event tuple for a record object of ``game``; Malformed (a ValueError) if malformed."""
    return for_game(game).from_json(obj, variant)
