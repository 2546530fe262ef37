"""The harness of the tests that run over every game with a computer seat
(test_board_computer_back.py): one virtual board of the game running the
real firmware, its profile's ``computer`` seat, the scripted hand making
every move (the person's and, as the board asks, the computer's), and the
game as the rules see it, every hand known (``state``).

    t = seated("diabolo", seat=1, seed=3)    # the game's part, by the registry's name
    t.start()                  # power on, MENU, the deal (the computer's hand read in)
    t.turn()                   # whoever is to move moves: the person or the computer
    t.to_take_back()           # how many moves BACK is to take back now
    t.back()                   # BACK pressed; t.undo(n): the rules follow
    t.put_back(have)           # the pieces put back as the board lights them
    t.journal() == t.moves     # what the board accepted, and what was made

Each game's part (``SEATS``, one per name of tabletop.games.NAMES) says how
a person chooses, what the computer needs read in, and the first mover of
a seeded deal; the rest is the same for every game. A game added to the
registry without a part here fails the tests that iterate the registry.
"""

from __future__ import annotations

from typing import Any

from sim.runs.board_play import BOOT_MS, BoardRun, reference_profile
from tabletop import games
from tabletop.board.seat import back_count
from tabletop.players import diabolo_player, pacal_player
from tabletop.records.record import new_state
from tabletop.rules import diabolo, pacal
from tabletop.rules.rng import Rng
from tests.board_ui import BRISK, QUIET_MS, Event

THINK_MS = 800  # strong's; the profile's level (medium) thinks a quarter of it, or at once
COMPUTER = (0, 255, 255)  # the computer colour here: the default white has the hue of "dim"
READ_MS = 300  # a card held over a reader, then on it


