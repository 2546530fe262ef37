"""What a board profile must say, checked key by key (docs/FIRMWARE.md, "Profiles").

    from tabletop.profile.schema import validated, led_names, PYRAOS_SENSORS
    profile = validated(obj, Profile())   # the Profile filled in, or ProfileError
    led_names(profile)                    # the lights of its led_map, in order

Each game's own keys are checked by its part ``schema`` (tabletop.games:
schema_pyraos, schema_pacal, schema_diabolo: ``check(c, p)`` and
``led_names()``), loaded for the profile's game only.

Every key a board needs is checked, and an unknown key is an error too, so a
typo does not silently fall back to a default; the message starts with the
key path (``sensors.2a1.channel: must be a whole number 0..31``). Nothing is
guessed. A board needs this module once, at power on: tabletop.profile.load
lets it go again afterwards.
"""

from hal.common import ProfileError
from tabletop import games
from tabletop.rules.values import is_int

FORMAT = 1
PYRAOS_SENSORS = (
    "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4 2a1 2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3"
).split()
COLOUR_NAMES = ("player0", "player1", "error", "hint", "win", "dim")
COMPUTER_COLOUR = (255, 255, 255)  # the computer's choice, when "colours" has no "computer"
LEVELS = ("random", "easy", "medium", "strong")  # tabletop.players.LEVELS
ORDERS = ("RGB", "GRB", "BRG", "RBG", "GBR", "BGR")
GAMES = games.VARIANTS  # (tabletop.games: the games and their variants)


def _num(value):
    return (is_int(value) or type(value) is float) and value == value


class _Check:
    # Walks a JSON object, remembering the path for error messages.

    def __init__(self, obj, path):
        self.obj = obj
        self.path = path

    def fail(self, key, problem):
        raise ProfileError(self.path + key if key else self.path.rstrip("."), problem)

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
            self.fail(key, "must be a list of %d whole numbers" % n)
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
    top = ("format", "name", "games", "pins", "leds", "timing", "buttons", "colours", "led_map")
    more = ("registers", "analog", "sensors", "model", "match", "fields", "slots")
    c.keys(top, more + ("players", "rows", "reader", "computer"))
    if c.obj["format"] != FORMAT or not is_int(c.obj["format"]):
        c.fail("format", "must be %d" % FORMAT)
    if type(c.obj["name"]) is not str:
        c.fail("name", "must be a string")
    p.name = obj["name"]
    p.games = _games(c)
    kinds = [g for g, v in p.games]
    game = kinds[0]
    for g in kinds:
        if g != game:
            c.fail("games", "a board plays one game (its variants may differ)")
    p.game = game
    p.registers = c.int("registers", 0, 16) if "registers" in obj else 0
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
    # The game's own keys (and whether it may have a computer seat): its
    # schema part, let go with this module (tabletop.profile.load).
    games.part(game, "schema").check(c, p)
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
        if not games.known(pair[0]):
            c.fail("games", str(games.UnknownGame(pair[0])))
        if pair[1] not in GAMES[pair[0]]:
            c.fail("games", "%s has no variant %r" % (pair[0], pair[1]))
        out.append((pair[0], pair[1]))
    return tuple(out)


def _pins(c, p):
    need = ["leds", "menu", "back"]
    optional = ["i2c"]
    if p.registers:
        need += ["spi", "latch"]
    if p.analog_channels:
        need.append("mux")
    c.keys(need, optional + ["spi", "latch", "mux"])
    for k in ("leds", "menu", "back"):
        c.int(k, 0, 63)
    if p.registers:
        s = c.sub("spi")
        s.keys(("id", "sck", "miso", "baudrate"))
        s.int("id", 0, 3)
        s.int("sck", 0, 63)
        s.int("miso", 0, 63)
        s.int("baudrate", 10000, 50000000)
        c.int("latch", 0, 63)
    if p.analog_channels:
        m = c.sub("mux")
        m.keys(("select", "adc"))
        m.ints("select", 4, 0, 63)
        adcs = m.ints("adc", -1, 0, 63)
        if not adcs or len(adcs) * 16 < p.analog_channels:
            m.fail("adc", "needs one ADC pin per 16 analog channels (%d)" % p.analog_channels)
    if "i2c" in c.obj:
        # the optional status display (SSD1306); address and bus speed have defaults
        i = c.sub("i2c")
        i.keys(("id", "sda", "scl"), ("addr", "freq"))
        i.int("id", 0, 3)
        i.int("sda", 0, 63)
        i.int("scl", 0, 63)
        if "addr" in i.obj:
            i.int("addr", 8, 119)
        if "freq" in i.obj:
            i.int("freq", 10000, 1000000)
    p.pins = c.obj


def _leds(c, p):
    c.keys(("count", "order", "brightness"))
    p.led_count = c.int("count", 1, 1024)
    if c.obj["order"] not in ORDERS:
        c.fail("order", "must be one of " + " ".join(ORDERS))
    p.led_order = c.obj["order"]
    p.brightness = c.number("brightness", 0, 1)


def _colours(c):
    c.keys(COLOUR_NAMES, ("computer",))
    out = {"computer": COMPUTER_COLOUR}
    for k in COLOUR_NAMES + ("computer",):
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
