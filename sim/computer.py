"""The simulator's computer seat: a simple, legal, greedy player.

    event = choose(state, rng)      # a legal record event for the player to move, or None

Pyraos, one move ahead: complete a square (or a line) of its own when it
can, else stop the opponent completing one, raise rather than place (a
marble saved), and never set a marble where the opponent's next marble
would complete a square of theirs on top of it; among equals, at random.
A take-back returns the marbles that open the fewest spots for the
opponent: two when it may. Pacal: a card built on the legal field nearest
where its value belongs (high cards near the apex); offers and takes at
random (Pacal's own player is issue 17's).

Searching players that play well are tabletop's computer players (issue
17); this one is only there so that a person can play alone.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import LEVEL

SQUARE = 100  # completes a square or line of its own
BLOCK = 40  # takes a spot where the opponent would complete one
RAISE = 10  # a marble saved
TOP = 1000  # the top of the pyramid: the last marble
GIVES = 60  # leaves the opponent a square to complete


def choose(state: Any, rng: random.Random, player: int | None = None) -> Any:
    """A legal event for ``player`` (default: the first to move); None when
    it has none."""
    movers = state.to_move()
    if player is None and movers:
        player = movers[0]
    moves = [m for m in state.legal_moves() if m[1] == player]
    if not moves:
        return None
    if isinstance(state, pyraos.Pyraos):
        scored = [(_score(state, m), rng.random(), m) for m in moves]
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return scored[0][2]
    builds = [m for m in moves if m[0] == pacal.PLACE]
    if builds:
        # a card on the legal field nearest where its value belongs: the
        # cards fall from field 1 (the apex) to field 10
        card = builds[0][2]
        want = 1 + (pacal.CARDS - card) * (pacal.FIELDS - 1) / (pacal.CARDS - 1)
        return min(builds, key=lambda m: (abs(m[3] - want), rng.random()))
    return rng.choice(moves)


def _score(state: Any, move: Any) -> int:
    kind, player, a, b = move
    if kind == pyraos.REMOVE:
        after = state.copy()
        after.apply(move)
        return -_squares_open(after, 1 - player) * GIVES + (2 if b >= 0 else 0)
    target = a if kind == pyraos.PLACE else b
    score = 0
    if LEVEL[target] == 4:
        score += TOP
    if kind == pyraos.RAISE:
        score += RAISE
    own = state.marbles[player]
    if kind == pyraos.RAISE:
        own &= ~(1 << a)
    if state.forms(player, target, own | 1 << target):
        score += SQUARE
    if state.forms(1 - player, target, state.marbles[1 - player] | 1 << target):
        score += BLOCK
    after = state.copy()
    after.apply(move)
    if after.phase == pyraos.P_MOVE and after.turn != player:
        score -= _squares_open(after, after.turn) * GIVES
    return score


def _squares_open(state: Any, player: int) -> int:
    """How many places ``player`` could complete a square on next move."""
    if state.phase != pyraos.P_MOVE or state.turn != player:
        return 0
    own = state.marbles[player]
    n = 0
    free = state.placement_mask() if state.reserve[player] else 0
    pos = 0
    while free:
        if free & 1 and state.forms(player, pos, own | 1 << pos):
            n += 1
        free >>= 1
        pos += 1
    return n
