"""The cards of a Diabolo game at the virtual board, the game's part of the
table (sim.table.part): what the simulator knows and the board never does
(the deal, the hands, the pile), the table's deals, and the way in to the
scoring walk-through (sim.table.diabolo_scoring: the computer seats'
doubles and shown cards, a person's C and D) and to the mouse's hand on the
cards (sim.table.diabolo_mouse).

    cards = make(table)                # table.part (table.diabolo_cards)
    cards.sync()                       # after each tick: the board's new events into ``truth``
    cards.truth                        # the whole game, hands and pile included
    cards.hand(p), cards.has_double(p) # what seat p holds off the board
    cards.grab(("hand", 2, 34))        # a card into the mouse's hand: from a hand, ("double", p),
    cards.drop(("slot", 7))            # ("reader",) or ("slot", s); laid on ("reader",),
                                       # ("slot", s), or anywhere else: back to its hand
    cards.walk()                       # the scoring walk-through: (colour, stage, seat) or None
    cards.show_colour(p), cards.declare_double(p)   # a person's hand does it for seat p
    cards.drag(event)                  # the mouse's hand making a whole move (sim.table.part)

The board journals its deals without the pile (``(DEAL, dealer, None,
seen)``); ``truth`` is the game with the deals the table made. The deal is
the table's hand's job: the first dealer's double card on the reader, the
slots cleared for later rounds. The scoring walk-through is walked by the
table for computer seats (sim.table.computer decides their doubles); a person
lays their double card and their cards of the colour being scored on the
reader, and presses BACK, themselves (or has ``show_colour`` and
``declare_double`` do it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from sim.hand import DEALER, Steps, Wait
from sim.hand.diabolo import DiaboloHand
from sim.hardware.physics import DiaboloPhysics
from sim.runs.board_play import BOOT_MS
from sim.table import diabolo_mouse, diabolo_scoring
from sim.table.diabolo_mouse import Source
from sim.table.diabolo_scoring import Walk
from sim.table.part import BY_HAND, HUMAN, Part, TableSide
from sim.texts import _
from tabletop.board import diabolo_board
from tabletop.board.diabolo_scoring import DOUBLES, SHOW  # the walk-through's stages
from tabletop.rules import diabolo
from tabletop.rules.rng import Rng
from tabletop.sensing.diabolo_codes import DOUBLE_CARD


class DiaboloCards(Part):
    """The Diabolo part of the live table (sim.table.part's Part)."""

    def __init__(self, table: TableSide) -> None:
        super().__init__(table)
        assert isinstance(table.physics, DiaboloPhysics)
        self.physics: DiaboloPhysics = table.physics
        self.players = len(table.players)
        self.rng = Rng(table.seed)
        self.first_dealer = self.rng.below(self.players)
        self.dealt: list[Any] = []  # every deal the table made, in order
        self._truth = diabolo.Diabolo(self.players)
        self.synced = 0  # board journal events applied to ``truth``
        self._calling: int | None = None  # the row the board calls for doubles on (_passes)
        self.mouse_card = 0  # the card the mouse holds (0: none)
        self.mouse_seat = -1  # ... taken from this seat's hand (-1: from the board)

    # -- the game -------------------------------------------------------------------

    @property
    def truth(self) -> Any:
        return self._truth

    def start(self, events: list[Any]) -> None:
        self.dealt = [ev for ev in events if ev[0] == diabolo.DEAL]  # (a record brings its own)
        for ev in self.dealt:  # the generator where the seed's deals leave it: the next
            diabolo.deal(self.rng, ev[1])  # deal as at a table that dealt them (far away)
        if self.dealt:
            self.first_dealer = int(self.dealt[0][1])  # (the deal passes left from it)
        if not events:  # MENU, then long MENU until the board has the table's seats
            self.table.board.advance(BOOT_MS)
            self.table.run(self._hand().at_pace(DEALER, self._choose_players()))

    def _choose_players(self) -> Steps:
        hand = self._hand()
        yield from hand.press_menu()
        yield from hand.choose_players(self.players)

    def deals(self) -> list[Any] | None:
        return self.dealt

    def table_steps(self) -> Steps | None:
        # the first dealer's double card read, the slots cleared for the next rounds
        return self._hand().at_pace(DEALER, self.dealing()) if self.deal_due() else None

    def computer_steps(self) -> Steps | None:
        # at scoring, the computer seats' doubles and shown cards
        return diabolo_scoring.computer_steps(self)

    def computer_seat(self) -> int | None:
        if self.board().mode != diabolo_board.PLAY or self._truth.phase != diabolo.P_PLAY:
            return None
        seat = int(self._truth.turn)
        ph = self.physics
        if self.table.players[seat] not in BY_HAND or ph.held() or ph.reader_card():
            return None
        return seat

    def waits_far(self) -> bool:
        return diabolo_scoring.far_undecided(self)

    def back_takes_back(self) -> bool:
        return self.walk() is None

    def people_pass(self) -> None:
        now = self.walk()
        if now is not None and now[1] == DOUBLES:
            self._said_passes(now[0])

    def seats_to_act(self) -> Iterator[int]:
        # at scoring: the seat asked to show its cards, or those that may
        # declare a double; in play the seat to move
        walk = self.walk()
        if walk is not None:
            if walk[1] != DOUBLES:
                yield walk[2]
            else:
                yield from (p for p in range(self.players) if diabolo_scoring.may_double(self, p))
        elif self._truth.phase == diabolo.P_PLAY:
            yield int(self._truth.turn)

    def perform(self, event: Any) -> str | None:
        # a double is laid on the reader when the board calls for doubles;
        # a card only while the board waits for one
        if event[0] == diabolo.DOUBLE:
            return diabolo_scoring.double_refused(self, event) or self.declare_double(event[1])
        if self.board().mode != diabolo_board.PLAY:
            return _("the board does not wait for a card now")
        return None

    def new_game(self) -> None:
        """MENU started a new game: new deals from here."""
        self.dealt = []
        self._truth = diabolo.Diabolo(self.players)
        self.synced = 0

    def sweep(self) -> None:
        """Every card off the reader and the slots at once (N at the window)."""
        ph = self.physics
        now = self.table.now
        if ph.holding():
            ph.put_away(now)
        if ph.reader_card():
            ph.lift_from_reader(now)
            ph.put_away(now)
        for slot, card in enumerate(ph.slots()):
            if card:
                ph.lift_from_slot(slot, now)
                ph.put_away(now)

    def next_deal(self) -> Any:
        """The deal of the round to come (made once, when first asked)."""
        while len(self.dealt) <= self._board_deals():
            n = len(self.dealt)
            dealer = (self.first_dealer + n) % self.players
            self.dealt.append(diabolo.deal(self.rng, dealer))
        return self.dealt[self._board_deals()]

    def _board_events(self) -> list[Any]:
        events: list[Any] = self.table.journal.events
        return events

    def _board_deals(self) -> int:
        return sum(1 for ev in self._board_events() if ev[0] == diabolo.DEAL)

    def sync(self) -> None:
        """Apply the board's newly accepted events to ``truth`` (from the
        start again after BACK took one back)."""
        self._passes()
        events = self._board_events()
        if len(events) == self.synced:
            return  # (nothing new: every tick, mostly)
        if len(events) < self.synced:
            self._truth = diabolo.Diabolo(self.players)
            self.synced = 0
        deals = sum(1 for ev in events[: self.synced] if ev[0] == diabolo.DEAL)
        for ev in events[self.synced :]:
            if ev[0] == diabolo.DEAL:
                while len(self.dealt) <= deals:
                    self.dealt.append(diabolo.deal(self.rng, ev[1]))
                ev = self.dealt[deals]
                deals += 1
            self._truth.apply(ev)
            self.synced += 1

    def _passes(self) -> None:
        # Homes far away wait for this table's people's word on each row's
        # doubles: once the board's call for them is over (BACK), each
        # person who might have declared and did not has passed.
        if self.table.far is None:
            return
        now = self.walk()
        calling = now[0] if now is not None and now[1] == DOUBLES else None
        was, self._calling = self._calling, calling
        if was is not None and was != calling:
            self._said_passes(was)

    def _said_passes(self, colour: int) -> None:
        far = self.table.far
        for p in range(self.players):
            person = self.table.players[p] == HUMAN
            if person and self._truth.double_mask(p) >> colour & 1 and not far.passed(p, colour):
                far.say_pass(p, colour)

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
        return diabolo_scoring.diabolo_hand(self.table.hand)

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
                for _i in range(n):
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

    # -- the scoring walk-through (sim.table.diabolo_scoring) ------------------------------

    def walk(self) -> Walk | None:
        """The board's scoring walk-through now (diabolo_scoring.walk)."""
        return diabolo_scoring.walk(self)

    def show_colour(self, p: int) -> str:
        """C for seat p: a person's hand shows the cards asked for
        (diabolo_scoring.show_colour); '' when started, else why not."""
        return diabolo_scoring.show_colour(self, p)

    def declare_double(self, p: int) -> str:
        """D for seat p: a person's hand lays the double card on the reader
        (diabolo_scoring.declare_double); '' when started, else why not."""
        return diabolo_scoring.declare_double(self, p)

    # -- the mouse's hand (sim.table.diabolo_mouse) ----------------------------------------

    def holding(self) -> bool:
        return bool(self.mouse_card)

    def drop_held(self) -> None:
        self.drop(None)

    def grab(self, source: Source) -> bool:
        """Take the card at ``source`` into the mouse's hand (diabolo_mouse.grab)."""
        return diabolo_mouse.grab(self, source)

    def drop(self, target: Source | None) -> str:
        """Let go of the card (diabolo_mouse.drop): why it cannot lie there, or ""."""
        return diabolo_mouse.drop(self, target)

    def drag(self, event: Any, then: Any = None) -> Steps:
        return diabolo_mouse.drag(self, event, then)


make = DiaboloCards  # (the game's part of the table: sim.table.table)
