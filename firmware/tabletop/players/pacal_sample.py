"""Choosing between a few candidate turns by sampling what the player cannot
see: the same sampled futures for every candidate, as many as the budget pays.

    thinking = Sampling(moves, trial, base, nodes, clock, ms, seed, margin)
    moves = thinking.step(500)     # None while it samples; then the chosen turn
    thinking.value                 # the chosen turn's mean score (0..1), or None

``moves[i]`` is candidate i's turn (the rules' move tuples); ``trial(i,
seed)`` plays one sampled future after candidate i and returns (score 0..1,
positions it cost), or is a generator that yields after each position and
returns that pair: ``step(n)`` then stops after n positions even within a
sampled future, so a board that thinks between ticks is never held up by
a whole one (tabletop.board.computer). Sample s uses the seed ``seed + s`` for every candidate
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
        self.i = 0  # the candidate whose sampled future comes next, or goes on
        self.running = None  # ... that future, when a generator is under way
        self.spent = 0  # the positions of this sample so far

    def step(self, nodes):
        if self.chosen is not None:
            return self.chosen
        if len(self.moves) == 1:
            return self._choose()
        work = 0
        while work < nodes:
            i = self.i
            run = self.running
            if run is None:
                run = self.trial(i, self.seed + self.samples)
            if type(run) is tuple:
                found = run
            else:
                found = _advance(run)
                if found is None:
                    self.running = run
                    work += 1
                    continue
            self.running = None
            score, cost = found
            self.totals[i] += score
            self.spent += cost + 1
            work += cost + 1 if type(run) is tuple else 1
            self.i = i + 1
            if self.i == len(self.moves):  # a sample of every candidate
                self.i = 0
                self.samples += 1
                spent = self.spent
                self.spent = 0
                if self._done(spent):
                    self.nodes += spent
                    return self._choose()
                self.nodes += spent
        return None

    def facts(self):
        """What the sampling found (a hint tells it): ``chance``, the share of
        the sampled games the turn won, ``samples`` and ``nodes``; nothing
        before it has chosen or when there was one choice only."""
        if self.value is None:
            return {}
        return {"chance": round(self.value, 4), "samples": self.samples, "nodes": self.nodes}

    def _done(self, spent):
        # (nodes counts the samples before this one: spent is this one's)
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


def _advance(run):
    # One position of a generator trial: None while it goes on, then its answer.
    try:
        next(run)
    except StopIteration as end:
        return end.value
    return None
