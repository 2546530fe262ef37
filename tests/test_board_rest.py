"""A board nobody touches rests, in every game of the registry: once the
hand has been away a while, its ticks find nothing changed and do the
sensing's cheap check only (``board.resting``: tabletop.board.contract), at
the profile's noise and at twice it; and resting costs no move (the game
is played through on the virtual board, the firmware's journal equal to the
record's moves, or ``record`` raises). The time a quiet tick takes on a Pico
is ``make bench-pico``'s figure; this is what it stands on."""

from __future__ import annotations

import pytest

from tabletop import games
from tests.bench.pico import GAMES, record

BENCH = {"pyraos": "pyraos", "pacal": "pacal-duel", "diabolo": "diabolo"}  # (its bench game)
EVENTS = 5
RESTS = 0.9  # of the ticks the hand has left the board alone 300 ms or more
# A Pyraos board at twice its noise rests less in some games than in others
# (its check's null from the noise measured at power on: 0.74-0.95 over
# eight seeds before it took the longer average as its reference and each
# sensor's noise at least the board's): the bench game's and seven more.
NOISY_PYRAOS = range(GAMES["pyraos"][2] + 1, GAMES["pyraos"][2] + 8)


@pytest.mark.parametrize("noise", [1.0, 2.0])
@pytest.mark.parametrize("game", games.NAMES)
def test_a_board_nobody_touches_rests_and_sees_every_move(game: str, noise: float) -> None:
    _rests_and_plays(BENCH[game], GAMES[BENCH[game]][2], noise)


@pytest.mark.parametrize("seed", NOISY_PYRAOS)
def test_a_noisy_pyraos_board_rests_in_every_game(seed: int) -> None:
    _rests_and_plays("pyraos", seed, 2.0)


def _rests_and_plays(bench: str, seed: int, noise: float) -> None:
    # The bench game ``bench`` played with ``seed`` at ``noise``: it rests
    # enough of the ticks it is left alone, and takes every move.
    name, variant, _, _, mistakes, players = GAMES[bench]
    played = record(name, variant, seed, EVENTS, mistakes, players, noise)
    ticks = zip(played.rested, played.untouched, strict=True)
    alone = [rested for rested, untouched in ticks if untouched]
    assert len(alone) > 1000, "the hand never left the board alone"
    assert sum(alone) >= RESTS * len(alone), f"rested {sum(alone)} of {len(alone)} ticks"
    assert len(played.run.runtime.journal) >= EVENTS
