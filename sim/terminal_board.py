"""The boards of the terminal version (sim.terminal) as text (rich): each
sensor point, field and slot in the colour its LED has (as the firmware
lit it), the pieces on them, and what a click there means.

    text = pyraos_board(table, picked=pos)    # the pyramid from above, the trays, the turn LEDs
    text = pacal_board(table, picked=(17,))   # both pyramids, the slots, the hands

A cell that can be clicked carries textual's ``@click`` meta: the app's
``spot('b2')`` (Pyraos), ``card(p, c)``, ``slot(s)``, ``field(p, f)``
(Pacal), which sim.terminal.TerminalApp answers.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from sim.table import COMPUTER, Table
from sim.window import style
from tabletop.rules import pacal
from tabletop.rules.pyraos_geometry import LEVEL, POSITIONS, position_name

MARBLE = ("bold white", "bold black")  # light, dark
ROWS = ((1,), (2, 3), (4, 5, 6), (7, 8, 9, 10))


def _led(table: Table, name: str) -> str | None:
    rgb = style.led_colour(table, name)
    return None if rgb is None else f"rgb({rgb[0]},{rgb[1]},{rgb[2]})"


def pyraos_board(table: Table, picked: int = -1) -> Text:
    """The pyramid from above: a cell per sensor point (the 16 cups, the 9
    points between), each showing the highest marble there (its level as a
    digit) on its LED's colour; rows 4 to 1, player 0's side at the bottom."""
    game = table.game
    physics = table.pyraos
    marbles = table.marbles  # their colours, the trays (sim.pyraos_table)
    assert marbles is not None
    occ = physics.occupied()
    top_at: dict[tuple[int, int], int] = {}
    for pos in range(POSITIONS):
        if occ >> pos & 1:
            x, y, _ = physics.centre(pos)
            at = (round(2 * x / physics.pitch), round(2 * y / physics.pitch))
            if at not in top_at or LEVEL[pos] > LEVEL[top_at[at]]:
                top_at[at] = pos
    out = Text()
    for row in range(6, -1, -1):
        out.append(f" {row // 2 + 1} " if row % 2 == 0 else "   ", style="dim")
        for col in range(7):
            pos = top_at.get((col, row), -1)
            name = _sensor_name(col, row)
            click = _spot_at(table, col, row)
            bg = _led(table, name) if name else None
            if pos >= 0:
                colour = marbles.colour(pos)
                mark = f"●{LEVEL[pos]}" if pos != picked else f"◉{LEVEL[pos]}"
                cell = MARBLE[colour] + (f" on {bg}" if bg else "")
                out.append(f" {mark} ", style=_clickable(cell, click))
            elif name:
                cell = f"on {bg}" if bg else "dim"
                out.append(" ·  " if bg is None else " ○  ", style=_clickable(cell, click))
            else:
                out.append("    ")
        out.append("\n")
    out.append("    a       b       c       d\n", style="dim")
    for side in (1, 0):
        who = "dark " if side else "light"
        out.append(f"\n {who} tray ", style="dim")
        out.append("●" * marbles.reserves[side], style=MARBLE[side])
        out.append(f" {marbles.reserves[side]:>2}  ", style="dim")
        for i in range(15):
            bg = _led(table, f"reserve{side}.{i}")
            out.append("▮", style=bg or "grey23")
        turn = _led(table, f"turn{side}")
        out.append("  turn ", style="dim")
        out.append("●", style=turn or "grey23")
    if game.is_over():
        out.append("\n\n " + (game.outcome().reason or ""), style="bold")
    return out


def _sensor_name(col: int, row: int) -> str:
    if col % 2 == 0 and row % 2 == 0:
        return "abcd"[col // 2] + str(row // 2 + 1)
    if col % 2 == 1 and row % 2 == 1:
        return "2" + "abc"[col // 2] + str(row // 2 + 1)
    return ""


def _spot_at(table: Table, col: int, row: int) -> str:
    """The position a click on cell (col, row) means: the highest marble
    there, else the free spot there."""
    physics = table.pyraos
    pitch = physics.pitch
    x, y = col * pitch / 2, row * pitch / 2
    pos = table.pyraos.loose_marble_at(x, y)
    if pos < 0:
        pos = table.pyraos.free_spot_at(x, y)
    return position_name(pos) if pos >= 0 else ""


def _clickable(cell: str, action: str) -> Style:
    """``cell``'s style, and a click there calls the app's ``action``
    (a Pyraos position name: its spot action)."""
    base = Style.parse(cell)
    if not action:
        return base
    if "(" not in action:
        action = f"spot('{action}')"
    return base + Style(meta={"@click": f"app.{action}"})


def pacal_board(table: Table, picked: tuple[int, ...] = ()) -> Text:
    """Both pyramids (a covered field shows top/under), the slots, the
    hands: a field's LED is its background. Cards in a hand shown, fields
    and slots can be clicked (``picked``: the cards clicked so far)."""
    cards = table.cards
    assert cards is not None
    physics = table.pacal
    out = Text()
    seats = (1, 0) if table.seats == 2 else (0,)
    for p in seats:
        shown = table.players[p] != COMPUTER
        hand = cards.hand(p)
        label = f" P{p + 1} hand: "
        out.append(label, style="dim")
        for c in hand:
            if shown:
                mark = "reverse bold" if c in picked else "bold"
                out.append(f"{c:>2}", style=_clickable(mark, f"card({p}, {c})"))
                out.append(" ")
            else:
                out.append("▒▒ ")
        top = cards.base_top(p) or (cards.pile_top() if p == 0 else 0)
        if top:
            out.append(
                f"   pile {cards.pile_left()}" if table.variant == "solo" else "   base",
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
                bg = _led(table, f"field{p}.{f}")
                cell = f"black on {bg}" if bg else "on grey15"
                out.append(text, style=_clickable(cell, f"field({p}, {f})"))
                out.append(" ")
            out.append("\n")
        if p == 1 or table.seats == 1:
            out.append("\n    ")
            for s in (0, 1):
                card = physics.slot_card(s)
                bg = _led(table, f"slot{s}")
                out.append(
                    f" slot {s + 1}: {card or '--':>2} ",
                    style=_clickable(f"black on {bg}" if bg else "on grey23", f"slot({s})"),
                )
                out.append("  ")
            out.append("\n\n")
    return out


DIABOLO_INK = ("bold red", "bold yellow", "bold green", "bold magenta", "bold blue")


def diabolo_board(table: Table, seat: int, cover: int | None = None) -> Text:
    """The five rows (hell slots left of the row card, heaven right; a slot's
    LED is its background, a row's lock LED beside it), the reader and the
    seats' turn LEDs, and ``seat``'s hand (-1: none; ``cover``: the seat
    whose hand waits for Enter)."""
    from tabletop.records.diabolo_notation import card_name
    from tabletop.rules import diabolo
    from tabletop.sensing.diabolo_codes import DOUBLE_CARD

    dc = table.diabolo_cards
    assert dc is not None
    physics = table.diabolo
    names = ("red", "yellow", "green", "purple", "blue")

    def name(card: int) -> str:
        if card >= DOUBLE_CARD:
            return f"x2P{card - DOUBLE_CARD + 1}"
        return card_name(card) if card else ".."

    out = Text()
    out.append("        hell              heaven\n", style="dim")
    for c in range(diabolo.COLOURS):
        lock = _led(table, f"lock.{'rygpb'[c]}")
        out.append(" ● ", style=lock or "grey23")
        for side, order in ((diabolo.HELL, (2, 1, 0)), (diabolo.HEAVEN, (0, 1, 2))):
            if side == diabolo.HEAVEN:
                out.append(f" {names[c]:^8} ", style=DIABOLO_INK[c] + " on grey15")
            for k in order:
                s = (c * 2 + side) * 3 + k
                card = physics.slot_card(s)
                bg = _led(
                    table, f"{'rygpb'[c]}.{'hell' if side == diabolo.HELL else 'heaven'}.{k + 1}"
                )
                ink = DIABOLO_INK[diabolo.colour_of(card)] if 0 < card < DOUBLE_CARD else "dim"
                out.append(f" {name(card)} ", style=ink + (f" on {bg}" if bg else " on grey11"))
        out.append("\n")
    out.append("\n reader: ", style="dim")
    out.append(f" {name(physics.reader_card())} ", style="bold on grey23")
    out.append("   pile " + str(dc.pile_left()), style="dim")
    out.append("\n turn:  ", style="dim")
    for p in range(table.seats):
        out.append(f" P{p + 1} ", style="dim")
        out.append("●", style=_led(table, f"turn{p}") or "grey23")
        out.append(f" {len(dc.hand(p))}", style="dim")
    out.append("\n\n")
    if cover is not None:
        out.append(f" Seat {cover + 1}: press Enter to show your hand\n", style="bold reverse")
    elif seat >= 0 and table.players[seat] != COMPUTER:
        out.append(f" P{seat + 1} hand: ", style="dim")
        for card in dc.hand(seat):
            out.append(card_name(card), style=DIABOLO_INK[diabolo.colour_of(card)])
            out.append(" ")
        if dc.has_double(seat):
            out.append(" double", style="bold")
        out.append("\n")
    else:
        out.append(" The computer seats' hands are hidden\n", style="dim")
    if table.truth.is_over():
        out.append("\n " + (table.truth.outcome().reason or ""), style="bold")
    return out
