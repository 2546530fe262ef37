"""Golden records: ``python -m sim check`` on each record in tests/golden must
print exactly the expected ``.check.jsonl`` (compared as JSON objects).

The hand-written goldens encode rules and decisions worked out by hand; the
``selfplay-*`` ones pin whole random games so that a rule change shows up as a
diff (regenerate them with tests/golden/regen.py and review the diff).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(p for p in GOLDEN.glob("*.jsonl") if not p.name.endswith(".check.jsonl"))


def expected_exit(summary: dict[str, object]) -> int:
    if "game" not in summary:
        return 2  # not a record at all
    return 0 if summary["ok"] else 1


def test_goldens_exist() -> None:
    assert len(RECORDS) >= 10
    for path in RECORDS:
        assert path.with_name(path.stem + ".check.jsonl").exists(), path


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_check_output_matches_golden(path: Path) -> None:
    want = [json.loads(line) for line in path.with_name(path.stem + ".check.jsonl").open()]
    run = subprocess.run(
        [sys.executable, "-m", "sim", "check", str(path)], capture_output=True, text=True
    )
    got = [json.loads(line) for line in run.stdout.splitlines()]
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        assert g == w, f"{path.name}: output line {i + 1} differs"
    assert len(got) == len(want), f"{path.name}: {len(got)} output lines, expected {len(want)}"
    assert run.returncode == expected_exit(want[-1]), run.stderr


def test_selfplay_goldens_still_replay_identically() -> None:
    """The seeded self-play of today writes the same games as the goldens."""
    from sim.selfplay import play_game

    for game, variant, seed in ((g, v, s) for g, v, s in _regen_games()):
        path = GOLDEN / f"selfplay-{game}-{variant}.jsonl"
        assert play_game(game, variant, seed).dumps() == path.read_text(encoding="utf-8")


def _regen_games() -> tuple[tuple[str, str, int], ...]:
    sys.path.insert(0, str(GOLDEN))
    try:
        import regen  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    games: tuple[tuple[str, str, int], ...] = regen.GAMES
    return games
