"""Match play between two computer players, for measuring them; and the
Pacal solo advisor's success rate.

    python -m sim arena --game pyraos --a strong --b random --games 100 --seed 1
    python -m sim arena --game pacal --variant duel --a strong --b easy --games 20 --seed 1
    python -m sim arena --game pacal --variant solo --a strong --games 1000 --seed 1
    result = run_match("pyraos", "standard", "strong", "easy", games=40, seed=1)
    result.summary()        # wins, draws, losses for A, score and its 95% interval
    run_solo("strong", deals=1000, seed=1).summary()   # games won, rate, interval

Colours alternate: A plays light (moves first) in games 0, 2, 4 (in a Pacal
duel, player 0: the deal decides who offers first). Each game
has its own seed (sim.selfplay.game_seeds); each side draws its random
choices from its own Rng of that seed, so a match replays exactly when its
budget counts positions (``nodes``; a ``ms`` budget depends on the machine).
Every turn goes through the rules (Record.add), so an illegal turn stops
the match with IllegalMove.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from sim.selfplay import game_seeds
from tabletop import players
from tabletop.records.record import Record
from tabletop.rules import pacal
from tabletop.rules.rng import Rng

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
DEFAULT_NODES = 20000  # positions per turn: about 0.4 s on CPython
# Pacal's positions are the turns (duel) or cards (solo) of the sampled games.
PACAL_NODES = {"duel": 1000, "solo": 5000}
TT_BITS = 16  # the search's memory on a desktop: 65,536 slots


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))  # (rounding)


class Game:
    """One finished game of a match: the record, and how A fared (1, 0.5 or 0)."""

    def __init__(self, index: int, record: Record, a_colour: int, seconds: float) -> None:
        self.index = index
        self.record = record
        self.a_colour = a_colour
        self.seconds = seconds
        winner = record.state.outcome().winner
        self.score = 0.5 if winner is None else 1.0 if winner == a_colour else 0.0


class Result:
    """The games of a match, and what they add up to."""

    def __init__(self, a: str, b: str) -> None:
        self.a = a
        self.b = b
        self.games: list[Game] = []

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        wins = sum(g.score == 1.0 for g in self.games)
        draws = sum(g.score == 0.5 for g in self.games)
        score = wins + draws / 2
        low, high = wilson(score, n)
        out: dict[str, Any] = {
            "a": self.a,
            "b": self.b,
            "games": n,
            "a_wins": wins,
            "draws": draws,
            "a_losses": n - wins - draws,
            "a_score": round(score / n, 4) if n else None,
            "a_score_95": [round(low, 4), round(high, 4)],
        }
        for colour, name in ((0, "a_as_light"), (1, "a_as_dark")):
            mine = [g for g in self.games if g.a_colour == colour]
            won = sum(g.score for g in mine)
            lo, hi = wilson(won, len(mine))
            out[name] = {"games": len(mine), "score": won, "score_95": [round(lo, 4), round(hi, 4)]}
        if n and self.games[0].record.game == "pacal":
            rounds = [0, 0, 0]  # A won, drawn, lost
            for g in self.games:
                for w in g.record.state.rounds():
                    rounds[1 if w is None else 0 if w == g.a_colour else 2] += 1
            out["a_rounds"] = {"won": rounds[0], "drawn": rounds[1], "lost": rounds[2]}
        if n:
            out["seconds_per_game"] = round(sum(g.seconds for g in self.games) / n, 2)
        return out


def play_one(
    game: str, variant: str, levels: tuple[str, str], seed: int, nodes: int, ms: int | None
) -> Record:
    """One game, ``levels`` in colour order (light first)."""
    sides = ("player 0", "player 1") if game == "pacal" else ("light", "dark")
    names = [f"{levels[0]} ({sides[0]})", f"{levels[1]} ({sides[1]})"]
    rec: Record = Record.new(game, variant, players=names, seed=seed)
    rngs = (Rng(seed), Rng(seed + 1))
    deals = Rng(seed + 2)  # a Pacal match's rounds
    clock: Callable[[], int] | None = None
    if ms is not None:
        clock = _ms
    state = rec.state
    while not state.is_over():
        if game == "pacal":
            if state.phase == pacal.P_DEAL:
                rec.add(pacal.deal_duel(deals))
                continue
            p = state.to_move()[0]
        else:
            p = state.turn
        budget = nodes if ms is None else ms
        for move in players.choose(state, levels[p], budget, rngs[p], clock, TT_BITS):
            rec.add(move)
    rec.set_result()
    return rec


def _ms() -> int:
    return time.monotonic_ns() // 1_000_000


def timed(index: int, play: Callable[..., Record], *args: Any) -> tuple[int, str, float]:
    """A job's answer: its index, the record ``play(*args)`` gives as text,
    and the seconds it took."""
    start = time.monotonic()
    rec = play(*args)
    return index, rec.dumps(), time.monotonic() - start


def _job(args: tuple[int, str, str, str, str, int, int, int, int | None]) -> tuple[int, str, float]:
    index, game, variant, a, b, seed, a_colour, nodes, ms = args
    levels = (a, b) if a_colour == 0 else (b, a)
    return timed(index, play_one, game, variant, levels, seed, nodes, ms)


def run_match(
    game: str,
    variant: str,
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int = 1,
    nodes: int = DEFAULT_NODES,
    ms: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Result:
    """Play ``games`` games of A against B (see the module's docstring)."""
    work = [
        (i, game, variant, a, b, s, i % 2, nodes, ms) for i, s in enumerate(game_seeds(seed, games))
    ]
    result = Result(a, b)
    for index, text, seconds in _run(work, jobs):
        rec = Record.read(text)
        result.games.append(Game(index, rec, index % 2, seconds))
        if progress is not None:
            progress(len(result.games), games)
    result.games.sort(key=lambda g: g.index)
    return result


def _run(
    work: list[tuple[int, str, str, str, str, int, int, int, int | None]], jobs: int
) -> Iterator[tuple[int, str, float]]:
    if jobs <= 1:
        yield from map(_job, work)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_job, work)


