"""The mouse's hand on a Diabolo table's cards, for the game's part
(sim.table.diabolo's DiaboloCards): a card taken and let go as the window's
mouse does it, and a whole move made of those as a person makes it (the
part's ``drag``, sim.table.part).

    grab(cards, ("hand", 2, 34))  # a card into the mouse's hand: from a hand, ("double", p),
                                  # ("reader",) or ("slot", s); False if none, or a hand is busy
    drop(cards, ("slot", 7))      # let go: on ("reader",), ("slot", s), else back to its hand;
                                  # returns why it cannot lie there, in words ("": it may)
    drag(cards, event)            # the steps of a whole move (sim.table.part's Part.drag)

``cards`` is the part (``MouseCards``: what this uses of it). A play: the
card from the hand onto the reader, and once its slot lights, from the
reader into it. A discard: the card on the reader, BACK held, the card off
the reader again. At scoring (sim.table.diabolo_scoring): a double as D
does it (the double card on the reader); ``drag(cards, None)``: the cards of
the row's colour shown as C does it, or BACK (no double on this row). One
move a gesture.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from sim.hand import HandError, Steps, Wait, WaitFor
from sim.hand.diabolo import slot_of
from sim.hardware.lights import same_colour
from sim.table.diabolo_scoring import (
    ScoringCards,
    Walk,
    declare_double,
    double_refused,
    show_colour,
    walk,
)
from sim.table.part import (
    ANSWER_MS,
    HUMAN,
    IDLE_MS,
    MOVE_MS,
    NotByMouse,
    accepted,
    check_legal,
    idle,
    press,
    think,
)
from sim.texts import _
from tabletop.board import diabolo_board
from tabletop.board.diabolo_scoring import SHOW
from tabletop.profile.schema_diabolo import led_names
from tabletop.rules import diabolo
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

Source = tuple[Any, ...]  # where a card lies: ("hand", p, card), ("double", p), ("reader",) ...


class MouseCards(ScoringCards, Protocol):
    """What the mouse's hand uses of the game's part, beyond what the
    walk-through does."""

    mouse_seat: int  # the seat whose hand the mouse's card came from (-1: the board)

    def hand(self, p: int) -> list[int]:
        """The cards in seat ``p``'s hand."""

    def has_double(self, p: int) -> bool:
        """Is seat p's double card in their hand?"""

    def seats_to_act(self) -> Iterator[int]:
        """The seats that may act now, in order."""


def grab(cards: MouseCards, source: Source) -> bool:
    """Take a card into the mouse's hand: ``source`` ("hand", p, card) from
    seat p's hand, ("double", p) their double card, ("reader",) or ("slot",
    s) off the board; False if there is none, or a hand is busy."""
    ph = cards.physics
    now = cards.table.now
    if cards.mouse_card or cards.table.busy() or ph.held():
        return False
    kind = source[0]
    if kind == "hand":
        p, card = source[1], source[2]
        if card not in cards.hand(p):
            return False
        ph.take_card(card, now)
        cards.mouse_seat = p
    elif kind == "double":
        card = DOUBLE_CARD + source[1]
        if not cards.has_double(source[1]):
            return False
        ph.take_card(card, now)
        cards.mouse_seat = -1
    elif kind == "reader":
        card = ph.reader_card()
        if not card:
            return False
        ph.lift_from_reader(now)
    elif kind == "slot":
        card = ph.slot_card(source[1])
        if not card:
            return False
        ph.lift_from_slot(source[1], now)
    else:
        return False
    cards.mouse_card = card
    return True


