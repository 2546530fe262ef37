"""The repository stands alone: what a user or maker reads (the README,
docs/) and the code never point into the workplace's shared folder, which
they do not have."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = re.compile(r"(?<![\w-])(\.\./)?shared/(seeds|spec|pico|DESIGN|STYLE)")
FILES = sorted(
    [ROOT / "README.md", ROOT / "Makefile", *(ROOT / "docs").rglob("*.md")]
    + [p for d in ("firmware", "sim", "host_tools", "tests") for p in (ROOT / d).rglob("*.py")]
    + list((ROOT / "tests").rglob("*.mjs"))
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_file_points_into_the_shared_folder(path: Path) -> None:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        assert not SHARED.search(line), f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
