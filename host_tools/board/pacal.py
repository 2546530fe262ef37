"""What a Pacal board's LEDs show of a position (host_tools.board.positions):
every field that holds a card in its player's colour; a player's round-win
LEDs for the rounds won; the turn LED of each player who makes the next
event (the winner's in ``win`` once the match is over).

What each sensor channel, shift-register bit and LED of a Pacal board
serves, for ``host_tools wiring`` (host_tools.wiring.table:
``wired_channels``, ``wired_bits``, ``wired_light``): an analog sensor under
each field, the seven code spots of each offer slot's card reader.
"""

from __future__ import annotations

from typing import Any

from host_tools.board.positions import Frame, rgb, turns
from tabletop.rules.pacal import FIELDS, ROUNDS_TO_WIN

SPOTS = (*(f"value bit {k}" for k in range(6)), "parity")  # each code spot (docs/CARDS.md)


def frame(profile: Any, state: Any, index: dict[str, int]) -> Frame:
    cols = profile.colours
    out: Frame = {}
    for p in (0, 1):
        top = state.pyramid(p)
        for f in range(FIELDS):
            if top[f]:
                out[index[f"field{p}.{f + 1}"]] = rgb(cols[f"player{p}"])
        for i in range(min(ROUNDS_TO_WIN, state.wins[p])):
            out[index[f"win{p}.{i + 1}"]] = rgb(cols[f"player{p}"])
    outcome = state.outcome() if state.is_over() else None
    if outcome is None:
        return turns(out, profile, index, state.to_move(), ())
    return turns(out, profile, index, (), () if outcome.winner is None else (outcome.winner,))


# -- the wiring (host_tools wiring) ---------------------------------------------------


def wired_channels(profile: Any) -> dict[int, tuple[str, str]]:
    """Analog channel -> (short name, what it serves): the 20 fields."""
    out = {}
    for n, channel in enumerate(profile.field_channels):
        side, field = divmod(n, FIELDS)
        out[channel] = (
            f"field{side}.{field + 1}",
            f"Pacal field{side}.{field + 1}: field {field + 1} of player {side}'s pyramid",
        )
    return out


def wired_bits(profile: Any) -> dict[int, tuple[str, str]]:
    """Shift-register bit -> (short name, what it serves): the code spots of
    both offer slots' card readers."""
    out = {}
    for slot, bits in enumerate(profile.slot_bits):
        for spot, bit in enumerate(bits):
            out[bit] = (
                f"slot{slot} spot {spot}",
                f"Pacal slot{slot} card reader, code spot {spot} ({SPOTS[spot]})",
            )
    return out


def wired_light(name: str) -> str:
    """What the light ``name`` (a key of led_map) shows."""
    if name.startswith("field"):
        side, field = name[5:].split(".")
        return f"Pacal field {field} of player {side}'s pyramid"
    if name.startswith("slot"):
        return f"Pacal offer slot {name[4:]}"
    if name.startswith("turn"):
        return f"Pacal turn light, player {name[4:]}"
    who, won = name[3:].split(".")
    return f"Pacal round won, player {who}, round {won}"
