"""The simulator's window waiting for a move: how much of a core does it
take? (``make bench``; host time.)

    python -m tests.bench.window_idle [--seconds S]

For each game in the registry (tabletop.games.NAMES), the window's own
run loop (App.run, under SDL's dummy video driver) with the board started
and waiting for the first move, nobody touching it, for ``S`` seconds of
the wall clock: the process's CPU time over the wall time (the target:
at most 5 % of a core), and the frames drawn meanwhile (the firmware
ticks on; nothing a player sees changes, so next to none).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from sim.table.table import HUMAN, Table, seats_of  # noqa: E402
from sim.window.app import App  # noqa: E402
from tabletop import games  # noqa: E402

TARGET = 5.0  # % of a core, while waiting for the player's move


def idle_share(game: str, seconds: float) -> tuple[float, int]:
    """(CPU % of a core, frames drawn) of ``App.run`` for ``seconds`` at
    ``game``'s first variant, the board waiting for the first move."""
    variant = games.variants(game)[0]
    n = seats_of(game, variant, 0)
    app = App(Table(game, variant, seed=1, players=(HUMAN,) * n))
    app.settle()
    app.table.advance(3_000)  # (the board's opening animation over)
    app.draw()
    draws = app.draws
    pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), loops=1)
    wall, cpu = time.perf_counter(), time.process_time()
    app.run()  # (until the QUIT posted above)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return 100 * cpu / wall, app.draws - draws - 1  # (the QUIT event's own drawing left out)


def figures(seconds: float = 5.0) -> dict[str, tuple[Any, str]]:
    out: dict[str, tuple[Any, str]] = {}
    for game in games.NAMES:
        share, drawn = idle_share(game, seconds)
        out[f"{game}: idle CPU (waiting for a move)"] = (round(share, 1), "% of a core")
        out[f"{game}: frames drawn while idle"] = (drawn, f"in {seconds:g} s")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.window_idle")
    parser.add_argument("--seconds", type=float, default=5.0, help="wall seconds per game")
    args = parser.parse_args()
    missed = 0
    for name, (value, unit) in figures(args.seconds).items():
        mark = ""
        if unit == "% of a core":
            mark = "ok  " if value <= TARGET else "MISS"
            missed += value > TARGET
        print(f"  {mark:4} {name:<50} {value} {unit}")
    if missed:
        raise SystemExit(f"{missed} game(s) over {TARGET} % of a core while idle")


if __name__ == "__main__":
    main()
