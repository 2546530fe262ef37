"""Every command, for every game and variant of the registry (tabletop.games):
``selfplay`` and ``check``, ``hint``, ``arena``, ``board-play``, ``soak``,
``monitor`` and ``replay``. A game added to the registry is in every test
here at once, and fails them until it keeps the contracts (the rules',
the players', the board's, the host tools'). The settings are the smallest
that still prove each: a short record, a tiny budget, a few games.

(The per-game tests beside these, tests/test_cli.py, test_hint.py,
test_arena.py, test_board_play*.py, test_soak.py, test_monitor.py and
test_replay*.py, go deeper into each.)
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from host_tools.board.link import Link
from host_tools.board.positions import position_frame
from host_tools.watch import monitor, replay
from sim.commands.cli import main
from sim.commands.tally import ADDERS, extras, share
from sim.runs.selfplay import play_game
from tabletop import games, players
from tabletop.records import notation
from tabletop.records.notation import from_json
from tabletop.records.record import Record, check, new_state
from tests.pty_support import ThreadedBoard
from tests.test_replay import replay_command

PAIRS = [(g, v) for g in games.NAMES for v in games.variants(g)]
IDS = [f"{g}-{v}" for g, v in PAIRS]
SEED = 5
SHORT = 8  # events of a short record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``python -m sim ARGV`` in this process: the exit status, stdout, stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def seats(game: str, variant: str, profile: Any = None) -> int:
    """The seats of a new game: the count the game always seats, or (a game
    seated by several counts) the board profile's, else 0 (the default)."""
    low, high = games.part(game, "rules").seats(variant)
    if low == high:
        return 0
    return int(profile.players) if profile is not None else 0


def short_record(tmp_path: Path, game: str, variant: str, events: int = SHORT) -> Path:
    """The first ``events`` events of a seeded self-play game, as a record
    (no result: it is cut short)."""
    lines = play_game(game, variant, SEED).dumps().splitlines()
    head = json.loads(lines[0])
    head.pop("result", None)
    path = tmp_path / f"{game}-{variant}.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1 : events + 1]]) + "\n")
    return path


@pytest.mark.parametrize(("game", "variant"), PAIRS, ids=IDS)
def test_selfplay_writes_a_record_that_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, variant: str
) -> None:
    code, out, err = run(capsys, "selfplay", "--game", game, "--variant", variant, "--games", "1",
                         "--seed", str(SEED), "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    (path,) = out.split()
    code, out, _ = run(capsys, "check", path)
    assert code == 0, out
    *lines, summary = [json.loads(x) for x in out.splitlines()]
    assert lines and all(x["ok"] for x in lines)
    assert summary["ok"] and summary["over"]
    assert (summary["game"], summary["variant"]) == (game, variant)
    header = json.loads(Path(path).read_text().splitlines()[0])
    assert header["result"] == {k: summary[k] for k in header["result"]}


@pytest.mark.parametrize(("game", "variant"), PAIRS, ids=IDS)
def test_hint_answers_a_position_of_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, variant: str
) -> None:
    full = play_game(game, variant, SEED)
    state: Any = new_state(game, variant, len(full.header.get("players", ())))
    # a mid-game position where a player decides (no chance event next, no
    # move that may be left unmade)
    at = None
    for k, event in enumerate(full.events):
        if k >= len(full.events) // 2 and state.legal_moves() and not state.may_pass():
            at = k
            break
        state.apply(event)
    assert at is not None, "no decision in the second half of the game"
    path = short_record(tmp_path, game, variant, at)
    code, out, err = run(capsys, "hint", str(path), "--level", "strong", "--nodes", "200")
    assert code == 0, err
    hint = json.loads(out)
    assert hint["level"] == "strong" and hint["player"] == players.mover(state)
    assert hint["events"], hint
    for obj in hint["events"]:  # the whole turn, each event legal in its turn
        move = from_json(game, variant, obj)
        assert state.fault(move) is None, (obj, state.why_illegal(move))
        state.apply(move)


@pytest.mark.parametrize(("game", "variant"), PAIRS, ids=IDS)
def test_arena_plays_and_sums_up_the_same_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, variant: str
) -> None:
    low, high = games.part(game, "rules").seats(variant)
    b = [] if high == 1 else ["--b", "random"]
    out_dir = tmp_path / "games"
    code, out, err = run(capsys, "arena", "--game", game, "--variant", variant, "--a", "medium",
                         *b, "--games", "2", "--seed", "1", "--nodes", "100",
                         "--out", str(out_dir))  # fmt: skip
    assert code == 0, err
    s = json.loads(out)
    records = [Record.read(p.read_bytes()) for p in sorted(out_dir.glob("*.jsonl"))]
    n = len(records[0].header["players"])
    assert low <= n <= high and len(records) == 2
    assert (s["game"], s["variant"], s["players"], s["a"]) == (game, variant, n, "medium")
    assert s["b"] == (None if high == 1 else "random")
    assert s["games"] == 2 and s["fair"] == round(1 / n, 4)
    lo, hi = s["a_share_95"]
    assert 0 <= lo <= s["a_share"] <= hi <= 1
    assert sum(s["a_games"].values()) == 2
    assert [x["seat"] for x in s["a_by_seat"]] == list(range(n))
    assert sum(x["games"] for x in s["a_by_seat"]) == 2
    for x in s["a_by_seat"]:  # a fraction beside an interval of fractions
        lo, hi = x["share_95"]
        assert x["share"] is None if x["games"] == 0 else 0 <= lo <= x["share"] <= hi <= 1
    assert s["seconds_per_game"] >= 0 and s["budget"] == {"nodes": 100}
    # what the game adds, from its results' fields
    played = []
    for i, rec in enumerate(records):
        seat = i % n
        assert rec.header["players"][seat].startswith("medium") and rec.state.is_over()
        played.append((seat, rec.summary(), share(rec.state.outcome().winner, seat, n)))
    added = extras(played)
    assert {k: s[k] for k in added} == added
    assert bool(added) == any(field in played[0][1] for field in ADDERS)


