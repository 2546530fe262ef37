"""``python -m sim hint``: the turn suggested for a record, as JSON, and the
refusals (a game over, an illegal line, a game with no player yet)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.commands.cli import main
from sim.runs.selfplay import play_game
from tabletop.records.notation import from_json
from tabletop.records.record import Record
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.rng import Rng


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


def test_a_diabolo_hint_is_the_player_to_moves_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = play_game("diabolo", "standard", 3)
    short: Record = Record.new("diabolo", "standard", players=rec.header["players"])
    for ev in rec.events[:3]:
        short.add(ev)
    path = str(write(tmp_path, short))
    for level in ("medium", "strong"):
        code, out, _ = hint(capsys, path, "--level", level, "--nodes", "400")
        assert code == 0
        events = out["events"]
        assert isinstance(events, list) and len(events) == 1
        move = from_json("diabolo", "standard", events[0])
        assert out["player"] == short.state.turn == move[1]
        assert short.state.fault(move) is None
        assert ("chance" in out) == (level == "strong")


def pacal_record(variant: str, seed: int, moves: int) -> Record:
    """A Pacal record: a deal, then ``moves`` random legal events."""
    rng = Rng(seed)
    rec: Record = Record.new("pacal", variant)
    rec.add(pacal.deal_solo(rng) if variant == "solo" else pacal.deal_duel(rng))
    for _ in range(moves):
        if rec.state.is_over() or rec.state.phase == pacal.P_DEAL:
            break
        legal = list(rec.state.legal_moves())
        rec.add(legal[rng.below(len(legal))])
    return rec


def hidden_shuffled(rec: Record, seed: int) -> Record:
    """The same record with the deal's hidden cards shuffled: in a duel the
    cards the player to move cannot see (the other's unplayed hand, the
    aside), in solo the pile after the card turned and the aside."""
    state = rec.state
    _, first, hands, aside = rec.events[0]
    rng = Rng(seed)
    if rec.variant == "solo":
        cut = state.drawn + 1
        rest = list(hands[cut:]) + list(aside)
        rng.shuffle(rest)
        deal = (pacal.DEAL, 0, tuple(hands[:cut]) + tuple(rest[:-10]), tuple(rest[-10:]))
    else:
        q = 1 - state.to_move()[0]
        held = [c for c in hands[q] if state.loc[c] == pacal.L_HAND + q]
        pool = held + list(aside)
        rng.shuffle(pool)
        new_hand = [c for c in hands[q] if c not in held] + pool[: len(held)]
        two = [list(hands[0]), list(hands[1])]
        two[q] = new_hand
        deal = (pacal.DEAL, first, (tuple(two[0]), tuple(two[1])), tuple(pool[len(held) :]))
    other: Record = Record.new("pacal", rec.variant)
    other.add(deal)
    for ev in rec.events[1:]:
        other.add(ev)
    return other


@pytest.mark.parametrize("moves", [0, 1, 2, 3, 9, 10, 11])
@pytest.mark.parametrize("level", ["random", "easy", "strong"])
def test_a_pacal_duel_hint_is_the_turn_of_the_player_to_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], moves: int, level: str
) -> None:
    rec = pacal_record("duel", 4, moves)
    who = rec.state.to_move()[0]
    code, out, _ = hint(capsys, str(write(tmp_path, rec)), "--level", level, "--nodes", "200")
    assert code == 0
    assert out["player"] == who
    events = out["events"]
    assert isinstance(events, list) and events
    for obj in events:
        assert obj["p"] == who
        rec.add(from_json("pacal", "duel", obj))
    if level != "strong":
        assert "chance" not in out


@pytest.mark.parametrize(("variant", "moves"), [("duel", 0), ("duel", 1), ("duel", 6), ("solo", 3)])
def test_a_pacal_hint_ignores_the_hidden_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str, moves: int
) -> None:
    rec = pacal_record(variant, 8, moves)
    args = ["--level", "strong", "--nodes", "400"]
    code, first, _ = hint(capsys, str(write(tmp_path, rec)), *args)
    assert code == 0
    for seed in range(3):
        other = hidden_shuffled(rec, seed)
        assert other.events[0] != rec.events[0]
        code, again, _ = hint(capsys, str(write(tmp_path, other, "other.jsonl")), *args)
        assert code == 0
        assert again == first


def test_a_pacal_solo_hint_builds_the_card_turned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rec = pacal_record("solo", 2, 1)
    card = rec.state.top_card()
    assert len(rec.state.fields(0, card)) > 1  # a choice to sample
    code, out, _ = hint(capsys, str(write(tmp_path, rec)), "--nodes", "500")
    assert code == 0
    chance, events = out["chance"], out["events"]
    assert out["player"] == 0 and isinstance(chance, float) and 0 <= chance <= 1
    assert isinstance(events, list) and len(events) == 1
    assert events[0]["place"][0] == card
    rec.add(from_json("pacal", "solo", events[0]))


def test_a_pacal_deal_due_has_no_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec: Record = Record.new("pacal", "duel")
    code, _, err = hint(capsys, str(write(tmp_path, rec)))
    assert code == 1
    assert "deal" in err


def test_a_missing_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = hint(capsys, str(tmp_path / "none.jsonl"))
    assert code == 2
    assert "cannot read" in err
