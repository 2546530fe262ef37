"""The simulator's computer seat: the computer players of tabletop.players
at a level, and a simple, legal, greedy player beside them.

    thinking = think(state, "medium", rng)   # a game with a player: a search
    moves = thinking.step(SLICE)             # None while it thinks (call again)
    event = choose(state, rng)               # the greedy player's event, or None

``think`` gives None at the ``greedy`` level and for Diabolo's doubles:
the table then asks ``choose`` (or ``wants_double``).

Pyraos, one move ahead: complete a square (or a line) of its own when it
can, else stop the opponent completing one, raise rather than place (a
marble saved), and never set a marble where the opponent's next marble
would complete a square of theirs on top of it; among equals, at random.
A take-back returns the marbles that open the fewest spots for the
opponent: two when it may. Pacal: a card built on the legal field nearest
where its value belongs (high cards near the apex); offers and takes at
random (the players of tabletop.players are the other levels). Diabolo:
the Diabolo player's rule of thumb (tabletop.players.diabolo_player), its
equals in a random order, and its double (``wants_double``).

The greedy player is the level ``greedy``; the searching levels are
tabletop.players.LEVELS (docs/PLAYERS.md).
"""

from __future__ import annotations

import random
from typing import Any

from tabletop import players
from tabletop.players import diabolo_player
from tabletop.players.pacal_view import mover
from tabletop.rules import diabolo, pacal, pyraos
from tabletop.rules.pyraos_geometry import LEVEL
from tabletop.rules.rng import Rng

GREEDY = "greedy"
LEVELS = (GREEDY, *players.LEVELS)
DEFAULT_LEVEL = "medium"
LEVELS_HELP = (
    "greedy (the best move one move ahead, a rule of thumb of the simulator's), "
    "random, easy, medium (the default), strong: the players of docs/PLAYERS.md"
)
BUDGET = 20_000  # positions a turn at the strong level (the easier ones take a share)
TT_BITS = 16  # the search's table on the desktop: 2**16 slots
SLICE = 2_000  # positions a frame of the window: it never waits on a whole search


def think(state: Any, level: str, rng: random.Random, seat: int) -> Any:
    """A search for ``seat``'s turn (tabletop.players.start), or None: the
    greedy level, Diabolo's doubles (the table asks ``wants_double``), or a Pacal
    moment where the player whose decision comes next is another seat (two
    build at once after a take: each decides in turn)."""
    if level == GREEDY or (isinstance(state, diabolo.Diabolo) and state.phase != diabolo.P_PLAY):
        return None
    if isinstance(state, pacal.Pacal):
        try:
            if mover(state) != seat:
                return None
        except ValueError:  # no decision now (a deal comes next)
            return None
    return players.start(state, level, BUDGET, Rng(rng.getrandbits(31)), tt_bits=TT_BITS)


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
    if isinstance(state, diabolo.Diabolo):
        return _diabolo(state, rng, moves)
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


def _diabolo(state: Any, rng: random.Random, moves: list[Any]) -> Any:
    if moves[0][0] == diabolo.DOUBLE:  # a round scored: a double, or none
        wanted = [m for m in moves if wants_double(state, m[1], m[2])]
        return wanted[0] if wanted else None
    # the Diabolo player's rule of thumb, equals in a random order
    return max(moves, key=lambda m: (diabolo_player.gain(state, m), rng.random()))


def wants_double(state: Any, player: int, colour: int) -> bool:
    """Diabolo, while a round is scored: does ``player`` declare their double
    on ``colour``? (tabletop.players.diabolo_player.double_colour)"""
    return bool(diabolo_player.double_colour(state, player) == colour)


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
