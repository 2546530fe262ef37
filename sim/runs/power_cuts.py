"""The power cuts board-play plans (sim.runs.board_play): when each comes and
what it did.

    cuts = plan_power_cuts("pyraos", "standard", events, 10, seed=3)
    run.play(events, cuts)          # a BoardRun over a virtual flash
    run.log                         # a Reboot per cut

About half the cuts come inside a move's journal write (armed with
``flash.cut_after(k)`` just before it; k = 0: before its first byte), the
others at a tick with no write in progress (the hand may hold a piece).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop import games
from tabletop.rules import pacal

OFF_MS = (300, 2000)  # how long the power stays off after a cut (virtual ms)
TICK_CUT_MS = (0, 3000)  # a tick cut comes this long after its event starts
BEFORE_ANY_BYTE = 0.15  # share of write cuts that come before the write's first byte


@dataclass(frozen=True)
class Cut:
    """One planned power cut, in record event ``event`` (an index)."""

    event: int
    in_write: bool  # armed just before the event: it lands in the event's journal write
    share: float  # in_write: k as a share of a journal write's byte-steps (0: before any)
    after_ms: int  # not in_write: this long after the event starts, at a tick
    off_ms: int  # how long the power stays off


@dataclass
class Reboot:
    """What one power cut did."""

    at_ms: int  # when the power went off
    event: int  # the record event in progress (its index; or being restored or redone)
    in_write: bool  # the cut came inside a file-store call
    kept: int  # journal events that were on flash when the power went
    holding: bool  # the hand held a piece (it finished what it was doing)
    resumed: int = -1  # journal events the firmware came back with (-1: not yet on)
    held_at_boot: bool = False  # the hand held a piece when the power came back

    @property
    def place(self) -> str:
        """Where the cut came, in words."""
        return "in a journal write" if self.in_write else "at a tick"


def is_deal(game: str, event: Any) -> bool:
    """Is ``event`` a deal (a chance event the table makes), not a move?"""
    return bool(games.part(game, "notation").is_deal(event))


def writes_journal(game: str, variant: str, event: Any) -> bool:
    """Does the board append a journal line when it accepts this record event?
    (A solo deal is written when the game starts, before any event.)"""
    return not (is_deal(game, event) and variant == pacal.SOLO)


def plan_power_cuts(game: str, variant: str, events: list[Any], n: int, seed: int) -> list[Cut]:
    """``n`` power cuts spread over the record (one in each n-th of it), from
    ``seed``: about half inside a move's journal write, half at a tick."""
    rng = random.Random(f"power cuts {seed}")
    if n <= 0 or not events:
        return []
    writes = [i for i, ev in enumerate(events) if writes_journal(game, variant, ev)]
    kinds = [True] * ((n + 1) // 2) + [False] * (n // 2)
    rng.shuffle(kinds)
    if not writes:
        kinds = [False] * n
    cuts = []
    total = len(events)
    for j, in_write in enumerate(kinds):
        lo = j * total // n
        hi = max(lo + 1, (j + 1) * total // n)
        pool = [i for i in range(lo, hi) if not in_write or i in writes]
        if not pool:
            pool = [min(writes, key=lambda i: abs(i - lo))]
        share = 0.0 if rng.random() < BEFORE_ANY_BYTE else rng.random()
        cuts.append(
            Cut(
                event=rng.choice(pool),
                in_write=in_write,
                share=share if in_write else 0.0,
                after_ms=0 if in_write else rng.randint(*TICK_CUT_MS),
                off_ms=rng.randint(*OFF_MS),
            )
        )
    cuts.sort(key=lambda c: c.event)
    return cuts
