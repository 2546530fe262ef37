"""The journal on flash through power cuts: a cut at every byte offset of the
journal writes of real games, on a real littlefs and on the FAT model
(sim/flash), must always leave a flash that mounts and a journal that
resumes at the last completed write, losing nothing completed.

A game's writes: the new game's header, one append per accepted move, a
rewrite for each BACK, and the next game's header (the first is kept)."""

from __future__ import annotations

from typing import Any

import pytest

from sim.hardware.flash import FatFlash, LittleFlash, PowerCut
from sim.runs.selfplay import play_game
from tabletop.keep.journal import Journal
from tabletop.keep.store import GameStore

Op = tuple[str, Any]


def script(game: str, variant: str, seed: int, moves: int) -> list[Op]:
    """Writes of a game: its events, a BACK after every 7th, then a new game."""
    events = play_game(game, variant, seed).events[:moves]
    ops: list[Op] = [("restart", variant)]
    for i, ev in enumerate(events):
        ops.append(("add", ev))
        if i % 7 == 6:
            ops.append(("undo", None))
            ops.append(("add", ev))
    ops.append(("restart", variant))
    return ops


def apply(journal: Journal, op: Op) -> None:
    kind, arg = op
    if kind == "add":
        journal.add(arg)
        journal.flush()
    elif kind == "undo":
        journal.undo()
    else:
        journal.restart(arg)


def states(game: str, ops: list[Op]) -> list[list[Any]]:
    """The game in progress after each op (index 0: before any)."""
    out: list[list[Any]] = [[]]
    cur: list[Any] = []
    for kind, arg in ops:
        if kind == "add":
            cur = cur + [arg]
        elif kind == "undo":
            cur = cur[:-1]
        else:
            cur = []
        out.append(cur)
    return out


def resumed(flash: LittleFlash | FatFlash, game: str, variant: str) -> list[Any]:
    journal = Journal.restore(GameStore(flash.mount()), game, variant)
    assert journal.game == game
    return list(journal.events)


def cut_everywhere(
    flash: LittleFlash | FatFlash, game: str, variant: str, ops: list[Op], stride: int = 1
) -> dict[str, int]:
    """Run ``ops``; before each, try a cut at every byte-step it writes (every
    ``stride``-th) on a copy of the flash. Counts how the cuts ended."""
    seen = {"before": 0, "after": 0, "cuts": 0}
    want = states(game, ops)
    journal = Journal.restore(GameStore(flash.mount()), game, variant)
    journal.restart(variant)
    for i, op in enumerate(ops):
        start = flash.programmed
        twin = flash.copy()
        apply(journal, op)
        size = flash.programmed - start
        for k in range(0, size, stride):
            trial = twin.copy()
            j = Journal.restore(GameStore(trial.mount()), game, variant)
            assert j.events == want[i]  # the twin resumes where the op began
            trial.cut_after(k)
            with pytest.raises(PowerCut):
                apply(j, op)
            got = resumed(trial, game, variant)
            assert trial.mount_failures == 0
            # a completed write is never lost; the one cut is all or nothing
            if got == want[i + 1]:
                seen["after"] += 1
            else:
                assert got == want[i], (i, op, k)
                seen["before"] += 1
            seen["cuts"] += 1
    assert resumed(flash, game, variant) == want[-1]
    return seen


@pytest.mark.parametrize(
    ("game", "variant", "seed", "moves"),
    [("pyraos", "standard", 3, 60), ("pyraos", "lines", 4, 60), ("pacal", "duel", 5, 60),
     ("pacal", "solo", 6, 60)],
)  # fmt: skip
def test_a_cut_at_every_byte_on_fat(game: str, variant: str, seed: int, moves: int) -> None:
    ops = script(game, variant, seed, moves)
    seen = cut_everywhere(FatFlash(), game, variant, ops)
    assert seen["cuts"] > 500 and seen["before"] > 0


def test_a_cut_at_every_byte_on_littlefs() -> None:
    ops = script("pyraos", "standard", 3, 16)  # (longer games: every 61st byte, below)
    seen = cut_everywhere(LittleFlash(), "pyraos", "standard", ops)
    assert seen["cuts"] > 10000
    assert seen["before"] > 0 and seen["after"] > 0  # both sides of a commit are reached


@pytest.mark.parametrize(
    ("game", "variant", "seed"), [("pacal", "duel", 7), ("pyraos", "lines", 8)]
)
def test_cuts_through_whole_games_on_littlefs(game: str, variant: str, seed: int) -> None:
    # every 61st byte of longer games: files past their inline size, blocks moved
    ops = script(game, variant, seed, 80)
    seen = cut_everywhere(LittleFlash(), game, variant, ops, stride=61)
    assert seen["cuts"] > 500
