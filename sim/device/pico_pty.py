"""An emulated Pico (the real MicroPython rp2 firmware in rp2040js,
tests/pico) behind a pseudo terminal: a serial port that mpremote and the
host tools open as they would a board's. Its REPL is MicroPython's own (raw
REPL, raw paste, soft reset, errno numbers), its filesystem a real littlefs
kept in a flash image file between runs.

    with PicoPty(Path("pico.img")) as pico:     # returns once the chip is up
        subprocess.run(["mpremote", "connect", pico.path, "fs", "ls"])
        pico.nanos                              # the chip's clock (ns, all its boots)
        pico.resets                             # ["watchdog", ...]: its resets so far
        pico.wait_for(lambda: ..., chip_s=60)   # on the chip's clock

It runs about eight times slower than a Pico. ``python -m sim device --pty
--pico IMAGE`` serves one until interrupted. node (tests/pico/serve.mjs)
tells how the chip is on a pipe of its own: up, its clock, a reset, the
flash written back. A node that cannot start or that dies is a PicoError
carrying node's own error line and what to do about it.
"""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import threading
import time
import tty
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from sim import ROOT

SERVE = ROOT / "tests" / "pico" / "serve.mjs"
FLASH_BYTES = 2 * 1024 * 1024  # a Pico's flash: what an image holds
READY_S = 300.0  # node that has not brought the chip up by then is stuck
STALL_S = 60.0  # wait_for: node silent this long (it tells its clock 10 times a second) is frozen
STOP_S = 60.0  # close(): node has this long to write the flash back and exit


class PicoError(RuntimeError):
    """The emulated Pico could not start, or stopped; the message says why."""


class ImageError(PicoError):
    """The flash image named cannot be used (no such folder, not an image)."""


def check_image(image: Path) -> None:
    """ImageError unless ``image`` can be the chip's flash: a new file in a
    folder that exists, or an image written before (FLASH_BYTES)."""
    folder = image.parent
    if not folder.is_dir():
        raise ImageError(f"{image}: the folder {folder} does not exist")
    if image.is_dir():
        raise ImageError(f"{image} is a folder, not a flash image")
    if image.exists():
        size = image.stat().st_size
        if size != FLASH_BYTES:
            raise ImageError(
                f"{image}: {size} bytes, not a Pico's flash image ({FLASH_BYTES} bytes); "
                "name a new file for a fresh chip"
            )
        if not os.access(image, os.R_OK | os.W_OK):
            raise ImageError(f"{image}: cannot be read and written")
    elif not os.access(folder, os.W_OK):
        raise ImageError(f"{image}: cannot write in {folder}")


