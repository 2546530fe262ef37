"""The arena: computer players of tabletop.players at a table of any game,
for measuring them. A sits at one seat, B at every other.

    python -m sim arena --game pyraos --a strong --b random --games 100 --seed 1
    python -m sim arena --game pacal --variant duel --a strong --b easy --games 20 --seed 1
    python -m sim arena --game pacal --variant solo --a strong --games 1000 --seed 1
    python -m sim arena --game diabolo --players 4 --a strong --b medium --games 60 --seed 1
    result = run_match("pyraos", "standard", "strong", "easy", games=40, seed=1)
    result.summary()    # A's share of the games, its 95% interval, the fair share, ...

The same for every game (tabletop.games, the rules' and the players'
contracts; no game is named here): A sits at seat ``game % seats`` (every
seat in turn: in Pyraos A is light, the first to move, in games 0, 2, 4);
the seat whose decision comes next (tabletop.players.mover) chooses its
whole turn; moves that may be left unmade (``state.may_pass()``: Diabolo's
doubles) are decided by each seat that may, in seat order (a seat's ``[]``
is its pass; after a move the others are asked again); when nobody has a
move, the rules' ``chance(state, deals)`` gives the chance event due (a
deal) or None at the end. A game played alone (Pacal solo) is a table of
one seat: A alone, no B.

Each game has its own seed (sim.runs.selfplay.game_seeds). Seat p draws its
random choices from Rng(seed + p) and the deals come from Rng(seed +
seats); alone at a table, the deals from Rng(seed) and the seat from
Rng(seed + 1) (so the same ``--seed`` deals the same solo games to every
level). A run replays exactly when its budget counts positions
(``--nodes``; an ``--ms`` budget depends on the machine). Every event goes
through the rules (Record.add): an illegal turn stops the run with
IllegalMove.

The summary means the same for every game: A's share of the games (a win
1, a win shared by k 1/k, a draw split between the seats), its 95% Wilson
interval, the fair share (1/seats: equal players), A's games won, shared
and lost, A's share at each seat as a fraction with its interval, seconds
per game and the budget; and what the game's results add
(sim.commands.tally.extras: Pacal's rounds, the cards a won solo game
used, Diabolo's points over the others).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from sim.commands.tally import bar, extras, fraction, ms_clock, share, timed, wilson
from sim.runs.selfplay import DEFAULT_PLAYERS, game_seeds
from tabletop import games, players
from tabletop.records.record import Record
from tabletop.rules.rng import Rng

DEFAULT_NODES = 20000  # positions per turn: a Pyraos search, about 0.4 s on CPython
# What a position is differs by player (tabletop.players): the defaults
# measured for each, by (game, variant); any other gets DEFAULT_NODES.
NODES = {
    ("pacal", "duel"): 1000,  # turns of the sampled rounds
    ("pacal", "solo"): 5000,  # cards of the sampled games
    ("diabolo", "standard"): 2000,  # turns of the sampled play-outs
}
TT_BITS = 16  # the search's memory on a desktop: 65,536 slots

Job = tuple[int, str, str, tuple[str, ...], int, int, int | None]


def default_nodes(game: str, variant: str) -> int:
    """The arena's position budget a turn for ``game``'s player."""
    return NODES.get((game, variant), DEFAULT_NODES)


def streams(seed: int, seats: int) -> tuple[list[Rng], Rng]:
    """Each seat's generator and the deals' (see the module's docstring)."""
    if seats == 1:
        return [Rng(seed + 1)], Rng(seed)
    return [Rng(seed + p) for p in range(seats)], Rng(seed + seats)


class Game:
    """One finished game: its record, A's seat, A's share, the seconds it took."""

    def __init__(self, index: int, record: Record, seat: int, seats: int, seconds: float) -> None:
        self.index = index
        self.record = record
        self.seat = seat
        self.seconds = seconds
        self.share = share(record.state.outcome().winner, seat, seats)


class Result:
    """The games of a run, and what they add up to for A."""

    def __init__(self, game: str, variant: str, seats: int, a: str, b: str | None) -> None:
        self.game = game
        self.variant = variant
        self.seats = seats
        self.a = a
        self.b = b
        self.games: list[Game] = []

    def summary(self) -> dict[str, Any]:
        n = len(self.games)
        won = sum(g.share for g in self.games)
        low, high = wilson(won, n)
        out: dict[str, Any] = {
            "game": self.game,
            "variant": self.variant,
            "players": self.seats,
            "a": self.a,
            "b": self.b,
            "games": n,
            "a_share": round(won / n, 4) if n else None,
            "a_share_95": [round(low, 4), round(high, 4)],
            "fair": round(1 / self.seats, 4),
            "a_games": {
                "won": sum(g.share == 1.0 for g in self.games),
                "shared": sum(0.0 < g.share < 1.0 for g in self.games),
                "lost": sum(g.share == 0.0 for g in self.games),
            },
            "a_by_seat": [],
        }
        for seat in range(self.seats):
            mine = [g.share for g in self.games if g.seat == seat]
            out["a_by_seat"].append({"seat": seat, **fraction(sum(mine), len(mine))})
        out.update(extras([(g.seat, g.record.summary(), g.share) for g in self.games]))
        if n:
            out["seconds_per_game"] = round(sum(g.seconds for g in self.games) / n, 3)
        return out


def play_one(
    game: str, variant: str, levels: tuple[str, ...], seed: int, nodes: int, ms: int | None
) -> Record:
    """One game, ``levels[p]`` at seat p (see the module's docstring)."""
    rules = games.part(game, "rules")
    names = [f"{level} (seat {p})" for p, level in enumerate(levels)]
    rec: Record = Record.new(game, variant, players=names, seed=seed)
    rngs, deals = streams(seed, len(levels))
    clock: Callable[[], int] | None = None if ms is None else ms_clock
    budget = nodes if ms is None else ms
    state = rec.state
    while True:
        if state.legal_moves():
            if not state.may_pass():
                p = players.mover(state)
                for move in players.choose(state, levels[p], budget, rngs[p], clock, TT_BITS):
                    rec.add(move)
                continue
            if _optional(rec, levels, rngs, budget, clock):
                continue
        event = rules.chance(state, deals)
        if event is None:
            break
        rec.add(event)
    rec.set_result()
    return rec


def _optional(
    rec: Record,
    levels: tuple[str, ...],
    rngs: list[Rng],
    budget: int,
    clock: Callable[[], int] | None,
) -> bool:
    """Moves that may be left unmade: each seat that may decides, in seat
    order; True once one made its move (the others are asked again)."""
    state = rec.state
    for q in state.to_move():
        moves = players.choose(state, levels[q], budget, rngs[q], clock, TT_BITS, seat=q)
        if moves:
            for move in moves:
                rec.add(move)
            return True
    return False


def _job(args: Job) -> tuple[int, str, float]:
    index, game, variant, levels, seed, nodes, ms = args
    return timed(index, play_one, game, variant, levels, seed, nodes, ms)


def run_match(
    game: str,
    variant: str,
    a: str,
    b: str | None,
    games: int,
    seed: int,
    jobs: int = 1,
    nodes: int | None = None,
    ms: int | None = None,
    seats: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Result:
    """Play ``games`` games, A at one seat and B at the others (see the
    module's docstring). ``seats``: for a game seated by several counts,
    how many (default sim.runs.selfplay.DEFAULT_PLAYERS); ``nodes``
    default: default_nodes. ValueError for a count the game cannot seat, or
    a B missing or given alone at a table of one."""
    count = table_size(game, variant, seats)
    if (b is None) != (count == 1):
        raise ValueError(
            f"{game} {variant} is played alone: A only, no B"
            if count == 1
            else f"{game} {variant} seats {count}: B is needed beside A"
        )
    budget = default_nodes(game, variant) if nodes is None else nodes
    work: list[Job] = []
    for i, s in enumerate(game_seeds(seed, games)):
        levels = [b or a] * count
        levels[i % count] = a
        work.append((i, game, variant, tuple(levels), s, budget, ms))
    result = Result(game, variant, count, a, b)
    for index, text, seconds in _run(work, jobs):
        rec = Record.read(text)
        result.games.append(Game(index, rec, index % count, count, seconds))
        if progress is not None:
            progress(len(result.games), games)
    result.games.sort(key=lambda g: g.index)
    return result


def table_size(game: str, variant: str, seats: int | None = None) -> int:
    """How many sit at the table: the count the game always seats, or
    ``seats`` (default DEFAULT_PLAYERS) for one seated by several counts;
    ValueError in the rules' words for one it cannot seat ("diabolo
    standard seats 3 to 5 players, not 6"); UnknownGame, or ValueError for
    an unknown variant."""
    rules = games.part(game, "rules")
    if variant not in games.variants(game):
        known = ", ".join(games.variants(game))
        raise ValueError(f"{game} has no variant {variant!r} ({known})")
    low, high = rules.seats(variant)
    count = (DEFAULT_PLAYERS if low != high else low) if seats is None else seats
    rules.new_state(variant, count)  # (the rules' check of the count)
    return count


def _run(work: list[Job], jobs: int) -> Iterator[tuple[int, str, float]]:
    if jobs <= 1:
        yield from map(_job, work)
        return
    # (spawned, not forked: see sim.commands.sweep)
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        yield from pool.map(_job, work)


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


def add_parser(sub: Any) -> None:
    """The ``arena`` subcommand's arguments, for sim/commands/cli.py."""
    p = sub.add_parser(
        "arena", help="computer players at a table: A at one seat, B at the others; A's share"
    )
    p.add_argument("--game", required=True, help=f"one of {', '.join(games.NAMES)}")
    p.add_argument("--variant", help="default: the game's first (tabletop.games)")
    p.add_argument("--players", type=int,
                   help=f"seats at the table, for a game seated by several counts (default "
                        f"{DEFAULT_PLAYERS})")  # fmt: skip
    p.add_argument("--a", required=True, choices=players.LEVELS, help="player A's level")
    p.add_argument("--b", choices=players.LEVELS,
                   help="player B's level, at every other seat (none alone)")  # fmt: skip
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--jobs", type=int, default=1, help="processes")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--nodes", type=int,
                        help=f"positions per turn (default {DEFAULT_NODES}; Pacal "
                             f"{NODES['pacal', 'duel']} duel turns, {NODES['pacal', 'solo']} "
                             f"solo cards; Diabolo {NODES['diabolo', 'standard']} "
                             "play-out turns)")  # fmt: skip
    budget.add_argument("--ms", type=int, help="milliseconds per turn instead (not replayable)")
    p.add_argument("--out", help="save the games' records in this folder")


def run(args: argparse.Namespace) -> int:
    try:
        variant = args.variant or games.variants(args.game)[0]
        seats = table_size(args.game, variant, args.players)
    except (games.UnknownGame, ValueError) as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    if seats == 1 and args.b is not None:
        print(f"arena: {args.game} {variant} is played alone: A only, no --b", file=sys.stderr)
        return 2
    if seats > 1 and args.b is None:
        print(f"arena: {args.game} {variant} seats {seats}: --b is needed (B's level, at "
              "every seat but A's)", file=sys.stderr)  # fmt: skip
        return 2
    nodes = default_nodes(args.game, variant) if args.nodes is None else args.nodes
    if args.games < 1 or args.jobs < 1 or nodes < 1 or (args.ms is not None and args.ms < 1):
        print("arena: --games, --jobs, --nodes and --ms must be 1 or more", file=sys.stderr)
        return 2
    title = f"{args.a} alone" if seats == 1 else f"{args.a} v {args.b}"
    if seats > 2:
        title += f" x{seats - 1}"

    def progress(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\rarena {title}: {bar(done, total)}", end=end, file=sys.stderr,
              flush=True)  # fmt: skip

    progress(0, args.games)
    result = run_match(args.game, variant, args.a, args.b, args.games, args.seed, args.jobs,
                       nodes, args.ms, seats, progress)  # fmt: skip
    summary = result.summary()
    summary["seed"] = args.seed
    summary["budget"] = {"ms": args.ms} if args.ms is not None else {"nodes": nodes}
    if args.out is not None:
        save(result, Path(args.out))
        summary["out"] = args.out
    print(json.dumps(summary))
    return 0
