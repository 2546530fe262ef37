"""The mouse's hand on a Pacal table's cards, for the game's part
(sim.table.pacal's PacalCards): a card taken, carried and let go as the
window's mouse does it, and a whole move made of those as a person makes
it (the part's ``drag``, sim.table.part).

    grab(cards, ("hand", 0, 17))  # a card into the mouse's hand: from a hand, ("base", p),
                                  # ("pile",), ("slot", s) or ("field", f); False if none
    carry(cards, 4)               # carried over a field (-1: elsewhere)
    drop(cards, ("field", 4))     # laid on ("slot", s), ("field", f), else back to the hands;
                                  # returns why it cannot lie there, in words ("": it may)
    drag(cards, event, then)      # the steps of a whole move (sim.table.part's Part.drag)
    red_shown(cards, q)           # has the board shown seat q's card that fits nowhere red?

``cards`` is the part (``MouseCards``: what this uses of it). An offer: two
cards from the hand onto the slots. A take: the card lifted off its slot,
held until the board has seen it taken, and put into the hand (``then`` its
build: carried on straight onto the field); the other card stays on its
slot for its player. A build: the card from the hand (or off the slot it
still lies on) onto the field; a last card (and every solo card, from the
pile) read on its player's slot first. A keep: the last card read on the
slot, BACK, and back into the hand. None: a card of the person's that fits
nowhere (the part's ``to_show``) laid on the slot until it is red there,
and back into the hand.
"""

from __future__ import annotations

from typing import Any, Protocol

from sim.hand import HandError, Predicate, Steps, Wait, WaitFor
from sim.hand.pacal import fits_nowhere_shown
from sim.hardware.lights import same_colour
from sim.hardware.physics import PacalPhysics
from sim.table.part import (
    ANSWER_MS,
    HUMAN,
    MOVE_MS,
    NotByMouse,
    TableSide,
    accepted,
    check_legal,
    idle,
    press,
    think,
)
from sim.texts import _, reasons
from sim.texts.moves import numbered
from tabletop.rules import pacal

CARRY_MM = 40.0  # a card carried over a field
LOWER_MS = 120  # a card lowered onto a field before it is let go
DROP_MM = 2.0

Source = tuple[Any, ...]  # where a card lies: ("hand", p, card), ("slot", s), ("field", f) ...


class MouseCards(Protocol):
    """What the mouse's hand uses of the game's part."""

    table: TableSide
    physics: PacalPhysics
    variant: str
    mouse_card: int  # the card in the mouse's hand (0: none)

    @property
    def truth(self) -> Any:
        """The whole game, hands included."""

    def hand(self, p: int) -> list[int]:
        """The cards in player ``p``'s hand."""

    def base_top(self, p: int) -> int:
        """The top card of ``p``'s base while the round waits for its deal (0: none)."""

    def pile_top(self) -> int:
        """Solo: the card to build next while it lies on the pile (0: none)."""

    def to_show(self) -> list[tuple[int, int]]:
        """(seat, card): a card that fits nowhere the board still waits to see."""


def grab(cards: MouseCards, source: Source) -> bool:
    """Take a card into the mouse's hand: ``source`` ("hand", p, card) from
    p's hand, ("base", p) the top of p's base before a deal, ("pile",) solo's
    next card, ("slot", s) or ("field", f) the top card there; False if
    there is none, or a hand is busy."""
    ph = cards.physics
    now = cards.table.now
    if cards.mouse_card or cards.table.busy() or ph.held():
        return False
    kind = source[0]
    if kind == "hand":
        card = source[2]
        if card not in cards.hand(source[1]):
            return False
    elif kind == "base":
        card = cards.base_top(source[1])
    elif kind == "pile":
        card = cards.pile_top()
    elif kind == "slot":
        card = ph.slot_card(source[1])
        if card:
            ph.lift_from_slot(source[1], now)
            cards.mouse_card = card
        return bool(card)
    elif kind == "field":
        on_field = ph.field_cards(source[1])
        if not on_field:
            return False
        ph.lift_from_field(source[1], now)
        cards.mouse_card = on_field[-1]
        return True
    else:
        return False
    if not card:
        return False
    ph.take_card(card, now)
    cards.mouse_card = card
    return True


