"""The Diabolo board's computer seat, at the sensor level (the real
DiaboloBoard, its reader and slots set as the cards would set them; the
lights and the display read as a player reads them): its hand read in at
the deal and its draw at each of its turns, only its play accepted (its
slot lit in the computer colour, another card or slot a mistake), its
discard, BACK against it, a power cut, the game select. The game the test
checks against is the rules' with every hand known (diabolo_seat_support).
Runs under CPython and MicroPython."""

import sys
import unittest

from diabolo_board_support import card, double, quiet
from diabolo_seat_support import SeatTable, dealt, pile, slot_name
from tabletop.board import diabolo_board as db
from tabletop.buttons import presses
from tabletop.records.diabolo_notation import card_name as text_card
from tabletop.rules import diabolo


def red(*values):
    return [card("r%d" % v) for v in values]


class HandTest(unittest.TestCase):
    def test_its_six_cards_are_read_in_at_the_deal(self):
        t = SeatTable(seat=1, players=3, seed=4)
        t.start(dealer=2)  # P1 plays first; P2 is the computer
        self.assertEqual(t.board.mode, db.HAND)
        self.assertTrue(t.said("P2 computer's") and t.said("hand: 0 of 6"), t.text())
        self.assertEqual(t.light("turn1"), "computer")  # (pulsing)
        hand = t.hand()
        t.read(hand[0])
        self.assertEqual(t.light("turn1"), "win")  # counted
        self.assertTrue(t.said("hand: 1 of 6") and t.said("lift it"), t.text())
        t.read(0)
        t.read(double(0))  # a double card is none of its six: red, not counted
        self.assertEqual(t.light("turn1"), "error")
        self.assertTrue(t.said("Lift double card") and t.said("hand: 1 of 6"), t.text())
        t.read(0)
        t.read(hand[1])
        t.read(0)
        t.read(card("b5"))  # one of the other player's, read by mistake: BACK drops it
        t.read(0)
        self.assertTrue(t.said("hand: 3 of 6"), t.text())
        t.press(presses.SHORT_BACK)
        self.assertTrue(t.said("hand: 2 of 6"), t.text())
        t.read_in(hand[2:])
        self.assertEqual(t.board.mode, db.PLAY)
        self.assertEqual(sorted(t.board.computer.hand), hand)
        self.assertEqual(t.moves(), [])  # reading its hand journals nothing
        self.assertEqual(t.light("turn0"), "player0")  # P1 to play

    def test_a_card_of_which_every_copy_is_seen_is_red(self):
        t = SeatTable(seat=1, players=3, seed=4)
        t.start(dealer=2)
        for _ in range(2):  # the deck has two of each 5
            t.read(card("y5"))
            t.read(0)
        t.read(card("y5"))
        self.assertEqual(t.light("turn1"), "error")
        self.assertTrue(t.said("Red: cannot be") and t.said("hand: 2 of 6"), t.text())

    def test_its_draw_is_read_in_at_its_turn(self):
        t = dealt()
        t.person()
        self.assertEqual(t.board.mode, db.HAND)
        self.assertTrue(t.said("hand: 6 of 7") and t.said("draw on reader"), t.text())
        t.read_in()
        self.assertEqual(t.board.mode, db.PLAY)
        self.assertEqual(sorted(t.board.computer.hand), t.hand())


class PlayTest(unittest.TestCase):
    def setUp(self):
        self.t = dealt()
        self.t.person()
        self.t.read_in()

    def test_its_play_is_lit_and_named_and_only_it_is_accepted(self):
        t = self.t
        move = t.choice()
        kind, p, c, side = move
        self.assertEqual((kind, p), (diabolo.PLAY, 1))
        self.assertTrue(t.truth.fault(move) is None, move)  # from its hand, legal
        colour = diabolo.colour_of(c)
        where = slot_name(colour, side, t.truth.next_slot(colour, side))
        t.tick()
        self.assertEqual(t.lit("computer"), [where])
        self.assertTrue(t.said("P2 computer:") and t.said("Play " + text_card(c)), t.text())
        # another of its cards read: not its play (its turn LED red, the slot stays)
        other = next(x for x in t.hand() if x != c)
        t.read(other)
        self.assertEqual(t.light("turn1"), "error")
        self.assertTrue(t.said("Not its card"), t.text())
        self.assertEqual(t.lit("computer"), [where])
        t.read(0)
        t.put(where)  # ... and laid in its slot anyway: red, not accepted
        self.assertEqual(t.light(where), "error")
        t.lift(where)
        # its card read: the slot turns to the player0 colour (where it may go)
        t.read(c)
        self.assertEqual(t.light(where), "player0")
        self.assertTrue(t.said("Lay it where lit"), t.text())
        t.read(0)
        elsewhere = [
            slot_name(colour, s, t.truth.next_slot(colour, s))
            for s in (diabolo.HELL, diabolo.HEAVEN)
            if t.truth.side_mask(c) >> s & 1 and s != side
        ]
        for name in elsewhere:  # a slot the rules allow but it did not choose: red
            t.put(name)
            self.assertEqual(t.light(name), "error")
            t.lift(name)
        self.assertEqual(len(t.moves()), 1)
        t.put(where)
        t.apply(move)
        self.assertEqual(t.moves(), t.truth_moves())
        self.assertEqual(t.lit("computer"), [])
        self.assertEqual(t.light("turn2"), "player0")  # P3's turn
        self.assertNotIn(c, t.board.computer.hand)

    def test_a_round_against_the_computer(self):
        t = self.t
        while t.truth.phase == diabolo.P_PLAY:
            t.play(1)
            self.assertEqual(t.moves(), t.truth_moves())
        self.assertEqual(t.board.mode, db.SCORE)
        t.walk()
        self.assertEqual(t.board.game.round_scores(), t.truth.round_scores())
        # its cards were counted by the board: nobody showed them
        self.assertEqual(t.board.game.shown()[1], tuple(t.truth.hand(1)))