def drop(cards: MouseCards, target: Source | None) -> str:
    """Let go of the card: on the reader, in a slot, else (``target``
    None or elsewhere) back to its hand. Returns why it cannot lie where
    it was let go, in words: the reader or slot full (back to the hand), a
    slot the board has not lit for the card read (it lies there red); ""
    when it may."""
    ph = cards.physics
    now = cards.table.now
    if not cards.mouse_card:
        return ""
    cards.mouse_card = 0
    cards.mouse_seat = -1
    target = target or ("away",)
    if target[0] == "reader":
        if not ph.reader_card():
            ph.lay_on_reader(now)
            return ""
        ph.put_away(now)
        return _("The reader holds a card already: the card went back")
    if target[0] == "slot":
        if not ph.slot_card(target[1]):
            ph.lay_in_slot(target[1], now)
            board = cards.board()
            lit = board.targets if board.mode == diabolo_board.PLAY and board.card else 0
            if lit and not lit >> target[1] & 1:
                return _("Wrong slot: lift the card and lay it where lit")
            return ""
        ph.put_away(now)
        return _("That slot holds a card already: the card went back")
    ph.put_away(now)
    return ""


def drag(cards: MouseCards, event: Any, then: Any = None) -> Steps:
    """The mouse's hand making ``event`` (sim.table.part's Part.drag)."""
    asked = walk(cards)
    if event is None:
        people = [p for p in cards.seats_to_act() if cards.table.players[p] == HUMAN]
        if asked is None or not people:
            raise NotByMouse("nothing but a move is asked of a person now")
        return _scoring(cards, asked)
    check_legal(cards.table, cards.truth, event, then)
    kind = event[0]
    if kind == diabolo.DEAL:
        raise NotByMouse("a round's deal is the table's hand's to make")
    if kind == diabolo.DOUBLE:
        why = double_refused(cards, event)
        if why:
            raise NotByMouse(why)
        return _double(cards, event[1])
    if cards.board().mode != diabolo_board.PLAY:
        raise NotByMouse("the board does not wait for a card now")
    return _play(cards, event)


def _play(cards: MouseCards, event: Any) -> Steps:
    # a card played (or discarded) from the hand by way of the reader
    kind, p, card, side = event
    table = cards.table
    n = len(table.journal) + 1
    yield think()
    yield from _move(cards, ("hand", p, card), ("reader",))
    if kind == diabolo.DISCARD:
        yield Wait(MOVE_MS, "nothing lights: its row is locked")
        yield from press(table, "back", table.hand.profile.long_press_ms + MOVE_MS)
        yield accepted(n)
        yield from _move(cards, ("reader",), None)
        return
    c = diabolo.colour_of(card)
    slot = slot_of(c, side, cards.truth.next_slot(c, side))
    name = led_names()[slot]
    lit = table.hand.colours["player0"]
    yield WaitFor(lambda o: same_colour(o.light(name), lit), ANSWER_MS, "its slot lit")
    yield from _move(cards, ("reader",), ("slot", slot))
    yield accepted(n)


def _move(cards: MouseCards, source: Source, target: Source | None) -> Steps:
    # one card dragged from ``source`` to ``target`` (None: into the hand)
    yield idle(cards.table)
    if not grab(cards, source):
        raise HandError(f"the mouse cannot take a card from {source}")
    yield Wait(MOVE_MS, "carry")
    drop(cards, target)
    yield Wait(MOVE_MS, "let go")


def _double(cards: MouseCards, p: int) -> Steps:
    n = len(cards.table.journal) + 1
    yield think()
    yield idle(cards.table)
    why = declare_double(cards, p)  # (D at the window)
    if why:
        raise HandError(why)
    yield accepted(n)
    yield idle(cards.table)


def _scoring(cards: MouseCards, asked: Walk) -> Steps:
    table = cards.table
    yield think()
    yield idle(table)
    if walk(cards) != asked:
        return  # (the walk-through went on meanwhile)
    if asked[1] == SHOW:
        why = show_colour(cards, asked[2])  # (C at the window)
        if why:
            raise HandError(why)
    else:
        yield from press(table, "back")  # no double on this row
    yield WaitFor(lambda o: walk(cards) != asked and not table.busy(), IDLE_MS, "walked on")