def carry(cards: MouseCards, field: int) -> None:
    """Hold the card over field ``field`` (0..19), or away (-1)."""
    if not cards.mouse_card:
        return
    if field >= 0:
        cards.physics.hold_over_field(field, CARRY_MM, cards.table.now)
    else:
        cards.physics.hold_away(cards.table.now)


def drop(cards: MouseCards, target: Source | None) -> str:
    """Let go of the card: on a slot, or lowered onto a field, else
    (``target`` None or elsewhere) back to its player's hand (or the
    pile). Returns why it cannot lie where it was let go, in words: a
    slot or field full (back to the hand), a field where the board does
    not take it (it lies there red); "" when it may."""
    ph = cards.physics
    now = cards.table.now
    card = cards.mouse_card
    if not card:
        return ""
    cards.mouse_card = 0
    target = target or ("away",)
    if target[0] == "slot":
        there = ph.slot_card(target[1])
        if not there:
            ph.lay_on_slot(target[1], now)
            return ""
        ph.put_away(now)
        return _("Slot {slot} holds {card} already: the card went back").format(
            slot=target[1] + 1, card=there
        )
    if target[0] == "field":
        if ph.stacks()[target[1]] < 2:
            why = _not_built(cards, card, target[1])
            cards.table.run(_lower(cards, target[1]))
            return why
        ph.put_away(now)
        return _("That field holds two cards: the card went back")
    ph.put_away(now)
    return ""


def _not_built(cards: MouseCards, card: int, f: int) -> str:
    # Why the board will not take ``card`` laid on field f (0..19) as a
    # build, in words ("": it will): as the board's game has it
    game = cards.table.game
    p, field = divmod(f, pacal.FIELDS)
    who = numbered(p)
    if game.phase != pacal.P_BUILD and game.phase != pacal.P_LAST:
        return _("{card} is not to be built now: lift it").format(card=card)
    if game.awaiting[p]:
        return _("{who}: lay {card} on slot {slot} first, to be read; lift it").format(
            who=who, card=card, slot=p + 1
        )
    want = game.pending[p]
    if want != card:
        if not want:
            return _("{who} has no card to build now: lift {card}").format(who=who, card=card)
        return _("{who} builds {want}, not {card}: lift it").format(who=who, want=want, card=card)
    fault = game.fault((pacal.PLACE, p, card, field + 1))
    if fault is None:
        return ""
    return _("{card} cannot go on field {field}: {why}; lift it").format(
        card=card, field=field + 1, why=reasons.reason("pacal", fault)
    )


def _lower(cards: MouseCards, field: int) -> Steps:
    ph = cards.physics
    ph.hold_over_field(field, DROP_MM, cards.table.now, LOWER_MS)
    yield Wait(LOWER_MS, "lower the card")
    ph.lay_on_field(field, cards.table.now)


def red_shown(cards: MouseCards, q: int) -> Predicate:
    """Has the board answered seat q's card that fits nowhere, once read
    (sim.hand.pacal's fits_nowhere_shown)?"""
    return fits_nowhere_shown(cards.table.hand.colours, cards.variant, q)


# -- the mouse's hand making a whole move ------------------------------------------------


def drag(cards: MouseCards, event: Any, then: Any = None) -> Steps:
    """The mouse's hand making ``event`` (sim.table.part's Part.drag)."""
    if event is None:
        mine = [(q, c) for q, c in cards.to_show() if cards.table.players[q] == HUMAN]
        if not mine:
            raise NotByMouse("nothing but a move is asked of a person now")
        return _show(cards, *mine[0])
    check_legal(cards.table, cards.truth, event, then, gestures=True)
    if event[0] == pacal.DEAL:
        raise NotByMouse("a round's deal is the table's hand's to make")
    before = cards.truth.copy()
    if then is None:
        return _whole(cards, before, event)
    if event[0] != pacal.TAKE or then[:3] != (pacal.PLACE, event[1], event[2]):
        raise NotByMouse("one gesture makes a take and the taker's build, nothing else")
    return _take_and_build(cards, event, then)


