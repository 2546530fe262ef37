"""Hard seeded kids endgames (issue 33): random games of the firmware's rules
from a seed, stopped with ``empty`` empty spots, kept when 7-15 turns are
legal and only 1 or 2 of them win (tests/reference/pyraos_solve.py says).

    from tests.reference import pyraos_hard as hard
    g = hard.position(seed, empty)        # a tabletop.rules.pyraos state, or None
    hard.moves_to(seed, empty)            # the rule moves that lead there
    hard.solver_position(g)               # the same as pyraos_solve's position
    hard.winning(g)                       # the names of the turns that win
    hard.turn_of(events)                  # a turn's rule moves as (src, dst)
    for seed, empty, wins in hard.FOUND: ...

    .venv/bin/python -m tests.reference.pyraos_hard EMPTY FIRST LAST   # find more
    .venv/bin/python -m tests.reference.pyraos_hard --check            # FOUND again

FOUND holds what the second form printed (the solver takes 2-60 s for each
on CPython, too long for the tests: they check the turn the player chose).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from tabletop.rules.pyraos import KIDS, PLACE, Pyraos
from tabletop.rules.rng import Rng
from tests.reference import pyraos_solve as ps

# (seed, empty spots, the winning turns), from `python -m tests.reference.pyraos_hard`
FOUND: tuple[tuple[int, int, tuple[str, ...]], ...] = (
    (3, 16, ("c4-2c1", "c4-2a3")),
    (5, 16, ("a1-2c3", "a2-2c3")),
    (14, 16, ("a2-2a3",)),
    (26, 16, ("2c3",)),
    (33, 16, ("a1-2b1", "c1-2a1")),
    (4, 18, ("2a2",)),
    (5, 18, ("d1", "b1-2c2")),
    (8, 18, ("2c2", "a3-2c2")),
    (10, 18, ("d3-2b2",)),
    (13, 18, ("2c3",)),
)


def position(seed: int, empty: int) -> Pyraos | None:
    """The state of random play from ``seed`` when ``empty`` spots are left
    empty, if the game goes on and has 7-15 legal turns then."""
    moves = moves_to(seed, empty)
    if moves is None:
        return None
    g = Pyraos(KIDS)
    for move in moves:
        g.apply(move)
    return g


def moves_to(seed: int, empty: int) -> list[Any] | None:
    """The moves of ``position(seed, empty)`` (for a record), or None."""
    rng = Rng(seed)
    g = Pyraos(KIDS)
    moves = []
    while not g.is_over() and 30 - bin(g.marbles[0] | g.marbles[1]).count("1") > empty:
        legal = list(g.legal_moves())
        moves.append(legal[rng.below(len(legal))])
        g.apply(moves[-1])
    if g.is_over() or 30 - bin(g.marbles[0] | g.marbles[1]).count("1") != empty:
        return None
    return moves if 7 <= len(ps.turns(solver_position(g))) <= 15 else None


def solver_position(g: Pyraos) -> ps.Position:
    """The state as pyraos_solve's position (the same bit for each spot: both
    number the spots level by level, row by row, column a first)."""
    p = g.turn
    return g.marbles[p], g.marbles[1 - p], g.reserve[p], g.reserve[1 - p]


def winning(g: Pyraos, solver: ps.Solver | None = None) -> list[str]:
    """The names (pyraos_solve.turn_name) of the turns that win ``g``."""
    return [ps.turn_name(t) for t, w in ps.turn_values(solver_position(g), solver) if w]


def turn_of(events: list[Any]) -> tuple[int, int]:
    """A kids turn's rule moves (one place or raise) as pyraos_solve's turn."""
    kind, _, a, b = events[0]
    return (-1, a) if kind == PLACE else (a, b)


def find(empty: int, seeds: range) -> None:
    for seed in seeds:
        g = position(seed, empty)
        if g is None:
            continue
        t = time.monotonic()
        wins = winning(g)
        spent = time.monotonic() - t
        if 1 <= len(wins) <= 2:
            print(f"    ({seed}, {empty}, {tuple(wins)!r}),  # {spent:.1f} s", flush=True)


def check() -> int:
    bad = 0
    for seed, empty, wins in FOUND:
        g = position(seed, empty)
        got = None if g is None else tuple(winning(g))
        if got != wins:
            print(f"seed {seed}, {empty} empty: {got}, not {wins}")
            bad += 1
    print(f"{len(FOUND) - bad} of {len(FOUND)} as FOUND says")
    return 1 if bad else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(check())
    find(int(sys.argv[1]), range(int(sys.argv[2]), int(sys.argv[3]) + 1))
