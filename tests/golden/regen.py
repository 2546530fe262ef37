"""Regenerate the self-play golden records and their expected check output.

    .venv/bin/python tests/golden/regen.py

Only ``selfplay-*`` files are written: they pin down whole random games so
that any change in the rules shows up as a diff to review. The other golden
files were written by hand from the rule books; this script never touches
them. Review ``git diff tests/golden`` before committing what it wrote.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sim.selfplay import play_game

HERE = Path(__file__).parent
GAMES = (
    ("pyraos", "standard", 101),
    ("pyraos", "kids", 102),
    ("pyraos", "lines", 103),
    ("pacal", "solo", 104),
    ("pacal", "duel", 105),
)


def main() -> None:
    for game, variant, seed in GAMES:
        path = HERE / f"selfplay-{game}-{variant}.jsonl"
        path.write_text(play_game(game, variant, seed).dumps(), encoding="utf-8")
        out = subprocess.run(
            [sys.executable, "-m", "sim", "check", str(path)], capture_output=True, text=True
        )
        path.with_name(path.stem + ".check.jsonl").write_text(out.stdout, encoding="utf-8")
        print(path.name, "exit", out.returncode)


if __name__ == "__main__":
    main()
