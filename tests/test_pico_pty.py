"""An emulated Pico behind a pseudo terminal (sim/device/pico_pty.py): the real
MicroPython rp2 firmware's REPL, reached by mpremote (pinned) as a maker
reaches a board: code run, files copied and listed, a soft reset, and the
flash still holding the files at the next start. A program that hangs with
the watchdog running is reset by it, and the firmware plays on; node stops
on SIGTERM with the flash written back. ``python -m sim device --pty
--pico`` ends at once, with node's error, when node cannot load its
modules or dies.

Every wait is for an event (mpremote done, the chip's reset, its answer),
limited on the chip's clock: a busy machine slows the chip and its clock
alike, so a limit there holds under load and still catches a chip that
does not answer."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import serial

from sim.device.pico_pty import PicoPty
from tests.pico.harness import FIRMWARE, HERE, firmware_image

ROOT = Path(__file__).resolve().parents[1]
# Code that hangs with the watchdog on: it is never fed again
HANG = "import machine\nmachine.WDT(timeout=500)\nwhile True:\n    pass\n"


def mpremote(pico: PicoPty, *args: str, chip_s: float = 120.0) -> subprocess.CompletedProcess[str]:
    """mpremote run on the chip's port, waited for until it exits; an
    AssertionError with what it said if the chip's clock runs ``chip_s``
    seconds first (or node stops)."""
    cmd = [sys.executable, "-m", "mpremote", "connect", pico.path, *args]
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, text=True)
        try:
            pico.wait_for(lambda: proc.poll() is not None, chip_s)
        except TimeoutError as why:
            proc.kill()
            proc.wait()
            out.seek(0)
            err.seek(0)
            said = f"{out.read()} {err.read()}"
            raise AssertionError(f"mpremote {args}: {why}; it said {said}") from None
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(cmd, proc.returncode, out.read(), err.read())


def hello(pico: PicoPty, chip_s: float = 120.0) -> dict[str, Any]:
    """The board's hello, asked again each second of the chip's clock until
    it answers (a board still booting hears nothing), within ``chip_s``.
    One port kept open: a reply late on a busy machine still counts."""
    port = serial.Serial(pico.path, 115200, timeout=0)
    got = bytearray()
    reply: dict[str, Any] = {}
    asked = [-1 << 62]  # the chip's clock at the last hello sent

    def answered() -> bool:
        if pico.nanos - asked[0] >= 1_000_000_000:
            port.write(b'\n{"cmd": "hello", "id": 7}\n')
            asked[0] = pico.nanos
        got.extend(port.read(4096))
        *lines, rest = got.split(b"\n")
        got[:] = rest
        for line in lines:
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if isinstance(obj, dict) and obj.get("reply") == 7 and "ok" in obj:
                reply.update(obj)
                return True
        return False

    try:
        pico.wait_for(answered, chip_s)
    finally:
        port.close()
    return reply


def test_mpremote_runs_code_copies_files_and_they_survive_a_restart(tmp_path: Path) -> None:
    image = tmp_path / "pico.img"
    note = tmp_path / "note.txt"
    note.write_text("kept on flash\n")
    with PicoPty(image) as pico:
        r = mpremote(pico, "exec", "import sys; print(sys.implementation._machine)")
        assert r.returncode == 0, r.stderr
        assert "Raspberry Pi Pico with RP2040" in r.stdout
        r = mpremote(pico, "fs", "cp", str(note), ":note.txt", "+", "fs", "ls", ":")
        assert r.returncode == 0, r.stderr
        assert "note.txt" in r.stdout
        r = mpremote(pico, "soft-reset", "+", "exec", "print(2 + 3)")
        assert r.returncode == 0 and r.stdout.strip().endswith("5"), r.stdout + r.stderr
    assert pico.saved and image.stat().st_size == 2 * 1024 * 1024  # the flash, written back
    with PicoPty(image) as pico:
        r = mpremote(pico, "fs", "cat", ":note.txt")
        assert r.returncode == 0 and r.stdout == "kept on flash\n", r.stdout + r.stderr
    assert pico.resets == []


def test_a_hung_program_is_reset_by_the_watchdog_and_the_board_plays_on(tmp_path: Path) -> None:
    image = tmp_path / "pico.img"
    shutil.copy(firmware_image(), image)  # the firmware on flash, no main.py: the REPL
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"profile": "profiles/pyraos.json"}))
    with PicoPty(image) as pico:
        main = str(FIRMWARE / "main.py")
        r = mpremote(pico, "fs", "cp", main, ":main.py", "+", "fs", "cp", str(board), ":board.json",
                     "+", "exec", "--no-follow", HANG)  # fmt: skip
        assert r.returncode == 0, r.stdout + r.stderr
        pico.wait_for(lambda: pico.resets == ["watchdog"], chip_s=30)
        reply = hello(pico)  # a new boot, main.py: the firmware plays, under its own watchdog
        assert reply["ok"] and reply["mode"] == "play" and reply["port"] == "rp2", reply
        os.kill(pico.proc.pid, signal.SIGTERM)
        pico.wait_for(lambda: not pico.running(), chip_s=10)
        assert pico.proc.returncode == 0 and pico.saved
    with PicoPty(image) as pico:  # the flash written back holds main.py: it plays from power on
        assert hello(pico)["mode"] == "play"
        assert pico.resets == []


def sim_device(*args: str, serve: Path | None = None) -> subprocess.Popen[str]:
    """``python -m sim device --pty ARGS`` started, with the harness at
    ``serve`` instead of tests/pico/serve.mjs if given."""
    code = "import sys; from sim.commands.cli import main; sys.exit(main(sys.argv[1:]))"
    if serve is not None:
        code = f"import sim.device.pico_pty as p; p.SERVE = p.Path({str(serve)!r})\n{code}"
    return subprocess.Popen(
        [sys.executable, "-c", code, "device", "--pty", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ended(proc: subprocess.Popen[str]) -> tuple[str, str]:
    """What the command said, once it has ended; it is killed (and the test
    fails) if it is still up after a long while: it would never end."""
    try:
        return proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"still up after 120 s: {out} {err}") from None


def test_node_without_its_modules_ends_the_device_at_once(tmp_path: Path) -> None:
    # the harness where no node_modules is found (as in a clone before `make setup`)
    harness = tmp_path / "harness"
    harness.mkdir()
    for name in ("serve.mjs", "chip.mjs", "flash.mjs"):
        shutil.copy(HERE / name, harness / name)
    with sim_device("--pico", str(tmp_path / "pico.img"), serve=harness / "serve.mjs") as proc:
        out, err = ended(proc)  # (before: a port printed, and up for good)
    assert proc.returncode == 1 and out == "", out
    assert "ERR_MODULE_NOT_FOUND" in err and "rp2040js" in err and "make setup" in err, err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_node_dying_while_it_serves_ends_the_device_at_once(tmp_path: Path) -> None:
    with sim_device("--pico", str(tmp_path / "pico.img")) as proc:
        assert proc.stdout is not None
        port = proc.stdout.readline().strip()  # the chip is up
        assert port.startswith("/dev/"), port + ended(proc)[1]
        (node,) = _children(proc.pid)
        os.kill(node, signal.SIGKILL)
        out, err = ended(proc)
    assert proc.returncode == 1, err
    assert "node was killed by SIGKILL" in err and "Traceback" not in err, err
