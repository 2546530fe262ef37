"""A Diabolo state and what may be read from it; the moves that change it are
tabletop.rules.diabolo's ``Diabolo``, which is a DiaboloState (use that).

    game = diabolo.Diabolo(4)
    game.side_mask(card)          # bit HELL / HEAVEN set: card may be laid there now
    game.row(colour)              # (hell cards, heaven cards), in the order laid
    game.locked(colour)           # the row holds five cards
    game.hand(player)             # the cards a player holds, ascending
    game.to_move()                # the players who may make the next event
    game.scoring()                # a round was scored and doubles may follow
    game.scoring_colour()         # the colour whose hands are shown next
    game.round_scores(), game.totals()

Hands are counts: ``held[p * CARD_CODES + card]`` is how many of ``card``
player p holds. The rows lie in ``rows``: the i-th card laid on ``side`` of
the row of ``colour`` at ``(colour * 2 + side) * SIDE_MAX + i``, and
``laid[colour * 2 + side]`` is how many lie there. The player to move has
already drawn: between events their hand holds seven cards.
"""

from tabletop.rules.common import Game
from tabletop.rules.diabolo_cards import (
    CARD_CODES,
    COLOURS,
    HEAVEN,
    HELL,
    RED,
    colour_of,
    make_card,
    value_of,
)

STANDARD = "standard"
VARIANTS = (STANDARD,)
MIN_PLAYERS = 3
MAX_PLAYERS = 5

ROW_MAX = 5  # a row with five cards is locked
SIDE_MAX = 3

# Phases: what the game waits for.
P_DEAL = 0  # the first deal
P_PLAY = 1  # the player to move lays (or discards) a card
P_SCORE = 2  # the round is scored: doubles, then the next deal
P_OVER = 3  # the last round is scored (doubles for it may still follow)


def locks_to_end(players):
    """How many locked rows end a round: two, three with five players."""
    return 3 if players == 5 else 2


