"""Exact solver for Pyraos *kids* positions, for the tests and the bench.

    from tests.reference import pyraos_solve as ps
    pos = ps.from_ref(game)           # a tests.reference.pyraos_ref.Pyraos (kids)
    ps.Solver().wins(pos)             # True when the side to move wins
    ps.Solver().value(pos)            # exact: WIN - n (win in n turns), -(WIN - n) or ...
    ps.turn_values(pos)               # every legal turn with its exact value

Kids has no take-backs, so the game is acyclic (every turn places a marble or
raises one) and every position has a value. A position is ``(me, you, rme,
ryou)``: bit masks of the mover's and the opponent's marbles over
pyraos_ref.ALL_POSITIONS (bit i is ALL_POSITIONS[i]) and their reserves. The
move generator is its own, written from docs/RULES.md over pyraos_ref's
geometry; it uses nothing of the firmware. The transposition table is keyed
on the position up to the board's 8 symmetries.
"""

from __future__ import annotations

from tests.reference import pyraos_ref as ref

Position = tuple[int, int, int, int]
WIN = 100  # a win in n turns is WIN - n, a loss in n turns -(WIN - n)

_INDEX = {p: i for i, p in enumerate(ref.ALL_POSITIONS)}
_N = len(ref.ALL_POSITIONS)
TOP_BIT = 1 << _INDEX[ref.TOP]
BELOW = [sum(1 << _INDEX[q] for q in ref.resting_on(p)) for p in ref.ALL_POSITIONS]
ABOVE = [sum(1 << _INDEX[q] for q in ref.carried_by(p)) for p in ref.ALL_POSITIONS]
LEVEL = [p[0] for p in ref.ALL_POSITIONS]


def _symmetries() -> list[list[int]]:
    perms = []
    for k in range(8):
        perm = []
        for level, x, y in ref.ALL_POSITIONS:
            m = ref.level_size(level) - 1
            a, b = (x, y) if k < 4 else (y, x)
            for _ in range(k % 4):
                a, b = m - b, a
            perm.append(_INDEX[(level, a, b)])
        perms.append(perm)
    return perms


def _chunk_tables() -> list[list[list[int]]]:
    """Per symmetry, per byte of the mask: the byte's bits mapped."""
    tables = []
    for perm in _symmetries():
        chunks = []
        for c in range(4):
            chunks.append(
                [
                    sum(1 << perm[8 * c + j] for j in range(8) if byte >> j & 1 and 8 * c + j < _N)
                    for byte in range(256)
                ]
            )
        tables.append(chunks)
    return tables


_TABLES = _chunk_tables()


def canonical(pos: Position) -> Position:
    """The least image of ``pos`` under the 8 symmetries."""
    me, you, rme, ryou = pos
    best = None
    for t0, t1, t2, t3 in _TABLES:
        a = t0[me & 255] | t1[me >> 8 & 255] | t2[me >> 16 & 255] | t3[me >> 24]
        b = t0[you & 255] | t1[you >> 8 & 255] | t2[you >> 16 & 255] | t3[you >> 24]
        if best is None or (a, b) < best:
            best = (a, b)
    assert best is not None
    return best[0], best[1], rme, ryou


def from_ref(game: ref.Pyraos) -> Position:
    """The reference game's position, from its mover's side."""
    masks = [0, 0]
    for p, owner in game.board.items():
        masks[owner] |= 1 << _INDEX[p]
    me = game.to_move
    return masks[me], masks[1 - me], game.reserves[me], game.reserves[1 - me]


def turns(pos: Position) -> list[tuple[int, int]]:
    """Every legal turn as ``(src, dst)`` bit indices (src -1 for a place)."""
    me, you, _, _ = pos
    occ = me | you
    out = []
    for d in range(_N):
        if not occ >> d & 1 and BELOW[d] & occ == BELOW[d]:
            out.append((-1, d))
    for s in range(_N):
        if me >> s & 1 and not ABOVE[s] & occ:
            without = occ & ~(1 << s)
            for d in range(_N):
                if LEVEL[d] > LEVEL[s] and not without >> d & 1 and BELOW[d] & without == BELOW[d]:
                    out.append((s, d))
    return out


