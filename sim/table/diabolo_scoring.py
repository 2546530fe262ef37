"""The scoring walk-through at a Diabolo table, for the game's part
(sim.table.diabolo's DiaboloCards): where the board's walk-through is, the
table's hand walking it for the computer seats, and a person's hand doing
a seat's part (C and D at the window).

    walk(cards)               # the board's walk-through now: (colour, stage, seat) or None
    may_double(cards, p)      # may seat p declare their double on the row scored now?
    double_refused(cards, ev) # why a DOUBLE is not to be laid now ('': it is)
    computer_steps(cards)     # the table's hand's next part of it for the computer seats
    show_colour(cards, p)     # a person's hand shows seat p's cards of the colour asked
    declare_double(cards, p)  # ... lays seat p's double card on the reader ('' or why not)

``cards`` is the part (``ScoringCards``: what this uses of it). The board
scores a row at a time: first it calls for doubles on the row (stage
DOUBLES: a seat that may declares by laying its double card on the reader;
BACK, none more), then asks each seat in turn to show its cards of the
row's colour (stage SHOW: each laid on the reader until it is counted, the
seat's turn LED in the win colour, then BACK). sim.table.computer decides a
computer seat's doubles.
"""

from __future__ import annotations

from typing import Any, Protocol

from sim.hand import Hand, Steps, Wait, WaitFor
from sim.hand.diabolo import DiaboloHand
from sim.hardware.lights import same_colour
from sim.hardware.physics import DiaboloPhysics
from sim.table import computer
from sim.table.part import COMPUTER, HUMAN, REMOTE, TableSide
from sim.texts import _
from sim.texts.moves import numbered
from tabletop.board import diabolo_board
from tabletop.board.diabolo_scoring import DOUBLES, SHOW  # the walk-through's stages
from tabletop.rules import diabolo
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

Walk = tuple[int, int, int]  # (colour, stage, seat): the row scored, DOUBLES or SHOW, who shows


class ScoringCards(Protocol):
    """What the walk-through uses of the game's part."""

    table: TableSide
    physics: DiaboloPhysics
    players: int  # the seats at the table
    mouse_card: int  # the card in the mouse's hand (0: none)

    @property
    def truth(self) -> Any:
        """The whole game, hands included."""

    def board(self) -> Any:
        """The firmware's Diabolo board (tabletop.board.diabolo_board)."""


def diabolo_hand(hand: Hand) -> DiaboloHand:
    """A hand at the table (the table's own, or a person's): Diabolo's."""
    assert isinstance(hand, DiaboloHand)
    return hand


def walk(cards: ScoringCards) -> Walk | None:
    """The board's scoring walk-through now: (colour, stage, seat), the
    stage DOUBLES or SHOW; None when the board is not scoring."""
    board = cards.board()
    at = board.walk  # (tabletop.board.diabolo_scoring's)
    if board.mode != diabolo_board.SCORE or at is None or at.done:
        return None
    return (int(at.colour), int(at.stage), int(at.seat))


def may_double(cards: ScoringCards, p: int) -> bool:
    """May seat p declare their double on the row being scored now?"""
    now = walk(cards)
    return now is not None and now[1] == DOUBLES and bool(cards.truth.double_mask(p) >> now[0] & 1)


def double_refused(cards: ScoringCards, event: Any) -> str:
    """Why the DOUBLE ``event`` is not to be laid on the reader now ('': it
    is; the board calls for doubles on its row, and its seat may)."""
    now = walk(cards)
    if now is None or now[0] != event[2] or not may_double(cards, event[1]):
        return _("a double is declared when the board calls for doubles on its row")
    return ""


