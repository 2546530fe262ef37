"""The soak, short (``make soak`` runs 24 h of virtual play per game): one
board plays game after game on one flash, through power cuts and reboots,
with noise and the hand's mistakes; no move may be lost, the hand must never
wait in vain, and the firmware must not keep more memory game after game.
Here Pacal's board plays game after game; every game's board plays a game
through power cuts in tests/test_commands_games.py (the soak command), and
`make soak` plays each game for hours (a Pyraos soak of two games here took
40 s of the suite's 10 minutes for nothing those two do not test)."""

from __future__ import annotations

import json
import subprocess
import sys

from sim.commands.soak import soak


def test_pacal_board_game_after_game_through_power_cuts() -> None:
    # ... and it says how far it got as it goes: `make soak` runs an hour
    # of the machine's time, with a line per virtual hour on stderr, so
    # whoever runs it sees that it goes on (here every 0.02 h)
    told: list[tuple[float, int, int]] = []
    report = soak(
        hours=1.0,
        game="pacal",
        seed=2,
        max_games=3,
        trace_every=1,
        progress=lambda r: told.append((r.virtual_ms / 3_600_000, r.games, r.moves)),
        progress_h=0.02,
    )
    assert report.ok, report.where
    assert report.games == 3 and report.reboots >= 4 and report.moves_redone > 0
    assert report.kept_games >= 2  # the finished games stay on the flash
    first, *rest = report.heap_kb
    assert rest and all(h <= first + 2.0 for h in rest), report.heap_kb  # flat
    assert len(told) >= 2, told
    marks = [int(h / 0.02) for h, _, _ in told]
    assert marks == sorted(set(marks)) and marks[0] >= 1  # once per mark passed
    assert [g for _, g, _ in told] == sorted({g for _, g, _ in told})  # games go up
    assert told[-1][1] <= report.games and 0 < told[0][2] <= report.moves


def test_soak_command_prints_its_figures() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "sim", "soak", "--game", "pacal", "--hours", "0.02", "--seed", "3"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    row = json.loads(run.stdout)
    assert row["ok"] and row["games"] >= 1 and row["virtual_h"] >= 0.02
