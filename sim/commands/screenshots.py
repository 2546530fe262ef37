"""The README's pictures of the window, drawn off screen (``make screenshots``).

    python -m sim.commands.screenshots docs/img            # every picture
    python -m sim.commands.screenshots docs/img pacal      # ... of one game

Each is the real window, firmware and all, at a seeded moment of a seeded
self-play game (sim.runs.selfplay): for every game its opening (a new
table, the person to make the first move), its middle (the record's first
half opened: the board at that position, the person to move) and its end
(the whole record opened, the computer in every seat so that the table's
hand walks the board through what the record's end leaves it to do, such
as a Diabolo round's scoring: the outcome, on the board too). Pyraos's middle also with the
sensors' readings (R) shown, and once more in Dutch (the texts and the
board's profile "lang": "nl"); that one is skipped, with the reason
printed, where the Dutch texts are not there.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from sim import texts  # noqa: E402
from sim.runs import selfplay  # noqa: E402
from sim.runs.board_play import PROFILES  # noqa: E402
from sim.table.table import COMPUTER, HUMAN, Table, seats_of  # noqa: E402
from sim.window.app import App  # noqa: E402
from tabletop import games  # noqa: E402
from tabletop.profile import load  # noqa: E402

SIZE = (1200, 720)
SEED = {"pyraos": 12, "pacal": 3, "diabolo": 5}  # each game's seeded self-play game
DUTCH = "pyraos"  # the game whose middle is also shown in Dutch


def _profile(game: str, lang: str) -> object:
    data = json.loads((PROFILES / f"{game}.json").read_text())
    data["lang"] = lang
    return load(data)


def _record(game: str, variant: str, events: int | None, folder: Path) -> Path:
    """The seeded self-play game's first ``events`` events (None: all) as a record."""
    rec = selfplay.play_game(game, variant, SEED[game])
    lines = rec.lines()
    if events is not None:  # (the game not over: its header without the result)
        header = json.loads(lines[0])
        header.pop("result", None)
        lines = [json.dumps(header), *lines[1 : 1 + events]]
    path = folder / f"{game}-{events}.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def _shot(app: App, path: Path, limit_ms: int = 10_000) -> Path:
    app.settle(limit_ms)
    app.save_screenshot(path)
    return path


def game_pictures(game: str, out: Path, lang: str = "en") -> list[Path]:
    """``game``'s opening, middle and end (in Dutch: its middle only)."""
    variant = games.variants(game)[0]
    seed = SEED[game]
    seats = seats_of(game, variant, 0)
    humans = (HUMAN,) * seats
    suffix = "" if lang == "en" else f"-{lang}"
    profile = _profile(game, lang)
    paths = []
    with tempfile.TemporaryDirectory() as tmp:
        total = len(selfplay.play_game(game, variant, seed).events)
        moments = {"middle": total // 2, "end": None}
        if lang == "en":
            table = Table(game, variant, seed=seed, players=humans, profile=profile)
            paths.append(_shot(App(table, size=SIZE, offscreen=True), out / f"{game}-opening.png"))
        else:
            moments.pop("end")
        for name, events in moments.items():
            record = _record(game, variant, events, Path(tmp))
            who = humans if events is not None else (COMPUTER,) * seats
            table = Table.open(record, seed=seed, players=who, profile=profile)
            app = App(table, size=SIZE, offscreen=True)
            limit = 10_000 if events is not None else 300_000  # (the end: a scoring walked)
            paths.append(_shot(app, out / f"{game}-{name}{suffix}.png", limit))
            if game == DUTCH and name == "middle" and lang == "en":
                app.overlay = True  # R: the sensors' readings
                paths.append(_shot(app, out / f"{game}-readings.png"))
    return paths


def dutch(out: Path) -> list[Path]:
    """The Dutch picture, or none (the reason printed) without Dutch texts."""
    try:
        texts.use("nl")
    except (ValueError, OSError) as err:
        print(f"skipped the Dutch picture: no Dutch texts ({err})")
        return []
    try:
        return game_pictures(DUTCH, out, "nl")
    finally:
        texts.use("en")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/img")
    names = argv[1:] or list(games.NAMES)
    out.mkdir(parents=True, exist_ok=True)
    paths = [p for game in names for p in game_pictures(game, out)]
    if DUTCH in names:
        paths += dutch(out)
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
