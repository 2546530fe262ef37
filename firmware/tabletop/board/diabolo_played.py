"""What a Diabolo board has accepted of a game: the state (hands unknown),
this round's moves (to take one back) and the slots that state fills.

    played = Played(journal, 4)
    played.new_game(5)              # a fresh game for 5 players; the journal restarts
    played.deal(dealer)             # a board deal, into the game and the journal
    played.deal_known(event)        # the room's deal (far seats: the pile whole)
    played.accept(event)            # a PLAY, DISCARD or DOUBLE the board saw
    played.undo(n)                  # BACK: this round's last n moves taken back ([]: none)
    played.state_before(i)          # the state before this round's i-th move (a replay)
    played.resume(events)           # power on: a journal's events replayed
    played.game                     # a tabletop.board.diabolo_model.BoardGame
    played.filled()                 # the slots that state puts a card in (a mask)
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

    def deal_known(self, event):
        """The room's deal (a board with far seats): the rules' own, every
        hand known; IllegalMove if they refuse it."""
        self.game.board_apply(event)
        self._dealt()
        self.journal.add(event)

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

    def undo(self, n=1):
        """Take back this round's last ``n`` moves (plays or discards; from
        the journal too): the moves taken back, oldest first, or [] when
        the round has not that many, or is over."""
        h = self.history
        if n < 1 or n > len(h) or self.game.scoring():
            return []
        self.game = self.state_before(len(h) - n)
        taken = h[len(h) - n :]
        for _ in range(n):
            h.pop()
            self.journal.undo()
        return taken

    def state_before(self, i):
        """The state before this round's move ``i`` (its deal replayed)."""
        state = self.round_start.copy()
        h = self.history
        for k in range(i):
            state.board_apply(h[k])
        return state

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

    def filled(self):
        """The slots the accepted state puts a card in: a mask, bit s for
        slot s (side i = colour * 2 + side holds its first laid[i] slots)."""
        laid = self.game.laid
        mask = 0
        for i in range(len(laid)):
            mask |= ((1 << laid[i]) - 1) << (i * SIDE_SLOTS)
        return mask
