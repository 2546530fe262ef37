"""Helpers for the Diabolo computer seat's tests (test_diabolo_seat*.py): the
real DiaboloBoard over the reference profile with a ``computer`` key, the
game as the rules play it with every hand known (``truth``: a seeded or a
made-up deal), and the seat's choice read from the lights and the display,
as a player reads them. No tests here.

    t = SeatTable(seat=1, players=3, seed=4)
    t.start(dealer=2)               # MENU, the dealer's double card: the deal
    t.read_in()                     # the computer's cards it misses, laid on the reader
    t.person()                      # the player to move plays (the rule of thumb's card)
    t.computer()                    # the computer's play, as it is lit, made for it
    t.lit("computer")               # the slot lights in the computer colour
"""

from board_support import profile_json
from diabolo_board_support import NAMES, SLOT_NAMES, Table, double
from tabletop.board import diabolo_board as db
from tabletop.buttons import presses
from tabletop.keep.journal import Journal
from tabletop.players import diabolo_player
from tabletop.profile import load
from tabletop.records import diabolo_notation as words
from tabletop.rules import diabolo
from tabletop.rules.rng import Rng
from tabletop.show import render_diabolo, status_diabolo

# The computer colour of these tests: the default, white, has the hue of "dim".
COMPUTER = [0, 255, 255]
THINK_MS = 400
COLOURS = ("error", "hint", "win", "player0", "player1", "computer", "dim")


def seat_profile(seat, players=4, level="medium"):
    obj = profile_json("diabolo")
    obj["players"] = players
    obj["computer"] = {"seat": seat, "level": level, "think_ms": THINK_MS}
    obj["colours"]["computer"] = COMPUTER
    return load(obj)


def slot_name(colour, side, k):
    return SLOT_NAMES[(colour * 2 + side) * 3 + k]


