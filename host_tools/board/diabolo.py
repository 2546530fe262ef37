"""What a Diabolo board's LEDs show of a position (host_tools.board.positions):
each slot that holds a card glowing in the ``computer`` colour (white, at
``CARD_LEVEL``: a card the record laid there; its row is its suit, so no
light needs the suit's colour, and none is taken for an error or a hint),
the lock LED of each locked row in the
``error`` colour (as the board shows it), the turn LED of the seat to move
in ``player0`` (the board's own turn colour); while a round is scored, the
seats that may declare a double in ``player1``; once the last round is
scored, the winners' turn LEDs in ``win``.

What each shift-register bit and LED of a Diabolo board serves, for
``host_tools wiring`` (host_tools.wiring.table: ``wired_channels``,
``wired_bits``, ``wired_light``): a presence switch under each of the 30
slots, the seven code spots of the card reader.
"""

from __future__ import annotations

from typing import Any

from host_tools.board.positions import Frame, rgb
from tabletop.profile.schema_diabolo import ROWS, SIDES, SLOTS
from tabletop.rules.diabolo import COLOURS, P_PLAY

CARD_LEVEL = 96  # of 256: a card in the record glows (its slot's row says its colour)
ROW_NAMES = ("red", "yellow", "green", "purple", "blue")  # rows r y g p b
# each code spot of a card (tabletop.sensing.diabolo_codes)
SPOTS = (*(f"colour bit {k}" for k in range(3)), *(f"value bit {k}" for k in range(3)), "parity")


def frame(profile: Any, state: Any, index: dict[str, int]) -> Frame:
    cols = profile.colours
    out: Frame = {}
    for c in range(COLOURS):
        row = ROWS[c]
        for side, cards in zip(SIDES, state.row(c), strict=True):
            for k in range(len(cards)):
                out[index[f"{row}.{side}.{k + 1}"]] = rgb(cols["computer"], CARD_LEVEL)
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


# -- the wiring (host_tools wiring) ---------------------------------------------------


def wired_channels(profile: Any) -> dict[int, tuple[str, str]]:
    """Analog channel -> (short name, what it serves): none on a Diabolo board."""
    return {}


def _slot_words(row: str, side: str, k: str) -> str:
    where = " (next to the row card)" if k == "1" else ""
    return f"row {row} ({ROW_NAMES[ROWS.index(row)]}), {side}, slot {k}{where}"


def wired_bits(profile: Any) -> dict[int, tuple[str, str]]:
    """Shift-register bit -> (short name, what it serves): the 30 slots'
    presence switches and the card reader's code spots."""
    out = {}
    names = [(r, s, str(k)) for r in ROWS for s in SIDES for k in range(1, SLOTS + 1)]
    for (row, side, k), bit in zip(names, profile.presence_bits, strict=True):
        name = f"{row}.{side}.{k}"
        out[bit] = (name, f"Diabolo slot {name} presence: {_slot_words(row, side, k)}")
    for spot, bit in enumerate(profile.slot_bits[0]):
        out[bit] = (f"reader spot {spot}", f"Diabolo card reader, code spot {spot} ({SPOTS[spot]})")
    return out


def wired_light(name: str) -> str:
    """What the light ``name`` (a key of led_map) shows."""
    if name.startswith("lock."):
        row = name[5:]
        return f"Diabolo lock light, row {row} ({ROW_NAMES[ROWS.index(row)]})"
    if name.startswith("turn"):
        return f"Diabolo turn light, seat {name[4:]}"
    row, side, k = name.split(".")
    return f"Diabolo slot {name}: {_slot_words(row, side, k)}"
