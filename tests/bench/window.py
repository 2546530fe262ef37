"""The simulator's window: does it hold 60 frames a second while the
firmware ticks at the profile's rate? (``make bench``; host time.)

    python -m tests.bench.window [--seconds S]

The computer plays both Pyraos seats (its hand moving marbles, the board
answering) with the sensors' readings (R) drawn, under SDL's dummy video
driver (so drawing is measured, not the display's own swap). Each frame
plays 1000/60 ms of virtual time: the firmware's ticks (``tick_ms`` each)
and the hand's steps, then draws. Figures: a frame's host time p50/p95 (a
60 fps window has 16.7 ms for it), the firmware's share (its tick's cost),
and how many frames missed 16.7 ms.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from sim.table.table import Table  # noqa: E402
from sim.window.app import App  # noqa: E402

FRAME_MS = 1000 / 60


def pct(values: list[float], q: int) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, len(s) * q // 100)]


def figures(seconds: float = 10.0) -> dict[str, tuple[Any, str]]:
    table = Table("pyraos", "standard", seed=9, players=("computer", "computer"))
    app = App(table, offscreen=True)
    app.overlay = True
    frames: list[float] = []
    ticks: list[float] = []
    ticked = 0
    virtual = 0.0
    frame_count = round(seconds * 60)
    for _ in range(frame_count):
        virtual += FRAME_MS
        ms = int(virtual) - table.now  # whole ticks' worth of virtual time
        t0 = time.perf_counter()
        before = table.now
        table.advance(ms)
        t1 = time.perf_counter()
        app.draw()
        t2 = time.perf_counter()
        frames.append((t2 - t0) * 1000)
        n = (table.now - before) // table.board.tick_ms
        if n:
            ticks.append((t1 - t0) * 1000 / n)
            ticked += n
    late = sum(f > FRAME_MS for f in frames)
    return {
        "frames drawn (overlay on, computer v computer)": (frame_count, ""),
        "moves accepted meanwhile": (len(table.journal), ""),
        "frame time p50": (round(pct(frames, 50), 2), "ms"),
        "frame time p95": (round(pct(frames, 95), 2), "ms"),
        "frames over 16.7 ms": (late, f"of {frame_count}"),
        "firmware tick (and hand) p50": (round(pct(ticks, 50), 3), "ms"),
        "firmware tick (and hand) p95": (round(pct(ticks, 95), 3), "ms"),
        "firmware ticks run": (ticked, ""),
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.window")
    parser.add_argument("--seconds", type=float, default=10.0, help="virtual seconds of play")
    args = parser.parse_args()
    for name, (value, unit) in figures(args.seconds).items():
        print(f"  {name:<50} {value} {unit}")


if __name__ == "__main__":
    main()
