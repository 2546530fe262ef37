"""BACK against the computer, on the board of every registered game that
has a computer seat (all of tabletop.games.NAMES), through the real
firmware on the virtual board, the scripted hand making every move: BACK
takes back the computer's reply and the person's move before it (a Pyraos
turn whole), the board asks for the pieces to be put back as for one move,
the computer does not play again before the person has moved, and the game
goes on; with no move of a person's to take back, BACK does nothing (and
the display says so); without a seat BACK takes back one move, as ever.
The harness and each game's part: tests/seat_support.py.
"""

from __future__ import annotations

import pytest

from tabletop import games
from tabletop.show.text import NO_UNDO
from tests.board_ui import QUIET_MS
from tests.seat_support import seated

SEAT = 1


@pytest.mark.parametrize("game", games.NAMES)
def test_back_takes_its_reply_and_the_persons_move_back(game: str) -> None:
    t = seated(game, SEAT, seed=3)
    t.start()
    t.play(6)
    n = t.to_take_back()
    assert n >= 2, t.moves  # (its reply, and the person's move)
    have = t.state.copy()
    t.back()
    t.undo(n)
    assert t.journal() == t.moves
    t.put_back(have)
    person = t.state.to_move()
    assert person and SEAT not in person or t.person_first, person
    # it waits for the person: nothing of its lit, nothing accepted for it
    t.wait(2 * QUIET_MS)
    assert t.board.computer.next_move(t.board.game) is None
    assert t.lit_computer() == [], t.lit_computer()
    assert t.journal() == t.moves
    # the person moves again (another move where there is one); it replies
    t.person_move(other=True)
    t.play(len(t.moves) + 1)
    assert t.journal() == t.moves


@pytest.mark.parametrize("game", games.NAMES)
def test_back_before_any_move_of_the_persons_does_nothing(game: str) -> None:
    first = seated(game, SEAT, seed=5).first_mover()
    t = seated(game, first, seed=5)  # the computer moves first
    t.start()
    while t.computer_to_move():
        t.computer_move()
    made = list(t.moves)
    assert made and t.to_take_back() == 0
    t.back()
    assert t.journal() == made
    assert NO_UNDO in t.text(), t.text()
    t.person_move()
    assert NO_UNDO not in t.text(), t.text()
    t.play(len(t.moves) + 1)
    assert t.journal() == t.moves


@pytest.mark.parametrize("game", games.NAMES)
def test_without_a_seat_back_takes_one_move_back(game: str) -> None:
    t = seated(game, -1, seed=3)
    t.start()
    for _ in range(3):
        t.person_move()
    have = t.state.copy()
    t.back()
    t.undo(1)
    assert t.journal() == t.moves
    t.put_back(have)
    t.person_move()
    assert t.journal() == t.moves
