"""A game's position as an LED frame of a board (for ``replay``).

    frame = position_frame(profile, state)   # LED index -> (r, g, b)

``profile`` is a loaded board profile (tabletop.profile.load), ``state`` a
rules state of its game. What each board shows is its game's module's
(host_tools.board.<game>: ``frame(profile, state, index)``); every game
lights its pieces where they lie and the turn LED of each seat that makes
the next event (``turns``), the winners' in the ``win`` colour once it is
over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from host_tools import part
from tabletop.profile.schema import led_names

RGB = tuple[int, int, int]
Frame = dict[int, RGB]


def position_frame(profile: Any, state: Any) -> Frame:
    """The LEDs that show ``state`` on a board with ``profile``."""
    index = dict(zip(led_names(profile), profile.led_map, strict=True))
    frame: Frame = part(profile.game, "frame").frame(profile, state, index)
    return frame


def rgb(colour: Any, level: int = 256) -> RGB:
    """A profile colour at ``level`` of 256."""
    return (colour[0] * level >> 8, colour[1] * level >> 8, colour[2] * level >> 8)


def turns(
    frame: Frame, profile: Any, index: dict[str, int], movers: Iterable[int], winners: Iterable[int]
) -> Frame:
    """The turn LEDs: each mover's in its player colour, the winners' in ``win``."""
    cols = profile.colours
    for who in movers:
        frame[index[f"turn{who}"]] = rgb(cols[f"player{who}"])
    for who in winners:
        frame[index[f"turn{who}"]] = rgb(cols["win"])
    return frame
