"""A Diabolo board with seats played far away (tabletop.board.diabolo_remote),
at the sensor level and without a host: the room's deal taken whole (the
board's own dealing waits), the hand of the player to move named on the
display and checked, each far move lit in the remote colour and only it
accepted, BACK refused, and the scoring walk with far doubles and passes
(the board's own passes told as news for the host). The game the test
checks against is the rules' with every hand known. Runs under CPython and
MicroPython."""

import unittest

from board_support import in_colour
from diabolo_board_support import PROFILE, Table, card, double
from diabolo_seat_support import slot_name
from tabletop.board import diabolo_board as db
from tabletop.board.remote_seat import asked, cut_to, far_move, play_far
from tabletop.buttons import presses
from tabletop.players import diabolo_player
from tabletop.records.diabolo_notation import card_name
from tabletop.rules import diabolo
from tabletop.rules.rng import Rng
from tabletop.show import render_diabolo, status_diabolo


class FarTable(Table):
    """The board (seat 0 played here), seats 1 and 2 far away, and the
    truth: the room's game, every hand known."""

    def __init__(self, seed=3):
        Table.__init__(self, players=3)
        self.press(presses.SHORT_MENU)
        self.said = []  # what the board tells the host at once (its take-back asks: none here)
        play_far(self.board, (1, 2), self.said.append)
        self.seat = self.board.computer
        self.truth = diabolo.Diabolo(3)
        self.rng = Rng(seed)

    def text(self):
        return status_diabolo.lines(self.board)

    def remote_lit(self):
        """The slot lights in the remote colour."""
        render_diabolo.render(self.board, self.px, self.t)
        want = PROFILE.colours["remote"]
        return [s for s in range(30) if in_colour(self.px, PROFILE.led_map[s], want)]

    def deal(self, dealer):
        ev = diabolo.deal(self.rng, dealer)
        self.assertNone(self.seat.deal(self.board, ev))
        self.truth.apply(ev)
        self.tick()
        return ev

    def assertNone(self, why):
        if why is not None:
            raise AssertionError(why)

    def move(self):
        """What the seat to move plays (the rule of thumb, to heaven where
        it can: rows that score plus, doubles)."""
        s = self.truth
        moves = list(s.legal_moves())
        up = [m for m in moves if m[0] == diabolo.PLAY and m[3] == diabolo.HEAVEN]
        return diabolo_player.rule_of_thumb(s, up or moves)

    def make(self, ev):
        kind, _, c, side = ev
        if kind == diabolo.PLAY:
            colour = diabolo.colour_of(c)
            self.read(c)
            self.read(0)
            self.put(slot_name(colour, side, self.truth.next_slot(colour, side)))
        else:
            self.read(c)
            self.press(presses.LONG_BACK)
            self.read(0)
        self.truth.apply(ev)

    def turn(self):
        """One turn: the board's own seat's, or a far one's given, lit and made."""
        ev = self.move()
        if ev[1] != 0:
            self.assertNone(far_move(self.board, ev))
            self.tick()
        self.make(ev)
        return ev


