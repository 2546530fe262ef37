"""The README's pictures of the window, drawn off screen (``make screenshots``).

    python -m sim.commands.screenshots docs/img

Each is the real window, firmware and all, at a seeded moment: a Pyraos
opening (the computer playing both seats, light's spots lit), a late
position of a seeded self-play record opened in the window, the same
board with the sensors' readings (R) shown, a Pacal duel a few turns in,
one late in its third round, and a solo game; a Diabolo game of four
seats, the person's card on the reader and the slots it may go to lit.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402

from sim.runs import selfplay  # noqa: E402
from sim.table import computer  # noqa: E402
from sim.table.table import Table  # noqa: E402
from sim.window.app import App  # noqa: E402

SIZE = (1200, 720)


def opening(out: Path) -> Path:
    table = Table("pyraos", "standard", seed=4, players=("computer", "computer"))
    app = App(table, size=SIZE, offscreen=True)
    while len(table.journal) < 6:
        table.advance(50)
    table.players = ("human", "computer")  # light to move: its spots lit
    app.settle()
    path = out / "pyraos-opening.png"
    app.save_screenshot(path)
    return path


def late(out: Path) -> list[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        rec = selfplay.play_game("pyraos", "standard", 12)
        record = Path(tmp) / "game.jsonl"
        record.write_text("\n".join(rec.lines()) + "\n")
        table, events = Table.open_record(record, seed=12, players=("human", "computer"))
    app = App(table, size=SIZE, offscreen=True, record=events)
    app.step(max(0, len(events) - 4))
    paths = [out / "pyraos-late.png", out / "pyraos-readings.png"]
    app.save_screenshot(paths[0])
    app.step(None)
    app.overlay = True
    app.save_screenshot(paths[1])
    return paths


def pacal(out: Path) -> list[Path]:
    """A duel a few turns in, the person to build (their fields lit), and
    a solo game eight cards in."""
    paths = []
    for variant, events, name in (("duel", 18, "pacal-duel.png"), ("solo", 9, "pacal-solo.png")):
        seats = 2 if variant == "duel" else 1
        table = Table("pacal", variant, seed=3, players=("computer",) * seats)
        app = App(table, size=SIZE, offscreen=True)
        while len(table.journal.events) < events:
            table.advance(50)
        table.players = ("human", "computer")[:seats]
        while table.busy():
            table.advance(50)
        table.advance(500)
        paths.append(out / name)
        app.save_screenshot(paths[-1])
    # late in a match: its third round, the last offers
    table = Table("pacal", "duel", seed=5, players=("computer", "computer"))
    app = App(table, size=SIZE, offscreen=True)
    while len(table.truth.results) < 2 or table.truth.turns_done < 12:
        table.advance(100)
    table.players = ("human", "computer")
    while table.busy():
        table.advance(50)
    paths.append(out / "pacal-late.png")
    app.save_screenshot(paths[-1])
    return paths


def diabolo(out: Path) -> Path:
    """Four seats, a dozen cards laid: the person (P1 from here) has read a
    card and the slots it may go to light."""
    table = Table(
        "diabolo", "standard", seed=5, players=("human", "computer", "computer", "computer")
    )
    app = App(table, size=SIZE, offscreen=True)
    rng = random.Random(5)
    while len(table.journal.events) < 13 or table.active_seat() != 0 or table.busy():
        if table.active_seat() == 0 and not table.busy():  # P1's moves typed, as it were
            table.perform(computer.choose(table.truth, rng, 0))
        table.advance(50)
    cards = table.diabolo_cards
    assert cards is not None
    truth = table.truth
    card = max(truth.hand(0), key=lambda c: bin(truth.side_mask(c)).count("1"))
    cards.grab(("hand", 0, card))
    cards.drop(("reader",))
    table.advance(600)
    path = out / "diabolo.png"
    app.save_screenshot(path)
    return path


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/img")
    out.mkdir(parents=True, exist_ok=True)
    for path in [opening(out), *late(out), *pacal(out), diabolo(out)]:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
