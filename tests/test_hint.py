"""``python -m sim hint``: the turn suggested for a record, as JSON, and the
refusals (a game over, an illegal line, a game with no player yet)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.cli import main
from sim.selfplay import play_game
from tabletop.records.notation import from_json
from tabletop.records.record import Record
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import position_index as index


def write(tmp_path: Path, rec: Record, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text(rec.dumps(), encoding="utf-8")
    return path


def record_of(names: list[str], variant: str = "standard") -> Record:
    rec: Record = Record.new("pyraos", variant)
    for name in names:
        rec.add((pyraos.PLACE, rec.state.turn, index(name), -1))
    return rec


def hint(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object], str]:
    code = main(["hint", *args])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else {}), err


@pytest.mark.parametrize("level", ["random", "easy", "medium", "strong"])
def test_the_hint_is_a_legal_whole_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], level: str
) -> None:
    rec = record_of(["a1", "d4", "b1", "d3", "a2", "c3"])
    code, out, _ = hint(capsys, str(write(tmp_path, rec)), "--level", level, "--nodes", "2000")
    assert code == 0
    events = out["events"]
    assert isinstance(events, list) and events
    for obj in events:
        assert obj["p"] == 0
        rec.add(from_json("pyraos", "standard", obj))
    assert rec.state.turn == 1 and rec.state.phase == pyraos.P_MOVE
    assert out["level"] == level
    assert ("score" in out) == (level != "random")


def test_a_square_comes_with_its_remove_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Light completes a1 b1 a2 b2 (a marble won) and takes back at once."""
    rec = record_of(["a1", "d4", "b1", "b4", "a2", "d1"])
    code, out, _ = hint(capsys, str(write(tmp_path, rec)), "--nodes", "5000")
    assert code == 0
    events = out["events"]
    assert isinstance(events, list)
    assert [list(e) for e in events] == [["p", "place"], ["p", "remove"]]
    assert events[0]["place"] == "b2"


def test_a_proven_win_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Twenty-nine marbles placed in reading order: dark places the top."""
    names = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4"]
    names += ["b4", "c4", "d4", "2a1", "2b1", "2c1", "2a2", "2b2", "2c2", "2a3", "2b3"]
    names += ["2c3", "3a1", "3b1", "3a2", "3b2"]
    rec = record_of(names, "kids")
    code, out, _ = hint(capsys, str(write(tmp_path, rec)), "--ms", "200")
    assert code == 0
    assert out["events"] == [{"p": 1, "place": "4a1"}]
    assert (out["value"], out["turns"]) == ("win", 1)


def test_a_game_over_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, play_game("pyraos", "standard", 5))
    code, _, err = hint(capsys, str(path))
    assert code == 1
    assert "the game is over" in err


def test_an_illegal_line_is_refused_by_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    lines = [json.dumps({"format": 1, "game": "pyraos", "variant": "standard"})]
    lines += ['{"p": 0, "place": "b2"}', '{"p": 1, "place": "b2"}']
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = hint(capsys, str(path))
    assert code == 1
    assert "line 3" in err


def test_pacal_has_no_player_yet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = play_game("pacal", "duel", 3)
    short: Record = Record.new("pacal", "duel")
    for ev in rec.events[:3]:
        short.add(ev)
    code, _, err = hint(capsys, str(write(tmp_path, short)))
    assert code == 2
    assert "no Pacal player yet" in err


def test_a_missing_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = hint(capsys, str(tmp_path / "none.jsonl"))
    assert code == 2
    assert "cannot read" in err
