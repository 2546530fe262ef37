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
it. Diabolo: ``p4 heaven``, ``r1 hell``, ``discard p4``, and at scoring
``double`` (the seat's double card on the reader) and ``show`` (its cards
of the row's colour, then BACK); with several people, each hand waits for
its seat to press Enter ("Seat N: press Enter to show your hand"). A person's
hand (sim.hand) then makes the move at the board, which judges it as it
would a real one. Keys: ctrl+n new game, ctrl+b BACK (undo), ctrl+s save
the record, f1 help, ctrl+q quit.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from sim.table import COMPUTER, Table
from sim.terminal_board import diabolo_board, pacal_board, pyraos_board
from tabletop.records import notation
from tabletop.records.diabolo_notation import card_index
from tabletop.rules import diabolo, pacal, pyraos
from tabletop.rules.pyraos_geometry import position_index, position_name

TICK_S = 0.05  # the board runs in steps of this much wall time
MAX_STEP_MS = 100
HELP = (
    "Type a move and Enter, or click. Pyraos: b2 (place), a1 2a1 (raise), x b2 or x b2 c2 "
    '(take back), or record notation {"p": 0, "place": "b2"}. Pacal: offer 17 23, '
    "take 17, build 17 4, keep 17. Diabolo: p4 heaven, r1 hell, discard p4; at "
    "scoring double, show (ctrl+b: BACK). The board lights where a move may go, in "
    "the player's colour; red where something is wrong."
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
    if table.game_name == "diabolo":
        return _diabolo_move(table, words)
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


def _diabolo_move(table: Table, words: list[str]) -> Any:
    truth = table.truth
    seat = table.active_seat()
    p = seat if seat is not None else truth.turn
    try:
        if words[0] == "double" and len(words) <= 2:
            walk = table.diabolo_cards.walk() if table.diabolo_cards else None
            colour = "rygpb".index(words[1]) if len(words) == 2 else (walk[0] if walk else -1)
            return (diabolo.DOUBLE, p, colour, 0)
        if words[0] == "discard" and len(words) == 2:
            return (diabolo.DISCARD, truth.turn, card_index(words[1]), 0)
        if len(words) == 2 and words[1] in ("hell", "heaven"):
            side = diabolo.HELL if words[1] == "hell" else diabolo.HEAVEN
            return (diabolo.PLAY, truth.turn, card_index(words[0]), side)
    except ValueError:
        pass
    raise ValueError("Diabolo moves: p4 heaven, r1 hell, discard p4; at scoring double, show")


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
        self.shown_seat: int | None = None  # Diabolo hot seat: whose hand is shown
        self.covered = False  # ... the hand waits for its seat's Enter

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

    def hand_seat(self) -> int:
        """Diabolo: the seat whose hand is listed (-1: none). With one person,
        theirs; with several, the seat to act once it pressed Enter."""
        table = self.table
        humans = [p for p in range(table.seats) if table.players[p] != COMPUTER]
        if len(humans) == 1:
            return humans[0]
        active = table.active_seat()
        if self.covered or active is None or active != self.shown_seat:
            return -1
        return active

    def cover(self) -> int | None:
        return self.table.active_seat() if self.covered else None

    def _hot_seat(self) -> None:
        table = self.table
        if table.diabolo_cards is None or table.players.count("human") < 2:
            return
        active = table.active_seat()
        if active is None:
            self.covered = False
            self.shown_seat = None
        elif active != self.shown_seat:
            self.covered = True

    def refresh_board(self) -> None:
        table = self.table
        self._hot_seat()
        if table.diabolo_cards is not None:
            board = diabolo_board(table, self.hand_seat(), self.cover())
        elif table.cards is None:
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
            if table.diabolo_cards is not None:
                extra = f"{truth.totals()[p]} points"
                name = f"P{p + 1}"
            elif table.cards is None:
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
        if table.diabolo_cards is not None:
            for r, points in enumerate(truth.round_scores()):
                out.append(f"round {r + 1}: " + "  ".join(str(v) for v in points) + "\n")
        return out

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text = message.value
        message.input.value = ""
        if self.table.diabolo_cards is not None and self._diabolo_typed(text.strip()):
            self.refresh_board()
            return
        try:
            event = parse(self.table, text)
        except ValueError as err:
            self.message = str(err)
        else:
            self.message = self.table.perform(event) or f"{text}: the hand makes it"
        self.refresh_board()

    def _diabolo_typed(self, text: str) -> bool:
        # Enter at the cover, "show" and "double" at scoring: True when handled.
        dc = self.table.diabolo_cards
        assert dc is not None
        if self.covered:
            if text:
                self.message = f"Seat {(self.cover() or 0) + 1}: press Enter to show your hand"
            else:
                self.covered = False
                self.shown_seat = self.table.active_seat()
                self.message = "Your hand is shown: type your move"
            return True
        seat = self.hand_seat()
        if text == "show":
            self.message = dc.show_colour(seat) if seat >= 0 else "no hand is shown now"
            self.message = self.message or "the hand shows your cards, then presses BACK"
            return True
        if text == "double":
            self.message = dc.declare_double(seat) if seat >= 0 else "no hand is shown now"
            self.message = self.message or "the hand lays your double card"
            return True
        return False

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
