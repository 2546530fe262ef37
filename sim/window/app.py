"""The simulator's window (pygame-ce): a game at the virtual board, played
with the mouse, the firmware watching the pieces and lighting the LEDs.

    app = App(table)                   # opens the window (or, offscreen=True, a surface)
    app.run()                          # until Esc or the window is closed
    app.frame(16)                      # one frame: events handled, 16 ms of play, drawn
    app.save_screenshot("x.png")

The mouse is the hand: press on a piece, drag, let go where it goes;
press MENU or BACK on the board. Keys: N new game, U undo (the last turn), S save
the record, O open one (typed path; then Left/Right step through it, End
back to the board), R the sensors' readings, F1 help, Esc quit. Against
someone far away U asks them for the take-back (sim.table.far_back), and
their ask is a page over the window: Y takes the moves back, N plays on
(the mouse rests on the board until it is answered). What the
board looks like, what the mouse does to its pieces, the game's own keys
and who sees which hand are the game's view (sim.window.view), chosen by
the game's name (sim.part(game, "window"): sim.window.pyraos, .pacal,
.diabolo); the app asks it, never the game's name.
Virtual time follows the wall clock, at most ``MAX_FRAME_MS`` a frame (a
stalled window does not make the firmware skip ahead).

A frame draws (and flips the display) only when something a player sees
has changed since the last drawing (``shown``: the LED frame the firmware
last sent, the status display, the pieces and the hands, the note, the
keys' pages, an event): while the board waits for a move, the firmware
ticks on and nothing is drawn, and ``run`` sleeps ``IDLE_FPS`` frames a
second. ``draws`` counts the drawings; ``save_screenshot`` always draws.
S saves the record into the folder of the record opened, else
``RECORDS_DIR`` (made when missing).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from sim import part
from sim.table.far_back import moves_asked
from sim.table.table import RecordProblem, Table, record_state
from sim.table.undo import NOT_UNDONE, UNDONE
from sim.texts import _
from sim.window import panel, style
from sim.window.layout import Layout
from sim.window.view import AppSide, View

FPS = 60
IDLE_FPS = 30  # frames a second while nothing shown changes (input waits at most 1/30 s)
RECORDS_DIR = Path("~/tabletop-records")  # where S saves (the opened record's folder first)
MAX_FRAME_MS = 100
DEFAULT_SIZE = (1200, 720)
MIN_SIZE = (800, 520)
UNDO_KEY = "U"  # the undo's key as texts name it (K_u; against someone far away: a take-back)


class App:
    def __init__(
        self,
        table: Table,
        size: tuple[int, int] = DEFAULT_SIZE,
        offscreen: bool = False,
        record: list[Any] | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.table = table
        self.offscreen = offscreen
        if offscreen:
            self.screen = pygame.Surface(size)
        else:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            pygame.display.set_caption(f"tabletop: {table.game_name} {table.variant}")
        self.view = self._view()
        self._resize(size)
        self.overlay = False
        self.help = False
        self.note = self.view.first_note()
        self._far_said = ""  # what the note says of the room (the table's far_status)
        # a refusal said, and the moves made when the mouse next pressed
        # (None: not yet): see refuse
        self._refused: tuple[str, int | None] | None = None
        self.mouse = (0, 0)
        self.running = True
        self.pressing: str | None = None  # the board button held down with the mouse
        self.save_dir = RECORDS_DIR.expanduser()
        self.record = record or []  # the events of the record opened, to step through
        self.viewing: int | None = None  # events of it shown (None: the live board)
        self.typing: str | None = None  # the path being typed after O
        self.draws = 0  # the drawings made (a frame with nothing new to show makes none)
        self.drawn: tuple[Any, ...] | None = None  # what the last drawing showed (``shown``)
        self.changed = True  # an event since the last drawing: draw the next frame

    def _view(self) -> View:
        # the game's view (sim.window.view), chosen by its name
        app: AppSide = self  # (what a view may use of the app: mypy checks it is all here)
        view: View = part(self.table.game_name, "window").make(app)
        return view

    def _resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.offscreen and size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.layout = Layout(size, self.view.pitch())
        self.view.place(self.layout)
        self.fonts = style.Fonts(size[1])

    # -- events ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.changed = True  # (whatever it did, the next frame draws)
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self._resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN:
            if self.typing is not None:
                self._type(event)
            else:
                self._key(event.key)
        elif self.viewing is not None:
            return  # a record's position is only looked at
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.view.drag(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.help = False
            if self.table.far_back is not None and self.table.far_back.paused():
                return  # (a take-back asked: nothing is played until it is answered)
            if self._refused is not None and self._refused[1] is None:  # (the person goes on)
                self._refused = (self._refused[0], len(self.table.journal))
            self.view.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            if not self.release_button() and self.table.mouse_holds:
                self.view.let_go(event.pos)

    def press_button(self, name: str | None) -> bool:
        """A press on the board's MENU or BACK (``name``; None: none), held
        until the mouse lets go: True if it was one."""
        if name is None:
            return False
        self.pressing = name
        self.table.button_down(name)
        return True

    def release_button(self) -> bool:
        """The let-go of a board button held: True if one was."""
        if self.pressing is None:
            return False
        self.table.button_up(self.pressing)
        self.pressing = None
        return True

    def _key(self, key: int) -> None:
        table = self.table
        if key == pygame.K_ESCAPE:
            if self.help:
                self.help = False
            elif self.viewing is not None:
                self.step(None)
            else:
                self.running = False
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self._step_key(key)
        elif key == pygame.K_o:
            self.typing = ""
            self.note = _("Open which record? Type its path, Enter (Esc: cancel)")
        elif key == pygame.K_F1:
            self.help = not self.help
        elif key in (pygame.K_y, pygame.K_n) and self.ask_page() is not None:
            assert table.far_back is not None
            table.far_back.answer(key == pygame.K_y)
        elif self.view.key(key):
            return  # the game's own (Pacal's H, Diabolo's C and D, ...)
        elif key == pygame.K_n and table.far is not None:
            self.note = _("A room plays one game: for another, a new room code")
        elif key == pygame.K_n:
            table.new_game()
            self.note = _("New game: the board is cleared")
        elif key == pygame.K_u and table.far_back is not None:
            self.note = table.far_back.ask()
        elif key == pygame.K_u:
            self.note = _(UNDONE) if table.undo() else _(NOT_UNDONE)
        elif key == pygame.K_r:
            self.overlay = not self.overlay
        elif key == pygame.K_s:
            self.note = self._saved_note(self.save())

    def _step_key(self, key: int) -> None:
        n = len(self.record)
        if not n:
            self.note = _("No record open to step through (O opens one)")
            return
        at = n if self.viewing is None else self.viewing
        if key == pygame.K_LEFT:
            self.step(max(0, at - 1))
        elif key == pygame.K_RIGHT:
            self.step(None if at + 1 >= n else at + 1)
        elif key == pygame.K_HOME:
            self.step(0)
        else:
            self.step(None)

    def step(self, events: int | None) -> None:
        """Show the opened record after its first ``events`` events (None:
        the live board again)."""
        self.viewing = events
        if events is None:
            self.note = _("The board")
        else:
            self.note = _("Record: {n} of {total} events (Left/Right; End: board)").format(
                n=events, total=len(self.record)
            )

    def _type(self, event: pygame.event.Event) -> None:
        typed = self.typing or ""
        if event.key == pygame.K_ESCAPE:
            self.typing = None
            self.note = _("Not opened")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.typing = None
            self.open(typed.strip())
        elif event.key == pygame.K_BACKSPACE:
            self.typing = typed[:-1]
        elif event.unicode and event.unicode.isprintable():
            self.typing = typed + event.unicode
        if self.typing is not None:
            self.note = _("Open: {path}_").format(path=self.typing)

    def open(self, path: str) -> bool:
        """Open the record at ``path`` in place of the game at the board (its
        last position set up); False, and the reason shown, if it cannot be."""
        try:
            table, events = Table.open_record(
                path, seed=self.table.seed, players=self.table.players[:1] * 2
            )
        except RecordProblem as err:
            self.note = str(err)
            return False
        self.table = table
        self.view = self._view()  # (its game may be another)
        self._resize(self.screen.get_size())
        self.viewing = None
        self.record = events
        self.save_dir = Path(path).expanduser().resolve().parent  # (S saves beside it)
        self.note = _("Opened {path}: Left/Right step through it").format(path=path)
        return True

    def save(self) -> Path:
        """The record so far into the save folder (made if missing), named
        by game and time (the variant is in its header): -2, -3... after a
        name already taken."""
        self.save_dir.mkdir(parents=True, exist_ok=True)
        name = f"{self.table.game_name}-{time.strftime('%Y-%m-%d-%H%M')}"
        path = self.save_dir / f"{name}.jsonl"
        n = 1
        while path.exists():
            n += 1
            path = self.save_dir / f"{name}-{n}.jsonl"
        self.table.save(path)
        return path

    def _saved_note(self, path: Path) -> str:
        """The panel's note for a record saved at ``path``: the home folder
        as ~, and a path too long for the panel shortened in the middle (its
        file name kept whole where it fits)."""
        home = Path.home()
        shown = f"~/{path.relative_to(home)}" if path.is_relative_to(home) else str(path)
        font = self.fonts.small
        w = self.layout.panel.w - 2 * panel.PAD
        note = _("Saved {path}")
        if font.size(note.format(path=shown))[0] <= w:
            return note.format(path=shown)
        head, tail = shown[: len(shown) - len(path.name)], path.name
        while head and font.size(note.format(path=f"{head}...{tail}"))[0] > w:
            head = head[:-1]
        while len(tail) > 1 and font.size(note.format(path=f"{head}...{tail}"))[0] > w:
            tail = tail[1:]
        return note.format(path=f"{head}...{tail}")

    def ask_page(self) -> tuple[str, ...] | None:
        """The far seat's ask for a take-back, as a page over the window
        (Y or N answers it); None: none to answer."""
        back = self.table.far_back
        asked = back.asked() if back is not None and self.viewing is None else None
        if asked is None:
            return None
        seat, moves = asked
        who = self.view.seat_name(seat)
        return (
            _("A take-back asked"),
            moves_asked(who, moves),
            "",
            _("Y  yes, take them back        N  no, play on"),
        )

    # -- frames ------------------------------------------------------------------------

    def frame(self, ms: int) -> bool:
        """Handle the waiting events, play ``ms`` of virtual time, and draw
        if anything shown changed: True if it drew."""
        for event in pygame.event.get():
            self.handle(event)
        self.table.advance(ms)
        self.view.hot_seat()
        self._refusal_kept()
        said = self.table.far_status(UNDO_KEY)
        if said != self._far_said:
            self._far_said = said  # (the room: why the game stops, the link down, or back)
            self.note = said or self.view.first_note()
        if not self.changed and self.shown() == self.drawn:
            return False
        self.draw()
        return True

    def refuse(self, why: str) -> None:
        """Say at the panel's foot why what the mouse did was refused. It
        is said until something else is, or the person goes on: a press of
        the mouse, then a move taken (the first note again; a press that is
        refused says its own). A board that takes a wrong card and waits for
        it to be lifted keeps it so, through BACK's take-back too, until the
        move after; a computer's moves do not put it away."""
        self.note = why
        self._refused = (why, None)

    def _refusal_kept(self) -> None:
        if self._refused is None:
            return
        why, moves = self._refused
        made = len(self.table.journal)
        if self.note != why:
            self._refused = None
        elif moves is not None and made > moves:  # (that was then)
            self.note = self.view.first_note()
            self._refused = None
        elif moves is not None and made < moves:  # (taken back: the next move ends it)
            self._refused = (why, made)

    def shown(self) -> tuple[Any, ...]:
        """What a drawing would show, cheaply (equal: the same picture): the
        LED frame the firmware last sent, the status display, the pieces
        (every hand's action on them), the record and the panel's texts,
        the pages over the board; and the time, while something moves (a
        hand at work or holding a piece, a marble settling, the live
        readings shown)."""
        table = self.table
        display = table.hal.display
        moving = (
            table.busy()
            or table.physics.holding()
            or not table.settled()
            or (self.overlay and self.viewing is None)
        )
        return (
            table.hal.frame,
            tuple(display.rows) if display is not None else (),
            len(table.physics.actions),
            len(table.journal),
            table.mouse_holds,
            table.active_seat(),
            self.view.veil(),
            self.ask_page(),
            self.note,
            self.mouse,
            self.viewing,
            self.overlay,
            self.help,
            self.screen.get_size(),
            id(table),  # (a record opened brings another table)
            table.now if moving else None,
        )

    def draw(self) -> None:
        self.draws += 1
        self.changed = False
        self.drawn = self.shown()
        surf = self.screen
        surf.fill(style.BACKGROUND)
        table = self.table
        view = self.view
        if self.viewing is None:
            state = table.truth
            moves = table.moves_text()
            view.draw_live(surf)
        else:
            events = self.record[: self.viewing]
            state = record_state(table, events)
            moves = table.moves_text(events)
            view.draw_record(surf, state)
        live = self.viewing is None
        panel.draw_panel(surf, view, state, moves, self.layout, self.fonts, self.note, live)
        veil = view.veil()
        if veil is not None:
            panel.draw_page(surf, self.layout, self.fonts, veil)
        ask = self.ask_page()
        if ask is not None:
            panel.draw_page(surf, self.layout, self.fonts, ask)
        if self.help:
            panel.draw_page(surf, self.layout, self.fonts, view.help)
        if not self.offscreen:
            pygame.display.flip()

    def run(self) -> None:
        """Frames at the wall clock's pace until Esc or the window is
        closed: ``FPS`` a second while the picture changes, ``IDLE_FPS``
        while it does not (the firmware ticks on, nothing is drawn)."""
        clock = pygame.time.Clock()
        clock.tick(FPS)
        drew = True
        while self.running:
            ms = clock.tick(FPS if drew else IDLE_FPS)
            drew = self.frame(min(ms, MAX_FRAME_MS))
        pygame.quit()

    def settle(self, limit_ms: int = 10_000) -> None:
        """Play on (off screen) until the board has started or resumed its
        game and no hand is at work: what a screenshot shows. (It plays a
        moment first: a hand that has work, such as a Diabolo round's
        scoring to walk at a record's end, takes it up only then.)"""
        table = self.table
        for _step in range(limit_ms // 50):
            table.advance(50)
            rows = table.hal.display.rows if table.hal.display is not None else []
            started = any(r.startswith(self.view.started) for r in rows)
            if started and not table.busy() and table.settled():
                break

    def save_screenshot(self, path: str | Path) -> None:
        self.draw()
        pygame.image.save(self.screen, str(path))
