"""A board wired in its maker's own order: the reference profile with its
sensor channels, LED indices and shift-register bits (Pacal's code spots,
Diabolo's slot sensors and code spots) shuffled.

    raw = shuffled_wiring(reference_raw, seed=7)   # a profile dict, the same board
    VirtualDevice("pyraos", wiring_seed=7)         # a virtual board wired that way

The result is what the board really is (the physics and the LED chain of a
virtual board follow it); the profile file on such a board is still the
reference one until ``python -m host_tools map`` has found the wiring.
Which channel or LED goes where is a permutation drawn from ``seed``;
nothing else changes.
"""

from __future__ import annotations

import copy
import random
from typing import Any


def _shuffled(values: list[int], rng: random.Random) -> list[int]:
    out = list(values)
    rng.shuffle(out)
    return out


def shuffled_wiring(raw: dict[str, Any], seed: int) -> dict[str, Any]:
    """A copy of the raw profile ``raw`` whose wiring is permuted by ``seed``."""
    rng = random.Random(seed)
    out = copy.deepcopy(raw)
    out["name"] = f"{raw['name']} (wired in order {seed})"
    if "sensors" in out:
        sensors = out["sensors"]
        names = list(sensors)
        channels = _shuffled([sensors[n]["channel"] for n in names], rng)
        for name, ch in zip(names, channels, strict=True):
            sensors[name]["channel"] = ch
    if "fields" in out:
        fields = [f for side in ("0", "1") for f in out["fields"][side]]
        channels = _shuffled([f["channel"] for f in fields], rng)
        for f, ch in zip(fields, channels, strict=True):
            f["channel"] = ch
    if "slots" in out:
        bits = _shuffled([b for slot in out["slots"] for b in slot["bits"]], rng)
        for i, slot in enumerate(out["slots"]):
            slot["bits"] = bits[7 * i : 7 * i + 7]
    if "rows" in out:  # (Diabolo: the 30 slot sensors and the reader's 7 spots, one chain)
        sides = [row[side] for row in out["rows"].values() for side in sorted(row)]
        reader = out["reader"]
        bits = _shuffled([b for side in sides for b in side] + reader["bits"], rng)
        for side in sides:
            side[:] = bits[: len(side)]
            del bits[: len(side)]
        reader["bits"] = bits
    led_map = out["led_map"]
    names = list(led_map)
    indices = _shuffled([led_map[n] for n in names], rng)
    out["led_map"] = dict(zip(names, indices, strict=True))
    return out