def computer_steps(cards: ScoringCards) -> Steps | None:
    """The table's hand's next part of the walk-through, for computer
    seats (None: nothing for it to do, a person is asked)."""
    now = walk(cards)
    if now is None or cards.physics.reader_card():
        return None
    colour, stage, seat = now
    players = cards.table.players
    hand = diabolo_hand(cards.table.hand)
    if stage == DOUBLES:
        far = cards.table.far
        for p in range(cards.players):
            if not may_double(cards, p):
                continue
            if players[p] == REMOTE:  # (far away: their word, in the room's order)
                said = far.double(p, colour) if far is not None else None
                if said is None:
                    return None
                if said:
                    return _lay_double(cards, hand, p)
            elif players[p] == COMPUTER:
                if computer.wants_double(cards.truth, p, colour):
                    return _lay_double(cards, hand, p)
                if far is not None and not far.passed(p, colour):
                    far.say_pass(p, colour)
        if any(players[p] == HUMAN and may_double(cards, p) for p in range(cards.players)):
            return None  # a person may still declare (or press BACK)
        return _back(cards, hand)
    if players[seat] == HUMAN:
        return None
    return _show(cards, hand, seat, colour)  # (a far seat's cards: the same deal here)


def far_undecided(cards: ScoringCards) -> bool:
    """While the board calls for doubles: has a far seat that may declare
    not said yet, or said so and its double is still to be laid here?"""
    now = walk(cards)
    far = cards.table.far
    if far is None or now is None or now[1] != DOUBLES:
        return False
    players = cards.table.players
    return any(
        players[p] == REMOTE and may_double(cards, p) and far.double(p, now[0]) is not False
        for p in range(cards.players)
    )


def show_colour(cards: ScoringCards, p: int) -> str:
    """A person's hand lays seat p's cards of the colour being shown on
    the reader, one by one, and presses BACK; '' when started, else why not."""
    now = walk(cards)
    if now is None or now[1] != SHOW or now[2] != p:
        return _("{seat} is not asked to show cards now").format(seat=numbered(p))
    if cards.table.busy() or cards.mouse_card or cards.physics.reader_card():
        return _("the reader or a hand is still busy: wait a moment")
    cards.table.run(_show(cards, diabolo_hand(cards.table.person), p, now[0]))
    return ""


def declare_double(cards: ScoringCards, p: int) -> str:
    """A person's hand lays seat p's double card on the reader; '' when
    started, else why not."""
    if not may_double(cards, p):
        return _("{seat} may not declare a double now").format(seat=numbered(p))
    if cards.table.busy() or cards.mouse_card or cards.physics.reader_card():
        return _("the reader or a hand is still busy: wait a moment")
    cards.table.run(_lay_double(cards, diabolo_hand(cards.table.person), p))
    return ""


def _show(cards: ScoringCards, hand: DiaboloHand, seat: int, colour: int) -> Steps:
    t = hand.timing
    win = hand.colours["win"]
    for card in cards.truth.hand(seat):
        if diabolo.colour_of(card) != colour:
            continue
        yield from _read(cards, hand, card)
        counted = WaitFor(
            lambda o: same_colour(o.light(f"turn{seat}"), win), t.answer_timeout, "counted"
        )
        yield counted
        yield from _off_reader(cards, hand)
    yield from _back(cards, hand)


def _lay_double(cards: ScoringCards, hand: DiaboloHand, p: int) -> Steps:
    n = len(cards.table.journal)
    yield from _read(cards, hand, DOUBLE_CARD + p)
    yield WaitFor(lambda o: o.accepted() > n, hand.timing.accept_timeout, "double accepted")
    yield from _off_reader(cards, hand)


def _read(cards: ScoringCards, hand: DiaboloHand, card: int) -> Steps:
    t = hand.timing
    yield Wait(hand._ms(t.reach), "reach for the card")
    cards.physics.take_card(card, hand.now)
    yield Wait(hand._ms(t.reach), "carry to the reader")
    cards.physics.lay_on_reader(hand.now)
    yield Wait(hand._ms(t.pause), "let go")


def _off_reader(cards: ScoringCards, hand: DiaboloHand) -> Steps:
    yield Wait(hand._ms(hand.timing.react), "seen")
    cards.physics.lift_from_reader(hand.now)
    yield Wait(hand._ms(hand.timing.lift), "lift")
    cards.physics.put_away(hand.now)


def _back(cards: ScoringCards, hand: DiaboloHand) -> Steps:
    yield Wait(hand._ms(hand.timing.react), "done")
    ms = hand._ms(hand.timing.press)
    cards.table.hal.press("back", hand.now, ms)
    yield Wait(ms + hand._ms(hand.timing.pause), "BACK")
