"""One tick of the board: scan, sense, control, show, keep.

    rt = Runtime(profile, hal, store=files)   # files: the file store (hal.files.Files)
    rt = Runtime(profile, hal, ("pyraos", "kids"), status=print)   # no flash; text to print
    rt.tick(now_ms)                # every tick; tabletop.device's loop sleeps in between
    rt.board, rt.journal           # the game's controller, the record so far

Each tick reads the hal (shift registers, analog channels, buttons), lets
the board (a tabletop.board.contract.Board) follow the game, draws the LED
frame when what the board shows changed (the game's ``render`` part,
tabletop.games), then writes what was accepted (tabletop.keep.journal) and
the status text. The same object runs
in the simulator with virtual time. The buffers are allocated here once; a
tick with nothing moving allocates nothing.

With a file store the journal lives on flash (tabletop.keep.store): a Runtime
built over it resumes the game in progress (the board replays it and waits
until the pieces match, lighting what differs), or starts the board's first
game. An accepted move is written once the LEDs show the answer. What was
damaged or could not be replayed is in ``journal.problems``. A board's
learnt state (Pyraos sensing) is written after the journal when the board
says it is due, and taken back on power on (tabletop.keep.store).

Status text (the game's ``status`` part, tabletop.show.status_<game>): when
the hal has a display (``hal.display`` not None) or a ``status`` callback is
given, the lines are worked out each time what the board shows changes (or
a move is journaled), drawn with ``hal.show_text(lines)`` and passed to
``status(lines)`` when they differ from the last; every tick
``hal.refresh_display()`` sends what is left of them. Without either, the
text modules are never loaded.
"""

from array import array

from tabletop import games
from tabletop.board.contract import SELECT
from tabletop.buttons import presses
from tabletop.keep.journal import Journal
from tabletop.show import pixels

_FRAME_MS = 20  # animations redraw at most this often


class Runtime:
    def __init__(self, profile, hal, game=None, store=None, status=None):
        self.profile = profile
        self.hal = hal
        self.digital = bytearray(profile.registers)
        self.analog = array("H", bytes(2 * max(1, profile.analog_channels)))
        self.pixels = pixels.for_board(profile, hal)
        self.buttons = presses.Buttons(profile)
        g, variant = profile.games[0]
        if game is not None:
            g, variant = game
        self.keeps = store is not None  # the journal and what the board learnt, on flash
        if store is not None:
            from tabletop.keep.store import GameStore

            self.journal = Journal.restore(GameStore(store), g, variant, profile.games)
            g, variant = self.journal.game, self.journal.variant
            # (the record's checks that read it are not needed again in play;
            # Malformed stays: a reader of records on the desktop may hold its class)
            games.unload("tabletop.records.shape")
        else:
            self.journal = Journal(g, variant)
        # The game's parts (tabletop.games): its board (tabletop.board.contract)
        # and what shows it, the LED frame and, when something shows it, the text.
        self.board = games.part(g, "board").make(profile, variant, self.journal)
        if self.journal.resumed:
            self._resume()
        self.draw = games.part(g, "render")
        self.shown = -1  # board.version last drawn
        self.animating = False  # ... and whether that frame changes with time
        self.drawn_at = 0
        self.ticks = 0
        self.queued = 0  # a button event to act on at the next tick, as if pressed
        self.on_status = status
        self.display = getattr(hal, "display", None) is not None
        self.text = None  # the status text module, when something shows the text
        self.words = None  # ... and tabletop.show.words, its language
        if self.display or status is not None:
            from tabletop.show import words

            words.use(profile.lang, g)  # the profile's language
            self.words = words
            self.text = games.part(g, "status")
        self.lines = ()  # the status text last shown
        self.told = -1  # board.version and journal length when it was worked out
        self.told_moves = -1
        self.howto = None  # how to play, while the display shows it (tabletop.show.howto)

    def tick(self, now_ms):
        board = self.board
        if board.computer is not None:
            board.computer.tick_begins()  # (its thinking after the frame is bounded from here)
        hal = self.hal
        if self.digital:
            hal.read_digital(self.digital)
        hal.read_analog(self.analog)
        event = self.buttons.update(hal.read_buttons(), now_ms)
        if self.queued:  # a press the host asked for (tabletop.link.commands)
            event = self.queued
            self.queued = 0
        # (a press while a take-back far away is shown is its answer: tabletop.board.remote_seat)
        if event and board.computer is not None and board.computer.talk is not None:
            event = board.computer.pressed(event)
        if self.howto is not None or (
            event == presses.LONG_BACK and board.mode == SELECT and self.text is not None
        ):
            event = self._how_to_play(event)
        board.step(self.digital, self.analog, event, now_ms)
        self.ticks += 1
        if board.version != self.shown or (self.animating and now_ms - self.drawn_at >= _FRAME_MS):
            self.draw.render(board, self.pixels, now_ms)
            self.pixels.show()
            self.shown = board.version
            self.drawn_at = now_ms
            # (whether it animates changes only with what it shows: asked here,
            # not on every quiet tick)
            self.animating = self.draw.animating(board)
        board.after_answer()  # what can wait for the frame (the sensing's learning)
        # One flash write a tick at most: each stalls the chip for 30-80 ms
        # (a Pico's flash erases and programs with its code cache off), and
        # a tick that held both would hold the buttons and the LEDs' next
        # frame for up to twice that. What the board learnt waits a tick.
        if self.journal.pending:
            self.journal.flush()  # after the answer is on the LEDs
        elif board.state_due() and self.keeps:  # what the board learnt, after the move
            self.journal.save_state(board.state_parts())
        if (
            self.text is not None
            and self.howto is None
            and (board.version != self.told or len(self.journal.events) != self.told_moves)
        ):
            self._status()
        if self.display:
            self.hal.refresh_display()

    def _how_to_play(self, event):
        # Hold BACK at the game select: how to play its variant, a page at
        # a time (MENU: the next, BACK: back to the select). The board gets
        # no press meanwhile; the pages' code and text go when it closes.
        book = self.howto
        if book is None:
            from tabletop.show.howto import HowTo

            book = self.howto = HowTo(self.profile.game, self.board.variant, self.profile.lang)
        elif event == presses.SHORT_MENU and book.turn():
            pass  # (the next page)
        elif event == presses.SHORT_MENU or event == presses.SHORT_BACK:
            self.howto = None
            games.unload("tabletop.show.howto")
            self._status()
            return presses.NONE
        else:
            return presses.NONE
        self._say(book.lines())
        return presses.NONE

    def _status(self):
        # What the board shows or the journal changed: the text again.
        board = self.board
        text = self.text
        if text is None:
            return
        self.told = board.version
        self.told_moves = len(self.journal.events)
        self._say(text.lines(board))

    def _say(self, lines):
        # ``lines`` on the display and to the host, if they are new; the
        # language's tables read to work them out go until the next text
        if self.words is not None:
            self.words.let_go()
        if lines != self.lines:
            self.lines = lines
            if self.display:
                self.hal.show_text(lines)
            if self.on_status is not None:
                self.on_status(lines)

    def _resume(self):
        # Replay the journal's events through the board; the first one the
        # rules refuse (after a damaged line was skipped, say) ends the game
        # as it resumes, and the journal on flash is cut back to match.
        journal = self.journal
        board = self.board
        kept = board.resume(journal.events)
        if kept < len(journal):
            journal.keep_first(kept)
        if board.STATE_WORDS and self.keeps:
            got = journal.load_state(board.STATE_WORDS)
            if got is not None:
                board.restore_state(got[0], got[1])
