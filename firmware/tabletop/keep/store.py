"""The games on flash: the game in progress and the finished ones, one record
file each, through a file store (hal.files.Files; docs/STORAGE.md).

    games = GameStore(fs)
    lines, problems = games.load()      # the game in progress: [(line number, text)]
    games.start(header_line)            # a new game (the last one is kept)
    games.add(line)                     # one accepted event: one append
    games.rewrite(lines)                # after BACK: the record without the last event
    games.finished()                    # names of the kept games, oldest first
    games.on_flash()                    # (the newest game's name, the others'), from the files
    games.save_state(parts)             # what the board learnt, as of the game now
    games.load_state(words)             # (events, array of words) or None

Each game is a file ``gNNNNNN.jsonl``; the highest number is the game in
progress. Appending a line is the only write a move makes. Undo writes the
shortened record to the next number and only then removes the old file, so a
power cut leaves one or the other complete: no rename is needed (FAT's is not
atomic) and no file is ever written over (on FAT that empties it at once).
A newest file that a cut left empty or headless is dropped at load; a line
cut short or damaged is reported and skipped, never fatal.

Besides the record, a board may keep what it has learnt that the record
cannot hold (the Pyraos sensing: its baselines and each marble's own error)
with ``save_state``: a few arrays of ints, stamped with the game's number and
event count, in one of two files taken in turn (``s0.bin``, ``s1.bin``), so
that a power cut while one is written leaves the other. It is a cache: power
on uses the newest whole one for the game in progress, and without one the
board starts over from what its sensors show.

Space stays bounded: finished games beyond ``keep_games`` or ``keep_bytes``
are removed oldest first, and so are they when the medium has less than
``reserve`` bytes free: the journal must never be what fills the flash.
"""

import json
from array import array
from micropython import const

_PREFIX = "g"
_SUFFIX = ".jsonl"
_DIGITS = const(6)
_KEEP_GAMES = const(40)
_KEEP_BYTES = const(96 * 1024)
_RESERVE = const(32 * 1024)
_STATES = ("s0.bin", "s1.bin")
_MAGIC = const(0x7AB1E5)  # first word of a state file
_HEAD = const(6)  # words: magic, game number, event count, words after the head, serial, check


def game_name(seq):
    s = str(seq)
    return _PREFIX + "0" * (_DIGITS - len(s)) + s + _SUFFIX


def game_seq(name):
    """The number of a game file's name, or -1 for any other file."""
    if (
        len(name) != len(_PREFIX) + _DIGITS + len(_SUFFIX)
        or not name.startswith(_PREFIX)
        or not name.endswith(_SUFFIX)
    ):
        return -1
    digits = name[len(_PREFIX) : len(_PREFIX) + _DIGITS]
    for c in digits:
        if c < "0" or c > "9":
            return -1
    return int(digits)


def header_problem(line):
    """None if ``line`` is a record header, else what is wrong with it."""
    try:
        head = json.loads(line)
    except (ValueError, RuntimeError):  # (RuntimeError: nested too deep)
        return "not JSON"
    if type(head) is not dict or "format" not in head or "game" not in head:
        return "not a record header"
    return None


