"""Game records: JSON Lines files as in docs/RECORDS.md.

    rec = Record.new("pyraos", "standard")      # or Record.read(text)
    rec.add((pyraos.PLACE, 0, 5, -1))           # IllegalMove if the rules say no
    text = rec.dumps()                          # header line + one line per event
    rec.summary()                               # the outcome so far, as a dict

``Record.read`` rejects anything that is not exactly a record with a
RecordError that names the line and says why; it never guesses. ``check``
goes line by line and reports every line, for the ``check`` command. Every
reason is a Malformed (tabletop.records.malformed): its English template
and fields apart, for a reader in another language.
"""

import json

from tabletop import games
from tabletop.records import notation
from tabletop.records.malformed import Malformed
from tabletop.rules.values import is_int, nested_deeper, show


def _show(value):
    if type(value) is dict or type(value) is list:
        return json.dumps(value)
    return show(value)


FORMAT = notation.FORMAT
GAMES = games.VARIANTS  # (tabletop.games: the games and their variants)
SUPPORTED = games.NAMES
HEADER_KEYS = ("format", "game", "variant", "players", "date", "seed", "event", "result")


MAX_DEPTH = 16  # lists and objects nested deeper are refused (a record needs 4)
BOM = "\ufeff"  # what a Windows editor may put before the first line
ILLEGAL = "illegal: %s"  # an event the rules refuse (the desktop says the rules' reason itself)
SAID = "%s"  # a reason another module gives as a text (UnknownGame): as it is


class RecordError(ValueError):
    """A record that is not right: ``line`` (1-based) and ``reason`` (its
    text), made from ``why`` (a Malformed: ``template`` and ``fields``);
    ``fatal`` when the file is not a record at all (no header to read)."""

    def __init__(self, line, why, fatal=False):
        super().__init__("line %d: %s" % (line, why))
        self.line = line
        self.reason = str(why)
        self.why = why
        self.template = why.template
        self.fields = why.fields
        self.fatal = fatal


def why_of(err):
    """The Malformed that says why for a ValueError (a RecordError: its reason)."""
    if isinstance(err, RecordError):
        return err.why
    if isinstance(err, Malformed):
        return err
    return Malformed(SAID, str(err))


def _digits(text, start, n):
    part = text[start : start + n]
    if len(part) != n:
        return -1
    for ch in part:
        if ch not in "0123456789":
            return -1
    return int(part)


def valid_date(text):
    """True for an ISO 8601 date, optionally with a time and a zone:
    ``2026-11-25``, ``2026-11-25T14:03``, ``2026-11-25T14:03:09.5+01:00``."""
    if type(text) is not str or len(text) < 10:
        return False
    y, mo, d = _digits(text, 0, 4), _digits(text, 5, 2), _digits(text, 8, 2)
    if text[4:5] != "-" or text[7:8] != "-" or y < 0 or not 1 <= mo <= 12:
        return False
    days = (31, 29 if y % 4 == 0 and (y % 100 != 0 or y % 400 == 0) else 28, 31, 30, 31, 30,
            31, 31, 30, 31, 30, 31)[mo - 1]  # fmt: skip
    if not 1 <= d <= days:
        return False
    rest = text[10:]
    if not rest:
        return True
    if rest[0] not in "T ":
        return False
    h, mi = _digits(rest, 1, 2), _digits(rest, 4, 2)
    if rest[3:4] != ":" or not 0 <= h <= 23 or not 0 <= mi <= 59:
        return False
    rest = rest[6:]
    if rest[:1] == ":":
        s = _digits(rest, 1, 2)
        if not 0 <= s <= 60:
            return False
        rest = rest[3:]
        if rest[:1] == ".":
            i = 1
            while i < len(rest) and rest[i] in "0123456789":
                i += 1
            if i == 1:
                return False
            rest = rest[i:]
    if rest in ("", "Z"):
        return True
    if len(rest) == 6 and rest[0] in "+-" and rest[3] == ":":
        return 0 <= _digits(rest, 1, 2) <= 23 and 0 <= _digits(rest, 4, 2) <= 59
    return False


