"""Pacal's record in words (sim.texts.moves): "Round 2 dealt (P2 offers
first)", "P1 offers 16 and 18", "P2 takes 16", "P1 builds 18 on field 4",
"P2 keeps 7 unbuilt", and the end's reason (docs/RULES.md's words: a card is
built on a field of the pyramid)."""

from __future__ import annotations

from collections.abc import Sequence

from sim.texts import _, moves
from sim.texts.moves import Event, Reasons, Who, deals_before, seat, unknown


def event(ev: Event, who: Who, before: Sequence[Event]) -> str:
    if "deal" in ev:
        deal = ev["deal"]
        if "pile" in deal:
            return _("The pile is dealt")
        dealt = _("Round {n} dealt").format(n=deals_before(before) + 1)
        if "first" not in deal:
            return dealt
        return _("{dealt} ({who} offers first)").format(dealt=dealt, who=who(int(deal["first"])))
    if "offer" in ev:
        a, b = ev["offer"]
        return _("{who} offers {a} and {b}").format(who=seat(ev, who), a=a, b=b)
    if "take" in ev:
        return _("{who} takes {card}").format(who=seat(ev, who), card=ev["take"])
    if "place" in ev:
        card, field = ev["place"]
        return _("{who} builds {card} on field {field}").format(
            who=seat(ev, who), card=card, field=field
        )
    if "keep" in ev:
        return _("{who} keeps {card} unbuilt").format(who=seat(ev, who), card=ev["keep"])
    return unknown(ev)


KNOWN: Reasons = (
    (r"card (\d+) fits nowhere", lambda who, c: _("card {card} fits nowhere").format(card=c)),
    (
        r"pyramid complete with (\d+) cards",
        lambda who, n: _("the pyramid is complete with {n} cards").format(n=n),
    ),
    (r"won (\d+) rounds", lambda who, n: _("{n} rounds won").format(n=n)),
    (r"neither player can build", lambda who: _("neither player can build")),
    (
        r"player (\d+) cannot build (\d+)",
        lambda who, p, c: _("{who} cannot build {card}").format(who=who(p), card=c),
    ),
    (
        r"both pyramids complete with equal spread (\d+)",
        lambda who, s: _("both pyramids complete with the same spread, {s}").format(s=s),
    ),
    (
        r"both pyramids complete, smaller spread wins \((\d+) vs (\d+)\)",
        lambda who, a, b: _("both pyramids complete, the smaller spread wins ({a} to {b})").format(
            a=a, b=b
        ),
    ),
    (
        r"both pyramids complete, larger spread wins \((\d+) vs (\d+)\)",
        lambda who, a, b: _("both pyramids complete, the larger spread wins ({a} to {b})").format(
            a=a, b=b
        ),
    ),
    (r"pyramid complete", lambda who: _("the pyramid is complete")),
    (r"no pyramid complete after all cards", lambda who: _("no pyramid complete after all cards")),
)


def reason(text: str, who: Who) -> str:
    return moves.reason(text, who, KNOWN)
