"""The reference hardware's noise, on the sensor chain of the simulator
(sim/hardware/physics/sensor_chain.py, the default model): 17.6 counts a
reading at 1x against the 15 of the reference Pyraos profile's
``model.noise``. A board whose sensing measures its noise at power on
(tabletop.sensing.noise) must work with its own on every power on, not on
some: one that did not took its noise for motion about once a second
(which starts over every wait for still readings: a knock relearnt after
up to 8 s instead of about 1, "Not sure" after up to 6 s instead of 2.5;
docs/FIRMWARE.md, "The sensor model of the simulator"). In every game of
the registry whose board measures it."""

from __future__ import annotations

from typing import Any

import pytest

from sim.runs.board_play import BoardRun, reference_profile
from tabletop import games
from tests.bench.pico import GAMES

BENCH = {"pyraos": "pyraos", "pacal": "pacal-duel", "diabolo": "diabolo"}  # (its bench game)
SEEDS = range(1, 9)  # (retuning from a quarter above, 4 of these did not)
STILL_MS = 10_000  # the board left alone this long after power on ...
STIRS = 3  # ... takes its noise for motion at most this often (4 to 11 not retuned)
# the games of the registry whose board measures its noise at power on and
# works with it (tabletop.board.contract's TELLS_NOISE; Pacal's and
# Diabolo's count cards and switches through debounced levels and codes)
MEASURING = [g for g in games.NAMES if games.part(g, "board").make.TELLS_NOISE]


def test_a_board_of_the_registry_measures_its_noise() -> None:
    assert MEASURING  # (else the test below would run over nothing)


@pytest.mark.parametrize("game", MEASURING)
def test_the_reference_hardware_works_with_its_own_noise(game: str) -> None:
    name, variant, _, _, _, _ = GAMES[BENCH[game]]
    profile = reference_profile(name)
    for seed in SEEDS:
        run = BoardRun(profile, name, variant, seed=seed, sensor="chain", noise=1.0)
        run.start()
        run.advance(1500)
        sensor: Any = run.runtime.board.sensor
        assert sensor.measured
        assert sensor.noise > profile.noise, (seed, sensor.noise, profile.noise)
        readings = sensor.readings
        last, stirs = readings.moving_at, 0
        for _ in range(STILL_MS // run.tick_ms):  # (on the virtual clock, tick by tick)
            run.advance(run.tick_ms)
            if readings.moving_at != last:
                last, stirs = readings.moving_at, stirs + 1
        assert stirs <= STIRS, (seed, stirs)
