"""The layers of every tree, as docs/FIRMWARE.md draws them, are the code's.

docs/FIRMWARE.md draws three pictures, each a stack of one tree's folders
(and top-level modules) in layers, highest first: the firmware
(firmware/: tabletop/ and hal/), the simulator (sim/) and the host tools
(host_tools/). This test reads them and every import in each tree (at
module level, inside functions and under ``TYPE_CHECKING``: a lazy or a
typing-only import is a dependency too), and checks for each tree that

- every folder and module of the tree is in its picture, once, and the
  picture names nothing that is not there;
- a module imports only from its own folder or from layers below its own
  (two parts side by side in one layer do not import each other);
- no chain of imports leads back to where it started (no cycles);
- the trees keep apart: the firmware imports neither the simulator nor the
  host tools, the host tools do not import the simulator (both stand on
  the firmware's portable code alone; the simulator takes only the room
  from the host tools, host_tools.remote, where a board's bridge meets
  it), and the hal imports nothing from the game core.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "FIRMWARE.md"


class Tree:
    """One tree's modules, their imports and its picture."""

    def __init__(self, name: str, base: Path, tops: tuple[str, ...], unit: str) -> None:
        self.name = name
        self.base = base  # the folder its top-level packages live in
        self.tops = tops  # its top-level packages and modules
        self.unit = re.compile(unit)  # what a unit looks like in its picture
        self.modules = self._modules()
        self.graph = {m: sorted(set(self._imports(p))) for m, p in self.modules.items()}

    def _modules(self) -> dict[str, Path]:
        out = {}
        for top in self.tops:
            root = self.base / top
            paths = sorted(root.rglob("*.py")) if root.is_dir() else [self.base / f"{top}.py"]
            for path in paths:
                rel = path.relative_to(self.base).with_suffix("")
                parts = list(rel.parts)
                if parts[-1] == "__init__":
                    parts.pop()
                out[".".join(parts)] = path
        return out

    def _imports(self, path: Path) -> Iterator[str]:
        """The modules of this tree ``path`` imports, anywhere in it:
        ``from a.b import c`` is the module a.b.c if there is one, else a.b."""
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [
                    f"{node.module}.{a.name}"
                    if f"{node.module}.{a.name}" in self.modules
                    else node.module
                    for a in node.names
                ]
            else:
                continue
            yield from (name for name in names if name in self.modules)

    def unit_of(self, module: str) -> str:
        """A module's unit: its folder under the tree's package, or the module."""
        parts = module.split(".")
        if parts[0] == "hal":
            return "hal/"
        if len(parts) == 1:
            return f"{parts[0]}.py"
        if (self.base / parts[0] / parts[1]).is_dir():
            return f"{parts[0]}/{parts[1]}/"
        return f"{parts[0]}/{parts[1]}.py"

    @property
    def packages(self) -> set[str]:
        """The package modules themselves (their ROOT, VERSION, part()):
        every unit may use them."""
        return {t for t in self.tops if (self.base / t).is_dir()}

    def units(self) -> set[str]:
        return {self.unit_of(m) for m in self.modules if m not in self.packages}

    def picture(self) -> dict[str, int]:
        """Each unit this tree's picture names, and its layer (0: the top)."""
        text = DOC.read_text(encoding="utf-8")
        for block in text.split("```text\n")[1:]:
            block = block.split("```", 1)[0]
            found = self.unit.findall(block)
            if not found:
                continue
            layers: dict[str, int] = {}
            layer = 0
            for line in block.splitlines():
                if line.lstrip().startswith(("├", "└")):
                    layer += 1
                    continue
                for unit in self.unit.findall(line):
                    assert unit not in layers, f"{unit} is drawn twice"
                    layers[unit] = layer
            return layers
        raise AssertionError(f"docs/FIRMWARE.md draws no picture of {self.name}")


def imported(path: Path) -> Iterator[str]:
    """Every module name ``path`` imports, of any tree or library."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module


TREES = {
    "firmware": Tree(
        "the firmware",
        ROOT / "firmware",
        ("tabletop", "hal", "main", "boot"),
        r"(?:tabletop/[a-z_]+/|tabletop/[a-z_]+\.py|hal/|main\.py|boot\.py)",
    ),
    "sim": Tree("the simulator", ROOT, ("sim",), r"sim/(?:[a-z_]+/|[a-z_]+\.py)"),
    "host_tools": Tree(
        "the host tools", ROOT, ("host_tools",), r"host_tools/(?:[a-z_]+/|[a-z_]+\.py)"
    ),
}


@pytest.mark.parametrize("tree", TREES, ids=str)
def test_the_picture_names_every_folder_once_and_nothing_else(tree: str) -> None:
    t = TREES[tree]
    drawn = set(t.picture())
    assert t.units() - drawn == set(), "in the tree, not in the picture"
    assert drawn - t.units() == set(), "in the picture, not in the tree"


def _edges() -> Iterator[tuple[str, str, str]]:
    for key, tree in TREES.items():
        for name in sorted(tree.modules):
            if name not in tree.packages:
                yield key, name, ""


@pytest.mark.parametrize(("tree", "name", "_"), list(_edges()), ids=lambda x: x or "")
def test_a_module_imports_only_its_own_folder_or_layers_below(tree: str, name: str, _: str) -> None:
    t = TREES[tree]
    layers = t.picture()
    mine = t.unit_of(name)
    for target in t.graph[name]:
        if target in t.packages:
            continue  # (the package itself: its VERSION or ROOT, its part())
        theirs = t.unit_of(target)
        if theirs == mine:
            continue
        assert layers[theirs] > layers[mine], (
            f"{name} ({mine}, layer {layers[mine]}) imports {target} "
            f"({theirs}, layer {layers[theirs]}): not below it"
        )


def test_the_package_modules_import_nothing_of_their_trees() -> None:
    for tree in TREES.values():
        for package in tree.packages:
            assert tree.graph[package] == [], package


def test_the_hal_imports_nothing_from_the_game_core() -> None:
    for name, targets in TREES["firmware"].graph.items():
        if name.startswith("hal"):
            assert [t for t in targets if t.startswith("tabletop")] == [], name


SHARED = "host_tools.remote."  # what the simulator's --remote takes from the host tools


@pytest.mark.parametrize(
    ("tree", "forbidden"),
    [("firmware", ("sim", "host_tools")), ("host_tools", ("sim",)), ("sim", ("host_tools",))],
)
def test_the_trees_keep_apart(tree: str, forbidden: tuple[str, ...]) -> None:
    for name, path in TREES[tree].modules.items():
        for target in imported(path):
            if tree == "sim" and target.startswith(SHARED):
                continue  # (the room a window and a board's bridge meet in: docs/REMOTE.md)
            assert target.split(".")[0] not in forbidden, f"{name} imports {target}"


@pytest.mark.parametrize("tree", TREES, ids=str)
def test_no_import_cycles(tree: str) -> None:
    graph = TREES[tree].graph
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            cycle = path[path.index(name) :] + [name]
            pytest.fail("import cycle: " + " -> ".join(cycle))
        if name in done:
            return
        for target in graph[name]:
            visit(target, [*path, name])
        done.add(name)

    for name in graph:
        visit(name, [])
