"""The sensor chain of the virtual boards (sim/hardware/physics/sensor_chain.py,
``sensor="chain"``): what a user of the simulator would notice of the RP2040
ADC, the hall sensors and the LEDs on the supply. The figures are the ones docs/FIRMWARE.md
cites ("The sensor model of the simulator"), restated here, not read from
the module under test.
"""

from __future__ import annotations

import copy
import math
import random
import statistics
from array import array
from collections import Counter

from sim.hardware.physics import PacalPhysics, PyraosPhysics
from sim.hardware.physics.sensor_chain import SensorChain
from sim.hardware.virtual_hal import VirtualHal
from tests.physics_support import RAW, analog, profile

# A reading of 4 conversions at 1x, in 16-bit counts: the sensor's 6 mV pp
# (0.91 mV rms; 0.75 of its variance left in the mean of 4 conversions 2 us
# apart) is 15.7 counts, the ADC's 0.97 LSB rms over 4 conversions 7.8, the
# 12-bit steps 2.3: 17.6 in all. At 2x the noise sources double: 35.0.
READING_SD = {1.0: 17.6, 2.0: 35.0}
WIDE = (511, 1535, 2559, 3583)  # RP2040-E11: the codes below 512, 1536, 2560, 3584
COUNTS_PER_LSB = 65535 / 4095


def chain(noise: float = 1.0, errors: bool = False, samples: int = 4, seed: int = 1) -> SensorChain:
    return SensorChain((random.Random(seed), random.Random(seed + 1)), 1, samples, noise, errors)


def read_one(c: SensorChain, ideal: float, now_ms: int = 0) -> int:
    buf = array("H", [0])
    c.convert(now_ms, [ideal], [32768.0], [0], buf)
    return buf[0]


def sd_of(c: SensorChain, ideal: float, n: int = 4000, now_ms: int = 0) -> float:
    return statistics.pstdev(read_one(c, ideal, now_ms) for _ in range(n))


def test_a_reading_is_what_read_u16_gives_averaged_over_the_samples() -> None:
    # One conversion a reading: every reading is a 12-bit code scaled as
    # machine.ADC.read_u16 does (raw << 4 | raw >> 8), never anything between.
    one = chain(samples=1)
    for x in range(0, 65536, 37):
        r = read_one(one, x + 0.3)
        assert r & 15 == r >> 12, r
    # Four: the hal's rounded mean of four such values (the sum is 16 times
    # the codes' sum plus their top nibbles).
    four = chain(samples=4)
    for x in range(20000, 45000, 97):
        r = read_one(four, float(x))
        assert any(
            (16 * s + top + 2) // 4 == r for s in range(r // 4 - 4, r // 4 + 4) for top in range(16)
        ), r
    # Through a whole board: a Pyraos profile reading one sample per channel.
    raw = copy.deepcopy(RAW["pyraos"])
    raw["analog"]["samples"] = 1
    p = profile("pyraos", raw)
    physics = PyraosPhysics(p, 3, sensor="chain")
    buf = analog(p)
    for t in range(0, 200, 5):
        physics.read(t, buf)
        assert all(buf[c] & 15 == buf[c] >> 12 for c in p.sensor_channels)


def test_the_erratum_codes_are_wide_in_a_slow_ramp() -> None:
    # A slow ramp over the whole range, 20 steps per LSB, no noise: how many
    # steps each code takes is its width. The four codes of RP2040-E11 are
    # about ten codes wide; every other code about one. Not scaled by noise:
    # the same at noise 0.
    c = chain(noise=0.0, samples=1)
    hits: Counter[int] = Counter()
    for k in range(300 * 20, 3800 * 20):
        hits[read_one(c, k / 20 * COUNTS_PER_LSB) >> 4] += 1
    for code in WIDE:
        assert 8.5 <= hits[code] / 20 <= 11.5, (code, hits[code])
    others = [hits[code] / 20 for code in range(320, 3780) if code not in WIDE]
    assert all(0.9 <= w <= 1.1 for w in others)
    assert statistics.fmean(others) > 0.98  # the rest give back only what the four take
    # In a noisy ramp the wide codes still turn up about ten times as often.
    noisy = chain(noise=1.0, samples=1)
    seen: Counter[int] = Counter()
    for k in range(2400 * 10, 2700 * 10):
        seen[read_one(noisy, k / 10 * COUNTS_PER_LSB) >> 4] += 1
    typical = statistics.median(seen[code] for code in range(2450, 2650))
    assert seen[2559] > 6 * typical


