"""The simulator's window (pygame-ce): a game at the virtual board, played
with the mouse, the firmware watching the pieces and lighting the LEDs.

    app = App(table)                   # opens the window (or, offscreen=True, a surface)
    app.run()                          # until Esc or the window is closed
    app.frame(16)                      # one frame: events handled, 16 ms of play, drawn
    app.save_screenshot("x.png")

The mouse is the hand: press on a marble (in a tray or on the board), drag,
let go over a spot; press MENU or BACK on the board. Keys: N new game, U
undo (BACK), S save the record, O open one (typed path; then Left/Right
step through it, End back to the board), R the sensors' readings, F1 help,
Esc quit. Diabolo: drag a card from your hand onto the reader, then into a
lit slot; at scoring your cards of the row's colour onto the reader (or C),
your double card (or D), BACK when done. With several people at the window
each hand waits behind a cover until its seat clicks it.
Virtual time follows the wall clock, at most ``MAX_FRAME_MS`` a frame (a
stalled window does not make the firmware skip ahead).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from sim.diabolo_table import DiaboloCards
from sim.table import RecordProblem, Table, record_state
from sim.window import diabolo_view, mouse, pacal_view, panel, pyraos_view, style
from sim.window.layout import Layout

FPS = 60
MAX_FRAME_MS = 100
DEFAULT_SIZE = (1200, 720)
MIN_SIZE = (800, 520)
PACAL_PITCH = 25.0  # (a Pacal board's layout is its own; the panel's share is the same)


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
        self._resize(size)
        self.overlay = False
        self.help = False
        self.note = self._first_note()
        self.show_both = False  # Pacal: every human hand face up (H)
        self.shown_seat: int | None = None  # Pacal hot seat: whose hand is up
        self.passing = False  # ... the "pass the device" screen is up
        self.mouse = (0, 0)
        self.running = True
        self.pressing: str | None = None  # the board button held down with the mouse
        self.save_dir = Path.cwd()
        self.record = record or []  # the events of the record opened, to step through
        self.viewing: int | None = None  # events of it shown (None: the live board)
        self.typing: str | None = None  # the path being typed after O

    def _first_note(self) -> str:
        table = self.table
        if table.diabolo_cards is not None:
            return "Drag a card onto the reader, then into a lit slot; F1 for help"
        return {
            "pyraos": "Drag a marble from your tray; F1 for help",
            "duel": "Drag a card from your hand; F1 for help",
            "solo": "Drag the pile's top card onto slot 1; F1 for help",
        }[table.variant if table.cards is not None else "pyraos"]

    def _resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.offscreen and size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pitch = self.table.pyraos.pitch if self.table.marbles is not None else PACAL_PITCH
        self.layout = Layout(size, pitch)
        self.places = pacal_view.Places(self.layout.area)
        self.dplaces = diabolo_view.Places(self.layout.area)
        self.fonts = style.Fonts(size[1])

    # -- events ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        table = self.table
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
        elif table.diabolo_cards is not None:
            mouse.diabolo(self, table.diabolo_cards, event)
        elif table.cards is not None:
            mouse.pacal(self, table.cards, event)
        elif table.marbles is not None:
            mouse.pyraos(self, table.marbles, event)

    def hand_seat(self) -> int:
        """Diabolo: the seat whose hand is face up at the window (-1: none).
        A computer's never; with one person at the window, theirs always;
        with several, only the seat to act, once it has lifted the cover."""
        table = self.table
        humans = [p for p in range(table.seats) if table.players[p] == "human"]
        if len(humans) == 1:
            return humans[0]
        active = table.active_seat()
        if self.passing or active is None or active != self.shown_seat:
            return -1
        return active

    def cover(self) -> int | None:
        """Diabolo: the seat whose hand waits behind the cover (None: no cover)."""
        if self.table.diabolo_cards is None or not self.passing:
            return None
        return self.table.active_seat()

    def show(self) -> tuple[bool, bool]:
        """Pacal: whose hand is face up. A computer's never (unless H); with
        one person at the window, theirs always; with two, the hand of the
        one to act, after the other has passed the device."""
        table = self.table
        humans = [p for p in range(table.seats) if table.players[p] == "human"]
        out = [False, False]
        for p in humans:
            if self.show_both or len(humans) == 1:
                out[p] = True
            elif not self.passing and p == self.shown_seat:
                out[p] = True
        if self.show_both:
            out = [True, True]
        return (out[0], out[1])

    def _hot_seat(self) -> None:
        # Two people at one window: when the other is to act, hide the hands
        # until they have the device.
        table = self.table
        if table.players.count("human") < 2 or table.marbles is not None:
            return
        if table.cards is not None and self.show_both:
            return
        active = table.active_seat()
        if table.diabolo_cards is not None:
            # Diabolo: every seat's hand behind the cover until it clicks it
            if active is None:
                self.passing = False
                self.shown_seat = None
            elif active != self.shown_seat and not table.mouse_holds:
                self.passing = True
            return
        if active is None or active == self.shown_seat or table.mouse_holds:
            return
        if self.shown_seat is None:
            self.shown_seat = active
        else:
            self.passing = True

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
            self.note = "Open which record? Type its path, Enter (Esc: cancel)"
        elif key == pygame.K_F1:
            self.help = not self.help
        elif key == pygame.K_SPACE and self.passing and table.diabolo_cards is None:
            self.passing = False
            self.shown_seat = self.table.active_seat()
        elif key in (pygame.K_c, pygame.K_d) and table.diabolo_cards is not None:
            self._diabolo_key(table.diabolo_cards, key)
        elif key == pygame.K_h and self.table.cards is not None:
            self.show_both = not self.show_both
            self.note = "Both hands shown" if self.show_both else "Each hand only to its player"
        elif key == pygame.K_n:
            table.new_game()
            self.note = "New game: the board is cleared"
        elif key == pygame.K_u:
            table.undo()
            self.note = "Undo (BACK)"
        elif key == pygame.K_r:
            self.overlay = not self.overlay
        elif key == pygame.K_s:
            self.note = f"Saved {self.save()}"

    def _diabolo_key(self, cards: DiaboloCards, key: int) -> None:
        # C: show the hand's cards of the row being scored; D: declare the double
        seat = self.hand_seat()
        if seat < 0:
            self.note = "No hand is shown at the window now"
        elif key == pygame.K_c:
            self.note = cards.show_colour(seat) or f"P{seat + 1} shows the cards"
        else:
            self.note = cards.declare_double(seat) or f"P{seat + 1} lays the double card"

    def _step_key(self, key: int) -> None:
        n = len(self.record)
        if not n:
            self.note = "No record open to step through (O opens one)"
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
            self.note = "The board"
        else:
            self.note = f"Record: {events} of {len(self.record)} events (Left/Right; End: board)"

    def _type(self, event: pygame.event.Event) -> None:
        typed = self.typing or ""
        if event.key == pygame.K_ESCAPE:
            self.typing = None
            self.note = "Not opened"
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.typing = None
            self.open(typed.strip())
        elif event.key == pygame.K_BACKSPACE:
            self.typing = typed[:-1]
        elif event.unicode and event.unicode.isprintable():
            self.typing = typed + event.unicode
        if self.typing is not None:
            self.note = f"Open: {self.typing}_"

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
        self._resize(self.screen.get_size())
        self.viewing = None
        self.record = events
        self.note = f"Opened {path}: Left/Right step through it"
        return True

    def save(self) -> Path:
        """The record so far into the save folder, named by game and time."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.save_dir / f"{self.table.game_name}-{self.table.variant}-{stamp}.jsonl"
        self.table.save(path)
        return path

    # -- frames ------------------------------------------------------------------------

    def frame(self, ms: int) -> None:
        """Handle the waiting events, play ``ms`` of virtual time, draw."""
        for event in pygame.event.get():
            self.handle(event)
        self.table.advance(ms)
        self._hot_seat()
        self.draw()

    def draw(self) -> None:
        surf = self.screen
        surf.fill(style.BACKGROUND)
        table = self.table
        scene: pyraos_view.Scene | pacal_view.Scene | diabolo_view.Scene
        if table.diabolo_cards is not None:
            if self.viewing is None:
                state = table.truth
                moves = table.moves_text()
                scene = diabolo_view.live_scene(table, self.hand_seat())
            else:
                state = record_state(table, self.record[: self.viewing])
                moves = table.moves_text(self.record[: self.viewing])
                scene = diabolo_view.record_scene(table, state)
            diabolo_view.draw(
                surf, table, scene, self.dplaces, self.fonts, self.cover(), self.mouse
            )
        elif table.cards is not None and self.viewing is None:
            state = table.truth
            moves = table.moves_text()
            scene = pacal_view.live_scene(table, self.overlay)
            pacal_view.draw(surf, table, scene, self.places, self.fonts, self.show(), self.mouse)
        elif table.cards is not None:
            state = record_state(table, self.record[: self.viewing])
            moves = table.moves_text(self.record[: self.viewing])
            scene = pacal_view.record_scene(table, state)
            pacal_view.draw(surf, table, scene, self.places, self.fonts, (True, True))
        elif self.viewing is None:
            scene = pyraos_view.live_scene(table, self.overlay)
            state = table.game
            moves = table.moves_text()
            pyraos_view.draw(surf, table, scene, self.layout, self.fonts)
        else:
            state = record_state(table, self.record[: self.viewing])
            scene = pyraos_view.record_scene(table, state)
            moves = table.moves_text(self.record[: self.viewing])
            pyraos_view.draw(surf, table, scene, self.layout, self.fonts)
        live = self.viewing is None
        panel.draw_panel(surf, table, state, moves, self.layout, self.fonts, self.note, live)
        if self.passing and table.diabolo_cards is None:
            panel.draw_pass(surf, self.layout, self.fonts, self.table.active_seat())
        if self.help:
            panel.draw_help(surf, self.layout, self.fonts, table.game_name)
        if not self.offscreen:
            pygame.display.flip()

    def run(self) -> None:
        clock = pygame.time.Clock()
        clock.tick(FPS)
        while self.running:
            ms = clock.tick(FPS)
            self.frame(min(ms, MAX_FRAME_MS))
        pygame.quit()

    def settle(self, limit_ms: int = 10_000) -> None:
        """Play on (off screen) until the board has started or resumed its
        game and no hand is at work: what a screenshot shows."""
        table = self.table
        for _ in range(limit_ms // 50):
            rows = table.hal.display.rows if table.hal.display is not None else []
            started = any(r.startswith(("Move ", "Round", "Diabolo ")) for r in rows)
            if started and not table.busy() and table.settled():
                break
            table.advance(50)

    def save_screenshot(self, path: str | Path) -> None:
        self.draw()
        pygame.image.save(self.screen, str(path))
