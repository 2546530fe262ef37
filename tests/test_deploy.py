"""``python -m host_tools deploy`` end to end, onto an emulated Pico behind
a pseudo terminal (sim/device/pico_pty.py: the real MicroPython rp2 firmware, its
REPL reached by mpremote): a first deploy onto a fresh chip cut short by
Ctrl-C in the middle of the files, finished by the next; the board then
playing and speaking the protocol, with room on its heap for a far seat's
code loaded as it plays; a deploy onto that playing board with
nothing to change (asked into maintenance mode, nothing written, playing
again); a profile its port refuses (exit 1 with the board's own error); a
deploy stopped with the new tree, profile and display driver written, the
tree in use still named; a power cut before the pointer, after which the
board boots the firmware it had, and the next deploy finishes the job.
And, without a board: a profile the loader refuses never reaches one."""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import tty
from pathlib import Path

import pytest

from host_tools.board.link import Link
from host_tools.deploy.install import MPLIB, PROFILES, Board, deploy
from sim.device.pico_pty import PicoPty
from tests.pty_support import ctrl_c_heard

ROOT = Path(__file__).resolve().parents[1]


def hello(port: str, wait_s: float = 120.0) -> dict[str, object]:
    """The board's hello, asked again until it answers (a board still
    booting at the emulator's pace, slower on a busy machine, hears nothing)."""
    end = time.monotonic() + wait_s
    while True:
        link = Link.open(port)
        try:
            return link.ask({"cmd": "hello"}, seconds=10)
        except TimeoutError:
            if time.monotonic() > end:
                raise
        finally:
            link.close()


def command(*args: str) -> list[str]:
    return [sys.executable, "-u", "-m", "host_tools", "deploy", *args]


def ctrl_c_while_sending(port: str) -> tuple[int, str, int]:
    """``deploy`` from the command line, Ctrl-C pressed once the first batch
    of files is on the board and the next is being sent (as a terminal
    sends it: SIGINT to the whole process group, mpremote included).
    Returns the exit code, what it said on stderr, and how many files the
    firmware has."""
    proc = subprocess.Popen(
        command("--port", port),
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=ctrl_c_heard,
    )
    assert proc.stdout is not None and proc.stderr is not None
    out = []
    for line in proc.stdout:
        out.append(line)
        # (said at mpremote's first file of the batch: the board is taking files)
        if second := re.match(r"sending files 17-\d+ of (\d+)", line):
            break
    else:
        raise AssertionError(f"deploy ended before the second batch: {out}")
    os.killpg(proc.pid, signal.SIGINT)
    proc.wait(timeout=30)
    return proc.returncode, proc.stderr.read(), int(second[1])


