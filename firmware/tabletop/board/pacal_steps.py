"""A Pacal seat's steps at the board that a computer seat and a far seat
share (tabletop.board.pacal_computer's PacalSeat, tabletop.board.
pacal_remote's PacalRemote): its turn lit for the player to make, only
that move accepted. Each is a method of both classes (``lift =
pacal_steps.lift`` in the class), so a far seat loads none of the computer
seat's hand reading (tabletop.board.hand_seat).

    seat.plays(game)            # is the seat to act now (offer, take, build)?
    seat.lift(board, slots)     # P_TAKE, the seat takes: slot errors, or ACCEPTED
    seat.may_build(game, p, f)  # may p's card go on field f (0..9) now?
    seat.chosen_field(game)     # the field to light for its card (a mask)
    seat.built(game, event)     # a build was accepted
    seat.keeps(board)           # P_LAST: a last card it keeps, accepted (no move at the board)

What they use of the seat: ``seat`` (its player), ``next_move(game)``,
``made()`` and ``forget()`` (tabletop.board.computer.Computer's).
"""

from tabletop.board.pacal_slots import ACCEPTED
from tabletop.rules import pacal
from tabletop.sensing import cards


def plays(self, game):
    ph = game.phase
    c = self.seat
    if game.variant == pacal.SOLO:
        return ph == pacal.P_BUILD and game.pending[0] != 0
    if ph == pacal.P_OFFER:
        return game.turn == c
    if ph == pacal.P_TAKE:
        return game.turn != c
    if ph == pacal.P_BUILD or ph == pacal.P_LAST:
        return game.pending[c] != 0
    return False


def lift(self, board, slots):
    """P_TAKE, the seat takes: the slot of its card is lifted, the other
    stays. Returns the slots to show red, or ACCEPTED."""
    g = board.game
    move = self.next_move(g)
    if slots[0] == cards.UNSETTLED or slots[1] == cards.UNSETTLED:
        return 0
    a, b = g.offer
    on0 = slots[0] == a
    on1 = slots[1] == b
    wrong = (slots[0] != 0 and not on0) | (slots[1] != 0 and not on1) << 1
    if wrong:
        return wrong
    if move is None:  # still choosing: a lifted card goes back (hint)
        board.hint_next = (not on0) | (not on1) << 1
        return 0
    if move[2] == a:
        mine, on_mine, on_other = 0, on0, on1
    else:
        mine, on_mine, on_other = 1, on1, on0
    if not on_mine and on_other:
        self.made()
        board.accept(move)
        return ACCEPTED
    board.lit_next = on_mine << mine
    board.hint_next = (not on_other) << (1 - mine)
    return 0


def may_build(self, game, p, f):
    """May player p's card go on field f (0..9), as far as the seat is
    concerned? Its own card only where it chose (not while it chooses);
    the rules answer for the rest."""
    if p != self.seat or game.variant == pacal.SOLO:
        return True
    move = self.next_move(game)
    return move is not None and move[0] == pacal.PLACE and move[3] == f + 1


def built(self, game, event):
    """A build was accepted: the seat's own is its move made; in solo
    the advice is spent."""
    if game.variant == pacal.SOLO:
        self.forget()
    elif event[1] == self.seat:
        self.made()


def chosen_field(self, game):
    """The field the seat chose for its card (bit f-1), or 0."""
    ph = game.phase
    if ph == pacal.P_OFFER or ph == pacal.P_TAKE or not self.plays(game):
        return 0
    move = self.next_move(game)
    if move is None or move[0] != pacal.PLACE:
        return 0
    return 1 << move[3] - 1


def keeps(self, board):
    """P_LAST: a last card the seat keeps needs no move at the board:
    accepted (True) once it is the seat's next move."""
    g = board.game
    if g.phase != pacal.P_LAST:
        return False
    move = self.next_move(g)
    if move is not None and move[0] == pacal.KEEP:
        self.made()
        board.accept(move)
        return True
    return False
