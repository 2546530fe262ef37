"""``python -m sim arena``: computer players at a table of any game, its
tally, its intervals, its streams and the records it saves. (Every game and
variant of the registry plays the arena in tests/test_commands_games.py.)"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sim.commands.arena import play_one, run_match, streams
from sim.commands.cli import main
from sim.commands.tally import extras, share, wilson
from sim.runs.selfplay import game_seeds
from tabletop.records.record import Record
from tabletop.rules import diabolo, pacal
from tabletop.rules.rng import Rng


def arena(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    code = main(["arena", *args])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else {}), err


def test_wilson_interval_holds_the_proportion() -> None:
    for score, n in ((0, 10), (5, 10), (10, 10), (37.5, 40)):
        low, high = wilson(score, n)
        assert 0.0 <= low <= score / n <= high <= 1.0
    assert wilson(40, 40)[0] > wilson(10, 10)[0]  # more games, a tighter interval
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_share_of_a_game() -> None:
    assert share(1, 1, 2) == 1.0 and share(0, 1, 2) == 0.0
    assert share(None, 0, 2) == 0.5 and share(None, 2, 4) == 0.25  # a draw, split
    assert share((0, 2), 2, 4) == 0.5 and share([0, 2], 1, 4) == 0.0  # a shared win
    assert share(0, 0, 1) == 1.0 and share(None, 0, 1) == 0.0  # alone: None is lost


def test_what_a_result_adds_comes_from_its_fields() -> None:
    duel = [(0, {"winner": 0, "rounds": [0, None, 1, 0, 0]}, 1.0)]
    duel.append((1, {"winner": 0, "rounds": [0, 0, 0]}, 0.0))
    assert extras(duel) == {"a_rounds": {"won": 3, "drawn": 1, "lost": 4}}
    solo = [(0, {"won": True, "cards_used": 30}, 1.0), (0, {"won": True, "cards_used": 31}, 1.0)]
    solo.append((0, {"won": False, "cards_used": 12}, 0.0))
    assert extras(solo) == {"a_cards_when_won": 30.5}
    table = [(1, {"scores": [], "totals": [3, 9, 0], "winner": 1}, 1.0)]
    table.append((2, {"scores": [], "totals": [4, 4, 1], "winner": [0, 1]}, 0.0))
    assert extras(table) == {"a_points_over_others": round(((9 - 1.5) + (1 - 4)) / 2, 2)}
    assert extras([(0, {"winner": None}, 0.5)]) == {}  # Pyraos adds nothing


def test_a_match_turns_the_seats_and_adds_up() -> None:
    result = run_match("pyraos", "kids", "random", "easy", games=4, seed=3, nodes=200)
    s = result.summary()
    assert s["games"] == 4 and s["players"] == 2 and s["fair"] == 0.5
    assert [g.seat for g in result.games] == [0, 1, 0, 1]
    games = s["a_games"]
    assert isinstance(games, dict) and games["won"] + games["shared"] + games["lost"] == 4
    by_seat = s["a_by_seat"]
    assert isinstance(by_seat, list) and [x["games"] for x in by_seat] == [2, 2]
    for x in by_seat:  # fractions beside their intervals, never totals
        mine = [g.share for g in result.games if g.seat == x["seat"]]
        assert x["share"] == round(sum(mine) / 2, 4)
        assert x["share_95"][0] <= x["share"] <= x["share_95"][1]
    for g in result.games:
        header = g.record.header
        assert header["players"][g.seat].startswith("random")
        assert header["result"] == g.record.summary()


def test_a_game_replays_from_its_seed() -> None:
    one = play_one("pyraos", "standard", ("easy", "random"), 11, 300, None)
    two = play_one("pyraos", "standard", ("easy", "random"), 11, 300, None)
    assert one.dumps() == two.dumps()


def test_the_streams_of_the_measured_matches_are_kept() -> None:
    # docs/PLAYERS.md's figures came from these: seat p Rng(seed + p), the
    # deals Rng(seed + seats); alone, the deal Rng(seed) and the seat Rng(seed + 1)
    (light, dark), deals = streams(7, 2)
    assert [r.next32() for r in (light, dark, deals)] == [Rng(s).next32() for s in (7, 8, 9)]
    (alone,), deal = streams(7, 1)
    assert [alone.next32(), deal.next32()] == [Rng(8).next32(), Rng(7).next32()]
    # a Pacal duel's first deal and a solo deal, as the rules deal them from those
    seed = game_seeds(1, 1)[0]
    duel = play_one("pacal", "duel", ("strong", "easy"), seed, 60, None)
    assert duel.events[0] == pacal.deal_duel(Rng(seed + 2))
    solo = play_one("pacal", "solo", ("medium",), seed, 60, None)
    assert solo.events[0] == pacal.deal_solo(Rng(seed))


def test_the_command_prints_json_and_saves_valid_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games"
    args = ["--game", "pyraos", "--a", "medium", "--b", "random"]
    code, summary, err = arena(capsys, *args, "--games", "2", "--seed", "1", "--nodes", "300",
                               "--out", str(out))  # fmt: skip
    assert code == 0
    assert summary["games"] == 2 and summary["budget"] == {"nodes": 300}
    assert summary["game"] == "pyraos" and summary["variant"] == "standard"
    low, high = summary["a_share_95"]
    assert 0 <= low <= summary["a_share"] <= high <= 1
    assert "2/2" in err
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 2
    for path in files:
        rec = Record.read(path.read_bytes())
        assert rec.state.is_over() and "result" in rec.header


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "chess"], "unknown game 'chess' (the games: pacal, pyraos, diabolo)"),
        (["--game", "pyraos", "--variant", "giant"], "pyraos has no variant 'giant'"),
        (["--game", "pyraos", "--players", "3"], "pyraos standard seats 2 players, not 3"),
        (["--game", "diabolo", "--players", "6"], "seats 3 to 5 players, not 6"),
        (["--game", "pacal", "--variant", "solo"], "played alone: A only, no --b"),
        (["--game", "pyraos", "--nodes", "0"], "must be 1 or more"),
    ],
)
def test_the_command_refuses_what_it_cannot_play(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, _, err = arena(capsys, *args, "--a", "strong", "--b", "random", "--games", "1",
                         "--seed", "1")  # fmt: skip
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("arena: ") and words in err  # no traceback


def test_a_match_needs_b(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = arena(capsys, "--game", "pacal", "--a", "strong", "--games", "1", "--seed", "1")
    assert code == 2
    assert "pacal duel seats 2: --b is needed" in err


def test_a_pacal_duel_match_counts_the_rounds() -> None:
    result = run_match("pacal", "duel", "easy", "random", games=2, seed=2, nodes=50)
    s = result.summary()
    played = sum(len(g.record.state.rounds()) for g in result.games)
    rounds = s["a_rounds"]
    assert isinstance(rounds, dict) and sum(rounds.values()) == played
    for g in result.games:
        assert g.record.state.is_over()
        winners = g.record.header["result"]["rounds"]
        assert winners.count(g.record.state.outcome().winner) == 3


def test_pacal_solo_rates_over_the_same_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    greedy = run_match("pacal", "solo", "medium", None, games=30, seed=1).summary()
    rand = run_match("pacal", "solo", "random", None, games=30, seed=1).summary()
    assert greedy["players"] == 1 and greedy["fair"] == 1.0 and greedy["b"] is None
    assert greedy["a_games"]["won"] > rand["a_games"]["won"] + 5
    assert isinstance(greedy["a_cards_when_won"], float)
    one = run_match("pacal", "solo", "medium", None, games=2, seed=1)
    two = run_match("pacal", "solo", "random", None, games=2, seed=1)
    assert [g.record.events[0] for g in one.games] == [g.record.events[0] for g in two.games]
    out = tmp_path / "solo"
    args = ["--game", "pacal", "--variant", "solo", "--a", "strong", "--out", str(out)]
    code, summary, _ = arena(capsys, *args, "--games", "3", "--seed", "4", "--nodes", "200")
    assert code == 0 and summary["games"] == 3 and summary["budget"] == {"nodes": 200}
    assert len(list(out.glob("*.jsonl"))) == 3


def test_a_diabolo_table_seats_a_in_turn_and_asks_every_seat_for_its_double() -> None:
    result = run_match("diabolo", "standard", "medium", "random", games=6, seed=2, nodes=200,
                       seats=3)  # fmt: skip
    s = result.summary()
    assert s["games"] == 6 and s["players"] == 3 and s["fair"] == round(1 / 3, 4)
    assert [g.seat for g in result.games] == [0, 1, 2, 0, 1, 2]
    assert isinstance(s["a_points_over_others"], float)
    doubles = 0
    for g in result.games:
        rec = g.record
        assert rec.header["players"][g.seat].startswith("medium")
        assert rec.state.is_over() and rec.state.round == 3
        assert Record.read(rec.dumps()).events == rec.events  # every line legal
        # no seat left a double it wanted undeclared, the last round's included
        state = diabolo.Diabolo(3)
        for i, ev in enumerate(rec.events):
            state.apply(ev)
            after = rec.events[i + 1] if i + 1 < len(rec.events) else None
            if state.scoring() and (after is None or after[0] == diabolo.DEAL):
                for p in state.to_move():
                    mask = state.double_mask(p)
                    held = [state.colour_sum(p, c) for c in range(diabolo.COLOURS) if mask >> c & 1]
                    assert max(held) == 0, (i, p)
        doubles += sum(ev[0] == diabolo.DOUBLE for ev in rec.events)
    assert doubles > 0
    assert s["a_share"] == round(sum(g.share for g in result.games) / 6, 4)
    again = run_match("diabolo", "standard", "medium", "random", games=2, seed=2, nodes=200,
                      seats=3)  # fmt: skip
    assert [g.record.dumps() for g in again.games] == [g.record.dumps() for g in result.games[:2]]


def test_the_command_runs_a_diabolo_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "games"
    args = ["--game", "diabolo", "--players", "4", "--a", "strong", "--b", "easy"]
    code, summary, err = arena(capsys, *args, "--games", "2", "--seed", "1", "--nodes", "200",
                               "--out", str(out))  # fmt: skip
    assert code == 0 and "strong v easy x3" in err
    assert summary["players"] == 4 and summary["games"] == 2 and summary["fair"] == 0.25
    assert len(list(out.glob("*.jsonl"))) == 2
    code, summary, _ = arena(capsys, *args, "--games", "1", "--seed", "1", "--ms", "20")
    assert code == 0 and summary["budget"] == {"ms": 20}  # (a time budget, as every game)
