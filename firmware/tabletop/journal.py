"""The game as the board accepted it, in record format; kept on flash when
the board has a file store.

    j = Journal("pyraos", "standard", games)   # games: a tabletop.store.GameStore, or None
    j.restart("kids")      # a new game (MENU)
    j.add(move)            # after the rules accepted it
    j.flush()              # write what was added since (the runtime: once the LEDs show it)
    j.undo()               # BACK
    j.lines()              # header + one JSON line per event
    j = Journal.restore(games, default_game, default_variant)   # power on
    j.events, j.problems   # the game in progress; what was damaged and skipped

Writing to flash stops the rp2's interrupts and can take tens of ms, so
``add`` only queues the line and ``flush`` writes it after the answer is on
the LEDs: one append per accepted move. A write that fails (flash full, a
medium error) is kept in ``problems`` and the game goes on in memory.
"""

import json

from tabletop import notation

try:  # _NAME = const(n): the compiler inlines it, no RAM on MicroPython
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython

    def const(x):
        return x


_DEAL = const(0)  # tabletop.rules.pacal.DEAL and REVEAL (not imported: a Pyraos
_REVEAL = const(5)  # board needs no Pacal)


def _is_deal(game, event):
    return game == "pacal" and event[0] == _DEAL


def event_json(game, event):
    """The record object of an event. A board's Pacal deal, whose hands it
    cannot know, is ``{"deal": {"first": f, "seen": [...]}}``: what the board
    saw (the two base cards; nothing in solo). shared/spec/records.md has no
    form for it; docs/RECORDS.md says so."""
    if _is_deal(game, event) and event[2] is None:
        return {"deal": {"first": event[1], "seen": list(event[3] or ())}}
    return notation.to_json(game, event)


def event_from_json(game, variant, obj):
    """The event of a journal line's object; ValueError if malformed."""
    if game == "pacal" and type(obj) is dict and type(obj.get("deal")) is dict:
        d = obj["deal"]
        if "seen" in d:
            notation.only_keys(d, ("first", "seen"), "a board's deal")
            seen = notation.int_list(d["seen"], "seen")
            first = d["first"]
            if first != 0 and first != 1:
                raise ValueError("first must be 0 or 1")
            return (_DEAL, first, None, seen if seen else None)
    return notation.from_json(game, variant, obj)


class Journal:
    def __init__(self, game, variant, store=None):
        self.game = game
        self.variant = variant
        self.events = []
        self.store = store
        self.pending = 0  # events added but not yet written
        self.problems = []  # (file, line, what): damaged lines met, failed writes
        self.resumed = False  # restored from a game in progress (restore())

    # -- the game -----------------------------------------------------------------

    def restart(self, variant=None):
        """A new game (of ``variant``, if given)."""
        if variant is not None:
            self.variant = variant
        self.events = []
        self.pending = 0
        if self.store is not None:
            self._write(self.store.start, json.dumps(self.header()))

    def add(self, event):
        if self.game == "pacal" and event[0] == _REVEAL:
            return  # what a board learns, not a move
        if self.store is not None and not self.store.current:
            self.restart()  # the first event of a board that never started a game
        self.events.append(event)
        self.pending += 1

    def undo(self):
        if not self.events:
            return
        self.events.pop()
        if self.pending:
            self.pending -= 1  # never written: nothing to take back on flash
        elif self.store is not None:
            self._write(self.store.rewrite, self.lines())

    def flush(self):
        """Write the events added since the last flush (one append each)."""
        store = self.store
        if store is None:
            self.pending = 0
            return
        events = self.events
        while self.pending:
            # (an exception other than OSError leaves the rest pending: the
            # device writes it before it builds a new runtime)
            ev = events[len(events) - self.pending]
            if not self._write(store.add, json.dumps(event_json(self.game, ev))):
                self.pending = 0  # reported; the game goes on in memory
                return
            self.pending -= 1

    def save_state(self, parts):
        """Keep a board's learnt state with the game (GameStore.save_state);
        not before the game has a file. A failed write is reported."""
        store = self.store
        if store is not None and store.current:
            self._write(store.save_state, parts)

    def _write(self, fn, arg):
        try:
            fn(arg)
            return True
        except OSError as err:
            self.problems.append(("journal", len(self.events), "not written: %s" % err))
            return False

    # -- reading it -----------------------------------------------------------

    def __len__(self):
        return len(self.events)

    def header(self):
        return {"format": notation.FORMAT, "game": self.game, "variant": self.variant}

    def moves(self):
        """The events other than deals."""
        return [ev for ev in self.events if not _is_deal(self.game, ev)]

    def lines(self, deals=None):
        """The record. A board's Pacal deal (hands unknown) is written from
        ``deals`` (the real deals in order, e.g. from the record the
        simulator plays) when given; otherwise as event_json says."""
        out = [json.dumps(self.header())]
        n = 0
        for ev in self.events:
            if _is_deal(self.game, ev) and ev[2] is None:
                if deals is not None and n < len(deals):
                    ev = deals[n]
                n += 1
            out.append(json.dumps(event_json(self.game, ev)))
        return out

    # -- power on -------------------------------------------------------------

    @classmethod
    def restore(cls, store, game, variant, games=None):
        """The journal of the game in progress in ``store`` (a GameStore), or a
        new one of ``game``/``variant`` if there is none (or its game is not
        among ``games``, the (game, variant) pairs this board plays). Lines
        that are damaged are skipped and listed in ``problems``; whether
        the events are legal is the board's business when it replays them."""
        lines, problems = store.load()
        j = None
        if lines:
            head = json.loads(lines[0][1])
            g = head.get("game")
            v = head.get("variant")
            if games is None or (g, v) in games or [g, v] in games:
                j = cls(g, v, store)
                for n, text in lines[1:]:
                    try:
                        j.events.append(event_from_json(g, v, json.loads(text)))
                    except (ValueError, KeyError, TypeError, IndexError) as err:
                        problems.append((_current(store), n, str(err) or "malformed"))
            else:
                problems.append((_current(store), 1, "not a game of this board: %s %s" % (g, v)))
        if j is None:
            j = cls(game, variant, store)  # (its file comes with the first game)
        else:
            j.resumed = True
        j.problems = problems + j.problems
        return j


def _current(store):
    from tabletop.store import game_name

    return game_name(store.current)
