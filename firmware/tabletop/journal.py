"""The game as the board accepted it, in record format (kept in memory here;
on flash in a later step).

    j = Journal("pyraos", "standard")
    j.add(move)            # after the rules accepted it
    j.undo()               # BACK
    j.lines()              # header + one JSON line per event
"""

import json

from tabletop import notation

_REVEAL = 5  # tabletop.rules.pacal.REVEAL (not imported: a Pyraos board needs no Pacal)


class Journal:
    def __init__(self, game, variant):
        self.game = game
        self.variant = variant
        self.events = []

    def add(self, event):
        if self.game == "pacal" and event[0] == _REVEAL:
            return  # what a board learns, not a move
        self.events.append(event)

    def undo(self):
        if self.events:
            self.events.pop()

    def __len__(self):
        return len(self.events)

    def header(self):
        return {"format": notation.FORMAT, "game": self.game, "variant": self.variant}

    def moves(self):
        """The events other than deals."""
        return [ev for ev in self.events if not (self.game == "pacal" and ev[0] == 0)]

    def lines(self, deals=None):
        """The record. A board's Pacal deal (hands unknown) is written from
        ``deals`` (the real deals in order, e.g. from the record the
        simulator plays) when given; otherwise as ``{"deal": {"first": f,
        "seen": [...]}}``, which says what the board knows but is not a
        complete record line (shared/spec/records.md has no form for it)."""
        out = [json.dumps(self.header())]
        n = 0
        for ev in self.events:
            if self.game == "pacal" and ev[0] == 0 and ev[2] is None:
                if deals is not None and n < len(deals):
                    ev = deals[n]
                else:
                    seen = list(ev[3] or ())
                    out.append(json.dumps({"deal": {"first": ev[1], "seen": seen}}))
                    n += 1
                    continue
                n += 1
            out.append(json.dumps(notation.to_json(self.game, ev)))
        return out