def test_noise_of_a_reading_matches_the_cited_figures_at_1x_and_2x() -> None:
    for noise, want in READING_SD.items():
        got = sd_of(chain(noise=noise), 32768.0 + 0.3)
        assert abs(got - want) < 0.08 * want, (noise, got, want)
    # No noise: every reading the same.
    quiet = chain(noise=0.0)
    assert len({read_one(quiet, 33000.4) for _ in range(50)}) == 1
    # On a whole board at rest (LEDs dark, no errors) the same figure.
    p = profile("pyraos")
    physics = PyraosPhysics(p, 5, noise=1.0, errors=False, sensor="chain")
    buf = analog(p)
    samples: list[list[int]] = [[] for _ in range(25)]
    for t in range(1500):
        physics.read(t, buf)
        for i, ch in enumerate(p.sensor_channels):
            samples[i].append(buf[ch])
    board_sd = statistics.fmean(statistics.pstdev(s) for s in samples)
    assert abs(board_sd - READING_SD[1.0]) < 0.08 * READING_SD[1.0]


def frame(lit: int, value: int = 77) -> bytes:
    # ``lit`` LEDs of a 57-LED chain white at ``value`` (0.3 brightness: 77).
    return bytes([value] * (3 * lit) + [0] * (3 * (57 - lit)))


def test_ripple_grows_with_the_leds_lit_and_a_frame_sent() -> None:
    sds = []
    for lit in (0, 5, 20, 57):
        c = chain()
        c.leds(0, frame(lit))
        sds.append(sd_of(c, 32768.3, now_ms=100))
    assert sds == sorted(sds) and sds[-1] > 1.15 * sds[0], sds
    # Brighter draws more (until full on: a channel always on does not ripple).
    dim, bright = chain(), chain()
    dim.leds(0, frame(57, 20))
    bright.leds(0, frame(57, 100))
    assert sd_of(dim, 32768.3, now_ms=100) < sd_of(bright, 32768.3, now_ms=100)
    # A reading taken as a frame changes the current is noisier than one a
    # tick later, with the same LEDs lit.
    c = chain()
    c.leds(0, frame(57))
    assert sd_of(c, 32768.3, now_ms=0) > 1.1 * sd_of(c, 32768.3, now_ms=5)
    # The virtual hal tells the physics each frame it sends.
    p = profile("pyraos")
    physics = PyraosPhysics(p, 0, sensor="chain")
    hal = VirtualHal(physics, p, 0)
    assert physics.chain is not None
    assert physics.chain.ripple_sd(10) == 0.0
    hal.now_ms = 10
    hal.transmit(bytearray(frame(20)[: 3 * p.led_count]))
    assert physics.chain.ripple_sd(20) > 0.0


