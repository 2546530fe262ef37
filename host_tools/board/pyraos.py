"""What a Pyraos board's LEDs show of a position (host_tools.board.positions):
every marble on the board lights the LED straight below it
(tabletop.sensing.magnets.OWN_SENSOR; a higher marble over a lower one) in
its player's colour; each reserve bar holds as many dim lights as the
player has marbles left (the game's own reserve glow); the turn LED of the
player to move, or the winner's in the ``win`` colour once it is over.

What each sensor channel and LED of a Pyraos board serves, for ``host_tools
wiring`` (host_tools.wiring.table: ``wired_channels``, ``wired_bits``,
``wired_light``): a sensor under each cup and each point where four cups
meet; the light of each sensor shows the positions straight above it.
"""

from __future__ import annotations

from typing import Any

from host_tools.board.positions import Frame, rgb, turns
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.rules.pyraos import MARBLES
from tabletop.rules.pyraos_geometry import POSITIONS, SUPPORT, position_index, position_names
from tabletop.rules.pyraos_geometry import position_name as name_of
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


# -- the wiring (host_tools wiring) ---------------------------------------------------


def wired_channels(profile: Any) -> dict[int, tuple[str, str]]:
    """Analog channel -> (short name, what it serves): the 25 sensors."""
    out = {}
    for name, channel in zip(PYRAOS_SENSORS, profile.sensor_channels, strict=True):
        if len(name) == 2:
            where = f"under cup {name}"
        else:
            cups = " ".join(position_names(SUPPORT[position_index(name)]))
            where = f"under the point where cups {cups} meet"
        out[channel] = (f"sensor {name}", f"Pyraos sensor {name}, {where}")
    return out


def wired_bits(profile: Any) -> dict[int, tuple[str, str]]:
    """Shift-register bit -> (short name, what it serves): none on a Pyraos board."""
    return {}


def wired_light(name: str) -> str:
    """What the light ``name`` (a key of led_map) shows."""
    if name.startswith("turn"):
        return f"Pyraos turn light, player {name[4:]}"
    if name.startswith("reserve"):
        who, marble = name[7:].split(".")
        return f"Pyraos reserve bar, player {who}, marble {marble}"
    sensor = PYRAOS_SENSORS.index(name)
    shows = ", ".join(name_of(p) for p in range(POSITIONS) if OWN_SENSOR[p] == sensor)
    return f"Pyraos light at sensor {name}: shows {shows}"
