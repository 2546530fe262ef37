"""The Pacal board: follows a duel or a solo game through its field sensors
(how many cards lie on each field) and its two card readers.

    board = PacalBoard(profile, "duel", journal)
    board.step(digital, analog, button_event, now_ms)     # every tick
    board.after_answer()          # once the tick's LED frame is out (nothing to do here)
    board.resume(events)          # power on: a journal's events, then wait for the pieces
    board.mode, board.game        # SELECT, PLAY, ...; the rules' state (tabletop.rules.pacal)
    board.field_targets[p]        # what to light: fields where player p may build (bit f-1)
    board.field_errors, board.field_hints   # red / hint colour: bit p * FIELDS + f-1
    board.slot_errors, board.slot_hints     # bit s: offer slot s
    board.stuck                   # whose pyramid flashes (tabletop.board.pacal_played)
    board.version                 # goes up whenever any of that changes

The board never knows the hidden hands: it deals with the two base cards it
read, accepts any card it has not seen yet in an offer, learns which card was
taken from the slot that empties first, and reads a last card (and every solo
card) on a slot before it is built. What the players do is in
docs/FIRMWARE.md. The sensed layout is the authority: a field with one card
more than expected on the pyramid of a player who has a card to build is
that build (if the rules allow it; red if not); anything else that differs is
shown (red: lift it, hint: put it back) and nothing is accepted until it
matches again.

What the board has accepted (the game, this round's events for BACK, the
cards it implies on the fields and slots, resuming a journal) is its Played
(tabletop.board.pacal_played); this module is the flow at the board.
"""

from micropython import const

from tabletop.board.pacal_played import ANY_CARD, Played
from tabletop.buttons import presses
from tabletop.rules import pacal
from tabletop.sensing import cards
from tabletop.sensing.levels import FieldLevels

# Modes: what the board waits for.
SELECT = 0  # power on: MENU starts a game
PLAY = 1
UNDO = 2  # BACK took an event back (or power on): waiting until the pieces match
CLEAR = 3  # a round starts on an empty board
BASES = 4  # duel: waiting for both base top cards on the slots
BASES_OFF = 5  # duel: base cards read, waiting for the slots to clear

FIELDS = pacal.FIELDS
_BOTH_SLOTS = const(3)  # slot masks: bit s for slot s
_ACCEPTED = const(-1)  # a slot's reading was an event, and it is accepted


def _cards_on(slots):
    # The slots anything lies on (bit s for slot s).
    return (slots[0] != 0) | (slots[1] != 0) << 1


