"""Whose decision comes next (tabletop.players.mover) and the seats that
decide moves they may leave unmade (``seat``), for every registered game,
under CPython and MicroPython: what the arena (sim.commands.arena) plays a
game of any kind by. Random games, the chance events from the rules."""

import unittest

from tabletop import games, players
from tabletop.rules.rng import Rng

GAMES_EACH = 2  # random games of each variant


def walk(game, variant, seed):
    """The states of a random game (a copy at each event), the chance
    events from the rules, moves that may be left unmade left unmade."""
    rules = games.part(game, "rules")
    low, high = rules.seats(variant)
    state = rules.new_state(variant, 0 if low == high else low + seed % (high - low + 1))
    rng = Rng(seed)
    while True:
        yield state
        moves = list(state.legal_moves())
        if moves and not state.may_pass():
            state.apply(moves[rng.below(len(moves))])
            continue
        event = rules.chance(state, rng)
        if event is None:
            return
        state.apply(event)


class MoverTest(unittest.TestCase):
    def test_every_player_says_whose_decision_comes_next(self):
        for game in games.NAMES:
            self.assertTrue(hasattr(games.part(game, "player"), "mover"), game)

    def test_the_mover_is_one_of_the_players_to_move(self):
        for game in games.NAMES:
            for variant in games.variants(game):
                for seed in range(GAMES_EACH):
                    for state in walk(game, variant, seed):
                        if state.legal_moves() and not state.may_pass():
                            p = players.mover(state)
                            self.assertEqual(p, state.to_move()[0], (game, variant))
                            moves = players.choose(state, "random", 10, Rng(seed))
                            self.assertTrue(moves and moves[0][1] == p, (game, moves, p))
                        elif not state.legal_moves():
                            # a chance event comes first, or the game is over
                            with self.assertRaises(ValueError):
                                players.mover(state)

    def test_each_seat_that_may_decides_for_itself(self):
        asked = 0
        for game in games.NAMES:
            for variant in games.variants(game):
                for seed in range(GAMES_EACH + 4):
                    for state in walk(game, variant, seed):
                        if not (state.legal_moves() and state.may_pass()):
                            continue
                        for q in state.to_move():
                            moves = players.choose(state, "medium", 10, Rng(1), seat=q)
                            for move in moves:  # [] is the seat's pass
                                self.assertEqual(move[1], q)
                                self.assertTrue(move in state.legal_moves(), move)
                            asked += 1
                        # (the end's too: moves that may follow a game over)
                        self.assertTrue(players.start(state, "easy", 10, Rng(1)) is not None)
        self.assertTrue(asked > 0, "no moves that may be left unmade: the test proves nothing")

    def test_a_seat_with_no_decision_is_refused(self):
        for game in games.NAMES:
            variant = games.variants(game)[0]
            for state in walk(game, variant, 1):
                if state.legal_moves() and not state.may_pass():
                    other = players.mover(state) + 1
                    if other not in state.to_move():
                        with self.assertRaises(ValueError):
                            players.start(state, "random", 10, Rng(1), seat=other)
                    break


if __name__ == "__main__":
    unittest.main()
