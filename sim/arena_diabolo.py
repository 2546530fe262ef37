"""Diabolo at the arena: one seat at level A, every other seat at level B.

    python -m sim arena --game diabolo --players 4 --a strong --b medium --games 100 --seed 1
    run_table(4, "strong", "medium", games=40, seed=1).summary()
    run(args)       # the arena command's Diabolo part (sim.arena)

A sits at seat ``game % players`` (every seat in turn; the first dealer is
seat 0, then each next seat deals). A game's share of the win is 1 for
the highest total, 1/k when k players share it, else 0: with equal players
A's expected share is 1/players, the ``fair`` figure beside it. Doubles are
declared by the players' own rule (tabletop.players.diabolo_player, the
same at every level). Each seat draws from its own Rng of the game's seed,
the deals from another, so a run replays exactly with a position budget.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from sim.arena import timed, wilson
from sim.selfplay import game_seeds
from tabletop import players
from tabletop.players.diabolo_player import double_colour
from tabletop.records.record import Record
from tabletop.rules import diabolo
from tabletop.rules.rng import Rng

NODES = 2000  # turns of the sampled play-outs a decision (strong; medium needs none)


class Table:
    """The games of a run, and what they add up to for A."""

    def __init__(self, seats: int, a: str, b: str) -> None:
        self.seats = seats
        self.a = a
        self.b = b
        self.games: list[tuple[int, Record, float]] = []  # (A's seat, record, seconds)

    def share(self, seat: int, rec: Record) -> float:
        winner = rec.state.outcome().winner
        if isinstance(winner, tuple):
            return 1 / len(winner) if seat in winner else 0.0
        return 1.0 if winner == seat else 0.0

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        shares = [self.share(seat, rec) for seat, rec, _ in self.games]
        won = sum(shares)
        low, high = wilson(won, n)
        margin = []  # A's total minus the others' mean, per game
        for seat, rec, _ in self.games:
            totals = rec.state.totals()
            others = [t for q, t in enumerate(totals) if q != seat]
            margin.append(totals[seat] - sum(others) / len(others))
        out: dict[str, Any] = {
            "a": self.a,
            "b": self.b,
            "players": self.seats,
            "games": n,
            "a_share": round(won / n, 4) if n else None,
            "a_share_95": [round(low, 4), round(high, 4)],
            "fair": round(1 / self.seats, 4),
            "a_points_over_others": round(sum(margin) / n, 2) if n else None,
        }
        if n:
            out["seconds_per_game"] = round(sum(s for _, _, s in self.games) / n, 2)
        return out


def play_one(seats: int, levels: list[str], seed: int, nodes: int) -> Record:
    """One game, ``levels[p]`` at seat p."""
    names = [f"{level} (seat {p})" for p, level in enumerate(levels)]
    rec: Record = Record.new("diabolo", "standard", players=names, seed=seed)
    rngs = [Rng(seed + p) for p in range(seats)]
    deals = Rng(seed + seats)
    state = rec.state
    while True:
        if state.phase == diabolo.P_PLAY:
            p = state.turn
            for move in players.choose(state, levels[p], nodes, rngs[p]):
                rec.add(move)
        elif state.scoring() and _doubles(rec):
            continue  # a double declared: the others may still declare theirs
        elif state.phase == diabolo.P_OVER:
            break
        else:  # the first deal, or the next once a round is scored
            rec.add(diabolo.deal(deals, 0 if state.round == 0 else (state.dealer + 1) % seats))
    rec.set_result()
    return rec


def _doubles(rec: Record) -> bool:
    """Every seat that may still declare a double decides (in seat order);
    True if one did (the others are asked again: later colours only)."""
    state = rec.state
    for p in state.to_move():
        colour = double_colour(state, p)
        if colour >= 0:
            rec.add((diabolo.DOUBLE, p, colour, 0))
            return True
    return False


def _job(args: tuple[int, int, str, str, int, int]) -> tuple[int, str, float]:
    index, seats, a, b, seed, nodes = args
    levels = [b] * seats
    levels[index % seats] = a
    return timed(index, play_one, seats, levels, seed, nodes)


def run_table(
    seats: int,
    a: str,
    b: str,
    games: int,
    seed: int,
    jobs: int = 1,
    nodes: int = NODES,
    progress: Callable[[int, int], None] | None = None,
) -> Table:
    """Play ``games`` games, A at one seat and B at the others (see above)."""
    work = [(i, seats, a, b, s, nodes) for i, s in enumerate(game_seeds(seed, games))]
    table = Table(seats, a, b)
    found: list[tuple[int, str, float]] = []
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        results = map(_job, work) if jobs <= 1 else pool.map(_job, work)
        for index, text, seconds in results:
            found.append((index, text, seconds))
            if progress is not None:
                progress(len(found), games)
    for index, text, seconds in sorted(found):
        table.games.append((index % seats, Record.read(text), seconds))
    return table


def run(args: Any, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """``sim arena --game diabolo``: the summary (``--nodes`` default NODES)."""
    nodes = NODES if args.nodes is None else args.nodes
    table = run_table(args.players, args.a, args.b, args.games, args.seed, args.jobs, nodes,
                      progress)  # fmt: skip
    if args.out is not None:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        width = max(3, len(str(len(table.games))))
        for index, (_, rec, _) in enumerate(table.games):
            (out / f"game-{index:0{width}d}.jsonl").write_text(rec.dumps(), encoding="utf-8")
    summary = table.summary()
    summary["budget"] = {"nodes": nodes}
    return summary
