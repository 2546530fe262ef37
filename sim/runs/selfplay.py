"""Random legal play, reproducible from a seed.

    rec = play_game("pyraos", "standard", seed=7)   # a finished Record
    rec = play_game("diabolo", "standard", seed=7, players=5)
    write_games("pacal", "duel", games=10, seed=1, out=Path("games"))

Every choice comes from the project's own seeded generator
(``tabletop.rules.rng.Rng``), so the same seed gives the same games on any machine
and any interpreter.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop import games
from tabletop.records.record import Record
from tabletop.rules.rng import Rng

DEFAULT_PLAYERS = 4  # a game seated by several counts (Diabolo): the reference board's


def play_game(game: str, variant: str, seed: int, players: int | None = None) -> Record:
    """One whole game of uniformly random legal moves (a whole match for a
    Pacal duel), with the result in its header. ``players``: the count of a
    game seated by several (Diabolo: 3 to 5, default 4); the others have
    none. Chance events (the deals) come from the game's rules
    (``chance``); moves the players may leave unmade (Diabolo's doubles) are
    made or not with even odds, one at a time."""
    rng = Rng(seed)
    rules = games.part(game, "rules")
    low, high = rules.seats(variant)
    header: dict[str, Any] = {"seed": seed}
    if low != high:
        count = DEFAULT_PLAYERS if players is None else players
        header["players"] = [f"seat {i}" for i in range(count)]
    rec: Record = Record.new(game, variant, **header)
    state = rec.state
    while True:
        moves = list(state.legal_moves())
        if moves and state.may_pass() and rng.below(2):
            moves = []  # (passed: the chance event, or the end, comes instead)
        if moves:
            rec.add(rng.choice(moves))
            continue
        event = rules.chance(state, rng)
        if event is None:
            break
        rec.add(event)
    rec.set_result()
    return rec


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a self-play run."""
    rng = Rng(seed)
    return [rng.next32() for _ in range(games)]


def write_games(
    game: str, variant: str, games: int, seed: int, out: Path, players: int | None = None
) -> list[Path]:
    """Write ``games`` records into ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    width = max(3, len(str(games)))
    for i, game_seed in enumerate(game_seeds(seed, games)):
        rec = play_game(game, variant, game_seed, players)
        path = out / f"{game}-{variant}-{i + 1:0{width}d}.jsonl"
        path.write_text(rec.dumps(), encoding="utf-8")
        paths.append(path)
    return paths
