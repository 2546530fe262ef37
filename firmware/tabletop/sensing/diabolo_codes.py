"""The 7-bit codes on the Diabolo cards, read by the board's card reader.

    decode(bits)          # (colour, value) of a number card, (DOUBLE, seat) of
                          # a double card, EMPTY, or MISREAD
    encode(colour, value) # the code printed on a card (spots with a magnet)
    card_int(bits)        # the same as one int, for tabletop.sensing.cards.CardReaders:
                          # 0 empty, a card int (colour * 10 + value, as the rules
                          # have it), DOUBLE_CARD + seat (0-based), or MISREAD_INT

Bits 0..2 are the colour: 1..5 for the rows r, y, g, p, b (COLOURS), 6 for a
double card. Bits 3..5 are the value 1..5 of a number card, or the seat 1..5
of a double card: each seat has its own, so the board knows who declares it
when it is laid on the reader. Bit 6 makes the number of set bits odd, as on
the Pacal cards. An empty reader reads all zero; a colour of 0 or 7, a value
outside 1..5 or even parity is a misread, not a card (docs/CARDS.md).
"""

from micropython import const

from tabletop.sensing.cards import ones

COLOURS = "rygpb"  # colour k (0-based) is written COLOURS[k]; its code is k + 1
DOUBLE = const(6)  # the colour code of a double card
EMPTY = (0, 0)
MISREAD = (-1, 0)
DOUBLE_CARD = const(50)  # card_int of seat 0's double card (the rules' cards are below 50)
MISREAD_INT = const(-1)  # card_int of a misread (tabletop.sensing.cards.MISREAD)

_COLOUR = const(0x07)  # bits 0..2
_VALUE_SHIFT = const(3)  # bits 3..5
_PARITY = const(0x40)  # bit 6


def encode(colour, value):
    """The code of a card: ``colour`` 1..5 (a row's code) or DOUBLE, ``value``
    1..5 (the card's value, or the double card's seat counted from 1)."""
    if not (1 <= colour <= len(COLOURS) or colour == DOUBLE) or not 1 <= value <= 5:
        raise ValueError("no Diabolo card with colour code %r and value %r" % (colour, value))
    bits = colour | value << _VALUE_SHIFT
    return bits | (0 if ones(bits) & 1 else _PARITY)


def decode(bits):
    """``(colour, value)`` for a 7-bit code: a number card's colour code 1..5
    and value, ``(DOUBLE, seat)`` with the seat counted from 1, EMPTY for no
    card, MISREAD for anything else."""
    if bits == 0:
        return EMPTY
    colour = bits & _COLOUR
    value = bits >> _VALUE_SHIFT & _COLOUR
    if not ones(bits) & 1 or colour == 0 or colour == 7 or not 1 <= value <= 5:
        return MISREAD
    return (colour, value)


def card_int(bits):
    """The card for a 7-bit code as one int, allocating nothing: 0 for no
    card, ``colour * 10 + value`` for a number card (colour 0..4 as the rules
    count them), ``DOUBLE_CARD + seat`` (seat 0-based) for a double card,
    MISREAD_INT for anything else."""
    if bits == 0:
        return 0
    colour = bits & _COLOUR
    value = bits >> _VALUE_SHIFT & _COLOUR
    if not ones(bits) & 1 or colour == 0 or colour == 7 or not 1 <= value <= 5:
        return MISREAD_INT
    if colour == DOUBLE:
        return DOUBLE_CARD + value - 1
    return (colour - 1) * 10 + value
