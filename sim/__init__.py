"""The desktop side: the virtual board, self-play and record tools (CPython only).

Run ``python -m sim --help`` for the commands; docs/FIRMWARE.md ("The
simulator's folders") draws its layers.
"""

import importlib
from pathlib import Path
from types import ModuleType

# Each game's module of each part of the simulator, by the game's name.
KINDS = {
    "physics": "sim.hardware.physics.%s",  # the pieces and the sensors under them
    "hand": "sim.hand.%s",  # the scripted hand at them
    "table": "sim.table.%s",  # what the table knows that the board does not (Part)
    "window": "sim.window.%s",  # the board drawn, and the mouse at it
    "terminal": "sim.terminal.%s",  # ... as text
    "texts": "sim.texts.%s",  # its record's events in words (sim.texts.moves)
}
ROOT = Path(__file__).resolve().parents[1]  # the repository (firmware/, tests/ beside sim/)


def part(game: str, kind: str) -> ModuleType:
    """``game``'s module of the simulator's part ``kind`` (one of KINDS):
    ``part("pacal", "table")`` is sim.table.pacal. The game's name is
    checked by the one registry of games (tabletop.games): an unknown one
    is its UnknownGame, a clear ValueError, never another game's part."""
    from tabletop import games

    if kind not in KINDS:
        raise ValueError(f"no part {kind!r} (the parts: {', '.join(sorted(KINDS))})")
    return importlib.import_module(KINDS[kind] % games.check(game))