def test_the_sensors_drift_with_temperature() -> None:
    # Each sensor's quiescent output has its own temperature coefficient
    # (within +-1 % of VCC over 100 C: +-6.6 counts per C); 20 C warmer moves
    # each base by its coefficient times 20, within a 12-bit step.
    n = 25
    c = SensorChain((random.Random(4), random.Random(5)), n, 4, 0.0, True)
    c.warm_c = 0.0
    ideal = [32768.0 + 101.3 * i for i in range(n)]
    buf = array("H", [0] * n)
    c.convert(0, ideal, ideal, range(n), buf)
    cold = list(buf)
    c.ambient_c = 45.0
    c.convert(0, ideal, ideal, range(n), buf)
    moved = [buf[i] - cold[i] for i in range(n)]
    for i in range(n):
        assert abs(moved[i] - 20 * c.drift_per_c[i]) <= 17
        assert abs(c.drift_per_c[i]) <= 6.6
    assert max(moved) - min(moved) > 60  # the sensors do not all move alike
    # The sensitivity's +0.12 %/C and the magnet's -0.12 %/C cancel: a field
    # of 16,000 counts reads the same within a few counts.
    c.ambient_c = 25.0
    c.convert(0, [48000.3], [32000.0], [0], buf)
    at25 = buf[0]
    c.ambient_c = 45.0
    c.drift_per_c[0] = 0.0
    c.convert(0, [48000.3], [32000.0], [0], buf)
    assert abs(buf[0] - at25) <= 17
    # After power on the board warms: on a whole board the readings at rest
    # move over an hour by about the sensors' coefficients times WARM_C (2 C),
    # and without errors they do not move at all.
    p = profile("pyraos")
    warm = PyraosPhysics(p, 7, noise=0.0, sensor="chain")
    assert warm.chain is not None
    warm._drift.on = False  # the drift's random walk aside
    buf = analog(p)
    warm.read(0, buf)
    first = [buf[ch] for ch in p.sensor_channels]
    warm.read(3_600_000, buf)
    later = [buf[ch] for ch in p.sensor_channels]
    for i in range(25):
        want = warm.chain.drift_per_c[i] * (warm.chain.temperature(3_600_000) - 25.0)
        assert abs(later[i] - first[i] - want) <= 17
    steady = PyraosPhysics(p, 7, noise=0.0, errors=False, sensor="chain")
    steady.read(0, buf)
    first = list(buf)
    steady.read(3_600_000, buf)
    assert list(buf) == first


def test_deterministic_per_seed_and_the_plain_model_kept() -> None:
    p = profile("pyraos")

    def trace(seed: int, sensor: str = "chain") -> list[int]:
        physics = PyraosPhysics(p, seed, sensor=sensor)
        buf = analog(p)
        out: list[int] = []
        for t in range(0, 300, 5):
            if t == 100:
                physics.leds(t, frame(9)[: 3 * p.led_count])
            physics.read(t, buf)
            out += list(buf)
        return out

    assert trace(3) == trace(3)
    assert trace(3) != trace(4)
    assert trace(3, "plain") == trace(3, "plain") != trace(3)
    # The plain model is what it was: Gaussian noise of the profile's
    # model.noise on the exact reading.
    plain = PyraosPhysics(p, 3, noise=1.0, errors=False, sensor="plain")
    assert plain.chain is None
    buf = analog(p)
    got = []
    for t in range(2000):
        plain.read(t, buf)
        got.append(buf[p.sensor_channels[0]])
    assert abs(statistics.pstdev(got) - p.noise) < 0.08 * p.noise
    # Pacal's field sensors go through the same chain.
    pacal = profile("pacal")
    board = PacalPhysics(pacal, 2, noise=1.0, errors=False, sensor="chain")
    buf = analog(pacal)
    levels = []
    for t in range(2000):
        board.read(t, buf)
        levels.append(buf[pacal.field_channels[0]])
    assert abs(statistics.pstdev(levels) - READING_SD[1.0]) < 0.1 * READING_SD[1.0]
    assert abs(statistics.fmean(levels) - board.true_levels[0][0]) < 3


def test_no_sensor_model_of_another_name() -> None:
    p = profile("pyraos")
    try:
        PyraosPhysics(p, 0, sensor="ideal")
    except ValueError as e:
        assert "chain" in str(e)
    else:
        raise AssertionError("an unknown sensor model was taken")
    assert math.isclose(COUNTS_PER_LSB, 16.0037, rel_tol=1e-4)
