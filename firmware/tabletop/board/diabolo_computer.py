"""The Diabolo board's computer seat: the board plays one of the seats.

    seat = DiaboloSeat(1, "medium", 8000)  # a tabletop.board.hand_seat.HandSeat
    seat.missing(game)          # its cards still to read in: the deal's six, its draw
    seat.read_hand(board)       # HAND: the card on the reader joins its hand
    seat.slot(game)             # PLAY, its turn: the slot of its play (bit s), or 0
    seat.is_its(game, card)     # ... is ``card`` (the card read) the one it plays?
    seat.accepted(event)        # an event the board accepted: its card leaves its hand
    seat.taken_back(events, game)   # BACK: its cards back, its draw back on the pile
    seat.double_colour(game)    # scoring: the colour it doubles on (-1: none)
    seat.view(game)             # the game as its player may know it

The board never knows a hand (tabletop.board.diabolo_model), so the
player reads the seat's cards in on the reader, one at a time, lifting
each: its six at each deal, at the start of each of its turns the card it
draws, and after a power cut the cards it still holds. Its turn is then
chosen as on the other boards (tabletop.board.computer: a slice after each
tick), the slot of its play lit in the profile's "computer" colour and its
card named on the display; the player lays that card on the reader (the
slot turns to the hint colour once it is the right one) and into the lit
slot. A card it cannot lay anywhere is put out as a person's is: read, then
long BACK. Any other card or slot is a mistake and shows as one.

At scoring (tabletop.board.diabolo_scoring) it declares its double itself
(the row's call for doubles names it on the display) and the board counts
its cards of each colour from its hand; nobody shows them for it.
"""

from micropython import const

from tabletop.board.computer import release
from tabletop.board.diabolo_slots import slot_of_play
from tabletop.board.hand_seat import READ_ADDED, READ_DONE, READ_WAIT, HandSeat
from tabletop.rules import diabolo
from tabletop.rules.diabolo import CARD_CODES, DECK_SIZE, HAND_SIZE, P_PLAY
from tabletop.rules.diabolo_cards import copies
from tabletop.rules.diabolo_state import SIDE_MAX
from tabletop.sensing.cards import MISREAD
from tabletop.sensing.diabolo_codes import DOUBLE_CARD

_DOUBLE_CARD = const(50)  # tabletop.sensing.diabolo_codes.DOUBLE_CARD: a seat's double card


