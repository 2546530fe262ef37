"""The 30 positions of the Pyraos (Pylos) pyramid and how they rest on each other.

    from tabletop.rules.pyraos_geometry import SUPPORT, ABOVE, LEVEL
    SUPPORT[16]               # 2a1 rests on a1 b1 a2 b2: bits 0, 1, 4, 5
    ABOVE[0]                  # a1 carries only 2a1: bit 16

Positions are numbered level by level, row by row from player 0's side,
column a first: level 1 ``a1``..``d4`` is 0..15, level 2 ``2a1``..``2c3`` is
16..24, level 3 ``3a1``..``3b2`` is 25..28 and the top ``4a1`` is 29. A set of
positions is an int with bit i for position i: 30 bits, so on MicroPython it is
a small int and costs no allocation.

    position_name(16)         # '2a1': the record notation's names
    position_index("2a1")     # 16 (``1a1`` is read as ``a1``)
    position_names(0b11)      # ['a1', 'b1']
"""

POSITIONS = 30
TOP = 29
LEVEL_START = (0, 16, 25, 29, 30)  # first index of levels 1..4, then the end
LEVEL_SIZE = (4, 3, 2, 1)  # side of each level's square
ALL = (1 << POSITIONS) - 1
LEVEL_MASK = tuple(((1 << LEVEL_START[k + 1]) - 1) ^ ((1 << LEVEL_START[k]) - 1) for k in range(4))


def _build():
    level = bytearray(POSITIONS)
    col = bytearray(POSITIONS)
    row = bytearray(POSITIONS)
    support = [0] * POSITIONS
    above = [0] * POSITIONS
    for k in range(4):
        n = LEVEL_SIZE[k]
        for y in range(n):
            for x in range(n):
                i = LEVEL_START[k] + y * n + x
                level[i] = k + 1
                col[i] = x
                row[i] = y
                if k:
                    m = LEVEL_SIZE[k - 1]
                    b = LEVEL_START[k - 1]
                    for j in (
                        b + y * m + x,
                        b + y * m + x + 1,
                        b + (y + 1) * m + x,
                        b + (y + 1) * m + x + 1,
                    ):
                        support[i] |= 1 << j
                        above[j] |= 1 << i
    # Lines for the "lines" variant: rows and columns, 4 long on level 1 and
    # 3 long on level 2; no diagonals.
    lines = []
    for k in (0, 1):
        n = LEVEL_SIZE[k]
        b = LEVEL_START[k]
        for y in range(n):
            across = down = 0
            for x in range(n):
                across |= 1 << (b + y * n + x)
                down |= 1 << (b + x * n + y)
            lines.append(across)
            lines.append(down)
    return bytes(level), bytes(col), bytes(row), tuple(support), tuple(above), tuple(lines)


LEVEL, COL, ROW, SUPPORT, ABOVE, LINE_MASKS = _build()
del _build  # its bytecode is not needed after import
# The squares: each position above level 1 rests on exactly one 2x2 square of
# the level below, so SUPPORT[i] for i >= 16 lists all 14 squares.
SQUARES = SUPPORT[LEVEL_START[1] :]


_COLUMNS = "abcd"
_DIGITS = "1234"


def position_name(i):
    """The record name of position i: ``a1`` on level 1, ``2b2`` above it."""
    k = LEVEL[i]
    s = _COLUMNS[COL[i]] + _DIGITS[ROW[i]]
    return s if k == 1 else _DIGITS[k - 1] + s


def position_index(text):
    """The position named ``text`` (``a1``, ``1a1``, ``2c3``, ``4a1``...);
    ValueError for anything else."""
    if type(text) is not str or not 2 <= len(text) <= 3:
        raise ValueError("%r is not a position" % (text,))
    k = 1
    if len(text) == 3:
        k = _DIGITS.find(text[0]) + 1
        if k == 0:
            raise ValueError("%r is not a position: level must be 1..4" % text)
        text = text[1:]
    n = LEVEL_SIZE[k - 1]
    x = _COLUMNS.find(text[0])
    y = _DIGITS.find(text[1])
    if not 0 <= x < n or not 0 <= y < n:
        raise ValueError(
            "%r is not a position on level %d" % (text if k == 1 else str(k) + text, k)
        )
    return LEVEL_START[k - 1] + y * n + x


def position_names(mask):
    """The names of the positions in a mask, in index order."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(position_name(i))
        mask >>= 1
        i += 1
    return out
