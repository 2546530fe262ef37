"""What a board's far seat (or computer seat) adds to the live heap, under
the MicroPython WebAssembly build (docs/FIRMWARE.md, "The heap after boot"):

    node tests/mp/run.mjs script tests/mp/far_heap.py pacal far
    node tests/mp/run.mjs script tests/mp/far_heap.py diabolo computer

The board of the game's reference profile starts a game (MENU); then the
host's ``remote`` names its far seats (every seat but P1's) and the
room's deal is taken, the far hand read in where the board asks for it,
the display's text worked out (or, with ``computer``, its computer seat
chosen at P2). Each step is a phase of its own (tests/mp/run.mjs), so the
live heap is read after a real collection: what is left is the seat's
code (its modules, compiled on loading) and its state.

On the emulated Pico (tests/pico/run.mjs exec, the firmware's .mpy files
and profiles on its flash: tests/test_pico.py) the script runs its phases
itself, with a collection before each, and also prints the heap left free
and the largest piece of it (a board's next module is loaded into one).
"""

import gc
import json
import sys
from array import array

GAME = sys.argv[1] if len(sys.argv) > 1 else "pacal"
KIND = sys.argv[2] if len(sys.argv) > 2 else "far"
ON_PICO = sys.platform == "rp2"
if ON_PICO:
    PROFILES = "/profiles"
elif sys.implementation.name == "micropython":
    PROFILES = "/repo/firmware/profiles"  # (tests/mp/run.mjs)
else:  # (CPython: tests/test_deploy_tree.py)
    PROFILES = __file__.rsplit("/", 3)[0] + "/firmware/profiles"
S = {}


def setup():
    from tabletop import games
    from tabletop.buttons import presses
    from tabletop.keep.journal import Journal
    from tabletop.profile import load

    with open("%s/%s.json" % (PROFILES, GAME)) as f:
        prof = load(json.load(f))
    variant = prof.games[0][1]
    players = prof.players if GAME == "diabolo" else 0
    S["prof"] = prof
    journal = Journal(GAME, variant, players=players)
    S["board"] = games.part(GAME, "board").make(prof, variant, journal)
    S["status"] = games.part(GAME, "status")
    games.part(GAME, "render")  # (loaded either way)
    S["digital"] = bytearray(prof.registers)
    S["analog"] = array("H", [0] * max(1, prof.analog_channels))
    for i, channel in enumerate(prof.field_channels):
        S["analog"][channel] = prof.field_levels[i][0]
    S["t"] = 0
    tick(30)
    tick(1, presses.SHORT_MENU)
    tick(30)
    S["status"].lines(S["board"])
    from tabletop.rules.rng import Rng

    if GAME == "pacal":
        from tabletop.rules import pacal

        S["deal"] = pacal.deal_duel(Rng(3))
    elif GAME == "pyraos":
        S["deal"] = None  # (no cards: nothing dealt)
    else:
        from tabletop.rules import diabolo

        S["deal"] = diabolo.deal(Rng(3), prof.players - 1)


def tick(n, event=0):
    for _ in range(n):
        S["t"] += S["prof"].tick_ms
        S["board"].step(S["digital"], S["analog"], event, S["t"])
        event = 0


def before():
    S["before"] = gc.mem_alloc()


def seat():
    board = S["board"]
    if KIND == "far":
        from tabletop.board.remote_seat import play_far

        play_far(board, tuple(range(1, board.players)), lambda obj: None)
        tick(2)
        if S["deal"] is not None:
            assert board.computer.deal(board, S["deal"]) is None
        tick(30)
    else:
        board.choose_computer(1)
        tick(2)
    S["status"].lines(board)


def after():
    board = S["board"]
    mods = sorted(k for k in sys.modules if k.startswith("tabletop.board") or "far" in k)
    print(GAME, KIND, "mode", board.mode, "bytes", gc.mem_alloc() - S["before"], mods)
    if ON_PICO:
        print("free", gc.mem_free(), "largest", largest_block())


def largest_block():
    # the largest bytearray the heap can give now, to 64 bytes
    low, high = 0, gc.mem_free()
    while high - low > 64:
        mid = (low + high) // 2
        try:
            bytearray(mid)
            low = mid
        except MemoryError:
            high = mid
        gc.collect()
    return low


PHASES = [setup, before, seat, after]
if ON_PICO:
    for phase in PHASES:
        gc.collect()
        phase()