class Solo:
    """Pacal solo games of one level: how many were won, with the interval."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.games: list[tuple[int, Record, float]] = []

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        won = [rec for _, rec, _ in self.games if rec.state.outcome().winner == 0]
        low, high = wilson(len(won), n)
        out: dict[str, Any] = {
            "a": self.level,
            "deals": n,
            "won": len(won),
            "rate": round(len(won) / n, 4) if n else None,
            "rate_95": [round(low, 4), round(high, 4)],
        }
        if won:
            out["cards_when_won"] = round(sum(r.state.cards_used() for r in won) / len(won), 2)
        if n:
            out["seconds_per_game"] = round(sum(s for _, _, s in self.games) / n, 3)
        return out


def play_solo(level: str, seed: int, nodes: int, ms: int | None) -> Record:
    """One Pacal solo game: the deal from ``seed``, the player's draws from seed + 1."""
    rec: Record = Record.new("pacal", "solo", players=[level], seed=seed)
    rec.add(pacal.deal_solo(Rng(seed)))
    rng = Rng(seed + 1)
    clock = _ms if ms is not None else None
    budget = nodes if ms is None else ms
    while not rec.state.is_over():
        for move in players.choose(rec.state, level, budget, rng, clock):
            rec.add(move)
    rec.set_result()
    return rec


def _solo_job(args: tuple[int, str, int, int, int | None]) -> tuple[int, str, float]:
    index, level, seed, nodes, ms = args
    return timed(index, play_solo, level, seed, nodes, ms)


