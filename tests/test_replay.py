"""``python -m host_tools replay`` end to end: a virtual device on a pseudo
terminal (tests/pty_support.py), the replay over pyserial and the lights
mode, each position's frame read back from the virtual board's LEDs."""

from __future__ import annotations

import argparse
import io
import json
import os
import queue
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from host_tools.board.lights import BoardLights, frame_commands
from host_tools.board.link import Link
from host_tools.board.positions import position_frame
from host_tools.watch import replay
from sim.runs.selfplay import play_game
from tabletop.profile import load
from tabletop.profile.schema import led_names
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import position_index
from tests.pty_support import ThreadedBoard

ROOT = Path(__file__).resolve().parents[1]


def record_file(tmp_path: Path, game: str = "pyraos", seed: int = 5, events: int = 9) -> Path:
    rec = play_game(game, "standard" if game == "pyraos" else "duel", seed)
    lines = rec.dumps().splitlines()
    head = json.loads(lines[0])
    head.pop("result", None)  # (cut short: no result yet)
    path = tmp_path / f"{game}.jsonl"
    path.write_text("\n".join([json.dumps(head), *lines[1 : events + 1]]) + "\n")
    return path


def profile(game: str = "pyraos") -> object:
    return load(json.loads((ROOT / "firmware" / "profiles" / f"{game}.json").read_text()))


def test_a_pyraos_frame_shows_marbles_reserves_and_the_turn() -> None:
    prof = profile()
    state = pyraos.Pyraos()
    state.apply((pyraos.PLACE, 0, position_index("b2"), -1))
    state.apply((pyraos.PLACE, 1, position_index("c2"), -1))
    frame = position_frame(prof, state)
    p0, p1 = (tuple(prof.colours[k]) for k in ("player0", "player1"))  # type: ignore[attr-defined]
    assert frame[5] == p0 and frame[6] == p1  # the reference board's LEDs b2, c2
    assert frame[25] == p0  # turn0: player 0 to move
    assert sorted(i for i in frame if 27 <= i < 42) == list(range(27, 41))  # 14 left
    assert sorted(i for i in frame if 42 <= i < 57) == list(range(42, 56))
    assert len(frame) == 2 + 1 + 14 + 14


def test_a_pacal_frame_shows_built_fields_round_wins_and_turns() -> None:
    prof = profile("pacal")
    rec = play_game("pacal", "duel", 2)
    state = pacal.Pacal("duel")
    names = dict(zip(led_names(prof), prof.led_map, strict=True))  # type: ignore[attr-defined]
    for event in rec.events:
        state.apply(event)
        frame = position_frame(prof, state)
        for p in (0, 1):
            built = [f + 1 for f, card in enumerate(state.pyramid(p)) if card]
            lit = [f for f in range(1, 11) if names[f"field{p}.{f}"] in frame]
            assert lit == built
            wins = [i for i in (1, 2, 3) if names[f"win{p}.{i}"] in frame]
            assert wins == list(range(1, min(3, state.wins[p]) + 1))
    assert state.is_over()


def test_frame_commands_fit_the_board_line_and_clear_first() -> None:
    frame = {i: (255, 255, 255) for i in range(57)} | {3: (1, 2, 3)}
    cmds = frame_commands(frame)
    assert cmds[0]["clear"] is True and all("clear" not in c for c in cmds[1:])
    assert all(len(json.dumps({**c, "id": 999999})) <= 256 for c in cmds)
    got = {i: tuple(c["rgb"]) for c in cmds for i in c["leds"]}
    assert got == frame
    assert frame_commands({}) == [{"cmd": "lights", "clear": True}]


