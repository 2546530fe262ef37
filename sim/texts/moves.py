"""A game's record in words: what the panel's move list and the terminal's
say of each event, and of the game's end (the rules' reason put in words).

    from sim.texts import moves
    moves.lines("pyraos", events, who)     # events: record notation (JSON objects,
                                           # docs/RECORDS.md); who(seat) names a seat
    moves.lines_of("pyraos", texts, who)   # ... the events as JSON text, one each
    moves.outcome("pyraos", "standard", outcome, who)   # "Dark wins: Light has no marbles left"
    moves.seat_words("pyraos")(1)          # "Dark": the game's seat names (else P1, P2)

Each game's words are its own module, chosen by the game's name
(``sim.part(game, "texts")``: sim.texts.pyraos, .pacal, .diabolo), each with

    event(ev, who, before)   # one event in words (``before``: the events before it)
    reason(text, who)        # the rules' reason for the end (tabletop.rules) in words
    joins(ev)                # (optional) True: ``ev`` is told on the line before it
    joined(line, ev, who)    # ... that line with it told too

so a move and its take-back are one line ("Dark raises d4 to b3, takes
back c2"). Every text goes through ``_`` (sim.texts).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from sim import part
from sim.texts import N_, _

Who = Callable[[int], str]  # a seat's name in words: who(0) == "Light"
Event = dict[str, Any]  # one event of a record (record notation)


def lines(game: str, events: Sequence[Event], who: Who) -> list[str]:
    """``events`` of a ``game`` record in words, one line per move (a move
    and the events that finish it, Pyraos's take-back, on one line)."""
    texts = part(game, "texts")
    joins = getattr(texts, "joins", None)  # (a game whose events are each a line has none)
    out: list[str] = []
    for i, ev in enumerate(events):
        if out and joins is not None and joins(ev):
            out[-1] = texts.joined(out[-1], ev, who)
        else:
            out.append(texts.event(ev, who, events[:i]))
    return out


def lines_of(game: str, texts: Sequence[str], who: Who) -> list[str]:
    """``lines`` of the events written as JSON text, one event each (what
    sim.table.table's ``moves_text`` gives)."""
    return lines(game, [json.loads(text) for text in texts], who)


def outcome(game: str, variant: str, end: Any, who: Who) -> str:
    """The end of a game in words: who won (or that nobody did) and why:
    ``end`` is the rules' outcome (``winner``: a seat, a tuple of seats
    sharing the win, or None; ``reason``: the rules' words)."""
    why = part(game, "texts").reason(end.reason, who)
    winner = end.winner
    if winner is None:
        won = _("Solo game lost") if variant == "solo" else _("Draw")
    elif isinstance(winner, (tuple, list)):
        won = _("{who} share the win").format(who=together([who(p) for p in winner]))
    elif variant == "solo":
        won = _("Solo game won")
    else:
        won = _("{who} wins").format(who=who(winner))
    return _("{won}: {why}").format(won=won, why=why)


# the variants' names (tabletop.games), as the panel's title names them
VARIANTS = {
    "standard": N_("standard"),
    "kids": N_("kids"),
    "lines": N_("lines"),
    "duel": N_("duel"),
    "solo": N_("solo"),
}


def variant(name: str) -> str:
    """A variant's name (tabletop.games) in words: one not listed, as it is."""
    return _(VARIANTS[name]) if name in VARIANTS else name


def together(names: Sequence[str]) -> str:
    """``["P1", "P2", "P3"]`` as "P1, P2 and P3"."""
    if len(names) < 2:
        return "".join(names)
    return _("{some} and {last}").format(some=", ".join(names[:-1]), last=names[-1])


def numbered(seat: int) -> str:
    """A seat by its number, as the window, the terminal and the board name
    it: P1, P2 (nl S1, fr J1)."""
    return _("P{n}").format(n=seat + 1)


def seat_words(game: str) -> Who:
    """How ``game``'s seats are named where no view is at hand (the rules'
    reasons): its words' ``seat_word`` (Pyraos: Light, Dark), else P1, P2."""
    who: Who = getattr(part(game, "texts"), "seat_word", numbered)
    return who


def seat(ev: Event, who: Who) -> str:
    """The name of the player an event names (its ``p``)."""
    return who(int(ev["p"]))


def deals_before(before: Sequence[Event]) -> int:
    """How many deals ``before`` holds: the round a deal after them starts is one more."""
    return sum(1 for ev in before if "deal" in ev)


Reasons = Sequence[tuple[str, Callable[..., str]]]


def reason(text: str, who: Who, known: Reasons) -> str:
    """The rules' reason ``text`` in words: the first of ``known``, ``(pattern,
    words)``, whose pattern matches it whole gives ``words(who, *numbers)``
    (the pattern's groups, as numbers); one none matches is shown as it is."""
    for pattern, words in known:
        match = re.fullmatch(pattern, text)
        if match:
            return words(who, *(int(g) for g in match.groups()))
    return text


def unknown(ev: Event) -> str:
    """An event no game's words know (a newer record): its keys, no JSON."""
    return _("{what} (not known)").format(what=", ".join(k for k in ev if k != "p"))
