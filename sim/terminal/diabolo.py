"""Diabolo in the terminal version (the contract: sim.terminal.view): the
rows, the reader, the turn LEDs and the hand shown as text, moves typed
(``p4 heaven``, ``r1 hell``, ``discard p4``; at scoring ``double``, the
seat's double card on the reader, and ``show``, its cards of the row's
colour, then BACK). With several people each hand waits for its seat to
press Enter ("Seat N: press Enter to show your hand").

    view = make(app)                   # app: sim.terminal.view.AppSide
    view.hand_seat(), view.cover()     # the seat whose hand is listed (-1: none); ... waits
    text = board(table, seat, cover)   # the rows, the reader, seat's hand (or the cover)
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from sim.table.cover import Cover
from sim.table.diabolo import DiaboloCards
from sim.table.table import HUMAN, Table
from sim.terminal.view import AppSide, TerminalView, ended, led, seat_number
from sim.texts import N_, _
from sim.texts.diabolo import colour
from tabletop.records.diabolo_notation import card_index, card_name
from tabletop.rules import diabolo
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

INK = ("bold red", "bold yellow", "bold green", "bold magenta", "bold blue")


def make(app: AppSide) -> DiaboloView:
    return DiaboloView(app)


def _cards(table: Table) -> DiaboloCards:
    part = table.part
    assert isinstance(part, DiaboloCards)
    return part


class DiaboloView(TerminalView):
    example = N_("p4 heaven")
    moves_help = N_("p4 heaven, r1 hell, discard p4; at scoring double, show (ctrl+b: BACK)")
    words = (N_("heaven"), N_("hell"), N_("discard"), N_("double"), N_("show"))

    def __init__(self, app: AppSide) -> None:
        super().__init__(app)
        self.hand_cover = Cover()  # several people: each hand waits for its Enter

    def hand_seat(self) -> int:
        """The seat whose hand is listed (-1: none)."""
        return self.hand_cover.seat(self.table)

    def cover(self) -> int | None:
        """The seat whose hand waits for its Enter (None: none)."""
        return self.hand_cover.waiting(self.table)

    def hot_seat(self) -> None:
        self.hand_cover.follow(self.table)

    def board(self) -> Text:
        return board(self.table, self.hand_seat(), self.cover())

    def typed(self, text: str) -> bool:
        # Enter at the cover, "show" and "double" at scoring
        app = self.app
        if self.hand_cover.down:
            if text:
                app.message = _("Seat {n}: press Enter to show your hand").format(
                    n=(self.cover() or 0) + 1
                )
            else:
                self.hand_cover.lift(self.table)
                app.message = _("Your hand is shown: type your move")
            return True
        seat = self.hand_seat()
        dc = _cards(self.table)
        text = self.english(text.lower())
        if text == "show":
            app.message = dc.show_colour(seat) if seat >= 0 else _("no hand is shown now")
            app.message = app.message or _("the hand shows your cards, then presses BACK")
            return True
        if text == "double":
            app.message = dc.declare_double(seat) if seat >= 0 else _("no hand is shown now")
            app.message = app.message or _("the hand lays your double card")
            return True
        return False

    def move(self, words: list[str], text: str) -> Any:
        table = self.table
        truth = table.truth
        seat = table.active_seat()
        p = seat if seat is not None else truth.turn
        try:
            if words[0] == "double" and len(words) <= 2:
                walk = _cards(table).walk()
                row = "rygpb".index(words[1]) if len(words) == 2 else (walk[0] if walk else -1)
                return (diabolo.DOUBLE, p, row, 0)
            if words[0] == "discard" and len(words) == 2:
                return (diabolo.DISCARD, truth.turn, card_index(words[1]), 0)
            if len(words) == 2 and words[1] in ("hell", "heaven"):
                side = diabolo.HELL if words[1] == "hell" else diabolo.HEAVEN
                return (diabolo.PLAY, truth.turn, card_index(words[0]), side)
        except ValueError:
            pass
        raise ValueError(_("Diabolo moves: {moves}").format(moves=_(self.moves_help)))

    def seat_extra(self, state: Any, seat: int) -> str:
        return _("{n} points").format(n=state.totals()[seat])

    def below_seats(self, state: Any) -> list[str]:
        return [
            _("round {n}:").format(n=r + 1) + " " + "  ".join(str(v) for v in points)
            for r, points in enumerate(state.round_scores())
        ]


def _name(card: int) -> str:
    if card >= DOUBLE_CARD:
        return f"x2P{card - DOUBLE_CARD + 1}"
    return card_name(card) if card else ".."


def board(table: Table, seat: int, cover: int | None = None) -> Text:
    """The five rows (hell slots left of the row card, heaven right; a slot's
    LED is its background, a row's lock LED beside it), the reader and the
    seats' turn LEDs, and ``seat``'s hand (-1: none; ``cover``: the seat
    whose hand waits for Enter)."""
    dc = _cards(table)
    physics = table.physics
    out = Text()
    out.append("        " + _("hell").ljust(18) + _("heaven") + "\n", style="dim")
    for c in range(diabolo.COLOURS):
        lock = led(table, f"lock.{'rygpb'[c]}")
        out.append(" ● ", style=lock or "grey23")
        for side, order in ((diabolo.HELL, (2, 1, 0)), (diabolo.HEAVEN, (0, 1, 2))):
            if side == diabolo.HEAVEN:
                out.append(f" {colour('rygpb'[c]):^8} ", style=INK[c] + " on grey15")
            for k in order:
                s = (c * 2 + side) * 3 + k
                card = physics.slot_card(s)
                where = "hell" if side == diabolo.HELL else "heaven"
                bg = led(table, f"{'rygpb'[c]}.{where}.{k + 1}")
                ink = INK[diabolo.colour_of(card)] if 0 < card < DOUBLE_CARD else "dim"
                out.append(f" {_name(card)} ", style=ink + (f" on {bg}" if bg else " on grey11"))
        out.append("\n")
    out.append("\n " + _("reader:") + " ", style="dim")
    out.append(f" {_name(physics.reader_card())} ", style="bold on grey23")
    out.append("   " + _("pile {n}").format(n=dc.pile_left()), style="dim")
    out.append("\n " + (_("turn") + ":").ljust(7), style="dim")
    for p in range(table.seats):
        out.append(f" {seat_number(p)} ", style="dim")
        out.append("●", style=led(table, f"turn{p}") or "grey23")
        out.append(f" {len(dc.hand(p))}", style="dim")
    out.append("\n\n")
    if cover is not None:
        words = _("Seat {n}: press Enter to show your hand").format(n=cover + 1)
        out.append(f" {words}\n", style="bold reverse")
    elif seat >= 0 and table.players[seat] == HUMAN:
        out.append(" " + _("{seat} hand:").format(seat=seat_number(seat)) + " ", style="dim")
        for card in dc.hand(seat):
            out.append(card_name(card), style=INK[diabolo.colour_of(card)])
            out.append(" ")
        if dc.has_double(seat):
            out.append(" " + _("double"), style="bold")
        out.append("\n")
    else:
        out.append(" " + _("The computer seats' hands are hidden") + "\n", style="dim")
    if table.truth.is_over():
        out.append("\n " + ended(table, seat_number), style="bold")
    return out
