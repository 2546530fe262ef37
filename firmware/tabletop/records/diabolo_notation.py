"""The record notation of Diabolo events (docs/RECORDS.md).

    from tabletop.records import diabolo_notation as words
    words.to_json((diabolo.PLAY, 2, 34, diabolo.HEAVEN))   # {"p": 2, "play": ["p4", "heaven"]}
    words.from_json({"p": 0, "double": "p"}, "standard")  # (DOUBLE, 0, PURPLE, 0)
    words.card_name(34), words.card_index("p4")           # "p4", 34

A card is written as its colour's letter and its value (``"p4"``), a
colour as its letter, a side as ``"hell"`` or ``"heaven"``.

A board never knows the pile: its deal is ``(DEAL, dealer, None, seen)``,
written ``{"deal": {"dealer": 2, "seen": [["r1", "p4"], [], ["b5"]]}}``:
``seen`` holds, per seat, the cards the board saw shown when the round
before was scored (empty in the first round; tabletop.board.diabolo_model).
The specification has no form for it: only a board's own journal reads it
back (``from_json(..., board=True)``); every other reader rejects it. This is the only
place those texts are made or read; the rules know cards as ints
(tabletop.rules.diabolo_cards).
"""

from tabletop.rules import diabolo
from tabletop.rules.values import is_int, show

LETTERS = "rygpb"  # by colour: RED .. BLUE
SIDES = ("hell", "heaven")  # by side: HELL, HEAVEN
_KEYS = ("deal", "play", "discard", "double")  # by event kind (diabolo.DEAL ... DOUBLE)


def card_name(card):
    """The text of a card int: ``"p4"``."""
    return "%s%d" % (LETTERS[card // 10], card % 10)


def card_index(text):
    """The card int of a text like ``"p4"``; Malformed if it is none."""
    from tabletop.records.shape import Malformed

    if type(text) is not str or len(text) != 2 or text[0] not in LETTERS or text[1] not in "12345":
        raise Malformed('%s is not a card like "p4"', show(text))
    return diabolo.make_card(LETTERS.index(text[0]), int(text[1]))


def is_deal(event):
    return event[0] == diabolo.DEAL


def to_json(event):
    """The record object (a dict) of an event tuple."""
    kind, p, a, b = event
    if kind == diabolo.DEAL:
        if a is None:  # a board's deal
            return {"deal": {"dealer": p, "seen": [[card_name(c) for c in h] for h in b or ()]}}
        return {"deal": {"dealer": p, "pile": [card_name(c) for c in a]}}
    if kind == diabolo.PLAY:
        return {"p": p, "play": [card_name(a), SIDES[b]]}
    if kind == diabolo.DISCARD:
        return {"p": p, "discard": card_name(a)}
    return {"p": p, "double": LETTERS[a]}


def from_json(obj, variant, board=False):
    """The event tuple of a record object; Malformed (a ValueError) if malformed. With
    ``board``, a board's own deal line is read too."""
    from tabletop.records.shape import Malformed, move_parts, only_keys

    if type(obj) is dict and "deal" in obj:
        only_keys(obj, ("deal",), Malformed("a deal line"))
        d = obj["deal"]
        if board and type(d) is dict and "seen" in d:
            return _board_deal(d)
        only_keys(d, ("dealer", "pile"), Malformed("a deal"))
        dealer = d["dealer"]
        if not is_int(dealer):
            raise Malformed("dealer must be a player index, not %s", show(dealer))
        pile = d["pile"]
        if type(pile) is not list:
            raise Malformed('pile must be a list of cards like "p4", not %s', show(pile))
        return (diabolo.DEAL, dealer, tuple(card_index(c) for c in pile), 0)
    p, key, value = move_parts(obj, _KEYS[1:])
    if key == "play":
        if type(value) is not list or len(value) != 2:
            raise Malformed('play needs a list of a card and a side: ["p4", "heaven"]')
        if value[1] not in SIDES:
            raise Malformed('%s is not a side: "hell" or "heaven"', show(value[1]))
        return (diabolo.PLAY, p, card_index(value[0]), SIDES.index(value[1]))
    if key == "discard":
        return (diabolo.DISCARD, p, card_index(value), 0)
    if type(value) is not str or len(value) != 1 or value not in LETTERS:
        raise Malformed("double needs a colour letter (r, y, g, p or b), not %s", show(value))
    return (diabolo.DOUBLE, p, LETTERS.index(value), 0)


def _board_deal(d):
    from tabletop.records.shape import Malformed, only_keys

    only_keys(d, ("dealer", "seen"), Malformed("a board's deal"))
    dealer = d["dealer"]
    if not is_int(dealer):
        raise Malformed("dealer must be a player index, not %s", show(dealer))
    seen = d["seen"]
    if type(seen) is not list or len(seen) > diabolo.MAX_PLAYERS:
        raise Malformed("seen must be a list of the cards each player showed")
    hands = []
    for h in seen:
        if type(h) is not list:
            raise Malformed('seen must hold lists of cards like "p4"')
        hands.append(tuple(card_index(c) for c in h))
    return (diabolo.DEAL, dealer, None, tuple(hands) if hands else None)
