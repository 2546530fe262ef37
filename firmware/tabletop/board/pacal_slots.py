"""What the players' cards on the Pacal board's two offer slots mean (the
flow at the board is tabletop.board.pacal_board; a computer seat's own
steps are tabletop.board.pacal_computer):

    bases(board)              # BASES: the two base top cards decide who offers first
    offer(board, slots)       # P_OFFER: two unseen cards make the offer
    take(board, slots)        # P_TAKE: the slot that empties first was taken
    read_cards(board, slots)  # a last card, or a solo card, read before it is built
    back(board)               # BACK in play: keep a last card read, or undo (against
                              # the computer: its reply with the person's move; against
                              # a far seat: what the room agreed, else the room is asked)

``slots`` are the readers' values (a card, 0, cards.MISREAD or
cards.UNSETTLED). offer, take and read_cards return the slots to show red
(bit s for slot s), or ACCEPTED when they accepted an event.
"""

from micropython import const

from tabletop.rules import pacal
from tabletop.sensing import cards

ACCEPTED = const(-1)  # a slot's reading was an event, and it is accepted
BOTH_SLOTS = const(3)  # slot masks: bit s for slot s


def bases(board):
    """BASES: both base top cards read deal the round, the higher card's
    player offering first (True), else the slots show what is wrong."""
    slots = board.readers.value
    a, b = slots[0], slots[1]
    serr = 0
    for i in (0, 1):
        if slots[i] == cards.MISREAD:
            serr |= 1 << i
    if a > 0 and b > 0 and a != b:
        board.played.deal(0 if a > b else 1, (a, b))
        return True
    if a > 0 and a == b:
        serr = BOTH_SLOTS
    board.show_slots(serr, 0)
    return False


def back(board):
    """BACK in play: a last card that lies read on its slot is kept, or
    the round's last event is taken back. False: nothing to take back."""
    g = board.played.game
    slots = board.readers.value
    seat = board.computer
    if g.phase == pacal.P_LAST:
        # BACK keeps a last card that lies read on its slot.
        kept = False
        for p in (0, 1):
            card = g.pending[p]
            if card and slots[p] == card and (seat is None or p != seat.seat):
                board.accept((pacal.KEEP, p, card, 0))
                kept = True
        if kept:
            return True
    played = board.played
    if seat is not None and seat.REMOTE:  # the moves are the room's: what it agreed goes
        # (else the room is asked, through the host: tabletop.board.remote_seat)
        events = played.events()
        n = seat.back(events, played.state_before, len(board.journal.events) - len(events))
        if not n or not played.undo(n):
            board.version += 1  # (the ask, or why not: the status says so)
            return False
        seat.taken_back()
        board.undone()
        return True
    if seat is None or g.variant == pacal.SOLO:  # one event (the advice is given again)
        if not played.undo(1):
            return False
        if seat is not None:
            seat.forget()
    else:
        # Against the computer: its reply (what it did without a move at
        # the board too: its last card known, or kept) and the person's move
        # before it (tabletop.board.seat.back_count).
        from tabletop.board.seat import back_count

        if not played.undo(back_count(played.events(), seat.seat, played.state_before)):
            seat.refused = True  # nothing of the person's to take back: the status says so
            board.version += 1
            return False
        seat.taken_back()
    board.undone()
    return True


def _seen(board, card):
    # Not a card a player may offer or read: seen already, or read into the
    # computer seat's hand; with the room's deal (far seats), not in the
    # offerer's hand.
    seat = board.computer
    g = board.played.game
    if g.known:
        return card < 1 or g.loc[card] != pacal.L_HAND + g.turn
    return (
        card < 1
        or board.played.game.loc[card] != pacal.L_UNDEALT
        or seat is not None
        and card in seat.hand
    )


def offer(board, slots):
    g = board.played.game
    a, b = slots[0], slots[1]
    serr = 0
    for i in (0, 1):
        v = slots[i]
        if v == cards.MISREAD or (v > 0 and _seen(board, v)):
            serr |= 1 << i
    if serr == 0 and a > 0 and b > 0:
        move = (pacal.OFFER, g.turn, a, b)
        if g.fault(move) is None:
            board.accept(move)
            return ACCEPTED
        serr = BOTH_SLOTS
    return serr


def take(board, slots):
    g = board.played.game
    a, b = g.offer
    on0 = slots[0] == a
    on1 = slots[1] == b
    if slots[0] == cards.UNSETTLED or slots[1] == cards.UNSETTLED:
        return 0
    serr = (slots[0] != 0 and not on0) | (slots[1] != 0 and not on1) << 1
    if serr:
        return serr
    if on0 != on1:  # exactly one slot emptied: that card was taken
        board.accept((pacal.TAKE, 1 - g.turn, b if on0 else a, 0))
        return ACCEPTED
    if not on0 and not on1:
        return BOTH_SLOTS  # both lifted at once: put the taken one back... or both
    return 0


def read_cards(board, slots):
    # The last card of a duel round, or a solo card, is read on the
    # player's slot before it is built.
    g = board.played.game
    serr = 0
    for p in (0, 1):
        if g.awaiting[p]:
            v = slots[p]
            if v > 0:
                if _seen(board, v):
                    serr |= 1 << p
                else:
                    board.accept((pacal.REVEAL, p, v, 0), journaled=False)
                    return ACCEPTED
            elif v == cards.MISREAD:
                serr |= 1 << p
        elif g.phase == pacal.P_LAST and not g.pending[p]:
            # kept (it fits nowhere, or BACK): red until lifted
            if slots[p] > 0:
                serr |= 1 << p
    return serr
