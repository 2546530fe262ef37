"""Board firmware costs under MicroPython (portable; make bench runs it in the
WebAssembly build): a recorded game's sensor stream is replayed through the
whole firmware path, tick by tick, measuring time and heap.

    board_mp.py PROFILE.json GAME VARIANT LOG.json [LIBDIR]

Prints JSON objects {"bench", "value", "unit"}.

The work is split into PHASES, which tests/mp/run.mjs calls one per runPython
call with a ``gc.collect()`` in a call of its own before each: in this build
a collection frees nothing that the running call allocated, so live heap can
only be read at the start of a phase. Each phase therefore begins with a
``gc.mem_alloc()`` reading (live heap) and then does the next step: import the
firmware, read the raw profile, load it, drop the raw dict, build the Runtime,
then replay the game CHUNK ticks per phase. The peak live heap over the game
is the largest of the readings between chunks (sampled, not continuous).

Within a call, allocation is counted instead (``gc.mem_alloc()`` before and
after, the collector off): bytes per idle and per move tick, and what the
import, the set-up and the whole game allocated in total, garbage included.

Without run.mjs's phases (a board, CPython) the module runs its PHASES itself,
one after the other, with a ``gc.collect()`` in between.
"""

import gc
import json
import sys
from array import array
from binascii import unhexlify

try:
    from js import performance

    def now_ms():
        return performance.now()

except ImportError:
    import time

    def now_ms():
        return time.ticks_us() / 1000


PROFILE_PATH, GAME, VARIANT, LOG_PATH = sys.argv[1:5]
if len(sys.argv) > 5:
    sys.path.insert(0, sys.argv[5])
CHUNK = 200  # ticks replayed per phase, between two live-heap readings


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
        self.sent = 0.0
        self.timing = False

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
        if self.timing:  # (now_ms() allocates: not in the heap pass)
            self.sent = now_ms()  # when the LED frame went out


def calibration_loop(n):
    """A fixed integer loop, timed on every machine that reports figures."""
    x = 0
    for i in range(n):
        x = (x + i * 3) & 0xFFFF
    return x


# The bench's apparatus, loaded before the first reading: the replayed log is
# part of every reading, so the differences leave it out.
with open(LOG_PATH) as _f:
    HAL = ReplayHal(json.load(_f)["ticks"])
N_TICKS = len(HAL.t)

# Shared by the phases. Every key and global is made here, so that no phase
# grows a dict between two readings; the values stay small ints.
M = {}
for _key in (
    "base", "imported", "raw", "profile", "setup_live", "peak", "end",
    "import_alloc", "load_alloc", "runtime_alloc", "game_alloc",
    "n_idle", "n_move", "idle_alloc", "idle_allocating", "move_alloc", "said",
):  # fmt: skip
    M[_key] = 0
load = Runtime = raw = profile = rt = None


def tick_alloc(rt, hal):
    """One tick; the bytes it allocated, and whether it was idle or a move."""
    t = hal.next_tick()
    shown = rt.board.version
    events = len(rt.journal)
    gc.disable()
    a0 = gc.mem_alloc()
    rt.tick(t)
    a = gc.mem_alloc() - a0
    gc.enable()
    M["game_alloc"] += a
    if len(rt.journal) != events:
        M["n_move"] += 1
        M["move_alloc"] += a
    elif rt.board.version == shown and rt.ticks > 1:  # (the first tick draws the first screen)
        M["n_idle"] += 1
        M["idle_alloc"] += a
        if a:
            M["idle_allocating"] += 1


# -- the phases: each starts with a live-heap reading ---------------------------


def phase_import():
    global load, Runtime
    M["base"] = gc.mem_alloc()
    a = gc.mem_alloc()
    from tabletop.profile import load
    from tabletop.runtime import Runtime

    M["import_alloc"] = gc.mem_alloc() - a


def phase_read_profile():
    global raw
    M["imported"] = gc.mem_alloc()
    with open(PROFILE_PATH) as f:
        raw = json.load(f)


def phase_load_profile():
    global profile
    M["raw"] = gc.mem_alloc()
    a = gc.mem_alloc()
    profile = load(raw)
    M["load_alloc"] = gc.mem_alloc() - a


def phase_drop_raw():
    global raw
    raw = None  # (the profile does not keep it)


def said(lines):
    # The status text, as the device passes it on (tabletop.device sends it
    # to the host): worked out on every change, as on a board.
    M["said"] += 1


def phase_runtime():
    global rt
    M["profile"] = gc.mem_alloc()
    a = gc.mem_alloc()
    rt = Runtime(profile, HAL, (GAME, VARIANT), status=said)
    M["runtime_alloc"] = gc.mem_alloc() - a
    HAL.i = -1


def phase_chunk():
    live = gc.mem_alloc()
    if not M["setup_live"]:
        M["setup_live"] = live
    if live > M["peak"]:
        M["peak"] = live
    for _ in range(min(CHUNK, N_TICKS - 1 - HAL.i)):
        tick_alloc(rt, HAL)


