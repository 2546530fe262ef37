"""``python -m host_tools monitor`` against ``python -m sim device --pty``,
end to end: a real pseudo terminal, pyserial, the firmware's protocol; the
scripted hand plays a seeded game on the virtual board meanwhile."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from host_tools.board.link import Link
from host_tools.watch import monitor
from sim.runs.selfplay import play_game
from tabletop.records.notation import to_json
from tabletop.records.record import check

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
