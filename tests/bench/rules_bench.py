"""Rule-core benchmark, portable: the same file runs on CPython and under the
MicroPython WebAssembly build (``make bench`` runs both and prints a table).

Prints one JSON object per figure: ``{"bench": name, "value": v, "unit": u}``.
On MicroPython it also measures the heap taken by importing the rule modules
(Pacal and Pyraos) and by one game state, and the bytes a
legal-placement query allocates. A Diabolo match is a whole game (a round
per player), with random doubles after each round as ``sim selfplay``.
"""

import gc
import sys

MICROPYTHON = sys.implementation.name == "micropython"

# Arguments: [SECONDS [LIBDIR]]; LIBDIR goes first on sys.path (e.g. a folder
# of mpy-cross output, to measure what a board loads).
if len(sys.argv) > 2:
    sys.path.insert(0, sys.argv[2])

# Import cost first, before anything else of ours is loaded. The imports run
# as PHASES (tests/mp/run.mjs calls each in its own runPython call after a
# gc.collect() of its own: in the WebAssembly build a collection frees only
# what earlier calls left), so the figures are live heap, garbage excluded.
_mark = [0]
IMPORT_BYTES = None
RECORD_BYTES = None
LOADED_FROM = ""
import json  # noqa: E402
import time  # noqa: E402


def phase_mark():
    _mark[0] = gc.mem_alloc() if MICROPYTHON else 0


def phase_rules():
    global pacal, pyraos, LOADED_FROM
    from tabletop.rules import pacal, pyraos

    LOADED_FROM = pacal.__file__


def phase_rules_done():
    global IMPORT_BYTES
    IMPORT_BYTES = gc.mem_alloc() - _mark[0] if MICROPYTHON else None
    phase_mark()


def phase_record():
    import tabletop.records.record  # noqa: F401  (what a board adds to read its journal)


def phase_record_done():
    global RECORD_BYTES, index, Rng, diabolo
    RECORD_BYTES = gc.mem_alloc() - _mark[0] if MICROPYTHON else None
    from tabletop.rules import diabolo  # (the record's notation has loaded it already)
    from tabletop.rules.pyraos_geometry import position_index as index
    from tabletop.rules.rng import Rng


try:
    from js import performance  # the WebAssembly build: sub-millisecond clock

    def now_s():
        return performance.now() / 1000

except ImportError:

    def now_s():
        return time.perf_counter()


def emit(name, value, unit):
    print(json.dumps({"bench": name, "value": value, "unit": unit}))


def timed(fn, min_seconds):
    """Run fn() until min_seconds have passed; return (calls, seconds)."""
    n = 0
    start = now_s()
    while True:
        fn()
        n += 1
        spent = now_s() - start
        if spent >= min_seconds:
            return n, spent


def random_pyraos(rng, variant):
    g = pyraos.Pyraos(variant)
    while not g.is_over():
        g.apply(rng.choice(list(g.legal_moves())))


def random_pacal(rng, variant):
    g = pacal.Pacal(variant)
    while not g.is_over():
        if g.phase == pacal.P_DEAL:
            g.apply(pacal.deal_solo(rng) if variant == "solo" else pacal.deal_duel(rng))
        else:
            g.apply(rng.choice(list(g.legal_moves())))


def random_diabolo(rng, players):
    """A whole match: the first dealer by lot, random legal plays, after
    each round random doubles (one more with even odds), as sim selfplay."""
    g = diabolo.Diabolo(players)
    g.apply(diabolo.deal(rng, rng.below(players)))
    while True:
        if g.scoring():
            doubles = list(g.legal_moves())
            if doubles and rng.below(2) == 0:
                g.apply(rng.choice(doubles))
                continue
            if g.is_over():
                return
            g.apply(diabolo.deal(rng, (g.dealer + 1) % players))
            continue
        g.apply(rng.choice(list(g.legal_moves())))


def midgame_pyraos():
    g = pyraos.Pyraos()
    for name in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3"):
        g.apply((pyraos.PLACE, g.turn, index(name), -1))
    return g


def midgame_pacal():
    g = pacal.Pacal("duel")
    g.apply(pacal.deal_duel(Rng(3)))
    for _ in range(6):  # three turns: offer, take, two builds
        g.apply(next(iter(g.legal_moves())))
    return g


def main(seconds):
    rng = Rng(1)
    for name, fn in (
        ("pyraos standard random games", lambda: random_pyraos(rng, "standard")),
        ("pyraos lines random games", lambda: random_pyraos(rng, "lines")),
        ("pacal duel random matches", lambda: random_pacal(rng, "duel")),
        ("pacal solo random games", lambda: random_pacal(rng, "solo")),
        ("diabolo 3 players random matches", lambda: random_diabolo(rng, 3)),
        ("diabolo 4 players random matches", lambda: random_diabolo(rng, 4)),
        ("diabolo 5 players random matches", lambda: random_diabolo(rng, 5)),
    ):
        n, spent = timed(fn, seconds)
        emit(name, round(n / spent, 1), "per s")

    g = midgame_pyraos()
    n, spent = timed(g.placement_mask, seconds / 2)
    emit("pyraos placement query", round(spent / n * 1e6, 2), "us")
    p = midgame_pacal()
    card = 25
    n, spent = timed(lambda: p.field_mask(0, card), seconds / 2)
    emit("pacal field query", round(spent / n * 1e6, 2), "us")

    if MICROPYTHON:
        import micropython

        emit("rule modules import heap", IMPORT_BYTES, "bytes")
        emit("rule modules loaded from", LOADED_FROM, "")
        emit("notation + record import heap", RECORD_BYTES, "bytes")
        for name, make in (
            ("pyraos state heap", lambda: pyraos.Pyraos()),
            ("pacal state heap", lambda: pacal.Pacal("duel")),
            ("diabolo 5 players state heap", lambda: diabolo.Diabolo(5)),
        ):
            gc.collect()
            before = gc.mem_alloc()
            keep = make()
            gc.collect()
            emit(name, gc.mem_alloc() - before, "bytes")
            del keep
        for name, query in (
            ("pyraos placement query alloc", g.placement_mask),
            ("pyraos raise sources query alloc", g.raise_sources),
            ("pacal field query alloc", lambda: p.field_mask(0, card)),
        ):
            gc.collect()
            before = gc.mem_alloc()
            query()
            emit(name, gc.mem_alloc() - before, "bytes")
            # And proved: with the heap locked, any allocation would raise.
            micropython.heap_lock()
            try:
                query()
                locked = "ok"
            except MemoryError:
                locked = "allocates"
            micropython.heap_unlock()
            emit(name.replace("alloc", "under heap_lock"), locked, "")


def phase_main():
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 1.0)


PHASES = [
    phase_mark,
    phase_rules,
    phase_rules_done,
    phase_record,
    phase_record_done,
    phase_main,
]

if "mp_driver" not in sys.modules:  # not under run.mjs: run the phases here
    for _phase in PHASES:
        gc.collect()
        _phase()