class DiaboloState(Game):
    """A game of Diabolo for ``players`` (3 to 5), as data."""

    GAME = "diabolo"  # its name in tabletop.games
    OVER = P_OVER

    def __init__(self, players):
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError("Diabolo is played by 3 to 5 players, not %r" % (players,))
        self.variant = STANDARD
        self.players = players
        self.phase = P_DEAL
        self.round = 0  # rounds dealt so far
        self.dealer = -1
        self.turn = -1  # the player to move (P_PLAY)
        self.pile = ()  # this round's pile, top first
        self.drawn = 0  # cards taken from the pile (the deal included)
        self.held = bytearray(players * CARD_CODES)
        self.rows = bytearray(COLOURS * 2 * SIDE_MAX)
        self.laid = bytearray(COLOURS * 2)
        self.discarded = []  # cards out of this round
        self.doubles = [-1] * players  # the colour of each double this round, -1 none
        self.last_double = -1  # the colour of the latest double this round
        self.scores = []  # per finished round: a list of points per player

    # -- the board's questions ------------------------------------------------

    def side_mask(self, card):
        """Where ``card`` may be laid now, as a bit mask (bit HELL, bit HEAVEN);
        0 when its row is locked. Allocates nothing."""
        c = colour_of(card)
        hell = self.laid[2 * c]
        heaven = self.laid[2 * c + 1]
        if hell + heaven >= ROW_MAX:
            return 0
        return (1 if hell < SIDE_MAX else 0) | (2 if heaven < SIDE_MAX else 0)

    def next_slot(self, colour, side):
        """The place (0, 1, 2) the next card on that side of the row takes."""
        return self.laid[2 * colour + side]

    def can_lay(self, player):
        """True if the player holds a card that may be laid somewhere."""
        base = player * CARD_CODES
        for colour in range(COLOURS):
            if self.side_mask(make_card(colour, 1)):
                for value in range(1, 6):
                    if self.held[base + make_card(colour, value)]:
                        return True
        return False

    # -- reading the state ----------------------------------------------------

    def row(self, colour):
        """The cards on each side of a row: (hell tuple, heaven tuple)."""
        out = []
        for side in (HELL, HEAVEN):
            start = (colour * 2 + side) * SIDE_MAX
            out.append(tuple(self.rows[start : start + self.laid[2 * colour + side]]))
        return (out[0], out[1])

    def row_sums(self, colour):
        """(hell points, heaven points) of a row."""
        hell, heaven = self.row(colour)
        return (sum(value_of(c) for c in hell), sum(value_of(c) for c in heaven))

    def row_size(self, colour):
        return self.laid[2 * colour] + self.laid[2 * colour + 1]

    def locked(self, colour):
        return self.row_size(colour) >= ROW_MAX

    def locked_rows(self):
        """How many rows are locked."""
        return len([c for c in range(COLOURS) if self.locked(c)])

    def holds(self, player, card):
        """How many of ``card`` the player holds."""
        return self.held[player * CARD_CODES + card]

    def hand(self, player):
        """The cards the player holds, ascending (a card held twice twice)."""
        base = player * CARD_CODES
        out = []
        for card in range(CARD_CODES):
            for _ in range(self.held[base + card]):
                out.append(card)
        return out

    def hand_size(self, player):
        base = player * CARD_CODES
        return sum(self.held[base : base + CARD_CODES])

    def colour_sum(self, player, colour):
        """The points of one colour in a player's hand."""
        base = player * CARD_CODES + colour * 10
        return sum(v * self.held[base + v] for v in range(1, 6))

    def pile_left(self):
        """The cards still in the pile, top first."""
        return self.pile[self.drawn :]

    def to_move(self):
        """The players who may make the next event, as a tuple."""
        if self.phase == P_PLAY:
            return (self.turn,)
        if self.scoring():
            return tuple(p for p in range(self.players) if self.double_mask(p))
        return ()

    def may_pass(self):
        return self.scoring()  # (a double is declared or not)

    def scoring(self):
        """True once a round is scored, until the next deal: doubles may follow."""
        return self.phase == P_SCORE or self.phase == P_OVER

    def scoring_colour(self):
        """While scoring: the colour whose hands are shown next (the colour of
        the latest double; red when none); else -1."""
        if not self.scoring():
            return -1
        return self.last_double if self.last_double >= 0 else RED

    def double_mask(self, player):
        """The colours (bit per colour) on which the player may declare their
        double now."""
        if not self.scoring() or self.doubles[player] >= 0:
            return 0
        mask = 0
        for colour in range(max(self.last_double, 0), COLOURS):
            hell, heaven = self.row_sums(colour)
            if heaven > hell:
                mask |= 1 << colour
        return mask

    def colour_points(self, colour):
        """What each player scores for one colour with the hands and doubles
        as they are: a list of points per player."""
        points = [0] * self.players
        hell, heaven = self.row_sums(colour)
        if hell == heaven:
            return points
        sums = [self.colour_sum(p, colour) for p in range(self.players)]
        top = max(sums)
        if top == 0:
            return points
        for p in range(self.players):
            if sums[p] == top:
                if heaven < hell:
                    points[p] = -top
                else:
                    points[p] = 2 * top if self.doubles[p] == colour else top
        return points

    def round_points(self):
        """The points of the round as the table stands, per player."""
        total = [0] * self.players
        for colour in range(COLOURS):
            points = self.colour_points(colour)
            for p in range(self.players):
                total[p] += points[p]
        return total

    def round_scores(self):
        """The points of each finished round: a list of lists per player."""
        return [list(s) for s in self.scores]

    def totals(self):
        """Each player's points over the finished rounds."""
        out = [0] * self.players
        for s in self.scores:
            for p in range(self.players):
                out[p] += s[p]
        return out

    def copy(self):
        """An independent copy (a Diabolo copies as a Diabolo)."""
        c = object.__new__(type(self))  # a bare instance: __init__ is not run
        c.variant = self.variant
        c.players = self.players
        c.phase = self.phase
        c.round = self.round
        c.dealer = self.dealer
        c.turn = self.turn
        c.pile = self.pile
        c.drawn = self.drawn
        c.held = bytearray(self.held)
        c.rows = bytearray(self.rows)
        c.laid = bytearray(self.laid)
        c.discarded = list(self.discarded)
        c.doubles = list(self.doubles)
        c.last_double = self.last_double
        c.scores = [list(s) for s in self.scores]
        c._outcome = self._outcome
        return c