class GameStore:
    def __init__(self, fs, keep_games=_KEEP_GAMES, keep_bytes=_KEEP_BYTES, reserve=_RESERVE):
        self.fs = fs
        self.keep_games = keep_games
        self.keep_bytes = keep_bytes
        self.reserve = reserve
        self.current = 0  # number of the game in progress (0: none yet)
        self.top = 0  # the highest number in use (new files get the next)
        self.events = 0  # event lines in it
        self.state_turn = 0  # the state file written next
        self.state_serial = 0  # of the newest state written (breaks ties of event count)
        self._head = array("i", bytes(4 * _HEAD))

    def _seqs(self):
        seqs = []
        for name in self.fs.names():
            n = game_seq(name)
            if n >= 0:
                seqs.append(n)
        seqs.sort()
        return seqs

    def load(self):
        """The game in progress: its record lines as (line number, text),
        header first, and the problems met, as (file, line number, what).
        ([], problems) when there is none. A newest file that a power cut
        left empty is removed; one whose header is damaged is left for a
        host to look at, and the game before it is taken."""
        problems = []
        seqs = self._seqs()
        self.top = seqs[-1] if seqs else 0
        while seqs:
            seq = seqs.pop()
            name = game_name(seq)
            data = self.fs.read(name)
            if data is None:
                continue
            lines, bad = _split(data)
            what = "empty" if not data else None
            if what is None:
                what = header_problem(lines[0][1]) if lines and lines[0][0] == 1 else "no header"
            if what is not None:
                problems.append((name, 1, what))
                if not data:
                    self.fs.remove(name)  # a file cut while it was being made
                continue
            for n, why in bad:
                problems.append((name, n, why))
            self.current = seq
            self.events = len(lines) - 1
            return lines, problems
        self.current = 0
        self.events = 0
        return [], problems

    def start(self, header):
        """Begin a new game whose header line is ``header``. An empty game
        in progress (no event yet) is replaced, not kept."""
        old = self.current
        if old and self.events == 0:
            self.fs.remove(game_name(old))
        self.top += 1
        self.current = self.top
        self.events = 0
        self._make_room()
        self.fs.write(game_name(self.current), (header + "\n").encode())

    def add(self, line):
        """Append one event line to the game in progress (durable on return)."""
        if self.fs.free() < self.reserve // 2:
            self._make_room()
        self.fs.append(game_name(self.current), (line + "\n").encode())
        self.events += 1

    def rewrite(self, lines):
        """Replace the game in progress by ``lines`` (header first), e.g. after
        BACK: written under the next number, then the old file removed."""
        old = self.current
        self.top += 1
        self.current = self.top
        self.fs.write(game_name(self.current), ("\n".join(lines) + "\n").encode())
        self.events = len(lines) - 1
        if old:
            self.fs.remove(game_name(old))

    def save_state(self, parts):
        """Keep ``parts`` (arrays of ints, kept as 32 bits each) as the board's state for the
        game in progress as it stands (its number and event count), behind
        a head with the count of words and a check sum: one write (on
        littlefs the old content stays whole until the new one is)."""
        n = 0
        check = 0
        for part in parts:
            n += len(part)
            for v in part:
                check = _mix(check, v)
        head = self._head
        head[0] = _MAGIC
        head[1] = self.current
        head[2] = self.events
        head[3] = n
        self.state_serial = (self.state_serial + 1) & 0x3FFFFFFF
        head[4] = self.state_serial
        head[5] = check
        name = _STATES[self.state_turn]
        self.state_turn ^= 1
        blob = [bytes(head)]
        for part in parts:
            blob.append(bytes(array("i", part)))  # (a 16-bit part widened)
        self.fs.write(name, b"".join(blob))

    def load_state(self, words):
        """The newest whole state saved for the game in progress (same number,
        at most as many events as it has now) of ``words`` words: (events,
        array("i")), or None. A file cut short, damaged or of another game
        does not count."""
        best = None
        serial = 0
        for i in range(len(_STATES)):
            data = self.fs.read(_STATES[i])
            if data is None or len(data) != 4 * (_HEAD + words):
                continue
            w = array("i", bytes(4 * (_HEAD + words)))
            _words_from(data, w)
            if w[0] != _MAGIC or w[1] != self.current or w[3] != words or w[2] > self.events:
                continue
            check = 0
            for j in range(_HEAD, _HEAD + words):
                check = _mix(check, w[j])
            if check != w[5]:
                continue
            if best is None or w[2] > best[0] or w[2] == best[0] and w[4] > serial:
                best = (w[2], w[_HEAD:])
                serial = w[4]
                self.state_turn = i ^ 1  # never write over the one in use
                self.state_serial = serial
        return best

    def on_flash(self):
        """From the files alone: the name of the newest game (the one in
        progress; None if there is none) and the others', oldest first."""
        seqs = self._seqs()
        if not seqs:
            return None, []
        return game_name(seqs[-1]), [game_name(n) for n in seqs[:-1]]

    def finished(self):
        """Names of the games kept besides the one in progress, oldest first."""
        return [game_name(n) for n in self._seqs() if n != self.current]

    def _make_room(self):
        # Drop the oldest kept games while there are too many, they take too
        # much, or the medium runs short.
        fs = self.fs
        kept = [n for n in self._seqs() if n != self.current]
        sizes = [fs.size(game_name(n)) for n in kept]
        total = 0
        for s in sizes:
            total += s
        i = 0
        while i < len(kept) and (
            len(kept) - i > self.keep_games or total > self.keep_bytes or fs.free() < self.reserve
        ):
            fs.remove(game_name(kept[i]))
            total -= sizes[i]
            i += 1


def _mix(check, v):
    # A check sum of 32-bit words that never grows into a long int
    # (22 bits: check * 31 stays below 2**30, a small int on a 32-bit port)
    return (check * 31 + (v & 0xFFFFF) + (v >> 20)) & 0x3FFFFF


def _words_from(data, w):
    # Little-endian 32-bit words (as array("i") writes them on the ports
    # this runs on), sign-extended.
    for j in range(len(w)):
        o = 4 * j
        v = data[o] | data[o + 1] << 8 | data[o + 2] << 16 | data[o + 3] << 24
        w[j] = v - (1 << 32) if v & 0x80000000 else v


def _split(data):
    # The complete lines of a file as (line number, text), and (line number,
    # why) for each damaged one: not UTF-8, or the last cut short (no line end).
    lines = []
    bad = []
    n = 0
    start = 0
    size = len(data)
    while start < size:
        end = data.find(b"\n", start)
        n += 1
        if end < 0:
            bad.append((n, "cut short"))
            break
        try:
            lines.append((n, data[start:end].decode()))
        except UnicodeError:
            bad.append((n, "not UTF-8"))
        start = end + 1
    return lines, bad
