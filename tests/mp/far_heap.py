"""What a Diabolo board's far seats cost of the live heap, under the
MicroPython WebAssembly build (docs/FIRMWARE.md, "The heap after boot"):

    node tests/mp/run.mjs script tests/mp/far_heap.py
    node tests/mp/run.mjs script --root OTHER_CHECKOUT tests/mp/far_heap.py   # another firmware
    node tests/mp/run.mjs script --data DIR tests/mp/far_heap.py /ext/0/lib   # DIR/lib: .mpy files

A three-player board at its first deal, then the host's ``remote`` (seats
1 and 2 far away), the room's deal, a far take-back asked and refused with
BACK, and BACK with nothing of the board's seat to take back (every status
screen drawn on the way). Each phase starts after a real collection
(tests/mp/run.mjs's PHASES), so its first ``gc.mem_alloc()`` is the live
heap. It prints one JSON object: each reading less the first (bytes),
the refusal of ``asked`` (None: taken), what the board said to the host,
and where its modules came from (DIR/lib: the firmware's packages made by
mpy-cross, as tests/bench/__main__.py's ``compile_firmware`` makes them).
The last reading is the steadiest: one read right after a phase that
imported code still holds some of that phase's garbage.
"""

import gc
import json
import sys
from array import array

if len(sys.argv) > 1:
    sys.path.insert(0, sys.argv[1])  # (mpy-cross's modules, as a board loads them)

R = []
B = {}


def tick(event=0, n=10):
    b = B["b"]
    for _ in range(n):
        B["t"] += 10
        seat = b.computer
        if event and seat is not None and seat.talk is not None:
            event = seat.pressed(event)  # (as the runtime)
        b.step(B["dig"], B["ana"], event, B["t"])
        event = 0


def p_setup():
    from tabletop.board import diabolo_board as db
    from tabletop.buttons import presses
    from tabletop.keep.journal import Journal
    from tabletop.profile import load
    from tabletop.rules import diabolo
    from tabletop.rules.rng import Rng
    from tabletop.show import status_diabolo

    with open("/repo/firmware/profiles/diabolo.json") as f:
        prof = load(json.load(f))
    j = Journal("diabolo", "standard", players=3)
    b = db.DiaboloBoard(prof, "standard", j)
    dig = bytearray(prof.registers)
    ana = array("H", [0])
    B.update(b=b, j=j, dig=dig, ana=ana, t=0, presses=presses, st=status_diabolo)
    B["ev"] = diabolo.deal(Rng(3), 2)
    B["said"] = []
    tick(presses.SHORT_MENU)
    status_diabolo.lines(b)


def p_remote():
    R.append(gc.mem_alloc())
    from tabletop.board.remote_seat import play_far

    play_far(B["b"], (1, 2), B["said"].append)
    tick()
    B["st"].lines(B["b"])


def p_deal():
    R.append(gc.mem_alloc())
    b = B["b"]
    why = b.computer.deal(b, B["ev"])
    assert why is None, why
    tick()
    B["st"].lines(b)


def p_ask():
    R.append(gc.mem_alloc())
    from tabletop.board.remote_seat import asked

    b = B["b"]
    B["asked"] = asked(b, {"cmd": "asked", "back": 1, "by": 1, "moves": 1})
    B["st"].lines(b)
    tick(B["presses"].SHORT_BACK)  # answered no
    tick(B["presses"].SHORT_BACK)  # BACK: nothing of the board's seat yet
    B["st"].lines(b)


def p_end():
    R.append(gc.mem_alloc())
    base = R[0]
    out = {"remote": R[1] - base, "+ deal": R[2] - base, "+ ask, BACK": R[3] - base}
    out["asked"] = B["asked"]
    out["said"] = B["said"]
    out["from"] = __import__("tabletop.board.diabolo_remote").board.diabolo_remote.__file__
    print(json.dumps(out))


PHASES = [p_setup, p_remote, p_deal, p_ask, p_end]
