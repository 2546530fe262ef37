"""What of the firmware a board is given: only the games its profile names.

    sources(("pacal",))      # [(local file, path in the tree)]: the modules and text tables
    left_out(("pacal",))     # the dotted names of the modules a Pacal board is not given

Each file costs at least one 4 KB block of the board's flash, in each of the
two trees a deploy keeps (a Pico's 1.4 MB filesystem holds two trees of the
whole firmware, about 150 blocks each, and little more). A board plays only
the games of its profile (the protocol's ``new`` refuses any other, and a
journal of another game is set aside at boot), so another game's own modules
never load there and are left out.

A file is a game's own when a word of its name is the game's name
(``pacal_board``, ``render_pacal``, ``rules/pacal``, ``howto_fr_pacal``,
``words_nl_pacal.txt``); the rest is every game's. What a kept module names
(an import, or a module's full name in a string, as a seat's ``PREPARE``
or a board's ``FAR_SEAT`` does) is kept too, whatever game it is of: a
Diabolo board's computer samples turns with Pacal's ``pacal_sample``, and
the sensing reads the pyramid's shape from ``pyraos_geometry``.
HOST_ONLY (portable code only a host runs) is never given.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from tabletop import games

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
PACKAGES = ("tabletop", "hal")

# Portable code under firmware/ that only a host runs (never imported on a
# board): left out of the board's tree.
HOST_ONLY = (
    "tabletop/records/record.py",  # whole record files (read, checked, written): host tools
    "tabletop/show/picture_*.py",  # a position as plain text, for a host's screen
)


def _module(rel: Path) -> str:
    name = ".".join(rel.with_suffix("").parts)
    return name.removesuffix(".__init__")


def _game_of(rel: Path) -> str | None:
    words = set(rel.stem.split("_"))
    named = [g for g in games.NAMES if g in words]
    return named[0] if named else None


def _named(path: Path, modules: dict[str, Path]) -> set[str]:
    # the firmware modules a source names: its imports (anywhere in it), and
    # strings that are a module's full name; with the packages they are in
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
    out: set[str] = set()
    for name in found:
        parts = name.split(".")
        out.update(q for i in range(1, len(parts) + 1) if (q := ".".join(parts[:i])) in modules)
    return out


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((FIRMWARE / pkg).rglob("*.py")):
            rel = path.relative_to(FIRMWARE)
            if not any(rel.match(h) for h in HOST_ONLY):
                out[_module(rel)] = path
    return out


def _kept(plays: Iterable[str]) -> set[str]:
    plays = set(plays)
    modules = _modules()
    kept = {m for m, p in modules.items() if _game_of(p.relative_to(FIRMWARE)) in (None, *plays)}
    todo = list(kept)
    while todo:
        for name in _named(modules[todo.pop()], modules) - kept:
            kept.add(name)
            todo.append(name)
    return kept


def sources(plays: Iterable[str]) -> list[tuple[Path, Path]]:
    """The firmware a board playing the games ``plays`` is given: (local
    file, path in the tree) for each module kept and each text table of
    every game's or of those games."""
    plays = set(plays)
    kept = _kept(plays)
    out = [(p, p.relative_to(FIRMWARE)) for m, p in sorted(_modules().items()) if m in kept]
    for pkg in PACKAGES:
        for data in sorted((FIRMWARE / pkg).rglob("*.txt")):
            rel = data.relative_to(FIRMWARE)
            if _game_of(rel) in (None, *plays):
                out.append((data, rel))
    return out


def left_out(plays: Iterable[str]) -> set[str]:
    """The firmware modules (dotted names) a board playing ``plays`` is not
    given, HOST_ONLY's aside."""
    return set(_modules()) - _kept(plays)
