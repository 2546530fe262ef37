"""The firmware's layers, as docs/FIRMWARE.md draws them, are the code's.

The picture at the top of docs/FIRMWARE.md stacks the firmware's folders
(and top-level modules) in layers, highest first. This test reads it and
every import in firmware/ (at module level and inside functions: a lazy
import is a dependency too), and checks that

- every folder and module of the firmware is in the picture, once, and
  the picture names nothing that is not there;
- a module imports only from its own folder or from layers below its own
  (two parts side by side in one layer do not import each other);
- no chain of imports leads back to where it started (no cycles);
- the hal imports nothing from the game core.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware"
DOC = ROOT / "docs" / "FIRMWARE.md"
UNIT = re.compile(r"(?:tabletop/[a-z_]+/|tabletop/[a-z_]+\.py|hal/|main\.py|boot\.py)")


def picture() -> dict[str, int]:
    """Each unit the picture names, and its layer (0: the top)."""
    text = DOC.read_text(encoding="utf-8")
    block = text.split("```text\n", 1)[1].split("```", 1)[0]
    layers: dict[str, int] = {}
    layer = 0
    for line in block.splitlines():
        if line.lstrip().startswith(("├", "└")):
            layer += 1
            continue
        for unit in UNIT.findall(line):
            assert unit not in layers, f"{unit} is drawn twice"
            layers[unit] = layer
    return layers


def unit_of(module: str) -> str:
    """The unit a module belongs to: its folder under tabletop/, or the module."""
    parts = module.split(".")
    if parts[0] == "hal":
        return "hal/"
    if parts[0] == "tabletop":
        if (FIRMWARE / "tabletop" / parts[1]).is_dir():
            return f"tabletop/{parts[1]}/"
        return f"tabletop/{parts[1]}.py"
    return f"{parts[0]}.py"


def modules() -> dict[str, Path]:
    """Every firmware module by its dotted name (``tabletop.show.render``)."""
    out = {}
    for path in sorted(FIRMWARE.rglob("*.py")):
        rel = path.relative_to(FIRMWARE).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = modules()


def imports(path: Path) -> Iterator[str]:
    """The firmware modules ``path`` imports, anywhere in it."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            # ``from a.b import c``: the module a.b.c if there is one, else a.b
            names = [
                f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in MODULES else node.module
                for a in node.names
            ]
        else:
            continue
        yield from (name for name in names if name in MODULES)


GRAPH = {name: sorted(set(imports(path))) for name, path in MODULES.items()}
UNITS = {unit_of(name) for name in MODULES if name != "tabletop"}


def test_the_picture_names_every_folder_once_and_nothing_else() -> None:
    drawn = set(picture())
    assert UNITS - drawn == set(), "in the tree, not in the picture"
    assert drawn - UNITS == set(), "in the picture, not in the tree"


def test_the_tabletop_package_itself_imports_nothing() -> None:
    assert GRAPH["tabletop"] == []


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n != "tabletop"))
def test_a_module_imports_only_its_own_folder_or_layers_below(name: str) -> None:
    layers = picture()
    mine = unit_of(name)
    for target in GRAPH[name]:
        if target == "tabletop":
            continue  # (the package: its VERSION, nothing else)
        theirs = unit_of(target)
        if theirs == mine:
            continue
        assert layers[theirs] > layers[mine], (
            f"{name} ({mine}, layer {layers[mine]}) imports {target} "
            f"({theirs}, layer {layers[theirs]}): not below it"
        )


def test_the_hal_imports_nothing_from_the_game_core() -> None:
    for name, targets in GRAPH.items():
        if name.startswith("hal"):
            assert [t for t in targets if t.startswith("tabletop")] == [], name


def test_no_import_cycles() -> None:
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            cycle = path[path.index(name) :] + [name]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        if name in done:
            return
        for target in GRAPH[name]:
            visit(target, [*path, name])
        done.add(name)

    for name in MODULES:
        visit(name, [])
