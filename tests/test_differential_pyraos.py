"""Differential test of the Pyraos rules against tests/reference/pyraos_ref.py
(tests/differential.py says how): random and biased games in every variant,
and every situation the rules single out must have come up.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.rules import pyraos
from tests.differential import (
    FROM_JSON,
    PROBE_RATE,
    TO_JSON,
    Json,
    compare_moves,
    compare_value,
    disagreement,
    dumps,
    flip_player,
    probe_illegal,
    weighted_choice,
)
from tests.reference import pyraos_ref

PYRAOS_GAMES_PER_POLICY = 40  # per variant, so 3 * 3 * 40 = 360 games
PYRAOS_MAX_PLIES = 400


def pyraos_illegal_candidate(
    ref: pyraos_ref.Pyraos, moves: Sequence[Json], rnd: random.Random
) -> Json:
    """A random event that is usually (not always) illegal here."""
    names = [pyraos_ref.pos_name(p) for p in pyraos_ref.ALL_POSITIONS]
    me = ref.to_move
    kind = rnd.randrange(4)
    if kind == 0:
        return {"p": me, "place": rnd.choice(names)}
    if kind == 1:
        return {"p": me, "raise": [rnd.choice(names), rnd.choice(names)]}
    if kind == 2:
        return {"p": me, "remove": rnd.sample(names, rnd.choice((1, 2)))}
    return flip_player(rnd.choice(list(moves)))


def pyraos_earns(ref: pyraos_ref.Pyraos, move: Json, variant: str | None = None) -> str | None:
    """What a place/raise on ``ref`` would earn ('square', 'line' or None), without playing it
    (as if in ``variant``, by default the game's own)."""
    variant = variant or ref.variant
    if variant == "kids" or "remove" in move:
        return None
    board = dict(ref.board)
    if "place" in move:
        dst = pyraos_ref.parse_pos(move["place"])
    else:
        src, dst = (pyraos_ref.parse_pos(v) for v in move["raise"])
        del board[src]
    board[dst] = ref.to_move
    if any(all(board.get(p) == ref.to_move for p in sq) for sq in pyraos_ref.squares_through(dst)):
        return "square"
    if variant == "lines" and any(
        all(board.get(p) == ref.to_move for p in line) for line in pyraos_ref.lines_through(dst)
    ):
        return "line"
    return None


def pyraos_remove_frees(ref: pyraos_ref.Pyraos, move: Json) -> bool:
    """True for a two-marble remove whose second marble was freed by the first."""
    names = move.get("remove", [])
    if len(names) != 2:
        return False
    return not ref.loose(pyraos_ref.parse_pos(names[1]))


def pyraos_choose(
    ref: pyraos_ref.Pyraos,
    moves: Sequence[Json],
    policy: str,
    last_dst: str | None,
    rnd: random.Random,
) -> Json:
    if policy == "uniform" or rnd.random() < 0.05:
        return rnd.choice(list(moves))
    weights: list[float] = []
    for move in moves:
        if "remove" in move:
            w = 1.0
            if len(move["remove"]) == 2:
                w = 2.0
            if pyraos_remove_frees(ref, move):
                w = 15.0
            if policy == "loopy" and move["remove"] == [last_dst]:
                w = 400.0
        else:
            w = 1.0
            if "raise" in move:
                w = 6.0
            if pyraos_earns(ref, move) is not None:
                w *= 12.0
        weights.append(w)
    return weighted_choice(rnd, moves, weights)


def probe_takeback_due(
    variant: str,
    label: str,
    history: Sequence[Json],
    ref: pyraos_ref.Pyraos,
    real: Any,
    ref_moves: Sequence[Json],
    rnd: random.Random,
    stats: Counter[str],
) -> None:
    """While a take-back is due, a move by the other player: both sides refuse it, the
    real one with the fault code "takeback_due" naming the player who must take back."""
    names = [pyraos_ref.pos_name(p) for p in pyraos_ref.ALL_POSITIONS]
    other = 1 - ref.to_move
    candidate = rnd.choice(
        [
            flip_player(rnd.choice(list(ref_moves))),
            {"p": other, "place": rnd.choice(names)},
            {"p": other, "raise": rnd.sample(names, 2)},
        ]
    )
    fault = real.fault(FROM_JSON("pyraos", variant, candidate))
    compare_value(
        label, history, f"fault of {dumps(candidate)}", ("takeback_due", ref.to_move), fault
    )
    probe_illegal("pyraos", variant, label, history, ref, real, ref_moves, candidate, stats)
    stats["other player's move during a take-back refused"] += 1


def play_pyraos(
    variant: str, policy: str, game_no: int, rnd: random.Random, stats: Counter[str]
) -> None:
    label = f"pyraos variant={variant!r} policy={policy} game {game_no}"
    ref = pyraos_ref.Pyraos(variant)
    real = pyraos.Pyraos(variant)
    history: list[Json] = []
    last_dst: str | None = None
    for _ in range(PYRAOS_MAX_PLIES):
        ref_moves = ref.legal_moves()
        compare_moves(label, history, ref_moves, [TO_JSON("pyraos", m) for m in real.legal_moves()])
        compare_value(label, history, "is_over()", ref.is_over(), real.is_over())
        if ref.is_over():
            break
        if rnd.random() < PROBE_RATE:
            candidate = pyraos_illegal_candidate(ref, ref_moves, rnd)
            probe_illegal("pyraos", variant, label, history, ref, real, ref_moves, candidate, stats)
        if ref.awaiting_remove:
            probe_takeback_due(variant, label, history, ref, real, ref_moves, rnd, stats)
        move = pyraos_choose(ref, ref_moves, policy, last_dst, rnd)
        real_move = FROM_JSON("pyraos", variant, move)
        compare_value(
            label, history, f"to_json(from_json({dumps(move)}))", move, TO_JSON("pyraos", real_move)
        )
        if "remove" in move:
            stats[f"remove of {len(move['remove'])}"] += 1
            if pyraos_remove_frees(ref, move):
                stats["second remove freed by the first"] += 1
        else:
            earned = pyraos_earns(ref, move)
            kind = "raise" if "raise" in move else "place"
            stats[kind] += 1
            if variant == "kids" and pyraos_earns(ref, move, "standard"):
                stats["own square in kids, no take-back"] += 1
            if "raise" in move:
                src, dst = (pyraos_ref.parse_pos(v) for v in move["raise"])
                stats[f"raise from level {src[0]}"] += 1
                if dst[0] - src[0] >= 2:
                    stats["raise over two levels"] += 1
            if earned is not None:
                stats[f"{earned} by {kind}"] += 1
                dst_name = move["raise"][1] if "raise" in move else move["place"]
                stats[f"{earned} on level {pyraos_ref.parse_pos(dst_name)[0]}"] += 1
                if kind == "place" and ref.reserves[ref.to_move] == 1:
                    stats["last reserve marble placed, take-back refills"] += 1
            elif kind == "place" and ref.reserves[ref.to_move] == 1:
                stats["last reserve marble placed, opponent still moves"] += 1
            last_dst = move["raise"][1] if "raise" in move else move["place"]
        history.append(move)
        ref.apply(move)
        try:
            real.apply(real_move)
        except Exception as exc:  # pragma: no cover - only on a disagreement
            raise AssertionError(
                disagreement(label, history, f"real apply() raised {exc!r}")
            ) from exc
    else:
        stats["game cut at the ply limit"] += 1
    outcome = real.outcome()
    compare_value(label, history, "outcome is set iff over", real.is_over(), outcome is not None)
    real_winner = None if outcome is None else outcome.winner
    compare_value(label, history, "winner", ref.winner(), real_winner)
    if ref.is_over():
        stats[f"end: {ref.end_reason}"] += 1


# Situations the random games of each variant must reach, built from shared groups.
RAISES = ["raise", "raise from level 2", "raise over two levels"]
ENDS = ["end: top", "end: empty reserve", "last reserve marble placed, opponent still moves"]
TAKE_BACKS = [
    "square by place",
    "square by raise",
    "square on level 2",
    "square on level 3",
    "last reserve marble placed, take-back refills",
    "remove of 1",
    "remove of 2",
    "second remove freed by the first",
    "other player's move during a take-back refused",
    "end: repetition",
]
PYRAOS_REQUIRED = {
    "standard": RAISES + TAKE_BACKS + ENDS,
    "lines": ["raise"]
    + TAKE_BACKS
    + ["line by place", "line by raise", "line on level 1", "line on level 2"]
    + ENDS,
    "kids": RAISES + ["own square in kids, no take-back"] + ENDS,
}


@pytest.mark.parametrize("variant", pyraos_ref.VARIANTS)
def test_pyraos_differential(variant: str) -> None:
    rnd = random.Random(f"pyraos-{variant}")
    stats: Counter[str] = Counter()
    game_no = 0
    for policy in ("uniform", "eager", "loopy"):
        for _ in range(PYRAOS_GAMES_PER_POLICY):
            play_pyraos(variant, policy, game_no, rnd, stats)
            game_no += 1
    print(f"\npyraos {variant}: {game_no} games, {dict(sorted(stats.items()))}")
    missing = [s for s in [*PYRAOS_REQUIRED[variant], "illegal event rejected"] if stats[s] == 0]
    assert not missing, f"situations never reached in pyraos {variant}: {missing}; {stats}"
    if variant == "kids":
        assert stats["remove of 1"] + stats["remove of 2"] == 0
