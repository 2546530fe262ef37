"""The virtual Pacal board (sim/hardware/physics.py): field levels, card codes on the
slots (bounce, misreads off centre), noise and drift, and what a hand may
and may not do.

Expected readings are computed here from docs/FIRMWARE.md and the profile's
JSON (calibrated field levels; card codes with odd parity), not by calling
the physics' own helpers. Where a test wants those levels exactly (or the
plain model's noise and drift) it reads through ``sensor="plain"``; the
sensor chain is tested in test_physics_sensor_chain.py.
"""

from __future__ import annotations

import copy
import math
import random
import statistics
from typing import Any

import pytest

from sim.hardware import physics as phys
from sim.hardware.physics import PacalPhysics, PhysicsError
from tests.physics_support import RAW, analog, profile


def shuffled_pacal_raw(seed: int) -> dict[str, Any]:
    raw: dict[str, Any] = copy.deepcopy(RAW["pacal"])
    rnd = random.Random(seed)
    channels = list(range(20))
    rnd.shuffle(channels)
    fields = raw["fields"]["0"] + raw["fields"]["1"]
    for f, ch in zip(fields, channels, strict=True):
        f["channel"] = ch
        l0 = rnd.randint(20000, 40000)
        sign = rnd.choice((-1, 1))
        f["levels"] = [
            l0,
            l0 + sign * rnd.randint(5000, 8000),
            l0 + sign * rnd.randint(11000, 15000),
        ]
    raw["slots"][0]["bits"] = [15, 3, 9, 0, 12, 6, 1]
    raw["slots"][1]["bits"] = [2, 14, 5, 8, 11, 4, 13]
    return raw


def field_spec(raw: dict[str, Any], index: int) -> dict[str, Any]:
    spec: dict[str, Any] = (raw["fields"]["0"] + raw["fields"]["1"])[index]
    return spec


def code_of(value: int) -> int:
    # docs/FIRMWARE.md: bits 0..5 the value, least significant first; bit 6
    # the parity, so that the number of set bits is odd.
    bits = [value >> i & 1 for i in range(6)]
    parity = 0 if sum(bits) % 2 == 1 else 1
    return sum(b << i for i, b in enumerate(bits)) | parity << 6


