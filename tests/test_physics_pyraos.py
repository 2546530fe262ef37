"""The virtual Pyraos board (sim/hardware/physics.py): hall sensor readings, noise,
errors, drift, bounce and knocks, and what a hand may and may not do.

Expected readings are computed here from docs/FIRMWARE.md and the profile's
JSON (sensor planes, positions, the dipole formula), not by calling the
physics' own helpers. Where a test wants those readings exactly (or the
plain model's Gaussian noise and drift) it reads through ``sensor="plain"``;
the sensor chain (ADC codes, sensor noise, ripple) is tested in
test_physics_sensor_chain.py.
"""

from __future__ import annotations

import copy
import math
import random
import statistics
from typing import Any

import pytest

from sim.hardware import physics as phys
from sim.hardware.physics import PhysicsError, PyraosPhysics
from tabletop.profile.schema import PYRAOS_SENSORS
from tests.physics_support import RAW, analog, profile


def sensor_xy(name: str, pitch: float) -> tuple[float, float]:
    # docs/FIRMWARE.md: cup (x, y) at (x P, y P); point 2xy at ((x+1/2) P, (y+1/2) P).
    if len(name) == 2:
        return "abcd".index(name[0]) * pitch, (int(name[1]) - 1) * pitch
    return ("abc".index(name[1]) + 0.5) * pitch, (int(name[2]) - 0.5) * pitch


def marble_xyz(name: str, pitch: float, depth: float) -> tuple[float, float, float]:
    # A marble at level L, column x, row y has its centre at
    # ((x + (L-1)/2) P, (y + (L-1)/2) P, depth + (L-1) P / sqrt 2).
    level = 1 if len(name) == 2 else int(name[0])
    col, row = "abcd".index(name[-2]), int(name[-1]) - 1
    k = level - 1
    return (col + k / 2) * pitch, (row + k / 2) * pitch, depth + k * pitch / math.sqrt(2)


def expected_pyraos(
    raw: dict[str, Any], marbles: list[tuple[float, float, float]]
) -> dict[int, int]:
    """Channel -> reading: base + gain * sum(moment (3 dz^2 - r^2) / r^5), rounded, clipped."""
    m = raw["model"]
    out = {}
    for name, s in raw["sensors"].items():
        sx, sy = sensor_xy(name, m["pitch_mm"])
        total = 0.0
        for x, y, z in marbles:
            dx, dy, dz = x - sx, y - sy, z
            r2 = dx * dx + dy * dy + dz * dz
            total += m["moment"] * (3 * dz * dz - r2) / r2**2.5
        v = round(s["base"] + s["gain"] * total)
        out[s["channel"]] = min(65535, max(0, v))
    return out


def shuffled_pyraos_raw(seed: int) -> dict[str, Any]:
    """The reference profile with its channels permuted and uneven bases and gains."""
    raw: dict[str, Any] = copy.deepcopy(RAW["pyraos"])
    rnd = random.Random(seed)
    channels = list(range(25))
    rnd.shuffle(channels)
    for (_, s), ch in zip(raw["sensors"].items(), channels, strict=True):
        s["channel"] = ch
        s["base"] = rnd.randint(20000, 40000)
        s["gain"] = round(rnd.uniform(0.7, 1.3), 3)
    return raw


def pos(name: str) -> int:
    from tabletop.rules.pyraos_geometry import position_index

    return int(position_index(name))


def build(physics: PyraosPhysics, names: list[str], t: int = 0) -> None:
    for n in names:
        physics.take_from_reserve(t)
        physics.hold_over(pos(n), 0.0, t)
        physics.release(pos(n), t)


