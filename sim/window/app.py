"""The simulator's window (pygame-ce): a game at the virtual board, played
with the mouse, the firmware watching the pieces and lighting the LEDs.

    app = App(table)                   # opens the window (or, offscreen=True, a surface)
    app.run()                          # until Esc or the window is closed
    app.frame(16)                      # one frame: events handled, 16 ms of play, drawn
    app.save_screenshot("x.png")

The mouse is the hand: press on a marble (in a tray or on the board), drag,
let go over a spot; press MENU or BACK on the board. Keys: N new game, U
undo (BACK), S save the record, R the sensors' readings, F1 help, Esc quit.
Virtual time follows the wall clock, at most ``MAX_FRAME_MS`` a frame (a
stalled window does not make the firmware skip ahead).
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from sim.table import Table
from sim.window import panel, pyraos_view, style
from sim.window.layout import Layout

FPS = 60
MAX_FRAME_MS = 100
DEFAULT_SIZE = (1200, 720)
MIN_SIZE = (800, 520)


class App:
    def __init__(
        self, table: Table, size: tuple[int, int] = DEFAULT_SIZE, offscreen: bool = False
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
        self.note = "Drag a marble from your tray; F1 for help"
        self.running = True
        self.pressing: str | None = None  # the board button held down with the mouse
        self.save_dir = Path.cwd()

    def _resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.offscreen and size != self.screen.get_size():
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.layout = Layout(size, self.table.pyraos.pitch)
        self.fonts = style.Fonts(size[1])

    # -- events ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        table = self.table
        lay = self.layout
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self._resize((event.w, event.h))
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.help = False
            name = lay.button_at(event.pos)
            if name is not None:
                self.pressing = name
                table.button_down(name)
            else:
                table.grab(*lay.to_mm(*event.pos))
        elif event.type == pygame.MOUSEMOTION:
            if table.mouse_holds:
                table.carry(*lay.to_mm(*event.pos))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressing is not None:
                table.button_up(self.pressing)
                self.pressing = None
            elif table.mouse_holds:
                table.drop(*lay.to_mm(*event.pos))

    def _key(self, key: int) -> None:
        table = self.table
        if key == pygame.K_ESCAPE:
            if self.help:
                self.help = False
            else:
                self.running = False
        elif key == pygame.K_F1:
            self.help = not self.help
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
        self.draw()

    def draw(self) -> None:
        surf = self.screen
        surf.fill(style.BACKGROUND)
        pyraos_view.draw(surf, self.table, self.layout, self.fonts, self.overlay)
        panel.draw_panel(surf, self.table, self.layout, self.fonts, self.note)
        if self.help:
            panel.draw_help(surf, self.layout, self.fonts)
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
            started = any(r.startswith("Move ") or r.startswith("Round") for r in rows)
            if started and not table.busy() and table.settled():
                break
            table.advance(50)

    def save_screenshot(self, path: str | Path) -> None:
        self.draw()
        pygame.image.save(self.screen, str(path))
