"""The Diabolo board: follows a game through its 30 slot sensors and its
card reader, for 3 to 5 players, without ever knowing the hands.

    board = DiaboloBoard(profile, "standard", journal)
    board.step(digital, analog, button_event, now_ms)     # every tick
    board.resume(events)          # power on: a journal's events, then wait for the cards
    board.mode, board.game        # SELECT, DEAL, PLAY, ...; a diabolo_model.BoardGame
    board.card                    # the card the player to move read (0: none)
    board.targets                 # slots lit in the hint colour: where that card may go
    board.errors, board.hints     # red: lift this card; hint: a card is missing here
    board.note                    # why the status speaks up (N_*)
    board.walk                    # the scoring walk-through (tabletop.board.diabolo_scoring)
    board.scored                  # rounds scored (the host tells game.score_event())
    board.version                 # goes up whenever anything shown changes

What the players do is docs/FIRMWARE.md's ("Diabolo"): the card to play is
read on the reader, the slots where it may go light, it goes into one. A
slot filled unread, or anywhere else, is red until emptied. Long BACK puts
the card read out of the round when its row is locked (the board cannot
see the hand: the player says they cannot lay). BACK takes the round's last
move back. At the last lock the board walks the players through the scoring
(loaded then, let go after). Slot masks: tabletop.board.diabolo_slots.
"""

import sys

from tabletop.board import diabolo_slots as slots
from tabletop.board.diabolo_played import SIDE_SLOTS, Played
from tabletop.buttons import presses
from tabletop.rules import diabolo
from tabletop.rules.diabolo import DISCARD
from tabletop.sensing import cards
from tabletop.sensing.diabolo_codes import DOUBLE_CARD, card_int
from tabletop.sensing.presence import Presence

# Modes: what the board waits for.
SELECT = 0  # power on: MENU starts a game (long MENU: 3, 4, 5 players)
DEAL = 1  # a round starts on an empty board (the first: the dealer's double card)
PLAY = 2
UNDO = 3  # BACK took a move back (or power on): until the slots match
SCORE = 4  # the scoring walk-through
OVER = 5  # the game is over: the winners shown until MENU

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

_SCORING = "tabletop.board.diabolo_scoring"


class DiaboloBoard:
    # Nothing learnt beyond the profile goes to flash with the journal.
    STATE_WORDS = 0

    def state_parts(self):
        return ()

    def state_due(self):
        return False

    def restore_state(self, events, words):
        pass

    def after_answer(self):  # nothing waits for the LED frame on this board
        pass

    def __init__(self, profile, variant, journal):
        self.profile = profile
        self.variant = variant
        self.slots = Presence(profile.presence_bits, profile.debounce_ms)
        self.reader = cards.CardReaders(profile, card_int)
        self.played = Played(journal, journal.players or profile.players)
        self.mode = SELECT
        self.card = 0
        self.refused = 0  # a card long BACK could not discard
        self.targets = 0
        self.errors = 0
        self.hints = 0
        self.note = N_NONE
        self.walk = None
        self.scored = 0
        self.version = 0
        self._seen = -1  # the sensors' changes when the flow last ran
        self._seen_version = -1  # ... and the version

    @property
    def game(self):
        return self.played.game

    # -- showing --------------------------------------------------------------------

    def _show(self, targets, errors, hints, note):
        same = targets == self.targets and errors == self.errors and hints == self.hints
        if not same or note != self.note:
            self.targets = targets
            self.errors = errors
            self.hints = hints
            self.note = note
            self.version += 1

    # -- game flow --------------------------------------------------------------------

    def new_game(self, players=None):
        self._drop_walk()
        self.played.new_game(self.played.players if players is None else players)
        self.mode = DEAL
        self.card = 0
        self.scored = 0
        self.version += 1

    def step(self, digital, analog, event, now_ms):
        self.slots.update(digital, now_ms)
        self.reader.update(digital, now_ms)
        if event == presses.SHORT_MENU or event == presses.LONG_MENU:
            players = None
            if event == presses.LONG_MENU:
                players = self.played.players + 1
                if players > diabolo.MAX_PLAYERS:
                    players = diabolo.MIN_PLAYERS
            self.new_game(players)
            return
        mode = self.mode
        if mode == SELECT or mode == OVER:
            return
        walk = self.walk
        if mode == SCORE and walk is not None:
            walk.step(self, event)
            if walk.done:
                self._scored()
            return
        if event == presses.SHORT_BACK and self._back():
            return
        if event == presses.LONG_BACK and mode == PLAY:
            self._discard()
            return
        seen = self.slots.changes + self.reader.changes
        if seen == self._seen and self.version == self._seen_version:
            return  # nothing changed since a pass that changed nothing
        self._seen = seen
        self._seen_version = self.version
        if mode == DEAL:
            self._deal()
        elif mode == UNDO:
            if self._compare(0, N_NONE) and self.slots.settled:
                self.mode = PLAY
                self.version += 1
        else:
            self._play()

    def _deal(self):
        # A round starts with every slot empty; the first round's dealer
        # lays their double card on the reader, later rounds deal in turn.
        errors = slots.occupied(self.slots.stable)
        v = self.reader.value[0]
        g = self.played.game
        if errors:
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
        self.mode = PLAY
        self.version += 1

    def _compare(self, targets, note):
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
        targets = slots.targets(g, card) if card else 0
        if card and not targets:
            note = N_LOCKED
        elif card and card == self.refused:
            note = N_NO_DISCARD
        matched = self._compare(targets, note)
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
        self.version += 1
        if self.played.game.scoring():
            self._start_walk()
        else:
            self._compare(0, N_NONE)

    def _discard(self):
        g = self.played.game
        card = self.card
        if not card or g.discard_fault(g.turn, card) is not None:
            self.refused = card  # the status says why, until another card is read
            self.version += 1
            return
        self._accept((DISCARD, g.turn, card, 0))

    def _back(self):
        if self.mode != PLAY and self.mode != UNDO:
            return False
        if not self.played.undo():
            return False
        self.card = 0
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
            sys.modules.pop(_SCORING, None)  # ... and from the package, or it stays
            try:
                delattr(sys.modules["tabletop.board"], "diabolo_scoring")
            except (AttributeError, KeyError):
                pass

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
            self._start_walk()
        elif g.phase == diabolo.P_DEAL:
            self.mode = DEAL
        else:
            self.mode = UNDO
        self.version += 1
        return kept
