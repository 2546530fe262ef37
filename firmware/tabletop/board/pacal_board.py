"""The Pacal board: follows a duel or a solo game through its field sensors
(how many cards lie on each field) and its two card readers.

    board = PacalBoard(profile, "duel", journal)   # or make(...): a tabletop.board.contract.Board
    board.step(digital, analog, button_event, now_ms)     # every tick
    board.after_answer()          # once the tick's LED frame is out: a computer seat thinks
    board.resume(events)          # power on: a journal's events, then wait for the pieces
    board.mode, board.game        # SELECT, PLAY, ...; the rules' state (tabletop.rules.pacal)
    board.field_targets[p]        # what to light: fields where player p may build (bit f-1)
    board.field_errors, board.field_hints   # red / hint colour: bit p * FIELDS + f-1
    board.slot_errors, board.slot_hints     # bit s: offer slot s
    board.field_lit, board.slot_lit         # the computer seat's choice, in its colour
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
(tabletop.board.pacal_played); what cards on the slots mean is
tabletop.board.pacal_slots, a computer seat's steps (profile or menu: it
plays a duel's seat, advises in solo) tabletop.board.pacal_computer; this
module is the flow at the board.
"""

from tabletop.board import pacal_slots
from tabletop.board.contract import SELECT, Board
from tabletop.board.pacal_played import ANY_CARD, Played
from tabletop.buttons import presses
from tabletop.rules import pacal
from tabletop.sensing import cards
from tabletop.sensing.levels import FieldLevels

# Modes: what the board waits for (SELECT, 0: power on, MENU starts a game).
PLAY = 1
UNDO = 2  # BACK took an event back (or power on): waiting until the pieces match
CLEAR = 3  # a round starts on an empty board
BASES = 4  # duel: waiting for both base top cards on the slots
BASES_OFF = 5  # duel: base cards read, waiting for the slots to clear
HAND = 6  # duel with a computer seat: its cards read in on its slot (pacal_computer)
FAR_DEAL = 7  # duel with a far seat: the board clear, waiting for the room's deal (pacal_remote)

FIELDS = pacal.FIELDS
_ACCEPTED = pacal_slots.ACCEPTED  # a slot's reading was an event, and it is accepted


def _cards_on(slots):
    # The slots anything lies on (bit s for slot s).
    return (slots[0] != 0) | (slots[1] != 0) << 1