class FarDealTest(unittest.TestCase):
    def test_the_board_waits_for_the_rooms_deal_and_plays_it(self):
        t = FarTable()
        t.read(double(1))  # the dealer's double card deals nothing now
        t.read(0)
        self.assertEqual(t.board.mode, db.DEAL)
        self.assertIn("Waiting for deal", t.text())
        self.assertIn("Far away: P2 P3", t.text())
        ev = t.deal(dealer=2)  # P1 (this board) plays first
        self.assertEqual(t.board.mode, db.PLAY)
        self.assertEqual(t.journal.events, [ev])  # the whole pile, as the room has it
        hand = [card_name(c) for c in t.truth.hand(0)]
        shown = " ".join(t.text())
        self.assertTrue(all(name in shown for name in hand), (hand, t.text()))
        other = t.truth.hand(1)[0]
        if other not in t.truth.hand(0):
            t.read(other)  # a card not in this player's hand: nowhere lit
            self.assertIn("Not in the hand", t.text())
            self.assertEqual(t.board.targets, 0)
            t.read(0)
        t.turn()  # this board's own move
        self.assertEqual(t.board.game.turn, 1)
        self.assertIn("P2: far away", t.text())
        # a far move not due (P3's) is refused; P2's is lit in the remote colour
        wrong = (diabolo.PLAY, 2, t.truth.hand(2)[0], diabolo.HEAVEN)
        self.assertEqual(far_move(t.board, wrong), "not the far seat's turn")
        ev = t.move()
        t.assertNone(far_move(t.board, ev))
        t.tick()
        if ev[0] == diabolo.PLAY:
            self.assertEqual(len(t.remote_lit()), 1)
            self.assertIn("Play %s" % card_name(ev[2]), t.text())
        t.read(card("r1") if ev[2] != card("r1") else card("r2"))
        self.assertEqual(t.board.note, db.N_NOT_ITS)
        t.read(0)
        t.make(ev)
        self.assertEqual(t.board.game.turn, 2)
        t.press(presses.SHORT_BACK)  # nothing of the room's is taken back, nor asked
        self.assertEqual(len(t.journal.events), 3)
        self.assertIn("BACK: no undo of", t.text())
        self.assertEqual(t.said, [])
        # nor does the host's take-back talk reach it (a Pyraos board's)
        nothing = "this board's far seats take nothing back"
        self.assertEqual(asked(t.board, {"cmd": "asked", "back": 1, "by": 1}), nothing)
        self.assertEqual(cut_to(t.board, 1), nothing)
        self.assertEqual(len(t.journal.events), 3)

    def test_a_whole_round_with_far_doubles_and_passes(self):
        t = FarTable(seed=5)
        t.deal(dealer=0)
        while t.truth.phase == diabolo.P_PLAY:
            t.turn()
        self.assertEqual(t.board.mode, db.SCORE)
        g = t.truth
        doubles = 0
        while t.board.mode == db.SCORE:
            walk = t.board.walk
            c = walk.colour
            self.assertEqual(walk.stage, 1, t.text())  # never SHOW: every hand is known
            far = [p for p in (1, 2) if g.double_mask(p) >> c & 1 and not t.seat.passed(p, c)]
            if far and not doubles:  # a far double, declared far away
                ev = (diabolo.DOUBLE, far[0], c, 0)
                t.assertNone(far_move(t.board, ev))
                g.apply(ev)
                doubles += 1
                t.tick()
                continue
            for p in far:
                t.seat.pass_given(p, c)
                t.board.version += 1
            t.tick()
            if t.board.mode == db.SCORE and t.board.walk.colour == c:
                for p in far:  # their word came: their turn LEDs no longer ask for it
                    self.assertNotEqual(t.light("turn%d" % p), "player1")
                if g.double_mask(0) >> c & 1:
                    self.assertEqual(t.light("turn0"), "player1")
                    t.read(double(1))  # a far seat's double card: theirs to declare
                    self.assertEqual(t.board.note, db.N_USED)
                    t.read(0)
                t.press(presses.SHORT_BACK)  # this board's seat declares none
                if g.double_mask(0) >> c & 1:
                    self.assertEqual(t.seat.news[-1], {"event": "pass", "p": 0, "row": c})
        self.assertEqual(t.board.mode, db.DEAL)
        self.assertEqual(t.board.game.totals(), g.totals())
        self.assertEqual(len([e for e in t.journal.events if e[0] == diabolo.DOUBLE]), doubles)
        self.assertEqual(doubles, 1)
        t.deal(dealer=1)  # the next round: the room's deal again, once the slots are clear
        self.assertEqual(t.board.mode, db.UNDO)
        for s in range(30):
            t._bit(PROFILE.presence_bits[s], False)
        t.tick()
        self.assertEqual(t.board.mode, db.PLAY)

    def test_a_power_cut_replays_the_rooms_deals(self):
        t = FarTable(seed=6)
        t.deal(dealer=1)
        for _ in range(4):
            t.turn()
        words = t.journal.words
        lines = t.journal.lines()
        back = [words.from_json(__import__("json").loads(x), "standard", True) for x in lines[1:]]
        board = db.DiaboloBoard(PROFILE, "standard", t.journal)
        self.assertEqual(board.resume(back), len(back))
        self.assertTrue(board.game.known())
        self.assertEqual(board.game.hand(0), t.truth.hand(0))


if __name__ == "__main__":
    unittest.main()
