"""The game as the board accepted it, in record format; kept on flash when
the board has a file store.

    j = Journal("pyraos", "standard", store)   # store: a tabletop.keep.store.GameStore, or None
    j.restart("kids")      # a new game (MENU); restart(players=5): Diabolo's count
    j.add(move)            # after the rules accepted it
    j.flush()              # write what was added since (the runtime: once the LEDs show it)
    j.undo()               # BACK
    j.lines()              # header + one JSON line per event
    j = Journal.restore(store, "pyraos", "standard", profile.games)   # power on
    j.events, j.problems   # the game in progress; what was damaged and skipped
    j.keep_first(n)        # ... of which the board could replay only n
    j.save_state(parts); j.load_state(words)   # what the board learnt, beside the game

Writing to flash stops the rp2's interrupts and can take tens of ms, so
``add`` only queues the line and ``flush`` writes it after the answer is on
the LEDs: one append per accepted move. A write that fails (flash full, a
medium error) is kept in ``problems`` and the game goes on in memory.
"""

import json

from tabletop.records import notation


class Journal:
    def __init__(self, game, variant, store=None, players=0):
        self.game = game
        self.variant = variant
        self.players = players  # Diabolo: how many seats (the header names them), else 0
        self.words = notation.for_game(game)  # the game's notation module
        self.events = []
        self.store = store
        self.pending = 0  # events added but not yet written
        self.problems = []  # (file, line, what): damaged lines met, failed writes
        self.resumed = False  # restored from a game in progress (restore())

    # -- the game -----------------------------------------------------------------

    def restart(self, variant=None, players=None):
        """A new game (of ``variant``, with ``players``, if given)."""
        if variant is not None:
            self.variant = variant
        if players is not None:
            self.players = players
        self.events = []
        self.pending = 0
        if self.store is not None:
            self._write(self.store.start, json.dumps(self.header()))

    def add(self, event):
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
            if not self._write(store.add, json.dumps(self.words.to_json(ev))):
                self.pending = 0  # reported; the game goes on in memory
                return
            self.pending -= 1

    def save_state(self, parts):
        """Keep a board's learnt state with the game (GameStore.save_state);
        not before the game has a file. A failed write is reported."""
        store = self.store
        if store is not None and store.current:
            self._write(store.save_state, parts)

    def load_state(self, words):
        """The board's learnt state kept with this game (GameStore.load_state:
        (events, array of ``words`` words)), or None."""
        store = self.store
        if store is None:
            return None
        return store.load_state(words)

    def keep_first(self, n):
        """Power on: the board could replay only the first ``n`` events (the
        rules refused the next, after a damaged line was skipped, say). The
        rest are dropped, on flash too, and the cut is reported in
        ``problems``."""
        self.problems.append(
            ("journal", n + 1, "refused on replay: the game resumes after move %d" % n)
        )
        self.events = self.events[:n]
        self.pending = 0
        if self.store is not None:
            self._write(self.store.rewrite, self.lines())

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
        head = {"format": notation.FORMAT, "game": self.game, "variant": self.variant}
        if self.players:
            head["players"] = ["P%d" % (i + 1) for i in range(self.players)]
        return head

    def moves(self):
        """The events other than deals."""
        is_deal = self.words.is_deal
        return [ev for ev in self.events if not is_deal(ev)]

    def lines(self, deals=None):
        """The record. A board's deal (Pacal's hands, Diabolo's pile unknown) is written from
        ``deals`` (the real deals in order, e.g. from the record the
        simulator plays) when given; otherwise as its notation writes it."""
        words = self.words
        out = [json.dumps(self.header())]
        n = 0
        for ev in self.events:
            if words.is_deal(ev) and ev[2] is None:
                if deals is not None and n < len(deals):
                    ev = deals[n]
                n += 1
            out.append(json.dumps(words.to_json(ev)))
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
                names = head.get("players")
                j = cls(g, v, store, len(names) if type(names) is list else 0)
                for n, text in lines[1:]:
                    try:
                        j.events.append(j.words.from_json(json.loads(text), v, True))
                    except (ValueError, KeyError, TypeError, IndexError, RuntimeError) as err:
                        # (RuntimeError: a line nested too deep for the parser)
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
    from tabletop.keep.store import game_name

    return game_name(store.current)
