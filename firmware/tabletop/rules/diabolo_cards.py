"""Diabolo's cards: what a card is as an int, the deck, and deals.

    card = make_card(PURPLE, 4)          # 34; colour_of(card) 3, value_of(card) 4
    deal(rng, dealer)                    # (DEAL, dealer, pile of 70 top first, 0)
    bad_pile(pile)                       # None, or the fault of a deal's pile

A card is ``colour * 10 + value``: colours RED .. BLUE are 0..4 (also the
order of the rows and of scoring), values 1..5, so red 1 is 1 and blue 5 is
45. Every colour holds the values of VALUES, 70 cards in all. The text form
of a card (``"p4"``) is the record notation's business
(tabletop.records.diabolo_notation); these constants are also
tabletop.rules.diabolo's.
"""

from tabletop.rules.values import is_int

DEAL = 0

RED = 0
YELLOW = 1
GREEN = 2
PURPLE = 3
BLUE = 4
COLOURS = 5

HELL = 0  # left of the row card: devil points
HEAVEN = 1  # right of the row card: angel points

VALUES = (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5)  # of each colour
DECK_SIZE = 70
CARD_CODES = 50  # card ints are below this
HAND_SIZE = 6


def make_card(colour, value):
    return colour * 10 + value


def colour_of(card):
    return card // 10


def value_of(card):
    return card % 10


def is_card(card):
    """True for an int that is a Diabolo card (red 1 .. blue 5)."""
    return is_int(card) and 0 <= card < CARD_CODES and 1 <= card % 10 <= 5


def copies(card):
    """How many cards of this colour and value the deck holds."""
    return VALUES.count(value_of(card))


def deck():
    """The 70 cards in order: red 1, 1, 1, 1, 2 ... blue 5, as a list."""
    out = []
    for colour in range(COLOURS):
        for value in VALUES:
            out.append(make_card(colour, value))
    return out


def bad_pile(pile):
    """None when ``pile`` is a tuple of exactly the 70 cards, else the fault."""
    if type(pile) is not tuple:
        return ("not_pile",)
    if len(pile) != DECK_SIZE:
        return ("pile_size", DECK_SIZE, len(pile))
    seen = bytearray(CARD_CODES)
    for card in pile:
        if not is_card(card):
            return ("not_d_card", card)
        seen[card] += 1
    for colour in range(COLOURS):
        for value in range(1, 6):
            card = make_card(colour, value)
            if seen[card] != copies(card):
                return ("deck_count", seen[card], card, copies(card))
    return None


def deal(rng, dealer):
    """A shuffled deal from a seeded Rng: ``(DEAL, dealer, pile, 0)``."""
    cards = deck()
    rng.shuffle(cards)
    return (DEAL, dealer, tuple(cards), 0)
