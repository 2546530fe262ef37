"""Diabolo seats played far away (docs/REMOTE.md, "At a board"): a
tabletop.board.remote_seat.Remote that also takes the room's deal and the
far seats' doubles and passes. Loaded only when the host names far seats
on a Diabolo board (``remote``); tabletop.board.diabolo_board asks it as it
asks its computer seat (tabletop.board.diabolo_computer: the slot of its
play is tabletop.board.diabolo_slots's for both; that seat's module, with
its hand reading, is not loaded for far seats: 6.6 KB of heap).

    seat = DiaboloRemote((1, 2), board, say)
    seat.deal(board, event)     # the host's ``play`` of the room's deal: None, or why not
    seat.take(board, event)     # ... of a far seat's PLAY, DISCARD (lit) or DOUBLE (taken)
    seat.pass_given(p, colour)  # the host's ``pass``: far seat p declares no double there
    seat.news                   # what the board says to the host (its own seats' passes)

BACK asks the room for a take-back (tabletop.board.remote_seat's ``back``)
of this round's moves only: the player's last and the far seats' since
(``count``); ``first_line`` is the line a take-back may go back to at
most, the round's deal (none while the round is scored or before the next
deal), and the host's ``undo`` or ``asked`` past it is refused.

The room's deal is the rules' own (every hand known: the board checks that
a card laid at the board is in its player's hand, and nobody shows cards at
scoring); the player at the board takes from the deck the cards the display
names: their own hand at their turn, a far player's card when it is lit.
"""

from tabletop.board.diabolo_slots import slot_of_play
from tabletop.board.remote_seat import Remote
from tabletop.rules.diabolo import DOUBLE


class DiaboloRemote(Remote):
    returned = 0  # (a computer seat's draw put back: never one here)
    hand = ()  # (the walk counts no cards of its: the hands are known)

    def __init__(self, seats, board, say):
        Remote.__init__(self, seats, board, say)
        self.passes = 0  # this round's far passes: bit seat * 5 + colour (no allocation)
        self.news = []  # lines for the host, said at the next tick (tabletop.host)

    def slot(self, game):
        """The slot of the far play given (bit s), 0 while none is (or a discard)."""
        return slot_of_play(game, self.next_move(game))

    def is_its(self, game, card):
        """Is ``card`` (the card read) the one the far seat plays now?"""
        move = self.next_move(game)
        return move is not None and move[2] == card

    def missing(self, game):
        return 0  # nothing to read in: the room's deal names every hand

    def new_round(self):
        self.forget()
        self.passes = 0

    def count(self, events, before):
        """What BACK takes back (``events``: this round's): every far
        seat's move since the last of a seat played at the board, and that
        one (0: none of theirs this round)."""
        i = len(events)
        while i and events[i - 1][1] in self.seats:
            i -= 1
        return len(events) - i + 1 if i else 0

    def first_line(self, board):
        """A take-back stays in the round played: back to its deal at most
        (nothing while it is scored, or before the next deal)."""
        from tabletop.board.diabolo_board import PLAY, UNDO

        n = len(board.journal.events)
        if board.mode != PLAY and board.mode != UNDO or board.game.scoring():
            return n
        return n - len(board.played.history)

    def taken_back(self, taken=None, game=None):
        self.forget()

    def double_colour(self, game):
        return -1  # its doubles come from far away (take)

    def accepted(self, event):
        Remote.accepted(self, event)
        if event[1] in self.seats and self.moves is not None:
            self.made()  # the lit move made at the board

    def due(self, game, event):
        """Is ``event`` a far seat's, due now?"""
        if event[0] == DOUBLE:
            return event[1] in self.seats and game.scoring()
        return self.plays(game) and event[1] == game.turn

    def take(self, board, event):
        # A far double is declared as it comes (the player lays no card for
        # it); a play or discard is lit for the player to make.
        if event[0] == DOUBLE:
            board.played.accept(event)
        else:
            self.given(event)

    def deal(self, board, event):
        """The room's deal (the host's ``play``): None once the board has
        dealt it, else why not."""
        from tabletop.board.diabolo_board import DEAL, SELECT

        first = board.mode == SELECT and board.game.round == 0  # (the game starts with it)
        if board.mode != DEAL and not first:
            return "not now: the board is not waiting for a deal"
        fault = board.game.fault(event)
        if fault is not None:
            from tabletop.rules.reasons import explain

            return explain(fault)
        board.dealt_far(event)
        return None

    def pass_given(self, p, colour):
        self.passes |= 1 << (p * 5 + colour)

    def passed(self, p, colour):
        return self.passes >> (p * 5 + colour) & 1

    def said_pass(self, p, colour):
        """A seat of this board's declares no double on that row."""
        self.news.append({"event": "pass", "p": p, "row": colour})
