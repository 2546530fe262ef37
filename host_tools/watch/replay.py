"""``python -m host_tools replay``: step through a saved record on a board,
its LEDs showing each position, or in the simulator.

    python -m host_tools replay GAME.jsonl --port /dev/ttyACM0 [--profile FILE]
    python -m host_tools replay GAME.jsonl --port P --step-ms 800   # walks it all
    python -m host_tools replay GAME.jsonl                          # the simulator

The record is read and checked first (docs/RECORDS.md): a malformed one is
an error that names its line, and the board is never touched. The host
works out every position with the rules (tabletop.rules) and draws it on
the board through the lights mode (docs/PROTOCOL.md; what each LED shows:
host_tools/board/positions.py), so the board's own game only pauses: once the
replay ends (``q``, the last step of ``--step-ms``, Ctrl-C, an error) the
board draws its game again, unchanged.

Keys: Right or Space the next move, Left the one before, Home the start,
End the last position, q quits. Each step prints the move in record
notation. The LEDs are the profile's: ``--profile FILE`` (default the
reference profile of the record's game, firmware/profiles/GAME.json); its
``name`` must be the one the board says in its hello, so that a board
wired in its own order (``host_tools map``) is drawn with its own led_map.

Without ``--port`` the record opens in the simulator (``python -m sim
--record FILE``), which has its own keys.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from host_tools import ROOT
from host_tools.board.lights import BoardLights
from host_tools.board.link import Link
from host_tools.board.positions import position_frame
from tabletop.profile import ProfileError, load, parse
from tabletop.records.notation import to_json
from tabletop.records.record import Record, RecordError, new_state

PROFILES = ROOT / "firmware" / "profiles"
KEEP_ALIVE_S = 10.0  # well inside the board's 30 s (tabletop.host.LIGHTS_QUIET_MS)

NEXT, BACK, HOME, END, QUIT = "next", "back", "home", "end", "quit"
KEYS = {
    b" ": NEXT, b"\x1b[C": NEXT, b"\x1bOC": NEXT, b"l": NEXT,
    b"\x1b[D": BACK, b"\x1bOD": BACK, b"h": BACK,
    b"\x1b[H": HOME, b"\x1bOH": HOME, b"\x1b[1~": HOME, b"\x1b[7~": HOME,
    b"\x1b[F": END, b"\x1bOF": END, b"\x1b[4~": END, b"\x1b[8~": END,
    b"q": QUIT, b"Q": QUIT, b"\x03": QUIT, b"\x1b": QUIT,
}  # fmt: skip


class ReplayError(Exception):
    """The replay cannot start (the message says why); the board is untouched."""


def read_record(path: Path) -> Record:
    """The checked record in ``path``; ReplayError naming the line if it is not one."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ReplayError(f"{path}: {err.strerror or err}") from err
    try:
        rec: Record | None = Record.read(data)
    except RecordError as err:
        raise ReplayError(f"{path}: line {err.line}: {err.reason}") from err
    if rec is None:
        raise ReplayError(f"{path}: line 1: no header (an empty file)")
    return rec


def read_profile(path: Path | None, game: str) -> Any:
    """The profile in ``path`` (default: the reference profile of ``game``), loaded."""
    path = path or PROFILES / f"{game}.json"
    try:
        profile = load(parse(path.read_text()))  # (bad JSON, too deep: ProfileError)
    except (OSError, ValueError, ProfileError) as err:
        raise ReplayError(f"{path}: {err}") from err
    if profile.game != game:
        raise ReplayError(f"{path} is a {profile.game} board's profile; the record is {game}")
    return profile


def positions(rec: Record) -> list[Any]:
    """The state before the first event and after each one."""
    state = new_state(rec.game, rec.variant, len(rec.header.get("players", ())))
    out = [state.copy()]
    for event in rec.events:
        state.apply(event)
        out.append(state.copy())
    return out


