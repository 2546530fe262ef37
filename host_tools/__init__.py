"""Host tools: deploy, monitor, record and wire up a board (CPython only).

Run ``python -m host_tools --help`` for the commands; docs/FIRMWARE.md ("The
host tools' folders") draws its layers.
"""

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

# Each game's module of each part of the host tools, by the game's name.
KINDS = {
    "frame": "host_tools.board.%s",  # what the LEDs show of a position (replay)
    "map": "host_tools.map.%s",  # the wiring wizard's part for its sensors
    "wiring": "host_tools.board.%s",  # what each channel, bit and LED serves (wiring)
}
ROOT = Path(__file__).resolve().parents[1]  # the repository (firmware/ beside host_tools/)


def part(game: str, kind: str) -> ModuleType:
    """``game``'s module of the host tools' part ``kind`` (one of KINDS),
    the game checked by the one registry of games (tabletop.games: an
    unknown one is its UnknownGame); ModuleNotFoundError where the game has
    no such part yet."""
    from tabletop import games

    if kind not in KINDS:
        raise ValueError(f"no part {kind!r} (the parts: {', '.join(sorted(KINDS))})")
    return importlib.import_module(KINDS[kind] % games.check(game))


def having(kind: str) -> tuple[str, ...]:
    """The games that have a part ``kind`` (the wiring wizard: not every game yet)."""
    from tabletop import games

    return tuple(g for g in games.NAMES if importlib.util.find_spec(KINDS[kind] % g) is not None)
