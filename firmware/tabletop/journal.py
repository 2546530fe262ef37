"""The game as the board accepted it, in record format (kept in memory here;
on flash in a later step).

    j = Journal("pyraos", "standard")
    j.add(move)            # after the rules accepted it
    j.undo()               # BACK
    j.lines()              # header + one JSON line per event
"""

import json

from tabletop import notation
from tabletop.record import FORMAT


class Journal:
    def __init__(self, game, variant):
        self.game = game
        self.variant = variant
        self.events = []

    def add(self, event):
        self.events.append(event)

    def undo(self):
        if self.events:
            self.events.pop()

    def __len__(self):
        return len(self.events)

    def header(self):
        return {"format": FORMAT, "game": self.game, "variant": self.variant}

    def lines(self):
        out = [json.dumps(self.header())]
        for ev in self.events:
            out.append(json.dumps(notation.to_json(self.game, ev)))
        return out
