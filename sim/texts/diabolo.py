"""Diabolo's record in words (sim.texts.moves): "Round 1 dealt (P1
deals)", "P2 plays red 5 to hell", "P3 puts out yellow 2", "P1 doubles
purple", and the end's reason."""

from __future__ import annotations

from collections.abc import Sequence

from sim.texts import _, moves
from sim.texts.moves import Event, Reasons, Who, deals_before, seat, unknown


def colour(letter: str) -> str:
    """A colour's letter (record notation) in words."""
    names = {"r": _("red"), "y": _("yellow"), "g": _("green"), "p": _("purple"), "b": _("blue")}
    return names.get(letter, letter)


def card(name: str) -> str:
    """A card as the record writes it (``"p4"``) in words: "purple 4"."""
    return _("{colour} {value}").format(colour=colour(name[:1]), value=name[1:])


def event(ev: Event, who: Who, before: Sequence[Event]) -> str:
    if "deal" in ev:
        n = deals_before(before) + 1
        return _("Round {n} dealt ({who} deals)").format(n=n, who=who(int(ev["deal"]["dealer"])))
    if "play" in ev:
        name, side = ev["play"]
        to = _("to heaven") if side == "heaven" else _("to hell")
        return _("{who} plays {card} {to}").format(who=seat(ev, who), card=card(name), to=to)
    if "discard" in ev:
        return _("{who} puts out {card}").format(who=seat(ev, who), card=card(ev["discard"]))
    if "double" in ev:
        return _("{who} doubles {colour}").format(who=seat(ev, who), colour=colour(ev["double"]))
    return unknown(ev)


KNOWN: Reasons = (
    (
        r"highest total (\d+) after (\d+) rounds",
        lambda who, t, n: _("the highest total, {total}, after {n} rounds").format(total=t, n=n),
    ),
    (
        r"shared highest total (\d+) after (\d+) rounds",
        lambda who, t, n: _("the highest total, {total}, after {n} rounds").format(total=t, n=n),
    ),
)


def reason(text: str, who: Who) -> str:
    return moves.reason(text, who, KNOWN)
