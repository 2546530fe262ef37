"""Why the sensing holds a change before it counts: the same seeded games
played again with shorter holds, wrong moves weighed against latency.

    python -m tests.bench.holds [--game pyraos|pacal] [--moves N] [--games N]
                                [--jobs J] [--noise X] [--sensor chain|plain]
    make holds

Pyraos: a marble set on level 3 or the top counts once the readings have
told it from the runner-up by ``_HIGH_EVIDENCE`` margins, still all along,
and it has held ``_HIGH_SETTLE`` times the profile's settle time at least;
one added on level 2 by ``_MID_EVIDENCE`` margins and ``_MID_SETTLE`` settle
times (tabletop.sensing.pyramid): a hand carrying a marble across the board,
or hesitating low over a spot, passes through the same readings for a
moment. Those four are set lower, a pair at a time, and the noise sweep's
games (sim.commands.sweep, mistakes and hesitations included) are played at
each setting, on the sweep's sensor model unless ``--sensor``. The last
rows are the fixed holds the sensing had before (10 and 4 settle times, no
evidence asked). CPython only: the numbers are the module's globals here
(MicroPython inlines its constants), set in every process that plays.

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
from sim.hardware.physics import DEFAULT_SENSOR, SENSOR_MODELS
from sim.runs.board_play import PROFILES, BoardRun
from sim.runs.selfplay import play_game
from tabletop.profile import load
from tabletop.sensing import pyramid

# (level-3 evidence, level-2 evidence, level-3 floor, level-2 floor)
HOLDS = (
    (20, 8, 6, 4),
    (10, 8, 6, 4),
    (5, 8, 6, 4),
    (20, 4, 6, 4),
    (20, 0, 6, 4),
    (20, 8, 3, 4),
    (20, 8, 6, 2),
    (0, 0, 6, 4),
    (0, 0, 10, 4),
)
DEBOUNCES = (20, 15, 10, 5)  # Pacal's debounce_ms; the reference profile's is 20
PACAL_EVENTS = 60  # record events per duel (a deal and most of its rounds)
PACAL_MISTAKES = 0.2


def set_holds(high: int, mid: int, high_settle: int, mid_settle: int) -> None:
    """The firmware's holds in this process (a const on the device)."""
    pyramid._HIGH_EVIDENCE = high
    pyramid._MID_EVIDENCE = mid
    pyramid._HIGH_SETTLE = high_settle
    pyramid._MID_SETTLE = mid_settle


def pyraos_holds(args: argparse.Namespace) -> None:
    print(
        f"firmware holds: level 3 and top {pyramid._HIGH_EVIDENCE} margins and at least"
        f" x{pyramid._HIGH_SETTLE}, level 2 {pyramid._MID_EVIDENCE} margins and"
        f" x{pyramid._MID_SETTLE}; {args.sensor} sensors at x{args.noise} noise"
    )
    for hold in HOLDS:
        tally = sweep.sweep_level(
            args.noise, args.moves, jobs=args.jobs, sensor=args.sensor, setup=(set_holds, hold)
        )
        high, mid, high_settle, mid_settle = hold
        row: dict[str, object] = {"level3_margins": high, "level2_margins": mid}
        row.update({"level3_settles": high_settle, "level2_settles": mid_settle})
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
    parser.add_argument("--sensor", choices=SENSOR_MODELS, default=DEFAULT_SENSOR)
    args = parser.parse_args(argv)
    if args.game == "pacal":
        pacal_debounces(args)
    else:
        pyraos_holds(args)


if __name__ == "__main__":
    main()
