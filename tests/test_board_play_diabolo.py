"""Whole Diabolo games on the virtual board, at the sensor level, through
the real firmware (hal included): seeded self-play records for 3, 4 and 5
players, with and without the hand's mistakes. After each record event the
board's journal holds exactly the record's events; every mistake is shown
(the hand waits to see red, or nothing lit, before it corrects: a wait that
times out fails); the scoring is walked through and the board's scores are
the rules' for the record, with the hands known."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sim.hand.common import OFF_CENTRE, WRONG_SPOT
from sim.hand.diabolo import TOO_FAST, UNREAD
from sim.runs.board_play import BoardRun, reference_profile
from sim.runs.selfplay import play_game
from tabletop.records.record import Record
from tabletop.rules import diabolo

PROFILE = reference_profile("diabolo")


def run_game(players: int, seed: int, mistakes: float) -> tuple[BoardRun, Record, bool]:
    rec = play_game("diabolo", "standard", seed, players=players)
    run = BoardRun(PROFILE, "diabolo", "standard", seed=seed, mistakes=mistakes, players=players)
    result = run.play(rec.events)
    assert result.ok, result.where
    assert result.events == len(rec.events)
    return run, rec, result.ok


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 6), (5, 7)])
def test_whole_games_without_mistakes(players: int, seed: int) -> None:
    run, rec, _ = run_game(players, seed, 0.0)
    assert run.hand.timeouts == []
    board: Any = run.runtime.board
    # the scores the players see are the rules' with every hand known
    assert board.game.round_scores() == rec.state.round_scores()
    assert board.game.totals() == rec.state.totals()
    assert board.scored == players  # every round walked through
    assert board.game.is_over()
    # the game-over light: the winners' turn LEDs
    best = max(rec.state.totals())
    winners = [p for p in range(players) if rec.state.totals()[p] == best]
    assert [p for p in range(players) if run.hal.colour(f"turn{p}") == "win"] == winners
    # the journal is a record: with the record's deals in place of the
    # board's, it reads back as the record
    deals = [ev for ev in rec.events if ev[0] == diabolo.DEAL]
    lines = run.runtime.journal.lines(deals)
    assert Record.read("\n".join(lines) + "\n").events == rec.events


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12), (5, 13), (4, 14)])
def test_whole_games_with_mistakes(players: int, seed: int) -> None:
    run, rec, _ = run_game(players, seed, 0.4)
    assert run.hand.timeouts == []
    kinds = {kind for _, kind, _ in run.hand.mistakes}
    assert kinds == {WRONG_SPOT, UNREAD, TOO_FAST, OFF_CENTRE}
    board: Any = run.runtime.board
    assert board.game.round_scores() == rec.state.round_scores()
    assert run.runtime.journal.moves() == [ev for ev in rec.events if ev[0] != diabolo.DEAL]


def test_the_board_play_command(tmp_path: Path) -> None:
    rec = play_game("diabolo", "standard", 21, players=3)
    path = tmp_path / "game.jsonl"
    path.write_text(rec.dumps())
    run = subprocess.run(
        [sys.executable, "-m", "sim", "board-play", str(path), "--seed", "1", "--mistakes", "0.2"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    lines = [json.loads(x) for x in run.stdout.splitlines()]
    assert lines[0]["players"] == ["P1", "P2", "P3"]
    assert Record.read(run.stdout).events == rec.events


def test_a_scored_round_goes_to_the_host() -> None:
    # The serial link's scores line once the walk-through of a round is
    # done (docs/PROTOCOL.md), through the real Host and Runtime.
    from tabletop.host import Host

    said: list[dict[str, Any]] = []

    class Device:
        def say(self, obj: dict[str, Any]) -> None:
            said.append(obj)

    rec = play_game("diabolo", "standard", 8, players=3)
    deals = [i for i, ev in enumerate(rec.events) if ev[0] == diabolo.DEAL]
    run = BoardRun(PROFILE, "diabolo", "standard", seed=8, players=3)
    host = Host(Device())
    host.started(run.runtime)
    host.noise_due = False
    first = rec.events[: deals[1]]
    result = run.play(first)  # the first round, walked through to its scores
    assert result.ok, result.where
    host.tick(run.runtime, run.hal.now_ms + 5)
    state = diabolo.Diabolo(3)
    for ev in first:
        state.apply(ev)
    points = state.round_scores()[0]
    assert {"event": "scores", "round": 1, "points": points, "totals": points} in said
