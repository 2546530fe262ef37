"""``make remote``: whole games of every game between homes far apart,
through the embedded broker on loopback (tests/test_remote_games.py's
homes: each home a live table with one seat of its own played by the
computer at the greedy level, the others "remote"), with the faults that
test injects (a stranger's messages, old lines again, the broker
restarted). Exit 1 unless every game ends with every home's record and
every room's one and the same.

    .venv/bin/python -m tests.bench.remote_games [--seeds 7,8]

Prints a line a game: the events, the wall time, the bytes each home
published (the room republishes its whole record on every line).
"""

from __future__ import annotations

import argparse
import sys
import time

from host_tools.remote.broker import Broker
from tests.test_remote_games import Homes, Stranger, _faults, over

# (game, variant, homes): Diabolo with every count it seats
GAMES = [
    ("pyraos", "standard", 2),
    ("pyraos", "kids", 2),
    ("pyraos", "lines", 2),
    ("pacal", "duel", 2),
    *[("diabolo", "standard", n) for n in range(3, 6)],
]


def one(game: str, variant: str, n: int, seed: int) -> bool:
    with Broker() as broker:
        homes = Homes(broker.url, game, variant, n, seeds=(seed,))
        stranger = Stranger(broker.url)
        t = time.monotonic()
        try:
            homes.play(over, _faults(broker, homes, stranger))
            record = homes.agree()
            ok = over(homes)
        except AssertionError as err:
            print(f"{game} {variant} x{n} seed {seed}: FAILED {err}", flush=True)
            return False
        finally:
            stranger.close()
            homes.close()
        wall = time.monotonic() - t
        events = len(record) - 1
        deals = sum(1 for line in record[1:] if '"deal"' in line)
        sent = sum(len("".join(record[:k])) for k in range(1, len(record) + 1))
        print(
            f"{game} {variant} x{n} seed {seed}: over, {events} events ({deals} deals), "
            f"records equal; {wall:.1f} s wall; about {sent / 1000:.0f} KB of records published"
            " a home",
            flush=True,
        )
        return ok


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.remote_games")
    parser.add_argument("--seeds", default="7", help="e.g. 7,8")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    ok = all([one(g, v, n, s) for g, v, n in GAMES for s in seeds])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
