"""``python -m host_tools monitor``: watch a board play, and keep the game.

    python -m host_tools monitor --port /dev/ttyACM0 [--for S] [--out FILE] [--selftest]

It asks the board who it is (``hello``) and for the game so far (``state``),
then prints each event as it comes (moves in record notation, the status
text, errors) and draws the position after each move as the simulator's
text view does. On exit (Ctrl-C, or after ``--for`` seconds) the game is
saved as a record (``--out``, else ``GAME-VARIANT-TIME.jsonl`` here). A
board's Pacal record names no hands (it never sees them): it checks as a
board's record (a Diabolo board's deal lines too: docs/RECORDS.md). A
Diabolo board is followed by its events only (moves, status, each round's
``scores``): no drawing of its position yet.

The board's self-test (docs/DEVICE.md, "Self-test": MENU held at power on,
or asked for by ``--selftest`` once the monitor is watching) is shown as it
goes: each LED as it lights, with the light the profile gives it, then
what was found, a line each, and whether anything is wired at all.

Nothing watched is lost: ``--out`` is tried before the board is opened (a
folder that does not exist is an error at once), and the record is written
again after every move and undo (whole: beside it, then renamed), so that
Ctrl-C, a board unplugged or the monitor killed leaves the game so far on
disk. An event that does not fit (a move without its number ``n`` or whose
``line`` is not an object, an undo to a count the game does not have,
status lines that are not text) is reported on one line, ``skipped: ...``,
and left out; the watch goes on.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any, TextIO, TypeGuard

from host_tools.board.link import Link
from tabletop import games
from tabletop.records.record import check

SHOWN = 120  # characters of an event shown when it is skipped


class MonitorError(Exception):
    """The monitor cannot go on (the message says why, and where the game is)."""


def brief(obj: Any) -> str:
    """``obj`` as JSON, cut to SHOWN characters (an event may be huge)."""
    text = json.dumps(obj)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def whole(x: Any) -> TypeGuard[int]:
    return type(x) is int  # (not a bool, not a float)


def text(x: Any) -> bool:
    return x is None or isinstance(x, str)  # (a status line may be empty)


class Monitor:
    def __init__(self, link: Link, out: TextIO, path: Path | None = None) -> None:
        self.link = link
        self.out = out
        self.path = path  # where the record is kept as it grows (None: not yet)
        self.hello: dict[str, Any] = {}
        self.lines: list[str] = []  # the record: header, then one line per event

    def start(self) -> None:
        self.hello = self.link.ask({"cmd": "hello"})
        got = self.link.ask_lines({"cmd": "state"})
        texts = [x.get("text") for x in got[1:]]
        if not texts or not all(isinstance(t, str) for t in texts):
            raise MonitorError(f"the board gives no game to follow (its state: {brief(got[0])})")
        self.lines = [str(t) for t in texts]
        h = self.hello
        self.say(f"board: {h.get('profile')} ({h.get('port')}), firmware {h.get('firmware')}, "
                 f"protocol {h.get('protocol')}: {h.get('game')} {h.get('variant')}, "
                 f"{max(0, len(self.lines) - 1)} events so far")  # fmt: skip
        self.draw()

    def say(self, text: str) -> None:
        # One write, its line end with it: print() writes them apart, and a
        # Ctrl-C between the two left the next line (saved ...) on this one.
        self.out.write(text + "\n")
        self.out.flush()

    def follow(self, seconds: float | None) -> None:
        """Print what the board says, for ``seconds`` (None: until Ctrl-C)."""
        end = None if seconds is None else time.monotonic() + seconds
        while end is None or time.monotonic() < end:
            for obj in self.link.events(0.2):
                self.on(obj)

    def on(self, obj: dict[str, Any]) -> None:
        kind = obj.get("event")
        if kind == "move":
            self.on_move(obj)
        elif kind == "undo":
            left = obj.get("events")
            if not whole(left) or not 0 <= left < len(self.lines):
                have = max(0, len(self.lines) - 1)
                return self.skip(obj, f'"events" is not a count of 0..{have}')
            del self.lines[left + 1 :]
            self.keep()
            self.say(f"BACK: {left} events")
            self.draw()
        elif kind == "status":
            lines = obj.get("lines")
            if not isinstance(lines, list) or not all(text(x) for x in lines):
                return self.skip(obj, '"lines" is not a list of text')
            self.say("status: " + " | ".join(x for x in lines if x))
        elif kind == "selftest":
            self.on_selftest(obj)
        elif kind == "scores":
            self.say(f"scores: round {obj.get('round')}, points {obj.get('points')}, "
                     f"totals {obj.get('totals')}")  # fmt: skip
        elif kind in ("error", "journal", "dropped", "display", "boot", "maintenance"):
            self.say(f"{kind}: {json.dumps(obj)}")

    def on_move(self, obj: dict[str, Any]) -> None:
        n, line = obj.get("n"), obj.get("line")
        if not whole(n) or n < 1:
            return self.skip(obj, 'no event number "n"')
        if n < len(self.lines):
            return  # (one the state reply had already)
        if n > len(self.lines):
            return self.skip(obj, f"the record holds {len(self.lines) - 1} events (missed some?)")
        if not isinstance(line, dict):
            return self.skip(obj, '"line" is not an object')
        text = json.dumps(line)
        why = self.misfit(text)
        if why is not None:
            return self.skip(obj, why)
        self.lines.append(text)
        self.keep()  # (on disk before it is told)
        self.say(f"move {n}: {text}")
        self.draw()

    def on_selftest(self, obj: dict[str, Any]) -> None:
        step = obj.get("step")
        if step == "start":
            ms = obj.get("ms")
            took = f", {ms / 1000:.1f} s" if whole(ms) else ""
            checks = f"{obj.get('sensors')} sensors, {obj.get('bits')} chain bits{took}"
            self.say(f"self-test (by {obj.get('by')}): {obj.get('leds')} LEDs lit one at a time, "
                     + checks)  # fmt: skip
        elif step == "led":
            led, light = obj.get("led"), obj.get("light")
            if not whole(led) or not text(light):
                return self.skip(obj, '"led" is not an LED number')
            self.say(f"self-test: LED {led}: {light or '(no light of the profile)'}")
        elif step == "done":
            found = obj.get("findings")
            if not isinstance(found, list) or not all(isinstance(x, str) for x in found):
                return self.skip(obj, '"findings" is not a list of text')
            more = obj.get("more")
            count = len(found) + (more if whole(more) and more > 0 else 0)
            parts = f"{obj.get('leds')} LEDs, {obj.get('sensors')} sensors, {obj.get('bits')} bits"
            if not count:
                self.say(f"self-test passed ({parts}): did each LED light, once and in order?")
            else:
                self.say(f"self-test found {count} problem{'s' if count > 1 else ''} ({parts}):")
            for line in found:
                self.say(f"  - {line}")
            if count > len(found):
                self.say(f"  ... and {count - len(found)} more")
            if obj.get("wired") is False:
                self.say("  nothing wired (or not as the profile says): the board plays nothing; "
                         "fix the wiring, then reset it")  # fmt: skip
        else:
            self.skip(obj, f"no step {brief(step)}")

    def selftest(self) -> None:
        """Ask the board for its self-test (what follows comes as events)."""
        reply = self.link.ask({"cmd": "selftest"})
        if not reply.get("ok"):
            self.say(f"self-test refused: {reply.get('error')}")

    def misfit(self, text: str) -> str | None:
        """Why the event ``text`` breaks the record so far, or None. (A
        record the checker already stops short of is the board's business:
        what follows is kept as the board says it.)"""
        *_, summary = check(("\n".join([*self.lines, text]) + "\n").encode())
        if summary["ok"] or summary["line"] != len(self.lines) + 1:
            return None
        return str(summary["error"])

    def skip(self, obj: dict[str, Any], why: str) -> None:
        self.say(f"skipped: {obj.get('event')} event, {why}: {brief(obj)}")

    def draw(self) -> None:
        game = self.hello.get("game")
        state = self.state()
        if state is None or not games.known(game):
            return
        self.say(games.part(game, "picture").text(state))

    def state(self) -> Any:
        if not self.lines:
            return None
        *_, summary = check(("\n".join(self.lines) + "\n").encode())
        rec = summary["record"]
        return None if rec is None else rec.state

    def save(self, path: Path) -> Path:
        """The record as it stands, whole or not at all: a file beside
        ``path``, renamed into place."""
        tmp = path.with_name(path.name + ".part")
        tmp.write_text("\n".join(self.lines) + "\n")
        os.replace(tmp, path)
        return path

    def keep(self) -> None:
        """Save the record to ``path``, if it has one yet."""
        if self.path is not None:
            try:
                self.save(self.path)
            except OSError as err:
                raise MonitorError(f"{self.path}: cannot write: {err.strerror or err}") from err


def writable(path: Path) -> None:
    """MonitorError unless a record can be written at ``path`` (tried:
    a file beside it made and removed)."""
    if path.is_dir():
        raise MonitorError(f"{path}: is a folder; --out names the record file")
    if not path.parent.is_dir():
        raise MonitorError(f"{path}: there is no folder {path.parent}")
    tmp = path.with_name(path.name + ".part")
    try:
        tmp.write_text("")
        tmp.unlink()
    except OSError as err:
        raise MonitorError(f"{path}: cannot write: {err.strerror or err}") from err


def default_path(hello: dict[str, Any]) -> Path:
    """GAME-VARIANT-TIME.jsonl here (the board's words kept to letters)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    game, variant = (re.sub(r"[^a-z0-9]+", "", str(hello.get(k))) for k in ("game", "variant"))
    return Path(f"{game or 'board'}-{variant or 'game'}-{stamp}.jsonl")


def run(
    port: str, seconds: float | None, out_path: str | None, out: TextIO, selftest: bool = False
) -> Path:
    """Watch the board at ``port`` and keep its game (asking for its
    self-test first, with ``selftest``); the record's path. MonitorError
    (the game so far saved, where there was one) or OSError (the port
    cannot be opened)."""
    path = Path(out_path) if out_path else None
    if path is not None:
        writable(path)  # (before anything is watched)
    link = Link.open(port)
    mon = Monitor(link, out)
    try:
        mon.start()
        mon.path = path or default_path(mon.hello)
        writable(mon.path)
        mon.keep()
        if selftest:
            mon.selftest()
        mon.follow(seconds)
    except KeyboardInterrupt:
        if mon.path is None:
            raise  # (before the board said who it is: nothing to keep)
    except (OSError, TimeoutError) as err:
        if mon.path is None:
            raise
        mon.keep()
        raise MonitorError(
            f"lost the board at {port} ({err}); the game so far "
            f"({max(0, len(mon.lines) - 1)} events) is saved in {mon.path}"
        ) from err
    finally:
        link.close()
    saved = mon.path
    assert saved is not None  # (set once the board answered; else an exception left above)
    mon.keep()
    mon.say(f"saved {saved}")
    return saved
