"""Pyraos's record in words (sim.texts.moves): "Light places b3", "Dark
raises d4 to b3, takes back c2", and the end's reason."""

from __future__ import annotations

from collections.abc import Sequence

from sim.texts import _, moves
from sim.texts.moves import Event, Reasons, Who, seat, together, unknown

TOP = "4a1"


def side(seat: int) -> str:
    """A seat by its marbles' colour: Light (0), Dark (1)."""
    return _("Light") if seat == 0 else _("Dark")


seat_word = side  # the seats' names (sim.texts.moves.seat_words)


def event(ev: Event, who: Who, before: Sequence[Event]) -> str:
    if "place" in ev:
        if ev["place"] == TOP:
            return _("{who} places the top marble").format(who=seat(ev, who))
        return _("{who} places {to}").format(who=seat(ev, who), to=ev["place"])
    if "raise" in ev:
        frm, to = ev["raise"]
        return _("{who} raises {frm} to {to}").format(who=seat(ev, who), frm=frm, to=to)
    if "remove" in ev:
        return _("{who} takes back {what}").format(who=seat(ev, who), what=_taken(ev))
    return unknown(ev)


def joins(ev: Event) -> bool:
    """A take-back is told with the move that earned it."""
    return "remove" in ev


def joined(line: str, ev: Event, who: Who) -> str:
    return _("{move}, takes back {what}").format(move=line, what=_taken(ev))


def _taken(ev: Event) -> str:
    return together(list(ev["remove"]))


KNOWN: Reasons = (
    (
        r"player (\d+) placed the top marble",
        lambda who, p: _("{who} placed the top marble").format(who=who(p)),
    ),
    (
        r"player (\d+) has no marbles left",
        lambda who, p: _("{who} has no marbles left").format(who=who(p)),
    ),
    (
        r"the same position came up (\d+) times",
        lambda who, n: _("the same position came up {n} times").format(n=n),
    ),
)


def reason(text: str, who: Who) -> str:
    return moves.reason(text, who, KNOWN)