def run_solo(
    level: str,
    deals: int,
    seed: int,
    jobs: int = 1,
    nodes: int = PACAL_NODES["solo"],
    ms: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Solo:
    """``deals`` seeded Pacal solo games of ``level`` (the same deals for every
    level with the same ``seed``)."""
    work = [(i, level, s, nodes, ms) for i, s in enumerate(game_seeds(seed, deals))]
    result = Solo(level)
    if jobs <= 1:
        done: Iterator[tuple[int, str, float]] = map(_solo_job, work)
    else:
        pool = ProcessPoolExecutor(jobs)
        done = pool.map(_solo_job, work)
    for index, text, seconds in done:
        result.games.append((index, Record.read(text), seconds))
        if progress is not None:
            progress(len(result.games), deals)
    if jobs > 1:
        pool.shutdown()
    result.games.sort(key=lambda g: g[0])
    return result


def save(result: Result, out: Path) -> list[Path]:
    """Write each game's record into ``out``; returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    width = max(3, len(str(len(result.games))))
    paths = []
    for g in result.games:
        path = out / f"game-{g.index:0{width}d}.jsonl"
        path.write_text(g.record.dumps(), encoding="utf-8")
        paths.append(path)
    return paths


def bar(done: int, total: int, width: int = 30) -> str:
    """A text progress bar: ``[#######.......]  7/30``."""
    filled = width * done // max(1, total)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"


def add_parser(sub: Any) -> None:
    """The ``arena`` subcommand's arguments, for sim/cli.py."""
    p = sub.add_parser(
        "arena", help="match play between two computer players: A's wins, draws and losses"
    )
    p.add_argument("--game", choices=("pyraos", "pacal", "diabolo"), default="pyraos")
    p.add_argument("--variant", help="default: standard (pyraos), duel (pacal)")
    p.add_argument("--a", required=True, choices=players.LEVELS, help="player A's level")
    p.add_argument("--b", choices=players.LEVELS, help="player B's level (not for solo)")
    p.add_argument("--players", type=int, default=4, choices=(3, 4, 5),
                   help="Diabolo: seats at the table (A at one, B at the others)")  # fmt: skip
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--jobs", type=int, default=1, help="processes")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--nodes", type=int,
                        help=f"positions per turn (default {DEFAULT_NODES}; Pacal: "
                             f"{PACAL_NODES['duel']} duel turns, {PACAL_NODES['solo']} "
                             "solo cards)")  # fmt: skip
    budget.add_argument("--ms", type=int, help="milliseconds per turn instead (not replayable)")
    p.add_argument("--out", help="save the games' records in this folder")


def run(args: argparse.Namespace) -> int:
    from tabletop.records.record import GAMES

    if args.variant is None:
        args.variant = "duel" if args.game == "pacal" else "standard"
    if args.variant not in GAMES[args.game]:
        print(f"arena: {args.game} has no variant {args.variant!r}", file=sys.stderr)
        return 2
    solo = args.game == "pacal" and args.variant == pacal.SOLO
    if args.b is None and not solo:
        print("arena: --b is needed for a match", file=sys.stderr)
        return 2
    if args.game == "diabolo":
        return _run_diabolo(args)
    if args.nodes is None:
        args.nodes = PACAL_NODES[args.variant] if args.game == "pacal" else DEFAULT_NODES
    if args.games < 1 or args.jobs < 1 or args.nodes < 1 or (args.ms is not None and args.ms < 1):
        print("arena: --games, --jobs, --nodes and --ms must be 1 or more", file=sys.stderr)
        return 2

    title = f"{args.a} solo" if solo else f"{args.a} v {args.b}"

    def progress(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\rarena {title}: {bar(done, total)}", end=end, file=sys.stderr,
              flush=True)  # fmt: skip

    progress(0, args.games)
    if solo:
        return _run_solo(args, progress)
    result = run_match(args.game, args.variant, args.a, args.b, args.games, args.seed,
                       args.jobs, args.nodes, args.ms, progress)  # fmt: skip
    summary = result.summary()
    summary.update(game=args.game, variant=args.variant, seed=args.seed)
    summary["budget"] = {"ms": args.ms} if args.ms is not None else {"nodes": args.nodes}
    if args.out is not None:
        save(result, Path(args.out))
        summary["out"] = args.out
    print(json.dumps(summary))
    return 0


def _run_diabolo(args: argparse.Namespace) -> int:
    from sim import arena_diabolo

    if args.games < 1 or args.jobs < 1 or (args.nodes is not None and args.nodes < 1):
        print("arena: --games, --jobs and --nodes must be 1 or more", file=sys.stderr)
        return 2
    if args.ms is not None:
        print("arena: Diabolo counts its budget in turns (--nodes), not --ms", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\rarena {args.a} v {args.b} x{args.players - 1}: {bar(done, total)}", end=end,
              file=sys.stderr, flush=True)  # fmt: skip

    progress(0, args.games)
    summary = arena_diabolo.run(args, progress)
    summary.update(game="diabolo", variant=args.variant, seed=args.seed)
    if args.out is not None:
        summary["out"] = args.out
    print(json.dumps(summary))
    return 0


def _run_solo(args: argparse.Namespace, progress: Callable[[int, int], None]) -> int:
    solo = run_solo(args.a, args.games, args.seed, args.jobs, args.nodes, args.ms, progress)
    summary = solo.summary()
    summary.update(game="pacal", variant="solo", seed=args.seed)
    summary["budget"] = {"ms": args.ms} if args.ms is not None else {"nodes": args.nodes}
    if args.out is not None:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        width = max(3, len(str(len(solo.games))))
        for index, rec, _ in solo.games:
            (out / f"game-{index:0{width}d}.jsonl").write_text(rec.dumps(), encoding="utf-8")
        summary["out"] = args.out
    print(json.dumps(summary))
    return 0
