"""A take-back against a far seat, in the seat's own code
(tabletop.board.remote_seat) over a small stand-in board: BACK asks the
host (the line to go back to: the player's last turn and the far replies
since), and BACK again asks the same; the host's ``asked`` shows a far
ask, whose MENU or BACK is its answer and no press of the board's; its
``undo`` with "to" makes the next BACK take the record back there; the
display's lines for each (tabletop.show.status_far). Runs under CPython
and MicroPython."""

import unittest

from tabletop.board.remote_seat import ASKED, ASKING, REFUSED, asked, cut_to, play_far
from tabletop.buttons.presses import LONG_MENU, NONE, SHORT_BACK, SHORT_MENU
from tabletop.rules.pyraos import Pyraos


class Journal:
    def __init__(self, events):
        self.events = events


class Board:
    """What the seat's code uses of a board."""

    players = 2
    FAR_SEAT = None  # (a Remote: tabletop.board.contract's default)

    def __init__(self, events):
        self.journal = Journal(events)
        self.version = 0
        self.computer = None


def game(n):
    """The first ``n`` events of a game (each player's first legal place),
    and the states before each."""
    g = Pyraos("standard")
    events = []
    before = []
    for _ in range(n):
        move = sorted(g.legal_moves())[0]
        before.append(g.copy())
        g.apply(move)
        events.append(move)
    return events, before


class FarBackSeatTest(unittest.TestCase):
    def setUp(self):
        self.events, self.before = game(4)  # light, dark (far), light, dark
        self.board = Board(self.events)
        self.said = []
        play_far(self.board, (1,), self.said.append)
        self.seat = self.board.computer

    def back(self):
        return self.seat.back(self.events, lambda i: self.before[i])

    def test_back_asks_for_the_players_turn_and_the_far_reply_and_takes_nothing(self):
        self.assertEqual(self.back(), 0)
        self.assertEqual(self.said, [{"event": "back", "to": 2}])
        self.assertEqual(self.seat.talk, (ASKING, 2))
        self.assertEqual(self.seat.pressed(SHORT_BACK), SHORT_BACK)  # (the board's: asks again)
        self.assertEqual(self.back(), 0)
        self.assertEqual(self.said[-1], {"event": "back", "to": 2})
        self.assertIsNone(asked(self.board, {"cmd": "asked", "refused": True}))
        self.assertEqual(self.seat.talk, (REFUSED,))
        self.seat.accepted(self.events[-1])  # the next move: the refusal is said no more
        self.assertIsNone(self.seat.talk)

    def test_nothing_of_the_players_to_take_back_asks_nothing(self):
        del self.events[1:]
        self.events[0] = (self.events[0][0], 1) + self.events[0][2:]  # (the far seat's only)
        self.assertEqual(self.back(), 0)
        self.assertEqual(self.said, [])
        self.assertTrue(self.seat.refused)

    def test_a_far_ask_takes_menu_and_back_as_its_answer(self):
        self.assertIsNone(asked(self.board, {"cmd": "asked", "back": 1, "by": 1, "moves": 3}))
        self.assertEqual(self.seat.talk, (ASKED, 1, 3))
        self.assertEqual(self.seat.pressed(LONG_MENU), NONE)  # (no new game meanwhile)
        self.assertEqual(self.said, [])
        self.assertEqual(self.seat.pressed(SHORT_MENU), NONE)
        self.assertEqual(self.said, [{"event": "answer", "yes": True}])
        self.assertIsNone(self.seat.talk)
        self.assertIsNone(asked(self.board, {"cmd": "asked", "back": 1, "by": 1}))
        self.assertEqual(self.seat.talk, (ASKED, 1, 3))  # (moves: the record's since)
        self.assertEqual(self.seat.pressed(SHORT_BACK), NONE)
        self.assertEqual(self.said[-1], {"event": "answer", "yes": False})
        self.assertIsNone(asked(self.board, {"cmd": "asked", "back": 2, "by": 0}))
        self.assertEqual(self.seat.talk, (ASKING, 2))  # (the board's own, told again)
        self.assertIsNone(asked(self.board, {"cmd": "asked"}))
        self.assertIsNone(self.seat.talk)

    def test_the_display_says_each_take_back(self):
        from tabletop.show.status_far import talk

        for cmd, said in (
            ({"back": 1, "by": 1, "moves": 3}, ("Far player asks", "3 moves?", "MENU: yes")),
            ({"back": 1, "by": 1, "moves": 1}, ("1 move?", "BACK: no")),
            ({"back": 2, "by": 0}, ("Take-back asked,", "far answer")),
            ({"refused": True}, ("No take-back:", "said no")),
        ):
            self.assertIsNone(asked(self.board, cmd))
            lines = talk(self.seat)
            self.assertTrue(len(lines) <= 5, lines)
            for text in said:
                self.assertTrue(text in lines, (text, lines))

    def test_the_agreed_cut_is_what_the_next_back_takes_back(self):
        self.back()
        self.assertIsNone(cut_to(self.board, 1))
        self.assertIsNone(self.seat.talk)
        self.assertEqual(self.back(), 3)
        self.assertEqual(self.seat.cut, -1)
        self.assertIsNone(cut_to(self.board, 4))  # (nothing made past it: no BACK to press)
        self.assertEqual(self.seat.cut, -1)

    def test_bad_asks_and_cuts_are_refused(self):
        for cmd in (
            {"back": -1, "by": 1},
            {"back": "1", "by": 1},
            {"back": 1, "by": 2},
            {"back": 1, "by": True},
            {"back": 1, "by": 1, "moves": 0},
        ):
            self.assertIsNotNone(asked(self.board, cmd), cmd)
        for to in (-1, 5, "1", 1.0):
            self.assertIsNotNone(cut_to(self.board, to), to)
        self.assertIsNone(self.seat.talk)
        self.assertEqual(self.seat.cut, -1)
        self.board.computer = None
        self.assertIsNotNone(asked(self.board, {}))
        self.assertIsNotNone(cut_to(self.board, 1))


if __name__ == "__main__":
    unittest.main()
