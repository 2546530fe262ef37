"""A Pacal duel board with a seat played far away (tabletop.board.pacal_remote),
at the sensor level and without a host: the room's deal taken whole (the
board reads no base cards), the far hand read in on the far seat's slot
as the display names it (a card not in it red), each far move lit in the
remote colour and only it accepted (an offer on the slots the room's line
names), the board's own offers checked against its player's hand, BACK
refused, a whole round to its end and the next round's deal waited for.
The game the test checks against is the rules' with every hand known.
Runs under CPython and MicroPython."""

import unittest
from array import array

from board_support import in_colour, profile, quiet_ticks, set_bit
from tabletop.board import pacal_board as pb
from tabletop.board.remote_seat import asked, cut_to, far_move, play_far
from tabletop.board.seat import back_count
from tabletop.buttons import presses
from tabletop.keep.journal import Journal
from tabletop.profile.schema import led_names
from tabletop.rules import pacal
from tabletop.rules.rng import Rng
from tabletop.sensing.cards import encode
from tabletop.show import render_pacal, status_pacal
from tabletop.show.pixels import Pixels

PROFILE = profile("pacal")
NAMES = led_names(PROFILE)
SETTLE_MS = 300  # well past the fields' settling and the readers' debounce
FAR = 1  # the far seat; seat 0 is played at the board


