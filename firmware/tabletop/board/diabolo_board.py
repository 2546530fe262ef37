"""The Diabolo board: follows a game through its 30 slot sensors and its
card reader, for 3 to 5 players, without ever knowing the hands.

    board = DiaboloBoard(profile, "standard", journal)   # or make(...): a contract.Board
    board.step(digital, analog, button_event, now_ms)     # every tick
    board.resume(events)          # power on: a journal's events, then wait for the cards
    board.mode, board.game        # SELECT, DEAL, PLAY, ...; a diabolo_model.BoardGame
    board.card                    # the card the player to move read (0: none)
    board.targets                 # slots lit in the hint colour: where that card may go
    board.errors, board.hints     # red: lift this card; hint: a card is missing here
    board.note                    # why the status speaks up (N_*)
    board.walk                    # the scoring walk-through (tabletop.board.diabolo_scoring)
    board.scored                  # rounds scored (the host tells score_event())
    board.computer, board.lit     # the seat the board plays, if any; its slot (computer colour)
    board.version                 # goes up whenever anything shown changes

What the players do is docs/FIRMWARE.md's ("Diabolo"): the card to play is
read on the reader, the slots where it may go light, it goes into one. A
slot filled unread, or anywhere else, is red until emptied. Long BACK puts
the card read out of the round when its row is locked (the board cannot
see the hand: the player says they cannot lay). BACK takes the round's last
move back. At the last lock the board walks the players through the scoring
(loaded then, let go after). Slot masks: tabletop.board.diabolo_slots. A
seat the board plays itself (the profile's ``computer``, or BACK at the game
select) is tabletop.board.diabolo_computer's, loaded only with one: its
cards are read in (HAND), its play lit, and BACK takes its reply back with
the person's move before it. Seats played far away (the host's ``remote``)
are tabletop.board.diabolo_remote's, loaded only then: the board deals the
room's deal (the host's ``play``), not its own, lights the far moves as a
computer's, and BACK asks the room to take back what it takes back against
a computer (this round's moves only), taken back once the room agrees.
"""

from tabletop.board import diabolo_slots as slots
from tabletop.board.contract import SELECT, Board
from tabletop.board.diabolo_played import SIDE_SLOTS, Played
from tabletop.buttons import presses
from tabletop.games import unload
from tabletop.rules import diabolo
from tabletop.rules.diabolo import DISCARD
from tabletop.sensing import cards
from tabletop.sensing.diabolo_codes import DOUBLE_CARD, card_int
from tabletop.sensing.presence import Presence

# Modes: what the board waits for (SELECT, 0: power on, MENU starts a game;
# long MENU: 3, 4, 5 players).
DEAL = 1  # a round starts on an empty board (the first: the dealer's double card)
PLAY = 2
UNDO = 3  # BACK took a move back (or power on): until the slots match
SCORE = 4  # the scoring walk-through
OVER = 5  # the game is over: the winners shown until MENU
HAND = 6  # the computer's cards read in on the reader (tabletop.board.diabolo_computer)

# Notes: why the status speaks up.
N_NONE = 0
N_MISREAD = 1  # the reader cannot read the card: lay it straight
N_LOCKED = 2  # the card read belongs to a locked row (long BACK: discard it)
N_UNREAD = 3  # a card in a slot that was not read first
N_DOUBLE = 4  # a double card on the reader in play: lift it
N_WRONG = 5  # scoring: a card that does not count now
N_USED = 6  # scoring: a double card that may not be declared here
N_LIFT = 7  # a card on the reader that must go (a new round)
N_NO_DISCARD = 8  # long BACK, but the card read can be laid
N_NOT_ITS = 9  # the computer's turn: a card read that is not the one it plays
N_NO_UNDO = 10  # BACK against the computer: no move of a person's to take back
N_NOT_HELD = 11  # its cards read in: one it cannot hold (every copy is seen)
N_NOT_HAND = 12  # far seats: the card read is not in the hand of the player to move

_SCORING = "tabletop.board.diabolo_scoring"


