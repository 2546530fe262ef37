"""Pacal in the terminal version (the contract: sim.terminal.view): both
pyramids, the slots and the hands as text, moves typed (``offer 17 23``,
``take 17``, ``build 17 4``, ``keep 17``) or clicked (two cards of a hand
to offer them, a slot to take its card, a field to build the card due (a
card clicked first: that one), a card then a slot to keep it).

    view = make(app)                   # app: sim.terminal.view.AppSide
    text = board(table, picked=(17,))  # both pyramids, the slots, the hands
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from sim.table.pacal import PacalCards
from sim.table.table import HUMAN, Table
from sim.terminal.view import AppSide, TerminalView, clickable, ended, led, seat_number
from sim.texts import N_, _
from tabletop.rules import pacal

ROWS = ((1,), (2, 3), (4, 5, 6), (7, 8, 9, 10))


def make(app: AppSide) -> PacalView:
    return PacalView(app)


class PacalView(TerminalView):
    example = N_("build 17 4")
    moves_help = N_("offer 17 23, take 17, build 17 4, keep 17")
    words = (N_("offer"), N_("take"), N_("build"), N_("keep"))  # (and "place", as "build")

    def __init__(self, app: AppSide) -> None:
        super().__init__(app)
        self.picked: list[tuple[int, int]] = []  # (player, card) clicked

    def board(self) -> Text:
        return board(self.table, tuple(c for _p, c in self.picked))

    def move(self, words: list[str], text: str) -> Any:
        movers = self.movers()
        truth = self.table.truth
        verb, *args = words
        try:
            nums = [int(a) for a in args]
        except ValueError:
            raise ValueError(
                _("cards and fields are numbers, e.g. {example}").format(example=_(self.example))
            ) from None
        if verb == "offer" and len(nums) == 2:
            return (pacal.OFFER, movers[0], nums[0], nums[1])
        if verb == "take" and len(nums) == 1:
            return (pacal.TAKE, movers[0], nums[0], 0)
        if verb in ("build", "place") and len(nums) == 2:
            p = next((q for q in movers if truth.pending[q] == nums[0]), movers[0])
            return (pacal.PLACE, p, nums[0], nums[1])
        if verb == "keep" and len(nums) == 1:
            p = next((q for q in movers if truth.pending[q] == nums[0]), movers[0])
            return (pacal.KEEP, p, nums[0], 0)
        raise ValueError(_("Pacal moves: {moves}").format(moves=_(self.moves_help)))

    def click_card(self, p: int, card: int) -> None:
        """A card in a hand clicked: picked (an offer takes two), or let go again."""
        picked = self.picked
        if (p, card) in picked:
            picked.remove((p, card))
        else:
            picked.append((p, card))
        truth = self.table.truth
        if truth.phase == pacal.P_OFFER and len(picked) == 2 and picked[0][0] == picked[1][0]:
            (q, a), (_q, b) = picked
            self._perform((pacal.OFFER, q, a, b))
        else:
            shown = ", ".join(str(c) for _p, c in picked)
            self.app.message = _("picked {cards}: click a slot or field").format(cards=shown)

    def click_slot(self, s: int) -> None:
        """A slot clicked: take its card, or keep the card picked."""
        truth = self.table.truth
        if truth.phase == pacal.P_TAKE:
            self._perform((pacal.TAKE, 1 - truth.turn, truth.offer[s], 0))
        elif self.picked:
            p, card = self.picked[-1]
            self._perform((pacal.KEEP, p, card, 0))

    def click_field(self, p: int, f: int) -> None:
        """A field clicked: build the card picked (or the one due) there."""
        truth = self.table.truth
        card = next((c for q, c in self.picked if q == p), truth.pending[p])
        self._perform((pacal.PLACE, p, card, f))

    def _perform(self, event: Any) -> None:
        self.picked = []
        self.app.message = self.table.perform(event) or _("the hand makes it")

    def seat_extra(self, state: Any, seat: int) -> str:
        if self.table.variant == "duel":
            return _("rounds won {n}").format(n=state.wins[seat])
        return _("cards used {n}").format(n=state.cards_used())


def board(table: Table, picked: tuple[int, ...] = ()) -> Text:
    """Both pyramids (a covered field shows top/under), the slots, the
    hands: a field's LED is its background. Cards in a hand shown, fields
    and slots can be clicked (the app's ``click('card', p, c)``, ``click('slot',
    s)``, ``click('field', p, f)``; ``picked``: the cards clicked so far)."""
    cards = table.part
    assert isinstance(cards, PacalCards)
    physics = table.physics
    out = Text()
    seats = (1, 0) if table.seats == 2 else (0,)
    for p in seats:
        shown = table.players[p] == HUMAN
        hand = cards.hand(p)
        label = " " + _("{seat} hand:").format(seat=seat_number(p)) + " "
        out.append(label, style="dim")
        for c in hand:
            if shown:
                mark = "reverse bold" if c in picked else "bold"
                out.append(f"{c:>2}", style=clickable(mark, "card", p, c))
                out.append(" ")
            else:
                out.append("▒▒ ")
        top = cards.base_top(p) or (cards.pile_top() if p == 0 else 0)
        if top:
            solo = table.variant == "solo"
            out.append(
                "   " + (_("pile {n}").format(n=cards.pile_left()) if solo else _("base")),
                style="dim",
            )
        out.append("\n")
        # each apex toward the middle: player 1's pyramid upside down, as
        # seen from across the table
        for row in ROWS if p == 0 else tuple(reversed(ROWS)):
            out.append("   " * (4 - len(row)) + " ")
            for f in row if p == 0 else tuple(reversed(row)):
                stack = physics.field_cards(p * pacal.FIELDS + f - 1)
                text = (
                    "  .  "
                    if not stack
                    else (
                        f"{stack[-1]:>2}/{stack[0]:<2}" if len(stack) == 2 else f" {stack[0]:>2}  "
                    )
                )
                bg = led(table, f"field{p}.{f}")
                cell = f"black on {bg}" if bg else "on grey15"
                out.append(text, style=clickable(cell, "field", p, f))
                out.append(" ")
            out.append("\n")
        if p == 1 or table.seats == 1:
            out.append("\n    ")
            for s in (0, 1):
                card = physics.slot_card(s)
                bg = led(table, f"slot{s}")
                out.append(
                    " " + _("slot {n}").format(n=s + 1) + f": {card or '--':>2} ",
                    style=clickable(f"black on {bg}" if bg else "on grey23", "slot", s),
                )
                out.append("  ")
            out.append("\n\n")
    if table.truth.is_over():
        out.append(" " + ended(table, seat_number), style="bold")
    return out
