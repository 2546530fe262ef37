"""Runs on the emulated Pico (tests/pico/run.mjs sends it over the raw REPL):
the firmware replays a game tick by tick through the real hal, while the
board around the chip (tests/pico/board.mjs) feeds each tick's readings.

    replay(game, variant, profile_path, t0, tick_ms, ticks, heap_every, stages, allocs)

Ticks run back to back at the logged times (t0 + i * tick_ms): the hal, the
sensing, the controller, the LED frame, the journal on flash (hal.files over
/data, as on a board) and the status text, exactly as the device loop runs
them, only without its sleep. Pin STROBE is high while a tick runs, so the
board can time it and present its readings. Prints one JSON object per line:
{"status": [...], "tick": i} for each new status text, {"move": i} for each
tick that journaled a move, with ``allocs`` {"alloc": [i, bytes]} for each
tick after which gc.mem_alloc() differs (it allocated; negative: a
collection ran in it; each call walks the whole heap, 6 ms between ticks),
{"saved": i} for each tick that wrote the board's learnt state to flash,
{"heap": ...} figures, then {"journal": [...]}.
With ``heap_every``, a full collection every that many ticks samples the live
heap (outside the timed ticks; 0: none). ``stages`` names methods to time,
as paths from the runtime ("hal.read_analog", "board.sensor.observe"): each
is wrapped in a timer (which costs a few microseconds a call, so time the
ticks without it), each tick that journals a move is followed by
{"move_stages": {path: us in it}}, and {"stages": {path: [us per tick, calls,
longest call in us]}} comes last.
"""

import gc
import json
import time

from machine import Pin

from hal.files import Files
from hal.micropython_hal import MicroPythonHal
from tabletop.profile import load
from tabletop.runtime import Runtime

STROBE = 2  # tests/pico/board.mjs STROBE_PIN
_NO = object()  # an argument not given (to a timed stage)


def _timed(owner, name, spent):
    # owner.name, wrapped: its time, calls and longest call added to spent (a 3-list)
    method = getattr(owner, name)
    us = time.ticks_us
    diff = time.ticks_diff

    def timed(a=_NO, b=_NO, c=_NO, d=_NO, e=_NO):
        # (no *args: its tuple would allocate, and the collections that
        # follow would be timed as the stages' own)
        start = us()
        if a is _NO:
            result = method()
        elif b is _NO:
            result = method(a)
        elif c is _NO:
            result = method(a, b)
        elif d is _NO:
            result = method(a, b, c)
        elif e is _NO:
            result = method(a, b, c, d)
        else:
            result = method(a, b, c, d, e)
        took = diff(us(), start)
        spent[0] += took
        spent[1] += 1
        if took > spent[2]:
            spent[2] = took
        return result

    setattr(owner, name, timed)


def _count_saves(journal):
    # journal.save_state (the board's learnt state to flash), counted
    saved = [0]
    save_state = journal.save_state

    def counted(parts):
        saved[0] += 1
        return save_state(parts)

    journal.save_state = counted
    return saved


def _time_stages(rt, stages):
    spent = {}
    for path in stages:
        owner = rt
        parts = path.split(".")
        for part in parts[:-1]:
            owner = getattr(owner, part)
        spent[path] = [0, 0, 0]
        _timed(owner, parts[-1], spent[path])
    return spent


def replay(game, variant, profile_path, t0, tick_ms, ticks, heap_every, stages=(), allocs=False):
    gc.collect()
    free0 = gc.mem_free()
    alloc0 = gc.mem_alloc()
    began = time.ticks_ms()
    with open(profile_path) as f:
        profile = load(json.load(f))
    hal = MicroPythonHal(profile)
    strobe = Pin(STROBE, Pin.OUT, value=0)
    said = []

    def status(lines):
        said.append(lines)

    rt = Runtime(profile, hal, (game, variant), store=Files("/data"), status=status)
    setup_ms = time.ticks_diff(time.ticks_ms(), began)
    spent = _time_stages(rt, stages)
    gc.collect()
    setup = gc.mem_alloc()
    free_setup = gc.mem_free()
    peak = setup
    journal = rt.journal
    moves = len(journal)
    saved = _count_saves(journal)
    mem_alloc = gc.mem_alloc
    for i in range(ticks):
        before = mem_alloc() if allocs else 0
        saves = saved[0]
        spent_before = [spent[path][0] for path in stages] if spent else None
        strobe.value(1)
        rt.tick(t0 + i * tick_ms)
        strobe.value(0)
        grew = mem_alloc() - before if allocs else 0
        if grew:
            print(json.dumps({"alloc": [i, grew]}))
        if saved[0] != saves:
            print(json.dumps({"saved": i}))
        if said:
            for lines in said:
                print(json.dumps({"status": lines, "tick": i}))
            said.clear()
        if len(journal) != moves:
            moves = len(journal)
            print(json.dumps({"move": i}))
            if spent_before is not None:  # (where that tick went, stage by stage)
                took = {}
                for k, path in enumerate(stages):
                    took[path] = spent[path][0] - spent_before[k]
                print(json.dumps({"move_stages": took}))
        if heap_every and i % heap_every == heap_every - 1:
            gc.collect()
            peak = max(peak, gc.mem_alloc())
    gc.collect()
    peak = max(peak, gc.mem_alloc())
    print(
        json.dumps(
            {
                "heap": {
                    "free_before": free0,
                    "free_after_setup": free_setup,
                    "setup": setup - alloc0,
                    "peak": peak - alloc0,
                    "end": gc.mem_alloc() - alloc0,
                    "setup_ms": setup_ms,
                }
            }
        )
    )
    print(json.dumps({"journal": journal.lines()}))
    if spent:
        for path in spent:
            spent[path][0] //= ticks
        print(json.dumps({"stages": spent}))
