"""The Diabolo board in play, at the sensor level: what lights when a card
is read, when a card goes into a lit slot, into a wrong slot or unread,
misreads and codes too short to count, locks, BACK and the discard."""

import unittest

from diabolo_board_support import Table, card, code, slot
from tabletop.board import diabolo_board as db
from tabletop.buttons import presses


class DealTest(unittest.TestCase):
    def test_a_new_game_waits_for_the_dealer_s_double_card(self):
        t = Table(players=3)
        t.press(presses.SHORT_MENU)
        self.assertEqual(t.moves(), [])
        for p in range(3):
            self.assertEqual(t.light("turn%d" % p), "player0")  # every seat invited
        self.assertIsNone(t.light("turn3"))
        t.read(card("r3"))  # a number card deals nothing
        self.assertEqual(t.moves(), [])
        t.read(0)
        t.read(52)  # seat 2's double card
        self.assertEqual(t.moves(), [{"deal": {"dealer": 2, "seen": []}}])
        t.read(0)
        self.assertEqual(t.light("turn0"), "player0")  # left of the dealer plays first
        self.assertIsNone(t.light("turn2"))

    def test_long_menu_cycles_the_seats(self):
        t = Table(players=4)
        t.press(presses.LONG_MENU)
        self.assertEqual(t.board.game.players, 5)
        self.assertEqual(t.light("turn4"), "player0")
        t.press(presses.LONG_MENU)
        self.assertEqual(t.board.game.players, 3)
        self.assertIsNone(t.light("turn3"))
        self.assertEqual(t.journal.header()["players"], ["P1", "P2", "P3"])


class PlayTest(unittest.TestCase):
    def setUp(self):
        self.t = Table(players=3)
        self.t.start(dealer=2)

    def test_a_card_read_lights_where_it_may_go(self):
        t = self.t
        t.read(card("p4"))
        self.assertEqual(sorted(t.lit("player0")), ["p.heaven.1", "p.hell.1"])
        t.read(0)  # lifted: still lit, the card is in the player's hand
        self.assertEqual(sorted(t.lit("player0")), ["p.heaven.1", "p.hell.1"])
        t.put("p.heaven.1")
        self.assertEqual(t.moves()[-1], {"p": 0, "play": ["p4", "heaven"]})
        self.assertEqual(t.lit("player0"), [])
        self.assertEqual(t.light("turn1"), "player0")  # the next seat's turn
        t.read(card("p2"))  # the next card on that side goes further out
        self.assertEqual(sorted(t.lit("player0")), ["p.heaven.2", "p.hell.1"])

    def test_a_card_in_a_slot_while_the_reader_holds_one_is_red(self):
        t = self.t
        t.read(card("g1"))
        t.put("g.hell.1")  # the card read still lies on the reader: another card
        self.assertEqual(t.light("g.hell.1"), "error")
        self.assertEqual(len(t.moves()), 1)
        t.lift("g.hell.1")
        t.read(0)
        t.put("g.hell.1")
        self.assertEqual(t.moves()[-1], {"p": 0, "play": ["g1", "hell"]})

    def test_a_wrong_slot_is_red_until_emptied(self):
        t = self.t
        t.read(card("y5"))
        t.read(0)
        t.put("b.hell.1")
        self.assertEqual(t.light("b.hell.1"), "error")
        t.put("y.heaven.2")  # not the next slot of the side either
        self.assertEqual(t.light("y.heaven.2"), "error")
        self.assertEqual(len(t.moves()), 1)
        t.lift("b.hell.1")
        t.lift("y.heaven.2")
        self.assertEqual(t.lit("error"), [])
        t.put("y.heaven.1")
        self.assertEqual(t.moves()[-1], {"p": 0, "play": ["y5", "heaven"]})

    def test_a_card_not_read_first_is_red(self):
        t = self.t
        t.put("r.hell.1")
        self.assertEqual(t.light("r.hell.1"), "error")
        self.assertEqual(t.board.note, db.N_UNREAD)
        self.assertEqual(len(t.moves()), 1)
        t.lift("r.hell.1")
        self.assertEqual(t.lit("error"), [])

    def test_misreads_and_short_codes_never_count(self):
        t = self.t
        good = code(card("b3"))
        t.bits(good ^ 0x01)  # one spot wrong: even parity
        t.tick()
        self.assertEqual(t.lit("player0"), [])
        self.assertEqual(t.board.note, db.N_MISREAD)
        t.bits(0)
        t.tick()
        t.bits(good)  # on the reader shorter than the debounce time
        t.tick(10)
        t.bits(0)
        t.tick()
        self.assertEqual(t.lit("player0"), [])
        self.assertEqual(t.board.card, 0)
        t.read(card("b3"))
        self.assertEqual(sorted(t.lit("player0")), ["b.heaven.1", "b.hell.1"])

    def test_back_takes_the_last_move_back(self):
        t = self.t
        t.play("r2", "r.hell.1")
        self.assertEqual(len(t.moves()), 2)
        t.press(presses.SHORT_BACK)
        self.assertEqual(len(t.moves()), 1)
        self.assertEqual(t.light("r.hell.1"), "error")  # lift it: it is not played
        self.assertEqual(t.light("turn0"), "player0")
        t.lift("r.hell.1")
        self.assertEqual(t.lit("error"), [])
        t.play("r2", "r.heaven.1")
        self.assertEqual(t.moves()[-1], {"p": 0, "play": ["r2", "heaven"]})

    def test_a_card_taken_off_a_row_shows_where_it_goes_back(self):
        t = self.t
        t.play("r2", "r.hell.1")
        t.lift("r.hell.1")
        self.assertEqual(t.light("r.hell.1"), "hint")
        t.read(card("g3"))
        t.read(0)
        t.put("g.hell.1")  # nothing is accepted until the row is whole again
        self.assertEqual(len(t.moves()), 2)
        t.put("r.hell.1")
        self.assertEqual(t.moves()[-1], {"p": 1, "play": ["g3", "hell"]})


class LockTest(unittest.TestCase):
    def test_five_cards_lock_a_row_and_a_locked_card_may_be_discarded(self):
        t = Table(players=3)
        t.start(dealer=2)
        for name, where in (
            ("r1", "r.hell.1"),
            ("r2", "r.hell.2"),
            ("r3", "r.heaven.1"),
            ("r4", "r.heaven.2"),
        ):
            t.play(name, where)
        self.assertIsNone(t.light("lock.r"))
        t.play("r5", "r.heaven.3")
        self.assertEqual(t.light("lock.r"), "error")
        self.assertEqual(t.board.game.turn, 2)
        t.read(card("r1"))  # its row is locked: nothing lights
        self.assertEqual(t.lit("player0"), [])
        self.assertEqual(t.board.note, db.N_LOCKED)
        t.press(presses.LONG_BACK)
        self.assertEqual(t.moves()[-1], {"p": 2, "discard": "r1"})
        self.assertEqual(t.light("turn0"), "player0")
        t.read(0)
        t.read(card("y1"))  # a card that can be laid is no discard
        t.press(presses.LONG_BACK)
        self.assertEqual(t.moves()[-1], {"p": 2, "discard": "r1"})
        self.assertEqual(t.board.note, db.N_NO_DISCARD)
        self.assertEqual(slot("r.heaven.3"), 5)
