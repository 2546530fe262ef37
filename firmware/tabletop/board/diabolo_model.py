"""Diabolo as a board follows it: the rules without the hidden hands.

    g = BoardGame(4)
    g.board_deal(dealer, seen)     # a round starts; the pile is not known
    g.lay_fault(p, card, side)     # None if p may lay ``card`` there now
    g.board_apply(event)           # a PLAY, DISCARD or DOUBLE the board saw
    g.show(p, card)                # scoring: p showed ``card`` from their hand
    g.unshow(p, colour)            # ... takes back what p showed of a colour
    g.settle()                     # the round's scores from what was shown
    g.shown()                      # per seat, the cards shown this round
    g.score_event()                # the host's ``scores`` line for the last round scored

A board never knows the pile or the hands (docs/FIRMWARE.md, "Diabolo").
A BoardGame is a tabletop.rules.diabolo.Diabolo whose hands hold only what
the board has seen: empty while a round is played (the card a player lays
is put into their hand just before the rules take it from there), and at
scoring the cards each player shows on the reader. So the rules answer
everything else as for any game: where a card may go, locks, the round's
end, doubles (their order and which colours allow one), the points and the
winner, once the hands are shown.

A board's deal is ``(DEAL, dealer, None, seen)``: ``seen`` is what the
round before showed (tabletop.records.diabolo_notation), so a journal
replayed after a power cut gives every earlier round its scores back.

A board with seats far away (tabletop.board.diabolo_remote) plays the
room's deal instead, the whole pile given (``known()``): that round is the
rules' own, every hand known, so the cards a player lays must be theirs and
nobody shows any at scoring.
"""

from tabletop.rules import diabolo
from tabletop.rules.common import IllegalMove
from tabletop.rules.diabolo import CARD_CODES, DEAL, DECK_SIZE, DISCARD, PLAY


class BoardGame(diabolo.Diabolo):
    def board_deal(self, dealer, seen=None):
        """A round starts at the board: ``dealer`` deals (the players do it
        by hand). ``seen``: the cards shown at the last scoring, per seat
        (a journal replayed: they give that round its scores again).
        IllegalMove if the rules refuse the deal; nothing changes then."""
        fault = self.deal_fault(dealer, 0)
        if fault is not None:
            raise IllegalMove(fault)
        if seen is not None and self.scoring():
            for p in range(min(len(seen), self.players)):
                for card in seen[p]:
                    self.show(p, card)
            self.settle()
        # No pile: nobody's hand is known, and no draw will be either.
        self._new_round(dealer, ())
        self.drawn = DECK_SIZE
        self._begin_turn((dealer + 1) % self.players)

    def known(self):
        """Are this round's hands known (a room's deal, the whole pile)?"""
        return len(self.pile) == DECK_SIZE

    def lay_fault(self, p, card, side):
        """None if player p may lay ``card`` on ``side`` now, else the fault
        (the board takes it that the card is in their hand)."""
        return self._with_card(p, card, (PLAY, p, card, side))

    def discard_fault(self, p, card):
        """None if p may put ``card`` out of the round: its row is locked (the
        board cannot see the rest of the hand; the player says so)."""
        return self._with_card(p, card, (DISCARD, p, card, 0))

    def _with_card(self, p, card, move):
        if self.known() or not diabolo.is_card(card) or not 0 <= p < self.players:
            return self.fault(move)
        i = p * CARD_CODES + card
        self.held[i] += 1
        try:
            return self.fault(move)
        finally:
            self.held[i] -= 1

    def board_apply(self, event):
        """An event the board saw (or a journal holds): a board deal (or a
        room's, its pile whole: the round known), a PLAY
        or DISCARD (the card comes from the hand the board cannot see), a
        DOUBLE. IllegalMove if the rules refuse it; nothing changes then."""
        kind, p, a, b = event
        if kind == DEAL:
            if a is None:
                self.board_deal(p, b)
            else:
                self.apply(event)  # a room's deal (a board with far seats): every hand known
            return
        if (kind == PLAY or kind == DISCARD) and not self.known():
            if not diabolo.is_card(a) or not 0 <= p < self.players:
                self.apply(event)  # raises
            i = p * CARD_CODES + a
            self.held[i] += 1
            try:
                self.apply(event)
            except Exception:
                self.held[i] -= 1
                raise
            return
        self.apply(event)

    # -- scoring: the hands shown ----------------------------------------------------

    def show(self, p, card):
        """Player p showed ``card`` at scoring: it counts in their hand."""
        i = p * CARD_CODES + card
        if self.held[i] < 255:
            self.held[i] += 1

    def unshow(self, p, colour):
        """What player p showed of ``colour`` no longer counts (shown again)."""
        base = p * CARD_CODES + colour * 10
        for v in range(1, 6):
            self.held[base + v] = 0

    def settle(self):
        """The round's scores from the hands as shown, and the winner if it
        was the last round."""
        if not self.scores:
            return
        self.scores[-1] = self.round_points()
        if self.phase == diabolo.P_OVER:
            self._decide()

    def shown(self):
        """The cards each seat showed this round: a tuple of tuples."""
        return tuple(tuple(self.hand(p)) for p in range(self.players))

    def score_event(self):
        """The serial link's ``scores`` line for the latest round scored
        (docs/PROTOCOL.md)."""
        scores = self.round_scores()
        return {
            "event": "scores",
            "round": len(scores),
            "points": scores[-1],
            "totals": self.totals(),
        }

    def plus(self, colour):
        """1 if the row scores plus points, -1 minus, 0 nothing."""
        hell, heaven = self.row_sums(colour)
        return 1 if heaven > hell else -1 if heaven < hell else 0
