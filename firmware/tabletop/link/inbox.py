"""Commands from the host: bytes read without blocking, assembled into lines,
each line one JSON object ``{"cmd": "..."}``.

    box = Inbox(COMMANDS)                 # the command names this device knows
    for cmd, error, rid in box.feed(data):    # data: bytes read now (maybe b"")
        ...                               # cmd: the command object, or None and
                                          # error: what was wrong with the line;
                                          # rid: its "id", if it has a good one

A line ends at ``\\n`` or ``\\r``; empty lines are ignored. A line longer than
the buffer (allocated here once) is refused as a whole, once its end comes.
A malformed line never raises: it yields an error message that names what
was wrong, for the device to send back as a JSON error line. What goes back
is always strict JSON: an id is given back only when it is a good one
(``good_id``), and a message quotes at most a short excerpt of the line
(``excerpt``), in printable ASCII.
"""

import json
from micropython import const

_NL = const(10)
_CR = const(13)
_SPACE = const(32)
_TILDE = const(126)
_NONE = ()  # what a tick without input gets: no allocation
ID_CHARS = const(32)  # a string id at most this long
ID_MOST = const(0x3FFFFFFF)  # a whole-number id at most this far from 0 (a small int)
BAD_ID = '"id" is a whole number or a string of at most 32 characters'


def _no_constant(name):
    raise ValueError("not JSON: " + name)


# CPython's json takes NaN and Infinity, which are not JSON: refused here, as
# MicroPython's json refuses them itself (it takes no keyword arguments: none
# is given it).
_STRICT = {"parse_constant": _no_constant}
try:
    json.loads("0", **_STRICT)
except TypeError:
    _STRICT = {}


def good_id(rid):
    """Whether ``rid`` may be a command's id, and so be sent back: a whole
    number (a small int on every port) or a short string."""
    t = type(rid)
    return (t is int and -ID_MOST <= rid <= ID_MOST) or (t is str and len(rid) <= ID_CHARS)


def excerpt(text, most):
    """At most ``most`` characters of ``text`` for a message, anything but
    printable ASCII shown as ``?`` (the board's JSON is then plain ASCII on
    every port), ``...`` where it was cut."""
    out = []
    for ch in text[:most]:
        c = ord(ch)
        out.append(ch if _SPACE <= c <= _TILDE else "?")
    if len(text) > most:
        out.append("...")
    return "".join(out)


def check(line, known):
    """(command object, None, id) for a good line, else (None, what was
    wrong, the line's "id" if it is an object that has a good one)."""
    try:
        obj = json.loads(line, **_STRICT)
    except ValueError:  # bad JSON, and bad UTF-8 (UnicodeError is one)
        return None, "not JSON", None
    if not isinstance(obj, dict):
        return None, "not a JSON object", None
    rid = obj.get("id")
    if not good_id(rid):
        rid = None  # (a command with a bad id is refused by its reply: tabletop.link.commands)
    if "cmd" not in obj:
        return None, 'no "cmd" key', rid
    cmd = obj["cmd"]
    if not isinstance(cmd, str):
        return None, '"cmd" is not a string', rid
    if cmd not in known:
        return None, 'unknown cmd "%s" (known: %s)' % (excerpt(cmd, 32), ", ".join(known)), rid
    return obj, None, rid


class Inbox:
    def __init__(self, known, size=256):
        self.known = known
        self.size = size
        self.buf = bytearray(size)
        self.n = 0
        self.too_long = False

    def feed(self, data):
        """The complete lines in ``data`` (with what came before), checked:
        a list of (command, error, id). Allocates only when data came."""
        if not data:
            return _NONE
        out = []
        buf = self.buf
        for b in data:
            if b == _NL or b == _CR:
                if self.too_long:
                    out.append((None, "line longer than %d bytes" % self.size, None))
                elif self.n:
                    out.append(check(bytes(buf[: self.n]), self.known))
                self.n = 0
                self.too_long = False
            elif b < _SPACE:
                pass  # a control byte (JSON has none raw): a REPL tool's leftovers
            elif self.n < self.size:
                buf[self.n] = b
                self.n += 1
            else:
                self.too_long = True
        return out
