"""``make bench-pico-computer``: a board's computer seat on the emulated
Pico (tests/pico), in emulated time.

    .venv/bin/python -m tests.bench.computer_pico [--game pyraos] [--level medium]
        [--think-ms 8000] [--positions 12] [--tick-us N]

For positions of seeded random games (the opening, then after 6, 12, ... plies)
the seat chooses its turn as on a board (tabletop.board.computer: a slice of
positions after each tick; the tick itself stood in for by a busy wait of
``--tick-us``, the Pyraos board's idle tick p50 from ``make bench-pico``).
Prints, per position and then summed up: the time from the turn to the
choice, the positions looked at and how many turns deep it looked, the
longest slice of thinking after a tick (of all, and once the search runs:
its imports and set-up are ticks of their own); the live heap before, at its peak
while thinking (a full collection every 10 ticks) and after the choice (the
players given back). The first choice leaves a few KB for good: the names
the players' code brought (MicroPython keeps interned strings) and the
seeded generator's module; later choices leave nothing.

``--game diabolo``: positions of a four-player round after 0, 3, 6, ...
random moves, the seat being the player to move with its hand given (as a
board reads it in); its modules imported one a tick, its set-up a tick,
then (strong) a sampled round played out a tick; medium and easy choose by
the rule of thumb at once. The tick is the Pacal board's idle tick (the
Diabolo board's is not measured on the Pico yet).

``--game pacal``: positions of a duel's first round after 0, 3, 6, ...
random events, the seat being the player to move with its hand given (as a
board reads it in). Its modules are imported one a tick, then it sets up,
then plays a sampled turn a tick. Its sampling takes the level's time by
design, so "positions" is how many sampled turns fit in it; it stops at the
first whole sample (a sampled round after every candidate) past its time,
so a choice may take up to half as long again (a sample of six candidates
in the opening is about 1.2 s on a Pico). The tick is the Pacal board's
idle tick p95 (1.9 ms).

Exit 1 when a choice takes longer than the level's time (a quarter of
``--think-ms`` for medium) and 100 ms (Pacal: half as long again), or a
choice after the first leaves more than 1 KB.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.pico.harness import RUN, PicoError, firmware_image

HERE = Path(__file__).resolve().parent
CHIP = HERE.parent / "pico" / "computer_chip.py"
SHARE = {"easy": 8, "medium": 4, "strong": 1}  # of think_ms (tabletop.players.pyraos_player)
# each board's idle tick (make bench-pico; Diabolo's is not measured there:
# the Pacal board's, which reads its 20 fields' ADCs besides the code spots)
# (Pyraos: a board at rest, as while the seat thinks; it was 4.3 ms before the
# sensing's work followed what changed, docs/FIRMWARE.md "A board at rest")
TICK_US = {"pyraos": 1820, "pacal": 1900, "diabolo": 1900}
CHIP_RUNS = {"pyraos": "run", "pacal": "run_pacal", "diabolo": "run_diabolo"}  # (computer_chip.py)
STEP = {"pyraos": 6, "pacal": 3, "diabolo": 3}  # the positions: plies apart
KINDS = {1: "offer", 2: "take", 3: "build", 5: "card laid", 6: "card put out"}  # its choice
HEAP_SLACK = 1024


def on_chip(image: Path, game: str, positions: list[tuple[int, int]], level: str,
            think_ms: int, tick_us: int) -> list[dict[str, int]]:  # fmt: skip
    call = f"{CHIP_RUNS[game]}({positions!r}, {level!r}, {think_ms}, {tick_us})"
    script = CHIP.read_text() + f"\n{call}\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "computer.py"
        path.write_text(script)
        out = subprocess.run(
            ["node", str(RUN), "exec", str(image), str(path)], capture_output=True, text=True
        )
    if out.returncode:
        raise PicoError(out.stderr[-4000:])
    result = json.loads(out.stdout.splitlines()[-1])
    if result["stderr"]:
        raise PicoError(result["stderr"])
    return [json.loads(line) for line in result["stdout"].splitlines() if line.startswith("{")]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="make bench-pico-computer")
    parser.add_argument("--game", default="pyraos", choices=sorted(TICK_US))
    parser.add_argument("--level", default="medium", choices=sorted(SHARE))
    parser.add_argument("--think-ms", type=int, default=8000)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--tick-us", type=int)
    args = parser.parse_args(argv)
    game = args.game
    tick_us = args.tick_us or TICK_US[game]
    step = STEP[game]
    positions = [(seed, step * (seed % 5)) for seed in range(1, args.positions + 1)]
    limit = args.think_ms // SHARE[args.level]
    found = on_chip(firmware_image(), game, positions, args.level, args.think_ms, tick_us)
    print(f"The {game.capitalize()} computer seat on an emulated Pico: {args.level}, "
          f"{limit} ms to think,")  # fmt: skip
    print(f"a {tick_us} us tick between slices (emulated time, 125 MHz)")
    print(f"{'seed':>4} {'plies':>5} {'ms':>6} {'nodes':>6} {'depth':>5} "
          f"{'heap before':>11} {'peak':>7} {'after':>7}")  # fmt: skip
    problems = []
    for i, f in enumerate(found):
        print(f"{f['seed']:>4} {f['plies']:>5} {f['ms']:>6} {f['nodes']:>6} {f['depth']:>5} "
              f"{f['before']:>11} {f['peak']:>7} {f['after']:>7}")  # fmt: skip
        if "kind" in f:
            print(f"{'':>11} a {game.capitalize()} {KINDS[f['kind']]}")
        if f["ms"] > (limit * 3 // 2 if game != "pyraos" else limit + 100):
            problems.append(f"seed {f['seed']}: {f['ms']} ms to choose")
        if i and f["after"] > f["before"] + HEAP_SLACK:
            problems.append(f"seed {f['seed']}: {f['after'] - f['before']} B not given back")
    ms = sorted(f["ms"] for f in found)
    depths = sorted(f["depth"] for f in found)
    rate = sum(f["nodes"] for f in found) / max(1, sum(f["ms"] for f in found)) * 1000
    print(f"\nchoice: median {ms[len(ms) // 2]} ms, max {ms[-1]} ms; depth: {depths}")
    print(f"positions a second while thinking (ticks included): {rate:.0f}")
    slices = sorted(f["slice_us"] for f in found)
    print(f"the longest slice of thinking after a tick: median {slices[len(slices) // 2]} us, "
          f"max {slices[-1]} us")  # fmt: skip
    searched = sorted(f["search_us"] for f in found)
    print(f"... once the search runs (no import or set-up): median "
          f"{searched[len(searched) // 2]} us, max {searched[-1]} us; "
          f"a tick and its slice at most {tick_us + searched[-1]} us")  # fmt: skip
    extra = max(f["peak"] - f["before"] for f in found)
    kept = max((f["after"] - f["before"] for f in found[1:]), default=0)
    print(
        f"heap taken while thinking, at most: {extra} B; kept after the first choice: "
        f"{found[0]['after'] - found[0]['before']} B, after each later one at most {kept} B"
    )
    if problems:
        sys.exit("\n".join(problems))


if __name__ == "__main__":
    main()
