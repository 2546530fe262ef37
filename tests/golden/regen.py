"""Regenerate the self-play golden records and their expected check output.

    .venv/bin/python -m tests.golden.regen

Only ``selfplay-*`` files are written: they pin down whole random games so
that any change in self-play shows up as a diff to review. What ``sim check``
must print for each (``.check.jsonl``) is decided by the independent
reference rules (tests/reference/check_ref.py), never by ``sim check`` or the
firmware's rules: a bug in those fails tests/test_golden.py instead of being
written into its own expectation. A game the reference finds illegal is not
written at all. The other golden files were written by hand from the rule
books; this script never touches them. Review ``git diff tests/golden``
before committing what it wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

from sim.runs.selfplay import play_game
from tests.reference.check_ref import expected_check

HERE = Path(__file__).parent
GAMES = (
    ("pyraos", "standard", 101),
    ("pyraos", "kids", 102),
    ("pyraos", "lines", 103),
    ("pacal", "solo", 104),
    ("pacal", "duel", 105),
)


def record_path(game: str, variant: str) -> Path:
    return HERE / f"selfplay-{game}-{variant}.jsonl"


def check_path(record: Path) -> Path:
    return record.with_name(record.stem + ".check.jsonl")


def main() -> None:
    for game, variant, seed in GAMES:
        path = record_path(game, variant)
        text = play_game(game, variant, seed).dumps()
        expected = expected_check(text)
        bad = [obj for obj in expected if not obj["ok"]]
        if bad:
            raise SystemExit(f"{path.name}: the reference rules refuse it: {bad[0]}")
        path.write_text(text, encoding="utf-8")
        check = "".join(json.dumps(obj) + "\n" for obj in expected)
        check_path(path).write_text(check, encoding="utf-8")
        print(path.name, "over:", expected[-1]["over"], "reason:", expected[-1].get("reason"))


if __name__ == "__main__":
    main()
