"""Board firmware costs under MicroPython (portable; make bench runs it in the
WebAssembly build): a recorded game's sensor stream is replayed through the
whole firmware path, tick by tick, measuring time and heap.

    board_mp.py PROFILE.json GAME VARIANT LOG.json [LIBDIR]

Prints JSON objects {"bench", "value", "unit"}. Heap is measured with the
collector off during a tick, so the difference is what the tick allocated.
"""

import gc
import json
import sys
from binascii import unhexlify

if len(sys.argv) > 5:
    sys.path.insert(0, sys.argv[5])

gc.collect()
_start = gc.mem_alloc()
from tabletop.profile import load  # noqa: E402
from tabletop.runtime import Runtime  # noqa: E402

gc.collect()
IMPORT_HEAP = gc.mem_alloc() - _start

from array import array  # noqa: E402

try:
    from js import performance

    def now_ms():
        return performance.now()

except ImportError:
    import time

    def now_ms():
        return time.ticks_us() / 1000


def emit(name, value, unit):
    print(json.dumps({"bench": name, "value": value, "unit": unit}))


class ReplayHal:
    """Values decoded beforehand, so the hal allocates nothing per tick."""

    def __init__(self, ticks):
        self.t = []
        self.d = []
        self.a = []
        self.b = []
        for tick in ticks:
            self.t.append(tick["t"])
            self.d.append([unhexlify(x) for x in tick.get("d", ())])
            self.a.append([unhexlify(x) for x in tick.get("a", ())])
            self.b.append(tick.get("b", ()))
        self.i = -1

    def next_tick(self):
        self.i += 1
        self.di = self.ai = self.bi = 0
        return self.t[self.i]

    def read_digital(self, buf):
        data = self.d[self.i][self.di]
        self.di += 1
        for j in range(len(data)):
            buf[j] = data[j]

    def read_analog(self, buf):
        data = self.a[self.i][self.ai]
        self.ai += 1
        for j in range(len(buf)):
            buf[j] = data[2 * j] | data[2 * j + 1] << 8

    def read_buttons(self):
        v = self.b[self.i][self.bi]
        self.bi += 1
        return v

    def transmit(self, buf):
        pass


def calibration_loop(n):
    """A fixed integer loop, timed on every machine that reports figures."""
    x = 0
    for i in range(n):
        x = (x + i * 3) & 0xFFFF
    return x


def replay(raw, hal, game, variant, timed):
    """One pass over the log through a fresh runtime. timed: per-tick time
    (no heap calls); else per-tick allocation and the live heap (no timer
    calls: the WebAssembly timer itself allocates)."""
    hal.i = -1
    n = len(hal.t)
    idle = array("f", bytes(4 * n))
    moves = array("f", bytes(4 * 400))
    gc.collect()
    before = gc.mem_alloc()
    rt = Runtime(load(raw), hal, (game, variant))
    gc.collect()
    setup = gc.mem_alloc() - before
    base = gc.mem_alloc()
    n_idle = n_move = 0
    idle_alloc = idle_allocating = move_alloc = peak = 0
    for k in range(n):
        t = hal.next_tick()
        shown = rt.board.version
        events = len(rt.journal)
        if timed:
            t0 = now_ms()
            rt.tick(t)
            cost = now_ms() - t0
            a = 0
        else:
            gc.disable()
            a0 = gc.mem_alloc()
            rt.tick(t)
            a = gc.mem_alloc() - a0
            gc.enable()
            cost = 0
        if len(rt.journal) != events:
            if n_move < 400:
                moves[n_move] = cost
            n_move += 1
            move_alloc += a
        elif rt.board.version == shown:
            idle[n_idle] = cost
            n_idle += 1
            idle_alloc += a
            if a:
                idle_allocating += 1
        if not timed and k % 500 == 499:
            gc.collect()
            live = gc.mem_alloc() - base
            if live > peak:
                peak = live
    return (setup, n_idle, n_move, sorted(idle[:n_idle]), sorted(moves[: min(400, n_move)]),
            idle_alloc, idle_allocating, move_alloc, peak)  # fmt: skip


def main(profile_path, game, variant, log_path):
    with open(profile_path) as f:
        raw = json.load(f)
    with open(log_path) as f:
        log = json.load(f)
    hal = ReplayHal(log["ticks"])
    del log
    emit("firmware import heap (tabletop.runtime and all it loads)", IMPORT_HEAP, "bytes")
    setup, n_idle, n_move, _, _, idle_alloc, idle_allocating, move_alloc, peak = replay(
        raw, hal, game, variant, False
    )
    emit("runtime with one game (profile, buffers, board, sensing)", setup, "bytes")
    emit("ticks replayed", len(hal.t), "")
    emit("moves accepted", n_move, "")
    emit("bytes per idle tick (mean)", idle_alloc // max(1, n_idle), "bytes")
    emit("idle ticks that allocated", idle_allocating, "of %d" % n_idle)
    if n_move:
        emit("bytes per move tick (mean)", move_alloc // n_move, "bytes")
    emit("peak live heap over the game (beyond setup)", peak, "bytes")
    emit("peak heap, whole firmware with one game", IMPORT_HEAP + setup + peak, "bytes")
    _, _, _, idle, moves, _, _, _, _ = replay(raw, hal, game, variant, True)
    emit("idle tick p50", round(idle[len(idle) // 2], 3), "ms")
    emit("idle tick p95", round(idle[len(idle) * 95 // 100], 3), "ms")
    if moves:
        emit("move tick p50", round(moves[len(moves) // 2], 3), "ms")
        emit("move tick max", round(moves[-1], 3), "ms")
    reps = 20000
    t0 = now_ms()
    calibration_loop(reps)
    t1 = now_ms()
    emit("calibration loop", round(reps / (t1 - t0) * 1000), "iterations/s")
    # This build does not give back float (and long int) temporaries to
    # gc.collect() while a script runs: measure how much, since the kernel's
    # set-up maths is counted in the set-up figure above.
    gc.collect()
    a = gc.mem_alloc()
    t = 0.0
    for _ in range(1000):
        t += 0.5
    gc.collect()
    emit(
        "float temporaries left after gc.collect (this build)",
        (gc.mem_alloc() - a) // 1000,
        "bytes each",
    )


main(*sys.argv[1:5])
