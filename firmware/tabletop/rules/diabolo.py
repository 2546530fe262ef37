"""Diabolo: the card game of heaven and hell rows, for 3 to 5 players.

    from tabletop.rules import diabolo
    game = diabolo.Diabolo(4)                   # four players
    game.apply(diabolo.deal(rng, dealer))       # or a deal read from a record
    for move in game.legal_moves(): ...
    game.apply(move)                            # IllegalMove says why; state untouched
    game.side_mask(card)                        # bit HELL / HEAVEN: where it may go now
    game.round_scores(), game.totals()          # points of the finished rounds
    game.outcome()                              # None until the last round is scored
    diabolo.new_state("standard", 4), diabolo.seats("standard"), diabolo.result(game)

A Diabolo is a tabletop.rules.diabolo_state.DiaboloState: what a state
holds and answers (rows, hands, scores, whose turn) is there, the moves are
here. Events are tuples ``(kind, player, a, b)`` of ints; their record form
is tabletop.records.diabolo_notation's (docs/RECORDS.md):

    (DEAL, dealer, pile, 0)     pile: the 70 cards, top first
    (PLAY, p, card, side)       side HELL or HEAVEN
    (DISCARD, p, card, 0)       only when p can lay no card at all
    (DOUBLE, p, colour, 0)      while a round is scored

Each turn the player to move first draws the top card of the pile (the state
does it as soon as their turn begins), then lays one card. A round ends the
moment two rows are locked (three with five players) and is scored at once;
doubles declared afterwards score it again. The game ends when as many rounds
as players are scored; doubles for that last round may still follow.
docs/RULES.md has the rules and every decision.
"""

# The cards' constants and the deal are this module's API too, and so are
# the state's (phases P_*, HELL, HEAVEN, variants).
from tabletop.rules.common import seated
from tabletop.rules.diabolo_cards import BLUE as BLUE
from tabletop.rules.diabolo_cards import CARD_CODES as CARD_CODES
from tabletop.rules.diabolo_cards import COLOURS as COLOURS
from tabletop.rules.diabolo_cards import DEAL as DEAL
from tabletop.rules.diabolo_cards import DECK_SIZE as DECK_SIZE
from tabletop.rules.diabolo_cards import GREEN as GREEN
from tabletop.rules.diabolo_cards import HAND_SIZE as HAND_SIZE
from tabletop.rules.diabolo_cards import HEAVEN as HEAVEN
from tabletop.rules.diabolo_cards import HELL as HELL
from tabletop.rules.diabolo_cards import PURPLE as PURPLE
from tabletop.rules.diabolo_cards import RED as RED
from tabletop.rules.diabolo_cards import YELLOW as YELLOW
from tabletop.rules.diabolo_cards import bad_pile
from tabletop.rules.diabolo_cards import colour_of as colour_of
from tabletop.rules.diabolo_cards import deal as deal
from tabletop.rules.diabolo_cards import deck as deck
from tabletop.rules.diabolo_cards import is_card as is_card
from tabletop.rules.diabolo_cards import make_card as make_card
from tabletop.rules.diabolo_cards import value_of as value_of
from tabletop.rules.diabolo_state import MAX_PLAYERS as MAX_PLAYERS
from tabletop.rules.diabolo_state import MIN_PLAYERS as MIN_PLAYERS
from tabletop.rules.diabolo_state import P_DEAL as P_DEAL
from tabletop.rules.diabolo_state import P_OVER as P_OVER
from tabletop.rules.diabolo_state import P_PLAY as P_PLAY
from tabletop.rules.diabolo_state import P_SCORE as P_SCORE
from tabletop.rules.diabolo_state import SIDE_MAX, DiaboloState, locks_to_end
from tabletop.rules.diabolo_state import STANDARD as STANDARD
from tabletop.rules.diabolo_state import VARIANTS as VARIANTS
from tabletop.rules.values import is_int

