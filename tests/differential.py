"""Differential tests: the real rules against an independent reference; what
test_differential_pyraos.py and test_differential_pacal.py share.

The reference in tests/reference/ was written from docs/RULES.md and
docs/RECORDS.md only. Random games are played on both at once; at every
step the two lists of legal moves must be equal (as sorted JSON strings), then
the same randomly chosen move is applied to both, and at the end the outcomes
must agree. Biased policies steer the games into the rare situations (squares,
take-backs, raises, completed pyramids, last cards, draws), and each test counts
them and asserts that every one of them actually occurred, so the test proves
its own coverage. At a tenth of the steps a random illegal event is also tried
(``probe_illegal``): both sides must reject it with a ValueError and stay
unchanged.

Run: .venv/bin/pytest tests/test_differential_pyraos.py tests/test_differential_pacal.py -q
"""

from __future__ import annotations

import importlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from tabletop.rules import pacal, pyraos
from tests.reference import pacal_ref, pyraos_ref

Json = dict[str, Any]


def _load_codec() -> tuple[Callable[[str, Any], Json], Callable[[str, str, Json], Any]]:
    """The record codec: ``tabletop.records.notation`` (to_json(game, event), from_json(game,
    variant, obj)), or the older per-game ``to_json(event)`` / ``from_json(obj, variant)``."""
    try:
        notation = importlib.import_module("tabletop.records.notation")
    except ImportError:
        modules = {"pacal": pacal, "pyraos": pyraos}
        return (
            lambda game, event: modules[game].to_json(event),
            lambda game, variant, obj: modules[game].from_json(obj, variant),
        )
    return notation.to_json, notation.from_json


TO_JSON, FROM_JSON = _load_codec()


# ----------------------------------------------------------------- comparison


def dumps(obj: object) -> str:
    return json.dumps(obj, sort_keys=True)


def disagreement(label: str, history: Sequence[Json], what: str) -> str:
    lines = "\n".join(dumps(e) for e in history) or "(no events yet)"
    return (
        f"\nDISAGREEMENT in {label} after {len(history)} events\n"
        f"history (JSON lines):\n{lines}\n{what}"
    )


def compare_moves(
    label: str, history: Sequence[Json], ref_moves: Iterable[Json], real_moves: Iterable[Json]
) -> None:
    ref = sorted(dumps(m) for m in ref_moves)
    real = sorted(dumps(m) for m in real_moves)
    if ref == real:
        return
    only_ref = sorted((Counter(ref) - Counter(real)).elements())
    only_real = sorted((Counter(real) - Counter(ref)).elements())
    what = (
        "legal moves differ\n"
        f"only the reference lists ({len(only_ref)}):\n  " + "\n  ".join(only_ref) + "\n"
        f"only the real implementation lists ({len(only_real)}):\n  " + "\n  ".join(only_real)
    )
    raise AssertionError(disagreement(label, history, what))


def compare_value(
    label: str, history: Sequence[Json], what: str, ref_value: object, real_value: object
) -> None:
    if ref_value != real_value:
        raise AssertionError(
            disagreement(label, history, f"{what}: reference {ref_value!r}, real {real_value!r}")
        )


def weighted_choice(rnd: random.Random, options: Sequence[Json], weights: Sequence[float]) -> Json:
    return rnd.choices(list(options), weights=list(weights), k=1)[0]


PROBE_RATE = 0.1  # share of steps at which an illegal event is also tried on both sides


def probe_illegal(
    game: str,
    variant: str,
    label: str,
    history: Sequence[Json],
    ref: pyraos_ref.Pyraos | pacal_ref.PacalDuel | pacal_ref.PacalSolo,
    real: Any,
    ref_moves: Sequence[Json],
    candidate: Json,
    stats: Counter[str],
) -> None:
    """Both sides must reject ``candidate`` (not a legal move) and stay unchanged.

    The real side may reject it in ``from_json`` (malformed) or in ``apply`` (illegal);
    either way with a ValueError, as the record spec asks for a reader."""
    if candidate in ref_moves:
        return
    with pytest.raises(ValueError):
        ref.apply(candidate)
    assert ref.legal_moves() == list(ref_moves), "reference changed on a rejected move"
    where = f"illegal event {dumps(candidate)}"
    try:
        real_event = FROM_JSON(game, variant, candidate)
        real.apply(real_event)
    except ValueError:
        stats["illegal event rejected"] += 1
    except Exception as exc:
        raise AssertionError(
            disagreement(label, history, f"{where}: real raised {exc!r}, not a ValueError")
        ) from exc
    else:
        raise AssertionError(disagreement(label, history, f"{where}: real accepted it"))
    compare_moves(
        label + f" (after rejecting {where})",
        history,
        ref_moves,
        [TO_JSON(game, m) for m in real.legal_moves()],
    )


def flip_player(move: Json) -> Json:
    return {**move, "p": 1 - move["p"]}