def parse_header(obj):
    """Check a header object; returns it, or raises Malformed saying why
    (UnknownGame for a game there is none of)."""
    if type(obj) is not dict:
        raise Malformed("the header must be a JSON object")
    if "format" not in obj and "game" not in obj and "variant" not in obj:
        if "p" in obj:  # (an event: the file starts one line late)
            raise Malformed(
                "this is a move, so the header line is missing (a record starts with"
                ' {"format": 1, "game": ..., "variant": ...})'
            )
        if "deal" in obj:
            raise Malformed(
                "this is a deal, so the header line is missing (a record starts with"
                ' {"format": 1, "game": ..., "variant": ...})'
            )
        raise Malformed('it has none of "format", "game" and "variant" (is the header missing?)')
    for key in obj:
        if key not in HEADER_KEYS:
            raise Malformed("unknown header key %s", _show(key))
    for key in ("format", "game", "variant"):
        if key not in obj:
            raise Malformed("the header needs %s", _show(key))
    fmt = obj["format"]
    if not is_int(fmt) or fmt != FORMAT:
        raise Malformed("format %s is not known (this reader reads format 1)", _show(fmt))
    game = games.check(obj["game"])  # (UnknownGame)
    variant = obj["variant"]
    known = games.variants(game)
    if type(variant) is not str or variant not in known:
        raise Malformed(
            "variant %s is not a %s variant (%s)", _show(variant), game, ", ".join(known)
        )
    low, high = games.part(game, "rules").seats(variant)
    if low != high and "players" not in obj:  # (the count is the record's to say)
        raise Malformed('a %s record needs "players": the names of its %d to %d players', game,
                        low, high)  # fmt: skip
    if "players" in obj:
        names = obj["players"]
        if type(names) is not list or not low <= len(names) <= high:
            if low == high:
                raise Malformed("players must be a list of %d names", low)
            raise Malformed("players must be a list of %d to %d names", low, high)
        for n in names:
            if type(n) is not str:
                raise Malformed("players must be names (strings), not %s", _show(n))
    if "date" in obj and not valid_date(obj["date"]):
        raise Malformed("date %s is not an ISO 8601 date", _show(obj["date"]))
    if "seed" in obj and not is_int(obj["seed"]):
        raise Malformed("seed must be a whole number, not %s", _show(obj["seed"]))
    if "event" in obj and type(obj["event"]) is not str:
        raise Malformed("event must be a string")
    if "result" in obj and type(obj["result"]) is not dict:
        raise Malformed("result must be an object")
    return obj


def new_state(game, variant, players=0):
    """The state a record of ``game`` starts from (``players``: how many; 0
    for a game that always seats as many; ValueError for a count the game
    cannot seat, UnknownGame for no such game)."""
    return games.part(game, "rules").new_state(variant, players)


def outcome_of(game, variant, state):
    """The outcome so far, as the record's ``result`` and the check summary
    write it (each game's rules say: ``result(state)``; ``variant`` is the
    state's own)."""
    return games.part(game, "rules").result(state)