PLAY = 1
DISCARD = 2
DOUBLE = 3


def seats(variant):
    """The fewest and most players ``variant`` seats: 3 to 5."""
    return (MIN_PLAYERS, MAX_PLAYERS)


def new_state(variant=STANDARD, players=0):
    """A new game of ``variant`` for ``players`` (3 to 5: there is no default)."""
    if variant not in VARIANTS:
        raise ValueError("unknown Diabolo variant %r" % (variant,))
    return Diabolo(seated(DiaboloState.GAME, variant, seats(variant), players))


def chance(state, rng):
    """The chance event due now, or None: a round's deal from ``rng`` (a
    tabletop.rules.rng.Rng) when the game waits for one, the first dealer
    drawn by lot, each next one the seat after the last."""
    if state.phase == P_DEAL:
        return deal(rng, rng.below(state.players))
    if state.phase == P_SCORE:
        return deal(rng, (state.dealer + 1) % state.players)
    return None


def result(state):
    """The record's ``result`` (docs/RECORDS.md): ``scores`` per finished
    round, ``totals`` and ``winner`` (a list when shared)."""
    out = state.outcome()
    winner = None if out is None else out.winner
    if type(winner) is tuple:
        winner = list(winner)
    return {"scores": state.round_scores(), "totals": state.totals(), "winner": winner}


