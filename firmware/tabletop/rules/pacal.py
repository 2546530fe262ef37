"""Pacal: the card-pyramid duel (a match to three won rounds) and the solo game.

    from tabletop.rules import pacal
    game = pacal.Pacal("duel")
    game.apply(pacal.deal_duel(rng))          # or a deal read from a record
    for move in game.legal_moves(): ...
    game.apply(move)                          # IllegalMove says why; state untouched
    game.field_mask(player, card)             # bit f-1 set: card may go on field f
    game.outcome()                            # None while the match goes on
    pacal.new_state("solo"), pacal.seats("solo"), pacal.result(game)   # (tabletop.games)

A Pacal is a tabletop.rules.pacal_state.PacalState: what a state holds and
answers (pyramids, phase, whose move, hands) is there, the moves are here.

Events are tuples ``(kind, player, a, b)`` of ints; their record form is given
by ``tabletop.records.notation`` (see docs/RECORDS.md):

    (DEAL, first, (hand0, hand1), aside)   duel deal (hands of 15, aside of 20)
    (DEAL, 0, pile, aside)                  solo deal (pile of 40 top first, aside 10)
    (OFFER, p, a, b)    (TAKE, p, card, 0)    (PLACE, p, card, field)    (KEEP, p, card, 0)

A board never sees the hidden hands: it deals with ``(DEAL, first, None,
seen)`` (``seen``: the aside cards it read, e.g. the two base tops) and then
accepts any unseen card in an offer; the last card of a duel round and every
solo card are made known with ``(REVEAL, p, card, 0)`` when read. The
simulator, which knows the deal, checks the board against it.

Fields are numbered 1..10 in reading order; the visible cards must fall
strictly from field 1 to field 10, and a field takes at most two cards (the
second covers the first). docs/RULES.md has the rules and every decision.
"""

# Also this module's API: CARDS, DEAL, FIELDS, HAND_SIZE, the deals, the state's P_*, L_*.
from tabletop.rules.common import seated
from tabletop.rules.pacal_cards import CARDS as CARDS
from tabletop.rules.pacal_cards import DEAL as DEAL
from tabletop.rules.pacal_cards import FIELDS as FIELDS
from tabletop.rules.pacal_cards import HAND_SIZE as HAND_SIZE
from tabletop.rules.pacal_cards import bad_cards, field_fault
from tabletop.rules.pacal_cards import deal_duel as deal_duel
from tabletop.rules.pacal_cards import deal_solo as deal_solo
from tabletop.rules.pacal_state import DUEL as DUEL
from tabletop.rules.pacal_state import L_ASIDE as L_ASIDE
from tabletop.rules.pacal_state import L_HAND as L_HAND
from tabletop.rules.pacal_state import L_KEPT as L_KEPT
from tabletop.rules.pacal_state import L_OFFERED as L_OFFERED
from tabletop.rules.pacal_state import L_PILE as L_PILE
from tabletop.rules.pacal_state import L_PYRAMID as L_PYRAMID
from tabletop.rules.pacal_state import L_TO_BUILD as L_TO_BUILD
from tabletop.rules.pacal_state import L_UNDEALT as L_UNDEALT
from tabletop.rules.pacal_state import LARGER_SPREAD as LARGER_SPREAD
from tabletop.rules.pacal_state import P_BUILD as P_BUILD
from tabletop.rules.pacal_state import P_DEAL as P_DEAL
from tabletop.rules.pacal_state import P_LAST as P_LAST
from tabletop.rules.pacal_state import P_OFFER as P_OFFER
from tabletop.rules.pacal_state import P_OVER as P_OVER
from tabletop.rules.pacal_state import P_TAKE as P_TAKE
from tabletop.rules.pacal_state import SMALLER_SPREAD as SMALLER_SPREAD
from tabletop.rules.pacal_state import SOLO as SOLO
from tabletop.rules.pacal_state import VARIANTS as VARIANTS
from tabletop.rules.pacal_state import PacalState
from tabletop.rules.values import is_int

