"""``python -m host_tools monitor`` against ``python -m sim device --pty``,
end to end: a real pseudo terminal, pyserial, the firmware's protocol; the
scripted hand plays a seeded game on the virtual board meanwhile."""

from __future__ import annotations

import io
import json
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from host_tools.board.link import Link
from host_tools.watch import monitor
from sim.runs.selfplay import play_game
from tabletop.records.notation import to_json
from tabletop.records.record import check
from tests.pty_support import ThreadedBoard, ctrl_c_heard
from tests.test_deploy import hello

ROOT = Path(__file__).resolve().parents[1]


def device(*args: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sim", "device", "--pty", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    path = proc.stdout.readline().strip()
    assert path.startswith("/dev/"), path
    hello(path)  # (a board still booting, slower on a busy machine, hears nothing yet)
    return proc, path


def test_monitor_follows_a_game_and_saves_its_record(tmp_path: Path) -> None:
    proc, port = device("--seed", "3", "--play", "6", "--speed", "8", "--for", "60")
    out = io.StringIO()
    link = Link.open(port)
    try:
        mon = monitor.Monitor(link, out)
        mon.start()
        for _ in range(120):  # until the sixth move is in (30 s at most)
            if len(mon.lines) > 6:
                break
            mon.follow(0.25)
        saved = mon.save(tmp_path / "game.jsonl")
    finally:
        link.close()
        proc.kill()
        proc.wait()
    lines = saved.read_text().splitlines()
    want = [to_json("pyraos", ev) for ev in play_game("pyraos", "standard", 3).events[:6]]
    assert [json.loads(x) for x in lines[1:]] == want
    *_, summary = check(saved.read_bytes())
    assert summary["ok"]
    text = out.getvalue()
    assert "protocol 1" in text and "pyraos standard" in text
    assert "move 6:" in text or "6 events so far" in text


def test_a_bad_command_over_the_port_is_refused_and_the_board_plays_on() -> None:
    proc, port = device("--seed", "4", "--for", "20")
    link = Link.open(port)
    try:
        hello = link.ask({"cmd": "hello"})
        assert hello["ok"] and hello["game"] == "pyraos"
        (bad,) = link.ask_lines({"cmd": "brightness", "value": 7})
        assert bad["ok"] is False and "value" in bad["error"]
        link.port.write(b'{"cmd": "dance", "id": 77}\n')
        refused = [e for e in link.events(2.0) if e.get("reply") == 77]
        assert refused and "unknown cmd" in refused[0]["message"]
        assert link.ask({"cmd": "hello"})["mode"] == "play"
    finally:
        link.close()
        proc.kill()
        proc.wait()


def test_the_monitor_command_saves_what_it_saw(tmp_path: Path) -> None:
    # (the command line's own path: hello, state, a few seconds, the record)
    proc, port = device("--seed", "5", "--play", "1", "--speed", "8", "--for", "30")
    try:
        code = subprocess.run(
            [sys.executable, "-m", "host_tools", "monitor", "--port", port, "--for", "1",
             "--out", str(tmp_path / "m.jsonl")],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    finally:
        proc.kill()
        proc.wait()
    assert code.returncode == 0, code.stderr
    assert "saved" in code.stdout
    *_, summary = check((tmp_path / "m.jsonl").read_bytes())
    assert summary["ok"] and summary["record"].game == "pyraos"


class Watching:
    """``python -m host_tools monitor`` run as a user runs it, its output
    read as it comes (so a test waits for the line it needs)."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-u", "-m", "host_tools", "monitor", *args],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=ctrl_c_heard,  # (its Ctrl-C: SIGINT)
        )  # fmt: skip
        self.said: list[str] = []
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def until(self, start: str, seconds: float = 60.0) -> str:
        """The first line from here on that starts with ``start``."""
        end = time.monotonic() + seconds
        while True:
            line = self.lines.get(timeout=max(0.0, end - time.monotonic()))
            if line is None:
                raise AssertionError(f"the monitor ended before {start!r}: {self.said}")
            self.said.append(line)
            if line.startswith(start):
                return line

    def end(self, seconds: float = 60.0) -> tuple[int, str]:
        """The exit code and stderr, once it has ended (the rest of stdout read)."""
        code = self.proc.wait(timeout=seconds)
        while (line := self.lines.get(timeout=seconds)) is not None:
            self.said.append(line)
        assert self.proc.stderr is not None
        return code, self.proc.stderr.read()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def test_out_into_a_folder_that_does_not_exist_fails_before_watching(tmp_path: Path) -> None:
    with ThreadedBoard("pyraos", seed=3, moves=1) as board:
        watching = Watching("--port", board.path, "--for", "5",
                            "--out", str(tmp_path / "no" / "game.jsonl"))  # fmt: skip
        try:
            code, err = watching.end()
        finally:
            watching.kill()
    assert code == 1
    assert err.splitlines() == [f"error: {tmp_path / 'no' / 'game.jsonl'}: there is no folder "
                                f"{tmp_path / 'no'}"]  # fmt: skip
    assert not any(line.startswith("board:") for line in watching.said)  # never watched


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0"])
def test_for_a_time_that_is_not_some_seconds_is_one_error_line(seconds: str) -> None:
    with ThreadedBoard("pyraos", seed=3) as board:
        watching = Watching("--port", board.path, "--for", seconds)
        try:
            code, err = watching.end()
        finally:
            watching.kill()
        board.halt()
    assert code == 2 and "Traceback" not in err
    assert err.splitlines()[-1] == (
        f"python -m host_tools monitor: error: argument --for: {seconds!r} is not a number "
        "of seconds more than 0"
    )
    assert board.dev.device is not None and board.dev.device.host.commands is None  # untouched


BAD_EVENTS = [
    ({"event": "move", "line": {"p": 0, "place": "a1"}}, 'move event, no event number "n"'),
    ({"event": "status", "lines": [1, 2]}, 'status event, "lines" is not a list of text'),
    ({"event": "status"}, 'status event, "lines" is not a list of text'),
    ({"event": "undo", "events": -5}, 'undo event, "events" is not a count of 0..2'),
    ({"event": "undo", "events": "1"}, 'undo event, "events" is not a count of 0..2'),
    ({"event": "move", "n": 3, "line": "b2"}, 'move event, "line" is not an object'),
    ({"event": "move", "n": 3, "line": {"nope": 1}}, "move event, "),
    ({"event": "move", "n": 9, "line": {"p": 0, "place": "a1"}}, "move event, the record holds"),
]


def test_events_that_do_not_fit_are_skipped_and_the_game_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    with ThreadedBoard("pyraos", seed=3, moves=2) as board:
        watching = Watching("--port", board.path, "--out", str(out))
        try:
            assert "2 events so far" in watching.until("board:")
            for obj, _ in BAD_EVENTS:
                board.do(lambda dev, obj=obj: dev.device.say(obj))  # type: ignore[misc]
            board.do(lambda dev: dev.play(board.state, board.events[2:3]))
            watching.until("move 3:")
            # the record is on disk as it grows, before the monitor ends
            want = [to_json("pyraos", ev) for ev in board.events[:3]]
            assert [json.loads(x) for x in out.read_text().splitlines()[1:]] == want
            watching.proc.send_signal(signal.SIGINT)  # Ctrl-C
            code, err = watching.end()
        finally:
            watching.kill()
    assert code == 0, err
    skipped = [line for line in watching.said if line.startswith("skipped: ")]
    assert len(skipped) == len(BAD_EVENTS), watching.said
    for line, (_, why) in zip(skipped, BAD_EVENTS, strict=True):
        assert line.startswith("skipped: " + why), line
    assert watching.said[-1] == f"saved {out}"
    lines = out.read_text().splitlines()
    assert [json.loads(x) for x in lines[1:]] == want
    *_, summary = check(out.read_bytes())
    assert summary["ok"]


def test_a_board_that_goes_away_leaves_the_game_watched_saved(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    board = ThreadedBoard("pyraos", seed=3, moves=1).__enter__()
    pulled = False
    try:
        watching = Watching("--port", board.path, "--out", str(out))
        try:
            watching.until("board:")
            board.do(lambda dev: dev.play(board.state, board.events[1:3]))
            watching.until("move 3:")
            board.halt()
            board.dev.close()  # (the cable pulled: the port is gone)
            pulled = True
            code, err = watching.end()
        finally:
            watching.kill()
    finally:
        if not pulled:
            board.__exit__()
    assert code == 1
    (line,) = err.splitlines()
    assert line.startswith(f"error: lost the board at {board.path}") and str(out) in line, line
    want = [to_json("pyraos", ev) for ev in board.events[:3]]
    assert [json.loads(x) for x in out.read_text().splitlines()[1:]] == want
