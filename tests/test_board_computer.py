"""A seat the Pyraos board plays itself, on the virtual board through the
real firmware: the board lights the computer's turn in the profile's
"computer" colour, the player makes it for the computer, and nothing else
is accepted (red, as any mistake). The computer's choice is read from the
lights, as a player reads it, and checked against the rules.
"""

from __future__ import annotations

import sys

from sim.hardware.flash import LittleFlash
from sim.hardware.physics import PyraosPhysics, sensor_below
from sim.runs.board_play import BOOT_MS, BoardRun
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import position_index
from tabletop.show import status_pyraos
from tests.board_ui import QUIET_MS, Event, bits
from tests.test_board_ui_pyraos import Pyraos

DARK = 1
THINK_MS = 2000  # strong's time; medium, the profile's default level, thinks 500 ms


def name(text: str) -> int:
    return int(position_index(text))


class Seat(Pyraos):
    """The reference board, its profile with the computer playing ``seat``,
    the journal on flash (so a game set up by hand can go on after a
    power cut with the computer at the board)."""

    def __init__(self, seat: int, variant: str = "standard") -> None:
        super().__init__(variant)
        self.profile.computer_seat = seat
        self.profile.think_ms = THINK_MS
        self.run = BoardRun(self.profile, "pyraos", variant, seed=1, flash=LittleFlash())
        self.run.hand.timing = Pyraos(variant).run.hand.timing
        assert isinstance(self.run.physics, PyraosPhysics)
        self.physics = self.run.physics

    def chosen(self) -> set[str]:
        """The cups lit in the computer's colour."""
        return {k for k, v in self.cups().items() if v == "computer"}

    def wait_for_choice(self) -> set[str]:
        """Until the computer's choice is lit (at most its thinking time and
        a little): the cups lit for it."""
        for _ in range(THINK_MS // QUIET_MS + 3):
            self.wait(QUIET_MS)
            lit = self.chosen()
            if lit:
                return lit
        raise AssertionError("the computer's choice was never lit")

    def text(self) -> tuple[str, ...]:
        lines: tuple[str, ...] = tuple(status_pyraos.lines(self.board))
        return lines


def the_move(state: pyraos.Pyraos, lit: set[str]) -> Event:
    """The one legal move of ``state`` the lit cups show (the spot to place
    on; the marble to raise and its spot; the marbles to take back)."""
    found: list[Event] = []
    for m in state.legal_moves():
        kind, _, a, b = m
        where = {a} if kind == pyraos.PLACE or b < 0 else {a, b}
        if {sensor_below(x) for x in where} == lit:
            found.append(m)
    assert found, f"nothing legal is lit: {sorted(lit)} on {bits(state.occupied())}"
    # two take-backs of the same marbles in either order are the same turn
    assert len({frozenset(m[2:]) for m in found}) == 1, found
    return found[0]


def test_the_computer_takes_its_square_and_refuses_another_move() -> None:
    b = Seat(-1)  # set up by hand: Dark three of the a1 square, Light nothing
    b.start()
    opening = ["d4", "a1", "b4", "b1", "d2", "a2", "a4"]
    for i, text in enumerate(opening):
        b.do((pyraos.PLACE, i % 2, name(text), -1))
    b.profile.computer_seat = DARK  # a profile with the computer playing Dark
    b.run.reboot()
    b.wait(2000)
    assert b.text()[3:] == ("Dark: computer", "", "Place a marble", "on the lit spot")
    lit = b.wait_for_choice()
    assert lit == {sensor_below(name("b2"))}, "the computer does not make its square"
    move = the_move(b.state, lit)

    # Another spot: red, and not a move; lifted again, the choice is back.
    b.physics.take_from_reserve(b.now, DARK)
    b.set_down(name("c1"))
    assert b.cups()[sensor_below(name("c1"))] == "error"
    assert b.journal() == b.moves
    b.lift(name("c1"))
    b.drop_in_reserve(DARK)
    assert b.chosen() == {sensor_below(name("b2"))}

    b.do(move)
    assert b.state.phase == pyraos.P_REMOVE
    lit = b.wait_for_choice()
    take = the_move(b.state, lit)
    assert take[0] == pyraos.REMOVE
    assert b.text()[3:5] == ("Dark: computer", "")
    b.do(take)
    assert b.state.turn == 0
    b.wait(QUIET_MS)
    assert b.chosen() == set()
    b.expect_idle("after the computer's turn")
    # Its thinking is given back: the players' code is not in the heap.
    assert not [m for m in sys.modules if m.startswith("tabletop.players")]


def test_a_game_against_the_computer_as_light() -> None:
    b = Seat(0)
    b.run.advance(BOOT_MS)  # power on, MENU: the computer is to move at once
    b.run.act(b.run.hand.press_menu())
    b.sync()
    assert b.text()[3:] == ("Light: computer", "", "Thinking...")
    assert b.chosen() == set()
    human = 0
    for _ in range(4):
        lit = b.wait_for_choice()
        move = the_move(b.state, lit)
        b.do(move)
        while b.state.turn == 0 and not b.state.is_over():
            b.do(the_move(b.state, b.wait_for_choice()))
        # the human (Dark) plays the first legal move
        reply = sorted(b.state.legal_moves())[human]
        human += 1
        b.do(reply)
        while b.state.turn == 1 and b.state.phase == pyraos.P_REMOVE:
            b.do(sorted(b.state.legal_moves())[0])
    assert len(b.journal()) >= 8


def test_the_menu_chooses_who_the_computer_plays() -> None:
    b = Seat(-1)
    b.wait(3000)  # power on: the game select
    seen = []
    for _ in range(4):
        seen.append(next(line for line in b.text() if line.startswith("Computer:")))
        b.press("back")
    assert seen == ["Computer: none", "Computer: Dark", "Computer: Light", "Computer: none"]


def test_back_takes_its_turn_and_the_persons_whole_turn_back() -> None:
    """Light (the person) makes a square and takes a marble back, Dark (the
    computer) replies: BACK takes its reply and Light's whole turn back,
    the take-back with its place, and Light is to move again; the computer
    does not think before Light has moved."""
    b = Seat(-1)  # set up by hand: Light three of the a1 square
    b.start()
    for i, text in enumerate(["a1", "d4", "b1", "d3", "a2", "c4"]):
        b.do((pyraos.PLACE, i % 2, name(text), -1))
    b.profile.computer_seat = DARK
    b.run.reboot()
    b.wait(2000)
    assert b.text()[3] == "Light to play", b.text()
    turn = [(pyraos.PLACE, 0, name("b2"), -1), (pyraos.REMOVE, 0, name("b2"), -1)]
    for move in turn:
        b.do(move)
    b.do(the_move(b.state, b.wait_for_choice()))
    while b.state.turn == DARK:
        b.do(the_move(b.state, b.wait_for_choice()))
    made = list(b.moves)
    reply = len(made) - 8  # its moves after Light's turn
    have = b.state.copy()
    b.press("back")
    for _ in range(reply + 2):
        b.undone()
    assert b.journal() == made[:6]
    # the board asks for the pieces back, as for one move: red lift, lit put back
    lit = b.cups()
    assert "error" in lit.values() or "hint" in lit.values(), lit
    b.run.act(b.run.hand.restore(b.state.copy(), have, False))
    assert b.run.act(b.run.hand.ready(b.state)), b.text()
    assert b.text()[3] == "Light to play", b.text()
    b.wait(THINK_MS)
    assert b.chosen() == set() and b.journal() == made[:6]
    # Light places elsewhere: the computer replies
    b.do((pyraos.PLACE, 0, name("c1"), -1))
    b.do(the_move(b.state, b.wait_for_choice()))
    assert b.journal() == b.moves


def test_back_before_a_move_of_the_persons_does_nothing() -> None:
    b = Seat(0)  # the computer plays Light: it moves first
    b.run.advance(BOOT_MS)
    b.run.act(b.run.hand.press_menu())
    b.sync()
    b.do(the_move(b.state, b.wait_for_choice()))
    b.press("back")
    b.wait(QUIET_MS)
    assert b.journal() == b.moves and len(b.moves) == 1
    assert b.text()[3:] == ("Dark to play", "", "Nothing to undo"), b.text()
    b.do(sorted(b.state.legal_moves())[0])
    assert "Nothing to undo" not in b.text()
