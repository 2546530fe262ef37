"""What a Diabolo board has accepted of a game: the state (hands unknown),
this round's moves (to take one back) and the slots that state fills.

    played = Played(journal, 4)
    played.new_game(5)              # a fresh game for 5 players; the journal restarts
    played.deal(dealer)             # a board deal, into the game and the journal
    played.accept(event)            # a PLAY, DISCARD or DOUBLE the board saw
    played.undo()                   # BACK: this round's last move taken back (False: none)
    played.resume(events)           # power on: a journal's events replayed
    played.game                     # a tabletop.board.diabolo_model.BoardGame
    played.filled(slot)             # does the state put a card in that slot?
    slot_of(colour, side, k)        # a slot's index: (colour * 2 + side) * 3 + k

Slots are numbered as the profile lists them: per row (r y g p b), the 3
hell slots then the 3 heaven slots, each side from the row card outwards;
the k-th card laid on a side goes to its slot k. One copy of the state per
round: ``undo`` replays the round from its deal.
"""

from tabletop.board.diabolo_model import BoardGame
from tabletop.rules.diabolo import DEAL, DOUBLE

SIDE_SLOTS = 3


def slot_of(colour, side, k):
    return (colour * 2 + side) * SIDE_SLOTS + k


class Played:
    def __init__(self, journal, players):
        self.journal = journal
        self.game = BoardGame(players)
        self.history = []  # this round's PLAY and DISCARD events
        self.round_start = self.game

    @property
    def players(self):
        return self.game.players

    def new_game(self, players):
        self.game = BoardGame(players)
        self.journal.restart(players=players)
        self.history = []

    def deal(self, dealer):
        """The board's deal. The cards shown at the last scoring go with it
        (they are in the hands already: the scores are settled)."""
        g = self.game
        seen = g.shown() if g.scoring() else None
        g.board_deal(dealer)
        self._dealt()
        self.journal.add((DEAL, dealer, None, seen))

    def _dealt(self):
        self.history = []
        self.round_start = self.game.copy()

    def accept(self, event):
        """An event the board has just seen, into the game and the journal.
        IllegalMove if the rules refuse it."""
        self.game.board_apply(event)
        if event[0] != DOUBLE:
            self.history.append(event)
        self.journal.add(event)

    def undo(self):
        """Take back this round's last move (a play or a discard; from the
        journal too). False when there is none, or the round is over."""
        if not self.history or self.game.scoring():
            return False
        self.history.pop()
        state = self.round_start.copy()
        for ev in self.history:
            state.board_apply(ev)
        self.game = state
        self.journal.undo()
        return True

    def resume(self, events):
        """Replay a journal's events (up to the first the rules refuse);
        returns how many were taken."""
        kept = 0
        g = self.game
        for ev in events:
            try:
                g.board_apply(ev)
            except ValueError:  # (IllegalMove is one)
                break
            if ev[0] == DEAL:
                self._dealt()
            elif ev[0] != DOUBLE:
                self.history.append(ev)
            kept += 1
        if g.scoring():
            self.history = []
        return kept

    def filled(self, slot):
        """Does the accepted state put a card in ``slot``?"""
        return slot % SIDE_SLOTS < self.game.laid[slot // SIDE_SLOTS]
