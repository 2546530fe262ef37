"""What a Pacal board has accepted of a game: the rules' state, this round's
events (to take one back), and the cards that state puts on the board.

    played = Played(journal, "duel")
    played.new_game("solo")         # a fresh game; the journal restarts
    played.new_round()              # a round over: nothing to take back, the board empty
    played.cleared()                # the board cleared for the next round: no one stuck
    played.deal(first, seen)        # a board deal (tabletop.rules.pacal), journaled
    played.deal_known(event)        # the room's deal, every hand known (far seats)
    played.accept(event)            # an event the board saw: into the game and the journal
    played.game                     # the rules' state (a tabletop.rules.pacal.Pacal)
    played.expected[i]              # cards on field i (0..19: p * FIELDS + f) by that state
    played.slot_expect[s]           # the card on slot s by that state (0 none, ANY_CARD)
    played.stuck                    # whose pyramid flashes: NOT_STUCK, 0, 1 or BOTH_STUCK
    played.undo(n)                  # BACK: this round's last n events taken back (False: none)
    played.state_before(i)          # the state before this round's i-th event (a replay)
    played.resume(events)           # power on: a journal's events replayed

The controller (tabletop.board.pacal_board) compares what its sensors read
with ``expected`` and ``slot_expect``, and changes a Played only through
these methods. One copy of the state per round, not one per event (~560
bytes each on a board): ``undo`` replays the round from its start.
"""

from tabletop.rules import pacal

FIELDS = pacal.FIELDS

NOT_STUCK = -1  # stuck: no pyramid flashes
BOTH_STUCK = 2  # ... both flash (0 or 1: that player's)
ANY_CARD = -1  # slot_expect: a card may lie there or not (one being built, say)


class Played:
    def __init__(self, journal, variant):
        self.journal = journal
        self.game = pacal.Pacal(variant)
        # The events of this round, (event, journaled), and the state before
        # the first of them: undo replays all but the last.
        self.history = []
        self.round_start = self.game
        self.expected = bytearray(2 * FIELDS)  # cards per field the game implies
        self.slot_expect = [0, 0]  # card that must lie on each slot (0 empty, ANY_CARD)
        self.stuck = NOT_STUCK  # player whose pyramid flashes after being stuck

    def new_game(self, variant):
        """A new game of ``variant``; the journal starts it too."""
        self.game = pacal.Pacal(variant)
        self.journal.restart(variant)
        self.new_round()

    def new_round(self):
        """The round is over (or the game new): no event to take back, no
        card on the board."""
        self.history = []
        for i in range(2 * FIELDS):
            self.expected[i] = 0
        self.slot_expect[0] = self.slot_expect[1] = 0

    def cleared(self):
        """The board is clear for the next round: a stuck pyramid stops flashing."""
        self.stuck = NOT_STUCK

    def deal(self, first, seen):
        """The board's deal (``seen``: the base cards it read, or None), into
        the game and the journal. It starts the round: nothing to take back."""
        deal = (pacal.DEAL, first, None, seen)
        self.game.apply(deal)
        self.journal.add(deal)

    def deal_known(self, event):
        """The room's deal (far seats: every hand known), into the game and
        the journal as the record writes it. It starts the round."""
        self.history = []
        self.game.apply(event)
        self.journal.add(event)
        self._expect(self.game)

    def accept(self, event, journaled=True):
        """An event the board has just seen, into the game, and into the
        journal unless it is what the board learnt (a REVEAL), not a record
        event. IllegalMove if the rules refuse it."""
        self._replay(event, journaled)
        if journaled:
            self.journal.add(event)

    def _replay(self, event, journaled):
        # Into the game and this round's history (resume replays the journal
        # so: its events are in it already).
        if not self.history:
            self.round_start = self.game.copy()
        self.history.append((event, journaled))
        self.game.apply(event)
        kind = event[0]
        if kind == pacal.PLACE:
            self.expected[event[1] * FIELDS + event[3] - 1] += 1
        elif kind == pacal.TAKE:
            self.stuck = NOT_STUCK
            g = self.game
            pend = g.pending
            if g.phase == pacal.P_DEAL or g.is_over():
                # stuck: the pyramid of whoever could not build flashes
                s0 = pend[0] and not g.field_mask(0, pend[0])
                s1 = pend[1] and not g.field_mask(1, pend[1])
                self.stuck = BOTH_STUCK if s0 and s1 else 0 if s0 else 1 if s1 else NOT_STUCK

    def undo(self, n=1):
        """Take back this round's last ``n`` events (from the journal too,
        those that are there); the pieces must then match the state before
        them. False when the round has not that many to take back."""
        h = self.history
        if n < 1 or n > len(h):
            return False
        state = self.state_before(len(h) - n)
        for _ in range(n):
            if h.pop()[1]:
                self.journal.undo()
        self.game = state
        self._expect(state)
        self.stuck = NOT_STUCK
        return True

    def events(self):
        """This round's events, oldest first (a list made for BACK)."""
        return [ev for ev, _ in self.history]

    def state_before(self, i):
        """The state before this round's event ``i`` (its start replayed)."""
        state = self.round_start.copy()
        h = self.history
        for k in range(i):
            state.apply(h[k][0])
        return state

    def _expect(self, state):
        # The cards on the fields and slots that ``state`` implies.
        for i in range(2 * FIELDS):
            self.expected[i] = (state.top[i] != 0) + (state.under[i] != 0)
        if state.phase == pacal.P_TAKE:
            self.slot_expect[0], self.slot_expect[1] = state.offer
        elif state.phase == pacal.P_OFFER:
            self.slot_expect[0] = self.slot_expect[1] = 0
        else:
            self.slot_expect[0] = self.slot_expect[1] = ANY_CARD

    def resume(self, events):
        """Replay a journal's events (up to the first the rules refuse;
        returns how many were taken); ``expected`` and ``slot_expect`` are
        then what the pieces must show. A card the board had read (a solo
        card, a last card) is read again from its build."""
        kept = 0
        for ev in events:
            kind = ev[0]
            if kind == pacal.DEAL:
                if self.game.fault(ev) is not None:
                    self._last_cards_kept()
                if self.game.fault(ev) is not None:
                    break
                self.history = []
                self.stuck = NOT_STUCK  # at the board: cleared before the deal
                self.game.apply(ev)
            else:
                if (kind == pacal.PLACE or kind == pacal.KEEP) and self.game.fault(ev) is not None:
                    reveal = (pacal.REVEAL, ev[1], ev[2], 0)
                    if self.game.fault(reveal) is None:
                        self.accept(reveal, journaled=False)
                if self.game.fault(ev) is not None:
                    break
                self._replay(ev, True)
            kept += 1
        self._expect(self.game)
        return kept

    def _last_cards_kept(self):
        # Replaying: a new round's deal while last cards are still awaited.
        # Those were read and fitted nowhere, so they left no line (a card
        # that cannot be built has none): reveal, for each, a card that fits
        # nowhere on that pyramid (its value is unknown; only that it ended
        # the round counts).
        g = self.game
        if g.phase != pacal.P_LAST:
            return
        for p in (0, 1):
            if not g.awaiting[p]:
                continue
            for c in range(1, pacal.CARDS + 1):
                reveal = (pacal.REVEAL, p, c, 0)
                if not g.field_mask(p, c) and g.fault(reveal) is None:
                    self.accept(reveal, journaled=False)
                    break
