"""What a board profile must say, checked key by key (docs/FIRMWARE.md, "Profiles").

    from tabletop.profile.schema import validated, led_names, PYRAOS_SENSORS
    profile = validated(obj, Profile())   # the Profile filled in, or ProfileError
    led_names(profile)                    # the lights of its led_map, in order

Each game's own keys are checked by its part ``schema`` (tabletop.games:
schema_pyraos, schema_pacal, schema_diabolo: ``KEYS``, its boards' own
top-level keys, ``check(c, p)`` and ``led_names()``), loaded for the
profile's game only.

Every key a board needs is checked, and an unknown key is an error too (a
key of another game's boards among them), so a typo does not silently fall
back to a default; the message starts with the key path
(``sensors.2a1.channel: must be a whole number 0..31``). Nothing is guessed:
a value of the wrong type, a ``games`` entry listed twice and a GPIO pin
given two jobs are errors as well. The checks look at each value's type
before they use it and never descend into a value they do not expect, so
any JSON value at all (nested however deep) is a ProfileError at worst. A
board needs this module once, at power on: tabletop.profile.load lets it go
again afterwards.
"""

from hal.common import ProfileError
from tabletop import games
from tabletop.profile import colours
from tabletop.rules.values import is_int

FORMAT = 1
PYRAOS_SENSORS = (
    "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4 2a1 2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3"
).split()
# the roles of "colours" (tabletop.profile.colours: their meanings and defaults)
COLOUR_NAMES = tuple(n for n in colours.names() if n not in colours.OPTIONAL)  # required
COMPUTER_COLOUR = colours.default("computer")  # the computer's choice, when "colours" has none
LEVELS = ("random", "easy", "medium", "strong")  # tabletop.players.LEVELS
ORDERS = ("RGB", "GRB", "BRG", "RBG", "GBR", "BGR")
GAMES = games.VARIANTS  # (tabletop.games: the games and their variants)
TOP = ("format", "name", "games", "pins", "leds", "timing", "buttons", "colours", "led_map")
COMMON = ("registers", "analog", "computer", "lang")  # any board may have them
LANGS = ("en", "nl", "fr")  # the status display's languages (tabletop.show.words.LANGS)
# (the keys of one game's boards: KEYS of its part schema)
SHOWN = 40  # characters of a bad name a message shows
LIMIT_MA = 100000  # the largest leds.limit_ma (100 A: no USB or bench supply gives more)


def _num(value):
    return (is_int(value) or type(value) is float) and value == value


class _Check:
    # Walks a JSON object, remembering the path for error messages.

    def __init__(self, obj, path):
        self.obj = obj
        self.path = path

    def fail(self, key, problem):
        where = self.path + str(key) if key != "" else self.path.rstrip(".")
        if len(where) > 2 * SHOWN:  # (an unknown key may be any string: not echoed whole)
            where = where[: 2 * SHOWN - 3] + "..."
        raise ProfileError(where or "profile", problem)

    def keys(self, required, optional=()):
        if type(self.obj) is not dict:
            self.fail("", "must be an object")
        for k in self.obj:
            if k not in required and k not in optional:
                self.fail(k, "unknown key")
        for k in required:
            if k not in self.obj:
                self.fail(k, "missing")

    def sub(self, key):
        return _Check(self.obj[key], self.path + key + ".")

    def at(self, obj, path):
        """A walker for ``obj``, a part of the profile at ``path`` (``"slots.0."``)."""
        return _Check(obj, path)

    def int(self, key, low, high):
        v = self.obj[key]
        if not is_int(v) or not low <= v <= high:
            self.fail(key, "must be a whole number %d..%d" % (low, high))
        return v

    def number(self, key, low, high):
        v = self.obj[key]
        if not _num(v) or not low <= v <= high:
            self.fail(key, "must be a number from %s to %s" % (low, high))
        return v

    def ints(self, key, n, low, high, distinct=True):
        v = self.obj[key]
        if type(v) is not list or (n >= 0 and len(v) != n):
            self.fail(key, "must be a list of %swhole numbers" % ("%d " % n if n >= 0 else ""))
        for x in v:
            if not is_int(x) or not low <= x <= high:
                self.fail(key, "must hold whole numbers %d..%d" % (low, high))
        if distinct and len(set(v)) != len(v):
            self.fail(key, "must not repeat a number")
        return tuple(v)


