"""``python -m host_tools``: the tools for a board, from the computer.

    python -m host_tools cards [--out DIR]     printable sheets of the Pacal cards

(deploy, monitor, map and replay are issue 14's still to come.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m host_tools", description=__doc__.splitlines()[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    cards = sub.add_parser("cards", help="printable sheets of the Pacal cards, SVG and PDF")
    cards.add_argument("--out", default="cards", help="folder for the sheets (default: cards)")
    args = parser.parse_args(argv)
    from host_tools import cards as sheets

    for path in sheets.write(Path(args.out)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
