"""The board's end of a deploy (host_tools/deploy/install.py): its REPL
through mpremote, what its filesystem holds, and its protocol hello before
the deploy (a playing board is asked into maintenance mode) and after the
reset (the mode it boots into).

    board = Board(port)
    board.run("print(1)")                 # mpremote exec; DeployError if it fails
    answered = free_the_repl(port, say)   # True: it ran the firmware (now in maintenance)
    files, mpy, current, space = read_state(board)
    hello, problem = hello_after_reset(port)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import serial

from host_tools.board.link import BAUD

QUIET_S = 8.0  # a board that says nothing this long to a hello is not playing
SILENT_S = 4.0  # ... nor to Ctrl-C this long after: there is no board on the port
PROBLEM_S = 30.0  # a board not playing says its error every 3 s (the emulator: slower)
TREES = ("a", "b")

BOARD_STATE = """
import os, sys, hashlib, binascii
def h(p):
    d = hashlib.sha256()
    with open(p, 'rb') as f:
        while True:
            b = f.read(512)
            if not b:
                break
            d.update(b)
    return binascii.hexlify(d.digest()).decode()
def walk(p):
    for e in os.ilistdir(p):
        q = p + '/' + e[0]
        if e[1] == 0x4000:
            walk(q)
        else:
            print('file', q, h(q), e[3] if len(e) > 3 else 0)
for p in ('/fw', '/lib', '/profiles'):
    try:
        walk(p)
    except OSError:
        pass
for p in ('/main.py', '/boot.py', '/board.json'):
    try:
        print('file', p, h(p))
    except OSError:
        pass
try:
    cur = open('/fw/current').read().strip()
except OSError:
    cur = '-'
print('mpy', sys.implementation._mpy, cur)
s = os.statvfs('/')
print('space', s[0], s[3])
"""


class DeployError(Exception):
    pass


class Board:
    """A board's REPL through mpremote."""

    def __init__(self, port: str) -> None:
        self.port = port

    def mpremote(
        self, *args: str, timeout: float = 300, on_line: Callable[[str], None] | None = None
    ) -> str:
        """mpremote's output; ``on_line`` is given each line of it as it
        comes (its stderr among them), else it is all read at the end."""
        cmd = [sys.executable, "-m", "mpremote", "connect", self.port, *args]
        if on_line is None:
            try:
                r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            except subprocess.TimeoutExpired:
                slow = f"mpremote {args[0]} did not end within {timeout:.0f} s"
                raise DeployError(slow) from None
            code, said = r.returncode, r.stderr.strip() or r.stdout.strip()
            out = r.stdout
        else:
            env = dict(os.environ, PYTHONUNBUFFERED="1")  # (each line as it is printed)
            with subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
            ) as proc:
                late = threading.Timer(timeout, proc.kill)
                late.start()
                lines = []
                try:
                    assert proc.stdout is not None
                    for line in proc.stdout:
                        lines.append(line)
                        on_line(line)
                    code = proc.wait()
                finally:
                    late.cancel()
            out = said = "".join(lines).strip()
            if code < 0:
                raise DeployError(f"mpremote {args[0]} did not end within {timeout:.0f} s")
        if code != 0 and ("ENOSPC" in said or "Errno 28" in said):
            raise DeployError(
                "the board's flash is full (mpremote: no space left on the device): "
                "nothing more was written, and the firmware in use still plays"
            )
        if code != 0:
            raise DeployError(f"mpremote {args[0]} (exit {code}): {said[-400:]}")
        return out

    def run(self, code: str) -> str:
        return self.mpremote("exec", code)


def read_state(board: Board) -> tuple[dict[str, str], int, str | None, Space]:
    """What the board holds: {path: sha256} of the files the deploy
    manages, its .mpy number (sys.implementation._mpy), the tree
    ``/fw/current`` names (None: none yet), and its filesystem's room."""
    files: dict[str, str] = {}  # (a line a file: one JSON of them all would not fit the heap)
    space = Space()
    mpy = 0
    current = None
    for line in board.run(BOARD_STATE).splitlines():
        words = line.split()
        if len(words) in (3, 4) and words[0] == "file":
            files[words[1]] = words[2]
            if len(words) == 4 and words[3].isdigit():  # (its size: the trees' files)
                space.sizes[words[1]] = int(words[3])
        elif len(words) == 3 and words[0] == "mpy" and words[1].isdigit():
            mpy = int(words[1])
            current = words[2] if words[2] in TREES else None
        elif len(words) == 3 and words[0] == "space" and words[1].isdigit() and words[2].isdigit():
            space.block, space.free = int(words[1]), int(words[2])
    if not mpy:
        raise DeployError("the board did not say what it is (not MicroPython at its REPL?)")
    return files, mpy, current, space


