"""What a Pyraos board's LEDs show of a position (host_tools.board.positions):
every marble on the board lights the LED straight below it
(tabletop.sensing.magnets.OWN_SENSOR; a higher marble over a lower one) in
its player's colour; each reserve bar holds as many dim lights as the
player has marbles left (the game's own reserve glow); the turn LED of the
player to move, or the winner's in the ``win`` colour once it is over.
"""

from __future__ import annotations

from typing import Any

from host_tools.board.positions import Frame, rgb, turns
from tabletop.rules.pyraos import MARBLES
from tabletop.rules.pyraos_geometry import POSITIONS
from tabletop.sensing.magnets import OWN_SENSOR

RESERVE_LEVEL = 48  # of 256: a reserve bar glows dimly (as render_pyraos draws it)


def frame(profile: Any, state: Any, index: dict[str, int]) -> Frame:
    cols = profile.colours
    out: Frame = {}
    for p in range(POSITIONS):
        who = state.owner(p)
        if who is not None:
            out[profile.led_map[OWN_SENSOR[p]]] = rgb(cols[f"player{who}"])
    for who in (0, 1):
        for i in range(min(MARBLES, state.reserve[who])):
            out[index[f"reserve{who}.{i}"]] = rgb(cols[f"player{who}"], RESERVE_LEVEL)
    outcome = state.outcome()
    if outcome is None:
        return turns(out, profile, index, (state.turn,), ())
    return turns(out, profile, index, (), () if outcome.winner is None else (outcome.winner,))
