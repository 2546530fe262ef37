"""The scoring walk-through on the Diabolo board, at the sensor level: the
rows called red to blue, doubles laid on the reader, each seat's cards of
the row's colour shown one by one, BACK to go on; the scores worked out by
hand from the rule book (docs/RULES.md, "Scoring a round"); the next deal
carries what was shown, so a journal replayed gives the scores back."""

import unittest

from diabolo_board_support import Table, card, double
from tabletop.board import diabolo_board as db
from tabletop.buttons import presses
from tabletop.keep.journal import Journal
from tabletop.rules.diabolo import DEAL, HEAVEN, HELL, PLAY

# Three players, seat 2 deals: seats 0, 1, 2 play in turn. Red ends 3 in
# hell, 12 in heaven (plus); yellow 12 in hell, 3 in heaven (minus); green
# one card in heaven (plus); purple and blue empty (nothing to score).
ROWS = [
    ("r1", HELL, "r.hell.1"),
    ("y5", HELL, "y.hell.1"),
    ("r2", HELL, "r.hell.2"),
    ("y4", HELL, "y.hell.2"),
    ("r3", HEAVEN, "r.heaven.1"),
    ("y3", HELL, "y.hell.3"),
    ("r4", HEAVEN, "r.heaven.2"),
    ("g2", HEAVEN, "g.heaven.1"),
    ("r5", HEAVEN, "r.heaven.3"),  # red locks
    ("y1", HEAVEN, "y.heaven.1"),
]
LAST = ("y2", "y.heaven.2")  # seat 1 locks yellow: the round ends


def before_the_end():
    """A Table resumed just before the last card of the round, its slots filled."""
    events = [(DEAL, 2, None, None)]
    for i, (name, side, _) in enumerate(ROWS):
        events.append((PLAY, i % 3, card(name), side))
    t = Table(players=3)
    t.journal.events = list(events)  # as the Runtime resumes a journal from flash
    t.board.resume(t.journal.events)
    for _, _, where in ROWS:
        t.put(where)
    return t


class ScoringTest(unittest.TestCase):
    def show(self, t, seat, names):
        for name in names:
            t.read(card(name))
            self.assertEqual(t.light("turn%d" % seat), "win")  # counted
            t.read(0)
        t.press(presses.SHORT_BACK)

    def test_a_round_walked_through(self):
        t = before_the_end()
        self.assertEqual(t.board.mode, db.PLAY)
        t.play(*LAST)
        self.assertEqual(t.board.mode, db.SCORE)
        # red scores plus: every seat may declare its double
        self.assertEqual(t.light("lock.r"), "win")
        self.assertEqual(t.lit("win"), ["r.heaven.1", "r.heaven.2", "r.heaven.3"])
        for p in range(3):
            self.assertEqual(t.light("turn%d" % p), "player1")
        t.read(double(1))
        self.assertEqual(t.moves()[-1], {"p": 1, "double": "r"})
        t.read(0)
        self.assertIsNone(t.light("turn1"))  # seat 1's double is spent
        t.read(double(1))  # ... and refused a second time
        self.assertEqual(t.board.note, db.N_USED)
        self.assertEqual(len(t.moves()), 13)
        t.read(0)
        t.press(presses.SHORT_BACK)  # no more doubles: seat 0 shows red
        self.assertEqual(t.light("turn0"), "player0")
        t.read(card("y3"))  # not red: does not count
        self.assertEqual(t.light("turn0"), "error")
        self.assertEqual(t.board.note, db.N_WRONG)
        t.read(0)
        self.show(t, 0, ["r5"])
        self.show(t, 1, ["r2", "r5"])
        self.show(t, 2, [])
        # yellow scores minus: no doubles, the hands at once
        self.assertEqual(t.light("lock.y"), "win")
        self.assertEqual(t.lit("win"), ["y.hell.1", "y.hell.2", "y.hell.3"])  # counted
        self.assertEqual(t.light("turn0"), "player0")
        self.show(t, 0, ["y5"])
        self.show(t, 1, ["y1"])
        self.show(t, 2, ["y5"])
        # green scores plus: seats 0 and 2 may still double
        self.assertEqual(t.light("turn0"), "player1")
        self.assertIsNone(t.light("turn1"))
        t.press(presses.SHORT_BACK)
        self.show(t, 0, ["g4"])
        self.show(t, 1, [])
        self.show(t, 2, ["g1"])
        # purple and blue score nothing: the round is scored
        self.assertEqual(t.board.mode, db.DEAL)
        # red: seat 1 holds the most (7) and doubled: +14; yellow: seats 0
        # and 2 tie on 5: -5 each; green: seat 0 holds 4: +4
        self.assertEqual(t.board.game.totals(), [-1, 14, -5])
        self.assertEqual(
            t.board.game.score_event(),
            {"event": "scores", "round": 1, "points": [-1, 14, -5], "totals": [-1, 14, -5]},
        )
        self.assertEqual(t.board.scored, 1)
        # the next round starts once the board is clear; seat 0 deals
        self.assertEqual(t.light("turn0"), "player0")
        for _, _, where in ROWS + [(0, 0, LAST[1])]:
            t.lift(where)
        self.assertEqual(
            t.moves()[-1],
            {"deal": {"dealer": 0, "seen": [["r5", "y5", "g4"], ["r2", "r5", "y1"], ["y5", "g1"]]}},
        )
        self.assertEqual(t.light("turn1"), "player0")
        # the journal, replayed after a power cut, gives the scores back
        again = Table(players=3, journal=Journal("diabolo", "standard", players=3))
        kept = again.board.resume(list(t.journal.events))
        self.assertEqual(kept, len(t.journal.events))
        self.assertEqual(again.board.game.totals(), [-1, 14, -5])
        self.assertEqual(again.board.mode, db.UNDO)

    def test_long_back_shows_a_seat_again(self):
        t = before_the_end()
        t.play(*LAST)
        t.press(presses.SHORT_BACK)  # no doubles on red
        t.read(card("r4"))
        t.read(0)
        t.press(presses.LONG_BACK)  # that was not mine: start again
        self.show(t, 0, ["r1"])
        self.show(t, 1, [])
        self.show(t, 2, [])
        for seat in range(3):
            self.show(t, seat, [])  # yellow: nobody holds any
        t.press(presses.SHORT_BACK)  # no doubles on green
        for seat in range(3):
            self.show(t, seat, [])
        self.assertEqual(t.board.game.totals(), [1, 0, 0])

    def test_the_walk_through_is_let_go_after_the_round(self):
        import sys

        t = before_the_end()
        t.play(*LAST)
        self.assertTrue("tabletop.board.diabolo_scoring" in sys.modules)
        t.press(presses.SHORT_BACK)
        for _ in range(3 + 3):
            t.press(presses.SHORT_BACK)
        t.press(presses.SHORT_BACK)
        for _ in range(3):
            t.press(presses.SHORT_BACK)
        self.assertEqual(t.board.mode, db.DEAL)
        self.assertIsNone(t.board.walk)
        self.assertFalse("tabletop.board.diabolo_scoring" in sys.modules)
