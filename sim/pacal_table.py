"""The cards of a Pacal game at the virtual board, for sim.table: what the
simulator knows and the board never does (the deal, the hands), and the
mouse's hand on the cards.

    cards = PacalCards(table)         # table.cards
    cards.sync()                      # after each tick: the board's new events into ``truth``
    cards.truth                       # the whole game, hands and pile included
    cards.hand(p), cards.base_top(p), cards.pile_top()   # what lies off the board
    cards.grab(("hand", 0, 17))       # a card into the mouse's hand: from a hand, ("base", p),
    cards.carry(field)                # ("pile",), ("slot", s) or ("field", f); carried over
    cards.drop(("field", 4))          # a field (-1: elsewhere) and laid on ("slot", s),
                                      # ("field", f), or anywhere else: back to the hands

The board journals what it accepts with a deal whose hands it cannot know;
``truth`` is that game with the real deal (the one the table dealt). The
deal itself (each base's top card laid on the slots to be read, the fields
cleared before) is the table's hand's job, between rounds: a person does
the offers, takes, builds and keeps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sim.hand import Steps, Wait, base_tops
from sim.physics import PacalPhysics
from tabletop.rules import pacal
from tabletop.rules.rng import Rng

if TYPE_CHECKING:
    from sim.table import Table

CARRY_MM = 40.0  # a card carried over a field
LOWER_MS = 120  # a card lowered onto a field before it is let go
DROP_MM = 2.0

Source = tuple[Any, ...]


class PacalCards:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.physics: PacalPhysics = table.pacal
        self.rng = Rng(table.seed)
        self.variant = table.variant
        self.deals: list[Any] = []  # every deal the table made, in order
        self.truth = pacal.Pacal(self.variant)
        self.synced = 0  # board journal events applied to ``truth``
        self.mouse_card = 0  # the card the mouse holds (0: none)

    # -- the game -------------------------------------------------------------------

    def new_game(self) -> None:
        """MENU started a new game: new deals from here."""
        self.deals = []
        self.truth = pacal.Pacal(self.variant)
        self.synced = 0

    def next_deal(self) -> Any:
        """The deal of the round to come (made once, when first asked)."""
        used = sum(1 for ev in self._board_events() if ev[0] == pacal.DEAL)
        while len(self.deals) <= used:
            deal = pacal.deal_duel(self.rng) if self.variant == pacal.DUEL else None
            self.deals.append(deal or pacal.deal_solo(self.rng))
        return self.deals[used]

    def _board_events(self) -> list[Any]:
        events: list[Any] = self.table.journal.events
        return events

    def sync(self) -> None:
        """Apply the board's newly accepted events to ``truth`` (from the
        start again after BACK took one back)."""
        events = self._board_events()
        if len(events) < self.synced:
            self.truth = pacal.Pacal(self.variant)
            self.synced = 0
        deals = 0
        for ev in events[: self.synced]:
            deals += ev[0] == pacal.DEAL
        for ev in events[self.synced :]:
            if ev[0] == pacal.DEAL:
                while len(self.deals) <= deals:
                    self.next_deal()
                ev = self.deals[deals]
                deals += 1
            self.truth.apply(ev)
            self.synced += 1

    def deal_due(self) -> bool:
        """Does the next event need the table's hand to deal?"""
        return self.truth.phase == pacal.P_DEAL and not self.truth.is_over()

    def dealing(self) -> Steps:
        """The table's hand deals the next round (the fields cleared first)."""
        hand = self.table.hand
        hand.expected = len(self.table.journal)
        yield from hand.perform(self.truth.copy(), self.next_deal())

    # -- what lies off the board ------------------------------------------------------

    def _on_board(self) -> set[int]:
        ph = self.physics
        cards = {ph.slot_card(0), ph.slot_card(1), *ph.held()}
        for f in range(2 * pacal.FIELDS):
            cards.update(ph.field_cards(f))
        cards.discard(0)
        return cards

    def hand(self, p: int) -> list[int]:
        """The cards in player ``p``'s hand, ascending: dealt, received to
        build, or kept; before a round's deal, the hand it will deal."""
        if self.variant == pacal.SOLO:
            return []  # (solo: from the pile to the reader to a field)
        on = self._on_board()
        truth = self.truth
        if self.deal_due():
            return sorted(c for c in self.next_deal()[2][p] if c not in on)
        mine = (pacal.L_HAND + p, pacal.L_TO_BUILD + p, pacal.L_KEPT + p)
        return [c for c in range(1, pacal.CARDS + 1) if truth.loc[c] in mine and c not in on]

    def base_top(self, p: int) -> int:
        """The top card of ``p``'s face-down base while the round waits for
        its deal (0 otherwise, or in solo)."""
        if self.variant == pacal.SOLO or not self.deal_due():
            return 0
        deal = self.next_deal()
        card = base_tops(deal[1], deal[3])[p]
        return 0 if card in self._on_board() else card

    def pile_top(self) -> int:
        """Solo: the card to build next while it still lies on the pile (the
        game has drawn it; the board learns it when it is read); else 0."""
        truth = self.truth
        if self.variant != pacal.SOLO or self.deal_due():
            return 0
        card: int = truth.pending[0]  # (at the end: the card that fits nowhere)
        return 0 if card in self._on_board() else card

    def pile_left(self) -> int:
        """Solo: the cards still on the pile."""
        truth = self.truth
        if self.variant != pacal.SOLO:
            return 0
        if self.deal_due():
            return len(self.next_deal()[2])
        return len(truth.pile) - truth.drawn + (1 if self.pile_top() else 0)

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
            card = source[2]
            if card not in self.hand(source[1]):
                return False
        elif kind == "base":
            card = self.base_top(source[1])
        elif kind == "pile":
            card = self.pile_top()
        elif kind == "slot":
            card = ph.slot_card(source[1])
            if card:
                ph.lift_from_slot(source[1], now)
                self.mouse_card = card
            return bool(card)
        elif kind == "field":
            cards = ph.field_cards(source[1])
            if not cards:
                return False
            ph.lift_from_field(source[1], now)
            self.mouse_card = cards[-1]
            return True
        else:
            return False
        if not card:
            return False
        ph.take_card(card, now)
        self.mouse_card = card
        return True

    def carry(self, field: int) -> None:
        """Hold the card over field ``field`` (0..19), or away (-1)."""
        if not self.mouse_card:
            return
        if field >= 0:
            self.physics.hold_over_field(field, CARRY_MM, self.table.now)
        else:
            self.physics.hold_away(self.table.now)

    def drop(self, target: Source | None) -> None:
        """Let go of the card: on a slot, or lowered onto a field, else
        (``target`` None or elsewhere) back to its player's hand (or the
        pile)."""
        ph = self.physics
        now = self.table.now
        if not self.mouse_card:
            return
        self.mouse_card = 0
        target = target or ("away",)
        if target[0] == "slot" and not ph.slot_card(target[1]):
            ph.lay_on_slot(target[1], now)
        elif target[0] == "field" and ph.stacks()[target[1]] < 2:
            self.table.run(self._lower(target[1]))
        else:
            ph.put_away(now)

    def _lower(self, field: int) -> Steps:
        ph = self.physics
        ph.hold_over_field(field, DROP_MM, self.table.now, LOWER_MS)
        yield Wait(LOWER_MS, "lower the card")
        ph.lay_on_field(field, self.table.now)