def _take_and_build(cards: MouseCards, take: Any, build: Any) -> Steps:
    _kind, p, card, field = build
    n = len(cards.table.journal) + 1
    f = p * pacal.FIELDS + field - 1
    yield think()
    yield from _lift(cards, _on_slot(cards, card))
    carry(cards, f)
    yield accepted(n)  # the take seen while the card is carried over its field
    drop(cards, ("field", f))
    yield Wait(MOVE_MS, "let go")
    yield accepted(n + 1)


def _whole(cards: MouseCards, before: Any, event: Any) -> Steps:
    # one event, a gesture ("before": the game before it)
    kind, p, card, b = event
    n = len(cards.table.journal) + 1
    yield think()
    if kind == pacal.OFFER:
        yield from _move(cards, ("hand", p, card), ("slot", 0))
        yield from _move(cards, ("hand", p, b), ("slot", 1))
    elif kind == pacal.TAKE:
        yield from _lift(cards, _on_slot(cards, card))
        carry(cards, -1)
        yield accepted(n)  # (held until the board has seen it taken)
        drop(cards, None)
        yield Wait(MOVE_MS, "into the hand")
    elif kind == pacal.PLACE and (before.variant == pacal.SOLO or before.phase == pacal.P_LAST):
        yield from _read(cards, p, card, before.fields(p, card))
        yield from _move(cards, ("slot", p), ("field", p * pacal.FIELDS + b - 1))
    elif kind == pacal.PLACE:
        yield from _move(cards, _where(cards, p, card), ("field", p * pacal.FIELDS + b - 1))
    else:  # KEEP
        yield from _read(cards, p, card, before.fields(p, card))
        yield from press(cards.table, "back")
        yield from _off_slot(cards, p, card)
    yield accepted(n)


def _on_slot(cards: MouseCards, card: int) -> Source:
    for slot in (0, 1):
        if cards.physics.slot_card(slot) == card:
            return ("slot", slot)
    raise HandError(f"card {card} lies on neither offer slot")


def _where(cards: MouseCards, p: int, card: int) -> Source:
    # a card of p's: on the offer slot it still lies on, else in the hand
    ph = cards.physics
    for slot in (0, 1):
        if ph.slot_card(slot) == card:
            return ("slot", slot)
    return ("pile",) if cards.variant == pacal.SOLO else ("hand", p, card)


def _lift(cards: MouseCards, source: Source) -> Steps:
    yield idle(cards.table)
    if not grab(cards, source):
        raise HandError(f"the mouse cannot take a card from {source}")
    yield Wait(MOVE_MS, "lift")


def _move(cards: MouseCards, source: Source, target: Source | None) -> Steps:
    # one card dragged from ``source`` to ``target`` (None: into the hand)
    yield from _lift(cards, source)
    carry(cards, target[1] if target is not None and target[0] == "field" else -1)
    yield Wait(MOVE_MS, "carry")
    drop(cards, target)
    yield Wait(MOVE_MS, "let go")


def _off_slot(cards: MouseCards, slot: int, card: int) -> Steps:
    # ``card`` off ``slot`` into the hand (unless the round ended with it,
    # and the table's hand swept it off for the next deal meanwhile)
    yield idle(cards.table)
    if cards.physics.slot_card(slot) == card:
        yield from _move(cards, ("slot", slot), None)


def _read(cards: MouseCards, p: int, card: int, fields: list[int]) -> Steps:
    # the card laid on p's slot, until the board has read it
    yield from _move(cards, _where(cards, p, card), ("slot", p))
    yield WaitFor(_fits_shown(cards, p, fields), ANSWER_MS, "the card read")


def _fits_shown(cards: MouseCards, p: int, fields: list[int]) -> Predicate:
    # the slot that invited the card goes dark, or the fields where it
    # may go light in the player's colour (as the scripted hand sees it)
    ref = cards.table.hand.colours[f"player{p}"]
    names = [f"field{p}.{f}" for f in fields]
    slot = f"slot{p}"
    return lambda o: o.light(slot) == (0, 0, 0) or any(same_colour(o.light(k), ref) for k in names)


def _show(cards: MouseCards, q: int, card: int) -> Steps:
    # the card laid on q's slot (from the hand, or solo's pile), until it
    # is red there, and back into the hand
    yield think()
    yield from _move(cards, _where(cards, q, card), ("slot", q))
    yield WaitFor(red_shown(cards, q), ANSWER_MS, "red on the slot")
    yield from _off_slot(cards, q, card)