class DiaboloBoard(Board):
    # Nothing learnt beyond the profile goes to flash with the journal (the
    # contract's STATE_WORDS). The seat it plays (0 is P1): diabolo_computer's.
    SEAT = ("tabletop.board.diabolo_computer", "DiaboloSeat")
    FAR = True  # seats may be played far away (the host's remote) ...
    FAR_SEAT = ("tabletop.board.diabolo_remote", "DiaboloRemote")  # ... as this seat

    def __init__(self, profile, variant, journal):
        Board.__init__(self, profile, variant, journal, diabolo)
        if not journal.players:  # (a journal with no game yet: the profile's count)
            journal.players = profile.players
        self.slots = Presence(profile.presence_bits, profile.debounce_ms, profile.registers)
        self.reader = cards.CardReaders(profile, card_int)
        self.played = Played(journal, journal.players)
        self.players = journal.players  # (kept by new_game: tabletop.board.contract)
        self.card = 0
        self.refused = 0  # a card long BACK could not discard
        self.targets = 0
        self.errors = 0
        self.hints = 0
        self.note = N_NONE
        self.walk = None
        self.scored = 0
        self._seen = -1  # the sensors' changes when the flow last ran
        self._seen_version = -1  # ... and the version
        self.now = 0  # the tick's time (the computer's clock)
        self.lit = 0  # the slot of the computer's play, in its colour
        self.seat_gone = False  # a new game had fewer seats than the computer's: it plays none
        self.computer = None  # the seat the board plays (diabolo_computer), if any
        if profile.computer_seat >= 0:
            self.choose_computer(profile.computer_seat)
        self.check_sensors()  # power on: is its card reader there? (contract)

    @property
    def game(self):
        return self.played.game

    def score_event(self):
        """The host's ``scores`` line for the round scored last (docs/PROTOCOL.md)."""
        return self.played.game.score_event()

    # -- showing --------------------------------------------------------------------

    def _show(self, targets, errors, hints, note):
        same = targets == self.targets and errors == self.errors and hints == self.hints
        if not same or note != self.note:
            self.targets = targets
            self.errors = errors
            self.hints = hints
            self.note = note
            self.version += 1

    # -- the computer's seat ----------------------------------------------------------

    def after_answer(self):
        """What a tick does once its LED frame is out: the computer's seat
        thinks a slice (tabletop.board.computer)."""
        seat = self.computer
        if seat is not None and self.mode == PLAY and seat.thinking_now(self.played.game):
            if seat.think(self.played.game, self.now):
                self.version += 1  # the choice is lit next tick

    def play_on(self):
        """The slots match the game: play, once the computer's cards are
        read in (and at scoring, its hand known, the walk-through)."""
        g = self.played.game
        seat = self.computer
        if seat is not None and seat.missing(g) > 0:
            seat.reading()
            self.mode = HAND
        elif g.scoring():
            self._start_walk()
            return
        else:
            self.mode = PLAY
        self.version += 1

    # -- game flow --------------------------------------------------------------------

    def start(self, variant, players):
        self._drop_walk()
        self.variant = variant
        self.played.new_game(players)
        seat = self.computer
        self.seat_gone = seat is not None and seat.seat >= players
        if self.seat_gone:
            self.computer = None  # (the status says so: "Computer: none")
        elif seat is not None:
            seat.new_round()
        self.mode = DEAL
        self.card = 0
        self.lit = 0
        self.scored = 0
        self.version += 1

    def step(self, digital, analog, event, now_ms):
        self.now = now_ms
        if self.check is not None:
            self.run_check(digital, analog)
        if self.unwired:
            return  # no card can be read: the status says so
        self.slots.update(digital, now_ms)
        self.reader.update(digital, now_ms)
        if event == presses.SHORT_MENU or event == presses.LONG_MENU:
            players = None
            far = self.computer is not None and self.computer.REMOTE
            if event == presses.LONG_MENU and not far:  # (far seats: the room's count stays)
                players = self.played.players + 1
                if players > diabolo.MAX_PLAYERS:
                    players = diabolo.MIN_PLAYERS
            self.new_game(None, players)
            return
        mode = self.mode
        quiet = event == presses.NONE and self.slots.resting and self.reader.resting
        self.resting = False
        seat = self.computer
        if mode == SELECT:
            # who the computer plays: nobody, the last seat ... P1 (never over far seats)
            if event == presses.SHORT_BACK and (seat is None or not seat.REMOTE):
                self.choose_computer(self.next_seat())
            self.resting = quiet
            return
        if mode == OVER:
            self.resting = quiet
            return
        walk = self.walk
        if mode == SCORE and walk is not None:
            walk.step(self, event)
            if walk.done:
                self._scored()
            return
        if event == presses.SHORT_BACK:
            if mode == HAND and seat is not None and seat.drop():  # (a card read in by mistake)
                self.version += 1
                return
            if self._back():
                return
        if event == presses.LONG_BACK and mode == PLAY:
            self._discard()
            return
        seen = self.slots.changes + self.reader.changes
        if seen == self._seen and self.version == self._seen_version:
            self.resting = quiet
            return  # nothing changed since a pass that changed nothing
        self._seen = seen
        self._seen_version = self.version
        if mode == DEAL:
            self._deal()
        elif mode == UNDO:
            if self.compare(0, N_NONE) and not self.slots.unsettled:
                self.play_on()
        elif mode == HAND and seat is not None:
            seat.read_hand(self)
        else:
            self._play()

    def _deal(self):
        # A round starts with every slot empty; the first round's dealer
        # lays their double card on the reader, later rounds deal in turn.
        errors = slots.occupied(self.slots.stable)
        v = self.reader.value[0]
        g = self.played.game
        seat = self.computer
        if errors or seat is not None and seat.REMOTE:  # (far seats: the room's deal, dealt_far)
            self._show(0, errors, 0, N_NONE)
            return
        if g.round == 0:
            if 0 <= v - DOUBLE_CARD < g.players:
                self._dealt(v - DOUBLE_CARD)
            else:
                self._show(0, 0, 0, N_MISREAD if v == cards.MISREAD else N_NONE)
            return
        if v != 0:
            self._show(0, 0, 0, N_LIFT if v > 0 else N_NONE)
            return
        self._dealt((g.dealer + 1) % g.players)

    def _dealt(self, dealer):
        self.played.deal(dealer)
        if self.computer is not None:
            self.computer.new_round()  # its six cards are read in next
        self.play_on()

    def dealt_far(self, event):
        """The room's deal (far seats, tabletop.board.diabolo_remote): every
        hand known; play begins once the slots are clear."""
        self.played.deal_known(event)
        seat = self.computer
        if seat is not None:  # (the far seats: always)
            seat.new_round()
        self.mode = UNDO
        self._seen = -1
        self.version += 1

    def compare(self, targets, note):
        # Red where a card lies that the game does not put there, the hint
        # colour where one is missing; True when the slots match.
        errors, hints = slots.differences(self.slots.stable, self.played)
        self._show(targets, errors, hints, note)
        return not (errors or hints)

    def _play(self):
        g = self.played.game
        v = self.reader.value[0]
        note = N_NONE
        if 0 < v < DOUBLE_CARD:
            if v != self.card:
                self.card = v  # the card the player means to lay (the latest read)
                self.refused = 0
                self.version += 1
        elif v == cards.MISREAD:
            note = N_MISREAD
        elif v >= DOUBLE_CARD:
            note = N_DOUBLE
        card = self.card
        seat = self.computer
        if seat is not None and seat.plays(g):
            # the computer's turn: its slot lit in its colour, only its card
            # may go there (the hint colour once it is read)
            lit = seat.slot(g)
            if lit != self.lit:
                self.lit = lit
                self.version += 1
            its = seat.is_its(g, card)
            targets = lit if its else 0
            if card and not its and seat.next_move(g) is not None:
                note = N_NOT_ITS
            elif its and card == self.refused:
                note = N_NO_DISCARD
        else:
            if self.lit:
                self.lit = 0
                self.version += 1
            targets = slots.targets(g, card) if card else 0
            if card and g.known() and not g.holds(g.turn, card):
                targets = 0
                note = N_NOT_HAND  # (the room's deal names the hands)
            elif card and not targets:
                note = N_LOCKED
            elif card and card == self.refused:
                note = N_NO_DISCARD
        if note == N_NONE and seat is not None and seat.refused:
            note = N_NO_UNDO
        if self._asking():
            targets = 0  # (a card laid now shows red until the ask is answered)
        matched = self.compare(targets, note)
        errors = self.errors
        if matched or self.hints:
            return
        if (errors & (errors - 1)) == 0 and errors & targets and v == 0:
            # one card more, in a lit slot, and the reader empty: the card
            # read went there
            s = 0
            while not errors >> s & 1:
                s += 1
            self._accept((diabolo.PLAY, g.turn, card, s // SIDE_SLOTS & 1))
            return
        if not card:
            self._show(targets, errors, 0, N_UNREAD)  # a card in a slot, none read

    def _accept(self, event):
        self.played.accept(event)
        self.card = 0
        self.refused = 0
        self.lit = 0
        self.version += 1
        if self.computer is not None:
            self.computer.accepted(event)
        if self.played.game.scoring():
            self._start_walk()
        else:
            self.compare(0, N_NONE)
            self.play_on()  # (the computer's turn: its draw read in first)

    def _asking(self):
        # A take-back asked or shown far away (remote_seat's talk, ASKING or
        # ASKED; not REFUSED, 3): no card is taken until it is answered, as
        # no table far away plays one, so that the round is not scored
        # under a cut the room may agree to.
        seat = self.computer
        talk = seat.talk if seat is not None else None
        return talk is not None and talk[0] != 3

    def _discard(self):
        g = self.played.game
        card = self.card
        seat = self.computer
        if self._asking():
            return
        if seat is not None and seat.plays(g):
            move = seat.next_move(g)
            fault = move is None or move[0] != DISCARD or move[2] != card
        else:
            fault = not card or g.discard_fault(g.turn, card) is not None
        if fault:
            self.refused = card  # the status says why, until another card is read
            self.version += 1
            return
        self._accept((DISCARD, g.turn, card, 0))

    def _back(self):
        mode = self.mode
        if mode != PLAY and mode != UNDO and mode != HAND:
            return False
        played = self.played
        seat = self.computer
        n = 1
        if seat is not None and seat.REMOTE:  # the room's to agree (tabletop.board.remote_seat)
            h = played.history
            n = seat.back(h, played.state_before, len(self.journal.events) - len(h))
            if not n:
                return False  # (asked, or nothing to ask: the status says which)
        elif seat is not None:  # its reply and the person's move before it
            from tabletop.board.seat import back_count

            n = back_count(played.history, seat.seat, played.state_before)
        taken = played.undo(n)
        if not taken:
            if seat is not None and not played.game.scoring():
                seat.refused = True  # the status says so
                self.version += 1
            return False
        if seat is not None:
            seat.taken_back(taken, played.game)
        self.card = 0
        self.lit = 0
        self.mode = UNDO  # until the slots look as they did before it
        self.version += 1
        return True

    # -- scoring ------------------------------------------------------------------------

    def _start_walk(self):
        from tabletop.board import diabolo_scoring

        self.walk = diabolo_scoring.Walk(self)
        self.mode = SCORE
        self._show(0, 0, 0, N_NONE)
        self.version += 1

    def _scored(self):
        self.scored += 1
        self._drop_walk()
        self.mode = OVER if self.played.game.is_over() else DEAL
        self._seen = -1
        self.version += 1

    def _drop_walk(self):
        # Play does not need the walk-through's code: let it go.
        if self.walk is not None:
            self.walk = None
            unload(_SCORING)

    # -- power on ---------------------------------------------------------------------------

    def resume(self, events):
        """Power on with a game in progress: replay its events (up to the
        first the rules refuse; returns how many were taken), then wait
        until the slots match. A round that was being scored is walked
        through again from red (the hands shown are not in the journal;
        its doubles are)."""
        kept = self.played.resume(events)
        g = self.played.game
        self.scored = len(g.scores) - (1 if g.scoring() else 0)
        if g.scoring():
            self.play_on()  # (a computer's hand read in again first: it counts its cards)
        elif g.phase == diabolo.P_DEAL:
            self.mode = DEAL
        else:
            self.mode = UNDO
        self.version += 1
        return kept


make = DiaboloBoard  # the board of tabletop.games (part "board"): make(profile, variant, journal)
