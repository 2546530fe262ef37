"""What one Pacal player may know: the only way the Pacal players read a state.

    v = View(state, player)
    v.mine, v.theirs          # pyramids: bytearrays top[0..9] + under[10..19] (solo: theirs empty)
    v.hand                    # own hand, ascending (duel)
    v.card                    # the card the player must build now (0: none)
    v.their_card              # the other's card to build, when public (0: none or hidden)
    v.their_last              # 1 when the other still holds a hidden last card
    v.unseen                  # values the player has not seen, ascending
    v.their_hand              # how many cards the other holds (public: a count)

Public are both pyramids, the offer, the two offered cards once taken (face
up), one's own hand and one's own kept card. Everything else is unseen: the
other's hand, the cards set aside, the solo pile and its order, the other's
last card in the last turn. Which unseen card is where is never read: a card
the player cannot see is only "not public". The two base cards shown to
decide who offers first are public at the table, but a state does not keep
which they were, so they count as unseen (2 of about 35 values).
"""

from tabletop.rules.pacal_cards import CARDS, FIELDS
from tabletop.rules.pacal_state import (
    L_HAND,
    L_KEPT,
    L_UNDEALT,
    P_BUILD,
    P_DEAL,
    P_LAST,
    P_OVER,
    P_TAKE,
    SMALLER_SPREAD,
    SOLO,
)

SIZE = 2 * FIELDS  # a pyramid: top[0..9], then under[0..9]


def mover(state, hand=None):
    """The player whose decision comes next: the offerer, the taker, or the
    first of the players who still have to build. ``hand``: see View."""
    ph = state.phase
    if ph == P_DEAL or ph == P_OVER:
        raise ValueError("no player's turn: a deal comes next" if ph == P_DEAL else "game over")
    waiting = state.to_move()
    if not waiting:
        raise ValueError("no player's turn now")
    p = waiting[0]
    if state.awaiting[p] and not state.pending[p]:
        raise ValueError("the card to build has not been read yet")
    if not state.known and state.variant != SOLO and hand is None:
        raise ValueError("the hands are not known: no duel player for a board's deal")
    return p


def pyramid(state, p):
    out = bytearray(SIZE)
    base = p * FIELDS
    for f in range(FIELDS):
        out[f] = state.top[base + f]
        out[FIELDS + f] = state.under[base + f]
    return out


class View:
    """``hand``: the player's own cards when the state cannot know them (a
    board's deal: its computer seat had its hand read in); those not yet
    offered or built are its hand."""

    def __init__(self, state, player, hand=None):
        given = hand
        q = 1 - player
        ph = state.phase
        solo = state.variant == SOLO
        self.player = player
        self.solo = solo
        self.phase = ph
        self.turn = state.turn
        self.cover = state._cover()
        self.smaller = state.tiebreak == SMALLER_SPREAD
        self.done = state.turns_done  # offers made this round
        self.mine = pyramid(state, player)
        self.theirs = bytearray(SIZE) if solo else pyramid(state, q)  # empty in solo
        self.card = state.pending[player]
        self.offer = state.offer if ph == P_TAKE else (0, 0)
        # The other's card to build is public when it came from the offer.
        self.their_card = state.pending[q] if ph == P_BUILD and not solo else 0
        self.their_last = 1 if ph == P_LAST and state.pending[q] else 0
        public = bytearray(CARDS + 1)
        for c in self.mine:
            public[c] = 1
        for c in self.theirs:
            public[c] = 1
        for c in (self.card, self.their_card, self.offer[0], self.offer[1]):
            public[c] = 1
        hand = []
        loc = state.loc
        for c in range(1, CARDS + 1):
            where = loc[c]
            if where == L_HAND + player:
                hand.append(c)
                public[c] = 1
            elif where == L_KEPT + player:
                public[c] = 1
        if given is not None:
            hand = sorted(c for c in given if loc[c] == L_UNDEALT)
            for c in hand:
                public[c] = 1
        self.hand = hand
        self.unseen = [c for c in range(1, CARDS + 1) if not public[c]]
        self.their_hand = 0 if solo or ph == P_LAST else state.held(q)
