"""The cards of a Diabolo game at the virtual board, for sim.table: what
the simulator knows and the board never does (the deal, the hands, the
pile), the mouse's hand on the cards, and the table's part in the scoring
walk-through (the computer seats' doubles and shown cards).

    cards = DiaboloCards(table)        # table.diabolo_cards
    cards.sync()                       # after each tick: the board's new events into ``truth``
    cards.truth                        # the whole game, hands and pile included
    cards.hand(p), cards.has_double(p) # what seat p holds off the board
    cards.grab(("hand", 2, 34))        # a card into the mouse's hand: from a hand, ("double", p),
    cards.drop(("slot", 7))            # ("reader",) or ("slot", s); laid on ("reader",),
                                       # ("slot", s), or anywhere else: back to its hand
    cards.walk()                       # the scoring walk-through: (colour, stage, seat) or None
    cards.show_colour(p), cards.declare_double(p)   # a person's hand does it for seat p

The board journals its deals without the pile (``(DEAL, dealer, None,
seen)``); ``truth`` is the game with the deals the table made. The deal is
the table's hand's job: the first dealer's double card on the reader, the
slots cleared for later rounds. The scoring walk-through is walked by the
table for computer seats (sim.computer decides their doubles); a person
lays their double card and their cards of the colour being scored on the
reader, and presses BACK, themselves (or has ``show_colour`` and
``declare_double`` do it).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from sim import computer
from sim.hand import Steps, Wait, WaitFor
from sim.hand.diabolo import DiaboloHand
from sim.lights import same_colour
from sim.physics import DiaboloPhysics
from tabletop.board import diabolo_board
from tabletop.board.diabolo_scoring import DOUBLES, SHOW  # the walk-through's stages
from tabletop.rules import diabolo
from tabletop.rules.rng import Rng
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

if TYPE_CHECKING:
    from sim.table import Table

Source = tuple[Any, ...]


class DiaboloCards:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.physics: DiaboloPhysics = table.diabolo
        self.players = len(table.players)
        self.rng = Rng(table.seed)
        self.first_dealer = self.rng.below(self.players)
        self.deals: list[Any] = []  # every deal the table made, in order
        self.truth = diabolo.Diabolo(self.players)
        self.synced = 0  # board journal events applied to ``truth``
        self.mouse_card = 0  # the card the mouse holds (0: none)
        self.mouse_seat = -1  # ... taken from this seat's hand (-1: from the board)

    # -- the game -------------------------------------------------------------------

    def new_game(self) -> None:
        """MENU started a new game: new deals from here."""
        self.deals = []
        self.truth = diabolo.Diabolo(self.players)
        self.synced = 0

    def next_deal(self) -> Any:
        """The deal of the round to come (made once, when first asked)."""
        while len(self.deals) <= self._board_deals():
            n = len(self.deals)
            dealer = (self.first_dealer + n) % self.players
            self.deals.append(diabolo.deal(self.rng, dealer))
        return self.deals[self._board_deals()]

    def _board_events(self) -> list[Any]:
        events: list[Any] = self.table.journal.events
        return events

    def _board_deals(self) -> int:
        return sum(1 for ev in self._board_events() if ev[0] == diabolo.DEAL)

    def sync(self) -> None:
        """Apply the board's newly accepted events to ``truth`` (from the
        start again after BACK took one back)."""
        events = self._board_events()
        if len(events) < self.synced:
            self.truth = diabolo.Diabolo(self.players)
            self.synced = 0
        deals = sum(1 for ev in events[: self.synced] if ev[0] == diabolo.DEAL)
        for ev in events[self.synced :]:
            if ev[0] == diabolo.DEAL:
                while len(self.deals) <= deals:
                    self.deals.append(diabolo.deal(self.rng, ev[1]))
                ev = self.deals[deals]
                deals += 1
            self.truth.apply(ev)
            self.synced += 1

    def board(self) -> Any:
        """The firmware's Diabolo board (tabletop.board.diabolo_board)."""
        return self.table.runtime.board

    def deal_due(self) -> bool:
        """Does the board wait for the table's hand to deal (the first
        dealer's double card, or the slots cleared)?"""
        board = self.board()
        if board.mode != diabolo_board.DEAL or self.truth.is_over():
            return False
        ph = self.physics
        if board.game.round == 0:
            return not ph.reader_card()
        return bool(ph.reader_card() or any(ph.slots()))

    def dealing(self) -> Steps:
        """The table's hand deals: the first round's dealer lays their double
        card on the reader; later rounds need the slots cleared."""
        hand = self._hand()
        hand.expected = len(self.table.journal)
        if self.board().game.round == 0:
            deal = self.next_deal()
            yield from hand.perform(diabolo.Diabolo(self.players), deal)
        else:
            self.next_deal()
            yield from hand.clear_board()
        yield Wait(hand._ms(hand.timing.pause), "dealt")

    def _hand(self) -> DiaboloHand:
        hand = self.table.hand
        assert isinstance(hand, DiaboloHand)
        return hand

    # -- what lies off the board ------------------------------------------------------

    def _in_flight(self) -> Counter[int]:
        """Cards out of a hand that the game has not placed: on the reader,
        in a hand or in a slot the board has not accepted."""
        ph = self.physics
        loose = Counter(c for c in (*ph.slots(), ph.reader_card(), ph.held()) if 0 < c < 50)
        truth = self.truth
        placed: Counter[int] = Counter()
        for c in range(diabolo.COLOURS):
            for side in truth.row(c):
                placed.update(side)
        events = self._board_events()
        if events and events[-1][0] == diabolo.DISCARD:
            placed[events[-1][2]] += 1  # (until it is lifted off the reader)
        return loose - placed

    def owner(self) -> int:
        """The seat whose cards are out of their hand now: the player to
        move, or at scoring the seat showing (-1: none)."""
        walk = self.walk()
        if walk is not None:
            return walk[2] if walk[1] == SHOW else -1
        return int(self.truth.turn) if self.truth.phase == diabolo.P_PLAY else -1

    def hand(self, p: int) -> list[int]:
        """The cards in seat ``p``'s hand, ascending (those on the board or in
        a hand left out)."""
        cards = list(self.truth.hand(p))
        if p == self.mouse_seat or (self.mouse_seat < 0 and p == self.owner()):
            for card, n in self._in_flight().items():
                for _ in range(n):
                    if card in cards:
                        cards.remove(card)
        return cards

    def has_double(self, p: int) -> bool:
        """Is seat p's double card in their hand (not on the reader or held)?"""
        card = DOUBLE_CARD + p
        ph = self.physics
        return card not in (ph.reader_card(), ph.held())

    def pile_left(self) -> int:
        return len(self.truth.pile_left()) if self.truth.phase == diabolo.P_PLAY else 0

    # -- the mouse's hand ------------------------------------------------------------------

    def grab(self, source: Source) -> bool:
        """Take the card at ``source`` into the mouse's hand; False if there
        is none, or a hand is busy."""
        ph = self.physics
        now = self.table.now
        if self.mouse_card or self.table.busy() or ph.held():
            return False
        kind = source[0]
        if kind == "hand":
            p, card = source[1], source[2]
            if card not in self.hand(p):
                return False
            ph.take_card(card, now)
            self.mouse_seat = p
        elif kind == "double":
            card = DOUBLE_CARD + source[1]
            if not self.has_double(source[1]):
                return False
            ph.take_card(card, now)
            self.mouse_seat = -1
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
        self.mouse_card = card
        return True

    def drop(self, target: Source | None) -> None:
        """Let go of the card: on the reader, in a slot, else (``target``
        None or elsewhere) back to its hand."""
        ph = self.physics
        now = self.table.now
        if not self.mouse_card:
            return
        self.mouse_card = 0
        self.mouse_seat = -1
        target = target or ("away",)
        if target[0] == "reader" and not ph.reader_card():
            ph.lay_on_reader(now)
        elif target[0] == "slot" and not ph.slot_card(target[1]):
            ph.lay_in_slot(target[1], now)
        else:
            ph.put_away(now)

    # -- the scoring walk-through ----------------------------------------------------------

    def walk(self) -> tuple[int, int, int] | None:
        """The board's scoring walk-through now: (colour, stage, seat), the
        stage DOUBLES or SHOW; None when the board is not scoring."""
        board = self.board()
        walk = board.walk
        if board.mode != diabolo_board.SCORE or walk is None or walk.done:
            return None
        return (int(walk.colour), int(walk.stage), int(walk.seat))

    def may_double(self, p: int) -> bool:
        """May seat p declare their double on the row being scored now?"""
        walk = self.walk()
        return (
            walk is not None
            and walk[1] == DOUBLES
            and bool(self.truth.double_mask(p) >> walk[0] & 1)
        )

    def scoring_steps(self) -> Steps | None:
        """The table's hand's next part of the walk-through, for computer
        seats (None: nothing for it to do, a person is asked)."""
        walk = self.walk()
        if walk is None or self.physics.reader_card():
            return None
        colour, stage, seat = walk
        players = self.table.players
        truth = self.truth
        if stage == DOUBLES:
            for p in range(self.players):
                if players[p] != "computer" or not self.may_double(p):
                    continue
                if computer.wants_double(truth, p, colour):
                    return self._lay_double(self._hand(), p)
            if any(players[p] != "computer" and self.may_double(p) for p in range(self.players)):
                return None  # a person may still declare (or press BACK)
            return self._back(self._hand())
        if players[seat] != "computer":
            return None
        return self._show(self._hand(), seat, colour)

    def show_colour(self, p: int) -> str:
        """A person's hand lays seat p's cards of the colour being shown on
        the reader, one by one, and presses BACK; '' when started, else why not."""
        walk = self.walk()
        if walk is None or walk[1] != SHOW or walk[2] != p:
            return f"P{p + 1} is not asked to show cards now"
        if self.table.busy() or self.mouse_card or self.physics.reader_card():
            return "the reader or a hand is still busy: wait a moment"
        self.table.run(self._show(self._person(), p, walk[0]))
        return ""

    def declare_double(self, p: int) -> str:
        """A person's hand lays seat p's double card on the reader; '' when
        started, else why not."""
        if not self.may_double(p):
            return f"P{p + 1} may not declare a double now"
        if self.table.busy() or self.mouse_card or self.physics.reader_card():
            return "the reader or a hand is still busy: wait a moment"
        self.table.run(self._lay_double(self._person(), p))
        return ""

    def _person(self) -> DiaboloHand:
        hand = self.table.person
        assert isinstance(hand, DiaboloHand)
        return hand

    def _show(self, hand: DiaboloHand, seat: int, colour: int) -> Steps:
        t = hand.timing
        win = hand.colours["win"]
        for card in self.truth.hand(seat):
            if diabolo.colour_of(card) != colour:
                continue
            yield from self._read(hand, card)
            counted = WaitFor(
                lambda o: same_colour(o.light(f"turn{seat}"), win), t.answer_timeout, "counted"
            )
            yield counted
            yield from self._off_reader(hand)
        yield from self._back(hand)

    def _lay_double(self, hand: DiaboloHand, p: int) -> Steps:
        n = len(self.table.journal)
        yield from self._read(hand, DOUBLE_CARD + p)
        yield WaitFor(lambda o: o.accepted() > n, hand.timing.accept_timeout, "double accepted")
        yield from self._off_reader(hand)

    def _read(self, hand: DiaboloHand, card: int) -> Steps:
        t = hand.timing
        yield Wait(hand._ms(t.reach), "reach for the card")
        self.physics.take_card(card, hand.now)
        yield Wait(hand._ms(t.reach), "carry to the reader")
        self.physics.lay_on_reader(hand.now)
        yield Wait(hand._ms(t.pause), "let go")

    def _off_reader(self, hand: DiaboloHand) -> Steps:
        yield Wait(hand._ms(hand.timing.react), "seen")
        self.physics.lift_from_reader(hand.now)
        yield Wait(hand._ms(hand.timing.lift), "lift")
        self.physics.put_away(hand.now)

    def _back(self, hand: DiaboloHand) -> Steps:
        yield Wait(hand._ms(hand.timing.react), "done")
        ms = hand._ms(hand.timing.press)
        self.table.hal.press("back", hand.now, ms)
        yield Wait(ms + hand._ms(hand.timing.pause), "BACK")
