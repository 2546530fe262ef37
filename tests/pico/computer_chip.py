# The computer's seat on the emulated Pico (run by tests/bench/pico.py
# --computer): for each position, a Pyraos board's computer seat chooses its
# turn as on a board, a slice after each tick, each tick's own work stood in
# for by a busy wait of the board's measured idle tick. Prints one JSON
# object per position: the time to the choice (emulated ms), the positions
# looked at, the depth reached, the live heap before, during (a collection
# every HEAP_EVERY ticks) and after (the players given back), in bytes.
import gc
import json
import time

from tabletop.board.computer import Computer
from tabletop.rules.pyraos import Pyraos
from tabletop.rules.rng import Rng

HEAP_EVERY = 50


def position(seed, plies):
    g = Pyraos("standard")
    rng = Rng(seed)
    for _ in range(plies):
        if g.is_over():
            break
        g.apply(rng.choice(list(g.legal_moves())))
    return g


def live():
    gc.collect()
    return gc.mem_alloc()


def choose(g, level, think_ms, tick_us):
    seat = Computer(g.turn, level, think_ms)
    before = live()
    peak = before
    ticks = 0
    t0 = time.ticks_ms()
    while True:
        t = time.ticks_us()
        while time.ticks_diff(time.ticks_us(), t) < tick_us:
            pass  # the board's tick: scan, sense, show
        if seat.think(g, time.ticks_ms()):
            break
        ticks += 1
        if ticks % HEAP_EVERY == 0:
            peak = max(peak, live())
    ms = time.ticks_diff(time.ticks_ms(), t0)
    after = live()
    return {"ms": ms, "nodes": seat.nodes, "depth": seat.depth, "ticks": ticks,
            "before": before, "peak": peak, "after": after}  # fmt: skip


def run(positions, level, think_ms, tick_us):
    for seed, plies in positions:
        g = position(seed, plies)
        if g.is_over():
            continue
        found = choose(g, level, think_ms, tick_us)
        found["seed"], found["plies"] = seed, plies
        print(json.dumps(found))
