"""Whole games on the virtual board, at the sensor level, through the real
firmware (hal included): the firmware's journal must hold exactly the record's
moves, with and without the hand's mistakes, and every mistake must be shown
and refused (the hand waits to see red before it corrects; a wait that times
out is a failure)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.runs.board_play import BoardRun, reference_profile
from sim.runs.selfplay import play_game
from tabletop.records.record import Record
from tabletop.rules import pacal

GOLDEN = Path(__file__).parent / "golden"


def journal_moves(stdout: str) -> list[dict[str, object]]:
    lines = [json.loads(x) for x in stdout.splitlines()]
    return [x for x in lines[1:] if "deal" not in x]


def record_moves(path: Path) -> list[dict[str, object]]:
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    return [x for x in lines[1:] if "deal" not in x]


@pytest.mark.parametrize(
    "name", ["pacal-solo-perfect", "pacal-duel-match", "selfplay-pyraos-standard"]
)
def test_board_play_command_on_golden_records(name: str) -> None:
    path = GOLDEN / f"{name}.jsonl"
    run = subprocess.run(
        [sys.executable, "-m", "sim", "board-play", str(path), "--seed", "1", "--mistakes", "0.2"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert journal_moves(run.stdout) == record_moves(path)
    # the journal is a record: the deals are the record's, and it checks
    rec = Record.read(run.stdout)
    assert rec.events == Record.read(path.read_bytes()).events


def test_board_play_reports_where_the_journal_parts(tmp_path: Path) -> None:
    # A record whose second move the hand cannot make as written: the board
    # sees what is physically done, so a record that is not a game exits 2,
    # and a mismatch (here: no moves at all performed) is reported.
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"format": 1, "game": "pyraos", "variant": "standard"}\n{"p": 1, "place": "a1"}\n'
    )
    run = subprocess.run(
        [sys.executable, "-m", "sim", "board-play", str(bad)], capture_output=True, text=True
    )
    assert run.returncode == 2 and "line 2" in run.stderr


@pytest.mark.parametrize(
    ("game", "variant", "seed", "mistakes"),
    [
        ("pyraos", "standard", 11, 0.0),
        ("pyraos", "lines", 12, 0.3),
        ("pyraos", "kids", 13, 0.3),
        ("pacal", "duel", 14, 0.3),
        ("pacal", "solo", 15, 0.3),
    ],
)
def test_random_games_with_mistakes(game: str, variant: str, seed: int, mistakes: float) -> None:
    events = play_game(game, variant, seed).events
    run = BoardRun(reference_profile(game), game, variant, seed=seed, mistakes=mistakes)
    result = run.play(events)
    assert result.ok, result.where
    assert run.hand.timeouts == [], "the board did not show what the hand waited for"
    moves = [ev for ev in events if not (game == "pacal" and ev[0] == pacal.DEAL)]
    assert run.runtime.journal.moves() == moves
    if mistakes:
        assert run.hand.mistakes, "the hand made no mistake: the test proves nothing"