def pile(players, dealer, hands, draws):
    """A deal's pile: ``hands[p]`` dealt to seat p (six each, given for the
    seats that matter, the rest filled), then ``draws`` in the order they
    are drawn, then what is left of the deck."""
    left = diabolo.deck()
    for h in hands.values():
        for c in h:
            left.remove(c)
    for c in draws:
        left.remove(c)
    full = {}
    for p in range(players):
        h = list(hands.get(p, ()))
        while len(h) < diabolo.HAND_SIZE:
            h.append(left.pop())
        full[p] = h
    out = []
    for i in range(diabolo.HAND_SIZE * players):
        out.append(full[(dealer + 1 + i) % players][i // players])
    return (diabolo.DEAL, dealer, tuple(out + list(draws) + left), 0)


class SeatTable(Table):
    """The Diabolo board with the computer at ``seat``, and ``truth``: the
    same game as the rules play it, every hand known."""

    def __init__(self, seat=1, players=4, seed=1, level="medium", journal=None):
        journal = journal or Journal("diabolo", "standard", players=players)
        Table.__init__(self, players, journal)
        self.profile = seat_profile(seat, players, level)
        self.board = db.DiaboloBoard(self.profile, "standard", self.journal)
        self.seat = seat
        self.rng = Rng(seed)
        self.truth = diabolo.Diabolo(players)
        self.events = []  # the truth's events, deals included
        self.before = []  # the truth before each of them (BACK)
        self.heaven = False  # the persons lay to heaven where they can (plus rows: doubles)

    # -- the sensors and the clock ----------------------------------------------------

    def tick(self, ms=100, event=0):
        # (as the runtime: each tick, then what waits for its LED frame)
        end = self.t + ms
        while self.t < end:
            self.t += self.profile.tick_ms
            self.board.step(self.digital, self.analog, event, self.t)
            self.board.after_answer()
            event = 0

    def power_cut(self):
        """A new board over the journal's events, as after a power cut."""
        j = Journal("diabolo", "standard", players=self.truth.players)
        j.events = list(self.journal.events)
        self.journal = j
        self.board = db.DiaboloBoard(self.profile, "standard", j)
        self.board.resume(j.events)
        self.tick()

    # -- what a player sees ------------------------------------------------------------

    def light(self, name):
        render_diabolo.render(self.board, self.px, self.t)
        i = self.profile.led_map[NAMES.index(name)]
        rgb = self.px.buf[3 * i : 3 * i + 3]
        top = max(rgb)
        if top == 0:
            return None
        for key in COLOURS:
            ref = self.profile.colours[key]
            scale = top / max(ref)
            if all(abs(rgb[j] - ref[j] * scale) <= 0.12 * top + 3 for j in range(3)):
                return key
        return "?"

    def text(self):
        return status_diabolo.lines(self.board)

    def said(self, line):
        return line in self.text()

    def moves(self):
        """The journal's moves (no deals), as record objects."""
        return [words.to_json(ev) for ev in self.journal.events if ev[0] != diabolo.DEAL]

    def truth_moves(self):
        return [words.to_json(ev) for ev in self.events if ev[0] != diabolo.DEAL]

    # -- the game ------------------------------------------------------------------------

    def start(self, dealer=0, deal=None):
        """MENU, the dealer's double card: the board deals; so does the truth
        (``deal``: the truth's, else a seeded one)."""
        self.press(presses.SHORT_MENU)
        self.read(double(dealer))
        self.read(0)
        self.apply(deal or diabolo.deal(self.rng, dealer))

    def apply(self, ev):
        self.before.append(self.truth.copy())
        self.truth.apply(ev)
        self.events.append(ev)

    def undo(self, n):
        """The truth's last n events taken back (as BACK did)."""
        for _ in range(n):
            self.truth = self.before.pop()
            self.events.pop()

    def hand(self):
        """The computer's cards as the truth has them."""
        return self.truth.hand(self.seat)

    def unread(self):
        """The computer's cards (the truth's) its seat does not hold yet."""
        have = list(self.board.computer.hand)
        out = []
        for c in self.hand():
            if c in have:
                have.remove(c)
            else:
                out.append(c)
        return out

    def read_in(self, cards=None):
        """Each card the computer misses laid on the reader and lifted (its
        draw last, as the display asks)."""
        todo = self.unread() if cards is None else cards
        if cards is None and self.truth.turn == self.seat and len(todo) > 1:
            drawn = self.truth.pile[self.truth.drawn - 1]
            todo.remove(drawn)
            todo.append(drawn)
        for c in todo:
            self.read(c)
            self.read(0)

    def person_move(self):
        """What the person to move plays: the rule of thumb on their own
        hand (laying to heaven where it can, with ``heaven``)."""
        s = self.truth
        moves = list(s.legal_moves())
        if self.heaven:
            up = [m for m in moves if m[0] == diabolo.PLAY and m[3] == diabolo.HEAVEN]
            moves = up or moves
        return diabolo_player.rule_of_thumb(s, moves)

    def make(self, ev):
        """A PLAY or DISCARD made at the board: the card read, lifted and put
        in its slot (a discard: read, long BACK, lifted)."""
        kind, _, c, side = ev
        if kind == diabolo.PLAY:
            colour = diabolo.colour_of(c)
            where = slot_name(colour, side, self.truth.next_slot(colour, side))
            self.read(c)
            self.read(0)
            self.put(where)
        else:
            self.read(c)
            self.press(presses.LONG_BACK)
            self.read(0)
        self.apply(ev)

    def person(self, ev=None):
        ev = ev or self.person_move()
        self.make(ev)
        return ev

    def choice(self):
        """Until the computer's turn is chosen: its move (the board's seat)."""
        for _ in range(THINK_MS // 20 + 40):
            move = self.board.computer.next_move(self.board.game)
            if move is not None:
                return move
            self.tick(20)
        raise AssertionError("the computer never chose: %r" % (self.text(),))

    def computer(self):
        """The computer's turn: its draw read in, its play made as lit."""
        if self.board.mode == db.HAND:
            self.read_in()
        move = self.choice()
        self.make(move)
        return move

    def play(self, turns):
        """Every seat plays until ``turns`` more moves are made or the round ends."""
        for _ in range(turns):
            if self.truth.phase != diabolo.P_PLAY:
                return
            if self.truth.turn == self.seat:
                self.computer()
            else:
                self.person()

    def walk(self):
        """The scoring walked through as the board asks, the persons
        showing their cards (no more doubles); the doubles the board
        journals go into the truth too."""
        while self.board.mode == db.SCORE:
            self.walk_step()

    def walk_step(self):
        """One step of the walk: no more doubles, or a seat's cards shown."""
        self._doubles()
        w = self.board.walk
        if w.stage == 1:  # doubles: nobody else declares one
            self.press(presses.SHORT_BACK)
        else:
            for c in self.truth.hand(w.seat):
                if diabolo.colour_of(c) == w.colour:
                    self.read(c)
                    self.read(0)
            self.press(presses.SHORT_BACK)
        self._doubles()

    def _doubles(self):
        for ev in self.journal.events[len(self.events) :]:
            self.apply(ev)


def dealt(seat=1, players=3, seed=4, dealer=2):
    """A table whose first round is dealt and the computer's hand read in
    (by default P2 of three, P1 first to play)."""
    t = SeatTable(seat=seat, players=players, seed=seed)
    t.start(dealer=dealer)
    t.read_in()
    return t


__all__ = ["COMPUTER", "THINK_MS", "SeatTable", "dealt", "pile", "seat_profile", "slot_name"]
