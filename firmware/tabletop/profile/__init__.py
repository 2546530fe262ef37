"""Board profiles: what a board is made of and how it is wired, as data.

    from tabletop.profile import load, parse
    profile = load(parse(open("profiles/pyraos.json").read()))   # or ProfileError
    profile.games                       # (("pyraos", "standard"), ...)
    profile.led_map, profile.tick_ms    # the values the firmware uses, checked
    profile.next_variant("kids")        # "lines": what long MENU picks

``load`` checks every key a board needs (tabletop.profile.schema, and the
part ``schema`` of the profile's game: tabletop.games) and raises
ProfileError (hal.common) whose message starts with the key path, e.g.
``sensors.2a1.channel: must be a whole number 0..31``. The checks are code a
board runs once, at power on: ``load`` imports them and lets them go again,
so their 9 KB do not stay in the heap while it plays.

``parse`` reads the JSON text of a profile file (a BOM before it is taken,
as an editor on Windows writes it): text that is not JSON, or is nested
deeper than any profile (``DEPTH``), is a ProfileError too. Not CPython's
RecursionError from the parser, nor a RuntimeError later from whatever
walks a value thousands of levels deep (MicroPython's parser takes it).
"""

import json
import sys

from hal.common import ProfileError
from tabletop import games
from tabletop.rules.values import nested_deeper

__all__ = ("Profile", "ProfileError", "load", "parse")

DEPTH = 8  # lists and objects inside each other (the deepest profile key: 5)


def parse(text):
    """The raw profile (what ``load`` takes) from JSON text (str or bytes);
    ProfileError if it is not JSON or is nested deeper than DEPTH."""
    deep = "nested more than %d levels deep (no profile is)" % DEPTH
    try:
        if type(text) is not str:
            text = bytes(text).decode()
        if text[:1] == "\ufeff":
            text = text[1:]
        obj = json.loads(text)
    except ValueError as err:  # (a bad UTF-8 byte too: UnicodeError is one)
        raise ProfileError("profile", "not JSON: %s" % err)
    except RuntimeError:  # CPython's RecursionError (MicroPython's parser does not recurse)
        raise ProfileError("profile", deep)
    except Exception as err:  # (MemoryError: a file too big for the heap)
        raise ProfileError("profile", "cannot be read: %s %s" % (type(err).__name__, err))
    if nested_deeper(obj, DEPTH):
        raise ProfileError("profile", deep)
    return obj


def load(obj):
    """A Profile from a JSON object (as ``json.load`` gives it); ProfileError
    names the first bad key."""
    from tabletop.profile import schema

    try:
        return schema.validated(obj, Profile())
    finally:
        # The module is in sys.modules and in this package's globals: with
        # neither, the collector frees its code. So are the game's checks.
        for part in ("schema", "colours"):  # (colours: the roles' defaults, read by schema)
            sys.modules.pop("tabletop.profile." + part, None)
            globals().pop(part, None)
        for game in games.NAMES:
            games.forget(game, "schema")


class Profile:
    """A validated profile: the values the firmware uses, ready to read
    without further checks. (The JSON object is not kept: on a board its
    6 KB would stay in the heap for nothing.)"""

    def __init__(self):
        self.name = ""
        self.lang = "en"  # the display's language (tabletop.show.words)
        self.games = ()  # ((game, variant), ...)
        self.game = ""
        self.registers = 0  # 74HC165s in the chain
        self.analog_channels = 0
        self.settle_us = 0
        self.samples = 1
        self.pins = {}
        self.led_count = 0
        self.led_order = "GRB"
        self.brightness = 1.0
        # The current limit (tabletop.profile.schema): 0 for none; each colour
        # channel's mA at 255 and each LED's when dark (WS2812B); the most a
        # frame's bytes may add up to under the limit (-1: no limit).
        self.limit_ma = 0
        self.channel_ma = 12
        self.idle_ma = 1
        self.led_budget = -1
        self.led_map = ()  # LED index of each light, in the order of schema.led_names()
        self.colours = {}
        self.tick_ms = 5
        self.debounce_ms = 0
        self.settle_ms = 0
        self.buttons_active_low = True
        self.button_debounce_ms = 0
        self.long_press_ms = 800
        # Pyraos boards
        self.sensor_channels = ()
        self.sensor_base = ()
        self.sensor_gain = ()
        self.pitch_mm = 0.0
        self.depth_mm = 0.0
        self.moment = 0.0
        self.noise = 1.0
        self.match_margin = 0.0
        self.match_max_error = 0.0
        self.match_model_error = 0.0
        # Pacal boards
        self.field_channels = ()
        self.field_levels = ()
        self.field_hysteresis = ()
        self.slot_bits = ()  # the code spots of each card reader (Diabolo: one)
        # Diabolo boards
        self.presence_bits = ()  # the chain bit of each of the 30 slots
        self.players = 4  # seats in play when a game starts (long MENU: 3, 4, 5)
        # A seat the board plays itself (tabletop.board.contract: every board)
        self.computer_seat = -1  # at power on: -1 nobody, or the player index
        self.computer_level = "medium"
        self.think_ms = 8000  # what the strong level may take; medium a quarter

    def variant_number(self, variant):
        """The 1-based place of ``variant`` in the board's list of games (1
        if it is not there). Allocates nothing (the LEDs show it)."""
        games = self.games
        for i in range(len(games)):
            if games[i][1] == variant:
                return i + 1
        return 1

    def next_variant(self, variant):
        """The variant after ``variant`` in the board's list (long MENU); the
        first when ``variant`` is not in it."""
        games = self.games
        after = 0
        for i in range(len(games)):
            if games[i][1] == variant:
                after = i + 1
        return games[after % len(games)][1]
