"""The cards of a Pacal game at the virtual board, the game's part of the
table (sim.table.part): what the simulator knows and the board never does
(the deal, the hands), the table's deals, and the way in to the mouse's
hand on the cards (sim.table.pacal_mouse).

    cards = make(table)               # table.part (table.cards)
    cards.sync()                      # after each tick: the board's new events into ``truth``
    cards.truth                       # the whole game, hands and pile included
    cards.hand(p), cards.base_top(p), cards.pile_top()   # what lies off the board
    cards.grab(("hand", 0, 17))       # a card into the mouse's hand: from a hand, ("base", p),
    cards.carry(field)                # ("pile",), ("slot", s) or ("field", f); carried over
    cards.drop(("field", 4))          # a field (-1: elsewhere) and laid on ("slot", s),
                                      # ("field", f), or anywhere else: back to the hands
                                      # (returns why it cannot lie there, "": it may)
    cards.drag(event)                 # the mouse's hand making a whole move (sim.table.part)

The board journals what it accepts with a deal whose hands it cannot know;
``truth`` is that game with the real deal (the one the table dealt). The
deal itself (each base's top card laid on the slots to be read, the fields
cleared before) is the table's hand's job, between rounds: a person does
the offers, takes, builds and keeps.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sim.hand import DEALER, PacalHand, Steps, Wait, base_tops
from sim.hardware.physics import PacalPhysics
from sim.table import pacal_mouse
from sim.table.pacal_mouse import Source, red_shown
from sim.table.part import ANSWER_MS, BY_HAND, Part, TableSide
from tabletop.board.contract import SELECT
from tabletop.rules import pacal
from tabletop.rules.rng import Rng


class PacalCards(Part):
    """The Pacal part of the live table (sim.table.part's Part)."""

    def __init__(self, table: TableSide) -> None:
        super().__init__(table)
        assert isinstance(table.physics, PacalPhysics)
        self.physics: PacalPhysics = table.physics
        self.rng = Rng(table.seed)
        self.variant = table.variant
        self.dealt: list[Any] = []  # every deal the table made, in order
        self._truth = pacal.Pacal(self.variant)
        self.synced = 0  # board journal events applied to ``truth``
        self.mouse_card = 0  # the card the mouse holds (0: none)

    # -- the game -------------------------------------------------------------------

    @property
    def truth(self) -> Any:
        return self._truth

    def start(self, events: list[Any]) -> None:
        self.dealt = [ev for ev in events if ev[0] == pacal.DEAL]  # (a record brings its own)
        for _deal in self.dealt:  # the generator where the seed's deals leave it: the next
            self._new_deal()  # deal as at a table that dealt them (a home far away's)
        super().start(events)

    def deals(self) -> list[Any] | None:
        return self.dealt

    def table_steps(self) -> Steps | None:
        # a round's deal is the table's to make (the fields cleared first),
        # as soon as the board waits for it
        if not self.deal_due() or self.table.runtime.board.mode == SELECT:
            return None
        return self.dealing()

    def new_game(self) -> None:
        """MENU started a new game: new deals from here."""
        self.dealt = []
        self._truth = pacal.Pacal(self.variant)
        self.synced = 0

    def sweep(self) -> None:
        """Every card off the slots and the fields at once (N at the window)."""
        ph = self.physics
        now = self.table.now
        if ph.holding():
            ph.put_away(now)
        for slot in (0, 1):
            if ph.slot_card(slot):
                ph.lift_from_slot(slot, now)
                ph.put_away(now)
        for f, n in enumerate(ph.stacks()):
            if n:
                ph.lift_from_field(f, now, cards=n)
                ph.put_away(now)

    def next_deal(self) -> Any:
        """The deal of the round to come (made once, when first asked)."""
        used = sum(1 for ev in self._board_events() if ev[0] == pacal.DEAL)
        while len(self.dealt) <= used:
            self.dealt.append(self._new_deal())
        return self.dealt[used]

    def _new_deal(self) -> Any:
        deal = pacal.deal_duel(self.rng) if self.variant == pacal.DUEL else None
        return deal or pacal.deal_solo(self.rng)

    def _board_events(self) -> list[Any]:
        events: list[Any] = self.table.journal.events
        return events

    def sync(self) -> None:
        """Apply the board's newly accepted events to ``truth`` (from the
        start again after BACK took one back)."""
        events = self._board_events()
        if len(events) == self.synced:
            return  # (nothing new: every tick, mostly)
        if len(events) < self.synced:
            self._truth = pacal.Pacal(self.variant)
            self.synced = 0
        deals = 0
        for ev in events[: self.synced]:
            deals += ev[0] == pacal.DEAL
        for ev in events[self.synced :]:
            if ev[0] == pacal.DEAL:
                while len(self.dealt) <= deals:
                    self.next_deal()
                ev = self.dealt[deals]
                deals += 1
            self._truth.apply(ev)
            self.synced += 1

    def deal_due(self) -> bool:
        """Does the next event need the table's hand to deal? (Not while the
        board still plays the round: a last card it has not read yet.)"""
        truth = self.truth
        between = self.table.game.phase == pacal.P_DEAL
        return truth.phase == pacal.P_DEAL and not truth.is_over() and between

    def computer_steps(self) -> Steps | None:
        # a computer seat's card that fits nowhere, still to be shown
        for q, card in self.to_show():
            if self.table.players[q] in BY_HAND:
                return self._show_kept(q, card)
        return None

    def seats_to_act(self) -> Iterator[int]:
        # the rules' (both build after a take), and a seat whose card that
        # fits nowhere the board still waits to see (``to_show``)
        movers = [int(p) for p in self.truth.to_move()]
        yield from movers
        for q, _ in self.to_show():
            if q not in movers:
                yield q

    def to_show(self) -> list[tuple[int, int]]:
        """(seat, card): a card that fits nowhere, which the board still
        waits to see laid on the seat's slot (it cannot know it does not
        fit): a duel's last card kept without a line, or the solo card that
        ends the game. Whoever's move left it so, its seat shows it, when no
        hand is at work: a computer seat by the table's hand
        (``computer_steps``), a person by the mouse (``drag(None)``)."""
        game = self.table.game
        truth = self.truth
        if self.variant == pacal.SOLO:
            lost = truth.is_over() and not truth.complete(0) and not game.is_over()
            return [(0, self.pile_top())] if lost and self.pile_top() else []
        if game.phase != pacal.P_LAST:
            return []
        out = []
        for q in (0, 1):
            kept = [c for c in self.hand(q) if truth.loc[c] == pacal.L_KEPT + q]
            if game.awaiting[q] and kept:
                out.append((q, kept[0]))
        return out

    def _show_kept(self, q: int, card: int) -> Steps:
        hand = self.table.hand
        assert isinstance(hand, PacalHand)
        yield Wait(hand._ms(hand.timing.think), "think")
        yield from hand._to_slot(q, card, False)
        yield from hand._wait_for(red_shown(self, q), ANSWER_MS, "red on the slot")
        yield Wait(hand._ms(hand.timing.react), "saw red")
        yield from hand._off_slot(q)

    def in_place(self) -> bool:
        """Do the cards on the fields lie as the board's game has them? (Not
        while a card laid is still to be taken as a build, say: a computer
        seat does not start its move until then, so that the move it makes
        knows the build before it.)"""
        game = self.table.game
        ph = self.physics
        return all(
            len(ph.field_cards(f)) == (game.top[f] != 0) + (game.under[f] != 0)
            for f in range(2 * pacal.FIELDS)
        )

    def dealing(self) -> Steps:
        """The table's hand deals the next round (the fields cleared first):
        a new game's first at a machine's pace (ready at once after N), the
        later rounds' at a person's, after the last turn's cards are shown
        (at a machine's, the deal could come before a person's last card)."""
        hand = self.table.hand
        hand.expected = len(self.table.journal)
        deal = hand.perform(self.truth.copy(), self.next_deal())
        first = not any(ev[0] == pacal.DEAL for ev in self._board_events())
        yield from hand.at_pace(DEALER, deal) if first else deal

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
        return int(len(truth.pile) - truth.drawn) + (1 if self.pile_top() else 0)

    # -- the mouse's hand (sim.table.pacal_mouse) ----------------------------------------

    def holding(self) -> bool:
        return bool(self.mouse_card)

    def drop_held(self) -> None:
        self.drop(None)

    def grab(self, source: Source) -> bool:
        """Take the card at ``source`` into the mouse's hand (pacal_mouse.grab)."""
        return pacal_mouse.grab(self, source)

    def carry(self, field: int) -> None:
        """Hold the card over field ``field`` (0..19), or away (-1)."""
        pacal_mouse.carry(self, field)

    def drop(self, target: Source | None) -> str:
        """Let go of the card (pacal_mouse.drop): why it cannot lie there ("": it may)."""
        return pacal_mouse.drop(self, target)

    def drag(self, event: Any, then: Any = None) -> Steps:
        return pacal_mouse.drag(self, event, then)


make = PacalCards  # (the game's part of the table: sim.table.table)
