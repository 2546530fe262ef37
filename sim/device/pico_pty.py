"""An emulated Pico (the real MicroPython rp2 firmware in rp2040js,
tests/pico) behind a pseudo terminal: a serial port that mpremote and the
host tools open as they would a board's. Its REPL is MicroPython's own (raw
REPL, raw paste, soft reset, errno numbers), its filesystem a real littlefs
kept in a flash image file between runs.

    with PicoPty(Path("pico.img")) as pico:
        subprocess.run(["mpremote", "connect", pico.path, "fs", "ls"])

It runs about eight times slower than a Pico. ``python -m sim device --pty
--pico IMAGE`` serves one until interrupted.
"""

from __future__ import annotations

import os
import select
import subprocess
import threading
import tty
from pathlib import Path
from types import TracebackType

from sim import ROOT

SERVE = ROOT / "tests" / "pico" / "serve.mjs"


class PicoPty:
    def __init__(self, image: Path) -> None:
        self.image = image
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        # (rp2040js's own complaints, about registers it does not model, go
        # to a log beside the image, not into the port)
        self.log = image.with_suffix(".log")
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen(
                ["node", str(SERVE), str(image)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                bufsize=0,
            )
        self._stop = False
        self._threads = [
            threading.Thread(target=self._to_chip, daemon=True),
            threading.Thread(target=self._from_chip, daemon=True),
        ]
        for t in self._threads:
            t.start()

    def _to_chip(self) -> None:
        # what the host writes on the port, to the chip
        stdin = self.proc.stdin
        assert stdin is not None
        while not self._stop:
            if not select.select([self.master], [], [], 0.1)[0]:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            try:
                stdin.write(data)
            except (BrokenPipeError, ValueError):
                return

    def _from_chip(self) -> None:
        # what the chip writes, to the host's end of the port
        stdout = self.proc.stdout
        assert stdout is not None
        while not self._stop:
            data = stdout.read(4096)
            if not data:
                return
            try:
                os.write(self.master, data)
            except OSError:
                return

    def close(self) -> None:
        """Stop the chip; its flash is written back to the image."""
        self._stop = True
        if self.proc.stdin is not None:
            self.proc.stdin.close()  # (serve.mjs saves the flash and exits)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
        os.close(self.slave)

    def __enter__(self) -> PicoPty:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