def slot_reading(raw: dict[str, Any], buf: bytearray, slot: int) -> int:
    """The 7 code bits of a slot from the register bytes (bit k: byte k // 8, 0x80 >> k % 8)."""
    code = 0
    for i, k in enumerate(raw["slots"][slot]["bits"]):
        if buf[k // 8] & (0x80 >> (k % 8)):
            code |= 1 << i
    return code


def test_card_codes_have_odd_parity() -> None:
    for v in range(1, 51):
        c = code_of(v)
        assert bin(c).count("1") % 2 == 1
        assert phys.card_code(v) == c
    assert bin(0).count("1") % 2 == 0  # an empty slot is no card


@pytest.mark.parametrize("seed", [0, 1])
def test_pacal_levels_and_codes_follow_the_profile(seed: int) -> None:
    raw = shuffled_pacal_raw(seed)
    p = profile("pacal", raw)
    physics = PacalPhysics(p, seed, noise=0.0, errors=False, sensor="plain")
    rnd = random.Random(seed)
    counts = [rnd.randint(0, 2) for _ in range(20)]
    cards = iter(rnd.sample(range(1, 51), 50))
    for f, n in enumerate(counts):
        for _ in range(n):
            physics.take_card(next(cards), 0)
            physics.lay_on_field(f, 0)
    assert physics.stacks() == tuple(counts)
    slot_cards = (next(cards), next(cards))
    for slot, card in enumerate(slot_cards):
        physics.take_card(card, 0)
        physics.lay_on_slot(slot, 0)
    buf = analog(p)
    physics.read(1, buf)
    for f, n in enumerate(counts):
        spec = field_spec(raw, f)
        assert buf[spec["channel"]] == spec["levels"][n]
    bits = bytearray(p.registers)
    physics.read_digital(1, bits)
    for slot, card in enumerate(slot_cards):
        assert slot_reading(raw, bits, slot) == code_of(card)
    used = set(raw["slots"][0]["bits"] + raw["slots"][1]["bits"])
    for k in range(8 * p.registers):
        if k not in used:
            assert not bits[k // 8] & (0x80 >> (k % 8))
    physics.lift_from_slot(0, 2)
    physics.put_away(2)
    physics.read_digital(2, bits)
    assert slot_reading(raw, bits, 0) == 0
    assert slot_reading(raw, bits, 1) == code_of(slot_cards[1])


def test_pacal_held_card_adds_a_partial_level() -> None:
    raw = RAW["pacal"]
    p = profile("pacal")
    physics = PacalPhysics(p, 2, noise=0.0, errors=False, sensor="plain")
    buf = analog(p)
    levels = field_spec(raw, 4)["levels"]
    ch = field_spec(raw, 4)["channel"]
    physics.take_card(30, 0)
    last = -1
    for h in (80.0, 40.0, 20.0, 10.0, 5.0, 2.0, 0.5, 0.0):
        physics.hold_over_field(4, h, 0)
        physics.read(0, buf)
        assert levels[0] <= buf[ch] <= levels[1]
        assert buf[ch] >= last
        last = buf[ch]
    assert buf[ch] == levels[1]  # touching: a whole card
    physics.hold_over_field(4, 80.0, 0)
    physics.read(0, buf)
    assert buf[ch] - levels[0] < 0.001 * (levels[1] - levels[0]) + 1
    physics.hold_away(0)
    physics.read(0, buf)
    assert buf[ch] == levels[0]


def test_pacal_card_landing_settles() -> None:
    p = profile("pacal")
    raw = RAW["pacal"]
    physics = PacalPhysics(p, 2, noise=0.0)
    physics.take_card(7, 0)
    physics.hold_over_field(12, 6.0, 0)
    physics.lay_on_field(12, 1000)
    l0, l1 = physics.true_levels[12][0], physics.true_levels[12][1]
    trace = [physics.levels(t)[12] for t in range(1000, 1200)]
    step = l1 - l0
    assert trace[0] < l0 + 0.3 * step
    assert any(l0 + 0.4 * step < v < l0 + 0.9 * step for v in trace)
    assert abs(trace[-1] - (l0 + step * physics.card_strength[7])) < 1e-6
    assert abs(physics.card_strength[7] - 1) <= phys.CARD_MAGNET_ERROR
    levels = field_spec(raw, 12)["levels"]
    assert abs(trace[-1] - levels[1]) < 0.05 * (levels[1] - levels[0]) + phys.BASE_ERROR


def test_pacal_slot_bits_bounce_then_read_the_card() -> None:
    raw = RAW["pacal"]
    p = profile("pacal")
    physics = PacalPhysics(p, 21)
    bits = bytearray(p.registers)
    bounced = 0
    t = 0
    for card in range(1, 51):
        physics.take_card(card, t)
        physics.lay_on_slot(card % 2, t)
        seen = []
        for dt in range(0, 40):
            physics.read_digital(t + dt, bits)
            seen.append(slot_reading(raw, bits, card % 2))
        if any(c != code_of(card) for c in seen[:15]):
            bounced += 1
        # within ~15 ms the code is stable and right, and stays so
        assert all(c == code_of(card) for c in seen[16:])
        t += 100
        physics.lift_from_slot(card % 2, t)
        physics.put_away(t)
        seen = []
        for dt in range(0, 40):
            physics.read_digital(t + dt, bits)
            seen.append(slot_reading(raw, bits, card % 2))
        assert all(c == 0 for c in seen[16:])
        t += 100
    assert bounced >= 45  # nearly every card bounces on the way down


def test_pacal_off_centre_misreads_until_corrected() -> None:
    raw = RAW["pacal"]
    p = profile("pacal")
    physics = PacalPhysics(p, 3)
    bits = bytearray(p.registers)
    for card in (1, 2, 14, 17, 42, 50) * 4:
        physics.lay_off_centre(1, card, 0)
        for t in (20, 100, 5000):
            physics.read_digital(t, bits)
            code = slot_reading(raw, bits, 1)
            assert code != code_of(card)
            assert code != 0  # not an empty slot
            assert bin(code).count("1") % 2 == 0  # the parity shows the misread
        physics.correct(1, 6000)
        physics.read_digital(6020, bits)
        assert slot_reading(raw, bits, 1) == code_of(card)
        physics.lift_from_slot(1, 7000)
        physics.put_away(7000)
        physics.read_digital(7020, bits)
        assert slot_reading(raw, bits, 1) == 0


def test_pacal_noise_drift_and_determinism() -> None:
    p = profile("pacal")
    physics = PacalPhysics(p, 4, noise=1.0, errors=False, sensor="plain")
    buf = analog(p)
    samples = []
    for t in range(3000):
        physics.read(t, buf)
        samples.append(buf[p.field_channels[3]])
    assert abs(statistics.pstdev(samples) - phys.PACAL_NOISE) < 0.08 * phys.PACAL_NOISE
    drifting = PacalPhysics(p, 4, noise=0.0, sensor="plain")
    lows = [math.inf] * 20
    highs = [-math.inf] * 20
    for t in range(0, 30 * 60_000, 1000):
        drifting.read(t, buf)
        for f, ch in enumerate(p.field_channels):
            lows[f] = min(lows[f], buf[ch])
            highs[f] = max(highs[f], buf[ch])
    for f in range(20):
        assert abs(lows[f] - drifting.true_levels[f][0]) <= phys.DRIFT_BOUND + 1
        assert abs(highs[f] - drifting.true_levels[f][0]) <= phys.DRIFT_BOUND + 1
    assert max(h - lo for h, lo in zip(highs, lows, strict=True)) >= 10

    def run(seed: int) -> list[Any]:
        ph = PacalPhysics(p, seed)
        out: list[Any] = []
        b = analog(p)
        bits = bytearray(p.registers)
        ph.take_card(9, 0)
        ph.hold_over_field(3, 30.0, 0, 200)
        ph.hold_over_field(3, 2.0, 200, 200)
        ph.lay_on_field(3, 400)
        ph.take_card(10, 500)
        ph.lay_on_slot(0, 500)
        ph.knock(5, 2000.0, 5, 520)
        for t in range(0, 700, 3):
            ph.read(t, b)
            ph.read_digital(t, bits)
            out.append((list(b), bytes(bits)))
        return out

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_pacal_impossible_actions_are_refused() -> None:
    p = profile("pacal")
    physics = PacalPhysics(p, 1)
    with pytest.raises(PhysicsError):
        physics.lay_on_field(0, 0)  # no card in hand
    with pytest.raises(PhysicsError):
        physics.lift_from_field(0, 0)  # nothing there
    with pytest.raises(PhysicsError):
        physics.lift_from_slot(0, 0)
    for card in (40, 30):
        physics.take_card(card, 0)
        physics.lay_on_field(0, 0)
    physics.take_card(20, 0)
    with pytest.raises(PhysicsError):
        physics.lay_on_field(0, 0)  # a field takes two cards at most
    with pytest.raises(PhysicsError):
        physics.take_card(21, 0)  # one card at a time
    physics.lay_on_slot(0, 0)
    physics.take_card(21, 0)
    with pytest.raises(PhysicsError):
        physics.lay_on_slot(0, 0)  # taken
    with pytest.raises(PhysicsError):
        physics.lay_off_centre(1, 22, 0)  # holding another card
    with pytest.raises(PhysicsError):
        physics.lay_on_field(20, 0)
    with pytest.raises(PhysicsError):
        physics.lay_on_slot(2, 0)
    physics.put_away(0)
    physics.lift_from_field(0, 0, cards=2)
    assert physics.held() == (40, 30)
    with pytest.raises(PhysicsError):
        physics.lay_on_field(1, 0)  # two cards cannot be laid as one
    physics.put_away(0)
    assert physics.stacks() == (0,) * 20
