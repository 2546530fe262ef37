"""The Pyraos player's search speed, portable: positions looked at per second,
on CPython and under the MicroPython WebAssembly build.

    .venv/bin/python tests/bench/players_bench.py [SECONDS]
    node tests/mp/run.mjs script tests/bench/players_bench.py [SECONDS]

Prints one JSON object per figure, ``{"bench": name, "value": v, "unit": u}``
(as tests/bench/rules_bench.py does): the strong level searching the opening
and a middle game (the positions of a seeded random game after 16 moves),
each for about SECONDS, the table at 2**12 slots (a board's size); and
the kids proof (tabletop.players.pyraos_exact) of an endgame.
"""

import json
import sys
import time

try:
    from typing import Any
except ImportError:  # MicroPython: its annotations are never evaluated
    pass

from tabletop.players.pyraos_exact import Exact
from tabletop.players.pyraos_player import start
from tabletop.players.pyraos_turns import turns
from tabletop.rules.pyraos import Pyraos
from tabletop.rules.rng import Rng

TT_BITS = 12
SLICE = 2000  # positions per step
MIDGAME_MOVES = 16
# A kids endgame, 16 spots empty, that tests/reference/pyraos_hard.py found
# (seed 3): proven by pyraos_exact, its table at 2**14 positions.
KIDS_SEED, KIDS_MOVES = 3, 16
EXACT_KEYS = 1 << 14

try:
    from js import performance  # type: ignore[import-not-found]  # the WebAssembly build

    def now_s() -> float:
        return float(performance.now()) / 1000

except ImportError:

    def now_s() -> float:
        return time.perf_counter()


def played(variant: str, seed: int, moves: int) -> Pyraos:
    """The state after ``moves`` random moves from ``seed``."""
    rng = Rng(seed)
    g = Pyraos(variant)
    for _ in range(moves):
        legal = list(g.legal_moves())
        g.apply(legal[rng.below(len(legal))])
    return g


def speed(begin: Any, g: Pyraos, seconds: float) -> float:
    """Positions per second of the searches ``begin(g)`` makes (each with
    ``step`` and ``nodes``), run one after another for ``seconds``."""
    nodes = 0
    start_s = now_s()
    while True:
        search = begin(g)
        while search.step(SLICE) is None:
            if now_s() - start_s >= seconds:
                break
        nodes += search.nodes
        spent = now_s() - start_s
        if spent >= seconds:
            return float(nodes / spent)


def strong(g: Pyraos) -> Any:
    return start(g, "strong", 10**9, Rng(1), tt_bits=TT_BITS)


def exact(g: Pyraos) -> Exact:
    p = g.turn
    me, you = g.marbles[p], g.marbles[1 - p]
    first = turns(me, you, g.reserve[p], False, False)
    return Exact(me, you, g.reserve[p], g.reserve[1 - p], first, 10**9, keys=EXACT_KEYS)


def main(seconds: float) -> None:
    middle = played("standard", 5, MIDGAME_MOVES)
    for name, g in (("opening", Pyraos("standard")), ("middle game", middle)):
        value = round(speed(strong, g, seconds))
        print(json.dumps({"bench": "pyraos search, " + name, "value": value, "unit": "nodes/s"}))
    value = round(speed(exact, played("kids", KIDS_SEED, KIDS_MOVES), seconds))
    print(json.dumps({"bench": "pyraos kids proof, 16 empty", "value": value, "unit": "nodes/s"}))


main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
