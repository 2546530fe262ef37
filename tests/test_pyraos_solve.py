"""The kids solver (tests/reference/pyraos_solve.py) against the reference
engine: the same legal turns, and the same values as plain minimax."""

from __future__ import annotations

import random

from tests.reference import pyraos_ref as ref
from tests.reference import pyraos_solve as ps


def _game(rng: random.Random, empty: int) -> ref.Pyraos:
    game = ref.Pyraos("kids")
    while not game.is_over() and 30 - len(game.board) > empty:
        game.apply(rng.choice(game.legal_moves()))
    return game


def test_turns_match_the_reference() -> None:
    rng = random.Random(1)
    for _ in range(100):
        game = _game(rng, rng.randint(5, 30))
        if not game.is_over():
            assert len(ps.turns(ps.from_ref(game))) == len(game.legal_moves())


def test_solver_agrees_with_minimax() -> None:
    rng = random.Random(2)
    for _ in range(12):
        game = _game(rng, 5)
        if game.is_over():
            continue
        solver = ps.Solver()
        value = solver.value(ps.from_ref(game))
        assert value == ps.minimax(game)
        assert solver.wins(ps.from_ref(game)) == (value > 0)