class PacalBoard:
    # The field levels and card codes need nothing learnt beyond the
    # profile: no state goes to flash with the journal (tabletop.runtime).
    STATE_WORDS = 0

    def state_parts(self):
        return ()

    def state_due(self):
        return False

    def restore_state(self, events, words):
        pass

    def __init__(self, profile, variant, journal):
        self.profile = profile
        self.variant = variant
        self.levels = FieldLevels(profile)
        self.readers = cards.CardReaders(profile)
        self.played = Played(journal, variant)
        self.mode = SELECT
        # What to show: field masks per player, slot flags.
        self.field_targets = [0, 0]
        self.field_errors = 0  # 20-bit mask, bit p * FIELDS + f-1
        self.field_hints = 0
        self.slot_errors = 0  # bit per slot
        self.slot_hints = 0
        self.version = 0
        self._played_seen = -1  # the fields' and slots' changes when _play last ran
        self._played_version = -1  # ... and version (a move, or what it showed, bumps it)

    @property
    def game(self):
        """The rules' state of the game as the board has accepted it."""
        return self.played.game

    @property
    def stuck(self):
        """Whose pyramid flashes after a card that fit nowhere (pacal_played)."""
        return self.played.stuck

    # -- showing ------------------------------------------------------------------

    def _show(self, t0, t1, ferr, fhint, serr, shint):
        if (
            t0 != self.field_targets[0]
            or t1 != self.field_targets[1]
            or ferr != self.field_errors
            or fhint != self.field_hints
            or serr != self.slot_errors
            or shint != self.slot_hints
        ):
            self.field_targets[0] = t0
            self.field_targets[1] = t1
            self.field_errors = ferr
            self.field_hints = fhint
            self.slot_errors = serr
            self.slot_hints = shint
            self.version += 1

    def _targets(self, p):
        card = self.played.game.pending[p]
        if not card:
            return 0
        return self.played.game.field_mask(p, card)

    # -- game flow ------------------------------------------------------------------

    def new_game(self, variant=None):
        if variant is not None:
            self.variant = variant
        self.played.new_game(self.variant)
        self.mode = CLEAR
        self.version += 1

    def _accept(self, event, journaled=True):
        # An event the board has just seen (pacal_played.Played.accept).
        self.played.accept(event, journaled)
        self.version += 1

    def after_answer(self):
        """What a tick does once its LED frame is out: nothing here (the
        runtime calls it for either board)."""

    def step(self, digital, analog, event, now_ms):
        self.levels.update(analog, now_ms)
        self.readers.update(digital, now_ms)
        if event == presses.SHORT_MENU or event == presses.LONG_MENU:
            if event == presses.LONG_MENU:
                self.variant = self.profile.next_variant(self.variant)
            self.new_game()
            return
        mode = self.mode
        if mode == SELECT:
            return
        if mode == CLEAR:
            self._clear()
        elif mode == BASES:
            self._bases()
        elif mode == BASES_OFF:
            slots = self.readers.value
            if slots[0] == 0 and slots[1] == 0:
                self.mode = PLAY
                self.version += 1
            else:
                self._show(0, 0, 0, 0, _cards_on(slots), 0)
        elif mode == UNDO:
            if self._matches(True):
                self.mode = PLAY
                self.version += 1
        else:
            if event == presses.SHORT_BACK and self._back():
                return
            seen = self.levels.changes + self.readers.changes
            if seen == self._played_seen and self.version == self._played_version:
                return  # nothing changed since a _play that changed nothing
            self._played_seen = seen
            self._played_version = self.version  # (a move or a new sight bumps it: once more)
            self._play()

    def _clear(self):
        # Start of a round: every field and slot empty.
        lv = self.levels.stable
        errors = 0
        for i in range(2 * FIELDS):
            if lv[i]:
                errors |= 1 << i
        serr = _cards_on(self.readers.value)
        if errors or serr:
            self._show(0, 0, errors, 0, serr, 0)
            return
        self._show(0, 0, 0, 0, 0, 0)
        self.played.cleared()
        if self.variant == pacal.SOLO:
            self.played.deal(0, None)
            self.mode = PLAY
        else:
            self.mode = BASES
        self.version += 1

    def _bases(self):
        slots = self.readers.value
        a, b = slots[0], slots[1]
        serr = 0
        for i in (0, 1):
            if slots[i] == cards.MISREAD:
                serr |= 1 << i
        if a > 0 and b > 0 and a != b:
            self.played.deal(0 if a > b else 1, (a, b))
            self.mode = BASES_OFF
            self.version += 1
        else:
            if a > 0 and a == b:
                serr = _BOTH_SLOTS
            self._show(0, 0, 0, 0, serr, 0)

    def _matches(self, show):
        """Do the fields and slots match what the game expects? If not and
        ``show``, light what differs."""
        lv = self.levels.stable
        exp = self.played.expected
        errors = 0
        hints = 0
        for i in range(2 * FIELDS):
            if lv[i] > exp[i]:
                errors |= 1 << i
            elif lv[i] < exp[i]:
                hints |= 1 << i
        serr = 0
        shint = 0
        slots = self.readers.value
        for i in (0, 1):
            want = self.played.slot_expect[i]
            if slots[i] == cards.UNSETTLED:
                return False
            if want == ANY_CARD:
                continue  # either way: a card being returned, say
            if want and slots[i] != want:
                shint |= 1 << i
                if slots[i]:
                    serr |= 1 << i
            elif not want and slots[i]:
                serr |= 1 << i
        if show:
            self._show(0, 0, errors, hints, serr, shint)
        return not (errors or hints or serr or shint)

    def _back(self):
        g = self.played.game
        slots = self.readers.value
        if g.phase == pacal.P_LAST:
            # BACK keeps a last card that lies read on its slot.
            kept = False
            for p in (0, 1):
                card = g.pending[p]
                if card and slots[p] == card:
                    self._accept((pacal.KEEP, p, card, 0))
                    kept = True
            if kept:
                return True
        if not self.played.undo():
            return False
        self.mode = UNDO  # until the pieces look as they did before it
        self.version += 1
        return True

    def resume(self, events):
        """Power on with a game in progress: replay its events (up to the
        first the rules refuse; returns how many were taken), then wait until
        the fields and slots match, lighting what differs. A card the board
        had read (a solo card, a last card) is read again from its build."""
        kept = self.played.resume(events)
        g = self.played.game
        self.mode = PLAY if g.is_over() or g.phase == pacal.P_DEAL else UNDO
        self.version += 1
        return kept

    def _play(self):
        g = self.played.game
        if g.is_over() or g.phase == pacal.P_DEAL:
            self._between_rounds()
            return
        lv = self.levels.stable
        expected = self.played.expected
        slots = self.readers.value
        ph = g.phase
        # Builds: a field one card higher on the pyramid of a player who
        # has a card to build. (The field mask answers without allocating:
        # a card left where it may not go is asked about every tick.)
        errors = 0
        hints = 0
        for p in (0, 1):
            card = g.pending[p]
            for f in range(FIELDS):
                i = p * FIELDS + f
                d = lv[i] - expected[i]
                if d == 1 and card and not self._slot_holds(card):
                    if g.field_mask(p, card) >> f & 1:
                        self._accept((pacal.PLACE, p, card, f + 1))
                        return
                    errors |= 1 << i
                elif d > 0:
                    errors |= 1 << i
                elif d < 0:
                    hints |= 1 << i
        serr = 0
        if ph == pacal.P_OFFER:
            serr = self._offer(slots)
            if serr == _ACCEPTED:
                return
        elif ph == pacal.P_TAKE:
            serr = self._take(slots)
            if serr == _ACCEPTED:
                return
        elif ph == pacal.P_BUILD or ph == pacal.P_LAST:
            serr = self._read_cards(slots)
            if serr == _ACCEPTED:
                return
        t0 = self._targets(0) if not self._slot_holds(g.pending[0]) else 0
        t1 = self._targets(1) if not self._slot_holds(g.pending[1]) else 0
        self._show(t0, t1, errors, hints, serr, 0)

    def _slot_holds(self, card):
        # A card still lying on a reader is not being built yet.
        if not card:
            return False
        slots = self.readers.value
        return slots[0] == card or slots[1] == card

    def _seen(self, card):
        return card < 1 or self.played.game.loc[card] != pacal.L_UNDEALT

    def _offer(self, slots):
        g = self.played.game
        a, b = slots[0], slots[1]
        serr = 0
        for i in (0, 1):
            v = slots[i]
            if v == cards.MISREAD or (v > 0 and self._seen(v)):
                serr |= 1 << i
        if serr == 0 and a > 0 and b > 0:
            move = (pacal.OFFER, g.turn, a, b)
            if g.fault(move) is None:
                self._accept(move)
                return _ACCEPTED
            serr = _BOTH_SLOTS
        return serr

    def _take(self, slots):
        g = self.played.game
        a, b = g.offer
        on0 = slots[0] == a
        on1 = slots[1] == b
        if slots[0] == cards.UNSETTLED or slots[1] == cards.UNSETTLED:
            return 0
        serr = (slots[0] != 0 and not on0) | (slots[1] != 0 and not on1) << 1
        if serr:
            return serr
        if on0 != on1:  # exactly one slot emptied: that card was taken
            self._accept((pacal.TAKE, 1 - g.turn, b if on0 else a, 0))
            return _ACCEPTED
        if not on0 and not on1:
            return _BOTH_SLOTS  # both lifted at once: put the taken one back... or both
        return 0

    def _read_cards(self, slots):
        # The last card of a duel round, or a solo card, is read on the
        # player's slot before it is built.
        g = self.played.game
        serr = 0
        for p in (0, 1):
            if g.awaiting[p]:
                v = slots[p]
                if v > 0:
                    if self._seen(v):
                        serr |= 1 << p
                    else:
                        self._accept((pacal.REVEAL, p, v, 0), journaled=False)
                        return _ACCEPTED
                elif v == cards.MISREAD:
                    serr |= 1 << p
            elif g.phase == pacal.P_LAST and not g.pending[p]:
                # kept (it fits nowhere, or BACK): red until lifted
                if slots[p] > 0:
                    serr |= 1 << p
        return serr

    def _between_rounds(self):
        # The round (or the match) is over: show it until the fields are
        # cleared; then the next round starts.
        if self.played.game.is_over():
            self._show(0, 0, 0, 0, 0, 0)
            return
        lv = self.levels.stable
        slots = self.readers.value
        # a card still on a reader (a kept last card, say) shows red until lifted
        self._show(0, 0, 0, 0, _cards_on(slots), 0)
        for i in range(2 * FIELDS):
            if lv[i]:
                return
        if slots[0] or slots[1]:
            return
        self.played.new_round()
        self.mode = CLEAR
        self.version += 1