OFFER = 1
TAKE = 2
PLACE = 3
KEEP = 4
REVEAL = 5  # a board learns a card it could not know (not a record event)

TURNS = 14  # offers per round; then each player holds one last card
ROUNDS_TO_WIN = 3


def seats(variant):
    """The fewest and most players ``variant`` seats: one solo, two a duel."""
    return (1, 1) if variant == SOLO else (2, 2)


def new_state(variant=DUEL, players=0):
    """A new game of ``variant`` (``players``: 0 or what it seats)."""
    if type(players) is not int or players:  # (0: not given)
        seated(PacalState.GAME, variant, seats(variant), players)
    return Pacal(variant)


def chance(state, rng):
    """The chance event due now (a round's deal, from ``rng``), or None."""
    if state.phase == P_DEAL and not state.is_over():
        return deal_solo(rng) if state.variant == SOLO else deal_duel(rng)


def result(state):
    """The record's ``result``: a duel's winner and rounds, a solo's won and cards_used."""
    out = state.outcome()
    if state.variant == SOLO:
        return {"won": None if out is None else out.winner == 0, "cards_used": state.cards_used()}
    return {"winner": None if out is None else out.winner, "rounds": state.rounds()}


class Pacal(PacalState):
    """A Pacal match (``"duel"``) or solo game (``"solo"``) with its moves:
    ``Pacal(variant, tiebreak="smaller", solo_cover=True)`` (the options:
    tabletop.rules.pacal_state.PacalState)."""

    # -- moves ------------------------------------------------------------

    def _generate(self):
        ph = self.phase
        if ph == P_OFFER:
            hand = self.hand(self.turn)
            for a in hand:
                for b in hand:
                    if a != b:
                        yield (OFFER, self.turn, a, b)
        elif ph == P_TAKE:
            taker = 1 - self.turn
            yield (TAKE, taker, self.offer[0], 0)
            yield (TAKE, taker, self.offer[1], 0)
        elif ph == P_BUILD or ph == P_LAST:
            for p in (0, 1):
                card = self.pending[p]
                if card:
                    mask = self.field_mask(p, card)
                    for f in range(FIELDS):
                        if mask >> f & 1:
                            yield (PLACE, p, card, f + 1)
                    if ph == P_LAST:
                        yield (KEEP, p, card, 0)

    def fault(self, move):
        """None when ``move`` (a deal or a move) is legal now, else the fault
        ``(code, arg, ...)`` (see tabletop.rules.reasons)."""
        if type(move) is not tuple or len(move) != 4:
            return ("not_event", repr(move))
        kind, p, a, b = move
        if not is_int(kind):
            return ("not_event", repr(move))
        if kind == DEAL:
            if a is None:
                return self._bad_board_deal(p, b)
            return self._bad_deal(p, a, b)
        if not (is_int(p) and is_int(a) and is_int(b)):
            return ("not_event", repr(move))
        if b and (kind == TAKE or kind == KEEP):
            return ("not_event", repr(move))  # the unused slot is always 0
        ph = self.phase
        if ph == P_OVER:
            return ("over",)
        if ph == P_DEAL:
            return ("deal_first",)
        if p != 0 and (p != 1 or self.variant == SOLO):
            return ("no_player", p)
        if kind == OFFER:
            if ph != P_OFFER:
                return ("no_offer_due",)
            if p != self.turn:
                return ("not_offerer", self.turn, p)
            if a == b:
                return ("same_cards",)
            for c in (a, b):
                if not 1 <= c <= CARDS:
                    return ("not_in_hand", c, p)
                where = self.loc[c]
                if where != L_HAND + p and (self.known or where != L_UNDEALT):
                    return ("not_in_hand", c, p) if self.known else ("seen", c)
            return None
        if kind == TAKE:
            if ph != P_TAKE:
                return ("no_take_due",)
            if p == self.turn:
                return ("not_taker", p, 1 - p)
            if a != self.offer[0] and a != self.offer[1]:
                return ("not_offered", a, self.offer[0], self.offer[1])
            return None
        if kind == REVEAL:
            return self._bad_reveal(p, a, b)
        if kind != PLACE and kind != KEEP:
            return ("unknown_kind", kind)
        if ph != P_BUILD and ph != P_LAST:
            return ("nothing_to_build",)
        want = self.pending[p]
        if not want:
            kept = ph == P_LAST and 1 <= a <= CARDS and self.loc[a] == L_KEPT + p
            if kept and not self.field_mask(p, a):
                return ("last_fits_nowhere", p, a)  # kept without a line
            return ("no_card", p)
        if a != want:
            return ("wrong_card", p, want, a)
        if kind == KEEP:
            return None if ph == P_LAST else ("keep_last_only",)
        if not 1 <= b <= FIELDS:
            return ("no_field", b)
        if self.field_mask(p, a) >> (b - 1) & 1:
            return None
        return field_fault(self.top, self.under, p * FIELDS, a, b - 1, self._cover())

    def _bad_board_deal(self, first, seen):
        if self.phase != P_DEAL:
            return ("over",) if self.phase == P_OVER else ("no_deal_due",)
        solo = self.variant == SOLO
        if not is_int(first) or first != 0 and (first != 1 or solo):
            return ("solo_first",) if solo else ("bad_first",)
        if seen is None:
            seen = ()
        size = FIELDS if solo else CARDS - 2 * HAND_SIZE
        return bad_cards((seen,), (size,), ("aside",), True)

    def _bad_reveal(self, p, card, zero):
        if self.known or zero:
            return ("not_event", repr((REVEAL, p, card, zero)))
        if not self.awaiting[p]:
            return ("no_card", p)
        if not 1 <= card <= CARDS or self.loc[card] != L_UNDEALT:
            return ("seen", card)
        return None

    def _bad_deal(self, first, hands, aside):
        if self.phase != P_DEAL:
            return ("over",) if self.phase == P_OVER else ("no_deal_due",)
        if self.variant == DUEL:
            if not is_int(first) or first != 0 and first != 1:
                return ("bad_first",)
            if type(hands) is not tuple or len(hands) != 2:
                return ("two_hands",)
            groups = (hands[0], hands[1], aside)
            sizes = (HAND_SIZE, HAND_SIZE, CARDS - 2 * HAND_SIZE)
            names = ("hand 0", "hand 1", "aside")
        else:
            if not is_int(first) or first != 0:
                return ("solo_first",)
            groups = (hands, aside)
            sizes = (CARDS - FIELDS, FIELDS)
            names = ("pile", "aside")
        return bad_cards(groups, sizes, names, False)

    def _apply(self, move):
        kind, p, a, b = move
        if kind == DEAL:
            self._deal(p, a, b)
        elif kind == OFFER:
            self.loc[a] = L_OFFERED
            self.loc[b] = L_OFFERED
            self.offer = (a, b)
            self.phase = P_TAKE
        elif kind == TAKE:
            other = self.offer[1] if a == self.offer[0] else self.offer[0]
            self._receive(p, a)
            self._receive(1 - p, other)
            self.offer = (0, 0)
            self.phase = P_BUILD
            self._check_stuck()
        elif kind == PLACE:
            self._place(p, a, b)
        elif kind == REVEAL:
            self.awaiting[p] = False
            if self.variant == SOLO:
                self._take_up(a)
            elif self.field_mask(p, a):
                self._receive(p, a)
            else:
                self.loc[a] = L_KEPT + p  # a last card that fits nowhere
                self._after_build()
        else:  # KEEP
            self.loc[a] = L_KEPT + p
            self.pending[p] = 0
            self._after_build()

    # -- transitions ---------------------------------------------------------

    def _deal(self, first, hands, aside):
        loc = self.loc
        for i in range(2 * FIELDS):
            self.top[i] = 0
            self.under[i] = 0
        for c in range(CARDS + 1):
            loc[c] = L_UNDEALT
        for c in aside or ():
            loc[c] = L_ASIDE
        self.pending = [0, 0]
        self.awaiting = [False, False]
        self.turns_done = 0
        self.known = hands is not None
        if not self.known:
            self.first = self.turn = first
            self.drawn = 0
            if self.variant == SOLO:
                self._draw()
            else:
                self.phase = P_OFFER
            return
        if self.variant == SOLO:
            for c in hands:
                loc[c] = L_PILE
            self.pile = hands
            self.drawn = 0
            self._draw()
            return
        for p in (0, 1):
            for c in hands[p]:
                loc[c] = L_HAND + p
        self.first = first
        self.turn = first
        self.phase = P_OFFER

    def _receive(self, p, card):
        self.loc[card] = L_TO_BUILD + p
        self.pending[p] = card

    def _draw(self):
        # Solo: the next card of the pile must be built at once.
        self.phase = P_BUILD
        if not self.known:
            self.awaiting[0] = True  # until the board reads it
            return
        self._take_up(self.pile[self.drawn])

    def _take_up(self, card):
        self._receive(0, card)
        if not self.field_mask(0, card):
            self._finish(None, "card %d fits nowhere" % card)

    def _place(self, p, card, field):
        i = p * FIELDS + field - 1
        if self.top[i]:
            self.under[i] = self.top[i]
        self.top[i] = card
        self.loc[card] = L_PYRAMID + p
        self.pending[p] = 0
        if self.variant == SOLO:
            self.drawn += 1
            if self.complete(0):
                self._finish(0, "pyramid complete with %d cards" % self.drawn)
            else:
                # At most 19 cards can be built before the pyramid is complete
                # or a card fits nowhere, so the pile of 40 never runs out.
                self._draw()
            return
        self._after_build()

    def _check_stuck(self):
        stuck0 = not self.field_mask(0, self.pending[0])
        stuck1 = not self.field_mask(1, self.pending[1])
        if stuck0 and stuck1:
            self._end_round(None, "neither player can build")
        elif stuck0 or stuck1:
            p = 0 if stuck0 else 1
            self._end_round(1 - p, "player %d cannot build %d" % (p, self.pending[p]))

    def _after_build(self):
        if self.pending[0] or self.pending[1] or self.awaiting[0] or self.awaiting[1]:
            return  # the other player has still to build
        done0 = self.complete(0)
        done1 = self.complete(1)
        if done0 and done1:
            s0 = self.spread(0)
            s1 = self.spread(1)
            if s0 == s1:
                self._end_round(None, "both pyramids complete with equal spread %d" % s0)
            else:
                smaller = 0 if s0 < s1 else 1
                if self.tiebreak == SMALLER_SPREAD:
                    winner, word = smaller, "smaller"
                else:
                    winner, word = 1 - smaller, "larger"
                self._end_round(
                    winner, "both pyramids complete, %s spread wins (%d vs %d)" % (word, s0, s1)
                )
        elif done0 or done1:
            self._end_round(0 if done0 else 1, "pyramid complete")
        elif self.phase == P_LAST:
            self._end_round(None, "no pyramid complete after all cards")
        else:
            self.turns_done += 1
            if self.turns_done == TURNS:
                # Each holds one card; one that fits nowhere is kept without
                # a line, as a card that cannot be built has none.
                self.phase = P_LAST
                if not self.known:
                    self.awaiting = [True, True]  # read when laid on the slots
                    return
                for p in (0, 1):
                    last = self.hand(p)[0]
                    if self.field_mask(p, last):
                        self._receive(p, last)
                    else:
                        self.loc[last] = L_KEPT + p
                self._after_build()
            else:
                self.turn = 1 - self.turn
                self.phase = P_OFFER

    def _end_round(self, winner, reason):
        self.results.append(winner)
        self.reasons.append(reason)
        if winner is not None:
            self.wins[winner] += 1
            if self.wins[winner] == ROUNDS_TO_WIN:
                self._finish(winner, "won %d rounds" % ROUNDS_TO_WIN)
                return
        self.phase = P_DEAL