class DiscardTest(unittest.TestCase):
    def test_it_puts_a_card_out_when_it_cannot_lay(self):
        # Three players, P2 the computer, dealt only red cards (and drawing
        # red): the red row fills (P1, P2, P3, P1, P2), and at its next turn
        # every card it holds is of the locked row.
        hands = {0: red(1, 2), 1: red(1, 1, 2, 3, 3, 4), 2: red(1)}
        draws = [card("b1"), card("r5"), card("b2"), card("g2"), card("r3"),
                 card("b3"), card("g3"), card("r2")]  # fmt: skip
        t = SeatTable(seat=1, players=3, seed=1)
        t.start(dealer=2, deal=pile(3, 2, hands, draws))
        t.read_in()
        self.assertEqual(t.hand(), red(1, 1, 2, 3, 3, 4))
        reds = iter(red(1, 1, 2))
        for turn in range(7):
            if t.truth.turn == 1:
                t.computer()
                continue
            mine = [m for m in t.truth.legal_moves() if m[0] == diabolo.PLAY]
            if turn in (0, 2, 3):  # P1, P3, P1 lay red
                c = next(reds)
                t.person(next(m for m in mine if m[2] == c))
            else:
                t.person(next(m for m in mine if diabolo.colour_of(m[2]) != diabolo.RED))
        self.assertTrue(t.truth.locked(diabolo.RED))
        self.assertEqual(t.truth.turn, 1)
        t.read_in()  # its draw: red too
        move = t.choice()
        self.assertEqual(move[0], diabolo.DISCARD)
        self.assertTrue(t.said("Discard " + text_card(move[2]) + ":"), t.text())
        self.assertTrue(t.said("read, hold BACK"), t.text())
        self.assertEqual(t.lit("computer"), [])
        other = next(x for x in t.hand() if x != move[2])
        t.read(other)  # another card, BACK held: refused
        t.press(presses.LONG_BACK)
        t.read(0)
        self.assertEqual(t.moves(), t.truth_moves())
        t.make(move)
        self.assertEqual(t.moves(), t.truth_moves())
        self.assertEqual(t.moves()[-1], {"p": 1, "discard": text_card(move[2])})


class BackTest(unittest.TestCase):
    def test_back_takes_its_play_and_the_persons_back_and_its_draw_goes_on_the_pile(self):
        t = dealt()
        t.play(3)  # P1, P2 (the computer), P3
        t.person()  # P1
        t.read_in()
        drawn = t.truth.pile[t.truth.drawn - 1]
        move = t.computer()
        t.press(presses.SHORT_BACK)
        self.assertEqual(t.board.mode, db.UNDO)
        t.undo(2)
        self.assertEqual(t.moves(), t.truth_moves())  # its play and P1's
        self.assertTrue(t.said("P2: %s back" % text_card(drawn)) and t.said("on the pile"))
        # the board asks for the two cards to come off the rows
        c = diabolo.colour_of(move[2])
        self.assertEqual(t.light(slot_name(c, move[3], t.truth.next_slot(c, move[3]))), "error")
        for name in t.lit("error"):
            t.lift(name)
        self.assertEqual(t.board.mode, db.PLAY)
        self.assertEqual(t.light("turn0"), "player0")  # P1 is to play again
        self.assertEqual(sorted(t.board.computer.hand), t.hand())  # six: the draw is back
        # it waits: P1 plays another card, then it draws again and plays
        moves = [m for m in t.truth.legal_moves() if m != t.person_move()]
        t.person(moves[0] if moves else None)
        self.assertEqual(t.board.mode, db.HAND)
        t.read_in()
        t.computer()
        self.assertEqual(t.moves(), t.truth_moves())

    def test_back_while_its_draw_is_asked_for_takes_the_persons_move(self):
        t = dealt()
        t.person()
        self.assertEqual(t.board.mode, db.HAND)
        t.press(presses.SHORT_BACK)
        t.undo(1)
        self.assertEqual(t.moves(), [])
        for name in t.lit("error"):
            t.lift(name)
        self.assertEqual(t.board.mode, db.PLAY)
        self.assertEqual(sorted(t.board.computer.hand), t.hand())

    def test_back_with_no_move_of_a_persons_does_nothing(self):
        t = dealt(seat=0)  # the computer plays first
        t.computer()
        t.press(presses.SHORT_BACK)
        self.assertEqual(t.moves(), t.truth_moves())
        self.assertEqual(t.board.mode, db.PLAY)
        self.assertTrue(t.said("Nothing to undo"), t.text())
        t.person()
        self.assertFalse(t.said("Nothing to undo"), t.text())
        self.assertEqual(t.moves(), t.truth_moves())


