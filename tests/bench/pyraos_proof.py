"""The strong Pyraos level on the hard kids endgames (issue 33): the turn it
picks in each of tests/reference/pyraos_hard.py's FOUND positions, whether
that turn wins (FOUND's winning turns, from the exhaustive solver), whether
it said it proved the win, and its time; the search alone (what the strong
level was before pyraos_exact, on the hint's 1 s) beside it.

    .venv/bin/python -m tests.bench.pyraos_proof [--ms 10000] [--old-ms 1000]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from tabletop.players import pyraos_player
from tabletop.rules.rng import Rng
from tests.reference import pyraos_hard as hard
from tests.reference import pyraos_solve as ps

TT_BITS = 16  # the hint's


def _ms() -> int:
    return time.monotonic_ns() // 1_000_000


def pick(g: Any, ms: int) -> tuple[str, dict[str, Any], float]:
    """The strong level's turn for ``g`` on ``ms`` (its name), its facts, its time."""
    t = time.monotonic()
    thinking = pyraos_player.start(g, "strong", ms, Rng(1), _ms, TT_BITS)
    moves = None
    while moves is None:
        moves = thinking.step(1000)
    return ps.turn_name(hard.turn_of(moves)), thinking.facts(), time.monotonic() - t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ms", type=int, default=10000)
    parser.add_argument("--old-ms", type=int, default=1000)
    args = parser.parse_args()
    right = {"old": 0, "new": 0}
    proven = 0
    for seed, empty, wins in hard.FOUND:
        g = hard.position(seed, empty)
        assert g is not None
        row = [f"seed {seed:3} empty {empty}:"]
        for which, ms in (("old", args.old_ms), ("new", args.ms)):
            keep = pyraos_player.EXACT_EMPTY
            if which == "old":
                pyraos_player.EXACT_EMPTY = -1  # (the search alone: no kids position has fewer)
            try:
                name, facts, spent = pick(g, ms)
            finally:
                pyraos_player.EXACT_EMPTY = keep
            ok = name in wins
            right[which] += ok
            said = facts.get("value", "-")
            if which == "new" and said == "win":
                proven += 1
            row.append(f"{which} {name:8} {'wins ' if ok else 'LOSES'} {said:4} {spent:5.1f} s")
        print("  ".join(row), flush=True)
    n = len(hard.FOUND)
    print(f"old strong ({args.old_ms} ms): {right['old']} of {n} right")
    print(f"new strong ({args.ms} ms): {right['new']} of {n} right, {proven} proven wins")


if __name__ == "__main__":
    main()
