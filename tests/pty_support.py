"""A virtual device on a pseudo terminal, run in a thread of the test
process, so that a test talks to it over a real serial port (pyserial) and
still sees its LEDs, its journal and its sensors.

    with ThreadedBoard("pyraos", seed=3, moves=4) as board:   # 4 moves played
        link = Link.open(board.path)
        ...
        board.lit()                 # LED index -> (r, g, b) as the board shows now
        board.wait_for(frame)       # until it shows exactly that frame (capped)
        board.do(lambda dev: ...)   # run in the device's thread, between its ticks
    board.dev                       # the PtyDevice (its thread stopped)
"""

from __future__ import annotations

import queue
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

from sim.device.pty_device import PtyDevice
from sim.runs.selfplay import play_game
from tabletop.records.record import new_state


def ctrl_c_heard() -> None:
    """A child's ``preexec_fn``: SIGINT does what it does at a terminal
    (the process stops), even when the suite runs as a background job,
    whose shell starts it with SIGINT ignored (which the child inherits,
    and a Ctrl-C sent to it is then never heard)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class ThreadedBoard:
    def __init__(
        self, game: str = "pyraos", seed: int = 3, moves: int = 0, speed: float = 8.0, **kw: Any
    ) -> None:
        self.dev = PtyDevice(game, seed=seed, speed=speed, **kw)
        self.path = self.dev.path
        variant = "duel" if game == "pacal" else "standard"
        players = self.dev.profile.players if game == "diabolo" else None  # a new game's seats
        self.events = play_game(game, variant, seed, players=players).events
        self.state: Any = new_state(game, variant, players or 0)
        self.moves = moves
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.error: BaseException | None = None
        self.jobs: queue.Queue[tuple[Callable[[PtyDevice], Any], threading.Event]] = queue.Queue()

    def __enter__(self) -> ThreadedBoard:
        dev = self.dev
        dev.power_on()
        dev.start_game()
        if self.moves:
            assert dev.play(self.state, self.events[: self.moves])
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.halt()
        self.dev.close()

    def halt(self) -> None:
        """The thread stops (the device keeps its state; ``dev.advance`` goes on)."""
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join(10)
        if self.error is not None:
            raise self.error

    def _run(self) -> None:
        try:
            while not self.stop.is_set():
                while not self.jobs.empty():
                    job, done = self.jobs.get()
                    try:
                        job(self.dev)
                    finally:
                        done.set()
                self.dev.advance(20)
        except BaseException as err:  # (shown by halt)
            self.error = err

    def do(self, job: Callable[[PtyDevice], Any]) -> None:
        """Run ``job(dev)`` in the device's thread (the physics is not
        thread safe), between two of its steps; returns once it ran."""
        done = threading.Event()
        self.jobs.put((job, done))
        if not done.wait(10):
            raise TimeoutError("the device thread did not run the job")
        if self.error is not None:
            raise self.error

    # -- what it shows ---------------------------------------------------------------

    def lit(self, frame: bytes | None = None) -> dict[int, tuple[int, int, int]]:
        """The lit LEDs of the frame shown now (or of ``frame``, one of
        ``dev.hal.frames``), by index, (r, g, b) after the cap."""
        prof = self.dev.profile
        frame = self.dev.hal.frame if frame is None else frame
        r, g, b = (prof.led_order.index(c) for c in "RGB")
        out = {}
        for i in range(prof.led_count):
            px = frame[3 * i : 3 * i + 3]
            if any(px):
                out[i] = (px[r], px[g], px[b])
        return out

    def capped(self, frame: dict[int, tuple[int, int, int]]) -> dict[int, tuple[int, int, int]]:
        """A host's frame as the board shows it: each colour under the brightness cap."""
        s = int(self.dev.profile.brightness * 256 + 0.5)
        out = {}
        for i, rgb in frame.items():
            shown = (rgb[0] * s >> 8, rgb[1] * s >> 8, rgb[2] * s >> 8)
            if any(shown):
                out[i] = shown
        return out

    def wait_for(self, frame: dict[int, tuple[int, int, int]], seconds: float = 5.0) -> bool:
        want = self.capped(frame)
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.lit() == want:
                return True
            time.sleep(0.02)
        return False
