"""What a Diabolo board's LEDs show of a position (host_tools.board.positions):
each slot that holds a card in the card's colour (``CARD_RGB``: the five
rows' colours, a profile has none), the lock LED of each locked row in the
``error`` colour (as the board shows it), the turn LED of the seat to move
in ``player0`` (the board's own turn colour); while a round is scored, the
seats that may declare a double in ``player1``; once the last round is
scored, the winners' turn LEDs in ``win``.
"""

from __future__ import annotations

from typing import Any

from host_tools.board.positions import RGB, Frame, rgb
from tabletop.profile.schema_diabolo import ROWS, SIDES
from tabletop.rules.diabolo import COLOURS, P_PLAY, colour_of

# Diabolo's card colours, rows r y g p b (a replay shows which card lies where)
CARD_RGB: tuple[RGB, ...] = ((255, 0, 0), (255, 200, 0), (0, 200, 0), (170, 0, 255), (0, 80, 255))


def frame(profile: Any, state: Any, index: dict[str, int]) -> Frame:
    cols = profile.colours
    out: Frame = {}
    for c in range(COLOURS):
        row = ROWS[c]
        for side, cards in zip(SIDES, state.row(c), strict=True):
            for k, card in enumerate(cards):
                out[index[f"{row}.{side}.{k + 1}"]] = CARD_RGB[colour_of(card)]
        if state.locked(c):
            out[index[f"lock.{row}"]] = rgb(cols["error"])
    if state.is_over():
        totals = state.totals()
        for p in range(state.players):
            if totals[p] == max(totals):
                out[index[f"turn{p}"]] = rgb(cols["win"])
    elif state.scoring():
        for p in state.to_move():
            out[index[f"turn{p}"]] = rgb(cols["player1"])
    elif state.turn >= 0 and state.phase == P_PLAY:
        out[index[f"turn{state.turn}"]] = rgb(cols["player0"])
    return out
