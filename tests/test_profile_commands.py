"""The host tools that read a profile file, given a broken one: ``replay
--profile`` and ``map --from`` print one error line naming the file and the
key, exit 1, and touch nothing (no traceback, no board opened, nothing
written)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.runs.selfplay import play_game

ROOT = Path(__file__).resolve().parent.parent
PYRAOS = json.loads((ROOT / "firmware" / "profiles" / "pyraos.json").read_text())
DEEP = "[" * 1000 + "]" * 1000


def with_games(value: object) -> str:
    return json.dumps({**PYRAOS, "games": value})


# (the file's text, the start of what the error line says after the file name)
BROKEN = [
    (with_games([[["pyraos"], "standard"]]), "games: unknown game (a list, not a name)"),
    (with_games([[{"pyraos": 1}, "standard"]]), "games: unknown game (a dict, not a name)"),
    (with_games([["pyraos", ["standard"]]]), "games: pyraos has no variant (a list)"),
    (with_games([["pyraos", "standard"]] * 3), "games: pyraos standard is listed twice"),
    (json.dumps({**PYRAOS, "fields": 5, "slots": None}), "fields: unknown key for a pyraos board"),
    (
        json.dumps({**PYRAOS, "pins": {**PYRAOS["pins"], "menu": 22}}),
        "pins.menu: pin 22 is already used by pins.leds",
    ),  # fmt: skip
    (json.dumps(PYRAOS).replace('"standard"', DEEP, 1), "profile: nested more than 8 levels deep"),
    (
        json.dumps(PYRAOS)[:-1] + ', "x": ' + "[" * 500 + "]" * 500 + "}",
        "profile: nested more than 8 levels deep",
    ),  # fmt: skip
    ("{", "profile: not JSON"),
]


def host_tools(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "host_tools", *argv],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def assert_one_error_line(done: subprocess.CompletedProcess[str], path: Path, says: str) -> None:
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(f"error: {path}: {says}"), line


@pytest.mark.parametrize("text, says", BROKEN, ids=range(len(BROKEN)))
def test_replay_with_a_broken_profile(tmp_path: Path, text: str, says: str) -> None:
    record = tmp_path / "game.jsonl"
    record.write_text(play_game("pyraos", "standard", 3).dumps())
    profile = tmp_path / "board.json"
    profile.write_text(text)
    # (the profile is read before the port is opened: /dev/null is never asked)
    done = host_tools("replay", str(record), "--port", "/dev/null", "--profile", str(profile))
    assert_one_error_line(done, profile, says)


@pytest.mark.parametrize("text, says", BROKEN, ids=range(len(BROKEN)))
def test_map_from_a_broken_profile(tmp_path: Path, text: str, says: str) -> None:
    profile = tmp_path / "board.json"
    profile.write_text(text)
    out = tmp_path / "mine.json"
    done = host_tools(
        "map", "--port", "/dev/null", "--game", "pyraos", "--from", str(profile), "--out", str(out)
    )
    assert_one_error_line(done, profile, says)
    assert not out.exists()
