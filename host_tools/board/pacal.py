"""What a Pacal board's LEDs show of a position (host_tools.board.positions):
every field that holds a card in its player's colour; a player's round-win
LEDs for the rounds won; the turn LED of each player who makes the next
event (the winner's in ``win`` once the match is over).
"""

from __future__ import annotations

from typing import Any

from host_tools.board.positions import Frame, rgb, turns
from tabletop.rules.pacal import FIELDS, ROUNDS_TO_WIN


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
