"""``python -m host_tools wiring --profile NAME|FILE.json [--out DIR]``: the
pin table of a board's profile on stdout; with ``--out``, its wiring diagram
in DIR as NAME-wiring.svg and NAME-wiring.pdf.

    run("pyraos", None, sys.stdout)          # 0, or 1 with one error line on stderr

The profile is read as ``deploy`` reads it (host_tools.board.profile_file:
a name of firmware/profiles or a ``.json`` file, checked by the firmware's
own loader), so a profile the board would refuse gets no table: the error
names the file and the key. A folder ``--out`` that cannot be made is said
before anything is printed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from host_tools.board.profile_file import ProfileFileError, read_profile
from host_tools.wiring.diagram import write
from host_tools.wiring.table import Wiring


def run(profile: str, out: str | None, stdout: TextIO) -> int:
    """The ``wiring`` subcommand: 0, or 1 with the reason on stderr."""
    try:
        wiring = Wiring.of(read_profile(profile))
    except ProfileFileError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    folder = Path(out) if out is not None else None
    if folder is not None:
        try:
            if folder.exists() and not folder.is_dir():
                raise NotADirectoryError(0, "it is a file, not a folder")
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            print(f"error: {folder}: cannot be made: {err.strerror or err}", file=sys.stderr)
            return 1
    for line in wiring.lines():
        print(line, file=stdout)
    if folder is None:
        return 0
    try:
        written = write(wiring, folder)
    except OSError as err:
        where = f"{err.filename}: {err.strerror}" if err.filename and err.strerror else err
        print(f"error: the wiring diagram cannot be written: {where}", file=sys.stderr)
        return 1
    print("", file=stdout)
    for path in written:
        print(f"wrote {path}", file=stdout)
    return 0
