"""The record commands (``check``, ``hint``, ``board-play``) on files that are
hostile, broken or edited on Windows, run as a user runs them: an error line
that names the line, the documented exit code, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEADER = '{"format": 1, "game": "pyraos", "variant": "standard"}'
MOVES = ['{"p": 0, "place": "b2"}', '{"p": 1, "place": "c3"}']
DEEP = "[" * 1000 + "]" * 1000


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sim", *args], capture_output=True, text=True)


def write(tmp_path: Path, name: str, data: str | bytes) -> str:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_bytes(data.encode("utf-8"))
    else:
        path.write_bytes(data)
    return str(path)


def summary_of(r: subprocess.CompletedProcess[str]) -> dict[str, object]:
    """The last line ``check`` printed, after checking every line is JSON."""
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert out and out[-1]["summary"] is True, r.stdout
    last: dict[str, object] = out[-1]
    return last


@pytest.mark.parametrize(
    ("lines", "line", "code"),
    [
        ([HEADER, MOVES[0], '{"p": 1, "place": ' + DEEP + "}"], 3, 1),
        ([HEADER, '{"p": 0, "x": {"y": ' + DEEP + "}}"], 2, 1),
        ([HEADER[:-1] + ', "event": ' + DEEP + "}"], 1, 2),
    ],
)
def test_a_thousand_nested_brackets_are_an_error_on_their_line(
    tmp_path: Path, lines: list[str], line: int, code: int
) -> None:
    path = write(tmp_path, "deep.jsonl", "\n".join(lines) + "\n")
    r = run("check", path)
    assert r.returncode == code and "Traceback" not in r.stderr
    summary = summary_of(r)
    assert summary["ok"] is False and summary["line"] == line
    assert "nested too deep" in str(summary["error"])
    for command in ("hint", "board-play"):
        r = run(command, path)
        assert "Traceback" not in r.stderr
        assert r.stderr.startswith(f"{command}: {path}: line {line}: "), r.stderr
        assert "nested too deep" in r.stderr
        # hint: check's codes; board-play: 2 for any record it cannot play
        assert r.returncode == (code if command == "hint" else 2)


def test_a_record_edited_on_windows_is_the_same_record(tmp_path: Path) -> None:
    plain = write(tmp_path, "plain.jsonl", "\n".join([HEADER, *MOVES]) + "\n")
    windows = write(tmp_path, "windows.jsonl", "\ufeff" + "\r\n".join([HEADER, *MOVES]) + "\r\n")
    got = {}
    for name, path in (("plain", plain), ("windows", windows)):
        check = run("check", path)
        hint = run("hint", path, "--level", "random", "--nodes", "1")
        play = run("board-play", path)
        assert (check.returncode, hint.returncode, play.returncode) == (0, 0, 0), play.stderr
        got[name] = (check.stdout, hint.stdout, play.stdout)
    assert got["windows"] == got["plain"]
    # board-play writes the firmware's journal back as a record: LF, no BOM
    journal = got["windows"][2]
    assert "\r" not in journal and not journal.startswith("\ufeff")
    assert journal.splitlines()[1:] == MOVES


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"hello\n",
        b"\xff\xfe{\x00}\x00",  # UTF-16, as Notepad saves "Unicode"
        b"\xef\xbb\xbf\xef\xbb\xbf" + HEADER.encode() + b"\n",  # a BOM too many
        ("\n".join(MOVES) + "\n").encode(),  # the header line missing
    ],
)
def test_hint_and_check_agree_on_a_file_that_is_no_record(tmp_path: Path, data: bytes) -> None:
    path = write(tmp_path, "x.jsonl", data)
    check, hint = run("check", path), run("hint", path)
    assert check.returncode == hint.returncode == 2
    summary = summary_of(check)
    assert summary["line"] == 1
    assert hint.stderr == f"hint: {path}: line 1: {summary['error']}\n"
    assert "Traceback" not in hint.stderr + check.stderr


def test_hint_and_check_agree_on_an_illegal_line(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", "\n".join([HEADER, MOVES[0], MOVES[0]]) + "\n")
    check, hint = run("check", path), run("hint", path)
    assert check.returncode == hint.returncode == 1
    assert "line 3" in hint.stderr and summary_of(check)["line"] == 3


def test_a_record_without_its_header_says_the_header_is_missing(tmp_path: Path) -> None:
    path = write(tmp_path, "x.jsonl", "\n".join(MOVES) + "\n")
    r = run("check", path)
    error = str(summary_of(r)["error"])
    assert r.returncode == 2
    assert "header line is missing" in error and "unknown header key" not in error


@pytest.mark.parametrize(
    "move",
    [
        '{"p": 0, "place": "%s"}',  # a string that is no position
        '{"p": 0, "place": [%s]}',  # ... a list of numbers
        '{"p": 0, "place": "b2", "raise": "%s"}',
    ],
)
def test_a_huge_value_is_not_echoed_back(tmp_path: Path, move: str) -> None:
    # (10 MB in one value: check, hint and board-play quote a few characters of it)
    huge = "x" * 10_000_000 if '"%s"' in move else ",".join(["7"] * 2_000_000)
    path = write(tmp_path, "huge.jsonl", HEADER + "\n" + move % huge + "\n")
    r = run("check", path)
    assert r.returncode == 1 and len(r.stdout) < 1000, len(r.stdout)
    assert summary_of(r)["line"] == 2
    for command in ("hint", "board-play"):
        r = run(command, path)
        assert "Traceback" not in r.stderr and len(r.stderr) < 1000, len(r.stderr)
        assert r.stderr.startswith(f"{command}: {path}: line 2: "), r.stderr[:300]