def phase_heap_report():
    global rt, profile
    live = gc.mem_alloc()
    M["end"] = live
    if live > M["peak"]:
        M["peak"] = live
    rt = profile = None
    base, imported, setup = M["base"], M["imported"], M["setup_live"]
    n_idle, n_move = M["n_idle"], M["n_move"]
    emit("firmware import heap, live (tabletop.runtime and its imports)", imported - base, "bytes")
    emit("raw profile dict (json.load)", M["raw"] - imported, "bytes")
    emit(
        "profile loaded, raw dict still alive (tabletop.profile.load)",
        M["profile"] - imported,
        "bytes",
    )
    emit("runtime with one game set up, live (game modules, profile, board)",
         setup - imported, "bytes")  # fmt: skip
    emit("ticks replayed", N_TICKS, "")
    emit("moves accepted", n_move, "")
    emit("status texts worked out (on the display and to the host)", M["said"], "")
    emit("bytes per idle tick (mean)", M["idle_alloc"] // max(1, n_idle), "bytes")
    emit("idle ticks that allocated", M["idle_allocating"], "of %d" % n_idle)
    if n_move:
        emit("bytes per move tick (mean)", M["move_alloc"] // n_move, "bytes")
    emit("live heap after the game, beyond set-up", M["end"] - setup, "bytes")
    emit("peak live heap over the game, beyond set-up (sampled every %d ticks)" % CHUNK,
         M["peak"] - setup, "bytes")  # fmt: skip
    # import + runtime + peak over the game: what the 64 KB target is about
    emit("peak live heap, whole firmware with one game", M["peak"] - base, "bytes")
    emit("allocated by the import (garbage included)", M["import_alloc"], "bytes")
    emit("allocated by load + Runtime (garbage included)",
         M["load_alloc"] + M["runtime_alloc"], "bytes")  # fmt: skip
    emit("allocated over the game, all ticks (garbage included)", M["game_alloc"], "bytes")
    emit("allocated in total: import, set-up, game (not live heap)",
         M["import_alloc"] + M["load_alloc"] + M["runtime_alloc"] + M["game_alloc"],
         "bytes")  # fmt: skip


TIMING_PASSES = 3  # each tick's cost is its least over these passes (see phase_timing)
IDLE, MOVE, OTHER = 0, 1, 2  # what a tick was, in the replay


def _timed_pass(cost, answered, kind):
    """Replay the log through a fresh runtime, timing each tick: ``cost[i]``
    and ``answered[i]`` (tick start to its LED frame) keep tick i's least
    time so far; ``kind[i]`` says what tick i was."""
    with open(PROFILE_PATH) as f:
        timed = Runtime(load(json.load(f)), HAL, (GAME, VARIANT), status=said)
    HAL.i = -1
    HAL.timing = True
    for i in range(N_TICKS):
        t = HAL.next_tick()
        shown = timed.board.version
        events = len(timed.journal)
        HAL.sent = -1.0
        t0 = now_ms()
        timed.tick(t)
        spent = now_ms() - t0
        if spent < cost[i]:
            cost[i] = spent
        answer = HAL.sent - t0 if HAL.sent >= 0 else spent
        if answer < answered[i]:
            answered[i] = answer
        if len(timed.journal) != events:
            kind[i] = MOVE
        elif timed.board.version == shown:
            kind[i] = IDLE
        else:
            kind[i] = OTHER


def phase_timing():
    """The log replayed TIMING_PASSES more times, each through a fresh
    runtime, timing every tick (no heap calls: the figures above came from
    the first pass). A tick's figure is its least time over the passes:
    the code's cost, without what the host did meanwhile (another process,
    the collector of this build); one pass's slowest move tick varied 3x
    from run to run."""
    cost = array("f", [1e9] * N_TICKS)
    answered = array("f", [1e9] * N_TICKS)
    kind = bytearray(N_TICKS)
    for _ in range(TIMING_PASSES):
        _timed_pass(cost, answered, kind)
    idle = sorted([cost[i] for i in range(N_TICKS) if kind[i] == IDLE])
    moves = sorted([cost[i] for i in range(N_TICKS) if kind[i] == MOVE])
    answers = sorted([answered[i] for i in range(N_TICKS) if kind[i] == MOVE])
    emit("idle tick p50", round(idle[len(idle) // 2], 3), "ms")
    emit("idle tick p95", round(idle[len(idle) * 95 // 100], 3), "ms")
    if moves:
        emit("move tick p50", round(moves[len(moves) // 2], 3), "ms")
        emit("move tick max", round(moves[-1], 3), "ms")
        # the part of a move tick before its LED frame goes out (the journal
        # write and the status text come after the answer)
        emit("move answered (tick start to LED frame) max", round(answers[-1], 3), "ms")
    reps = 20000
    best = 0
    for _ in range(TIMING_PASSES):  # the loop's best rate, likewise
        t0 = now_ms()
        calibration_loop(reps)
        best = max(best, round(reps / (now_ms() - t0) * 1000))
    emit("calibration loop", best, "iterations/s")


PHASES = [phase_import, phase_read_profile, phase_load_profile, phase_drop_raw, phase_runtime]
PHASES += [phase_chunk] * ((N_TICKS + CHUNK - 1) // CHUNK)
PHASES += [phase_heap_report, phase_timing]
del _f, _key

if "mp_driver" not in sys.modules:  # not under run.mjs: run the phases here
    for _phase in PHASES:
        gc.collect()
        _phase()
