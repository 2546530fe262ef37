"""``make bench-pico``: the firmware on an emulated Pico (tests/pico), timed in
emulated cycles of a 125 MHz RP2040, with its heap on the real rp2 port.

    .venv/bin/python -m tests.bench.pico [--games pyraos,pacal-duel,pacal-solo,diabolo] [--lang nl]

Per game a seeded game is played on the virtual board (CPython), its sensor
stream replayed on the Pico through the real hal and, the same readings, on
CPython: every LED frame, status text and journal line must be the same
(exit 1 if not). Then, in emulated time (identical on every run and every
machine; flash wait states and XIP cache misses are NOT modelled, so code
from flash runs somewhat faster than on a board):

- quiet tick p50/p95: ticks of a board nobody touches: the virtual hand
  holds nothing and has done nothing for ``UNTOUCHED_MS`` (the piece it
  put down has landed), and the tick neither sends an LED frame nor
  writes to flash. What a board costs while the players think;
- between moves p50/p95: every tick that neither accepts a move, nor sends
  an LED frame, nor writes the board's learnt state (a second after a
  move): the quiet ones and those of a hand at work;
- move tick p50/max: ticks that accept a move; move answered p50/max: from
  the start of such a tick to the first bit of its LED frame on the wire;
- a full sensor scan, an LED frame, a journal write (tests/pico/stages_chip.py);
- heap: ``gc.mem_free()`` before and after set-up, and the peak live heap
  over the game (a full collection every HEAP_EVERY ticks), beyond what was
  in use before set-up (tests/pico/replay_chip.py has imported the runtime,
  the profile's loader and the hal by then: what every game's board loads
  anyway; a real board holds its tabletop.device and host link too); the
  idle ticks after which
  ``gc.mem_alloc()`` had grown (the real rp2 heap: it allocated).

Targets (exit 1 on a miss): move answered <= 10 ms, quiet tick p95 <= 2 ms
(a 5 ms tick then leaves room), peak live heap <= 64 KB, no quiet tick
allocates.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

from host_tools.deploy.install import NATIVE
from sim.runs.board_play import BoardRun, reference_profile
from sim.runs.selfplay import play_game
from tests.pico.harness import (
    HERE,
    RUN,
    PicoError,
    Replay,
    firmware_image,
    replay_on_cpython,
    replay_on_pico,
    to_adc,
)

HEAP_EVERY = 200
UNTOUCHED_MS = 300  # after the hand's last action, the board counts as untouched
STAGE_REPEATS = 20
# name: (game, variant, seed, events, hand mistakes, players): what each game plays
# (players: Diabolo's count, chosen at the board's select; 0 for the others)
GAMES = {
    "pyraos": ("pyraos", "standard", 21, 10, 0.3, 0),
    "pacal-duel": ("pacal", "duel", 22, 12, 0.3, 0),
    "pacal-solo": ("pacal", "solo", 23, 6, 0.0, 0),
    "diabolo": ("diabolo", "standard", 24, 8, 0.3, 4),
}
# What --stages times, as paths from the runtime (tests/pico/replay_chip.py).
STAGES = {
    "pyraos": (
        "hal.read_analog", "hal.read_buttons", "buttons.update", "board.step",
        "board.sensor.update", "board.sensor.observe", "board.sensor.learnt.residuals",
        "board.sensor.finder.fit", "board.sensor.finder.search", "board.sensor.finder._prune",
        "board.sensor.rebase", "board._idle_targets",
        "board.accept", "draw.render", "pixels.show", "journal.flush",
    ),
    "pacal": (
        "hal.read_digital", "hal.read_analog", "hal.read_buttons", "buttons.update", "board.step",
        "board.levels.update", "board.readers.update", "draw.render", "pixels.show",
        "journal.flush",
    ),
    "diabolo": (
        "hal.read_digital", "hal.read_buttons", "buttons.update", "board.step",
        "board.slots.update", "board.reader.update", "draw.render", "pixels.show",
        "journal.flush",
    ),
}  # fmt: skip
TARGETS = (  # (figure, comparison, limit, unit)
    ("move answered max", "<=", 10.0, "ms"),
    ("quiet tick p95", "<=", 2.0, "ms"),
    ("peak live heap", "<=", 64 * 1024, "bytes"),
    ("quiet ticks that allocated", "<=", 0, "ticks"),
)


def pct(values: list[float], p: int) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, len(values) * p // 100)] if values else float("nan")


class Recorded:
    """A game played on the virtual board, its readings kept: ``run`` (its
    ``hal.log``) and, per tick of the log, whether nobody touched the board
    and whether the board rested (its ``resting``: tabletop.board.contract)."""

    def __init__(self, run: BoardRun, untouched: list[bool], rested: list[bool]) -> None:
        self.run = run
        self.untouched = untouched
        self.rested = rested


def record(
    game: str,
    variant: str,
    seed: int,
    events: int,
    mistakes: float,
    players: int = 0,
    noise: float = 1.0,
) -> Recorded:
    moves = play_game(game, variant, seed, players or None).events[:events]
    run = BoardRun(
        reference_profile(game),
        game,
        variant,
        seed=seed,
        mistakes=mistakes,
        noise=noise,
        record_sensors=True,
        players=players,
    )
    holding: dict[int, bool] = {}  # tick time: the hand holds a piece
    rested: dict[int, bool] = {}  # ... the board rested
    tick = cast(Callable[[int], None], run.runtime.tick)

    def watched(now_ms: int) -> None:
        holding[now_ms] = run.physics.holding()
        tick(now_ms)
        rested[now_ms] = run.runtime.board.resting

    run.runtime.tick = watched  # type: ignore[method-assign]
    result = run.play(moves)
    if not result.ok:
        raise PicoError(f"{game} {variant} seed {seed} on the virtual board: {result.where}")
    acted = [t for t, _, _ in run.physics.actions]
    untouched = []
    last = -UNTOUCHED_MS
    for logged in run.hal.log.ticks:
        t = logged.t
        while acted and acted[0] <= t:
            last = acted.pop(0)
        untouched.append(not holding.get(t, False) and t - last >= UNTOUCHED_MS)
    return Recorded(run, untouched, [rested.get(x.t, False) for x in run.hal.log.ticks])


def differences(chip: Replay, cpython: Replay) -> list[str]:
    out = []
    if chip.frames != cpython.frames:
        n = next(
            (
                i
                for i, (a, b) in enumerate(zip(chip.frames, cpython.frames, strict=False))
                if a != b
            ),
            min(len(chip.frames), len(cpython.frames)),
        )
        out.append(f"LED frames part at frame {n} ({len(chip.frames)} vs {len(cpython.frames)})")
    if chip.statuses != cpython.statuses:
        out.append("status texts differ")
    if [json.loads(x) for x in chip.journal] != [json.loads(x) for x in cpython.journal]:
        out.append("journals differ")
    return out


def stages(image: Path, game: str) -> dict[str, list[int]]:
    script = (HERE / "stages_chip.py").read_text()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "stages.py"
        path.write_text(f"{script}\nstages('/profiles/{game}.json', {STAGE_REPEATS})\n")
        out = subprocess.run(
            ["node", str(RUN), "exec", str(image), str(path)], capture_output=True, text=True
        )
    result = json.loads(out.stdout.splitlines()[-1])
    if out.returncode or result["stderr"]:
        raise PicoError(result["stderr"] + out.stderr)
    figures: dict[str, list[int]] = json.loads(result["stdout"].strip().splitlines()[-1])
    return figures


def game_figures(chip: Replay, untouched: list[bool]) -> dict[str, tuple[float, str]]:
    moves = set(chip.moves)
    ms = [(end - start) / 1e6 for start, end, _ in chip.timing]
    busy = set(moves) | set(chip.saved)  # a move, or the learnt state written to flash
    between = [i for i, (_, _, led) in enumerate(chip.timing) if led < 0 and i not in busy]
    idle = [ms[i] for i in between]
    quiet = [i for i in between if untouched[i]]
    allocating = [i for i in quiet if chip.allocs.get(i, 0) > 0]
    move = [ms[i] for i in moves]
    answered = [
        (chip.timing[i][2] - chip.timing[i][0]) / 1e6 for i in moves if chip.timing[i][2] >= 0
    ]
    heap = chip.heap
    return {
        "ticks replayed": (len(ms), ""),
        "moves accepted": (len(moves), ""),
        "quiet ticks": (len(quiet), f"of {len(between)} between moves"),
        "quiet tick p50": (round(pct([ms[i] for i in quiet], 50), 3), "ms"),
        "quiet tick p95": (round(pct([ms[i] for i in quiet], 95), 3), "ms"),
        "between moves p50": (round(pct(idle, 50), 3), "ms"),
        "between moves p95": (round(pct(idle, 95), 3), "ms"),
        "move tick p50": (round(pct(move, 50), 3), "ms"),
        "move tick max": (round(max(move, default=float("nan")), 3), "ms"),
        "move answered p50": (round(pct(answered, 50), 3), "ms"),
        "move answered max": (round(max(answered, default=float("nan")), 3), "ms"),
        "set-up (profile, hal, runtime)": (heap["setup_ms"], "ms"),
        "gc.mem_free() before set-up": (heap["free_before"], "bytes"),
        "gc.mem_free() after set-up": (heap["free_after_setup"], "bytes"),
        "live heap after set-up": (heap["setup"], "bytes"),
        "peak live heap": (heap["peak"], "bytes"),
        "live heap at the end": (heap["end"], "bytes"),
        "quiet ticks that allocated": (len(allocating), f"of {len(quiet)}"),
    }


def stage_figures(found: dict[str, list[int]]) -> dict[str, tuple[float, str]]:
    out: dict[str, tuple[float, str]] = {}
    for key, name in (
        ("scan_us", "sensor scan"),
        ("frame_us", "LED frame"),
        ("journal_us", "journal write"),
    ):
        values = [v / 1000 for v in found[key]]
        out[f"{name} p50"] = (round(pct(values, 50), 3), "ms")
        out[f"{name} max"] = (round(max(values), 3), "ms")
    return out


def run_game(
    image: Path, name: str, lang: str = "en"
) -> tuple[dict[str, tuple[float, str]], list[str]]:
    game, variant, seed, events, mistakes, players = GAMES[name]
    played = record(game, variant, seed, events, mistakes, players)
    log = to_adc(played.run.hal.log)
    host = time.time()
    chip = replay_on_pico(image, log, game, variant, heap_every=HEAP_EVERY, allocs=True)
    figures = game_figures(chip, played.untouched)
    figures["host time of the replay"] = (round(time.time() - host), "s")
    return figures, differences(chip, replay_on_cpython(log, game, variant, lang))


def print_stages(image: Path, name: str) -> None:
    """Where one game's ticks go: each stage's microseconds per tick (timers
    on the methods, a few microseconds a call of their own)."""
    game, variant, seed, events, mistakes, players = GAMES[name]
    log = to_adc(record(game, variant, seed, events, mistakes, players).run.hal.log)
    chip = replay_on_pico(image, log, game, variant, stages=STAGES[game])
    ms = [(end - start) / 1e6 for start, end, _ in chip.timing]
    print(f"\n{name}: {len(ms)} ticks, {round(sum(ms) / len(ms) * 1000)} us a tick on average")
    for path, (us, calls, longest) in chip.stages.items():
        print(f"  {path:<40} {us:>6} us a tick  {calls:>6} calls, longest {longest} us")
    if chip.move_stages:
        moves = len(chip.move_stages)
        print(f"  the {moves} ticks that accepted a move, each stage's us: p50, max")
        for path in chip.move_stages[0]:
            took = [float(tick[path]) for tick in chip.move_stages]
            print(f"  {path:<40} {round(pct(took, 50)):>6} {round(max(took)):>6}")
        print("  each: its answer (ms, timers included), board.step, draw.render (us)")
        for i, tick in zip(chip.moves, chip.move_stages, strict=True):
            start, _, led = chip.timing[i]
            step, render = tick["board.step"], tick["draw.render"]
            print(f"  tick {i}: {(led - start) / 1e6:.3f}  {step} {render}")


def check(figures: dict[str, tuple[float, str]]) -> list[str]:
    missed = []
    for name, op, limit, unit in TARGETS:
        value = figures[name][0]
        ok = value <= limit if op == "<=" else value >= limit
        print(f"  {'ok  ' if ok else 'MISS'} {name}: {value} {op} {limit} {unit}")
        if not ok:
            missed.append(name)
    return missed


def figures_for(name: str) -> dict[str, tuple[float, str]]:
    """One game's figures (``make bench`` quotes them), its replay checked."""
    image = firmware_image()
    figures, differ = run_game(image, name)
    if differ:
        raise PicoError(f"{name} on the Pico differs from CPython: {'; '.join(differ)}")
    figures.update(stage_figures(stages(image, GAMES[name][0])))
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="make bench-pico")
    parser.add_argument(
        "--games", default=",".join(GAMES), help="comma-separated: " + ", ".join(GAMES)
    )
    parser.add_argument(
        "--stages", action="store_true", help="where the ticks go: each stage's time per tick"
    )
    parser.add_argument(
        "--native",
        default="",
        help="comma-separated module prefixes to compile as machine code (-X emit=native)"
        " besides the deploy's (the computer's search), to weigh their speed against their heap",
    )
    parser.add_argument(
        "--lang", default="en", choices=("en", "nl", "fr"), help="the display's language"
    )
    args = parser.parse_args(argv)
    image = firmware_image(NATIVE + tuple(m for m in args.native.split(",") if m), args.lang)
    if args.stages:
        for name in args.games.split(","):
            print_stages(image, name)
        return
    print("The firmware on an emulated Pico (rp2040js, MicroPython v1.24.1 rp2), emulated time")
    print("at 125 MHz; flash wait states and XIP cache misses are not modelled.")
    failed = 0
    staged: dict[str, dict[str, tuple[float, str]]] = {}
    for name in args.games.split(","):
        game = GAMES[name][0]
        figures, differ = run_game(image, name, args.lang)
        if game not in staged:
            staged[game] = stage_figures(stages(image, game))
        figures.update(staged[game])
        print(f"\n{name}")
        for key, (value, unit) in figures.items():
            print(f"  {key:<50} {value} {unit}")
        for what in differ:
            print(f"  DIFFERS from CPython: {what}")
        failed += len(differ) + len(check(figures))
    if failed:
        sys.exit(f"{failed} problem(s)")


if __name__ == "__main__":
    main()
