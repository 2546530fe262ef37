"""``python -m host_tools monitor``: watch a board play, and keep the game.

    python -m host_tools monitor --port /dev/ttyACM0 [--for S] [--out FILE]

It asks the board who it is (``hello``) and for the game so far (``state``),
then prints each event as it comes (moves in record notation, the status
text, errors) and draws the position after each move as the simulator's
text view does. On exit (Ctrl-C, or after ``--for`` seconds) the game is
saved as a record (``--out``, else ``GAME-VARIANT-TIME.jsonl`` here). A
board's Pacal record names no hands (it never sees them): it checks as a
board's record (a Diabolo board's deal lines too: docs/RECORDS.md). A
Diabolo board is followed by its events only (moves, status, each round's
``scores``): no drawing of its position yet.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any, TextIO

from host_tools.board.link import Link
from tabletop import games
from tabletop.records.record import check


class Monitor:
    def __init__(self, link: Link, out: TextIO) -> None:
        self.link = link
        self.out = out
        self.hello: dict[str, Any] = {}
        self.lines: list[str] = []  # the record: header, then one line per event

    def start(self) -> None:
        self.hello = self.link.ask({"cmd": "hello"})
        got = self.link.ask_lines({"cmd": "state"})
        self.lines = [x["text"] for x in got[1:]]
        h = self.hello
        self.say(f"board: {h.get('profile')} ({h.get('port')}), firmware {h.get('firmware')}, "
                 f"protocol {h.get('protocol')}: {h.get('game')} {h.get('variant')}, "
                 f"{max(0, len(self.lines) - 1)} events so far")  # fmt: skip
        self.draw()

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def follow(self, seconds: float | None) -> None:
        """Print what the board says, for ``seconds`` (None: until Ctrl-C)."""
        end = None if seconds is None else time.monotonic() + seconds
        while end is None or time.monotonic() < end:
            for obj in self.link.events(0.2):
                self.on(obj)

    def on(self, obj: dict[str, Any]) -> None:
        kind = obj.get("event")
        if kind == "move":
            n = obj["n"]
            if n == len(self.lines):  # the next event (header is line 0)
                self.lines.append(json.dumps(obj["line"]))
                self.say(f"move {n}: {json.dumps(obj['line'])}")
                self.draw()
        elif kind == "undo":
            del self.lines[obj["events"] + 1 :]
            self.say(f"BACK: {obj['events']} events")
            self.draw()
        elif kind == "status":
            self.say("status: " + " | ".join(x for x in obj["lines"] if x))
        elif kind == "scores":
            self.say(f"scores: round {obj.get('round')}, points {obj.get('points')}, "
                     f"totals {obj.get('totals')}")  # fmt: skip
        elif kind in ("error", "journal", "dropped", "display", "boot", "maintenance"):
            self.say(f"{kind}: {json.dumps(obj)}")

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
        path.write_text("\n".join(self.lines) + "\n")
        return path


def run(port: str, seconds: float | None, out_path: str | None, out: TextIO) -> Path:
    link = Link.open(port)
    try:
        mon = Monitor(link, out)
        mon.start()
        try:
            mon.follow(seconds)
        except KeyboardInterrupt:
            pass
    finally:
        link.close()
    h = mon.hello
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(out_path) if out_path else Path(f"{h.get('game')}-{h.get('variant')}-{stamp}.jsonl")
    mon.save(path)
    mon.say(f"saved {path}")
    return path