@pytest.mark.parametrize(("game", "variant"), PAIRS, ids=IDS)
def test_board_play_journals_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, variant: str
) -> None:
    path = short_record(tmp_path, game, variant)
    code, out, err = run(capsys, "board-play", str(path), "--seed", "1")
    assert code == 0, err
    # the journal, with the record's deals in place of the board's, is the record
    assert Record.read(out).events == Record.read(path.read_bytes()).events


@pytest.mark.parametrize("game", games.NAMES)
def test_soak_plays_through_power_cuts(capsys: pytest.CaptureFixture[str], game: str) -> None:
    # (a game at least: the soak plays the board's variants in turn, one a
    # game, and has no --variant; board-play above plays every variant)
    code, out, err = run(capsys, "soak", "--game", game, "--hours", "0.01", "--seed", str(SEED))
    assert code == 0, out + err
    row = json.loads(out)
    assert row["ok"] and row["game"] == game and row["games"] >= 1 and row["reboots"] >= 1
    assert row["virtual_h"] >= 0.01


def new_game(link: Link, board: ThreadedBoard, game: str, variant: str) -> tuple[Any, list[Any]]:
    """A new game of ``variant`` on the board (the protocol's ``new``): the
    state it starts from and a seeded self-play game's events for it."""
    reply = link.ask({"cmd": "new", "game": game, "variant": variant})
    assert reply["ok"], reply
    count = seats(game, variant, board.dev.profile)
    events = play_game(game, variant, SEED, players=count or None).events
    return new_state(game, variant, count), events


@pytest.mark.parametrize(("game", "variant"), PAIRS, ids=IDS)
def test_monitor_follows_a_board_and_saves_a_record_that_checks(
    tmp_path: Path, game: str, variant: str
) -> None:
    with ThreadedBoard(game, seed=4) as board:
        link = Link.open(board.path)
        try:
            state, events = new_game(link, board, game, variant)
            board.do(lambda dev: dev.play(state, events[:2]))
            mon = monitor.Monitor(link, io.StringIO())
            mon.start()
            assert len(mon.lines) == 3  # the header and two events
            board.do(lambda dev: dev.play(state, events[2:5]))
            for _ in range(120):  # until the fifth event is in (30 s at most)
                if len(mon.lines) > 5:
                    break
                mon.follow(0.25)
            saved = mon.save(tmp_path / "game.jsonl")
        finally:
            link.close()
        board.halt()
        journal = board.dev.runtime.journal
    lines = saved.read_text().splitlines()
    assert lines == journal.lines() and len(lines) == 6
    # the board's record: read back by the board's own reader, its events
    # are the journal's; with the dealt cards the board never saw in its
    # deals' place (docs/RECORDS.md: "A board's ... deal"), it checks and
    # is the game played
    words = notation.for_game(game)
    read = [words.from_json(json.loads(x), variant, True) for x in lines[1:]]
    assert read == journal.events
    deals = iter([ev for ev in events[:5] if words.is_deal(ev)])
    whole = [next(deals) if words.is_deal(ev) else ev for ev in read]
    assert whole == events[:5]
    text = "\n".join([lines[0], *(json.dumps(words.to_json(ev)) for ev in whole)]) + "\n"
    *_, summary = check(text.encode())
    assert summary["ok"], summary
    assert (summary["record"].game, summary["record"].variant) == (game, variant)


@pytest.mark.parametrize(("game", "variant"), PAIRS, ids=IDS)
def test_replay_shows_each_position_on_a_board(tmp_path: Path, game: str, variant: str) -> None:
    path = short_record(tmp_path, game, variant, events=5)
    rec = replay.read_record(path)
    with ThreadedBoard(game, seed=4) as board:
        done = replay_command(path, board.path, step_ms=150)
        board.halt()
        board.dev.advance(200)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[0] == f"start: {game} {variant}, 5 events"
        shown = [board.capped(position_frame(board.dev.profile, s)) for s in replay.positions(rec)]
        frames = [board.lit(f) for _, f in board.dev.hal.frames]
        at = 0
        for want in shown:  # every position went by on the LEDs, in order, the last too
            at = frames.index(want, at)
        # the board has its LEDs back, its game untouched
        assert board.dev.device is not None and not board.dev.device.host.lights
        assert board.dev.runtime.journal.events == []
