"""The firmware under real MicroPython does exactly what it does on CPython:
whole games are played on the virtual board (CPython), the raw sensor stream
is recorded, then fed through a replay hal into the same firmware under the
MicroPython WebAssembly build; every LED frame (with its tick) and the
journal must be the same."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from sim.runs.board_play import PROFILES, BoardRun, reference_profile
from sim.runs.selfplay import play_game

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "mp" / "run.mjs"
SCRIPT = ROOT / "tests" / "mp" / "replay_board.py"


def cpython_run(game: str, variant: str, seed: int, events: int, mistakes: float) -> BoardRun:
    moves = play_game(game, variant, seed).events[:events]
    run = BoardRun(
        reference_profile(game), game, variant, seed=seed, mistakes=mistakes, record_sensors=True
    )
    result = run.play(moves)
    assert result.ok, result.where
    return run


@pytest.mark.parametrize(
    ("game", "variant", "seed", "events", "mistakes"),
    [
        ("pyraos", "standard", 21, 14, 0.3),
        ("pacal", "duel", 22, 12, 0.3),
        ("pacal", "solo", 23, 6, 0.0),
    ],
)
def test_micropython_replay_matches_cpython(
    tmp_path: Path, game: str, variant: str, seed: int, events: int, mistakes: float
) -> None:
    run = cpython_run(game, variant, seed, events, mistakes)
    log = tmp_path / "log.json"
    log.write_text(json.dumps(run.hal.log.to_json()))
    (tmp_path / "profile.json").write_text((PROFILES / f"{game}.json").read_text())
    out = subprocess.run(
        ["node", str(RUNNER), "script", "--data", str(tmp_path), str(SCRIPT),
         "/ext/0/profile.json", game, variant, "/ext/0/log.json"],
        capture_output=True, text=True, cwd=ROOT, timeout=600,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-3000:]
    lines = [json.loads(x) for x in out.stdout.splitlines() if x.startswith("{")]
    frames = [(x["t"], bytes.fromhex(x["frame"])) for x in lines if "frame" in x]
    journal = [x for x in lines if "journal" in x][0]["journal"]
    want_frames = run.hal.frames
    assert len(frames) == len(want_frames)
    for i, (got, want) in enumerate(zip(frames, want_frames, strict=True)):
        assert got == want, f"frame {i} differs (t={want[0]})"
    assert [json.loads(x) for x in journal] == [json.loads(x) for x in run.runtime.journal.lines()]
    # the status display's text, change by change
    texts = [(x["t"], tuple(x["status"])) for x in lines if "status" in x]
    assert run.hal.display is not None
    assert texts == run.hal.display.shown
    assert len(texts) >= 3
    assert len(run.runtime.journal) >= events // 2
