"""Commands from the host: bytes read without blocking, assembled into lines,
each line one JSON object ``{"cmd": "..."}``.

    box = Inbox(COMMANDS)                 # the command names this device knows
    for cmd, error, rid in box.feed(data):    # data: bytes read now (maybe b"")
        ...                               # cmd: the command object, or None and
                                          # error: what was wrong with the line;
                                          # rid: its "id", if it has one

A line ends at ``\\n`` or ``\\r``; empty lines are ignored. A line longer than
the buffer (allocated here once) is refused as a whole, once its end comes.
A malformed line never raises: it yields an error message that names what
was wrong, for the device to send back as a JSON error line.
"""

import json
from micropython import const

_NL = const(10)
_CR = const(13)
_SPACE = const(32)
_NONE = ()  # what a tick without input gets: no allocation


def check(line, known):
    """(command object, None, id) for a good line, else (None, what was
    wrong, the line's "id" if it is an object that has one)."""
    try:
        obj = json.loads(line)
    except ValueError:  # bad JSON, and bad UTF-8 on CPython (UnicodeError is one)
        return None, "not JSON", None
    if not isinstance(obj, dict):
        return None, "not a JSON object", None
    rid = obj.get("id")
    if "cmd" not in obj:
        return None, 'no "cmd" key', rid
    cmd = obj["cmd"]
    if not isinstance(cmd, str):
        return None, '"cmd" is not a string', rid
    if cmd not in known:
        return None, 'unknown cmd "%s" (known: %s)' % (cmd[:32], ", ".join(known)), rid
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
