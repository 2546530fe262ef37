"""The 30 slots of a Diabolo board against the game: where a card may go,
which slots hold a card they should not, which miss one. Masks are ints,
bit s for slot s (numbered as tabletop.board.diabolo_played says: 30 bits
fit a small int on every port); nothing here allocates.

    targets(game, card)            # the slots where ``card`` may go now
    slot_of_play(game, move)       # the slot a seat's PLAY goes to (bit s), 0 for none
    occupied(stable)               # the slots holding a card (Presence.stable)
    differences(stable, played)    # (errors, hints): red, and missing cards
"""

from micropython import const

from tabletop.board.diabolo_played import slot_of
from tabletop.rules import diabolo
from tabletop.rules.diabolo import HEAVEN, HELL

SLOTS = const(30)


def targets(game, card):
    """The next free slot on each side of the card's row that may take it."""
    if not diabolo.is_card(card):
        return 0
    c = diabolo.colour_of(card)
    sides = game.side_mask(card)
    mask = 0
    for side in (HELL, HEAVEN):
        if sides >> side & 1:
            mask |= 1 << slot_of(c, side, game.next_slot(c, side))
    return mask


def slot_of_play(game, move):
    """The slot (bit s) where ``move`` (a seat's next move, or None) lays
    its card: 0 for none, or a discard (the computer's and a far seat's)."""
    if move is None or move[0] != diabolo.PLAY:
        return 0
    c = diabolo.colour_of(move[2])
    side = move[3]
    return 1 << slot_of(c, side, game.next_slot(c, side))


def occupied(stable):
    mask = 0
    for s in range(SLOTS):
        if stable[s]:
            mask |= 1 << s
    return mask


def differences(stable, played):
    """``(errors, hints)``: slots holding a card the game does not put
    there, and slots missing the card it does."""
    have = occupied(stable)
    want = played.filled()
    return have & ~want, want & ~have