class Replay:
    """A record's positions shown on a board, one at a time."""

    def __init__(self, rec: Record, profile: Any, lights: BoardLights, out: TextIO) -> None:
        self.rec = rec
        self.profile = profile
        self.lights = lights
        self.out = out
        self.states = positions(rec)
        self.at = -1  # the step shown (0: the start)

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def frame(self, k: int) -> dict[int, tuple[int, int, int]]:
        return position_frame(self.profile, self.states[k])

    def goto(self, k: int) -> None:
        """Show step ``k`` (clamped to the record) and print its move."""
        k = max(0, min(self.last, k))
        if k == self.at:
            return
        self.lights.show(self.frame(k))
        self.at = k
        if k == 0:
            text = f"start: {self.rec.game} {self.rec.variant}, {self.last} events"
        else:
            text = f"{k}/{self.last}: {json.dumps(to_json(self.rec.game, self.rec.events[k - 1]))}"
        print(text, file=self.out, flush=True)

    def walk(self, step_ms: int, sleep: Callable[[float], None] = time.sleep) -> None:
        """Every step from the start to the end, ``step_ms`` apart."""
        for k in range(len(self.states)):
            self.goto(k)
            sleep(step_ms / 1000)

    def keys(self, read_key: Callable[[float], str | None]) -> None:
        """Step by keys until QUIT; ``read_key(timeout_s)`` gives a key name
        or None when none came (then the board is kept in the lights mode)."""
        self.goto(0)
        while True:
            key = read_key(KEEP_ALIVE_S)
            if key is None:
                self.lights.keep_alive()
            elif key == QUIT:
                return
            elif key == NEXT:
                self.goto(self.at + 1)
            elif key == BACK:
                self.goto(self.at - 1)
            elif key == HOME:
                self.goto(0)
            elif key == END:
                self.goto(self.last)


class TerminalKeys:
    """Keys from the terminal, one at a time, its line editing off meanwhile."""

    def __init__(self, fd: int | None = None) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.saved: Any = None

    def __enter__(self) -> TerminalKeys:
        import termios
        import tty

        if os.isatty(self.fd):
            self.saved = termios.tcgetattr(self.fd)
            tty.setcbreak(self.fd)
        return self

    def __exit__(self, *exc: object) -> None:
        import termios

        if self.saved is not None:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def __call__(self, timeout: float) -> str | None:
        if not select.select([self.fd], [], [], timeout)[0]:
            return None
        data = os.read(self.fd, 16)
        if not data:
            return QUIT  # end of input
        if data.startswith(b"\x1b") and len(data) == 1:
            # an escape sequence may come in pieces: the rest, if it follows at once
            if select.select([self.fd], [], [], 0.05)[0]:
                data += os.read(self.fd, 16)
        return KEYS.get(data, "")


def on_board(
    rec: Record,
    port: str,
    profile_path: Path | None,
    step_ms: int | None,
    out: TextIO,
    read_key: Callable[[float], str | None] | None = None,
) -> None:
    """Replay ``rec`` on the board at ``port`` (by ``step_ms``, else by keys)."""
    profile = read_profile(profile_path, rec.game)
    link = Link.open(port)
    try:
        hello = link.ask({"cmd": "hello"})
        if hello.get("mode") != "play":
            raise ReplayError(f"the board is in {hello.get('mode')} mode, not playing")
        if hello.get("game") != rec.game:
            raise ReplayError(f"the board plays {hello.get('game')}; the record is {rec.game}")
        if hello.get("profile") != profile.name:
            raise ReplayError(
                f"the board's profile is {hello.get('profile')!r}, not {profile.name!r}: "
                "give its file with --profile"
            )
        lights = BoardLights(link)
        replay = Replay(rec, profile, lights, out)
        lights.take()
        try:
            if step_ms is not None:
                replay.walk(step_ms)
            elif read_key is not None:
                replay.keys(read_key)
            else:
                print("Right/Space: next, Left: back, Home/End, q: quit", file=out, flush=True)
                with TerminalKeys() as keys:
                    replay.keys(keys)
        except KeyboardInterrupt:
            pass
        finally:
            lights.give_back()
    finally:
        link.close()


def run(args: Any, out: TextIO) -> int:
    """The ``replay`` subcommand: 0, or 1 with the reason on stderr."""
    try:
        rec = read_record(Path(args.record))
        if args.port is None:
            if args.step_ms is not None:
                raise ReplayError("--step-ms walks a record on a board: give --port")
            path = str(Path(args.record).resolve())
            return subprocess.call([sys.executable, "-m", "sim", "--record", path], cwd=ROOT)
        profile = Path(args.profile) if args.profile else None
        on_board(rec, args.port, profile, args.step_ms, out)
    except (ReplayError, OSError, TimeoutError, RuntimeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0
