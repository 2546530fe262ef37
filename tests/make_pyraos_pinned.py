"""Write tests/portable/pyraos_pinned.py: the Pyraos search's choices at the
positions of tests/portable/test_pyraos_pinned.py, as the search makes them
now. Only when the search's order or judgement is changed on purpose (say
why in the commit):

    .venv/bin/python -m tests.make_pyraos_pinned
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent / "portable"
sys.path.insert(0, str(HERE))

from test_pyraos_pinned import choice, positions  # type: ignore[import-not-found]  # noqa: E402

HEADER = '''"""The Pyraos search's pinned choices (tests/portable/test_pyraos_pinned.py),
written by tests/make_pyraos_pinned.py: (variant, seed, plies, level, the
turn's moves, value, depth)."""

PINNED = (
'''


def main() -> None:
    lines = [HEADER]
    for variant, seed, plies, level, g in positions():
        moves, value, depth = choice(g, level, seed)
        row = f'"{variant}", {seed}, {plies}, "{level}", {moves!r}, {value}, {depth}'
        lines.append(f"    ({row}),\n")  # (as ruff formats it)
    lines.append(")\n")
    (HERE / "pyraos_pinned.py").write_text("".join(lines))


if __name__ == "__main__":
    main()
