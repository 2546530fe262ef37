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

Then whole games between a bridged virtual board and a window (the
suite's tests/test_remote_board*.py play a Pyraos game whole there, a
Diabolo round): Diabolo's at 3, 4 and 5 seats, with a stranger's lines,
an old line again, the broker restarted and the board's power cut.
``--homes`` or ``--boards`` plays only the one part.
"""

from __future__ import annotations

import argparse
import sys
import time

from host_tools.remote.broker import Broker
from tests.test_remote_board_diabolo import play_at_the_board
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


def at_a_board(n: int) -> bool:
    """A whole Diabolo game of ``n`` seats: the board's seat 0, a window's the others."""
    with Broker() as broker:
        t = time.monotonic()
        try:
            record = play_at_the_board(broker, players=n, rounds=n)
        except AssertionError as err:
            print(f"diabolo standard x{n} at a board: FAILED {err}", flush=True)
            return False
        print(
            f"diabolo standard x{n} at a board: over, {len(record) - 1} events, "
            f"records equal; {time.monotonic() - t:.1f} s wall",
            flush=True,
        )
        return True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.remote_games")
    parser.add_argument("--seeds", default="7", help="e.g. 7,8")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--homes", action="store_true", help="only the games between windows")
    only.add_argument("--boards", action="store_true", help="only the games at a board")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    results = [] if args.boards else [one(g, v, n, s) for g, v, n in GAMES for s in seeds]
    if not args.homes:
        results += [at_a_board(n) for n in range(3, 6)]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
