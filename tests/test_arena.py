"""``python -m sim arena``: match play between computer players, its tally,
its interval and the records it saves."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.arena import play_one, run_match, run_solo, wilson
from sim.arena_diabolo import run_table
from sim.cli import main
from tabletop.records.record import Record


def test_wilson_interval_holds_the_proportion() -> None:
    for score, n in ((0, 10), (5, 10), (10, 10), (37.5, 40)):
        low, high = wilson(score, n)
        assert 0.0 <= low <= score / n <= high <= 1.0
    assert wilson(40, 40)[0] > wilson(10, 10)[0]  # more games, a tighter interval
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_match_alternates_colours_and_adds_up() -> None:
    result = run_match("pyraos", "kids", "random", "easy", games=4, seed=3, nodes=200)
    s = result.summary()
    assert s["games"] == 4
    assert s["a_wins"] + s["draws"] + s["a_losses"] == 4
    assert [g.a_colour for g in result.games] == [0, 1, 0, 1]
    assert s["a_as_light"]["games"] == s["a_as_dark"]["games"] == 2
    for g in result.games:
        header = g.record.header
        assert header["players"][g.a_colour].startswith("random")
        assert header["result"] == g.record.summary()


def test_a_game_replays_from_its_seed() -> None:
    one = play_one("pyraos", "standard", ("easy", "random"), 11, 300, None)
    two = play_one("pyraos", "standard", ("easy", "random"), 11, 300, None)
    assert one.dumps() == two.dumps()


def test_the_command_prints_json_and_saves_valid_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games"
    args = ["arena", "--game", "pyraos", "--a", "medium", "--b", "random"]
    args += ["--games", "2", "--seed", "1", "--nodes", "300", "--out", str(out)]
    assert main(args) == 0
    printed, err = capsys.readouterr()
    summary = json.loads(printed)
    assert summary["games"] == 2 and summary["budget"] == {"nodes": 300}
    low, high = summary["a_score_95"]
    assert 0 <= low <= summary["a_score"] <= high <= 1
    assert "2/2" in err
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 2
    for path in files:
        rec = Record.read(path.read_bytes())
        assert rec.state.is_over() and "result" in rec.header


def test_the_command_refuses_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--a", "strong", "--b", "random", "--games", "1", "--seed", "1"]
    assert main([*args, "--variant", "giant"]) == 2
    assert "no variant" in capsys.readouterr().err


def test_a_pacal_duel_match_is_played_through_the_rules() -> None:
    result = run_match("pacal", "duel", "easy", "random", games=2, seed=2, nodes=50)
    s = result.summary()
    assert s["games"] == 2 and s["a_wins"] + s["draws"] + s["a_losses"] == 2
    played = sum(len(g.record.state.rounds()) for g in result.games)
    assert sum(s["a_rounds"].values()) == played
    for g in result.games:
        assert g.record.state.is_over()
        rounds = g.record.header["result"]["rounds"]
        assert rounds.count(g.record.state.outcome().winner) == 3


def test_a_pacal_duel_game_replays_from_its_seed() -> None:
    one = play_one("pacal", "duel", ("strong", "easy"), 5, 60, None)
    two = play_one("pacal", "duel", ("strong", "easy"), 5, 60, None)
    assert one.dumps() == two.dumps()


def test_pacal_solo_rates_over_the_same_deals() -> None:
    greedy = run_solo("medium", deals=30, seed=1).summary()
    rand = run_solo("random", deals=30, seed=1).summary()
    assert greedy["deals"] == rand["deals"] == 30
    assert greedy["won"] > rand["won"] + 5
    low, high = greedy["rate_95"]
    assert low <= greedy["rate"] <= high


def test_the_command_runs_pacal_solo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "solo"
    args = ["arena", "--game", "pacal", "--variant", "solo", "--a", "strong"]
    args += ["--games", "3", "--seed", "4", "--nodes", "200", "--out", str(out)]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 3 and summary["variant"] == "solo"
    assert summary["budget"] == {"nodes": 200}
    assert len(list(out.glob("*.jsonl"))) == 3


def test_a_pacal_match_needs_b(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "--game", "pacal", "--a", "strong", "--games", "1", "--seed", "1"]
    assert main(args) == 2
    assert "--b" in capsys.readouterr().err


def test_a_diabolo_table_seats_a_in_turn_and_adds_up(tmp_path: Path) -> None:
    table = run_table(3, "medium", "random", games=6, seed=2, nodes=200)
    s = table.summary()
    assert s["games"] == 6 and s["fair"] == round(1 / 3, 4)
    assert [seat for seat, _, _ in table.games] == [0, 1, 2, 0, 1, 2]
    for seat, rec, _ in table.games:
        assert rec.header["players"][seat].startswith("medium")
        assert rec.state.is_over() and rec.state.round == 3
        assert Record.read(rec.dumps()).events == rec.events  # every line legal
    shares = [table.share(seat, rec) for seat, rec, _ in table.games]
    assert s["a_share"] == round(sum(shares) / 6, 4)
    # the same seed, the same games
    again = run_table(3, "medium", "random", games=2, seed=2, nodes=200)
    assert [r.dumps() for _, r, _ in again.games] == [r.dumps() for _, r, _ in table.games[:2]]


def test_the_command_runs_a_diabolo_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games"
    args = ["arena", "--game", "diabolo", "--players", "4", "--a", "strong", "--b", "easy"]
    assert main([*args, "--games", "2", "--seed", "1", "--nodes", "200", "--out", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["players"] == 4 and summary["games"] == 2 and summary["fair"] == 0.25
    assert len(list(out.glob("*.jsonl"))) == 2
    assert main([*args, "--games", "2", "--seed", "1", "--ms", "100"]) == 2
