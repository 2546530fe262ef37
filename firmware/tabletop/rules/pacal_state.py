"""A Pacal state and what may be read from it; the moves that change it are
tabletop.rules.pacal's ``Pacal``, which is a PacalState (use that).

    game = pacal.Pacal("duel")
    game.field_mask(player, card)     # bit f-1 set: card may go on field f now
    game.fields(player, card)         # the same as a list of fields 1..10
    game.pyramid(player)              # visible card per field 1..10 (0 empty)
    game.covered(player)              # covered card per field (0 none)
    game.to_move()                    # the players who may make the next event
    game.phase, game.pending[p]       # what the game waits for (P_*), p's card to build
    game.loc[card]                    # where a card is (L_*, plus the player where per player)

Both players' pyramids lie in ``top`` and ``under`` (bytearrays of
2 * FIELDS): field f+1 of player p at index ``p * FIELDS + f``. The
constants here are also tabletop.rules.pacal's.
"""

from tabletop.rules.common import Game
from tabletop.rules.pacal_cards import CARDS, FIELDS, HAND_SIZE, field_mask

DUEL = "duel"
SOLO = "solo"
VARIANTS = (DUEL, SOLO)

# Simultaneous finish: the smaller spread wins (Dutch and English books);
# the French book says the larger.
SMALLER_SPREAD = "smaller"
LARGER_SPREAD = "larger"

# Phases: what the game waits for.
P_DEAL = 0
P_OFFER = 1
P_TAKE = 2
P_BUILD = 3  # both players build the card they received
P_LAST = 4  # both players build or keep their last card
P_OVER = 5

# Where a card is (loc[card]); per-player places add the player index.
L_UNDEALT = 0
L_ASIDE = 1
L_PILE = 2
L_OFFERED = 3
L_HAND = 4  # 4, 5
L_TO_BUILD = 6  # 6, 7: received, must be built now
L_PYRAMID = 8  # 8, 9
L_KEPT = 10  # 10, 11


class PacalState(Game):
    """A Pacal match (``"duel"``) or solo game (``"solo"``), as data.

    Options: ``tiebreak`` decides a round both players finish in the same turn
    (``"smaller"`` spread wins, as the Dutch and English books say; ``"larger"``
    as the French book says). ``solo_cover=False`` applies the French book's
    stricter solo sentence: a solo card may not cover another.
    """

    GAME = "pacal"  # its name in tabletop.games
    OVER = P_OVER

    def __init__(self, variant=DUEL, tiebreak=SMALLER_SPREAD, solo_cover=True):
        if variant not in VARIANTS:
            raise ValueError("unknown Pacal variant %r" % (variant,))
        if tiebreak not in (SMALLER_SPREAD, LARGER_SPREAD):
            raise ValueError("tiebreak must be 'smaller' or 'larger'")
        self.variant = variant
        self.tiebreak = tiebreak
        self.solo_cover = solo_cover
        self.loc = bytearray(CARDS + 1)
        self.top = bytearray(2 * FIELDS)  # visible card per field, 0 = empty
        self.under = bytearray(2 * FIELDS)  # covered card, 0 = not covered
        self.phase = P_DEAL
        self.turn = 0  # duel: the player who offers (or offered) this turn
        self.offer = (0, 0)
        self.pending = [0, 0]  # card each player must build now, 0 = none
        self.turns_done = 0  # completed offers this round
        self.first = 0  # who offered first this round
        self.results = []  # winner of each finished round: 0, 1 or None (drawn)
        self.reasons = []  # and why, in words
        self.wins = [0, 0]
        self.pile = ()  # solo: the pile, top first
        self.drawn = 0  # solo: cards taken from the pile so far
        self.known = True  # False when the hands (or the pile) are unknown
        self.awaiting = [False, False]  # a card to be revealed before it is built

    # -- the board's question -------------------------------------------

    def field_mask(self, player, card):
        """Fields where ``player`` may build ``card`` now, as a bit mask
        (bit f-1 for field f). Allocates nothing."""
        return field_mask(self.top, self.under, player * FIELDS, card, self._cover())

    def _cover(self):
        return self.solo_cover or self.variant != SOLO

    def fields(self, player, card):
        """The fields (1..10) where ``player`` may build ``card`` now."""
        mask = self.field_mask(player, card)
        return [f + 1 for f in range(FIELDS) if mask >> f & 1]

    # -- reading the state ----------------------------------------------

    def pyramid(self, player):
        """The visible card on each field 1..10 (0 = empty), as a list."""
        base = player * FIELDS
        return list(self.top[base : base + FIELDS])

    def covered(self, player):
        """The covered card under each field 1..10 (0 = not covered)."""
        base = player * FIELDS
        return list(self.under[base : base + FIELDS])

    def filled(self, player):
        """How many of the player's 10 fields hold a card."""
        base = player * FIELDS
        n = 0
        for f in range(FIELDS):
            if self.top[base + f]:
                n += 1
        return n

    def complete(self, player):
        return self.filled(player) == FIELDS

    def spread(self, player):
        """Highest minus lowest visible card (field 1 minus field 10)."""
        base = player * FIELDS
        return self.top[base] - self.top[base + FIELDS - 1]

    def hand(self, player):
        """The cards in the player's hand, ascending (duel)."""
        want = L_HAND + player
        return [c for c in range(1, CARDS + 1) if self.loc[c] == want]

    def held(self, player):
        """How many cards ``player`` holds in a duel, from the public
        counters alone (each offer spends two; the last card is held until
        it is read), so a board knows it without knowing the hands."""
        ph = self.phase
        if self.variant == SOLO or ph == P_DEAL or ph == P_OVER:
            return 0
        if ph == P_LAST:
            return 1 if self.awaiting[player] else 0
        started = self.turns_done + (1 if ph == P_TAKE or ph == P_BUILD else 0)
        offers = (started + 1) // 2 if player == self.first else started // 2
        return HAND_SIZE - 2 * offers

    def to_move(self):
        """The players who may make the next event, as a tuple."""
        ph = self.phase
        if ph == P_OFFER:
            return (self.turn,)
        if ph == P_TAKE:
            return (1 - self.turn,)
        if ph == P_BUILD or ph == P_LAST:
            return tuple(p for p in (0, 1) if self.pending[p] or self.awaiting[p])
        return ()

    def top_card(self):
        """Solo: the card that must be built now (0 when none or not yet read)."""
        if self.variant == SOLO and self.phase == P_BUILD:
            return self.pending[0]
        return 0

    def cards_used(self):
        """Solo: the cards built into the pyramid so far."""
        return self.drawn

    def rounds(self):
        """Duel: the winner of each finished round (0, 1, or None if drawn)."""
        return list(self.results)

    def copy(self):
        """An independent copy (of the same class: a Pacal copies as a Pacal)."""
        c = object.__new__(type(self))  # a bare instance: __init__ is not run
        c.variant = self.variant
        c.tiebreak = self.tiebreak
        c.solo_cover = self.solo_cover
        c.loc = bytearray(self.loc)
        c.top = bytearray(self.top)
        c.under = bytearray(self.under)
        c.phase = self.phase
        c.turn = self.turn
        c.offer = self.offer
        c.pending = list(self.pending)
        c.turns_done = self.turns_done
        c.first = self.first
        c.results = list(self.results)
        c.reasons = list(self.reasons)
        c.wins = list(self.wins)
        c.pile = self.pile
        c.drawn = self.drawn
        c.known = self.known
        c.awaiting = list(self.awaiting)
        c._outcome = self._outcome
        return c