def validated(obj, p):
    """Fill ``p`` (a new tabletop.profile.Profile) from a JSON object and
    return it; ProfileError names the first bad key."""
    c = _Check(obj, "")
    if type(obj) is not dict:
        c.fail("", "must be an object")
    for k in ("format", "name", "games"):
        if k not in obj:
            c.fail(k, "missing")
    if not is_int(c.obj["format"]) or c.obj["format"] != FORMAT:
        c.fail("format", "must be %d" % FORMAT)
    if type(c.obj["name"]) is not str:
        c.fail("name", "must be a string")
    p.name = obj["name"]
    p.games = _games(c)
    game = p.games[0][0]
    for g, _ in p.games:
        if g != game:
            c.fail("games", "a board plays one game (its variants may differ)")
    p.game = game
    # The game's own keys (and whether it may have a computer seat): its
    # schema part, let go with this module (tabletop.profile.load).
    part = games.part(game, "schema")
    for k in obj:
        if k not in TOP and k not in COMMON and k not in part.KEYS:
            c.fail(k, "unknown key for a %s board" % game)
    c.keys(TOP, COMMON + part.KEYS)
    p.registers = c.int("registers", 0, 16) if "registers" in obj else 0
    p.lang = "en"
    if "lang" in obj:
        if obj["lang"] not in LANGS:
            c.fail("lang", "must be one of " + ", ".join(LANGS))
        p.lang = obj["lang"]
    p.analog_channels = 0
    if "analog" in obj:
        a = c.sub("analog")
        a.keys(("channels", "settle_us", "samples"))
        p.analog_channels = a.int("channels", 1, 64)
        p.settle_us = a.int("settle_us", 0, 10000)
        p.samples = a.int("samples", 1, 64)
    _pins(c.sub("pins"), p)
    _leds(c.sub("leds"), p)
    t = c.sub("timing")
    t.keys(("tick_ms", "debounce_ms"), ("settle_ms",))
    p.tick_ms = t.int("tick_ms", 1, 1000)
    p.debounce_ms = t.int("debounce_ms", 0, 5000)
    p.settle_ms = t.int("settle_ms", 0, 5000) if "settle_ms" in t.obj else p.debounce_ms
    b = c.sub("buttons")
    b.keys(("active_low", "debounce_ms", "long_ms"))
    if type(b.obj["active_low"]) is not bool:
        b.fail("active_low", "must be true or false")
    p.buttons_active_low = b.obj["active_low"]
    p.button_debounce_ms = b.int("debounce_ms", 0, 1000)
    p.long_press_ms = b.int("long_ms", 100, 10000)
    p.colours = _colours(c.sub("colours"))
    part.check(c, p)
    if "computer" in obj:
        _computer(c.sub("computer"), p, _most_seats(game))
    p.led_map = _led_map(c.sub("led_map"), p)
    return p


def _most_seats(game):
    # The most players any variant of ``game`` seats (its rules say).
    rules = games.part(game, "rules")
    return max(rules.seats(v)[1] for v in games.variants(game))


def _computer(c, p, seats):
    # the seat is a player of the game: -1 (nobody) .. seats - 1 (the game's
    # schema may narrow it: a Diabolo board's to its players)
    c.keys(("seat",), ("level", "think_ms"))
    p.computer_seat = c.int("seat", -1, seats - 1)
    if "level" in c.obj:
        if c.obj["level"] not in LEVELS:
            c.fail("level", "must be one of " + ", ".join(LEVELS))
        p.computer_level = c.obj["level"]
    if "think_ms" in c.obj:
        p.think_ms = c.int("think_ms", 100, 120000)


def _games(c):
    v = c.obj["games"]
    if type(v) is not list or not v:
        c.fail("games", "must be a non-empty list of [game, variant] pairs")
    out = []
    for pair in v:
        if type(pair) is not list or len(pair) != 2:
            c.fail("games", "each entry must be [game, variant]: " + ", ".join(games.NAMES))
        game, variant = pair
        if not games.known(game):
            c.fail("games", str(games.UnknownGame(game)))
        if type(variant) is not str or variant not in GAMES[game]:
            shown = _shown(variant) if type(variant) is str else "(a %s)" % type(variant).__name__
            names = ", ".join(GAMES[game])
            c.fail("games", "%s has no variant %s (its variants: %s)" % (game, shown, names))
        if (game, variant) in out:
            c.fail("games", "%s %s is listed twice" % (game, variant))
        out.append((game, variant))
    return tuple(out)


def _shown(name):
    # a name as a message quotes it: cut short, so a long one is not echoed whole
    if len(name) > SHOWN:
        name = name[: SHOWN - 3] + "..."
    return '"%s"' % name