class SeatRun:
    GAME = ""
    VARIANT = ""
    PLAYERS = 0  # (Diabolo: the seats; 0 elsewhere)

    def __init__(self, seat: int, seed: int = 1) -> None:
        profile = reference_profile(self.GAME)
        profile.computer_seat = seat
        profile.think_ms = THINK_MS
        profile.colours = dict(profile.colours, computer=COMPUTER)
        self.profile = profile
        self.seed = seed
        self.seat = seat
        self.run = BoardRun(profile, self.GAME, self.VARIANT, seed=seed, players=self.PLAYERS)
        self.run.hand.timing = BRISK
        self.physics: Any = self.run.physics
        self.rng = Rng(seed)
        self.state: Any = new_state(self.GAME, self.VARIANT, self.PLAYERS)
        self.moves: list[Event] = []  # what the journal must hold (no deals)
        self.before: list[tuple[Any, int]] = []  # the state and len(moves) before each event
        self.mover = -1  # who made the last move (-1: a deal, or nobody yet)
        self.round_start = 0  # len(moves) at the round's deal (BACK never reaches further)
        self.person_first = False  # after BACK: the person moves before the computer

    # -- the board -------------------------------------------------------------------------

    @property
    def board(self) -> Any:
        return self.run.runtime.board

    @property
    def now(self) -> int:
        return int(self.run.hal.now_ms)

    def wait(self, ms: int = QUIET_MS) -> None:
        self.run.advance(ms)

    def journal(self) -> list[Event]:
        moves: list[Event] = self.run.runtime.journal.moves()
        return moves

    def text(self) -> tuple[str, ...]:
        lines: tuple[str, ...] = tuple(games.part(self.GAME, "status").lines(self.board))
        return lines

    def lit_computer(self) -> list[str]:
        """The lights that show the computer colour."""
        return [n for n in self.run.hal.light_names() if self.run.hal.colour(n) == "computer"]

    def back(self) -> None:
        self.run.hal.press("back", self.now, 120)
        self.wait(120 + QUIET_MS)

    # -- the game ---------------------------------------------------------------------------

    def start(self) -> None:
        """Power on, MENU, the deal: the computer's hand read in."""
        self.run.advance(BOOT_MS)
        self.run.act(self.run.hand.press_menu())
        self.wait(300)
        self.run.act(self.run.hand.choose_players(self.PLAYERS))
        deal = self.deal()
        if deal is not None:
            self.do(deal)
            self.read_in()

    def deal(self) -> Event | None:
        """The first deal (None: a game without one)."""
        return None

    def do(self, event: Event) -> None:
        """The hand makes ``event``; the journal must follow."""
        self.run.hand.expected = self.run.accepted()
        self.run.act(self.run.hand.perform(self.state.copy(), event))
        assert self.run.hand.timeouts == [], f"the board did not follow {event}: {self.text()}"
        self.note(event)
        self.catch_up()

    def note(self, event: Event) -> None:
        self.before.append((self.state.copy(), len(self.moves)))
        self.state.apply(event)
        if games.part(self.GAME, "notation").is_deal(event):
            self.mover = -1
            self.round_start = len(self.moves)
            return
        p = event[1]
        if p != self.seat:
            self.person_first = False
        self.mover = p
        self.moves.append(event)

    def state_before(self, i: int) -> Any:
        """The rules' state before move ``i`` (of all, deals not counted)."""
        return next(state for state, k in reversed(self.before) if k == i)

    def to_take_back(self) -> int:
        """How many moves BACK against the computer takes back now, as
        docs/FIRMWARE.md has it (tabletop.board.seat.back_count) over
        the rules' own game since the round's deal."""
        start = self.round_start
        n: int = back_count(self.moves[start:], self.seat, lambda i: self.state_before(start + i))
        return n

    def catch_up(self) -> None:
        """What the board accepted by itself (its seat's kept last card)."""
        journal = self.journal()
        while len(journal) > len(self.moves):
            self.note(journal[len(self.moves)])
        assert journal == self.moves, (journal[-3:], self.moves[-3:])

    def undo(self, n: int) -> None:
        """BACK took the last ``n`` moves back: so do the rules."""
        for _ in range(n):
            while True:
                state, k = self.before.pop()
                self.state = state
                if k < len(self.moves):
                    self.moves.pop()
                    break
        self.person_first = True
        self.mover = -1

    def put_back(self, have: Any) -> None:
        """The pieces as the board lights them, from ``have`` (what lies on
        the board) back to the rules' state; then the board plays again."""
        hand = self.run.hand
        hand.expected = self.run.accepted()
        assert self.run.act(hand.restore(self.state.copy(), have, False)), self.text()
        assert self.run.act(hand.ready(self.state)), self.text()
        assert hand.timeouts == [], hand.timeouts

    def computer_to_move(self) -> bool:
        movers = self.state.to_move()
        return self.seat in movers and not (self.person_first and len(movers) > 1)

    def turn(self, other: bool = False) -> None:
        """The next move, by whoever is to make it (the computer first when
        both may: its choice is then named beside the person's); ``other``:
        the person plays another move than their first choice, if they have one."""
        if self.computer_to_move():
            self.computer_move()
        else:
            self.person_move(other)

    def person_move(self, other: bool = False) -> None:
        p = next(q for q in self.state.to_move() if q != self.seat)
        move = self.choose(p)
        if other:
            moves = [m for m in self.state.legal_moves() if m[1] == p and m != move]
            move = moves[0] if moves else move
        self.do(move)

    def computer_move(self) -> None:
        """The computer's move as it chose it, made by the hand (what it
        needs read in first is read in)."""
        self.read_in()
        seat = self.board.computer
        for _ in range(THINK_MS // 50 + 40):
            move = seat.next_move(self.board.game)
            if move is not None:
                break
            self.wait(50)
        else:
            raise AssertionError(f"the computer never chose: {self.text()}")
        assert self.state.fault(move) is None, move  # from its own hand, and legal
        self.do(move)

    def play(self, moves: int) -> None:
        """Moves until at least ``moves`` are made and the computer has just
        replied to a person's turn (the person to move next)."""
        while len(self.moves) < moves or self.mover != self.seat or self.computer_to_move():
            self.turn()

    # -- each game's own -------------------------------------------------------------------

    def choose(self, p: int) -> Event:
        """The person's move (the first of their turn)."""
        raise NotImplementedError

    def read_in(self) -> None:
        """The computer's cards the board asks for, read in (none where it sees all)."""

    def first_mover(self) -> int:
        """The seat that moves first in this seed's game."""
        return 0


class PyraosSeat(SeatRun):
    GAME = "pyraos"
    VARIANT = "standard"

    def choose(self, p: int) -> Event:
        move: Event = sorted(self.state.legal_moves())[len(self.moves) % 3]
        return move


class PacalSeat(SeatRun):
    GAME = "pacal"
    VARIANT = "duel"

    def deal(self) -> Event:
        deal: Event = pacal.deal_duel(Rng(self.seed))
        return deal

    def first_mover(self) -> int:
        return int(pacal.deal_duel(Rng(self.seed))[1])

    def choose(self, p: int) -> Event:
        # the medium player, seeing only p's own hand
        thinking = pacal_player.start_seat(self.state, p, None, "medium", 400, Rng(len(self.moves)))
        moves = thinking.step(1000)
        assert moves is not None
        move: Event = moves[0]
        return move

    def read_in(self) -> None:
        seat = self.board.computer
        if self.board.mode != 6:  # HAND (tabletop.board.pacal_board)
            return
        for card in self.state.hand(self.seat):
            if card in seat.hand:
                continue
            self.physics.take_card(card, self.now)
            self.wait(READ_MS)
            self.physics.lay_on_slot(self.seat, self.now)
            self.wait(QUIET_MS)
            self.physics.lift_from_slot(self.seat, self.now)
            self.physics.put_away(self.now)
            self.wait(QUIET_MS)
        assert self.board.mode != 6, self.text()


class DiaboloSeat(SeatRun):
    GAME = "diabolo"
    VARIANT = "standard"
    PLAYERS = 3
    DEALER = 2

    def deal(self) -> Event:
        deal: Event = diabolo.deal(Rng(self.seed), self.DEALER)
        return deal

    def first_mover(self) -> int:
        return (self.DEALER + 1) % self.PLAYERS

    def choose(self, p: int) -> Event:
        move: Event = diabolo_player.rule_of_thumb(self.state, list(self.state.legal_moves()))
        return move

    def read_in(self) -> None:
        """Its cards on the reader, one at a time (its draw last)."""
        seat = self.board.computer
        if self.board.mode != 6:  # HAND (tabletop.board.diabolo_board)
            return
        have = list(seat.hand)
        todo = []
        for card in self.state.hand(self.seat):
            if card in have:
                have.remove(card)
            else:
                todo.append(card)
        if self.state.turn == self.seat:  # its draw, last
            drawn = self.state.pile[self.state.drawn - 1]
            todo.remove(drawn)
            todo.append(drawn)
        for card in todo:
            self.physics.take_card(card, self.now)
            self.wait(READ_MS)
            self.physics.lay_on_reader(self.now)
            self.wait(QUIET_MS)
            self.physics.lift_from_reader(self.now)
            self.physics.put_away(self.now)
            self.wait(QUIET_MS)
        assert self.board.mode != 6, self.text()


SEATS: dict[str, type[SeatRun]] = {"pyraos": PyraosSeat, "pacal": PacalSeat, "diabolo": DiaboloSeat}


def seated(game: str, seat: int, seed: int = 1) -> SeatRun:
    """The board of ``game`` (a name of the registry) with the computer at ``seat``."""
    return SEATS[games.check(game)](seat, seed)