def likely_first(legal: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The turns, raises first (each keeps a marble in the reserve, and the
    reserves decide kids), the highest spots first: the winning turn tends to
    come early, and ``wins`` stops at it (130 s to 2.7 s at 16 empty spots)."""
    return sorted(legal, key=lambda t: (t[0] < 0, -LEVEL[t[1]]))


def after(pos: Position, turn: tuple[int, int]) -> Position:
    """The position after ``turn``, from the opponent's side."""
    me, you, rme, ryou = pos
    src, dst = turn
    if src < 0:
        me, rme = me | 1 << dst, rme - 1
    else:
        me = me & ~(1 << src) | 1 << dst
    return you, me, ryou, rme


def turn_name(turn: tuple[int, int]) -> str:
    src, dst = turn
    d = ref.pos_name(ref.ALL_POSITIONS[dst])
    return d if src < 0 else ref.pos_name(ref.ALL_POSITIONS[src]) + "-" + d


class Solver:
    """``wins`` (win or loss, cut short) and ``value`` (exact, with the
    number of turns), each with its own table over canonical positions."""

    def __init__(self) -> None:
        self.won: dict[Position, bool] = {}
        self.exact: dict[Position, int] = {}
        self.nodes = 0

    def wins(self, pos: Position) -> bool:
        if pos[2] == 0:
            return False
        key = canonical(pos)
        known = self.won.get(key)
        if known is not None:
            return known
        self.nodes += 1
        result = False
        for turn in likely_first(turns(pos)):
            if turn[1] == _N - 1 or not self.wins(after(pos, turn)):
                result = True
                break
        self.won[key] = result
        return result

    def value(self, pos: Position) -> int:
        """WIN - n: the mover wins in n turns (theirs and the opponent's);
        -(WIN - n): loses in n. Best play: the shortest win, the longest loss."""
        if pos[2] == 0:
            return -WIN
        key = canonical(pos)
        known = self.exact.get(key)
        if known is not None:
            return known
        self.nodes += 1
        best = -WIN
        for turn in turns(pos):
            v = WIN - 1 if turn[1] == _N - 1 else back(self.value(after(pos, turn)))
            best = max(best, v)
        self.exact[key] = best
        return best


def back(child: int) -> int:
    """A child's value (the opponent's view) seen one turn earlier by the mover."""
    return -child + 1 if child > 0 else -child - 1


def turn_values(pos: Position, solver: Solver | None = None) -> list[tuple[tuple[int, int], bool]]:
    """Each legal turn and whether it wins (against best play)."""
    s = solver or Solver()
    return [(t, t[1] == _N - 1 or not s.wins(after(pos, t))) for t in turns(pos)]


def minimax(game: ref.Pyraos) -> int:
    """Plain minimax over the reference engine's own moves (no table, no
    symmetry): the value as ``Solver.value`` gives it. Small positions only."""
    if game.is_over():
        # the game ended at the start of this player's turn or by the top
        return -WIN
    best = -WIN
    for move in game.legal_moves():
        child = game.copy()
        child.apply(move)
        if child.is_over() and child.winner() == game.to_move and child.end_reason == "top":
            v = WIN - 1
        else:
            v = back(minimax(child))
        best = max(best, v)
    return best


def endgame(seed: int, empty: int, tries: int = 400) -> tuple[ref.Pyraos, list[ref.Move]] | None:
    """A kids position of the issue's kind from ``seed``: ``empty`` empty
    spots, 7-15 legal turns of which 1 or 2 win and every other loses. The
    game (the reference engine's) and the moves that led there; None when
    ``tries`` random games found none."""
    import random

    rng = random.Random(seed)
    for _ in range(tries):
        game, moves = ref.Pyraos("kids"), []
        while not game.is_over() and 30 - len(game.board) > empty:
            move = rng.choice(game.legal_moves())
            game.apply(move)
            moves.append(move)
        if game.is_over() or 30 - len(game.board) != empty:
            continue
        pos = from_ref(game)
        legal = turns(pos)
        if not 7 <= len(legal) <= 15:
            continue
        if 1 <= sum(w for _, w in turn_values(pos)) <= 2:
            return game, moves
    return None