def _pins(c, p):
    need = ["leds", "menu", "back"]
    if p.registers:
        need += ["spi", "latch"]
    if p.analog_channels:
        need.append("mux")
    c.keys(need, ["i2c", "spi", "latch", "mux"])
    # Every GPIO the board drives or reads, with the key that gave it: one
    # pin with two jobs is a wiring the board cannot have. (Checked whenever
    # a key is there, needed or not: the hal and the boot-time button read
    # take the raw pins.)
    used = []
    for k in ("leds", "menu", "back"):
        _pin(c, k, c.int(k, 0, 63), used)
    if "spi" in c.obj:
        s = c.sub("spi")
        s.keys(("id", "sck", "miso", "baudrate"))
        s.int("id", 0, 3)
        _pin(s, "sck", s.int("sck", 0, 63), used)
        _pin(s, "miso", s.int("miso", 0, 63), used)
        s.int("baudrate", 10000, 50000000)
    if "latch" in c.obj:
        _pin(c, "latch", c.int("latch", 0, 63), used)
    if "mux" in c.obj:
        m = c.sub("mux")
        m.keys(("select", "adc"))
        for n in m.ints("select", 4, 0, 63):
            _pin(m, "select", n, used)
        adcs = m.ints("adc", -1, 0, 63)
        if p.analog_channels and (not adcs or len(adcs) * 16 < p.analog_channels):
            m.fail("adc", "needs one ADC pin per 16 analog channels (%d)" % p.analog_channels)
        for n in adcs:
            _pin(m, "adc", n, used)
    if "i2c" in c.obj:
        # the optional status display (SSD1306); address and bus speed have defaults
        i = c.sub("i2c")
        i.keys(("id", "sda", "scl"), ("addr", "freq"))
        i.int("id", 0, 3)
        _pin(i, "sda", i.int("sda", 0, 63), used)
        _pin(i, "scl", i.int("scl", 0, 63), used)
        if "addr" in i.obj:
            i.int("addr", 8, 119)
        if "freq" in i.obj:
            i.int("freq", 10000, 1000000)
    p.pins = c.obj


def _pin(c, key, n, used):
    # ``used``: (pin, key path) of the pins named before this one
    for pin, where in used:
        if pin == n:
            c.fail(key, "pin %d is already used by %s" % (n, where))
    used.append((n, c.path + key))


def _leds(c, p):
    c.keys(("count", "order", "brightness"), ("limit_ma", "channel_ma", "idle_ma"))
    n = p.led_count = c.int("count", 1, 1024)
    if c.obj["order"] not in ORDERS:
        c.fail("order", "must be one of " + " ".join(ORDERS))
    p.led_order = c.obj["order"]
    p.brightness = c.number("brightness", 0, 1)
    # The current limit (docs/FIRMWARE.md, "Profiles"): a frame is estimated
    # as count * idle_ma + (sum of its bytes) / 255 * channel_ma, and the
    # pixel buffer (tabletop.show.pixels) scales one over limit_ma down.
    if "channel_ma" in c.obj:
        p.channel_ma = c.number("channel_ma", 1, 100)
    if "idle_ma" in c.obj:
        p.idle_ma = c.number("idle_ma", 0, 10)
    if "limit_ma" not in c.obj:
        return
    limit = p.limit_ma = c.int("limit_ma", 1, LIMIT_MA)
    dark = n * p.idle_ma
    if dark >= limit:
        c.fail("limit_ma", "must be more than the %d LEDs draw when dark (%g mA)" % (n, dark))
    p.led_budget = _budget(n, limit, p.channel_ma, p.idle_ma)


def _budget(n, limit, channel, idle):
    # The most the bytes of a frame of n LEDs may add up to and stay within
    # ``limit`` mA: worked out once here, so a frame costs one sum() and no
    # float (tabletop.show.pixels). Rounded down, and checked in the
    # estimate's own terms against a float that came out a hair too high.
    most = int((limit - n * idle) * 255 / channel)
    while most > 0 and n * idle + most * channel / 255 > limit:
        most -= 1
    return most


def _colours(c):
    c.keys(COLOUR_NAMES, colours.OPTIONAL)
    out = {k: colours.default(k) for k in colours.OPTIONAL}
    for k in COLOUR_NAMES + colours.OPTIONAL:
        if k in c.obj:
            out[k] = c.ints(k, 3, 0, 255, distinct=False)
    return out


def led_names(p):
    """The lights of ``p``'s led_map, in order (its game's schema says)."""
    return games.part(p.game, "schema").led_names()


def _led_map(c, p):
    """LED index for every light the game needs, in the order of led_names."""
    names = led_names(p)
    c.keys(names)
    used = []
    out = []
    for name in names:
        i = c.int(name, 0, p.led_count - 1)
        if i in used:
            c.fail(name, "LED %d is already used by another light" % i)
        used.append(i)
        out.append(i)
    return tuple(out)
