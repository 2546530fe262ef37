"""A seat whose moves the player at the board makes for it: chosen by the
computer (tabletop.board.computer) or far away (tabletop.board.remote_seat).
What both share, loaded with either: the turn to make, a move at a time,
and what BACK takes back against it. A far seat loads none of the
computer's thinking (its clock, its players).

    seat.plays(game)                      # that seat is to move
    seat.next_move(game)                  # the rules move to make for it next, or None
    seat.made()                           # ... that move was made
    seat.accepted(event)                  # the board accepted an event (anybody's)
    seat.forget()                         # the game changed another way (a new game)
    seat.taken_back()                     # BACK took its reply back: it waits for the person
    back_count(events, seat.seat, before) # how many events BACK takes back against it

BACK against such a seat (``back_count``, docs/FIRMWARE.md): its reply and
the person's move before it go back together, and the seat does not play
again before the person has moved (``waiting``).
"""


class Seat:
    COLOUR = "computer"  # the profile colour its moves are lit in
    REMOTE = False  # a seat played far away (tabletop.board.remote_seat) says so
    talk = None  # ... and a take-back under way far away: its buttons and display then

    def __init__(self, seat):
        self.seat = seat
        self.moves = None  # the turn to make: the rules' moves, in order
        self.made_count = 0  # ... how many of them the player made for it
        self.waiting = False  # BACK took its reply back: it waits until the person has moved
        self.refused = False  # BACK found no move of a person's to take back (the status says so)

    def plays(self, game):
        return game.turn == self.seat and not game.is_over()

    def tick_begins(self):
        """A tick begins (a computer's thinking after it is bounded from here)."""

    def thinking_now(self, game):
        """True while the seat's turn is being chosen on the board."""
        return False

    def next_move(self, game):
        """The move the player is to make for the seat, or None (not chosen
        yet, the turn is all made, or it waits after BACK)."""
        moves = self.moves
        if moves is None or self.waiting or not self.plays(game) or self.made_count >= len(moves):
            return None
        return moves[self.made_count]

    def made(self):
        """The player made next_move(): the turn goes on, or is over."""
        moves = self.moves
        self.made_count += 1
        if moves is None or self.made_count >= len(moves):
            self.moves = None

    def forget(self):
        """The game changed otherwise than by the seat's moves: its turn no
        longer holds."""
        self.moves = None
        self.waiting = False
        self.refused = False

    def accepted(self, event):
        """The board accepted ``event`` (the rules' tuple, its player
        second): a person's move ends the wait after BACK."""
        if event[1] != self.seat:
            self.waiting = False
        self.refused = False

    def taken_back(self):
        """BACK took back its reply and the person's move: its turn is
        forgotten, and it does not play before the person has moved again."""
        self.forget()
        self.waiting = True


def back_count(events, seat, before):
    """How many of ``events`` BACK takes back against the seat ``seat``
    (docs/FIRMWARE.md, "A computer seat"). ``events`` are the moves since
    the last deal, oldest first (each the rules' tuple, its player second);
    ``before(i)`` is the state before ``events[i]`` (a replay). From the
    end: every event of the seat, then the person's last event, and more of
    that person's while the state before the last one taken is in the
    middle of a turn (the rules' ``mid_turn()``: a Pyraos take-back goes
    with its place). 0 when no person's event is left to take back: BACK
    then does nothing."""
    i = len(events)
    while i and events[i - 1][1] == seat:
        i -= 1
    if not i:
        return 0
    i -= 1
    person = events[i][1]
    while i and events[i - 1][1] == person and before(i).mid_turn():
        i -= 1
    return len(events) - i
