"""The games a board may play, and the one place where a game is chosen.

    from tabletop import games
    games.NAMES                          # ("pacal", "pyraos", "diabolo")
    games.variants("pacal")              # ("duel", "solo")
    games.check(name)                    # name, or UnknownGame (a ValueError) saying why
    rules = games.part("pyraos", "rules")             # tabletop.rules.pyraos
    board = games.part(g, "board").make(profile, variant, journal)
    games.forget(g, "schema")            # a part let go again (sys.modules and its package)

Every game has the same parts, each a module found by its name (``KINDS``),
imported on first use: only the game a board plays is ever loaded, and this
module imports nothing itself. What each part provides:

- ``rules`` (tabletop.rules.<game>): the state class (its ``GAME`` is the
  name here), ``VARIANTS``, ``seats(variant)`` (the fewest and most players
  it seats), ``new_state(variant, players=0)`` (ValueError for a count it
  cannot seat; 0 is no count given, which only a game that always seats as
  many takes) and ``result(state)`` (the record's ``result`` object,
  docs/RECORDS.md);
- ``board`` (tabletop.board.<game>_board): ``make(profile, variant,
  journal)``, a tabletop.board.contract.Board;
- ``render`` (tabletop.show.render_<game>): ``render(board, pixels, now_ms)``
  fills the LED frame (every LED it owns, on every call), ``animating(board)``
  True while the frame changes with time;
- ``status`` (tabletop.show.status_<game>): ``lines(board)``, a tuple of at
  most tabletop.show.text.ROWS strings of its COLS characters;
- ``notation`` (tabletop.records.<game>_notation): ``to_json(event)``,
  ``from_json(obj, variant)`` (ValueError if malformed), ``is_deal(event)``;
- ``player`` (tabletop.players.<game>_player): ``start(state, level, budget,
  rng, clock[, tt_bits][, seat])`` (tabletop.players: a thinking whose
  ``step(n)`` gives the turn's moves, and ``facts()`` what it found) and
  ``mover(state)`` (whose decision comes next);
- ``schema`` (tabletop.profile.schema_<game>): ``check(c, p)``, the
  profile's part of this game, and ``led_names()``, the lights of its
  led_map in order (loaded only while a profile loads);
- ``picture`` (tabletop.show.picture_<game>): ``text(state)``, the position
  as plain text for a host's screen (never loaded on a board in play).

The variants are written here as well as in each game's rules (a profile is
checked without loading the rules); a test keeps them equal.
"""

VARIANTS = {
    "pacal": ("duel", "solo"),
    "pyraos": ("standard", "kids", "lines"),
    "diabolo": ("standard",),
}
NAMES = ("pacal", "pyraos", "diabolo")
KINDS = {
    "rules": "tabletop.rules.%s",
    "board": "tabletop.board.%s_board",
    "render": "tabletop.show.render_%s",
    "status": "tabletop.show.status_%s",
    "notation": "tabletop.records.%s_notation",
    "player": "tabletop.players.%s_player",
    "schema": "tabletop.profile.schema_%s",
    "picture": "tabletop.show.picture_%s",
}
_SHOWN = 40  # characters of a bad name the message shows


class UnknownGame(ValueError):
    """A game that is not one of NAMES (or not a name at all): ``game`` is
    what was given."""

    def __init__(self, game):
        kind = type(game).__name__
        if type(game) is list or type(game) is dict or type(game) is tuple:
            # (not shown: a list nested deep enough would run repr out of stack)
            shown = "(%s %s, not a name)" % ("an" if kind[0] in "aeiou" else "a", kind)
        else:
            shown = repr(game)
            if len(shown) > _SHOWN:
                shown = shown[: _SHOWN - 3] + "..."
            if type(game) is not str:
                article = "an" if kind[0] in "aeiou" else "a"
                shown = "%s (%s %s, not a name)" % (shown, article, kind)
        super().__init__("unknown game %s (the games: %s)" % (shown, ", ".join(NAMES)))
        self.game = game


def known(game):
    """Is ``game`` one of NAMES? (False for anything that is not a string.)"""
    return type(game) is str and game in VARIANTS


def check(game):
    """``game``, if it is one of NAMES; else UnknownGame."""
    if not known(game):
        raise UnknownGame(game)
    return game


def variants(game):
    """The variants of ``game`` (UnknownGame if there is no such game)."""
    return VARIANTS[check(game)]


def path(game, kind):
    """The module name of ``game``'s part ``kind`` (one of KINDS)."""
    if type(kind) is not str or kind not in KINDS:
        raise ValueError("no part %r (the parts: %s)" % (kind, ", ".join(sorted(KINDS))))
    return KINDS[kind] % check(game)


def part(game, kind):
    """``game``'s part ``kind``, imported on first use."""
    return __import__(path(game, kind), None, None, ("x",))  # (the leaf module)


def forget(game, kind):
    """Let a part go again (its code freed once nothing else holds it)."""
    unload(path(game, kind))


def unload(name, package=None, leaf=None):
    """Let the module ``name`` go (a part, or any module a board loads only
    while it is used): out of sys.modules and out of its package, so that
    the collector frees its code once nothing else holds it. ``package``
    and ``leaf``: the package's name and the module's within it, given by a
    caller on a tick that must not allocate (working them out of ``name``
    slices it: on the rp2 port a new string each)."""
    import sys

    sys.modules.pop(name, None)
    if package is None or leaf is None:
        dot = name.rfind(".")
        package, leaf = name[:dot], name[dot + 1 :]
    held = sys.modules.get(package)
    if held is not None:
        try:
            delattr(held, leaf)
        except (AttributeError, KeyError):  # (MicroPython's, for a name not there)
            pass
