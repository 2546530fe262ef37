"""The ``python -m sim`` command line as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sim", *args], capture_output=True, text=True)


def objects(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_check_a_good_record(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    path.write_text(
        '{"format": 1, "game": "pyraos", "variant": "standard"}\n'
        '{"p": 0, "place": "b2"}\n{"p": 1, "place": "c3"}\n'
    )
    r = run("check", str(path))
    assert r.returncode == 0
    out = objects(r.stdout)
    assert out[:2] == [{"line": 2, "ok": True}, {"line": 3, "ok": True}]
    assert out[2]["summary"] is True and out[2]["ok"] is True
    assert out[2]["winner"] is None and out[2]["over"] is False and out[2]["events"] == 2


def test_check_stops_at_the_first_illegal_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"format": 1, "game": "pyraos", "variant": "standard"}\n'
        '{"p": 0, "place": "b2"}\n{"p": 1, "place": "b2"}\n{"p": 0, "place": "a1"}\n'
    )
    r = run("check", str(path))
    assert r.returncode == 1
    out = objects(r.stdout)
    assert [o.get("line") for o in out[:-1]] == [2, 3]
    assert out[1]["ok"] is False and "b2 is taken" in str(out[1]["error"])
    assert out[-1]["summary"] is True and out[-1]["line"] == 3


@pytest.mark.parametrize("content", ["", "hello\n", '{"format": 7}\n', "\x00\x01"])
def test_check_something_that_is_no_record(tmp_path: Path, content: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text(content)
    r = run("check", str(path))
    assert r.returncode == 2
    (summary,) = objects(r.stdout)
    assert summary["summary"] is True and summary["ok"] is False and summary["error"]


def test_check_a_missing_file(tmp_path: Path) -> None:
    r = run("check", str(tmp_path / "nope.jsonl"))
    assert r.returncode == 2
    assert "cannot read" in str(objects(r.stdout)[-1]["error"])


@pytest.mark.parametrize(
    ("game", "variant"),
    [("pyraos", None), ("pyraos", "kids"), ("pyraos", "lines"), ("pacal", None), ("pacal", "solo")],
)
def test_selfplay_same_seed_same_files(tmp_path: Path, game: str, variant: str | None) -> None:
    extra = ["--variant", variant] if variant else []
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for out, seed in ((a, "5"), (b, "5"), (c, "6")):
        r = run(
            "selfplay", "--game", game, *extra, "--games", "3", "--seed", seed, "--out", str(out)
        )
        assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in a.iterdir())
    assert len(names) == 3
    assert names == sorted(p.name for p in b.iterdir())
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes()
    assert [(a / n).read_bytes() for n in names] != [(c / n).read_bytes() for n in names]
    for name in names:
        r = run("check", str(a / name))
        assert r.returncode == 0, r.stdout
        summary = objects(r.stdout)[-1]
        assert summary["over"] is True
        header = json.loads((a / name).read_text().splitlines()[0])
        assert header["game"] == game and header["variant"] == (variant or summary["variant"])
        assert "result" in header


def test_selfplay_rejects_unknown_variant(tmp_path: Path) -> None:
    r = run("selfplay", "--game", "pyraos", "--variant", "duel", "--games", "1", "--seed", "1",
            "--out", str(tmp_path))  # fmt: skip
    assert r.returncode == 2
    assert "variant" in r.stderr


def test_demo_plays_and_shows_every_game() -> None:
    r = run("demo", "--seed", "4")
    assert r.returncode == 0, r.stderr
    for title in ("pyraos standard", "pacal solo", "pacal duel"):
        assert title in r.stdout
    assert r.stdout.count("result:") == 3
