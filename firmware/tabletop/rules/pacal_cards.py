"""Pacal's cards: the building rule of one pyramid, and deals.

    mask = field_mask(top, under, base, card, cover)   # bit f-1: card may go on field f
    field_fault(top, under, base, card, f, cover)      # why field f (0-based) may not
    deal_duel(rng), deal_solo(rng)                     # shuffled deals from a seeded Rng

A pyramid is ten fields in reading order: ``top[base + f]`` is the visible
card of field f+1 (0 empty), ``under[base + f]`` the card it covers (0 none).
Visible cards fall strictly from field 1 to field 10; a field takes at most
two cards. Used by tabletop.rules.pacal_state and tabletop.rules.pacal,
which hold the game around them; CARDS, FIELDS, HAND_SIZE and DEAL are
tabletop.rules.pacal's too.
"""

from tabletop.rules.values import is_int

DEAL = 0
CARDS = 50
FIELDS = 10
HAND_SIZE = 15


def field_mask(top, under, base, card, cover):
    """Fields of the pyramid at ``base`` where ``card`` may be built, as a
    bit mask; ``cover``: may a built field be covered. Allocates nothing."""
    mask = 0
    above = CARDS + 1  # nearest visible card before field f
    f = 0
    while f < FIELDS:
        v = top[base + f]
        if above > card and (v == 0 or (cover and under[base + f] == 0)):
            below = 0  # nearest visible card after field f
            g = f + 1
            while g < FIELDS:
                below = top[base + g]
                if below:
                    break
                g += 1
            if below < card:
                mask |= 1 << f
        if v:
            above = v
            if v < card:
                break  # every later field has a smaller card before it
        f += 1
    return mask


def field_fault(top, under, base, card, f, cover):
    """Why field f (0-based) does not take the card (field_mask said no)."""
    if under[base + f]:
        return ("covered", f + 1)
    if top[base + f] and not cover:
        return ("solo_no_cover", f + 1)
    g = f - 1
    while g >= 0 and not top[base + g]:
        g -= 1
    if g >= 0 and top[base + g] < card:
        return ("below", card, top[base + g], g + 1)
    g = f + 1
    while not top[base + g]:
        g += 1
    return ("above", card, top[base + g], g + 1)


def bad_cards(groups, sizes, names, at_most):
    """Fault of a deal's groups of cards: each a tuple of sizes[i] cards (at
    most that many when ``at_most``), every card 1..50, none twice."""
    seen = bytearray(CARDS + 1)
    for i in range(len(groups)):
        group = groups[i]
        n = len(group) if type(group) is tuple else -1
        if n < 0 or n > sizes[i] or (n != sizes[i] and not at_most):
            return ("group_size", names[i], sizes[i])
        for c in group:
            if not is_int(c) or not 1 <= c <= CARDS:
                return ("not_card", names[i], c)
            if seen[c]:
                return ("dealt_twice", c)
            seen[c] = 1
    return None


def deal_duel(rng):
    """A shuffled duel deal from a seeded Rng. The aside holds each player's
    face-down base, player 0's ten then player 1's, the top card of each
    first; the player whose top card is higher offers first."""
    cards = list(range(1, CARDS + 1))
    rng.shuffle(cards)
    dealt = 2 * HAND_SIZE
    aside = tuple(cards[dealt:])
    first = 0 if aside[0] > aside[FIELDS] else 1
    return (DEAL, first, (tuple(cards[:HAND_SIZE]), tuple(cards[HAND_SIZE:dealt])), aside)


def deal_solo(rng):
    """A shuffled solo deal: a pile of 40 (top first) and 10 set aside."""
    cards = list(range(1, CARDS + 1))
    rng.shuffle(cards)
    pile = CARDS - FIELDS
    return (DEAL, 0, tuple(cards[:pile]), tuple(cards[pile:]))
