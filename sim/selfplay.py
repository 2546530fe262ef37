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

from tabletop.records.record import Record
from tabletop.rules import diabolo, pacal
from tabletop.rules.rng import Rng

DEFAULT_VARIANT = {"pacal": "duel", "pyraos": "standard", "diabolo": "standard"}
DEFAULT_PLAYERS = 4  # Diabolo


def play_game(game: str, variant: str, seed: int, players: int | None = None) -> Record:
    """One whole game of uniformly random legal moves (a whole match for a
    Pacal duel), with the result in its header. ``players``: Diabolo's
    count, 3 to 5 (default 4); the other games have none."""
    rng = Rng(seed)
    if game == "diabolo":
        return _play_diabolo(rng, seed, DEFAULT_PLAYERS if players is None else players)
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


def _play_diabolo(rng: Rng, seed: int, players: int) -> Record:
    """A Diabolo game: the first dealer drawn by lot, random legal plays, and
    after each round random doubles (each time, one more with even odds)."""
    names = [f"seat {i}" for i in range(players)]
    rec: Record = Record.new("diabolo", "standard", players=names, seed=seed)
    state = rec.state
    rec.add(diabolo.deal(rng, rng.below(players)))
    while True:
        if state.scoring():
            doubles = list(state.legal_moves())
            if doubles and rng.below(2) == 0:
                rec.add(rng.choice(doubles))
                continue
            if state.is_over():
                break
            rec.add(diabolo.deal(rng, (state.dealer + 1) % players))
            continue
        rec.add(rng.choice(list(state.legal_moves())))
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