class FarTable:
    """The board (P1 played here, P2 far away), its sensors, and the truth:
    the room's game, every hand known."""

    def __init__(self, seed=3):
        self.journal = Journal("pacal", "duel")
        self.board = pb.PacalBoard(PROFILE, "duel", self.journal)
        self.digital = bytearray(PROFILE.registers)
        self.analog = array("H", [0] * PROFILE.analog_channels)
        self.stacks = [0] * (2 * pacal.FIELDS)
        for i in range(2 * pacal.FIELDS):
            self.field(i, 0)
        self.px = Pixels(PROFILE.led_count, "RGB", 1.0)
        self.t = 0
        self.said = []
        self.rng = Rng(seed)
        self.truth = pacal.Pacal("duel")
        self.made = []  # every event made at the board, deals too: the journal's
        self.tick(SETTLE_MS)
        self.press(presses.SHORT_MENU)
        play_far(self.board, (FAR,), self.said.append)
        self.seat = self.board.computer

    # -- the sensors ------------------------------------------------------------------

    def slot(self, s, card):
        """Card ``card`` on slot s (0: lifted off)."""
        code = encode(card) if card else 0
        for j, k in enumerate(PROFILE.slot_bits[s]):
            set_bit(self.digital, k, code >> j & 1)
        self.tick(SETTLE_MS)

    def field(self, i, n):
        self.stacks[i] = n
        self.analog[PROFILE.field_channels[i]] = PROFILE.field_levels[i][n]

    def build(self, p, f):
        self.field(p * pacal.FIELDS + f - 1, self.stacks[p * pacal.FIELDS + f - 1] + 1)
        self.tick(SETTLE_MS)

    def tick(self, ms=PROFILE.tick_ms, event=presses.NONE):
        step = PROFILE.tick_ms
        for _ in range(max(1, ms // step)):
            self.t += step
            self.board.step(self.digital, self.analog, event, self.t)
            event = presses.NONE

    def press(self, event):
        self.tick(event=event)
        self.tick(SETTLE_MS)

    # -- what the board shows -----------------------------------------------------------

    def text(self):
        return status_pacal.lines(self.board)

    def remote_lit(self):
        """The names of the LEDs in the remote colour."""
        render_pacal.render(self.board, self.px, self.t)
        want = PROFILE.colours["remote"]
        return [n for i, n in enumerate(NAMES) if in_colour(self.px, PROFILE.led_map[i], want)]

    def assertNone(self, why):
        if why is not None:
            raise AssertionError(why)

    # -- the game -----------------------------------------------------------------------

    def deal(self):
        ev = pacal.deal_duel(self.rng)
        self.assertNone(self.seat.deal(self.board, ev))
        self.truth.apply(ev)
        self.made.append(ev)
        self.tick(SETTLE_MS)
        return ev

    def read_in(self):
        """The far hand on the far seat's slot, each card as the display names it."""
        while self.board.mode == pb.HAND:
            card = self.seat.next_card(self.truth)
            self.slot(FAR, card)
            self.slot(FAR, 0)

    def move(self):
        """The next move of the room's game (a seeded choice, the lower seat first)."""
        moves = sorted(self.truth.legal_moves())
        first = min(m[1] for m in moves)
        moves = [m for m in moves if m[1] == first]
        return moves[self.rng.below(len(moves))]

    def make(self, ev):
        """``ev`` made at the board, as a player there makes it."""
        kind, p, a, b = ev
        if kind == pacal.OFFER:
            self.slot(0, a)
            self.slot(1, b)
        elif kind == pacal.TAKE:
            mine = 0 if self.truth.offer[0] == a else 1
            self.slot(mine, 0)
            self.slot(1 - mine, 0)
        elif kind == pacal.PLACE:
            self.build(p, b)
        elif kind == pacal.KEEP and p != FAR:
            self.slot(p, a)
            self.press(presses.SHORT_BACK)
            self.slot(p, 0)
        self.truth.apply(ev)
        self.made.append(ev)

    def turn(self):
        """One event: the board's own player's, or the far one's given, lit and made."""
        ev = self.move()
        if ev[1] == FAR:
            self.assertNone(far_move(self.board, ev))
            self.tick()
        self.make(ev)
        return ev

    def clear(self):
        for i in range(2 * pacal.FIELDS):
            self.field(i, 0)
        self.tick(SETTLE_MS)


class FarDealTest(unittest.TestCase):
    def test_the_board_takes_the_rooms_deal_and_reads_the_far_hand_in(self):
        t = FarTable()
        t.tick()
        self.assertEqual(t.board.mode, pb.FAR_DEAL)  # (named far while it waited for bases)
        self.assertIn("Waiting for deal", t.text())
        self.assertIn("Far away: P2", t.text())
        self.assertIn("Far away: P2", status_of_select(t))
        t.slot(0, 30)  # base cards are not read: the room deals
        t.slot(1, 12)
        self.assertEqual(t.journal.events, [])
        t.slot(0, 0)
        t.slot(1, 0)
        ev = t.deal()
        self.assertEqual(t.journal.events, [ev])  # the room's deal whole
        self.assertEqual(t.board.mode, pb.HAND)
        far_hand = t.truth.hand(FAR)
        self.assertIn("hand: 0 of 15", t.text())
        self.assertIn("%d on slot 2" % far_hand[0], t.text())
        self.assertIn("slot1", t.remote_lit())  # its slot invites the cards
        mine = t.truth.hand(0)[0]
        t.slot(FAR, mine)  # not the far hand's: red, named
        self.assertEqual(t.board.slot_errors, 1 << FAR)
        self.assertIn("P1 holds %d" % mine, t.text())
        t.slot(FAR, 0)
        t.read_in()
        self.assertEqual(sorted(t.seat.hand), far_hand)
        self.assertEqual(t.board.mode, pb.PLAY)

    def test_far_moves_are_lit_and_only_they_accepted(self):
        t = FarTable(seed=5)
        t.tick(SETTLE_MS)
        t.deal()
        t.read_in()
        g = t.truth
        if g.turn == 0:  # the board's own offer, from its own hand only
            shown = " ".join(t.text())
            for c in g.hand(0):
                self.assertIn(str(c), shown)
            t.slot(0, g.hand(FAR)[0])
            self.assertEqual(t.board.slot_errors, 1)
            self.assertIn("P2 holds %d" % g.hand(FAR)[0], t.text())
            t.slot(0, 0)
            t.make((pacal.OFFER, 0, g.hand(0)[0], g.hand(0)[1]))
            self.assertEqual(t.board.game.phase, pacal.P_TAKE)
            self.assertIn("P2: far away", t.text())
            self.assertIn("Waiting for", t.text())
            take = (pacal.TAKE, FAR, g.offer[1], 0)
        else:
            self.assertIn("P2: far away", t.text())
            hand = g.hand(FAR)
            offer = (pacal.OFFER, FAR, hand[3], hand[1])
            wrong = (pacal.OFFER, FAR, hand[0], t.truth.hand(0)[0])
            why = far_move(t.board, wrong)  # (the rules count players from 0)
            self.assertEqual(why, "card %d is not in player 1's hand" % wrong[3])
            why = far_move(t.board, (pacal.TAKE, FAR, hand[0], 0))
            self.assertEqual(why, "no offer is waiting to be taken")
            mine = t.truth.hand(0)
            why = far_move(t.board, (pacal.OFFER, 0, mine[0], mine[1]))
            self.assertEqual(why, "not the far seat's turn")
            t.assertNone(far_move(t.board, offer))
            t.tick()
            self.assertIn("%d on slot 1" % hand[3], t.text())
            self.assertIn("%d on slot 2" % hand[1], t.text())
            self.assertEqual(sorted(t.remote_lit()), ["slot0", "slot1"])
            t.slot(0, hand[1])  # the room's second card on the first slot: red
            self.assertEqual(t.board.slot_errors, 1)
            t.slot(0, 0)
            t.make(offer)
            self.assertEqual(t.board.game.offer, (hand[3], hand[1]))
            take = None
        if take is not None:  # the far take: its slot lit, lifted
            t.assertNone(far_move(t.board, take))
            t.tick()
            self.assertEqual(t.remote_lit(), ["slot1"])
            self.assertIn("Takes %d:" % take[2], t.text())
            t.make(take)
        else:
            t.make(t.move())  # the board's own take
        self.assertEqual(t.board.game.phase, pacal.P_BUILD)
        far_card = g.pending[FAR]
        build = next(m for m in sorted(g.legal_moves()) if m[1] == FAR)
        wrong_field = next(f for f in range(1, 11) if f != build[3])
        t.build(FAR, wrong_field)  # not lit yet, nor there: red
        self.assertTrue(t.board.field_errors >> (FAR * 10 + wrong_field - 1) & 1)
        t.field(FAR * 10 + wrong_field - 1, 0)
        t.tick(SETTLE_MS)
        t.assertNone(far_move(t.board, build))
        t.tick()
        self.assertEqual(t.remote_lit(), ["field1.%d" % build[3]])
        self.assertIn("Build %d" % far_card, t.text())
        t.make(build)
        self.assertEqual(t.journal.events, t.made)

    def test_a_take_back_is_asked_of_the_room_and_made_once_agreed(self):
        t = FarTable(seed=5)
        t.tick(SETTLE_MS)
        t.deal()
        t.read_in()
        for _ in range(3):  # an offer, a take, a build
            t.turn()
        total = len(t.journal.events)
        events = t.journal.events[1:]
        n = back_count(events, FAR, lambda i: t.board.played.state_before(i))
        t.press(presses.SHORT_BACK)  # nothing taken back yet: the room is asked
        self.assertEqual(len(t.journal.events), total)
        self.assertEqual(t.said, [{"event": "back", "to": total - n}])
        self.assertIn("Take-back asked,", t.text())
        # the room agreed: the host's undo with "to", then BACK takes it back
        self.assertIsNone(cut_to(t.board, total - n))
        t.press(presses.SHORT_BACK)
        self.assertEqual(len(t.journal.events), total - n)
        self.assertEqual(t.board.mode, pb.UNDO)  # (the cards back as lit)
        self.assertTrue(t.board.field_errors or t.board.slot_hints or t.board.slot_errors)
        played = t.board.played
        for i in range(2 * pacal.FIELDS):  # the cards as the board lights them
            t.field(i, played.expected[i])
        for s in (0, 1):
            t.slot(s, max(0, played.slot_expect[s]))
        self.assertEqual(t.board.mode, pb.PLAY)
        # a far player's ask: shown, MENU answers yes
        self.assertIsNone(asked(t.board, {"cmd": "asked", "back": 1, "by": FAR, "moves": 2}))
        t.tick()
        self.assertIn("Far player asks", t.text())
        self.assertIn("2 moves?", t.text())
        t.board.computer.pressed(presses.SHORT_MENU)  # (the runtime asks it before the board)
        self.assertEqual(t.said[-1], {"event": "answer", "yes": True})
        self.assertNotIn("Far player asks", t.text())

    def test_a_whole_round_then_the_next_deal_waited_for(self):
        t = FarTable(seed=8)
        t.deal()
        t.read_in()
        while t.truth.phase != pacal.P_DEAL and not t.truth.is_over():
            t.turn()
            self.assertEqual(t.journal.events, t.made, t.text())
        self.assertEqual(t.board.game.rounds(), t.truth.rounds())
        self.assertEqual(t.board.mode, pb.PLAY)
        self.assertEqual(
            t.seat.deal(t.board, pacal.deal_duel(Rng(1))),
            "not now: the board is not waiting for a deal",
        )
        t.slot(0, 0)
        t.slot(1, 0)
        t.clear()
        self.assertEqual(t.board.mode, pb.FAR_DEAL)
        self.assertIn("Waiting for deal", t.text())
        t.deal()
        self.assertEqual(t.board.mode, pb.HAND)
        self.assertEqual(t.journal.events, t.made)

    def test_quiet_ticks_allocate_nothing_while_the_far_move_is_awaited(self):
        t = FarTable(seed=5)
        t.tick(SETTLE_MS)
        t.deal()
        t.read_in()
        if t.truth.turn == 0:  # the board's own offer first: then the far take is awaited
            t.make(t.move())
        self.assertIn("Waiting for", t.text())
        t.tick(SETTLE_MS)
        self.assertTrue(quiet_ticks(t))
        self.assertIn("Waiting for", t.text())

    def test_a_power_cut_replays_the_rooms_deal(self):
        t = FarTable(seed=6)
        t.deal()
        t.read_in()
        for _ in range(5):
            t.turn()
        words = t.journal.words
        lines = t.journal.lines()
        back = [words.from_json(__import__("json").loads(x), "duel", True) for x in lines[1:]]
        board = pb.PacalBoard(PROFILE, "duel", t.journal)
        self.assertEqual(board.resume(back), len(back))
        self.assertTrue(board.game.known)
        self.assertEqual(board.game.hand(FAR), t.truth.hand(FAR))
        said = []
        play_far(board, (FAR,), said.append)
        self.assertEqual(board.computer.missing(board.game), 0)  # (not read in again)

    def test_a_power_cut_before_the_first_move_reads_the_far_hand_in_again(self):
        t = FarTable(seed=7)
        t.deal()
        t.slot(FAR, t.seat.next_card(t.truth))  # one card read in, then the power goes
        back = list(t.journal.events)
        board = pb.PacalBoard(PROFILE, "duel", t.journal)
        self.assertEqual(board.resume(back), 1)
        t.board = board
        t.slot(FAR, 0)
        t.tick(SETTLE_MS)
        self.assertEqual(board.mode, pb.PLAY)  # (the board clear: as its game has it)
        play_far(board, (FAR,), t.said.append)  # the host names the far seat again
        t.seat = board.computer
        t.tick(SETTLE_MS)
        self.assertEqual(board.mode, pb.HAND)
        self.assertIn("hand: 0 of 15", t.text())
        t.read_in()
        self.assertEqual(sorted(t.seat.hand), t.truth.hand(FAR))
        self.assertEqual(board.mode, pb.PLAY)


def status_of_select(t):
    # the game select's screen with the far seat named (MENU not pressed yet)
    j = Journal("pacal", "duel")
    b = pb.PacalBoard(PROFILE, "duel", j)
    play_far(b, (FAR,), t.said.append)
    return status_pacal.lines(b)


if __name__ == "__main__":
    unittest.main()