class PicoPty:
    def __init__(self, image: Path, serve: Path | None = None) -> None:
        check_image(image)
        self.image = image
        # (rp2040js's own complaints, about registers it does not model, and
        # node's errors go to a log beside the image, not into the port)
        self.log = image.with_suffix(".log")
        self.nanos = 0  # the chip's clock, as node last told it
        self.resets: list[str] = []
        self.saved = False  # node has written the flash back
        self._ready = False
        self._ended = False  # node closed its status pipe: it has exited
        self._told = threading.Condition()
        self._last_word = time.monotonic()
        try:
            log = self.log.open("wb")
        except OSError as err:
            raise ImageError(f"{image}: cannot write its log {self.log}: {err.strerror}") from None
        status, status_w = os.pipe()
        try:
            with log:
                self.proc = subprocess.Popen(
                    ["node", str(serve or SERVE), str(image), str(status_w)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=log,
                    bufsize=0,
                    pass_fds=(status_w,),
                    start_new_session=True,  # (Ctrl-C is for us: node stops when told, saving)
                )
        except OSError as err:
            os.close(status)
            if isinstance(err, FileNotFoundError):
                raise PicoError(
                    "node is not installed: the emulated Pico needs Node.js 20 or newer, "
                    "then `make setup`"
                ) from None
            raise PicoError(f"cannot start node: {err.strerror or err}") from None
        finally:
            os.close(status_w)
        threading.Thread(target=self._listen, args=(status,), daemon=True).start()
        with self._told:
            self._told.wait_for(lambda: self._ready or self._ended, READY_S)
        if not self._ready:
            late = not self._ended
            self._stop_node()
            if late:
                raise PicoError(f"the emulated Pico was not up after {READY_S:.0f} s")
            raise PicoError(self.failure())
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self._stop = False
        self._threads = [
            threading.Thread(target=self._to_chip, daemon=True),
            threading.Thread(target=self._from_chip, daemon=True),
        ]
        for t in self._threads:
            t.start()

    def _listen(self, status: int) -> None:
        # node's word on the chip, one JSON object a line (tests/pico/serve.mjs)
        with os.fdopen(status, "rb") as lines:
            for line in lines:
                try:
                    word = json.loads(line)
                except ValueError:
                    continue
                with self._told:
                    self._last_word = time.monotonic()
                    if "nanos" in word:
                        self.nanos = int(word["nanos"])
                    elif "reset" in word:
                        self.resets.append(str(word["reset"]))
                    elif "ready" in word:
                        self._ready = True
                    elif "saved" in word:
                        self.saved = True
                    self._told.notify_all()
        with self._told:
            self._ended = True
            self._told.notify_all()

    def _to_chip(self) -> None:
        # what the host writes on the port, to the chip
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            while not self._stop:
                if not select.select([self.master], [], [], 0.1)[0]:
                    continue
                data = memoryview(os.read(self.master, 4096))
                while data:
                    data = data[stdin.write(data) :]
        except (OSError, ValueError):  # (the port closed, or node gone)
            return

    def _from_chip(self) -> None:
        # what the chip writes, to the host's end of the port
        stdout = self.proc.stdout
        assert stdout is not None
        try:
            while not self._stop:
                data = memoryview(stdout.read(4096) or b"")
                if not data:
                    return
                while data:
                    data = data[os.write(self.master, data) :]
        except (OSError, ValueError):
            return

    def running(self) -> bool:
        """Whether node still serves the chip."""
        return self.proc.poll() is None

    def wait_for(self, done: Callable[[], bool], chip_s: float) -> None:
        """Return once ``done()`` holds (asked again each time node tells
        something: ten times a second while the chip runs); TimeoutError
        if the chip's clock runs ``chip_s`` seconds first, or node exits, or
        it stops telling (frozen: STALL_S of the wall clock)."""
        with self._told:
            limit = self.nanos + int(chip_s * 1e9)
            self._last_word = time.monotonic()
        while not done():
            with self._told:
                if self.nanos > limit:
                    raise TimeoutError(f"not within {chip_s} s of the chip's clock")
                if self._ended:  # (node has closed its end: it is exiting)
                    try:
                        self.proc.wait(timeout=STALL_S)
                    except subprocess.TimeoutExpired:
                        pass
                    if done():
                        return
                    raise TimeoutError(self.failure())
                if time.monotonic() - self._last_word > STALL_S:
                    raise TimeoutError(f"node has said nothing for {STALL_S} s: the chip is frozen")
                self._told.wait(1.0)

    def failure(self) -> str:
        """What went wrong with node, from its exit and its log: one line."""
        code = self.proc.poll()
        if code is None:
            how = "node has stopped serving"
        elif code < 0:
            how = f"node was killed by {signal.Signals(-code).name}"
        else:
            how = f"node exited {code}"
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            text = ""
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        errors = [line for line in lines if re.match(r"\w*Error\b", line)]
        said = errors[0] if errors else lines[-1] if lines else ""
        out = f"the emulated Pico stopped: {how}" + (f": {said}" if said else "")
        if "ERR_MODULE_NOT_FOUND" in text:
            out += "; node_modules is missing or incomplete: run `make setup`"
        elif said:
            out += f" (node's whole output: {self.log})"
        return out

    def _stop_node(self) -> None:
        # node writes the flash back when its stdin closes (or on SIGTERM)
        if self.proc.stdin is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=STOP_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def close(self) -> None:
        """Stop the chip; its flash is written back to the image (``saved``
        says whether it was)."""
        self._stop = True
        self._stop_node()
        for t in self._threads:  # (before their descriptors are closed, and maybe reused)
            t.join(timeout=5)
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