def test_deploy_interrupted_finished_again_and_cut(tmp_path: Path) -> None:
    image = tmp_path / "pico.img"
    said: list[str] = []
    with PicoPty(image) as pico:
        code, err, files = ctrl_c_while_sending(pico.path)
        assert code == 130 and "deploy again to finish" in err
        # the next deploy finds the board mid-command, ends that, and sends
        # only what is not there yet
        assert deploy(pico.path, "pyraos", said.append) == "a"
        (sent,) = [m for s in said if (m := re.match(rf"(\d+) of {files} files sent", s))]
        assert int(sent[1]) <= files - 16, said
        assert said[-1] == "the board plays the new firmware"
        reply = hello(pico.path)  # the new firmware plays, and speaks the protocol
        assert reply["ok"] and reply["game"] == "pyraos" and reply["port"] == "rp2"
        # code loaded once it plays finds room on the rp2's heap: a far seat
        # (its modules and their new names, imported by the tick that
        # answers "remote"), then its first move taken, not refused by a
        # board in error mode
        link = Link.open(pico.path)
        try:
            assert link.ask({"cmd": "remote", "seats": [0]}, seconds=30)["ok"]
            far = link.ask({"cmd": "play", "n": 1, "line": {"p": 0, "place": "a1"}}, seconds=30)
            assert far == {"reply": far["reply"], "ok": True, "n": 1}, far
        finally:
            link.close()
        said.clear()
        # again, onto the board in play: nothing to change, nothing written;
        # it plays again (the one reset out of maintenance mode)
        assert deploy(pico.path, "pyraos", said.append) == "a"
        assert "maintenance" in said[0]
        assert any(s.startswith("nothing to change") for s in said), said
        assert not any("sent" in s or "/fw/current" in s for s in said), said
        assert said[-1] == "the board plays again"  # (said once its hello named play mode)
        # a profile the loader takes but this port cannot drive (no GPIO 40
        # on a Pico): exit 1 with the board's own words, not "plays"
        raw = json.loads((PROFILES / "pyraos.json").read_text())
        raw["pins"]["leds"] = 40
        (tmp_path / "pin40.json").write_text(json.dumps(raw))
        done = subprocess.run(
            command("--port", pico.path, "--profile", str(tmp_path / "pin40.json")),
            cwd=ROOT, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert done.returncode == 1, done.stdout
        (line,) = done.stderr.splitlines()
        assert "profile-error mode" in line and "pins.leds" in line, line
        assert "the board plays" not in done.stdout
        # the firmware in use differs from this one (a file it does not
        # have), so a new tree is written: here from the board's own copy;
        # stopped once the tree, profile and driver are written, the tree in
        # use is still the one named
        Board(pico.path).run("open('/fw/a/stale.py', 'w').write('x = 1')")
        said.clear()
        assert deploy(pico.path, "pyraos", said.append, stop_after="profile") == "a"
        assert any(
            s.startswith(f"0 of {files} files sent, {files} copied on the board") for s in said
        ), said
        assert Board(pico.path).run("print(open('/fw/current').read())").strip() == "a"
        # the profile names a display: its driver went to /lib, as pinned
        driver = Board(pico.path).run(
            "import hashlib, binascii\n"
            "print(binascii.hexlify(hashlib.sha256(open('/lib/ssd1306.py','rb').read()).digest()))"
        )
        want = hashlib.sha256((MPLIB / "ssd1306.py").read_bytes()).hexdigest()
        assert want in driver
    with PicoPty(image) as pico:  # power off and on: the tree in use still boots
        assert hello(pico.path)["mode"] == "play"
        said.clear()
        assert deploy(pico.path, "pyraos", said.append) == "b"
        assert any(s.startswith(f"0 of {files} files sent, 0 copied") for s in said), said
        assert said[-1] == "the board plays the new firmware"  # (its hello said play mode)
        # a profile of another game: a tree of its own (that game's modules,
        # not Pyraos's), most of it copied on the board from the tree in use;
        # looked at once named, then the board reset into it
        said.clear()
        assert deploy(pico.path, "pacal", said.append, stop_after="pointer") == "a"
        board = Board(pico.path)
        listed = board.run("import os\nprint(sorted(os.listdir('/fw/a/tabletop/board')))")
        board.mpremote("reset")
        reply = hello(pico.path)
        assert reply["game"] == "pacal" and reply["mode"] == "play", reply
        assert "pacal_board.mpy" in listed and "pyraos_board.mpy" not in listed, listed


@pytest.mark.parametrize(
    ("text", "error"),
    [('{"format": 1, "name": ', "not JSON"), ('{"pins": {"leds": 40}}', "missing")],
)
def test_a_profile_the_loader_refuses_never_reaches_the_board(
    tmp_path: Path, text: str, error: str
) -> None:
    # A port nobody answers: anything deploy sent would wait in it.
    master, slave = os.openpty()
    tty.setraw(slave)
    try:
        if "pins" in text:  # the reference profile, its pins cut down
            raw = json.loads((PROFILES / "pyraos.json").read_text())
            raw["pins"] = json.loads(text)["pins"]
            text = json.dumps(raw)
        (tmp_path / "mine.json").write_text(text)
        done = subprocess.run(
            command("--port", os.ttyname(slave), "--profile", str(tmp_path / "mine.json")),
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        os.set_blocking(master, False)
        with pytest.raises(BlockingIOError):
            os.read(master, 100)  # nothing was sent
    finally:
        os.close(master)
        os.close(slave)
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"error: {tmp_path / 'mine.json'}: ") and error in line, line
    assert done.stdout == ""
