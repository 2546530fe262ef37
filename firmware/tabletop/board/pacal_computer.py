"""The Pacal board's computer seat: in a duel the board plays one player
itself, in a solo game it advises.

    seat = PacalSeat(1, "medium", 8000)   # a tabletop.board.computer.Computer
    seat.read_hand(board, back) # HAND mode: the seat's cards, read in on its slot
    seat.offer(board, slots)    # P_OFFER, the seat's turn: slot errors, or ACCEPTED
    seat.lift(board, slots)     # P_TAKE, the seat takes (its steps: tabletop.board.pacal_steps)
    seat.may_build(game, p, f)  # may p's card go on field f (0..9) now?
    seat.chosen_field(game)     # the field to light for its card (a mask)
    seat.built(game, event)     # a build was accepted
    seat.last_card(board)       # P_LAST: its last card known, or kept (True: an event)

The board never knows a hidden hand, so at each deal (after the base
cards) the player lays the seat's 15 cards on its slot one at a time, and
after a power cut the cards it still holds. Its turn is then lit in the
profile's "computer" colour, and the player makes it for it, as on the
Pyraos board: the two cards to offer (named on the display; a card laid
that is not one of them shows red), the slot of the card it takes, the
field it builds on. Its last card is known from its hand: built on the lit
field, or kept without a move. Only that move is accepted.

In a solo game the seat is the advisor: the field it would choose for the
card read is lit in the computer colour, the card's other legal fields in
the player's, and any legal build is accepted.
"""

from tabletop.board import pacal_steps as steps
from tabletop.board.hand_seat import READ_ADDED, READ_DONE, READ_WRONG, HandSeat
from tabletop.board.pacal_slots import ACCEPTED
from tabletop.rules import pacal
from tabletop.sensing import cards


class PacalSeat(HandSeat):
    slice = 1  # a sampled duel turn: about 15 ms on a Pico (make bench-pico-computer)
    PREPARE = (
        "tabletop.players.pacal_view",
        "tabletop.players.pacal_round",
        "tabletop.players.pacal_build",
        "tabletop.players.pacal_sample",
        "tabletop.players.chosen",
        "tabletop.players.pacal_duel",
        "tabletop.players.pacal_player",
    )
    # its steps at the board, a far seat's too (tabletop.board.pacal_steps)
    plays = steps.plays
    lift = steps.lift
    may_build = steps.may_build
    built = steps.built
    chosen_field = steps.chosen_field
    keeps = steps.keeps

    def begin(self, game, rng):
        from tabletop.players import pacal_player

        player = 0 if game.variant == pacal.SOLO else self.seat
        return pacal_player.start_seat(
            game, player, self.hand, self.level, self.think_ms, rng, self._clock
        )

    def held(self, game):
        """How many of the cards read in it still holds."""
        n = 0
        loc = game.loc
        for c in self.hand:
            if loc[c] == pacal.L_UNDEALT:
                n += 1
        return n

    def missing(self, game):
        """How many cards it holds that are not read in yet (a duel)."""
        if game.variant == pacal.SOLO:
            return 0
        return game.held(self.seat) - self.held(game)

    def may_hold(self, game, card):
        return game.loc[card] == pacal.L_UNDEALT and card not in self.hand

    # -- its steps at the board (tabletop.board.pacal_board calls them) ----------

    def read_hand(self, board, back):
        """HAND: each unseen card laid on the seat's slot joins its hand; the
        slot is lifted before the next. Play goes on once the hand is whole
        and the slot clear. ``back`` (BACK pressed): the card read last
        leaves the hand again (one read by mistake)."""
        if back and self.drop():
            board.version += 1
        s = self.seat
        slots = board.readers.value
        v = slots[s]
        serr = (slots[1 - s] != 0) << (1 - s)  # the other slot stays empty
        if v == cards.UNSETTLED:
            return
        got = self.read(board.game, v)
        if got == READ_DONE:
            board.play_on()
            return
        if got == READ_ADDED:
            board.version += 1  # the count on the display
        elif got == READ_WRONG:
            serr |= 1 << s  # misread, seen, or read already
        board.show_slots(serr, 0)

    def offer(self, board, slots):
        """P_OFFER, the seat's turn: the two cards it chose, on the slots in
        either order. Returns the slots to show red, or ACCEPTED."""
        move = self.next_move(board.game)
        serr = 0
        for i in (0, 1):
            v = slots[i]
            if v == cards.MISREAD or v > 0 and (move is None or v != move[2] and v != move[3]):
                serr |= 1 << i
        if move is None or serr:
            return serr
        a, b = slots[0], slots[1]
        if a > 0 and b > 0 and a != b:
            self.made()
            board.accept((pacal.OFFER, self.seat, a, b))
            return ACCEPTED
        board.lit_next = (a == 0) | (b == 0) << 1  # where a card is still to come
        return 0

    def last_card(self, board):
        """P_LAST of a duel: the seat's last card is the one it still holds,
        read in already; a last card it keeps needs no move at the board.
        True when an event was accepted."""
        g = board.game
        c = self.seat
        if g.variant == pacal.SOLO or g.phase != pacal.P_LAST:
            return False
        if g.awaiting[c]:
            for card in self.hand:
                if g.loc[card] == pacal.L_UNDEALT:
                    board.accept((pacal.REVEAL, c, card, 0), journaled=False)
                    return True
            return False
        return self.keeps(board)
