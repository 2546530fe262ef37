"""A Pacal duel's seat played far away (docs/REMOTE.md, "At a board"): a
tabletop.board.remote_seat.Remote that also takes the room's deal. Loaded
only when the host names a far seat on a Pacal board (``remote``);
tabletop.board.pacal_board asks it as it asks its computer seat, and its
steps are the computer seat's (tabletop.board.pacal_steps: that seat's
module, with its hand reading, is not loaded for a far seat).

    seat = PacalRemote((1,), board, say)
    seat.deal(board, event)     # the host's ``play`` of the room's deal: None, or why not
    seat.take(board, event)     # ... of a far seat's offer, take, build or keep: lit
    seat.read_hand(board, back) # HAND: the far hand read in on its slot
    seat.offer(board, slots)    # P_OFFER, its turn: its two cards, each on its slot

The room's deal is the rules' own (every hand known: the board checks a
card offered at the board against its player's hand). After each deal the
player reads the far player's 15 cards in on the far seat's slot, one at
a time as the display names them (a card not in that hand is red); each
of the far player's moves is then lit in the profile's "remote" colour as
a computer's, its cards already at hand. After a power cut the far hand is
not read in again, unless the round has had no move yet. A take-back is
the room's to agree to, as at a Pyraos board (tabletop.board.remote_seat):
BACK asks for the player's last turn and the far replies since (never
across a deal), a far ask is answered with MENU or BACK, and what the
room agreed BACK takes back at the board (tabletop.board.pacal_slots).
"""

from tabletop.board import pacal_board as pb
from tabletop.board import pacal_steps as steps
from tabletop.board.pacal_slots import ACCEPTED
from tabletop.board.remote_seat import Remote
from tabletop.rules import pacal
from tabletop.sensing import cards


class PacalRemote(Remote):
    plays = steps.plays
    lift = steps.lift
    may_build = steps.may_build
    built = steps.built
    chosen_field = steps.chosen_field
    last_card = steps.keeps  # (P_LAST: a last card it keeps, accepted as it comes)

    def __init__(self, seats, board, say):
        Remote.__init__(self, seats, board, say)
        self.hand = []  # the far hand's cards read in since the deal
        self.to_read = False  # the far hand is read in now (after the room's deal)
        self.read_one = False  # a card was just read: the slot must clear before the next
        events = board.journal.events
        if events and events[-1][0] == pacal.DEAL and events[-1][2] is not None:
            self.to_read = True  # (the round's deal, and no move since: read in again)
            if board.mode == pb.PLAY:  # (the pieces matched: once more, then its hand)
                board.undone()

    def due(self, game, event):
        """Is ``event`` (a move) the far seat's, due now?"""
        return event[1] in self.seats and event[1] in game.to_move() and self.plays(game)

    def new_round(self):
        self.forget()
        self.hand = []
        self.to_read = False
        self.read_one = False

    def deal(self, board, event):
        """The room's deal (the host's ``play``): None once the board has
        dealt it, else why not."""
        mode = board.mode
        fresh = mode == pb.SELECT and not board.journal.events
        if not fresh and mode != pb.CLEAR and mode != pb.BASES and mode != pb.FAR_DEAL:
            return "not now: the board is not waiting for a deal"
        fault = board.game.fault(event)
        if fault is not None:
            from tabletop.rules.reasons import explain

            return explain(fault)
        board.dealt_far(event)
        self.to_read = True
        return None

    # -- the far hand, read in ----------------------------------------------------------

    def next_card(self, game):
        """The far hand's next card to read in (0: none)."""
        for c in game.hand(self.seat):
            if c not in self.hand:
                return c
        return 0

    def missing(self, game):
        return len(game.hand(self.seat)) - len(self.hand) if self.to_read else 0

    def held(self, game):
        return len(self.hand)

    def reading(self):
        self.read_one = False

    def read_hand(self, board, back):
        """HAND: each card of the far hand laid on the far seat's slot is
        read in (another is red); the slot is lifted before the next. Play
        goes on once the hand is read and the slot clear. BACK does nothing
        here (every card read in is the far hand's)."""
        s = self.seat
        g = board.game
        slots = board.readers.value
        v = slots[s]
        serr = (slots[1 - s] != 0) << (1 - s)  # the other slot stays empty
        if v == cards.UNSETTLED:
            return
        if v == 0:
            self.read_one = False
            if self.missing(g) <= 0:
                self.to_read = False
                board.play_on()
                return
        elif not self.read_one:
            if v > 0 and g.loc[v] == pacal.L_HAND + s and v not in self.hand:
                self.hand.append(v)
                self.read_one = True
                board.version += 1  # (the count on the display)
            else:
                serr |= 1 << s  # misread, or not the far hand's
        board.show_slots(serr, 0)

    # -- its turn at the board ----------------------------------------------------------

    def offer(self, board, slots):
        """P_OFFER, the far seat's turn: the two cards of its offer, each on
        the slot it names (the room's line: its first card on slot 1).
        Returns the slots to show red, or ACCEPTED."""
        move = self.next_move(board.game)
        serr = 0
        for i in (0, 1):
            v = slots[i]
            if v == cards.MISREAD or v > 0 and (move is None or v != move[2 + i]):
                serr |= 1 << i
        if move is None or serr:
            return serr
        if slots[0] == move[2] and slots[1] == move[3]:
            self.made()
            board.accept(move)
            return ACCEPTED
        board.lit_next = (slots[0] == 0) | (slots[1] == 0) << 1  # where a card is still to come
        return 0
