"""The simulator in a terminal (textual): the same table as the window
(sim.table: the firmware, the virtual board, computer seats), drawn in
colour with the LEDs as the firmware lit them, for a machine without a
display or over SSH. ``python -m sim --text``, or ``python -m sim`` where
no display can be opened.

Moves are typed (record notation, or short: Pyraos ``b2`` place, ``a1
2a1`` raise, ``x b2`` / ``x b2 c2`` take back; Pacal ``offer 17 23``,
``take 17``, ``build 17 4``, ``keep 17``) or clicked: Pyraos a spot to
place, a marble then a spot to raise, a marble to take back; Pacal two
cards of a hand to offer them, a slot to take its card, a field to build
the card due (a card clicked first: that one), a card then a slot to keep
it. A person's
hand (sim.hand) then makes the move at the board, which judges it as it
would a real one. Keys: ctrl+n new game, ctrl+b BACK (undo), ctrl+s save
the record, f1 help, ctrl+q quit.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from sim.table import COMPUTER, Table
from sim.window import style
from tabletop.records import notation
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import LEVEL, POSITIONS, position_index, position_name

TICK_S = 0.05  # the board runs in steps of this much wall time
MAX_STEP_MS = 100
MARBLE = ("bold white", "bold black")  # light, dark
ROWS = ((1,), (2, 3), (4, 5, 6), (7, 8, 9, 10))
HELP = (
    "Type a move and Enter, or click. Pyraos: b2 (place), a1 2a1 (raise), x b2 or x b2 c2 "
    '(take back), or record notation {"p": 0, "place": "b2"}. Pacal: offer 17 23, '
    "take 17, build 17 4, keep 17. The board lights where a move may go, in the "
    "player's colour; red where something is wrong."
)


def parse(table: Table, text: str) -> Any:
    """The event a typed move means for the game at ``table`` (ValueError
    saying what is wrong with it)."""
    text = text.strip()
    truth = table.truth
    if text.startswith("{"):
        try:
            obj = json.loads(text)
        except ValueError:
            raise ValueError("not a JSON object: " + text) from None
        return notation.from_json(table.game_name, table.variant, obj)
    words = text.replace(">", " ").split()
    if not words:
        raise ValueError("type a move")
    movers = truth.to_move()
    if not movers:
        raise ValueError("the game waits for nobody now")
    if table.game_name == "pyraos":
        p = movers[0]
        try:
            if words[0] == "x":
                spots = [position_index(w) for w in words[1:3]]
                return (pyraos.REMOVE, p, spots[0], spots[1] if len(spots) > 1 else -1)
            if len(words) == 2:
                return (pyraos.RAISE, p, position_index(words[0]), position_index(words[1]))
            return (pyraos.PLACE, p, position_index(words[0]), -1)
        except (ValueError, IndexError):
            raise ValueError(f"not a Pyraos move: {text!r} (b2, a1 2a1, x b2)") from None
    return _pacal_move(truth, words, movers)


def _pacal_move(truth: Any, words: list[str], movers: tuple[int, ...]) -> Any:
    verb, *args = words
    try:
        nums = [int(a) for a in args]
    except ValueError:
        raise ValueError("cards and fields are numbers, e.g. build 17 4") from None
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
    raise ValueError("Pacal moves: offer 17 23, take 17, build 17 4, keep 17")


def _led(table: Table, name: str) -> str | None:
    rgb = style.led_colour(table, name)
    return None if rgb is None else f"rgb({rgb[0]},{rgb[1]},{rgb[2]})"


def pyraos_board(table: Table, picked: int = -1) -> Text:
    """The pyramid from above: a cell per sensor point (the 16 cups, the 9
    points between), each showing the highest marble there (its level as a
    digit) on its LED's colour; rows 4 to 1, player 0's side at the bottom."""
    game = table.game
    physics = table.pyraos
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
                colour = table.marble_colour(pos)
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
        out.append("●" * table.reserves[side], style=MARBLE[side])
        out.append(f" {table.reserves[side]:>2}  ", style="dim")
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


class TerminalApp(App[int]):
    CSS = """
    #board { width: 1fr; padding: 1 2; }
    #side { width: 46; padding: 0 1; }
    #oled { border: round $primary; height: 10; color: $accent; }
    #moves { height: 1fr; }
    """
    BINDINGS = [
        Binding("ctrl+n", "new", "new game"),
        Binding("ctrl+b", "undo", "BACK (undo)"),
        Binding("ctrl+s", "save", "save record"),
        Binding("f1", "help", "help"),
        Binding("ctrl+q", "quit", "quit"),
    ]

    def __init__(self, table: Table, live: bool = True) -> None:
        super().__init__()
        self.table = table
        self.live = live  # the board runs with the wall clock (tests step it)
        self.picked = -1  # Pyraos: the marble clicked first (a raise)
        self.cards_picked: list[tuple[int, int]] = []  # Pacal: (player, card) clicked
        self.message = HELP
        self.last = time.monotonic()
        self.save_dir = Path.cwd()

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static(id="board")
            with Vertical(id="side"):
                yield Static(id="seats")
                yield Static(id="oled")
                yield Static(id="moves")
        yield Static(id="message")
        yield Input(placeholder="your move, e.g. b2 (Enter)", id="move")
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"tabletop: {self.table.game_name} {self.table.variant}"
        if self.live:
            self.set_interval(TICK_S, self._tick)
        self.refresh_board()
        self.query_one("#move", Input).focus()

    def _tick(self) -> None:
        now = time.monotonic()
        ms = min(MAX_STEP_MS, int((now - self.last) * 1000))
        self.last = now
        self.advance(ms)

    def advance(self, ms: int) -> None:
        """Play ``ms`` of virtual time and redraw."""
        self.table.advance(ms)
        self.refresh_board()

    def refresh_board(self) -> None:
        table = self.table
        if table.cards is None:
            board = pyraos_board(table, self.picked)
        else:
            board = pacal_board(table, tuple(c for _, c in self.cards_picked))
        self.query_one("#board", Static).update(board)
        self.query_one("#seats", Static).update(self._seats())
        display = table.hal.display
        rows = display.rows if display is not None else []
        self.query_one("#oled", Static).update("\n".join(rows))
        moves = table.moves_text()[-30:]
        self.query_one("#moves", Static).update("\n".join(moves))
        self.query_one("#message", Static).update(self.message)

    def _seats(self) -> Text:
        table = self.table
        truth = table.truth
        out = Text()
        movers = truth.to_move()
        for p in range(table.seats):
            who = "computer" if table.players[p] == COMPUTER else "person"
            mark = "▶ " if p in movers else "  "
            if table.cards is None:
                extra = f"reserve {truth.reserve[p]}"
                name = "light" if p == 0 else "dark"
            else:
                extra = (
                    f"rounds won {truth.wins[p]}"
                    if table.variant == "duel"
                    else f"cards used {truth.cards_used()}"
                )
                name = f"P{p + 1}"
            out.append(f"{mark}{name} ({who})  {extra}\n")
        return out

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text = message.value
        message.input.value = ""
        try:
            event = parse(self.table, text)
        except ValueError as err:
            self.message = str(err)
        else:
            self.message = self.table.perform(event) or f"{text}: the hand makes it"
        self.refresh_board()

    def action_spot(self, name: str) -> None:
        """A click on a Pyraos spot or marble (see the module's doc)."""
        table = self.table
        if table.cards is None and name:
            self.message = self._click(position_index(name))
            self.refresh_board()

    def _click(self, pos: int) -> str:
        table = self.table
        truth = table.truth
        movers = truth.to_move()
        if not movers:
            return "the game is over: ctrl+n for a new one"
        p = movers[0]
        occ = table.pyraos.occupied()
        if truth.phase == pyraos.P_REMOVE:
            return table.perform((pyraos.REMOVE, p, pos, -1))
        if occ >> pos & 1:
            self.picked = pos
            return f"{position_name(pos)} picked: click where it goes"
        if self.picked >= 0:
            src, self.picked = self.picked, -1
            return table.perform((pyraos.RAISE, p, src, pos))
        return table.perform((pyraos.PLACE, p, pos, -1))

    def action_card(self, p: int, card: int) -> None:
        """Pacal: a card in a hand clicked: picked (an offer takes two), or
        let go again."""
        picked = self.cards_picked
        if (p, card) in picked:
            picked.remove((p, card))
        else:
            picked.append((p, card))
        truth = self.table.truth
        if truth.phase == pacal.P_OFFER and len(picked) == 2 and picked[0][0] == picked[1][0]:
            (q, a), (_, b) = picked
            self._pacal((pacal.OFFER, q, a, b))
        else:
            self.message = f"picked {', '.join(str(c) for _, c in picked)}: click a slot or field"
        self.refresh_board()

    def action_slot(self, s: int) -> None:
        """Pacal: a slot clicked: take its card, or keep the card picked."""
        truth = self.table.truth
        if truth.phase == pacal.P_TAKE:
            self._pacal((pacal.TAKE, 1 - truth.turn, truth.offer[s], 0))
        elif self.cards_picked:
            p, card = self.cards_picked[-1]
            self._pacal((pacal.KEEP, p, card, 0))
        self.refresh_board()

    def action_field(self, p: int, f: int) -> None:
        """Pacal: a field clicked: build the card picked (or the one due) there."""
        truth = self.table.truth
        card = next((c for q, c in self.cards_picked if q == p), truth.pending[p])
        self._pacal((pacal.PLACE, p, card, f))
        self.refresh_board()

    def _pacal(self, event: Any) -> None:
        self.cards_picked = []
        self.message = self.table.perform(event) or "the hand makes it"

    def action_new(self) -> None:
        self.table.new_game()
        self.message = "New game: the board is cleared"

    def action_undo(self) -> None:
        self.table.undo()
        self.message = "BACK"

    def action_save(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.save_dir / f"{self.table.game_name}-{self.table.variant}-{stamp}.jsonl"
        self.table.save(path)
        self.message = f"Saved {path}"

    def action_help(self) -> None:
        self.message = HELP