class PacalBoard(Board):
    # The field levels and card codes need nothing learnt beyond the
    # profile: no state goes to flash with the journal (the contract's STATE_WORDS 0).
    # The seat it plays in a duel (0 P1, 1 P2), the advisor in a solo game.
    SEAT = ("tabletop.board.pacal_computer", "PacalSeat")
    FAR = True  # a duel's seat may be played far away (the host's remote) ...
    FAR_SEAT = ("tabletop.board.pacal_remote", "PacalRemote")  # ... as this seat

    def __init__(self, profile, variant, journal):
        Board.__init__(self, profile, variant, journal, pacal)
        self.levels = FieldLevels(profile)
        self.readers = cards.CardReaders(profile)
        self.played = Played(journal, variant)
        # What to show: field masks per player, slot flags.
        self.field_targets = [0, 0]
        self.field_errors = 0  # 20-bit mask, bit p * FIELDS + f-1
        self.field_hints = 0
        self.slot_errors = 0  # bit per slot
        self.slot_hints = 0
        self.field_lit = 0  # the computer's field, in its colour: bit p * FIELDS + f-1
        self.slot_lit = 0  # ... its slots (bit s): a card to lay there, or its take
        self.lit_next = 0  # (the seat's offer and take set these for _show)
        self.hint_next = 0
        self.now = 0  # the tick's time (the computer's clock)
        self.computer = None  # the seat the board plays (pacal_computer), if any
        if profile.computer_seat >= 0:
            self.choose_computer(profile.computer_seat)
        self._played_seen = -1  # the fields' and slots' changes when a pass last ran
        self._played_version = -1  # ... and version (a move, or what it showed, bumps it)
        self.railed = 0  # the fields read at a rail, named (tabletop.sensing.levels)
        self.check_sensors()  # power on: are its fields and readers there? (contract)

    @property
    def game(self):
        """The rules' state of the game as the board has accepted it."""
        return self.played.game

    @property
    def stuck(self):
        """Whose pyramid flashes after a card that fit nowhere (pacal_played)."""
        return self.played.stuck

    # -- showing ------------------------------------------------------------------

    def _show(self, t0, t1, ferr, fhint, serr, shint, flit=0, slit=0):
        if (
            t0 != self.field_targets[0]
            or t1 != self.field_targets[1]
            or ferr != self.field_errors
            or fhint != self.field_hints
            or serr != self.slot_errors
            or shint != self.slot_hints
            or flit != self.field_lit
            or slit != self.slot_lit
        ):
            self.field_targets[0] = t0
            self.field_targets[1] = t1
            self.field_errors = ferr
            self.field_hints = fhint
            self.slot_errors = serr
            self.slot_hints = shint
            self.field_lit = flit
            self.slot_lit = slit
            self.version += 1

    def show_slots(self, serr, shint):
        self._show(0, 0, 0, 0, serr, shint)

    def _targets(self, p):
        card = self.played.game.pending[p]
        if not card:
            return 0
        return self.played.game.field_mask(p, card)

    # -- the computer's seat ----------------------------------------------------------

    def play_on(self):
        """The pieces match the game: play, once a computer seat's cards are read in."""
        seat = self.computer
        self.mode = PLAY
        if seat is not None and seat.missing(self.game) > 0:
            seat.reading()
            self.mode = HAND
        self.version += 1

    # -- game flow ------------------------------------------------------------------

    def start(self, variant, players):
        self.variant = variant
        self.played.new_game(self.variant)
        if self.computer is not None:
            self.computer.new_round()
        self.mode = CLEAR
        self.version += 1

    def accept(self, event, journaled=True):
        """An event the board has just seen (pacal_played.Played.accept)."""
        self.played.accept(event, journaled)
        self.version += 1
        seat = self.computer
        if seat is not None:
            seat.accepted(event)
            if event[0] == pacal.PLACE:
                seat.built(self.played.game, event)

    def after_answer(self):
        """What a tick does once its LED frame is out: the computer's seat
        thinks a slice (tabletop.board.computer)."""
        seat = self.computer
        if seat is not None and self.mode == PLAY and seat.thinking_now(self.game):
            if seat.think(self.game, self.now):
                self.version += 1  # the choice is lit next tick

    def step(self, digital, analog, event, now_ms):
        self.now = now_ms
        levels = self.levels
        if self.check is not None:
            found = self.run_check(digital, analog)
            if found is not None:
                levels.leave_out(found.faulty)
                self.railed = 0  # (named again, unless the check did)
        if self.unwired:
            return  # no sensors to play on: the status says so
        levels.update(analog, now_ms)
        if levels.railed != self.railed:
            self._railed()
        if levels.faulty:
            g = self.played.game
            levels.hold(self.played.expected, g.is_over() or g.phase == pacal.P_DEAL)
        self.readers.update(digital, now_ms)
        if event == presses.SHORT_MENU or event == presses.LONG_MENU:
            if event == presses.LONG_MENU:
                self.variant = self.profile.next_variant(self.variant)
            self.new_game()
            return
        mode = self.mode
        quiet = event == presses.NONE and levels.resting and self.readers.resting
        self.resting = False
        seat = self.computer
        if mode == SELECT:
            # who the computer plays: nobody, P2, P1 (solo: advice); never over a far seat
            if event == presses.SHORT_BACK and (seat is None or not seat.REMOTE):
                self.choose_computer(self.next_seat())
            self.resting = quiet
            return
        if mode == HAND and seat is not None:
            seat.read_hand(self, event == presses.SHORT_BACK)
            return
        if mode == FAR_DEAL or mode == BASES:
            far = seat is not None and seat.REMOTE
            if far != (mode == FAR_DEAL):  # (far seats named, or none again, meanwhile)
                self.mode = FAR_DEAL if far else BASES
                self.version += 1
                return
            if far:
                self.resting = quiet
                return  # (the room's deal comes with the host's play: dealt_far)
        waits = mode == CLEAR or mode == BASES or mode == BASES_OFF or mode == UNDO
        if event == presses.SHORT_BACK and not waits and pacal_slots.back(self):
            return
        # What each mode does follows from the fields, the slots and what
        # the board shows: with none of them changed, it has nothing to do.
        seen = levels.changes + self.readers.changes
        if seen == self._played_seen and self.version == self._played_version:
            self.resting = quiet
            return  # nothing changed since a pass that changed nothing
        self._played_seen = seen
        self._played_version = self.version  # (a move or a new sight bumps it: once more)
        if mode == CLEAR:
            self._clear()
        elif mode == BASES:
            if pacal_slots.bases(self):
                # the base cards read lie where they should until taken
                # back: nothing on the slots is wrong (not red)
                self.show_slots(0, 0)
                self.mode = BASES_OFF
                self.version += 1
        elif mode == BASES_OFF:
            slots = self.readers.value
            if slots[0] == 0 and slots[1] == 0:
                self.play_on()
        elif mode == UNDO:
            if self._matches(True):
                self.play_on()
        else:
            self._play()

    def _railed(self):
        # A field read at a rail (that reading ignored): named with the
        # faulty ones, for the rest of the power on.
        levels = self.levels
        new = levels.railed & ~self.railed & ~levels.faulty
        self.railed = levels.railed
        names = []
        names.extend(self.fault_names)
        for i in range(2 * FIELDS):
            if new >> i & 1:
                names.append("field%d.%d" % (i // FIELDS, i % FIELDS + 1))
        self.checked(names, self.unwired)

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
        seat = self.computer
        if self.variant == pacal.SOLO:
            self.played.deal(0, None)
            self.mode = PLAY
        elif seat is not None and seat.REMOTE:
            self.mode = FAR_DEAL  # the room deals (pacal_remote)
        else:
            self.mode = BASES
        self.version += 1

    def dealt_far(self, event):
        """The room's deal (a far seat, tabletop.board.pacal_remote): every
        hand known; play begins once the board is clear and the far hand is
        read in."""
        played = self.played
        played.new_round()  # (nothing of a round before to take back)
        played.cleared()
        played.deal_known(event)
        seat = self.computer
        if seat is not None:  # (the far seat: always)
            seat.new_round()
        self.mode = UNDO  # (the fields and slots empty, then play_on)
        self._played_seen = -1
        self.version += 1

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

    def undone(self):
        """BACK took an event back: wait until the pieces look as before it."""
        self.mode = UNDO
        self.version += 1

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
        seat = self.computer
        if seat is not None and seat.last_card(self):
            return
        self.hint_next = 0
        self.lit_next = 0
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
                    if g.field_mask(p, card) >> f & 1 and self._may_build(p, f):
                        self.accept((pacal.PLACE, p, card, f + 1))
                        return
                    errors |= 1 << i
                elif d > 0:
                    errors |= 1 << i
                elif d < 0:
                    hints |= 1 << i
        serr = 0
        seat_turn = seat is not None and seat.plays(g)
        if ph == pacal.P_OFFER:
            serr = seat.offer(self, slots) if seat_turn and seat else pacal_slots.offer(self, slots)
            if serr == _ACCEPTED:
                return
        elif ph == pacal.P_TAKE:
            serr = seat.lift(self, slots) if seat_turn and seat else pacal_slots.take(self, slots)
            if serr == _ACCEPTED:
                return
        elif ph == pacal.P_BUILD or ph == pacal.P_LAST:
            serr = pacal_slots.read_cards(self, slots)
            if serr == _ACCEPTED:
                return
        t0 = self._targets(0) if not self._slot_holds(g.pending[0]) else 0
        t1 = self._targets(1) if not self._slot_holds(g.pending[1]) else 0
        flit = 0
        if seat is not None:
            c = seat.seat if g.variant != pacal.SOLO else 0
            mine = seat.chosen_field(g) if not self._slot_holds(g.pending[c]) else 0
            flit = mine << c * FIELDS
            if c == 0:  # its pyramid: its chosen field only (solo: the others too)
                t0 = t0 & ~mine if g.variant == pacal.SOLO else 0
            else:
                t1 = 0
        self._show(t0, t1, errors, hints, serr, self.hint_next, flit, self.lit_next)

    def _may_build(self, p, f):
        # the computer's seat builds only where it chose
        seat = self.computer
        return seat is None or seat.may_build(self.played.game, p, f)

    def _slot_holds(self, card):
        # A card still lying on a reader is not being built yet.
        if not card:
            return False
        slots = self.readers.value
        return slots[0] == card or slots[1] == card

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
        if self.computer is not None:
            self.computer.new_round()
        self.mode = CLEAR
        self.version += 1


make = PacalBoard  # the board of tabletop.games (part "board"): make(profile, variant, journal)
