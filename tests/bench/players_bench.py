"""The Pyraos player's search speed, portable: positions looked at per second,
on CPython and under the MicroPython WebAssembly build.

    .venv/bin/python tests/bench/players_bench.py [SECONDS]
    node tests/mp/run.mjs script tests/bench/players_bench.py [SECONDS]

Prints one JSON object per figure, ``{"bench": name, "value": v, "unit": u}``
(as tests/bench/rules_bench.py does): the strong level searching the opening
and a middle game (the positions of a seeded random game after 16 moves),
each for about SECONDS, the table at 2**12 slots (a board's size).
"""

import json
import sys
import time

from tabletop.players.pyraos_player import start
from tabletop.rules.pyraos import Pyraos
from tabletop.rules.rng import Rng

TT_BITS = 12
SLICE = 2000  # positions per step
MIDGAME_MOVES = 16

try:
    from js import performance  # type: ignore[import-not-found]  # the WebAssembly build

    def now_s() -> float:
        return float(performance.now()) / 1000

except ImportError:

    def now_s() -> float:
        return time.perf_counter()


def midgame() -> Pyraos:
    rng = Rng(5)
    g = Pyraos("standard")
    for _ in range(MIDGAME_MOVES):
        moves = list(g.legal_moves())
        g.apply(moves[rng.below(len(moves))])
    return g


def speed(g: Pyraos, seconds: float) -> float:
    """Positions per second of strong searches of ``g``, repeated for ``seconds``."""
    nodes = 0
    start_s = now_s()
    while True:
        thinking = start(g, "strong", 10**9, Rng(1), tt_bits=TT_BITS)
        while thinking.step(SLICE) is None:
            if now_s() - start_s >= seconds:
                break
        nodes += thinking.nodes
        spent = now_s() - start_s
        if spent >= seconds:
            return float(nodes / spent)


def main(seconds: float) -> None:
    for name, g in (("opening", Pyraos("standard")), ("middle game", midgame())):
        value = round(speed(g, seconds))
        print(json.dumps({"bench": "pyraos search, " + name, "value": value, "unit": "nodes/s"}))


main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
