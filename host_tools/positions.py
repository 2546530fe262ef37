"""A game's position as an LED frame of a board (for ``replay``).

    frame = position_frame(profile, state)   # LED index -> (r, g, b)

``profile`` is a loaded board profile (tabletop.profile.load), ``state`` a
rules state (tabletop.rules: Pyraos or Pacal). What each board shows:

- Pyraos: every marble on the board lights the LED straight below it
  (tabletop.sensing.magnets.OWN_SENSOR; a higher marble over a lower one) in
  its player's colour; each reserve bar holds as many dim lights as the
  player has marbles left (the game's own reserve glow); the turn LED of
  the player to move, or the winner's in the ``win`` colour once it is over.
- Pacal: every field that holds a card in its player's colour; a player's
  round-win LEDs for the rounds won; the turn LED of each player who makes
  the next event (the winner's in ``win`` once the match is over).
- Diabolo: each slot that holds a card in the card's colour (``CARD_RGB``:
  the five rows' colours, a profile has none), the lock LED of each locked
  row in the ``error`` colour (as the board shows it), the turn LED of the
  seat to move in ``player0`` (the board's own turn colour); while a round
  is scored, the seats that may declare a double in ``player1``; once the
  last round is scored, the winners' turn LEDs in ``win``.
"""

from __future__ import annotations

from typing import Any

from tabletop.profile.schema import led_names
from tabletop.profile.schema_diabolo import ROWS, SIDES
from tabletop.rules.diabolo import COLOURS, P_PLAY, colour_of
from tabletop.rules.pacal import FIELDS, ROUNDS_TO_WIN
from tabletop.rules.pyraos import MARBLES
from tabletop.rules.pyraos_geometry import POSITIONS
from tabletop.sensing.magnets import OWN_SENSOR

RGB = tuple[int, int, int]
RESERVE_LEVEL = 48  # of 256: a reserve bar glows dimly (as render_pyraos draws it)
# Diabolo's card colours, rows r y g p b (a replay shows which card lies where)
CARD_RGB: tuple[RGB, ...] = ((255, 0, 0), (255, 200, 0), (0, 200, 0), (170, 0, 255), (0, 80, 255))


def _rgb(colour: Any, level: int = 256) -> RGB:
    return (colour[0] * level >> 8, colour[1] * level >> 8, colour[2] * level >> 8)


def position_frame(profile: Any, state: Any) -> dict[int, RGB]:
    """The LEDs that show ``state`` on a board with ``profile``."""
    index = dict(zip(led_names(profile), profile.led_map, strict=True))
    cols = profile.colours
    if profile.game == "diabolo":
        return _diabolo_frame(profile, state, index)
    players = (_rgb(cols["player0"]), _rgb(cols["player1"]))
    frame: dict[int, RGB] = {}
    over = state.is_over()
    outcome = state.outcome() if over else None
    winner = None if outcome is None else outcome.winner
    if profile.game == "pyraos":
        for p in range(POSITIONS):
            who = state.owner(p)
            if who is not None:
                frame[profile.led_map[OWN_SENSOR[p]]] = players[who]
        for who in (0, 1):
            for i in range(min(MARBLES, state.reserve[who])):
                frame[index[f"reserve{who}.{i}"]] = _rgb(cols[f"player{who}"], RESERVE_LEVEL)
        movers: tuple[int, ...] = () if over else (state.turn,)
    else:
        for p in (0, 1):
            top = state.pyramid(p)
            for f in range(FIELDS):
                if top[f]:
                    frame[index[f"field{p}.{f + 1}"]] = players[p]
            for i in range(min(ROUNDS_TO_WIN, state.wins[p])):
                frame[index[f"win{p}.{i + 1}"]] = players[p]
        movers = tuple(state.to_move())
    for who in movers:
        frame[index[f"turn{who}"]] = players[who]
    if winner is not None:
        frame[index[f"turn{winner}"]] = _rgb(cols["win"])
    return frame


def _diabolo_frame(profile: Any, state: Any, index: dict[str, int]) -> dict[int, RGB]:
    cols = profile.colours
    frame: dict[int, RGB] = {}
    for c in range(COLOURS):
        row = ROWS[c]
        for side, cards in zip(SIDES, state.row(c), strict=True):
            for k, card in enumerate(cards):
                frame[index[f"{row}.{side}.{k + 1}"]] = CARD_RGB[colour_of(card)]
        if state.locked(c):
            frame[index[f"lock.{row}"]] = _rgb(cols["error"])
    if state.is_over():
        totals = state.totals()
        for p in range(state.players):
            if totals[p] == max(totals):
                frame[index[f"turn{p}"]] = _rgb(cols["win"])
    elif state.scoring():
        for p in state.to_move():
            frame[index[f"turn{p}"]] = _rgb(cols["player1"])
    elif state.turn >= 0 and state.phase == P_PLAY:
        frame[index[f"turn{state.turn}"]] = _rgb(cols["player0"])
    return frame