class DiaboloSeat(HandSeat):
    slice = 1  # a sampled round played out (strong), a tick
    PREPARE = (
        "tabletop.players.chosen",
        "tabletop.players.pacal_sample",
        "tabletop.players.diabolo_player",
    )

    def __init__(self, seat, level, think_ms):
        HandSeat.__init__(self, seat, level, think_ms)
        self.draws = []  # the card it drew at each of its turns this round (BACK returns them)
        self.returned = 0  # the draw BACK put back on the pile (the status names it), or 0

    def plays(self, game):
        return game.phase == P_PLAY and game.turn == self.seat

    def new_round(self):
        HandSeat.new_round(self)
        self.draws = []
        self.returned = 0

    # -- its hand ----------------------------------------------------------------------

    def want(self, game):
        """How many cards it holds now: six, and at its turn the card it
        drew (unless the pile is spent: it cannot be, docs/RULES.md)."""
        if not self.plays(game):
            return HAND_SIZE
        done = len(game.discarded)
        for n in game.laid:
            done += n
        return HAND_SIZE + (DECK_SIZE - HAND_SIZE * game.players - done > 0)

    def missing(self, game):
        return self.want(game) - len(self.hand)

    def may_hold(self, game, card):
        """A number card of which the deck has a copy that is neither on
        the rows, nor put out, nor read into its hand already."""
        if card >= _DOUBLE_CARD or not diabolo.is_card(card):
            return False
        return self._known(game, card) < copies(card)

    def _known(self, game, card):
        # the copies of ``card`` on the rows, put out, or in its hand
        n = 0
        for c in self.hand:
            n += c == card
        for c in game.discarded:
            n += c == card
        rows = game.rows
        laid = game.laid
        for i in range(len(laid)):
            for k in range(laid[i]):
                n += rows[i * SIDE_MAX + k] == card
        return n

    def read_hand(self, board):
        """HAND: the card on the reader joins its hand (lifted before the
        next); play goes on once it holds all it should and the reader is
        clear. A card read at its turn once it holds six is its draw."""
        g = board.game
        shown = self._shown()
        got = self.read(g, board.reader.value[0])
        if got == READ_DONE:
            board.play_on()
            return
        if got == READ_ADDED and self.plays(g) and len(self.hand) == HAND_SIZE + 1:
            self.draws.append(self.hand[-1])
        if got != READ_WAIT or self._shown() != shown:
            board.version += 1  # the count, or the reader's light
        self._show_hand(board)

    def _show_hand(self, board):
        # Its hand read in: red where a card lies that the game does not put
        # there, the hint colour where one is missing; the note says why a
        # card on the reader does not count.
        from tabletop.board import diabolo_board as b

        v = board.reader.value[0]
        note = b.N_NONE
        if v == MISREAD:
            note = b.N_MISREAD
        elif v >= DOUBLE_CARD:
            note = b.N_DOUBLE
        elif self.wrong:
            note = b.N_NOT_HELD
        board.compare(0, note)

    def _shown(self):
        # what the display and the LEDs show of the reading, as a small int
        return (len(self.hand) * 2 + self.read_one) * 2 + self.wrong

    # -- its turn ----------------------------------------------------------------------

    def slot(self, game):
        """The slot of the card it plays (bit s), 0 while it thinks or when
        it puts a card out."""
        return slot_of_play(game, self.next_move(game))

    def is_its(self, game, card):
        """Is ``card`` the card it plays (or puts out) now?"""
        move = self.next_move(game)
        return move is not None and move[2] == card

    def accepted(self, event):
        HandSeat.accepted(self, event)
        self.returned = 0
        if event[1] == self.seat and event[0] != diabolo.DOUBLE:
            self.made()  # its play, or its discard: the card leaves its hand
            if event[2] in self.hand:
                self.hand.remove(event[2])

    def taken_back(self, events, game):
        """BACK took ``events`` back (oldest first; ``game`` is the state
        after): its cards among them come back into its hand, and a draw
        whose turn was taken back goes back on the pile (the status names
        it; a draw read before a power cut is not known: then it keeps it,
        and draws nothing at its next turn)."""
        HandSeat.taken_back(self)
        for ev in events:
            if ev[1] == self.seat:
                self.hand.append(ev[2])
        if len(self.hand) > self.want(game) and self.draws:
            self.returned = self.draws.pop()
            self.hand.remove(self.returned)

    # -- what its player may know -------------------------------------------------------

    def view(self, game):
        """A copy of ``game`` with its hand in it, and the cards it cannot
        see dealt out: six to each other hand, the rest to the pile (its
        player reads only their counts and gathers them again,
        tabletop.players.diabolo_player)."""
        g = game.copy()
        held = g.held
        for i in range(len(held)):
            held[i] = 0
        me = self.seat
        for c in self.hand:
            held[me * CARD_CODES + c] += 1
        unseen = []
        for c in range(CARD_CODES):
            if diabolo.is_card(c):
                for _ in range(copies(c) - self._known(game, c)):
                    unseen.append(c)
        k = 0
        for q in range(g.players):
            if q != me:
                for c in unseen[k : k + HAND_SIZE]:
                    held[q * CARD_CODES + c] += 1
                k += HAND_SIZE
        pile = unseen[k:]
        g.drawn = DECK_SIZE - len(pile)
        g.pile = (0,) * g.drawn + tuple(pile)
        return g

    def begin(self, game, rng):
        return HandSeat.begin(self, self.view(game), rng)

    def double_colour(self, game):
        """While a round is scored: the colour it declares its double on
        (its player's rule, tabletop.players.diabolo_player), -1 for none."""
        from tabletop.players import diabolo_player

        try:
            return diabolo_player.double_colour(self.view(game), self.seat)
        finally:
            release()