def test_replay_by_keys_shows_each_position_and_the_board_plays_on(tmp_path: Path) -> None:
    rec = replay.read_record(record_file(tmp_path))
    with ThreadedBoard("pyraos", seed=3, moves=3) as board:
        game_frame = board.lit()
        events = list(board.dev.runtime.journal.events)
        out = io.StringIO()
        link = Link.open(board.path)
        seen: list[int] = []
        script = [replay.NEXT] * 4 + [replay.BACK, None, replay.END, replay.HOME]
        script += [replay.NEXT, "", replay.QUIT]
        rp: replay.Replay | None = None

        def read_key(timeout: float) -> str | None:
            assert rp is not None
            assert board.wait_for(rp.frame(rp.at)), f"step {rp.at}: {board.lit()}"
            seen.append(rp.at)
            return script.pop(0)

        try:
            lights = BoardLights(link)
            rp = replay.Replay(rec, board.dev.profile, lights, out)
            lights.take()
            rp.keys(read_key)
            lights.give_back()
        finally:
            link.close()
        assert seen == [0, 1, 2, 3, 4, 3, 3, 9, 0, 1, 1]
        board.halt()
        board.dev.advance(200)
        assert board.lit() == game_frame  # the board's game, drawn again
        assert board.dev.runtime.journal.events == events
        assert board.dev.play(board.state, board.events[3:5])  # and it plays on
    text = out.getvalue().splitlines()
    assert text[0] == "start: pyraos standard, 9 events"
    assert text[1] == "1/9: " + json.dumps(
        json.loads(record_file(tmp_path).read_text().splitlines()[1])
    )


def test_the_replay_command_walks_a_record_by_step_ms(tmp_path: Path) -> None:
    path = record_file(tmp_path, seed=7, events=6)
    rec = replay.read_record(path)
    with ThreadedBoard("pyraos", seed=4, moves=2) as board:
        game_frame = board.lit()
        done = replay_command(path, board.path, step_ms=150)
        board.halt()
        board.dev.advance(200)
        assert done.returncode == 0, done.stderr
        assert len(done.stdout.splitlines()) == 7
        # every position went by on the LEDs, in order
        shown = [board.capped(position_frame(board.dev.profile, s)) for s in replay.positions(rec)]
        frames = [board.lit(f) for _, f in board.dev.hal.frames]
        at = 0
        for want in shown:
            at = frames.index(want, at)
        assert board.lit() == game_frame and len(board.dev.runtime.journal.events) == 2


