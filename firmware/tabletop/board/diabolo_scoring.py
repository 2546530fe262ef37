"""The scoring walk-through of a Diabolo round, row by row (r y g p b).
Loaded by tabletop.board.diabolo_board at a round's last lock and let go
once the round is scored: play does not need it.

    walk = Walk(board)          # starts at the first row that scores anything
    walk.step(board, event)     # every tick while the board scores
    walk.colour, walk.stage     # the row being scored; DOUBLES or SHOW
    walk.seat                   # SHOW: the seat whose cards are shown now
    walk.done                   # every row scored: the round's scores are settled

For each row whose sides differ (a drawn row scores nothing and is skipped):

- DOUBLES, only for a row that scores plus points and only while some seat
  may still declare on it (the rules' double_mask): players lay their
  double card on the reader (each seat's card carries its seat); each one
  read is the record's ``double`` line. BACK: no more doubles.
- SHOW: seat by seat (P1 first), the seat whose turn LED is lit lays the
  cards of the row's colour from their hand on the reader, one at a time
  (lift each before the next); BACK: that seat is done (with none, at once).
  Long BACK: the seat's cards of this colour are forgotten, to be shown again.

Then the row's points are known (the rules' colour_points over the cards
shown); after the last row the round's scores are settled.

A seat the board plays (tabletop.board.diabolo_computer) does its part by
itself: it declares its double as its row's call for doubles begins (its
player's choice, made once as the walk starts; its double card laid on the
reader is refused), and its cards of each colour are counted from its hand
(the walk passes over its seat).

Seats played far away (tabletop.board.diabolo_remote): the round was the
room's deal, so every hand is known and nobody shows cards (SHOW is passed
over). A far seat's double comes from the host as it is declared far away,
its "no double" as the host's ``pass``; BACK in DOUBLES says the board's
own seats declare none (told to the host: ``news``), and the row is done
once every seat that may double has declared or passed.
"""

from micropython import const

from tabletop.buttons import presses
from tabletop.rules.diabolo import COLOURS, DOUBLE, colour_of
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

DOUBLES = 1
SHOW = 2

# diabolo_board's notes N_NONE, N_WRONG, N_USED (that module imports this one:
# written out here; tests/portable/test_diabolo_board_scoring.py sees them)
_NONE = const(0)
_WRONG = const(5)
_USED = const(6)


class Walk:
    def __init__(self, board):
        self.colour = -1
        self.stage = 0
        self.seat = 0
        self.shown = 0  # cards the seat has shown of this colour
        self.ready = False  # the reader was empty since the last card counted
        self.done = False
        self.last = 0  # the latest card or double read (for the status)
        self.played = board.played
        seat = board.computer
        self.computer = seat  # the seat the board plays, or None
        self.far = seat if seat is not None and seat.REMOTE else None  # ... far seats
        self.backed = False  # far seats: this board's seats declare no more on this row
        self.seat_c = -1 if seat is None or self.far else seat.seat
        self.double = -1 if seat is None else seat.double_colour(board.played.game)
        self._next_colour(board.played.game)

    def _next_colour(self, g):
        while True:
            self.colour += 1
            c = self.colour
            self.backed = False
            if c >= COLOURS:
                g.settle()
                self.done = True
                return
            plus = g.plus(c)
            if plus == 0:
                continue  # a drawn row scores nothing
            mine = self.seat_c
            if plus > 0 and c == self.double and g.double_mask(mine) >> c & 1:
                self.played.accept((DOUBLE, mine, c, 0))  # the computer's, declared first
            if plus > 0 and self._may_double(g):
                self.stage = DOUBLES
            else:
                self._show_from(g, 0)
            return

    def _may_double(self, g):
        # (the computer's seat has decided already; a far seat until it
        # declares or passes, this board's until BACK)
        far = self.far
        c = self.colour
        for p in range(g.players):
            if p == self.seat_c or not g.double_mask(p) >> c & 1:
                continue
            if far is None:
                return True
            if p in far.seats:
                if not far.passed(p, c):
                    return True
            elif not self.backed:
                return True
        return False

    def _no_more(self, g):
        # BACK while doubles are called: with far seats, this board's seats
        # that may still declare say they do not (to the host), and the
        # row waits for the far seats' word.
        far = self.far
        if far is None:
            self._show_from(g, 0)
            return
        if not self.backed:
            self.backed = True
            for p in range(g.players):
                if p not in far.seats and g.double_mask(p) >> self.colour & 1:
                    far.said_pass(p, self.colour)
        self._far_decided(g)

    def _far_decided(self, g):
        if self.stage == DOUBLES and not self._may_double(g):
            self._show_from(g, 0)

    def _show_from(self, g, seat):
        if g.known():  # (the room's deal: every hand known, none shown)
            self._next_colour(g)
            return
        if seat == self.seat_c:  # the computer's cards: the board knows them
            for card in self.computer.hand:
                if colour_of(card) == self.colour:
                    g.show(seat, card)
            seat += 1
        if seat >= g.players:
            self._next_colour(g)
            return
        self.stage = SHOW
        self.seat = seat
        self.shown = 0

    def step(self, board, event):
        g = board.played.game
        v = board.reader.value[0]
        before = self._sig(board)
        if v == 0:
            self.ready = True
        if event == presses.SHORT_BACK:
            board.note = 0
            if self.stage == DOUBLES:
                self._no_more(g)
            else:
                self._show_from(g, self.seat + 1)
        elif event == presses.LONG_BACK and self.stage == SHOW:
            g.unshow(self.seat, self.colour)
            self.shown = 0
        elif v > 0 and self.ready:
            self.ready = False
            self.last = v
            board.note = self._read(board, g, v)
        if self.far is not None:
            self._far_decided(g)  # (a far double or pass came, the host's)
        if self._sig(board) != before:
            board.version += 1

    def _sig(self, board):
        # what the LEDs and the status show of the walk, as one small int
        sig = (((self.colour + 1) * 4 + self.stage) * 8 + self.seat) * 2 + self.backed
        return ((sig * 64 + self.shown) * 16 + board.note) * 2 + self.ready

    def _read(self, board, g, v):
        # A card laid on the reader, counted once (it must be lifted before
        # the next counts). Returns the note for the status.
        if self.stage == DOUBLES:
            seat = v - DOUBLE_CARD
            if not 0 <= seat < g.players:
                return _WRONG
            far = self.far
            if seat == self.seat_c or far is not None and seat in far.seats:
                return _USED  # (the computer declares its own, a far player theirs)
            if not g.double_mask(seat) >> self.colour & 1:
                return _USED
            board.played.accept((DOUBLE, seat, self.colour, 0))
            if not self._may_double(g):
                self._show_from(g, 0)
            return _NONE
        if v >= DOUBLE_CARD or colour_of(v) != self.colour:
            return _WRONG
        g.show(self.seat, v)
        self.shown += 1
        return _NONE
