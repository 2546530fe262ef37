"""The simulator in a terminal (textual): the same table as the window
(sim.table.table: the firmware, the virtual board, computer seats), drawn in
colour with the LEDs as the firmware lit them, for a machine without a
display or over SSH. ``python -m sim --text``, or ``python -m sim`` where
no display can be opened.

Moves are typed (record notation, or the game's short form: Pyraos ``b2``,
Pacal ``build 17 4``, Diabolo ``p4 heaven``) or clicked. What the board
looks like as text, the game's moves as typed and clicked and who sees
which hand are the game's terminal view (sim.terminal.view), chosen by the
game's name (sim.part(game, "terminal"): sim.terminal.pyraos, .pacal,
.diabolo); the app asks it, never the game's name. A person's
hand (sim.hand) then makes the move at the board, which judges it as it
would a real one. Keys: ctrl+n new game, ctrl+b undo (the last turn), ctrl+s save
the record, f1 help, ctrl+q quit. Against someone far away ctrl+b asks them
for the take-back (sim.table.far_back, as the window's U), and their ask is
the line under the board (``ask_prompt``): y and Enter takes the moves
back, n and Enter plays on; until it is answered, nothing typed or clicked
is played.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, Static

from sim import part
from sim.table.far_back import moves_asked
from sim.table.table import Table
from sim.table.undo import NOT_UNDONE, UNDONE
from sim.terminal.view import AppSide, TerminalView
from sim.texts import N_, _, rules
from sim.texts import moves as in_words

TICK_S = 0.05  # the board runs in steps of this much wall time
MAX_STEP_MS = 100
UNDO_KEY = "ctrl+b"  # the undo's key as texts name it (the binding below)
YES, NO = N_("yes"), N_("no")  # an ask for a take-back answered (y and n, in any language)
HELP = N_(
    "Type a move and Enter (in record notation, or short: {moves}), or click. The board "
    "lights where a move may go, in the player's colour; red where something is wrong."
)  # (f1 shows it after how to play the game: sim.texts.rules)
FAR_HELP = N_(
    "Against someone far away {key} asks them to take back your last turn; an ask of "
    "theirs is answered by typing y (take the moves back) or n (play on), then Enter."
)


class TerminalApp(App[int]):
    CSS = """
    #board { width: 1fr; padding: 1 2; }
    #side { width: 46; padding: 0 1; }
    #oled { border: round $primary; height: 10; color: $accent; }
    #moves { height: 1fr; }
    """
    BINDINGS = [
        Binding("ctrl+n", "new", N_("new game")),
        Binding("ctrl+b", "undo", N_("undo")),
        Binding("ctrl+s", "save", N_("save record")),
        Binding("f1", "help", N_("help")),
        Binding("ctrl+q", "quit", N_("quit")),
    ]

    def __init__(self, table: Table, live: bool = True) -> None:
        super().__init__()
        # the keys' words in the footer, in the language in use (BINDINGS is
        # made once, at import, before a language is chosen)
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [
                replace(b, description=_(b.description)) if b.description else b for b in bindings
            ]
        self.table = table
        self.live = live  # the board runs with the wall clock (tests step it)
        app: AppSide = self  # (what a view may use of the app: mypy checks it is all here)
        self.view: TerminalView = part(table.game_name, "terminal").make(app)
        self.message = self.typing_help()
        self._far_said = ""  # what the message says of the room (the table's far_status)
        self.last = time.monotonic()
        self.save_dir = Path.cwd()

    def help_text(self) -> str:
        """The help (f1): how to play the game and the variant the board
        plays now (MENU may have chosen another), then how moves are typed."""
        variant = str(self.table.runtime.board.variant)
        told = rules.how_to_play(self.table.game_name, variant)
        far = [_(FAR_HELP).format(key=UNDO_KEY)] if self.table.far is not None else []
        return "\n".join((*told, "", self.typing_help(), *far))

    def typing_help(self) -> str:
        """How moves are typed and clicked (the first message)."""
        view = self.view
        said = _(HELP).format(moves=_(view.moves_help))
        return f"{said} {view.english_help()}".strip()

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield Static(id="board")
            with Vertical(id="side"):
                yield Static(id="seats")
                yield Static(id="oled")
                yield Static(id="moves")
        yield Static(id="message")
        placeholder = _("your move, e.g. {example} (Enter)").format(example=_(self.view.example))
        yield Input(placeholder=placeholder, id="move")
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
        said = self.table.far_status(UNDO_KEY)
        back = self.table.far_back
        if back is not None and said == back.status():
            said = self.ask_prompt() or said  # (an ask to answer here: the window's page)
        if said != self._far_said:
            # (the room: why the game stops, the link down, or the take-back)
            old, self._far_said = self._far_said, said
            if said or self.message == old:
                self.message = said or self.typing_help()
        self.refresh_board()

    def ask_prompt(self) -> str:
        """A far seat's ask for a take-back, as the line under the board:
        who asks, how many moves, and how it is answered ('' none to answer)."""
        back = self.table.far_back
        asked = back.asked() if back is not None else None
        if asked is None:
            return ""
        seat, moves = asked
        who = _("{seat} ({who})").format(seat=self.seat_word(seat), who=_("far away"))
        return _("{asks}: type y and Enter to take them back, n and Enter to play on").format(
            asks=moves_asked(who, moves)
        )

    def answered(self, text: str) -> bool:
        """A line typed while a take-back is asked or its answer awaited:
        y or n answers an ask to be answered here; anything else is played
        only once it is answered (True: the line is taken so)."""
        back = self.table.far_back
        if back is None or not back.paused():
            return False
        word = text.lower()
        yes = word in ("y", "yes", _(YES).lower())
        if (yes or word in ("n", "no", _(NO).lower())) and back.asked() is not None:
            if back.answer(yes):
                self.advance(0)  # (what the room says now)
            else:
                self.message = self.table.far_status(UNDO_KEY)  # (the link down)
        else:
            self.message = self.ask_prompt() or back.status()
        return True

    def refresh_board(self) -> None:
        table = self.table
        self.view.hot_seat()
        self.query_one("#board", Static).update(self.view.board())
        self.query_one("#seats", Static).update(self.view.seats())
        display = table.hal.display
        rows = display.rows if display is not None else []
        self.query_one("#oled", Static).update("\n".join(rows))
        moves = in_words.lines_of(table.game_name, table.moves_text(), self.seat_word)[-30:]
        self.query_one("#moves", Static).update("\n".join(moves))
        self.query_one("#message", Static).update(self.message)

    def seat_word(self, seat: int) -> str:
        """A seat as the move list names it ("Light", "P2")."""
        name = self.view.seat_name(seat)
        return name[:1].upper() + name[1:]

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text = message.value
        message.input.value = ""
        if self.answered(text.strip()) or self.view.typed(text.strip()):
            self.refresh_board()
            return
        try:
            event = self.view.parse(text)
        except ValueError as err:
            self.message = str(err)
        else:
            self.message = self.table.perform(event) or _("{move}: the hand makes it").format(
                move=text
            )
        self.refresh_board()

    def action_click(self, click: tuple[Any, ...]) -> None:
        """A cell of the board clicked (sim.terminal.view.clickable): the
        game's view answers ``click``, ``(what, *args)``. (One argument:
        textual passes an action no more arguments than its method names.)
        While a take-back is asked far away, nothing is clicked."""
        back = self.table.far_back
        if back is not None and back.paused():
            self.message = self.ask_prompt() or back.status()
        else:
            self.view.click(*click)
        self.refresh_board()

    def action_new(self) -> None:
        if self.table.far is not None:
            self.message = _("A room plays one game: for another, a new room code")
            return
        self.table.new_game()
        self.message = _("New game: the board is cleared")

    def action_undo(self) -> None:
        """ctrl+b: the last turn taken back; against someone far away, asked of them."""
        back = self.table.far_back
        if back is not None:
            self.message = back.ask()
        else:
            self.message = _(UNDONE) if self.table.undo() else _(NOT_UNDONE)
        self.refresh_board()

    def action_save(self) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.save_dir / f"{self.table.game_name}-{self.table.variant}-{stamp}.jsonl"
        self.table.save(path)
        self.message = _("Saved {path}").format(path=path)

    def action_help(self) -> None:
        self.message = self.help_text()
        self.refresh_board()  # (shown now, not at the next tick)
