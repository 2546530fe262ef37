"""A seat played far away (docs/REMOTE.md): its moves come from the host
(``python -m host_tools remote`` bridges the board to a room on a broker),
the board lights each in the profile's "remote" colour, and the player at
the board makes it for the far player; only that move is accepted, as a
computer seat's. Loaded only when a host names far seats. A board whose
seats need more (the room's deal: Diabolo's) names its own kind of seat,
a Remote too (``board.FAR_SEAT``: tabletop.board.diabolo_remote).

    play_far(board, (1,))      # the host's ``remote``: the far seats (player indexes)
    far_move(board, event)     # the host's ``play``: the far seat's next event, or why not
    board.computer.deal(board, event)   # ... of a deal line: None, or why not
    board.computer             # a Remote, doing what a Computer seat does (next_move, made...)

The board treats it as the seat it plays (``board.computer``): it replaces
a computer seat chosen at the game select. BACK never takes a far move
back here (``refused``: the status says so): a take-back is the far
player's to agree to, which the room does not carry yet.
"""

from tabletop.board.computer import Computer


class Remote(Computer):
    COLOUR = "remote"  # the profile colour its moves are lit in
    REMOTE = True
    news = ()  # lines for the host, said at the next tick (a Diabolo board's passes)

    def __init__(self, seats):
        Computer.__init__(self, seats[0])
        self.seats = seats

    def plays(self, game):
        return game.turn in self.seats and not game.is_over()

    def think(self, game, now_ms):
        # Nothing to think: the far player chose (the host's ``play``).
        self.began = None
        return self.moves is not None

    def thinking_now(self, game):
        return False  # (its moves come with the host's commands, not after a tick)

    def given(self, event):
        """The far seat's next event (checked by the caller): lit next tick."""
        self.moves = [event]
        self.made_count = 0
        self.refused = False

    def forget(self):
        self.moves = None
        self.waiting = False
        self.refused = False

    def taken_back(self):
        self.forget()

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


def play_far(board, seats):
    """The host plays ``seats`` (player indexes; () none) far away on
    ``board``: they are the seat it plays from now on, a computer's replaced
    (the board's FAR_SEAT names its game's kind of seat, if not a Remote)."""
    kind = Remote
    if board.FAR_SEAT is not None:
        module, name = board.FAR_SEAT
        kind = getattr(__import__(module, None, None, ("x",)), name)
    board.computer = kind(seats) if seats else None
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