class PowerCutTest(unittest.TestCase):
    def test_after_a_power_cut_the_cards_it_holds_are_read_in_again(self):
        t = dealt(seed=5)
        t.play(4)  # ... up to its turn: it has drawn
        t.read_in()
        t.power_cut()
        self.assertEqual(t.board.mode, db.HAND)
        self.assertTrue(t.said("hand: 0 of 7"), t.text())
        t.read_in()
        t.computer()
        t.play(5)
        self.assertEqual(t.moves(), t.truth_moves())

    def test_a_power_cut_at_scoring_asks_for_its_hand_then_walks(self):
        t = dealt()
        while t.truth.phase == diabolo.P_PLAY:
            t.play(1)
        t.power_cut()
        self.assertEqual(t.board.mode, db.HAND)
        self.assertTrue(t.said("hand: 0 of 6"), t.text())
        t.read_in()
        self.assertEqual(t.board.mode, db.SCORE)
        t.walk()
        self.assertEqual(t.board.game.round_scores(), t.truth.round_scores())


class QuietTicksTest(unittest.TestCase):
    """With a seat, a tick with nothing moving allocates nothing either (under
    MicroPython, ``micropython.heap_lock``): a tick and its after_answer."""

    def test_quiet_ticks_with_a_seat_allocate_nothing(self):
        t = SeatTable(seat=1, players=3, seed=4)
        t.start(dealer=2)
        t.tick()
        self.assertEqual(t.board.mode, db.HAND)
        self.assertTrue(quiet(t), "its hand asked for")
        t.read(t.hand()[0])
        self.assertTrue(quiet(t), "a card of its read, lying on the reader")
        t.read(0)
        t.read_in()
        self.assertTrue(quiet(t), "a person to play")
        t.person()
        t.read_in()
        t.choice()
        t.tick()
        self.assertTrue(quiet(t), "its play lit")
        self.assertEqual(len(t.lit("computer")), 1)


class SelectTest(unittest.TestCase):
    def test_back_at_the_game_select_chooses_its_seat(self):
        t = SeatTable(seat=-1, players=4)
        t.tick()
        said = []
        for _ in range(6):
            said.append(t.text()[-1])
            t.press(presses.SHORT_BACK)
        self.assertEqual(
            said,
            ["Computer: none", "Computer: P4", "Computer: P3", "Computer: P2", "Computer: P1",
             "Computer: none"],
        )  # fmt: skip
        # (the last BACK chose P4 again): its turn LED in the computer colour
        self.assertEqual(t.light("turn3"), "computer")
        self.assertEqual(t.light("turn0"), "win")
        t.press(presses.SHORT_MENU)
        self.assertTrue(t.said("Computer: P4"), t.text())

    def test_a_game_with_fewer_seats_drops_it(self):
        t = SeatTable(seat=4, players=5)
        t.tick()
        t.press(presses.LONG_MENU)  # 5 -> 3 players: there is no P5
        self.assertEqual(t.board.game.players, 3)
        self.assertTrue(t.board.computer is None)
        self.assertTrue(t.said("Computer: none"), t.text())

    def test_a_board_without_a_seat_loads_no_seat_code(self):
        # (the modules other tests loaded go for the while, from the package too)
        package = sys.modules["tabletop.board"]
        saved = {}
        for name in ("diabolo_computer", "computer"):
            module = sys.modules.pop("tabletop.board." + name, None)
            if module is not None:
                saved[name] = module
            if hasattr(package, name):
                delattr(package, name)
        try:
            t = SeatTable(seat=-1, players=3)
            t.start(dealer=2)
            t.read(card("p4"))
            t.read(0)
            t.put("p.hell.1")
            t.press(presses.SHORT_BACK)  # (BACK without a seat: today's, one move)
            self.assertEqual(t.moves(), [])
            self.assertFalse("tabletop.board.diabolo_computer" in sys.modules)
            self.assertFalse("tabletop.board.computer" in sys.modules)
        finally:
            for name, module in saved.items():
                sys.modules["tabletop.board." + name] = module
                setattr(package, name, module)


if __name__ == "__main__":
    unittest.main()
