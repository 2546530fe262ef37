"""Reference implementation of Pyraos (Pylos), written from docs/RULES.md.

Positions are coordinates ``(level, x, y)``: level 1..4, and on level L the
columns x and rows y run over ``0 .. 4 - L``. Position ``(L, x, y)`` for L > 1
rests on the four positions ``(L - 1, x + dx, y + dy)`` with dx, dy in {0, 1}.
Support and looseness are computed from that geometry directly.

Moves are the record JSON objects of docs/RECORDS.md:
``{"p": 0, "place": "b2"}``, ``{"p": 0, "raise": ["a1", "2b2"]}``,
``{"p": 0, "remove": ["c3"]}`` or ``{"p": 0, "remove": ["c3", "2a1"]}``.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

Pos = tuple[int, int, int]
Move = dict[str, Any]


class IllegalMove(ValueError):
    """A malformed or illegal event (a ValueError, as the tests expect)."""


VARIANTS = ("standard", "kids", "lines")
RESERVE = 15
TOP: Pos = (4, 0, 0)
COLUMNS = "abcd"


def level_size(level: int) -> int:
    """Number of columns (and rows) on a level: 4, 3, 2, 1."""
    return 5 - level


ALL_POSITIONS: list[Pos] = [
    (level, x, y)
    for level in range(1, 5)
    for y in range(level_size(level))
    for x in range(level_size(level))
]


def on_board(pos: Pos) -> bool:
    level, x, y = pos
    return 1 <= level <= 4 and 0 <= x < level_size(level) and 0 <= y < level_size(level)


def resting_on(pos: Pos) -> list[Pos]:
    """The four positions one level down that carry ``pos`` (none on level 1)."""
    level, x, y = pos
    if level == 1:
        return []
    return [(level - 1, x + dx, y + dy) for dy in (0, 1) for dx in (0, 1)]


def carried_by(pos: Pos) -> list[Pos]:
    """The positions one level up that rest on ``pos``."""
    level, x, y = pos
    result: list[Pos] = []
    for dy in (-1, 0):
        for dx in (-1, 0):
            up = (level + 1, x + dx, y + dy)
            if on_board(up):
                result.append(up)
    return result


def pos_name(pos: Pos) -> str:
    """Short record name: ``a1`` on level 1, ``2b2`` higher up."""
    level, x, y = pos
    base = f"{COLUMNS[x]}{y + 1}"
    return base if level == 1 else f"{level}{base}"


_NAME = re.compile(r"^([1-4]?)([a-d])([1-4])$")


def parse_pos(name: object) -> Pos:
    """Parse ``a1``, ``1a1``, ``2b2``, ...; ValueError if not a position."""
    if not isinstance(name, str):
        raise IllegalMove(f"position must be a string: {name!r}")
    match = _NAME.match(name)
    if match is None:
        raise IllegalMove(f"bad position {name!r}")
    level = int(match.group(1)) if match.group(1) else 1
    pos = (level, COLUMNS.index(match.group(2)), int(match.group(3)) - 1)
    if not on_board(pos):
        raise IllegalMove(f"no such position {name!r}")
    return pos


def squares_through(pos: Pos) -> list[list[Pos]]:
    """All 2x2 squares on the level of ``pos`` that contain ``pos``."""
    level, x, y = pos
    corners = level_size(level) - 1  # corner coordinates 0 .. size-2
    result: list[list[Pos]] = []
    for y0 in (y - 1, y):
        for x0 in (x - 1, x):
            if 0 <= x0 < corners and 0 <= y0 < corners:
                result.append([(level, x0 + dx, y0 + dy) for dy in (0, 1) for dx in (0, 1)])
    return result


def lines_through(pos: Pos) -> list[list[Pos]]:
    """The full row and column through ``pos`` on levels 1 and 2 (none higher)."""
    level, x, y = pos
    if level not in (1, 2):
        return []
    size = level_size(level)
    row = [(level, i, y) for i in range(size)]
    column = [(level, x, j) for j in range(size)]
    return [row, column]


PositionKey = tuple[frozenset[tuple[Pos, int]], tuple[int, int], int]


@dataclass
class Pyraos:
    variant: str = "standard"
    board: dict[Pos, int] = field(default_factory=dict)
    reserves: list[int] = field(default_factory=lambda: [RESERVE, RESERVE])
    to_move: int = 0
    # True between a move that earned a take-back and the ``remove`` line.
    awaiting_remove: bool = False
    over: bool = False
    winner_: int | None = None
    end_reason: str | None = None
    seen: Counter[PositionKey] = field(default_factory=Counter)
    # Statistics for the differential test's coverage accounting.
    last_move_earned: str | None = None

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise IllegalMove(f"unknown variant {self.variant!r}")
        self._start_turn()

    # ----- geometry on the current board

    def supported(self, pos: Pos, board: dict[Pos, int] | None = None) -> bool:
        b = self.board if board is None else board
        return all(below in b for below in resting_on(pos))

    def loose(self, pos: Pos, board: dict[Pos, int] | None = None) -> bool:
        b = self.board if board is None else board
        return not any(up in b for up in carried_by(pos))

    def own_loose(self, player: int, board: dict[Pos, int]) -> list[Pos]:
        return [p for p, owner in board.items() if owner == player and self.loose(p, board)]

    # ----- turn structure

    def _key(self) -> PositionKey:
        return (
            frozenset(self.board.items()),
            (self.reserves[0], self.reserves[1]),
            self.to_move,
        )

    def _start_turn(self) -> None:
        if self.reserves[self.to_move] == 0:
            self.over = True
            self.winner_ = 1 - self.to_move
            self.end_reason = "empty reserve"
            return
        key = self._key()
        self.seen[key] += 1
        if self.seen[key] >= 3:
            self.over = True
            self.winner_ = None
            self.end_reason = "repetition"

    def _end_turn(self) -> None:
        self.awaiting_remove = False
        self.to_move = 1 - self.to_move
        self._start_turn()

    def _earns_take_back(self, pos: Pos) -> str | None:
        """'square' / 'line' when the marble just moved to ``pos`` earns a take-back."""
        if self.variant == "kids":
            return None
        mover = self.board[pos]
        for square in squares_through(pos):
            if all(self.board.get(p) == mover for p in square):
                return "square"
        if self.variant == "lines":
            for line in lines_through(pos):
                if all(self.board.get(p) == mover for p in line):
                    return "line"
        return None

    # ----- public API

    def is_over(self) -> bool:
        return self.over

    def winner(self) -> int | None:
        return self.winner_

    def copy(self) -> Pyraos:
        return copy.deepcopy(self)

    def legal_moves(self) -> list[Move]:
        if self.over:
            return []
        me = self.to_move
        moves: list[Move] = []
        if self.awaiting_remove:
            for first in sorted(self.own_loose(me, self.board)):
                moves.append({"p": me, "remove": [pos_name(first)]})
                after = dict(self.board)
                del after[first]
                for second in sorted(self.own_loose(me, after)):
                    moves.append({"p": me, "remove": [pos_name(first), pos_name(second)]})
            return moves
        for pos in ALL_POSITIONS:
            if pos not in self.board and self.supported(pos):
                moves.append({"p": me, "place": pos_name(pos)})
        for src in sorted(self.own_loose(me, self.board)):
            without = dict(self.board)
            del without[src]
            for dst in ALL_POSITIONS:
                if dst[0] > src[0] and dst not in without and self.supported(dst, without):
                    moves.append({"p": me, "raise": [pos_name(src), pos_name(dst)]})
        return moves

    def _canonical(self, move: Move) -> Move:
        """The move in short-form record JSON; ValueError on a malformed object."""
        if not isinstance(move, dict):
            raise IllegalMove("move must be an object")
        player = move.get("p")
        if isinstance(player, bool) or not isinstance(player, int):
            raise IllegalMove("missing or bad 'p'")
        keys = set(move) - {"p"}
        if len(keys) != 1:
            raise IllegalMove(f"bad move keys {sorted(move)}")
        (kind,) = keys
        value = move[kind]
        if kind == "place":
            return {"p": player, "place": pos_name(parse_pos(value))}
        if kind == "raise":
            if not isinstance(value, list) or len(value) != 2:
                raise IllegalMove("raise needs [from, to]")
            return {"p": player, "raise": [pos_name(parse_pos(v)) for v in value]}
        if kind == "remove":
            if not isinstance(value, list) or len(value) not in (1, 2):
                raise IllegalMove("remove needs one or two positions")
            return {"p": player, "remove": [pos_name(parse_pos(v)) for v in value]}
        raise IllegalMove(f"unknown move kind {kind!r}")

    def apply(self, move: Move) -> None:
        canonical = self._canonical(move)
        if canonical not in self.legal_moves():
            raise IllegalMove(f"illegal move {move!r}")
        me = self.to_move
        self.last_move_earned = None
        if "remove" in canonical:
            for name in canonical["remove"]:
                del self.board[parse_pos(name)]
                self.reserves[me] += 1
            self._end_turn()
            return
        if "place" in canonical:
            dst = parse_pos(canonical["place"])
            self.reserves[me] -= 1
        else:
            src, dst = (parse_pos(v) for v in canonical["raise"])
            del self.board[src]
        self.board[dst] = me
        if dst == TOP:
            self.over = True
            self.winner_ = me
            self.end_reason = "top"
            return
        earned = self._earns_take_back(dst)
        self.last_move_earned = earned
        if earned is not None:
            self.awaiting_remove = True
        else:
            self._end_turn()
