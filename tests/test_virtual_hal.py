"""The virtual hal (sim/hardware/virtual_hal.py): the LEDs it was sent (wire order
undone, named by colour), buttons with contact bounce, and the sensor log
that replays the exact stream (sim/hardware/sensor_log.py).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from sim.hardware.physics import PacalPhysics, PyraosPhysics
from sim.hardware.sensor_log import ReplayExhausted, ReplayHal, SensorLog
from sim.hardware.virtual_hal import VirtualHal
from tabletop.show.pixels import Pixels
from tests.physics_support import RAW, analog, profile


def test_hal_lights_undo_wire_order_and_name_the_colour() -> None:
    for game in ("pyraos", "pacal"):
        for order in ("GRB", "RGB", "BGR"):
            raw = copy.deepcopy(RAW[game])
            raw["leds"]["order"] = order
            p = profile(game, raw)
            physics: PyraosPhysics | PacalPhysics = (
                PyraosPhysics(p, 0) if game == "pyraos" else PacalPhysics(p, 0)
            )
            hal = VirtualHal(physics, p)
            px = Pixels(p.led_count, p.led_order, p.brightness, hal.transmit)
            name = "turn1"
            index = raw["led_map"][name]
            px.set(index, tuple(raw["colours"]["error"]))
            px.set(raw["led_map"]["turn0"], tuple(raw["colours"]["player0"]))
            hal.now_ms = 40
            px.show()
            assert hal.light(name) == px.get(index)
            assert hal.colour(name) == "error"
            assert hal.colour("turn0") == "player0"
            assert hal.colour(hal.light_names()[0]) is None
            at_40 = px.get(index)
            px.set_scaled(index, tuple(raw["colours"]["error"]), 90)
            hal.now_ms = 50
            px.show()
            px.show()  # unchanged: no new frame
            assert hal.colour(name) == "error"  # dimmed, still red
            assert [t for t, _ in hal.frames] == [40, 50]
            assert hal.light_at(name, 45) == at_40
            assert hal.light(name) == px.get(index) != at_40
            assert hal.light_at(name, 10) == (0, 0, 0)


def test_hal_buttons_with_contact_bounce() -> None:
    p = profile("pyraos")
    hal = VirtualHal(PyraosPhysics(p, 0), p, seed=5)
    hal.press("back", 100, 150)
    hal.press("menu", 400, 900)
    values = {}
    for t in range(0, 1400):
        hal.now_ms = t
        values[t] = hal.read_buttons()
    assert all(values[t] == 0 for t in range(0, 100))
    assert all(values[t] == 2 for t in range(105, 250))
    assert all(values[t] == 0 for t in range(255, 400))
    assert all(values[t] == 1 for t in range(405, 1300))
    assert all(values[t] == 0 for t in range(1305, 1400))
    with pytest.raises(ValueError):
        hal.press("start", 0, 10)


def test_hal_log_replays_the_exact_stream() -> None:
    p = profile("pacal")
    physics = PacalPhysics(p, 6)
    hal = VirtualHal(physics, p, seed=6)
    abuf = analog(p)
    dbuf = bytearray(p.registers)
    physics.take_card(33, 0)
    physics.hold_over_field(2, 20.0, 0, 100)
    hal.press("back", 60, 100)
    seen: list[Any] = []
    for t in range(0, 300, 5):
        hal.now_ms = t
        if t == 120:
            physics.lay_on_field(2, t)
            physics.take_card(34, t)
            physics.lay_on_slot(1, t)
        hal.read_digital(dbuf)
        hal.read_analog(abuf)
        if t % 10 == 0:
            hal.read_analog(abuf)  # two reads in one tick are kept apart
        seen.append((t, bytes(dbuf), list(abuf), hal.read_buttons()))
    obj = json.loads(json.dumps(hal.log.to_json()))
    for log in (obj, SensorLog.from_json(obj), hal.log):
        replay = ReplayHal(log)
        assert replay.tick_times() == list(range(0, 300, 5))
        d = bytearray(p.registers)
        a = analog(p)
        for t, bits, values, buttons in seen:
            replay.read_digital(d)
            assert replay.now_ms == t
            replay.read_analog(a)
            if t % 10 == 0:
                replay.read_analog(a)
            assert bytes(d) == bits
            assert list(a) == values
            assert replay.read_buttons() == buttons
        assert replay.remaining() == 0
        with pytest.raises(ReplayExhausted):
            replay.read_buttons()
    with pytest.raises(ValueError):
        SensorLog.from_json({"format": "something else"})
