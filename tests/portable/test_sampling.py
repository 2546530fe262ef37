"""The players' sampling (tabletop.players.pacal_sample): a trial may be a
generator that yields after each position, and then ``step(n)`` stops after
n positions even within a sampled future (a board thinks a little after
each tick); the choice, its value and the positions counted are the same as
with trials that answer at once. Runs under CPython and MicroPython.
"""

import unittest

from tabletop.players.pacal_sample import Sampling

MOVES = [[("a",)], [("b",)], [("c",)]]


def answer(i, seed):
    # a sampled future's (score, positions): candidate 2 wins most futures
    turns = (seed + i) % 4 + 1
    score = 1.0 if (seed % 3 != 0 and i == 2) or (seed + i) % 5 == 0 else 0.0
    return score, turns


class Played:
    def __init__(self):
        self.resumed = 0  # how often a generator trial ran on

    def trial(self, i, seed):
        score, turns = answer(i, seed)
        for _ in range(turns - 1):
            self.resumed += 1
            yield
        self.resumed += 1
        return score, turns


class SamplingTest(unittest.TestCase):
    def sampling(self, trial, nodes=200):
        return Sampling(MOVES, trial, 0, nodes, None, 0, 11, 0.5)

    def test_generator_trials_choose_as_trials_that_answer_at_once(self):
        at_once = self.sampling(answer)
        want = None
        while want is None:
            want = at_once.step(1000)
        played = Played()
        sliced = self.sampling(played.trial)
        got = None
        while got is None:
            got = sliced.step(3)
        self.assertEqual(got, want)
        self.assertEqual(got, MOVES[2])  # (the futures favour c clearly)
        self.assertEqual(
            (sliced.value, sliced.samples, sliced.nodes),
            (at_once.value, at_once.samples, at_once.nodes),
        )

    def test_a_step_plays_at_most_its_positions(self):
        played = Played()
        thinking = self.sampling(played.trial)
        steps = 0
        while True:
            before = played.resumed
            moves = thinking.step(1)
            self.assertLessEqual(played.resumed - before, 1)
            steps += 1
            if moves is not None:
                break
        self.assertEqual(played.resumed, steps)  # one position a step, none skipped


if __name__ == "__main__":
    unittest.main()
