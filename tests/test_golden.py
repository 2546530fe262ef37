"""Golden records: ``python -m sim check`` on each record in tests/golden must
print exactly the expected ``.check.jsonl`` (compared as JSON objects).

Neither kind of expectation comes from ``sim check`` itself. The hand-written
goldens encode rules and decisions worked out by hand. The ``selfplay-*`` ones
pin whole random games; what ``sim check`` must print for them is decided by
the independent reference rules (tests/reference/check_ref.py, from
docs/RULES.md), and tests/golden/regen.py writes nothing else. Every golden,
hand-written ones included, must also agree with the reference on what it can
decide: which line is bad, the outcome and why the game ended (not the words of
an error).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.golden.regen import GAMES, check_path, record_path
from tests.reference.check_ref import expected_check, without_error_words

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(p for p in GOLDEN.glob("*.jsonl") if not p.name.endswith(".check.jsonl"))
SELFPLAY = [record_path(game, variant) for game, variant, _ in GAMES]


def read_check(record: Path) -> list[dict[str, Any]]:
    with check_path(record).open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def expected_exit(summary: dict[str, object]) -> int:
    if "game" not in summary:
        return 2  # not a record at all
    return 0 if summary["ok"] else 1


def test_goldens_exist() -> None:
    assert len(RECORDS) >= 10
    assert set(SELFPLAY) <= set(RECORDS)
    for path in RECORDS:
        assert check_path(path).exists(), path


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_check_output_matches_golden(path: Path) -> None:
    want = read_check(path)
    run = subprocess.run(
        [sys.executable, "-m", "sim", "check", str(path)], capture_output=True, text=True
    )
    got = [json.loads(line) for line in run.stdout.splitlines()]
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        assert g == w, f"{path.name}: output line {i + 1} differs"
    assert len(got) == len(want), f"{path.name}: {len(got)} output lines, expected {len(want)}"
    assert run.returncode == expected_exit(want[-1]), run.stderr


@pytest.mark.parametrize("path", SELFPLAY, ids=[p.stem for p in SELFPLAY])
def test_selfplay_golden_is_what_the_reference_expects(path: Path) -> None:
    """Every word of a self-play expectation is the reference's: a legal game, its
    outcome and its reason (so regenerating over a bug in the rules cannot pass)."""
    want = expected_check(path.read_text(encoding="utf-8"))
    assert all(obj["ok"] for obj in want), f"{path.name}: the reference refuses it"
    assert want[-1]["over"], f"{path.name}: self-play plays whole games"
    assert read_check(path) == want


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_golden_agrees_with_the_reference(path: Path) -> None:
    want = expected_check(path.read_text(encoding="utf-8"))
    assert without_error_words(read_check(path)) == want


def test_selfplay_goldens_still_replay_identically() -> None:
    """The seeded self-play of today writes the same games as the goldens."""
    from sim.runs.selfplay import play_game

    for game, variant, seed in GAMES:
        path = record_path(game, variant)
        assert play_game(game, variant, seed).dumps() == path.read_text(encoding="utf-8")
