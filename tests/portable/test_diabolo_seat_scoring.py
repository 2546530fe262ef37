"""The Diabolo computer seat at scoring: it declares its double itself as
its row's call for doubles begins (the display names it; its double card
laid on the reader is refused, the others' are taken as ever), the board
counts its cards of each colour from its hand, and a power cut at scoring
keeps its double and asks for its hand before the walk. Persons here lay
to heaven where they can, so rows score plus. Runs under CPython and
MicroPython."""

import unittest

from diabolo_board_support import double
from diabolo_seat_support import SeatTable
from tabletop.board import diabolo_board as db
from tabletop.rules import diabolo


def scored(seed, seat=1):
    """A round of three players (P2 the computer) played to its scoring."""
    t = SeatTable(seat=seat, players=3, seed=seed)
    t.heaven = True  # (before the deal: P1, the first to play, too)
    t.start(dealer=2)
    t.read_in()
    while t.truth.phase == diabolo.P_PLAY:
        t.play(1)
    return t


class DoubleTest(unittest.TestCase):
    def test_it_declares_its_double_and_the_display_names_it(self):
        t = scored(7)  # red scores plus, and it holds the most red of the plus rows
        self.assertEqual(t.board.mode, db.SCORE)
        self.assertEqual(t.journal.events[-1], (diabolo.DOUBLE, 1, diabolo.RED, 0))
        self.assertTrue(t.said("P2 doubles r"), t.text())
        self.assertEqual(t.board.walk.stage, 1)  # the others may still declare on red
        t.read(double(1))  # its double card: it has declared, by itself
        self.assertTrue(t.said("No double here"), t.text())
        t.read(0)
        t.read(double(0))  # P1's is taken
        t.read(0)
        self.assertEqual(t.journal.events[-1], (diabolo.DOUBLE, 0, diabolo.RED, 0))
        t.walk()
        self.assertEqual(t.board.game.round_scores(), t.truth.round_scores())
        self.assertEqual(t.board.game.doubles[:2], [diabolo.RED, diabolo.RED])

    def test_its_cards_are_counted_by_the_board(self):
        for seed in (1, 2, 3):
            t = scored(seed)
            shown = []
            while t.board.mode == db.SCORE:  # the walk never stops at its seat
                self.assertNotEqual(t.board.walk.seat, 1)
                shown.append(t.board.walk.seat)
                t.walk_step()
            # (a drawn row is not walked: nobody's cards of it count)
            drawn = [c for c in range(diabolo.COLOURS) if len(set(t.truth.row_sums(c))) == 1]
            walked = tuple(c for c in t.truth.hand(1) if diabolo.colour_of(c) not in drawn)
            self.assertEqual(t.board.game.shown()[1], walked)
            self.assertEqual(t.board.game.round_scores(), t.truth.round_scores())

    def test_a_power_cut_at_scoring_keeps_its_double(self):
        t = scored(2)  # it doubles on yellow: red is walked first
        while t.journal.events[-1][0] != diabolo.DOUBLE:
            t.walk_step()
        self.assertEqual(t.journal.events[-1], (diabolo.DOUBLE, 1, diabolo.YELLOW, 0))
        t.power_cut()
        self.assertEqual(t.board.mode, db.HAND)  # its hand first: the board counts it
        t.read_in()
        self.assertEqual(t.board.mode, db.SCORE)
        doubles = [ev for ev in t.journal.events if ev[0] == diabolo.DOUBLE]
        self.assertEqual(len(doubles), 1)  # not declared again
        t.walk()
        self.assertEqual(t.board.game.round_scores(), t.truth.round_scores())
        self.assertEqual(len([ev for ev in t.journal.events if ev[0] == diabolo.DOUBLE]), 1)

    def test_the_next_round_reads_its_new_hand_in(self):
        t = scored(3)
        t.walk()
        self.assertEqual(t.board.mode, db.DEAL)
        for name in t.lit("error"):  # the rows cleared: the next round deals
            t.lift(name)
        t.apply(diabolo.deal(t.rng, 0))
        self.assertEqual(t.board.mode, db.HAND)  # (it plays first: six and its draw)
        self.assertTrue(t.said("hand: 0 of 7"), t.text())
        t.read_in()
        t.play(6)
        self.assertEqual(t.moves(), t.truth_moves())


if __name__ == "__main__":
    unittest.main()
