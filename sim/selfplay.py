"""Random legal play, reproducible from a seed.

    rec = play_game("pyraos", "standard", seed=7)   # a finished Record
    write_games("pacal", "duel", games=10, seed=1, out=Path("games"))

Every choice comes from the project's own seeded generator
(``tabletop.rules.rng.Rng``), so the same seed gives the same games on any machine
and any interpreter.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.records.record import Record
from tabletop.rules import pacal
from tabletop.rules.rng import Rng

DEFAULT_VARIANT = {"pacal": "duel", "pyraos": "standard"}


def play_game(game: str, variant: str, seed: int) -> Record:
    """One whole game of uniformly random legal moves (a whole match for a
    Pacal duel), with the result in its header."""
    rng = Rng(seed)
    rec: Record = Record.new(game, variant, seed=seed)
    state = rec.state
    while not state.is_over():
        if game == "pacal" and state.phase == pacal.P_DEAL:
            deal = pacal.deal_solo(rng) if variant == pacal.SOLO else pacal.deal_duel(rng)
            rec.add(deal)
            continue
        moves = list(state.legal_moves())
        rec.add(rng.choice(moves))
    rec.set_result()
    return rec


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a self-play run."""
    rng = Rng(seed)
    return [rng.next32() for _ in range(games)]


def write_games(game: str, variant: str, games: int, seed: int, out: Path) -> list[Path]:
    """Write ``games`` records into ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    width = max(3, len(str(games)))
    for i, game_seed in enumerate(game_seeds(seed, games)):
        rec = play_game(game, variant, game_seed)
        path = out / f"{game}-{variant}-{i + 1:0{width}d}.jsonl"
        path.write_text(rec.dumps(), encoding="utf-8")
        paths.append(path)
    return paths