SQUARE = ["a1", "b1", "a2", "b2"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pyraos_readings_follow_the_model(seed: int) -> None:
    raw = shuffled_pyraos_raw(seed)
    p = profile("pyraos", raw)
    physics = PyraosPhysics(p, seed, noise=0.0, errors=False, sensor="plain")
    buf = analog(p)
    pitch, depth = raw["model"]["pitch_mm"], raw["model"]["depth_mm"]
    physics.read(0, buf)
    assert {c: buf[c] for c in range(25)} == expected_pyraos(raw, [])
    names = SQUARE + ["c1", "c2", "2a1", "d4", "c3", "d3", "c4"]
    build(physics, names)
    physics.read(10, buf)
    rest = [marble_xyz(n, pitch, depth) for n in names]
    assert {c: buf[c] for c in range(25)} == expected_pyraos(raw, rest)
    # A marble in the hand counts wherever it is.
    rnd = random.Random(seed)
    physics.take_from_reserve(20)
    for t in range(30, 40):
        at = (rnd.uniform(-20, 95), rnd.uniform(-20, 95), rnd.uniform(15, 80))
        physics.hold(*at, now_ms=t)
        physics.read(t, buf)
        assert {c: buf[c] for c in range(25)} == expected_pyraos(raw, rest + [at])
    # Over a position at a height: its rest centre plus the height.
    physics.hold_over(pos("2b1"), 12.5, 50)
    physics.read(50, buf)
    x, y, z = marble_xyz("2b1", pitch, depth)
    assert {c: buf[c] for c in range(25)} == expected_pyraos(raw, rest + [(x, y, z + 12.5)])


def test_pyraos_whole_pyramid_and_clipping() -> None:
    raw = RAW["pyraos"]
    p = profile("pyraos")
    physics = PyraosPhysics(p, 3, noise=0.0, errors=False, sensor="plain")
    names = [f"{c}{r}" for r in "1234" for c in "abcd"]
    names += [f"2{c}{r}" for r in "123" for c in "abc"]
    names += ["3a1", "3b1", "3a2", "3b2", "4a1"]
    build(physics, names)
    assert physics.occupied() == (1 << 30) - 1
    buf = analog(p)
    physics.read(5, buf)
    pitch, depth = raw["model"]["pitch_mm"], raw["model"]["depth_mm"]
    want = expected_pyraos(raw, [marble_xyz(n, pitch, depth) for n in names])
    assert {c: buf[c] for c in range(25)} == want
    # Clipping: a marble pressed onto a sensor saturates it; beside one, the
    # field is strongly negative and the reading stops at 0.
    empty = PyraosPhysics(p, 3, noise=0.0, errors=False, sensor="plain")
    empty.take_from_reserve(0)
    empty.hold(0.0, 0.0, 2.0, 0)
    empty.read(0, buf)
    ch = raw["sensors"]["a1"]["channel"]
    assert buf[ch] == 65535
    empty.hold(3.0, 0.0, 1.0, 1)
    empty.read(1, buf)
    assert buf[ch] == 0


def test_pyraos_noise_statistics() -> None:
    p = profile("pyraos")
    for noise in (1.0, 2.5):
        physics = PyraosPhysics(p, 11, noise=noise, errors=False, sensor="plain")
        build(physics, SQUARE)
        buf = analog(p)
        want = expected_pyraos(RAW["pyraos"], [marble_xyz(n, 25.0, 9.0) for n in SQUARE])
        samples: list[list[int]] = [[] for _ in range(25)]
        for t in range(3000):
            physics.read(t, buf)
            for c in range(25):
                samples[c].append(buf[c])
        sd = noise * p.noise
        for c in range(25):
            assert abs(statistics.fmean(samples[c]) - want[c]) < 4 * sd / math.sqrt(3000) + 0.5
            assert abs(statistics.pstdev(samples[c]) - sd) < 0.08 * sd
    # noise=0: no noise at all
    quiet = PyraosPhysics(p, 11, noise=0.0, errors=False, sensor="plain")
    quiet.read(0, buf)
    first = list(buf)
    for t in range(1, 50):
        quiet.read(t, buf)
        assert list(buf) == first


def test_pyraos_errors_are_small_and_fixed_per_seed() -> None:
    p = profile("pyraos")
    a = PyraosPhysics(p, 5, noise=0.0)
    for i in range(25):
        assert abs(a.true_gain[i] / p.sensor_gain[i] - 1) <= phys.GAIN_ERROR
        assert abs(a.true_base[i] - p.sensor_base[i]) <= phys.BASE_ERROR
    assert len({round(g, 6) for g in a.true_gain}) > 20  # every sensor its own
    build(a, SQUARE)
    strengths = [a.strength(pos(n)) for n in SQUARE]
    assert all(abs(s - 1) <= phys.MAGNET_ERROR for s in strengths)
    assert len(set(strengths)) == 4
    b = PyraosPhysics(p, 5, noise=0.0)
    build(b, SQUARE)
    c = PyraosPhysics(p, 6, noise=0.0)
    build(c, SQUARE)
    ba, bb, bc = analog(p), analog(p), analog(p)
    a.read(1000, ba)
    b.read(1000, bb)
    c.read(1000, bc)
    assert ba == bb
    assert ba != bc
    # The errors move readings by a few percent and some tens of counts, no more.
    want = expected_pyraos(RAW["pyraos"], [marble_xyz(n, 25.0, 9.0) for n in SQUARE])
    for ch, v in want.items():
        slack = phys.BASE_ERROR + phys.DRIFT_BOUND + 0.1 * abs(v - 32768) + 2
        assert abs(ba[ch] - v) <= slack


def test_pyraos_drift_is_slow_and_bounded() -> None:
    p = profile("pyraos")
    physics = PyraosPhysics(p, 9, noise=0.0, sensor="plain")
    buf = analog(p)
    seen: list[list[int]] = [[] for _ in range(25)]
    for t in range(0, 30 * 60_000, 1000):  # half an hour, once a second
        physics.read(t, buf)
        for i, ch in enumerate(p.sensor_channels):
            seen[i].append(buf[ch])
    moved = 0
    for i in range(25):
        base = physics.true_base[i]
        assert all(abs(v - base) <= phys.DRIFT_BOUND + 1 for v in seen[i])
        moved = max(moved, max(seen[i]) - min(seen[i]))
        # slow: from one second to the next it hardly moves
        assert max(abs(x - y) for x, y in zip(seen[i], seen[i][1:], strict=False)) <= 20
    assert moved >= 10  # but over minutes it does wander
    # The drift follows virtual time, not how often the board is read.
    once = PyraosPhysics(p, 9, noise=0.0, sensor="plain")
    once.read(30 * 60_000 - 1000, buf)
    assert [buf[ch] for ch in p.sensor_channels] == [s[-1] for s in seen]


def test_pyraos_marble_settles_with_a_bounce() -> None:
    p = profile("pyraos")
    physics = PyraosPhysics(p, 4, noise=0.0)
    b2 = pos("b2")
    physics.take_from_reserve(0)
    physics.hold_over(b2, 10.0, 0)
    physics.release(b2, 100)
    assert physics.occupied() == 1 << b2
    i = list(PYRAOS_SENSORS).index("b2")
    assert not physics.settled(101)
    trace = [physics.fields(t)[i] for t in range(100, 300)]
    final = trace[-1]
    assert physics.settled(299)
    assert trace[0] < 0.2 * final  # starts from the let-go height
    assert any(0.3 * final < v < 0.9 * final for v in trace)  # passes through
    # It hits the cup, bounces up (the field weakens again), comes down.
    assert any(later < earlier - 100 for earlier, later in zip(trace, trace[1:], strict=False))
    assert all(abs(v - final) < 1e-6 for v in trace[-20:])  # then rests
    # Without errors a marble rests at once.
    still = PyraosPhysics(p, 4, noise=0.0, errors=False)
    still.take_from_reserve(0)
    still.hold_over(b2, 10.0, 0)
    still.release(b2, 100)
    assert still.settled(100)


def test_pyraos_knock_is_a_transient_spike() -> None:
    p = profile("pyraos")
    physics = PyraosPhysics(p, 4, noise=0.0, errors=False, sensor="plain")
    buf = analog(p)
    ch = p.sensor_channels[7]
    physics.read(0, buf)
    quiet = buf[ch]
    physics.knock(7, 900.0, 6, now_ms=10)
    physics.read(10, buf)
    assert buf[ch] == quiet + 900
    physics.read(13, buf)
    assert quiet < buf[ch] < quiet + 900
    physics.read(16, buf)
    assert buf[ch] == quiet
    with pytest.raises(PhysicsError):
        physics.knock(25, 1.0, 1, 0)


def test_pyraos_impossible_actions_are_refused() -> None:
    p = profile("pyraos")
    physics = PyraosPhysics(p, 1)
    with pytest.raises(PhysicsError):
        physics.release(pos("a1"), 0)  # nothing in hand
    physics.take_from_reserve(0)
    with pytest.raises(PhysicsError):
        physics.take_from_reserve(0)  # one marble at a time
    with pytest.raises(PhysicsError):
        physics.release(pos("2a1"), 0)  # nothing under it
    physics.release(pos("a1"), 0)
    physics.take_from_reserve(0)
    with pytest.raises(PhysicsError):
        physics.release(pos("a1"), 10)  # taken
    physics.release(pos("b1"), 10)
    physics.take_from_reserve(20)
    physics.release(pos("a2"), 20)
    physics.take_from_reserve(30)
    with pytest.raises(PhysicsError):
        physics.release(pos("2a1"), 30)  # b2 still missing
    physics.release(pos("b2"), 30)
    physics.take_from_reserve(40)
    physics.release(pos("2a1"), 40)
    assert physics.occupied() == sum(1 << pos(n) for n in SQUARE + ["2a1"])
    with pytest.raises(PhysicsError):
        physics.pick_up(pos("a1"), 50)  # carries 2a1
    with pytest.raises(PhysicsError):
        physics.pick_up(pos("c3"), 50)  # empty
    physics.pick_up(pos("2a1"), 50)
    with pytest.raises(PhysicsError):
        physics.pick_up(pos("a1"), 60)  # hand full
    physics.to_reserve(60)
    with pytest.raises(PhysicsError):
        physics.to_reserve(60)
    physics.pick_up(pos("a1"), 70)  # free now
    assert not physics.occupied() >> pos("a1") & 1


def test_pyraos_reserves_hold_thirty_marbles() -> None:
    physics = PyraosPhysics(profile("pyraos"), 1)
    for _ in range(30):
        physics.take_from_reserve(0)
        physics.to_reserve(0)
    names = [f"{c}{r}" for r in "1234" for c in "abcd"]
    build(physics, names)
    build(physics, [f"2{c}{r}" for r in "123" for c in "abc"])
    build(physics, ["3a1", "3b1", "3a2", "3b2", "4a1"])
    with pytest.raises(PhysicsError):
        physics.take_from_reserve(0)


def test_pyraos_physics_is_deterministic() -> None:
    p = profile("pyraos")

    def run(seed: int) -> list[list[int]]:
        physics = PyraosPhysics(p, seed)
        buf = analog(p)
        out = []
        physics.take_from_reserve(0)
        physics.move_over(pos("c2"), 40.0, 0, 300)
        for t in range(0, 300, 5):
            physics.read(t, buf)
            out.append(list(buf))
        physics.move_over(pos("c2"), 2.0, 300, 200)
        physics.release(pos("c2"), 500)
        for t in range(300, 900, 5):
            physics.read(t, buf)
            out.append(list(buf))
        return out

    assert run(8) == run(8)
    assert run(8) != run(9)
