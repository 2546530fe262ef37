"""MicroPython libraries the firmware uses but does not carry (pinned in
pyproject.toml, ``[tool.tabletop.mplib.NAME]``).

    python -m host_tools.deploy.mplib fetch DIR     # DIR/NAME.py for each, checked by sha256

The Makefile fetches them into .venv/mplib for the tests (tests/mp/run.mjs
puts them in MicroPython's /lib, where ``mip install`` puts them on a board).
A file already there with the pinned content is not fetched again.
"""

from __future__ import annotations

import hashlib
import io
import sys
import tarfile
import tomllib
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from host_tools import ROOT


@dataclass(frozen=True)
class Lib:
    name: str
    version: str
    url: str
    sha256: str  # of the archive at url
    member: str  # the module's path inside it


def pinned(pyproject: Path = ROOT / "pyproject.toml") -> list[Lib]:
    with pyproject.open("rb") as f:
        table = tomllib.load(f)["tool"]["tabletop"]["mplib"]
    return [
        Lib(name, t["version"], t["url"], t["sha256"], t["member"]) for name, t in table.items()
    ]


def module_text(lib: Lib, archive: bytes) -> bytes:
    """The module inside ``archive``, after checking its digest."""
    got = hashlib.sha256(archive).hexdigest()
    if got != lib.sha256:
        raise ValueError(f"{lib.name} {lib.version}: sha256 {got}, pinned {lib.sha256}")
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        f = tar.extractfile(lib.member)
        if f is None:
            raise ValueError(f"{lib.name}: {lib.member} is not a file in {lib.url}")
        return f.read()


def fetch(into: Path, libs: list[Lib] | None = None) -> list[Path]:
    into.mkdir(parents=True, exist_ok=True)
    out = []
    for lib in pinned() if libs is None else libs:
        target = into / f"{lib.name}.py"
        stamp = into / f"{lib.name}.sha256"
        if target.exists() and stamp.exists() and stamp.read_text().strip() == lib.sha256:
            out.append(target)
            continue
        with urllib.request.urlopen(lib.url, timeout=60) as r:
            archive = r.read()
        target.write_bytes(module_text(lib, archive))
        stamp.write_text(lib.sha256 + "\n")
        out.append(target)
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "fetch":
        print("usage: python -m host_tools.deploy.mplib fetch DIR", file=sys.stderr)
        return 2
    try:
        for path in fetch(Path(argv[1])):
            print(path)
    except (OSError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
