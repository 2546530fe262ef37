"""A computer seat whose hand the board never sees (Pacal's, Diabolo's): the
player lays its cards on a reader one at a time, lifting each, and the
seat keeps them. Loaded with such a seat only (a Pyraos seat sees all).

    seat = SomeSeat(1, "medium", 8000)   # a HandSeat: a tabletop.board.computer.Computer
    seat.hand                   # the cards read in for it
    seat.reading()              # the board asks for its cards now
    seat.read(game, v)          # a tick of that, v the reader's value: READ_*
    seat.drop()                 # BACK meanwhile: the card read last goes again
    seat.new_round()            # a deal: its hand read in afresh

A seat says how many cards it still misses (``missing(game)``) and which
card it may hold (``may_hold(game, card)``); the board shows what ``read``
found (its reader, its LEDs, its status text).
"""

from micropython import const

from tabletop.board.computer import Computer
from tabletop.sensing import cards

# What HandSeat.read found on the reader (the board shows it).
READ_WAIT = const(0)  # nothing new: the reader empty, or the card read still lies on it
READ_DONE = const(1)  # the reader empty and the hand whole: play goes on
READ_ADDED = const(2)  # a card joined the hand (it must be lifted before the next)
READ_WRONG = const(3)  # the card on the reader cannot join it (red until lifted)


class HandSeat(Computer):
    """A seat whose cards are read in (see the module)."""

    slice = 1  # sampled turns a tick (its game's seat may say)

    def __init__(self, seat, level, think_ms):
        Computer.__init__(self, seat, level, think_ms)
        self.hand = []  # the cards read in for it (this round)
        self.read_one = False  # a card was just read: the reader must clear before the next
        self.wrong = False  # the card on the reader cannot be its (shown red)
        self.since = 0  # cards in the hand when this reading began (BACK drops only later ones)

    def _slice(self, thinking, began):
        # One step a tick: a sampled turn (about 15 ms on a Pico) is as
        # much as a tick may add.
        return thinking.step(self.slice)

    def new_round(self):
        """A deal: the hand is read in afresh."""
        self.forget()
        self.hand = []
        self.read_one = False
        self.wrong = False
        self.since = 0

    def reading(self):
        """Its cards are about to be read in (the board asks for them)."""
        self.since = len(self.hand)
        self.read_one = False
        self.wrong = False

    def missing(self, game):
        """How many of its cards are not read in yet (<= 0: none)."""
        raise NotImplementedError

    def may_hold(self, game, card):
        """May ``card`` (a reader's value > 0) be one of its cards?"""
        raise NotImplementedError

    def read(self, game, v):
        """One tick of reading its hand in, ``v`` the reader's value (a
        card, 0, cards.MISREAD or cards.UNSETTLED): READ_WAIT, READ_DONE,
        READ_ADDED or READ_WRONG. Allocates nothing but the card appended."""
        if v == cards.UNSETTLED:
            return READ_WAIT
        if v == 0:
            self.read_one = False
            self.wrong = False
            return READ_DONE if self.missing(game) <= 0 else READ_WAIT
        if self.read_one:
            return READ_WAIT
        if v > 0 and self.missing(game) > 0 and self.may_hold(game, v):
            self.hand.append(v)
            self.read_one = True
            self.wrong = False
            return READ_ADDED
        self.wrong = True
        return READ_WRONG

    def drop(self):
        """BACK while its cards are read in: the card read last (one read
        by mistake) leaves the hand again; False when none was read in this
        reading (BACK then means what it means in play)."""
        if len(self.hand) > self.since:
            self.hand.pop()
            return True
        return False
