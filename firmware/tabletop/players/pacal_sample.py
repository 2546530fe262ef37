"""Choosing between a few candidate turns by sampling what the player cannot
see: the same sampled futures for every candidate, as many as the budget pays.

    thinking = Sampling(moves, trial, base, nodes, clock, ms, seed, margin)
    moves = thinking.step(500)     # None while it samples; then the chosen turn
    thinking.value                 # the chosen turn's mean score (0..1), or None

``moves[i]`` is candidate i's turn (the rules' move tuples); ``trial(i,
seed)`` plays one sampled future after candidate i and returns (score 0..1,
positions it cost). Sample s uses the seed ``seed + s`` for every candidate
(common random numbers: the candidates are compared on the same futures).
``base`` is the candidate a simple rule prefers: another one is chosen only
when its total is more than ``margin`` times the square root of the samples
above it, since a sampled estimate is noisy and a noisy best is often no
better. ``nodes`` bounds the positions, or ``ms`` the time when ``clock`` is
given; at least one sample is always taken, at most MAX_SAMPLES.
"""

from micropython import const

MAX_SAMPLES = const(4000)


class Sampling:
    depth = 0  # (a search's: sampling looks one turn ahead and plays out)

    def __init__(self, moves, trial, base, nodes, clock, ms, seed, margin):
        self.moves = moves
        self.trial = trial
        self.base = base
        self.limit = nodes
        self.clock = clock
        self.ms = ms
        self.t0 = clock() if clock is not None else 0
        self.seed = seed
        self.margin = margin
        self.totals = [0.0] * len(moves)
        self.samples = 0
        self.nodes = 0
        self.value = None
        self.chosen = None

    def step(self, nodes):
        if self.chosen is not None:
            return self.chosen
        if len(self.moves) == 1:
            return self._choose()
        spent = 0
        while spent < nodes:
            seed = self.seed + self.samples
            for i in range(len(self.moves)):
                score, cost = self.trial(i, seed)
                self.totals[i] += score
                spent += cost + 1
            self.samples += 1
            if self._done(spent):
                self.nodes += spent
                return self._choose()
        self.nodes += spent
        return None

    def _done(self, spent):
        if self.samples >= MAX_SAMPLES:
            return True
        if self.clock is not None:
            return self.clock() - self.t0 >= self.ms
        return self.nodes + spent >= self.limit

    def _choose(self):
        best = self.base
        totals = self.totals
        if self.samples:
            bar = totals[best] + self.margin * self.samples**0.5
            for i in range(len(totals)):
                if totals[i] > bar:
                    bar = totals[i]
                    best = i
            self.value = totals[best] / self.samples
        self.chosen = self.moves[best]
        return self.chosen