def same(a, b):
    """Equal JSON values of equal types (so that true is not 1)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        if len(a) != len(b):
            return False
        for k in a:
            if k not in b or not same(a[k], b[k]):
                return False
        return True
    if type(a) is list:
        if len(a) != len(b):
            return False
        for i in range(len(a)):
            if not same(a[i], b[i]):
                return False
        return True
    return a == b


def parse_line(text, number):
    """The JSON object on one line of a record (its line end already gone,
    see ``split_lines``); RecordError if it is not one."""
    if not text:
        raise RecordError(number, Malformed("empty line"))
    if text[0] == BOM:
        raise RecordError(number, Malformed("a byte order mark (U+FEFF) may only start the file"))
    try:
        obj = json.loads(text)
    except RuntimeError:  # CPython's RecursionError (MicroPython's json does not recurse)
        raise RecordError(
            number, Malformed("lists or objects nested too deep (at most %d)", MAX_DEPTH)
        )
    except ValueError as err:
        if "\r" in text:
            why = Malformed("not valid JSON (%s); a CR alone does not end a line: lines end in"
                            " LF or CR LF", str(err))  # fmt: skip
            raise RecordError(number, why)
        raise RecordError(number, Malformed("not valid JSON (%s)", str(err)))
    if type(obj) is not dict:
        raise RecordError(number, Malformed("not a JSON object"))
    if nested_deeper(obj, MAX_DEPTH):
        raise RecordError(
            number, Malformed("lists or objects nested too deep (at most %d)", MAX_DEPTH)
        )
    return obj


def split_lines(data):
    """The lines of a record file's text (str or UTF-8 bytes), without their
    line ends. What a Windows editor adds is read as if it were not there: a
    BOM before the first line, a CR before each LF (docs/RECORDS.md). A final
    line end ends the last line and does not start an empty one."""
    if type(data) is not str:
        try:
            data = data.decode("utf-8")
        except UnicodeError:
            if data[:2] == b"\xff\xfe" or data[:2] == b"\xfe\xff":
                raise RecordError(1, Malformed("the file is UTF-16 text; records are UTF-8"))
            raise RecordError(1, Malformed("the file is not UTF-8 text"))
    if data[:1] == BOM:
        data = data[1:]
    lines = data.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for i in range(len(lines)):
        if lines[i][-1:] == "\r":
            lines[i] = lines[i][:-1]
    return lines


class Record:
    """A header and the events played from it, with the state they lead to."""

    def __init__(self, header):
        self.header = header
        self.game = header["game"]
        self.variant = header["variant"]
        self.state = new_state(self.game, self.variant, len(header.get("players", ())))
        self.events = []

    @staticmethod
    def new(game, variant, **extra):
        header = {"format": FORMAT, "game": game, "variant": variant}
        for key in extra:
            header[key] = extra[key]
        return Record(parse_header(header))

    def add(self, event):
        """Apply an event and keep it; IllegalMove (nothing changes) if illegal."""
        self.state.apply(event)
        self.events.append(event)

    def summary(self):
        return outcome_of(self.game, self.variant, self.state)

    def lines(self):
        """The record as lines of text, header first (no line ends)."""
        header = {}
        for key in HEADER_KEYS:
            if key in self.header:
                header[key] = self.header[key]
        out = [json.dumps(header)]
        for ev in self.events:
            out.append(json.dumps(notation.to_json(self.game, ev)))
        return out

    def dumps(self):
        return "\n".join(self.lines()) + "\n"

    def set_result(self):
        """Write the outcome into the header once the game is over."""
        if self.state.is_over():
            self.header["result"] = self.summary()

    @staticmethod
    def read(data):
        """The record in ``data`` (text or bytes); RecordError at the first fault."""
        for item in check(data):
            if "summary" in item and not item["ok"]:
                raise RecordError(item["line"], item["why"], item.get("fatal", False))
        return item["record"]


def check(data):
    """Check a record line by line. Yields ``{"line", "ok"[, "error"]}`` for
    each event line, stopping after the first bad one, then a summary
    ``{"summary": True, "ok", "line", "error", "why", "record", ...}`` where
    ``error`` is the reason in English and ``why`` the Malformed it is made
    from, ``record`` is the Record as far as it is good (None if the header
    is bad) and ``"fatal": True`` marks a file that is not a record at all."""
    try:
        lines = split_lines(data)
    except RecordError as err:
        yield _summary(None, False, err.line, err.why, True)
        return
    if not lines:
        yield _summary(None, False, 1, Malformed("the file is empty"), True)
        return
    try:
        obj = parse_line(lines[0], 1)
        header = parse_header(obj)
        rec = Record(header)
    except ValueError as err:
        yield _summary(None, False, 1, Malformed("not a record header: %s", why_of(err)), True)
        return
    number = 1
    for text in lines[1:]:
        number += 1
        why = None
        try:
            obj = parse_line(text, number)
            event = notation.from_json(rec.game, rec.variant, obj)
        except ValueError as err:
            why = why_of(err)
        if why is None:
            illegal = rec.state.why_illegal(event)
            if illegal is not None:
                why = Malformed(ILLEGAL, illegal)
        if why is not None:
            yield {"line": number, "ok": False, "error": str(why)}
            yield _summary(rec, False, number, why)
            return
        rec.add(event)
        yield {"line": number, "ok": True}
    if "result" in header:
        if not rec.state.is_over():
            why = Malformed("the header gives a result but the game is not over")
            yield _summary(rec, False, 1, why)
            return
        if not same(header["result"], rec.summary()):
            why = Malformed("the header's result %s does not match the game's %s",
                            _show(header["result"]), _show(rec.summary()))  # fmt: skip
            yield _summary(rec, False, 1, why)
            return
    yield _summary(rec, True, number, None)


def _summary(rec, ok, line, why, fatal=False):
    out = {"summary": True, "ok": ok, "line": line, "record": rec}
    if why is not None:
        out["error"] = str(why)
        out["why"] = why
    if fatal:
        out["fatal"] = True
    return out
