"""Helpers for the Diabolo board tests (test_diabolo_board_*.py): the real
DiaboloBoard over the reference profile, its shift-register buffer set as
the cards would set it, and its LEDs read back by name, as a player sees
them. No tests here.

    t = Table(players=3)
    t.press(presses.SHORT_MENU)       # a new game: the dealer's double card is asked for
    t.read(double(2)); t.read(0)      # seat 2 deals
    t.read(card("r3")); t.read(0)     # the card on the reader, then lifted
    t.light("r.hell.1")               # "hint", "error", ... or None (dark)
    t.put("r.hell.1")                 # a card into a slot
    quiet(t)                          # ticks with nothing moving allocate nothing (MicroPython)
"""

from array import array

from board_support import profile, quiet_ticks, set_bit
from tabletop.board import diabolo_board as db
from tabletop.buttons import presses
from tabletop.keep.journal import Journal
from tabletop.profile.schema_diabolo import led_names
from tabletop.records import diabolo_notation as words
from tabletop.sensing.diabolo_codes import DOUBLE, DOUBLE_CARD, encode
from tabletop.show import render_diabolo
from tabletop.show.pixels import Pixels

PROFILE = profile("diabolo")
NAMES = led_names()
SLOT_NAMES = NAMES[:30]
SETTLE_MS = 100  # well past the debounce time


def card(name):
    return words.card_index(name)


def double(seat):
    return DOUBLE_CARD + seat


def code(c):
    """The 7 code bits of a card int (number card or double card)."""
    if c >= DOUBLE_CARD:
        return encode(DOUBLE, c - DOUBLE_CARD + 1)
    return encode(c // 10 + 1, c % 10)


def slot(name):
    return SLOT_NAMES.index(name)


class Table:
    def __init__(self, players=4, journal=None):
        self.journal = journal or Journal("diabolo", "standard", players=players)
        self.board = db.DiaboloBoard(PROFILE, "standard", self.journal)
        self.digital = bytearray(PROFILE.registers)
        self.analog = array("H", [0])
        self.px = Pixels(PROFILE.led_count, "RGB", 1.0)
        self.t = 0

    # -- the sensors ----------------------------------------------------------------

    def _bit(self, k, on):
        set_bit(self.digital, k, on)

    def bits(self, value):
        """The reader's seven spots set to ``value`` (a raw code)."""
        spots = PROFILE.slot_bits[0]
        for i in range(7):
            self._bit(spots[i], value >> i & 1)

    def read(self, c, ms=SETTLE_MS):
        """Card ``c`` (an int; 0: none) on the reader, held ``ms``."""
        self.bits(code(c) if c else 0)
        self.tick(ms)

    def put(self, name, on=True, ms=SETTLE_MS):
        self._bit(PROFILE.presence_bits[slot(name)], on)
        self.tick(ms)

    def lift(self, name, ms=SETTLE_MS):
        self.put(name, False, ms)

    def tick(self, ms=SETTLE_MS, event=0):
        end = self.t + ms
        while self.t < end:
            self.t += PROFILE.tick_ms
            self.board.step(self.digital, self.analog, event, self.t)
            event = 0

    def press(self, event, ms=SETTLE_MS):
        self.tick(ms, event)

    # -- what a player sees ----------------------------------------------------------

    def light(self, name):
        """The colour name (the profile's) a light shows now, or None."""
        render_diabolo.render(self.board, self.px, self.t)
        i = PROFILE.led_map[NAMES.index(name)]
        rgb = self.px.buf[3 * i : 3 * i + 3]
        top = max(rgb)
        if top == 0:
            return None
        for key in ("error", "hint", "win", "player0", "player1", "dim"):
            ref = PROFILE.colours[key]
            scale = top / max(ref)
            if all(abs(rgb[j] - ref[j] * scale) <= 0.12 * top + 3 for j in range(3)):
                return key
        return "?"

    def lit(self, colour):
        """The names of the slot lights showing ``colour``."""
        return [n for n in SLOT_NAMES if self.light(n) == colour]

    def moves(self):
        """The journal's lines after the header, as record objects."""
        return [words.to_json(ev) for ev in self.journal.events]

    # -- playing ----------------------------------------------------------------------

    def start(self, dealer=0):
        self.press(presses.SHORT_MENU)
        self.read(double(dealer))
        self.read(0)

    def play(self, name, where):
        """Read card ``name``, lift it, put it in slot ``where``."""
        self.read(card(name))
        self.read(0)
        self.put(where)


def quiet(t, n=20):
    """Tick ``t`` (a Table) ``n`` times with nothing changing, each tick's
    after_answer too (as the runtime does); True if nothing was allocated
    (board_support.quiet_ticks)."""
    return quiet_ticks(t, n)
