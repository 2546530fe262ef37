"""``python -m host_tools map`` given what it cannot use: one error line,
exit 1, no traceback, before the wiring walk starts (the walk's answers
would otherwise be asked for and then lost), the board left alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.pty_support import ThreadedBoard

ROOT = Path(__file__).resolve().parents[1]


def map_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "host_tools", "map", "--game", "pyraos", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, input="",
    )  # fmt: skip


def test_a_port_that_does_not_exist_is_one_error_line(tmp_path: Path) -> None:
    done = map_command("--port", str(tmp_path / "ttyACM9"), "--out", str(tmp_path / "p.json"))
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert line.startswith("error: ") and str(tmp_path / "ttyACM9") in line, line
    assert not (tmp_path / "p.json").exists()


def test_out_into_a_folder_that_does_not_exist_is_said_before_the_walk(tmp_path: Path) -> None:
    out = tmp_path / "no" / "p.json"
    with ThreadedBoard("pyraos", seed=3) as board:
        done = map_command("--port", board.path, "--out", str(out))
        board.halt()
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"error: {out}: there is no folder {out.parent}"]
    assert board.dev.device is not None and board.dev.device.host.commands is None  # untouched