class Diabolo(DiaboloState):
    """A game of Diabolo: ``Diabolo(players)`` with 3 to 5 players."""

    # -- moves ------------------------------------------------------------

    def _generate(self):
        if self.phase == P_PLAY:
            p = self.turn
            lay = self.can_lay(p)
            base = p * CARD_CODES
            for card in range(CARD_CODES):
                if not self.held[base + card]:
                    continue
                if not lay:
                    yield (DISCARD, p, card, 0)
                    continue
                mask = self.side_mask(card)
                for side in (HELL, HEAVEN):
                    if mask >> side & 1:
                        yield (PLAY, p, card, side)
        elif self.scoring():
            for p in range(self.players):
                mask = self.double_mask(p)
                for colour in range(COLOURS):
                    if mask >> colour & 1:
                        yield (DOUBLE, p, colour, 0)

    def fault(self, move):
        """None when ``move`` (a deal or a move) is legal now, else the fault
        ``(code, arg, ...)`` (see tabletop.rules.reasons)."""
        if type(move) is not tuple or len(move) != 4:
            return ("not_event", repr(move))
        kind, p, a, b = move
        if not is_int(kind) or not is_int(b) or kind != DEAL and not is_int(a):
            return ("not_event", repr(move))
        if kind == DEAL:
            f = self.deal_fault(p, b)
            return f if f is not None else bad_pile(a)
        if kind != PLAY and kind != DISCARD and kind != DOUBLE:
            return ("unknown_kind", kind)
        if not is_int(p):
            return ("not_event", repr(move))
        if kind != PLAY and b != 0:
            return ("not_event", repr(move))  # the unused slot is always 0
        ph = self.phase
        if ph == P_DEAL:
            return ("deal_first",)
        if not 0 <= p < self.players:
            return ("no_player", p)
        if kind == DOUBLE:
            return self._bad_double(p, a)
        if ph == P_OVER:
            return ("over",)
        if ph == P_SCORE:
            return ("round_scored",)
        if p != self.turn:
            return ("turn", self.turn, p)
        if not is_card(a):
            return ("not_d_card", a)
        if not self.holds(p, a):
            return ("d_not_in_hand", p, a)
        if kind == DISCARD:
            lay = self._layable(p)
            return None if lay < 0 else ("can_lay", p, lay)
        if b != HELL and b != HEAVEN:
            return ("no_side", b)
        c = colour_of(a)
        if self.locked(c):
            return ("locked", c)
        if not self.side_mask(a) >> b & 1:
            return ("side_full", b, c, SIDE_MAX)
        return None

    def _layable(self, p):
        """A card the player could lay, -1 when none."""
        base = p * CARD_CODES
        for card in range(CARD_CODES):
            if self.held[base + card] and self.side_mask(card):
                return card
        return -1

    def deal_fault(self, dealer, zero):
        """None when ``dealer`` may deal now, else the fault; the pile is
        bad_pile's to check."""
        ph = self.phase
        if ph == P_OVER:
            return ("over",)
        if ph == P_PLAY:
            return ("no_deal_due",)
        if zero != 0:
            return ("not_event", "a deal with %r in its last place" % (zero,))
        if not is_int(dealer) or not 0 <= dealer < self.players:
            return ("bad_dealer", self.players - 1)
        if ph == P_SCORE:
            want = (self.dealer + 1) % self.players
            if dealer != want:
                return ("dealer", want, dealer)
        return None

    def _bad_double(self, p, colour):
        if not self.scoring():
            return ("no_double_due",)
        if not 0 <= colour < COLOURS:
            return ("no_colour", colour)
        if self.doubles[p] >= 0:
            return ("double_used", p, self.doubles[p])
        hell, heaven = self.row_sums(colour)
        if heaven <= hell:
            return ("double_hell", colour, heaven, hell)
        if colour < self.last_double:
            return ("double_order", colour, self.last_double)
        return None

    def _apply(self, move):
        kind, p, a, b = move
        if kind == DEAL:
            self._deal(p, a)
        elif kind == DOUBLE:
            self.doubles[p] = a
            self.last_double = a
            self.scores[-1] = self.round_points()
            if self.phase == P_OVER:
                self._decide()
        else:
            self.held[p * CARD_CODES + a] -= 1
            if kind == DISCARD:
                self.discarded.append(a)
            else:
                i = 2 * colour_of(a) + b
                self.rows[i * SIDE_MAX + self.laid[i]] = a
                self.laid[i] += 1
            self._after_turn()

    # -- transitions ---------------------------------------------------------

    def _deal(self, dealer, pile):
        n = self.players
        self._new_round(dealer, pile)
        # One card at a time, starting left of the dealer.
        for i in range(HAND_SIZE * n):
            p = (dealer + 1 + i) % n
            self.held[p * CARD_CODES + pile[i]] += 1
        self.drawn = HAND_SIZE * n
        self._begin_turn((dealer + 1) % n)

    def _new_round(self, dealer, pile):
        # A round starts: hands, rows, discards and doubles empty, ``pile``
        # its pile (the caller deals from it, then the turn begins).
        self.round += 1
        self.dealer = dealer
        self.pile = pile
        self.held = bytearray(len(self.held))  # (fresh and zeroed: a loop over
        self.rows = bytearray(len(self.rows))  # 250 places took 2.7 ms on a Pico)
        self.laid = bytearray(len(self.laid))
        self.discarded = []
        self.doubles = [-1] * self.players
        self.last_double = -1
        self.phase = P_PLAY

    def _begin_turn(self, p):
        self.turn = p
        # The pile cannot run dry: a round lasts at most 35 turns (23 cards
        # laid, 12 discarded) and the pile holds at least 40 after the deal.
        if self.drawn < DECK_SIZE:
            self.held[p * CARD_CODES + self.pile[self.drawn]] += 1
            self.drawn += 1

    def _after_turn(self):
        if self.locked_rows() >= locks_to_end(self.players):
            self.turn = -1
            self.phase = P_SCORE
            self.scores.append(self.round_points())
            if self.round == self.players:
                self._decide()
            return
        self._begin_turn((self.turn + 1) % self.players)

    def _decide(self):
        totals = self.totals()
        best = max(totals)
        top = tuple(p for p in range(self.players) if totals[p] == best)
        if len(top) == 1:
            reason = "highest total %d after %d rounds" % (best, self.round)
            self._finish(top[0], reason)
        else:
            reason = "shared highest total %d after %d rounds" % (best, self.round)
            self._finish(top, reason)
