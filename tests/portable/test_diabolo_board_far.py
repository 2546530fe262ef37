"""A Diabolo board with seats played far away (tabletop.board.diabolo_remote),
at the sensor level and without a host: the room's deal taken whole (the
board's own dealing waits), the hand of the player to move named on the
display and checked, each far move lit in the remote colour and only it
accepted, take-backs asked of the room and by it (this round's moves
only), and the scoring walk with far doubles and passes
(the board's own passes told as news for the host). The game the test
checks against is the rules' with every hand known. Runs under CPython and
MicroPython."""

import unittest

from board_support import in_colour
from diabolo_board_support import PROFILE, SETTLE_MS, Table, card, double
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

    def __init__(self, seed=3, players=3):
        Table.__init__(self, players=players)
        self.press(presses.SHORT_MENU)
        self.said = []  # what the board tells the host at once (its take-back asks, answers)
        play_far(self.board, tuple(range(1, players)), self.said.append)
        self.seat = self.board.computer
        self.truth = diabolo.Diabolo(players)
        self.rng = Rng(seed)

    def text(self):
        return status_diabolo.lines(self.board)

    def press(self, event, ms=SETTLE_MS):
        # (as the runtime: a press while a take-back is shown is the far seat's first)
        seat = self.board.computer
        if seat is not None and seat.talk is not None:
            event = seat.pressed(event)
        Table.press(self, event, ms)

    def undo_to(self, to):
        """The room agreed (the host's ``undo`` with "to"): BACK as the
        host presses it, the cards taken back lifted, the truth replayed."""
        self.assertNone(cut_to(self.board, to))
        assert self.seat.cut == to, self.seat.cut
        self.press(presses.SHORT_BACK)
        assert len(self.journal.events) == to, self.journal.events
        assert self.board.mode == db.UNDO, self.board.mode
        for s in range(30):
            if self.board.errors >> s & 1:
                self._bit(PROFILE.presence_bits[s], False)
        self.tick()
        assert self.board.mode == db.PLAY, self.text()
        self.truth = diabolo.Diabolo(3)
        for ev in self.journal.events:
            self.truth.apply(ev)

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
    def test_every_count_of_far_seats_is_named_within_the_display(self):
        # (four far seats once made a line of 21 characters: the virtual
        # display refused it, and the board's game started again without them)
        for players in (3, 4, 5):
            t = FarTable(players=players)
            screens = [t.text()]
            t.press(presses.LONG_MENU)  # (the room's count: not changed here)
            self.assertEqual(t.board.game.players, players)
            t.read(double(1))
            t.read(0)
            screens.append(t.text())
            t.deal(dealer=players - 1)
            screens.append(t.text())
            for lines in screens:
                self.assertLessEqual(len(lines), 8, lines)
                self.assertTrue(all(len(line) <= 16 for line in lines), lines)
            far = " ".join(screens[1])
            self.assertTrue(all("P%d" % (p + 1) in far for p in range(1, players)), screens[1])

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
        self.assertEqual(len(t.journal.events), 3)

    def test_back_asks_the_room_for_the_last_turn_and_the_far_replies(self):
        t = FarTable(seed=4)
        t.deal(dealer=2)  # P1 (this board) plays first
        t.press(presses.SHORT_BACK)  # nothing of this board's seat to take back: no ask
        self.assertEqual(t.said, [])
        self.assertIn("Nothing to undo", t.text())
        t.turn()
        t.turn()  # P1's move, P2's far reply: P3's far turn
        self.assertEqual(len(t.journal.events), 3)
        t.press(presses.SHORT_BACK)  # the room asked: back to line 1 (the deal kept)
        self.assertEqual(t.said, [{"event": "back", "to": 1}])
        self.assertIn("Take-back asked,", t.text())
        self.assertEqual(len(t.journal.events), 3)  # (nothing taken back yet)
        t.assertNone(asked(t.board, {"cmd": "asked", "refused": True}))
        self.assertIn("said no", t.text())
        t.turn()  # P3's far move: the refusal said until the next move
        self.assertNotIn("said no", " ".join(t.text()))
        t.press(presses.SHORT_BACK)  # P1's turn again, and P2's and P3's replies since
        self.assertEqual(t.said[-1], {"event": "back", "to": 1})
        t.press(presses.SHORT_BACK)  # BACK again: the same ask again
        self.assertEqual(t.said[-1], {"event": "back", "to": 1})
        ev = t.move()  # a card laid while the ask is open is not taken (red)
        if ev[0] == diabolo.PLAY:
            colour = diabolo.colour_of(ev[2])
            name = slot_name(colour, ev[3], t.truth.next_slot(colour, ev[3]))
            t.read(ev[2])
            t.read(0)
            t.put(name)
            self.assertEqual(len(t.journal.events), 4)
            self.assertEqual(t.light(name), "error")
            self.assertIn("Take-back asked,", t.text())
            t.lift(name)
        else:
            t.read(ev[2])
            t.press(presses.LONG_BACK)
            t.read(0)
            self.assertEqual(len(t.journal.events), 4)
        # agreed past this round, or not a line: refused, nothing changes
        self.assertEqual(cut_to(t.board, 0), '"to" is a line of this round: 1..4')
        self.assertEqual(cut_to(t.board, "1"), '"to" is a line of this round: 1..4')
        t.undo_to(1)  # agreed: the cards laid since are lifted (red), and P1 plays again
        self.assertEqual(t.board.game.turn, 0)
        self.assertIsNone(t.seat.talk)
        t.turn()
        t.turn()
        self.assertEqual(t.board.game.turn, 2)

    def test_a_far_ask_is_shown_and_answered_with_menu_or_back(self):
        t = FarTable(seed=4)
        t.deal(dealer=2)
        for _ in range(3):
            t.turn()  # P1, and the far P2 and P3: P1 to move
        self.assertEqual(len(t.journal.events), 4)
        t.assertNone(asked(t.board, {"cmd": "asked", "back": 2, "by": 1, "moves": 2}))
        shown = " ".join(t.text())
        self.assertIn("Far player asks", shown)
        self.assertIn("2 moves?", shown)
        t.press(presses.SHORT_BACK)  # no: said, nothing changes
        self.assertEqual(t.said, [{"event": "answer", "yes": False}])
        self.assertIsNone(t.seat.talk)
        self.assertEqual(len(t.journal.events), 4)
        t.assertNone(asked(t.board, {"cmd": "asked", "back": 2, "by": 2, "moves": 2}))
        t.press(presses.SHORT_MENU)  # yes: no new game
        self.assertEqual(t.said[-1], {"event": "answer", "yes": True})
        self.assertEqual(len(t.journal.events), 4)
        self.assertEqual(t.board.mode, db.PLAY)
        t.undo_to(2)  # the room agreed
        self.assertEqual(t.board.game.turn, 1)
        # an ask past this round's deal, or malformed: refused with the reason
        past = asked(t.board, {"cmd": "asked", "back": 0, "by": 1, "moves": 2})
        self.assertEqual(past, "this board takes back only this round's moves (from line 1)")
        bad = asked(t.board, {"cmd": "asked", "back": "x", "by": 1})
        self.assertEqual(bad, '"back" is a line of the record (0 or more)')
        bad = asked(t.board, {"cmd": "asked", "back": 1, "by": 1, "moves": 0})
        self.assertEqual(bad, '"moves" is a whole number, 1 or more')
        self.assertIsNone(t.seat.talk)

    def test_a_whole_round_with_far_doubles_and_passes(self):
        t = FarTable(seed=5)
        t.deal(dealer=0)
        while t.truth.phase == diabolo.P_PLAY:
            t.turn()
        self.assertEqual(t.board.mode, db.SCORE)
        # nothing is taken back while the round is scored: nor asked far away
        n = len(t.journal.events)
        why = asked(t.board, {"cmd": "asked", "back": n - 1, "by": 1, "moves": 1})
        self.assertEqual(why, "this board takes back only this round's moves (from line %d)" % n)
        self.assertEqual(cut_to(t.board, n - 1), '"to" is a line of this round: %d..%d' % (n, n))
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
