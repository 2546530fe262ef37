"""A seat played far away (docs/REMOTE.md): its moves come from the host
(``python -m host_tools remote`` bridges the board to a room on a broker),
the board lights each in the profile's "remote" colour, and the player at
the board makes it for the far player; only that move is accepted, as a
computer seat's. Loaded only when a host names far seats. A board whose
seats need more (the room's deal: Diabolo's) names its own kind of seat,
a Remote too (``board.FAR_SEAT``: tabletop.board.diabolo_remote).

    play_far(board, (1,), say)  # the host's ``remote``: the far seats (player indexes);
                                # say(obj): a line to the host (tabletop.device's say)
    far_move(board, event)      # the host's ``play``: the far seat's next event, or why not
    board.computer.deal(board, event)   # ... of a deal line: None, or why not
    board.computer              # a Remote: a tabletop.board.seat Seat (next_move, made...)
    cut_to(board, 4)            # the host's ``undo`` with "to": the room agreed, back to line 4
    asked(board, cmd)           # the host's ``asked``: the room's open take-back, or none

The board treats it as the seat it plays (``board.computer``): it replaces
a computer seat chosen at the game select.

A take-back is the far players' to agree to (docs/PROTOCOL.md, "Seats far
away"). BACK at the board (``back``) takes back nothing here: it asks the
room, through the host, for what BACK takes back against the computer
(the player's last turn and the far replies since: the line to go back to
is told, ``{"event": "back", "to": 4}``), and the display says it waits
for the answer (``talk``). The host tells the room's answer: agreed, its
``undo`` with "to" (the next BACK takes the record back to that line, the
pieces put back as for any BACK); refused, ``asked`` with "refused". A far
player's ask the host tells with ``asked``: the display shows it, and the
next MENU (yes) or BACK (no) answers it (``pressed``, asked by the runtime
before the board sees the press): ``{"event": "answer", "yes": true}``.
"""

from tabletop.board.seat import Seat, back_count
from tabletop.buttons.presses import NONE, SHORT_BACK, SHORT_MENU

# What ``talk`` holds (tabletop.show.status_far says it): (ASKING, to), the
# board's ask back to line ``to``, not answered yet; (ASKED, to, moves), a
# far player's, ``moves`` events back; (REFUSED,), the board's ask refused.
ASKING = 1
ASKED = 2
REFUSED = 3
_NO_FAR = 'no seat is far away ("remote" first)'


class Remote(Seat):
    COLOUR = "remote"  # the profile colour its moves are lit in
    REMOTE = True
    news = ()  # lines for the host, said after the tick's moves (a Diabolo board's passes)

    def __init__(self, seats, board, say):
        Seat.__init__(self, seats[0])
        self.seats = seats
        self.board = board
        self.say = say
        self.cut = -1  # the room agreed: the next BACK takes the record back to this line

    def plays(self, game):
        return game.turn in self.seats and not game.is_over()

    def given(self, event):
        """The far seat's next event (checked by the caller): lit next tick."""
        self.moves = [event]
        self.made_count = 0
        self.refused = False

    def taken_back(self):
        self.forget()

    def accepted(self, event):
        Seat.accepted(self, event)
        if self.talk is not None and self.talk[0] == REFUSED:
            self.talk = None  # (said until the next move)

    def due(self, game, event):
        """Is ``event`` (a move) a far seat's, due now?"""
        return self.plays(game) and event[1] == game.turn

    def take(self, board, event):
        """A far seat's move, checked: lit for the player to make."""
        self.given(event)

    def deal(self, board, event):
        """The room's deal (the host's ``play``): None once the board has
        dealt it, else why not. A board that deals its own cards refuses it."""
        return "a deal is the board's own"

    def back(self, events, before, first=0):
        """BACK with the pieces matching the game (``events``: the journal's,
        or its last ones, ``first`` events before them: a Diabolo or Pacal
        round's;
        ``before(i)``: the state before ``events[i]``): how many events go,
        when the room agreed a take-back; else 0, the ask sent to the host
        (or nothing of the player's to take back: ``refused``)."""
        talk = self.talk
        if self.cut >= 0:
            n = first + len(events) - self.cut
            self.cut = -1
            self.talk = None
            return n
        n = self.count(events, before)
        if not n:
            self.refused = True
        else:
            to = first + len(events) - n if talk is None or talk[0] != ASKING else talk[1]
            self.talk = (ASKING, to)
            self.say({"event": "back", "to": to})
        self.board.version += 1
        return 0

    def count(self, events, before):
        """What BACK takes back against the far seat (as against a computer)."""
        return back_count(events, self.seat, before)

    def first_line(self, board):
        """The first record line a take-back may go back to (0: any)."""
        return 0

    def pressed(self, event):
        """A press while ``talk`` is set (the runtime asks, before the board
        sees it): a far player's ask takes every press, MENU answers yes and
        BACK no; else the press is the board's."""
        talk = self.talk
        if talk is None or talk[0] != ASKED:
            return event
        if event == SHORT_MENU or event == SHORT_BACK:
            self.say({"event": "answer", "yes": event == SHORT_MENU})
            self.talk = None
            self.board.version += 1
        return NONE


