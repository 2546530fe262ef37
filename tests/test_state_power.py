"""The board's learnt state (tabletop.keep.store: save_state, load_state) through
power cuts, on real littlefs and the FAT model (sim/flash): a cut at
byte-steps all through a state write must leave a flash that mounts, a
journal untouched, and a state that is either the new one or the one before
(the two files take turns), never a damaged one.

The state is as big as the Pyraos board's (PyraosBoard.STATE_WORDS words)."""

from __future__ import annotations

import json
import random
from array import array

import pytest

from sim.hardware.flash import FatFlash, LittleFlash, PowerCut
from tabletop.board.pyraos_board import PyraosBoard
from tabletop.keep.store import GameStore

WORDS = PyraosBoard.STATE_WORDS
HEADER = '{"format": 1, "game": "pyraos", "variant": "standard"}'


def state(seed: int) -> tuple[array[int], array[int]]:
    rng = random.Random(seed)
    values = [rng.randrange(-(1 << 31), 1 << 31) for _ in range(WORDS)]
    return array("i", values[:3]), array("i", values[3:])


def flat(parts: tuple[array[int], ...]) -> list[int]:
    return [v for p in parts for v in p]


def move(i: int) -> str:
    return json.dumps({"p": i % 2, "place": "abcd"[i % 4] + str(i // 4 % 4 + 1)})


def loaded(flash: LittleFlash | FatFlash) -> tuple[int, list[str], tuple[int, list[int]] | None]:
    games = GameStore(flash.mount())
    lines, problems = games.load()
    assert problems == []
    got = games.load_state(WORDS)
    return games.events, [t for _, t in lines], None if got is None else (got[0], list(got[1]))


@pytest.mark.parametrize("fs", ["littlefs", "fat"])
def test_a_cut_in_a_state_write_leaves_the_new_state_or_the_one_before(fs: str) -> None:
    flash: LittleFlash | FatFlash = LittleFlash() if fs == "littlefs" else FatFlash(256 * 1024)
    games = GameStore(flash.mount())
    games.load()
    games.start(HEADER)
    games.add(move(0))
    games.save_state(state(0))
    before = (1, flat(state(0)))
    seen = {"old": 0, "new": 0}
    for i in range(1, 5):  # saves after new moves, and (i == 3) one after none
        if i != 3:
            games.add(move(i))
        twin = flash.copy()
        start = flash.programmed
        games.save_state(state(i))
        size = flash.programmed - start
        new = (games.events, flat(state(i)))
        journal = loaded(flash.copy())[1]
        for k in range(0, size, max(1, size // 400)):  # ~400 cuts a write
            trial = twin.copy()
            g = GameStore(trial.mount())
            g.load()
            g.load_state(WORDS)  # (which file the next write goes to)
            trial.cut_after(k)
            with pytest.raises(PowerCut):
                g.save_state(state(i))
            events, lines, got = loaded(trial)
            assert trial.mount_failures == 0
            assert lines == journal, "a state write touched the journal"
            assert got in (before, new), (i, k)
            seen["new" if got == new else "old"] += 1
        assert loaded(flash.copy())[2] == new
        before = new
    assert seen["old"] > 0
    if fs == "littlefs":
        assert seen["new"] > 0  # a cut after the commit keeps it
