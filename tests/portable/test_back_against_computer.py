"""What BACK takes back against a computer seat, over every registered game
(tabletop.board.seat.back_count, run on random games of each game's
rules): the computer's events at the end and the person's move before
them, the person's whole turn (Pyraos: a take-back with its place), never
across a deal, and afterwards the person is to move again; nothing when no
person's event is there. Runs under CPython and MicroPython."""

import unittest

from tabletop import games
from tabletop.board.seat import back_count
from tabletop.rules.pyraos import PLACE, REMOVE, Pyraos
from tabletop.rules.pyraos_geometry import position_index as index
from tabletop.rules.rng import Rng

PLIES = 40  # events of each random game looked at


def at(states):
    return lambda i: states[i]


def random_game(game, variant, seed):
    """A random game of ``variant``: yields (players, this round's events,
    the states before each of them) after every event that is not a deal."""
    rules = games.part(game, "rules")
    is_deal = games.part(game, "notation").is_deal
    low, high = rules.seats(variant)
    rng = Rng(seed)
    players = low + rng.below(high - low + 1)
    state = rules.new_state(variant, players)
    events = []
    before = []
    for _ in range(PLIES):
        if state.is_over():
            return
        ev = rules.chance(state, rng)
        if ev is None:
            moves = list(state.legal_moves())
            if not moves:
                return
            ev = moves[rng.below(len(moves))]
        if is_deal(ev):
            events = []  # (BACK never reaches across a deal)
            before = []
            state.apply(ev)
            continue
        before.append(state.copy())
        state.apply(ev)
        events.append(ev)
        yield players, events, before


class BackCountTest(unittest.TestCase):
    def test_its_reply_and_the_persons_whole_turn_over_every_game(self):
        for game in games.NAMES:
            rules = games.part(game, "rules")
            for variant in games.variants(game):
                if rules.seats(variant)[1] < 2:
                    continue  # (one player: a seat there advises, BACK is one event)
                with self.subTest(game=game, variant=variant):
                    self.check(game, variant)

    def check(self, game, variant):
        looked = taken = 0
        for seed in range(1, 7):
            for players, events, before in random_game(game, variant, seed):
                for seat in range(players):
                    n = back_count(events, seat, at(before))
                    looked += 1
                    self.assertTrue(0 <= n <= len(events))
                    if not n:  # nothing of a person's: every event is the seat's
                        self.assertEqual([e for e in events if e[1] != seat], [])
                        continue
                    taken += 1
                    k = len(events) - n
                    back = events[k:]
                    person = back[0][1]
                    self.assertNotEqual(person, seat)
                    theirs = 0  # the person's events, then only the seat's
                    while theirs < n and back[theirs][1] == person:
                        theirs += 1
                    self.assertEqual([e for e in back[theirs:] if e[1] != seat], [])
                    # the person moves again, at a turn's start: a whole turn back,
                    # and only one (the states after its first event are mid_turn)
                    self.assertTrue(person in before[k].to_move(), (events, seat))
                    self.assertFalse(before[k].mid_turn())
                    for i in range(k + 1, k + theirs):
                        self.assertTrue(before[i].mid_turn())
        self.assertTrue(looked > 100 and taken > 50, (looked, taken))

    def test_a_pyraos_take_back_goes_with_its_place(self):
        g = Pyraos("standard")
        events = []
        before = []

        def play(ev):
            before.append(g.copy())
            g.apply(ev)
            events.append(ev)

        # Light (the person) makes the a1 square and takes a marble back;
        # Dark (the computer) places.
        for i, spot in enumerate(("a1", "d4", "b1", "d3", "a2", "c4")):
            play((PLACE, i % 2, index(spot), -1))
        play((PLACE, 0, index("b2"), -1))
        self.assertTrue(g.mid_turn())
        play((REMOVE, 0, index("b2"), -1))
        play((PLACE, 1, index("c3"), -1))
        self.assertEqual(back_count(events, 1, at(before)), 3)
        # BACK while the computer still thinks: the person's turn, both events
        self.assertEqual(back_count(events[:-1], 1, at(before)), 2)
        # in the middle of the person's turn: the square's place alone
        self.assertEqual(back_count(events[:-2], 1, at(before)), 1)
        # the computer's own turn first: nothing of the person's before it
        self.assertEqual(back_count(events[:1], 0, at(before)), 0)
        self.assertEqual(back_count([], 1, at(before)), 0)


if __name__ == "__main__":
    unittest.main()