def replay_command(path: Path, port: str, step_ms: int) -> subprocess.CompletedProcess[str]:
    """``python -m host_tools replay PATH --port PORT --step-ms N``, run to its end."""
    argv = ["replay", str(path), "--port", port, "--step-ms", str(step_ms)]
    return subprocess.run(
        [sys.executable, "-m", "host_tools", *argv],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


@pytest.mark.parametrize(
    "damage, line",
    [
        (lambda lines: lines[:3] + ["{not json"] + lines[4:], 4),
        (lambda lines: lines[:2] + [lines[5]] + lines[3:], 3),  # an illegal move
    ],
)
def test_a_malformed_record_names_its_line_and_leaves_the_board_alone(
    tmp_path: Path, damage: object, line: int
) -> None:
    path = record_file(tmp_path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(damage(lines)) + "\n")  # type: ignore[operator]
    with ThreadedBoard("pyraos", seed=3) as board:
        done = replay_command(path, board.path, step_ms=10)
        board.halt()
    assert done.returncode == 1
    assert f"line {line}:" in done.stderr and str(path) in done.stderr
    assert board.dev.device is not None and board.dev.device.host.commands is None  # untouched


@pytest.mark.parametrize("step", ["-5", "0", "nan"])
def test_a_step_that_is_not_some_ms_is_one_error_line_and_the_board_is_left_alone(
    tmp_path: Path, step: str
) -> None:
    path = record_file(tmp_path)
    with ThreadedBoard("pyraos", seed=3) as board:
        done = subprocess.run(
            [sys.executable, "-m", "host_tools", "replay", str(path), "--port", board.path,
             "--step-ms", step],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        board.halt()
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1] == (
        f"python -m host_tools replay: error: argument --step-ms: {step!r} is not a whole "
        "number of ms, 1 or more"
    )
    assert board.dev.device is not None and board.dev.device.host.commands is None  # untouched


def test_a_board_with_another_profile_is_refused(tmp_path: Path) -> None:
    other = json.loads((ROOT / "firmware" / "profiles" / "pyraos.json").read_text())
    other["name"] = "a board of my own"
    (tmp_path / "mine.json").write_text(json.dumps(other))
    with ThreadedBoard("pyraos", seed=3) as board:
        with pytest.raises(replay.ReplayError, match="give its file with --profile"):
            replay.on_board(
                replay.read_record(record_file(tmp_path)), board.path, tmp_path / "mine.json",
                10, io.StringIO(),
            )  # fmt: skip
        board.halt()
        assert board.dev.device is not None and not board.dev.device.host.lights


def test_without_a_port_the_record_opens_in_the_simulator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = record_file(tmp_path)
    calls: list[list[str]] = []

    def call(argv: list[str], cwd: Path) -> int:
        calls.append(argv)
        return 0

    monkeypatch.setattr(subprocess, "call", call)
    args = argparse.Namespace(record=str(path), port=None, profile=None, step_ms=None)
    assert replay.run(args, io.StringIO()) == 0
    assert calls == [[sys.executable, "-m", "sim", "--record", str(path.resolve())]]
    path.write_text("{}\n")  # no header: refused before the simulator opens
    assert replay.run(args, io.StringIO()) == 1 and len(calls) == 1


def test_the_replay_command_steps_by_keys_typed_at_a_terminal(tmp_path: Path) -> None:
    """The replay's own key reader on a real terminal (a pseudo terminal as
    its standard input): arrows, an escape sequence that arrives in two
    pieces, letters, and the terminal given back as it was after q."""
    path = record_file(tmp_path, seed=7, events=6)
    rec = replay.read_record(path)
    with ThreadedBoard("pyraos", seed=4, moves=2) as board:
        game_frame = board.lit()
        master, slave = os.openpty()
        before = termios.tcgetattr(slave)
        argv = ["replay", str(path), "--port", board.path]
        proc = subprocess.Popen(
            [sys.executable, "-m", "host_tools", *argv],
            cwd=ROOT, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        lines: queue.Queue[str] = queue.Queue()

        def pump() -> None:  # the printed lines, as they come
            for line in proc.stdout or ():
                lines.put(line)

        threading.Thread(target=pump, daemon=True).start()

        def shown() -> str:
            text = lines.get(timeout=30).rstrip("\n")
            while text.startswith("Right/Space"):  # (the help line)
                text = lines.get(timeout=30).rstrip("\n")
            return text

        def step(keys: list[bytes], want: int) -> None:
            for piece in keys:
                os.write(master, piece)
                time.sleep(0.01)
            text = shown()
            assert text.startswith(f"{want}/6: " if want else "start: "), text
            frame = position_frame(board.dev.profile, replay.positions(rec)[want])
            assert board.wait_for(frame), f"step {want}: {board.lit()}"

        try:
            assert shown() == "start: pyraos standard, 6 events"
            assert not termios.tcgetattr(slave)[3] & termios.ICANON  # keys, not lines
            step([b"\x1b[C"], 1)
            step([b"\x1b", b"[C"], 2)  # the sequence in two pieces is still one key
            step([b"l"], 3)
            step([b"\x1b[D"], 2)
            step([b"\x1b[F"], 6)
            step([b"\x1b[H"], 0)
            os.write(master, b"q")
            assert proc.wait(timeout=30) == 0, proc.stderr.read() if proc.stderr else ""
            assert termios.tcgetattr(slave) == before  # the terminal as it was
        finally:
            proc.kill()
            os.close(master)
            os.close(slave)
        board.halt()
        board.dev.advance(200)
        assert board.lit() == game_frame and len(board.dev.runtime.journal.events) == 2
