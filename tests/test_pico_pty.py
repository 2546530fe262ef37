"""An emulated Pico behind a pseudo terminal (sim/device/pico_pty.py): the real
MicroPython rp2 firmware's REPL, reached by mpremote (pinned) as a maker
reaches a board: code run, files copied and listed, a soft reset, and the
flash still holding the files at the next start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sim.device.pico_pty import PicoPty


def mpremote(port: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mpremote", "connect", port, *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_mpremote_runs_code_copies_files_and_they_survive_a_restart(tmp_path: Path) -> None:
    image = tmp_path / "pico.img"
    note = tmp_path / "note.txt"
    note.write_text("kept on flash\n")
    with PicoPty(image) as pico:
        r = mpremote(pico.path, "exec", "import sys; print(sys.implementation._machine)")
        assert r.returncode == 0, r.stderr
        assert "Raspberry Pi Pico with RP2040" in r.stdout
        r = mpremote(pico.path, "fs", "cp", str(note), ":note.txt", "+", "fs", "ls", ":")
        assert r.returncode == 0, r.stderr
        assert "note.txt" in r.stdout
        r = mpremote(pico.path, "soft-reset", "+", "exec", "print(2 + 3)")
        assert r.returncode == 0 and r.stdout.strip().endswith("5"), r.stdout + r.stderr
    assert image.stat().st_size == 2 * 1024 * 1024  # the flash, written back
    with PicoPty(image) as pico:
        r = mpremote(pico.path, "fs", "cat", ":note.txt")
        assert r.returncode == 0 and r.stdout == "kept on flash\n", r.stdout + r.stderr
