"""Why the sensing holds a change before it counts: the same seeded games
played again with shorter holds, wrong moves weighed against latency.

    python -m tests.bench.holds [--game pyraos|pacal] [--moves N] [--games N]
                                [--jobs J] [--noise X]
    make holds

Pyraos: a marble set on level 3 or the top must hold still ``_HIGH_SETTLE``
times the profile's settle time before it counts, one added on level 2
``_MID_SETTLE`` times (tabletop.sensing.pyramid): a hand carrying a marble
across the board, or hesitating low over a spot, passes through the same
readings for a moment. Those two factors are set lower, one at a time and
together, and the noise sweep's games (sim.commands.sweep, mistakes and hesitations
included) are played at each setting. CPython only: the factors are the
module's globals here (MicroPython inlines its constants), patched before
the games run (and before the worker processes fork, so they see them too).

Pacal: a field's card count and a card reader's code must hold the
profile's ``timing.debounce_ms`` before they count (a card lands with a
bounce, a reader's bits flicker while a card slides over them). The
reference profile is loaded with shorter debounce times and seeded duels
(mistakes included) are played on each through sim.runs.board_play.

Each row: moves accepted wrongly (what a shorter hold would cost), games
that went wrong or got stuck, and let-go to answer latency (what it would
gain).
"""

from __future__ import annotations

import argparse
import json
from multiprocessing import Pool
from typing import Any

from sim.commands import sweep
from sim.runs.board_play import PROFILES, BoardRun
from sim.runs.selfplay import play_game
from tabletop.profile import load
from tabletop.sensing import pyramid

HOLDS = ((10, 4), (5, 4), (3, 4), (1, 4), (10, 2), (10, 1), (3, 2), (1, 1))  # (high, mid)
DEBOUNCES = (20, 15, 10, 5)  # Pacal's debounce_ms; the reference profile's is 20
PACAL_EVENTS = 60  # record events per duel (a deal and most of its rounds)
PACAL_MISTAKES = 0.2


def pyraos_holds(args: argparse.Namespace) -> None:
    print(
        f"firmware holds: level 3 and top x{pyramid._HIGH_SETTLE}, level 2 x{pyramid._MID_SETTLE}"
    )
    for high, mid in HOLDS:
        pyramid._HIGH_SETTLE = high  # (a const on the device)
        pyramid._MID_SETTLE = mid
        tally = sweep.sweep_level(args.noise, args.moves, jobs=args.jobs)
        row: dict[str, object] = {"level3_hold": high, "level2_hold": mid}
        row.update(tally.summary())
        print(json.dumps(row), flush=True)


def pacal_duel(task: tuple[int, int, float]) -> dict[str, Any]:
    """One seeded duel on the reference profile with ``debounce_ms``: how it
    ended ("exact", "wrong": the board took a move not made, "stuck": it did
    not take one), the moves it accepted and their let-go to answer times."""
    seed, debounce_ms, noise = task
    raw = json.loads((PROFILES / "pacal.json").read_text())
    raw["timing"]["debounce_ms"] = debounce_ms
    events = play_game("pacal", "duel", seed).events[:PACAL_EVENTS]
    run = BoardRun(load(raw), "pacal", "duel", seed=seed, mistakes=PACAL_MISTAKES, noise=noise)
    result = run.play(events)
    where = result.where
    if result.ok:
        end = "exact"
    elif "took" in where or "not made" in where:
        end = "wrong"
    else:
        end = "stuck"
    return {"end": end, "moves": len(run.runtime.journal.moves()), "ms": result.latencies_ms}


def pacal_debounces(args: argparse.Namespace) -> None:
    print(f"Pacal duels, {args.games} per setting, noise x{args.noise}; the profile's 20 ms first")
    for debounce in DEBOUNCES:
        tasks = [(seed, debounce, args.noise) for seed in range(400, 400 + args.games)]
        with Pool(args.jobs) as pool:
            games = pool.map(pacal_duel, tasks)
        ends = {k: sum(g["end"] == k for g in games) for k in ("exact", "wrong", "stuck")}
        lat = sorted(ms for g in games for ms in g["ms"])
        row: dict[str, object] = {"debounce_ms": debounce, "games": len(games)}
        row.update(ends)
        row["moves"] = sum(g["moves"] for g in games)
        if lat:
            row["latency_p50_ms"] = lat[len(lat) // 2]
            row["latency_p95_ms"] = lat[len(lat) * 95 // 100]
        print(json.dumps(row), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.holds", description=__doc__)
    parser.add_argument("--game", choices=("pyraos", "pacal"), default="pyraos")
    parser.add_argument("--moves", type=int, default=2000, help="Pyraos: moves per setting")
    parser.add_argument("--games", type=int, default=40, help="Pacal: duels per setting")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--noise", type=float, default=1.0, help="times the reference noise")
    args = parser.parse_args(argv)
    if args.game == "pacal":
        pacal_debounces(args)
    else:
        pyraos_holds(args)


if __name__ == "__main__":
    main()
