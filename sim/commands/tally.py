"""What the arena adds up (sim.commands.arena): A's share of a game, the
95% interval of a share of games, what a game's result adds, a game timed,
a progress bar.

    share(winner, seat=1, seats=4)       # 1, 1/k of a win shared by k, 1/seats a draw
    low, high = wilson(7.5, 10)          # A scored 7.5 of 10 games
    extras([(seat, result, share), ...]) # {"a_rounds": {...}, ...}: by the result's fields
    index, text, seconds = timed(3, play_one, ...)   # a job's answer
    bar(7, 30)                           # "[#######.......] 7/30"

What a game adds to the summary comes from the fields of its record's
``result`` (the rules' ``result(state)``, docs/RECORDS.md), one adder a
field (``ADDERS``), never from the game's name: ``rounds`` (the winner of
each round: a Pacal duel) gives A's rounds won, drawn and lost;
``cards_used`` (a game played alone: Pacal solo) the mean cards used in the
games A won; ``totals`` (points per seat: Diabolo) A's mean points over the
others' mean. A game whose result has none of them adds nothing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.records.record import Record

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval

Played = tuple[int, dict[str, Any], float]  # A's seat, the record's result, A's share


def share(winner: Any, seat: int, seats: int) -> float:
    """A's share of one game at ``seat`` of ``seats``: 1 for a win, 1/k of
    a win shared by k (``winner`` a tuple or list), a draw (None) split
    between every seat; alone at the table (one seat) None is a game lost,
    as the rules' Outcome has it: there is nobody to draw with."""
    if isinstance(winner, (tuple, list)):
        return 1 / len(winner) if seat in winner else 0.0
    if winner is None:
        return 1 / seats if seats > 1 else 0.0
    return 1.0 if winner == seat else 0.0


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))  # (rounding)


def fraction(score: float, n: int) -> dict[str, Any]:
    """A share of ``n`` games as a fraction with its 95% interval."""
    low, high = wilson(score, n)
    return {
        "games": n,
        "share": round(score / n, 4) if n else None,
        "share_95": [round(low, 4), round(high, 4)],
    }


def _rounds(played: Sequence[Played]) -> dict[str, Any]:
    counts = [0, 0, 0]  # A won, drawn, lost
    for seat, result, _ in played:
        for w in result["rounds"]:
            counts[1 if w is None else 0 if w == seat else 2] += 1
    return {"a_rounds": {"won": counts[0], "drawn": counts[1], "lost": counts[2]}}


def _cards_used(played: Sequence[Played]) -> dict[str, Any]:
    won = [result["cards_used"] for _, result, s in played if s == 1.0]
    return {"a_cards_when_won": round(sum(won) / len(won), 2) if won else None}


def _totals(played: Sequence[Played]) -> dict[str, Any]:
    margins = []  # A's total minus the others' mean, per game
    for seat, result, _ in played:
        totals = result["totals"]
        others = [t for q, t in enumerate(totals) if q != seat]
        if others:
            margins.append(totals[seat] - sum(others) / len(others))
    if not margins:
        return {}
    return {"a_points_over_others": round(sum(margins) / len(margins), 2)}


# a field of the record's result -> what it adds to the summary
ADDERS: dict[str, Callable[[Sequence[Played]], dict[str, Any]]] = {
    "rounds": _rounds,
    "cards_used": _cards_used,
    "totals": _totals,
}


def extras(played: Sequence[Played]) -> dict[str, Any]:
    """What the games' results add to a summary (see the module's docstring):
    the adder of every field that every game's result holds."""
    out: dict[str, Any] = {}
    if not played:
        return out
    for field, add in ADDERS.items():
        if all(field in result for _, result, _ in played):
            out.update(add(played))
    return out


def ms_clock() -> int:
    """Milliseconds of a monotonic clock (a search's budget in time)."""
    return time.monotonic_ns() // 1_000_000


def timed(index: int, play: Callable[..., Record], *args: Any) -> tuple[int, str, float]:
    """A job's answer: its index, the record ``play(*args)`` gives as text,
    and the seconds it took."""
    start = time.monotonic()
    rec = play(*args)
    return index, rec.dumps(), time.monotonic() - start


def bar(done: int, total: int, width: int = 30) -> str:
    """A text progress bar: ``[#######.......]  7/30``."""
    filled = width * done // max(1, total)
    return f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
