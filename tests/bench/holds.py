"""Why the Pyraos sensing holds a change before it counts: the noise sweep
(sim.sweep) again with shorter holds.

    python -m tests.bench.holds [--moves N] [--jobs J] [--noise X]
    make holds

A marble set on level 3 or the top must hold still ``_HIGH_SETTLE`` times
the profile's settle time before it counts, one added on level 2
``_MID_SETTLE`` times (tabletop.sensing.pyramid): a hand carrying a marble
across the board, or hesitating low over a spot, passes through the same
readings for a moment. Here those two factors are set lower, one at a time
and together, and the same seeded games (mistakes and hesitations included)
are played at each setting: the moves accepted wrongly are what a shorter
hold would cost, the latency what it would gain.

CPython only: the factors are the module's globals here (MicroPython inlines
its constants), patched before the games run (and before the worker
processes fork, so they see them too).
"""

from __future__ import annotations

import argparse
import json

from sim import sweep
from tabletop.sensing import pyramid

HOLDS = ((10, 4), (5, 4), (3, 4), (1, 4), (10, 2), (10, 1), (3, 2), (1, 1))  # (high, mid)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.holds", description=__doc__)
    parser.add_argument("--moves", type=int, default=2000, help="moves per setting")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--noise", type=float, default=1.0, help="times the reference noise")
    args = parser.parse_args(argv)
    print(
        f"firmware holds: level 3 and top x{pyramid._HIGH_SETTLE}, level 2 x{pyramid._MID_SETTLE}"
    )
    for high, mid in HOLDS:
        pyramid._HIGH_SETTLE = high  # (a const on the device)
        pyramid._MID_SETTLE = mid
        tally = sweep.sweep_level(args.noise, args.moves, jobs=args.jobs)
        row: dict[str, object] = {"level3_hold": high, "level2_hold": mid}
        row.update(tally.summary())
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
