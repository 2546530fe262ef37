"""What the window tests share: a person at the window, frame by frame.

person = AtTheWindow(app)      # app: sim.window.app.App
person.frames(10)              # ten frames of 16 ms each
person.wait(lambda: ...)       # frames until it holds (AssertionError after ms)
person.rows()                  # what the board's status display shows
"""

from __future__ import annotations

import os
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from sim.window.app import App  # noqa: E402

FRAME_MS = 16


class AtTheWindow:
    def __init__(self, app: App) -> None:
        self.app = app
        self.table = app.table

    def rows(self) -> list[str]:
        """What the board's status display shows."""
        display = self.table.hal.display
        return list(display.rows) if display is not None else []

    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.frame(FRAME_MS)

    def wait(self, predicate: Callable[[], bool], ms: int = 10_000) -> None:
        for _ in range(ms // FRAME_MS):
            if predicate():
                return
            self.frames()
        raise AssertionError(f"not seen within {ms} ms: {self.rows()}")