class Space:
    """A board's filesystem: its block's bytes, the blocks free, and the
    size of each file the deploy manages (every file takes whole blocks:
    one at least)."""

    def __init__(self) -> None:
        self.block = 4096
        self.free = 1 << 30  # (a board that did not say: not checked)
        self.sizes: dict[str, int] = {}

    def blocks(self, size: int) -> int:
        return max(1, -(-size // self.block))


def until(
    link: serial.Serial, ask: bytes | None, done: Callable[[bytes], bool], wait_s: float
) -> bytes | None:
    """What the board said by the time ``done`` holds for it (None: not
    within ``wait_s``); ``ask`` sent every two seconds meanwhile (what is
    sent while a board resets is lost, as on a real one)."""
    seen = b""
    end = time.monotonic() + wait_s
    asked = 0.0
    while time.monotonic() < end:
        if ask is not None and time.monotonic() - asked > 2.0:
            link.write(ask)
            asked = time.monotonic()
        seen += link.read(4096)
        if done(seen):
            return seen
    return None


def said(seen: bytes) -> list[dict[str, Any]]:
    """The JSON objects among the lines the board said (the rest skipped;
    a line may start with what the REPL left, before its first brace)."""
    out = []
    for raw in seen.split(b"\n"):
        try:
            obj = json.loads(raw[raw.find(b"{") :])
        except ValueError:
            continue
        if isinstance(obj, dict):
            out.append(obj)
    return out


def hello_after_reset(port: str, wait_s: float = 60.0) -> tuple[dict[str, Any], str | None]:
    """The board's hello once it has booted, and, when it is not playing,
    its own words for why (the message of the error it repeats; None if it
    said none). DeployError if it does not answer within ``wait_s``."""

    def hello(seen: bytes) -> dict[str, Any] | None:
        # (not a refusal: an ask cut short by the reset, say, is one)
        return next((x for x in said(seen) if x.get("reply") == "deployed" and "mode" in x), None)

    def problem(seen: bytes) -> str | None:
        for obj in said(seen):
            if obj.get("event") == "error" and obj.get("reply") is None:
                return str(obj.get("message"))
        return None

    with serial.Serial(port, BAUD, timeout=0.1) as link:
        ask = b'\n{"cmd": "hello", "id": "deployed"}\n'
        seen = until(link, ask, lambda seen: hello(seen) is not None, wait_s)
        if seen is None:
            raise DeployError(f"the board did not answer a hello after the reset "
                              f"(within {wait_s:.0f} s)")  # fmt: skip
        got = hello(seen)
        assert got is not None
        if got.get("mode") == "play":
            return got, None
        why = problem(seen)
        if why is None:
            more = until(link, None, lambda s: problem(s) is not None, PROBLEM_S)
            why = None if more is None else problem(more)
        return got, why


def free_the_repl(port: str, say: Callable[[str], None], wait_s: float = 30.0) -> bool:
    """Bring the board to its REPL; True when it was running the firmware
    (it answered the protocol, and was asked into maintenance mode: a
    reset plays again)."""

    # A board playing the firmware answers the protocol's hello: it is asked
    # into maintenance mode and resets with its REPL free. A board at the
    # REPL shows its prompt instead (the hello line is Python to it). A
    # board that does neither was left mid-command by a deploy cut short
    # (Ctrl-C, say, in the middle of a file: its raw REPL waits for the
    # rest): it is not playing, so Ctrl-C may end that, and Ctrl-B leaves
    # the raw REPL for the prompt.
    def answered(seen: bytes) -> bool:
        return b'"reply": "deploy"' in seen or b">>> " in seen

    heard = [b""]  # what came back at all, answer or not

    def answered_or_heard(seen: bytes) -> bool:
        heard[0] = seen
        return answered(seen)

    with serial.Serial(port, BAUD, timeout=0.1) as link:
        ask = b'\n{"cmd": "hello", "id": "deploy"}\r\n'
        seen = until(link, ask, answered_or_heard, QUIET_S)
        if seen is None:
            # (Ctrl-C ends a command cut short, Ctrl-B leaves the raw REPL: a
            # board there answers at once; a port that stays silent has none)
            stir = b"\r\x03\x03\x02"
            seen = until(link, stir, answered_or_heard, wait_s if heard[0] else SILENT_S)
        if seen is None and not heard[0]:
            raise DeployError(
                f"nothing answers on {port}: sent a hello and Ctrl-C, heard nothing in "
                f"{QUIET_S + SILENT_S:.0f} s. Is the board plugged in and is this its port "
                "(python -m serial.tools.list_ports)? Is another program (mpremote, a "
                "terminal, a monitor) holding the port?"
            )
        if seen is None:
            raise DeployError(f"the board at {port} answers neither the protocol nor as a REPL")
        if b'"reply": "deploy"' not in seen:
            return False  # the REPL
        say("the board runs the firmware: asking it into maintenance mode")
        link.write(b'{"cmd": "maintenance", "id": "deploy"}\n')
        back = until(link, None, lambda s: b'"mode": "maintenance"' in s and b">>> " in s, wait_s)
        if back is None:
            raise DeployError("the board did not come back in maintenance mode")
        return True
