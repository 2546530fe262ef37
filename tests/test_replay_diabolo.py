"""``python -m host_tools replay`` of a Diabolo record: each position's LED
frame (host_tools/board/positions.py: the cards in their slots, a glow no other light is taken for,
the locks, the turn), and the replay end to end on a virtual Diabolo board
behind a pseudo terminal (tests/pty_support.py)."""

from __future__ import annotations

import json
from pathlib import Path

from host_tools.board.diabolo import CARD_LEVEL
from host_tools.board.positions import position_frame, rgb
from host_tools.watch import replay
from sim.hardware.lights import same_colour
from sim.runs.selfplay import play_game
from tabletop.profile import load
from tabletop.profile.schema import led_names
from tabletop.rules import diabolo
from tests.pty_support import ThreadedBoard
from tests.test_replay import replay_command

ROOT = Path(__file__).resolve().parents[1]
PROFILE = load(json.loads((ROOT / "firmware" / "profiles" / "diabolo.json").read_text()))


def test_a_diabolo_frame_shows_the_cards_the_locks_and_the_turn() -> None:
    rec = play_game("diabolo", "standard", 31, players=5)
    names = dict(zip(led_names(PROFILE), PROFILE.led_map, strict=True))
    cols = {k: tuple(v) for k, v in PROFILE.colours.items()}
    state = diabolo.Diabolo(5)
    glow = rgb(cols["computer"], CARD_LEVEL)  # a card: never a light of another meaning
    assert not [
        r for r in ("player0", "player1", "error", "hint", "win") if same_colour(glow, cols[r])
    ]
    seen_scoring = False
    for event in rec.events:
        state.apply(event)
        frame = position_frame(PROFILE, state)
        want = {}
        for c, row in enumerate("rygpb"):
            for side, cards in zip(("hell", "heaven"), state.row(c), strict=True):
                for k in range(len(cards)):
                    want[names[f"{row}.{side}.{k + 1}"]] = glow
            if state.locked(c):
                want[names[f"lock.{row}"]] = cols["error"]
        if state.phase == diabolo.P_PLAY:
            want[names[f"turn{state.turn}"]] = cols["player0"]
        elif state.scoring() and not state.is_over():
            seen_scoring = True
            for p in state.to_move():  # the seats that may declare a double
                want[names[f"turn{p}"]] = cols["player1"]
        if not state.is_over():
            assert frame == want, event
    # the game over: the winners' turn LEDs
    best = max(state.totals())
    won = [p for p in range(5) if state.totals()[p] == best]
    assert [p for p in range(5) if frame.get(names[f"turn{p}"]) == cols["win"]] == won
    assert seen_scoring


def test_the_replay_command_walks_a_diabolo_record_on_the_board(tmp_path: Path) -> None:
    rec = play_game("diabolo", "standard", 9, players=4)
    lines = rec.dumps().splitlines()
    head = json.loads(lines[0])
    head.pop("result", None)
    path = tmp_path / "diabolo.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1:9]]) + "\n")
    rec = replay.read_record(path)
    with ThreadedBoard("diabolo", seed=4, moves=3) as board:
        game_frame = board.lit()
        done = replay_command(path, board.path, step_ms=150)
        board.halt()
        board.dev.advance(200)
        assert done.returncode == 0, done.stderr
        assert len(done.stdout.splitlines()) == 9
        assert done.stdout.splitlines()[0] == "start: diabolo standard, 8 events"
        shown = [board.capped(position_frame(board.dev.profile, s)) for s in replay.positions(rec)]
        frames = [board.lit(f) for _, f in board.dev.hal.frames]
        at = 0
        for want in shown:  # every position went by on the LEDs, in order
            at = frames.index(want, at)
        assert board.lit() == game_frame  # the board's game, drawn again
        assert len(board.dev.runtime.journal.events) == 3


def test_monitor_follows_a_diabolo_board_and_saves_its_record(tmp_path: Path) -> None:
    # events only (no text drawing of a Diabolo position): the moves come
    # in as they are played, and the saved record is the board's journal
    import io

    from host_tools.board.link import Link
    from host_tools.watch import monitor

    with ThreadedBoard("diabolo", seed=4, moves=2) as board:
        out = io.StringIO()
        link = Link.open(board.path)
        try:
            mon = monitor.Monitor(link, out)
            mon.start()
            assert len(mon.lines) == 3  # header, the deal, a play
            board.do(lambda dev: dev.play(board.state, board.events[2:5]))
            for _ in range(120):
                if len(mon.lines) > 5:
                    break
                mon.follow(0.25)
            saved = mon.save(tmp_path / "game.jsonl")
        finally:
            link.close()
        board.halt()
        journal = board.dev.runtime.journal.lines()
    # the board's journal as it is (its deals are a board's: docs/RECORDS.md)
    assert saved.read_text().splitlines() == journal and len(journal) == 6
    text = out.getvalue()
    assert "diabolo standard" in text and "move 5:" in text