def play_far(board, seats, say):
    """The host plays ``seats`` (player indexes; () none) far away on
    ``board``: they are the seat it plays from now on, a computer's replaced
    (the board's FAR_SEAT names its game's kind of seat, if not a Remote).
    ``say(obj)`` tells the host a line (the board's take-back asks, a
    Diabolo board's passes)."""
    kind = Remote
    if board.FAR_SEAT is not None:
        module, name = board.FAR_SEAT
        kind = getattr(__import__(module, None, None, ("x",)), name)
    board.computer = kind(seats, board, say) if seats else None
    board.version += 1


def far_move(board, event):
    """The far seat's next event (the host's ``play``, on a board with far
    seats): None when ``board`` takes it (lit next tick for the player to
    make), else why not."""
    seat = board.computer
    game = board.game
    if not seat.due(game, event):
        return "not the far seat's turn"
    fault = game.fault(event)
    if fault is not None:
        from tabletop.rules.reasons import explain

        return explain(fault)
    seat.take(board, event)
    board.version += 1
    return None


def cut_to(board, to):
    """The room agreed to take the record back to line ``to`` (the host's
    ``undo`` with "to"): the far move lit goes, and the next BACK takes
    back what is past it (the caller presses it when ``board.computer.cut``
    is set: nothing is past it when the board never made those moves).
    None, else why not."""
    seat = board.computer
    if seat is None or not seat.REMOTE:
        return _NO_FAR
    events = len(board.journal.events)
    low = seat.first_line(board)
    if type(to) is not int or not low <= to <= events:
        return '"to" is a line of %s: %d..%d' % ("this round" if low else "the record", low, events)
    seat.forget()
    seat.talk = None
    seat.cut = to if to < events else -1
    board.version += 1
    return None


def asked(board, cmd):
    """The host's ``asked``: the room's open take-back ask (its "back", the
    line to go back to; "by", who asks; "moves", how many events back), or
    none (no "back"; "refused": the board's own ask was refused). None,
    else why not."""
    seat = board.computer
    if seat is None or not seat.REMOTE:
        return _NO_FAR
    back, by, moves = cmd.get("back"), cmd.get("by"), cmd.get("moves")
    if back is None:
        seat.talk = (REFUSED,) if cmd.get("refused") is True else None
    elif type(back) is not int or back < 0:
        return '"back" is a line of the record (0 or more)'
    elif type(by) is not int or not 0 <= by < board.players:
        return '"by" is a seat 0..%d' % (board.players - 1)
    elif by not in seat.seats:
        seat.talk = (ASKING, back)
    elif back < seat.first_line(board):
        return "this board takes back only this round's moves (from line %d)" % (
            seat.first_line(board)
        )
    elif moves is None or type(moves) is int and moves > 0:
        seat.talk = (ASKED, back, moves or max(1, len(board.journal.events) - back))
    else:
        return '"moves" is a whole number, 1 or more'
    board.version += 1
    return None
