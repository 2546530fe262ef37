"""Dead and stuck sensors on the virtual board (docs/DEVICE.md, "Faulty
sensors"): the simulator's physics makes a sensor read 0 or full scale, or
the shift-register chain read all ones, and the real firmware on the virtual
device says so where a player and a host see it (the status text, the
hello, the noise line) and does not play on sensors it does not have; a
sensor that goes stuck during play costs no move."""

from __future__ import annotations

import json
from typing import Any

from sim.device.virtual_device import VirtualDevice
from sim.runs.selfplay import play_game
from tabletop.board.contract import SELECT
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import position_index

SEED = 3
EVENTS = play_game("pyraos", "standard", SEED).events
NO_SENSORS = "No sensors read:"


def statuses(dev: VirtualDevice) -> list[list[str]]:
    """The status texts the board told the host, in order."""
    return [e["lines"] for e in dev.link.events() if e.get("event") == "status"]


def hello(dev: VirtualDevice) -> dict[str, Any]:
    """The board's answer to a host's hello, now."""
    rid = len(dev.link.events())  # (an id of its own: a reply to an earlier hello is not it)
    dev.link.send(json.dumps({"cmd": "hello", "id": rid}))
    dev.advance(200)
    [reply] = [e for e in dev.link.events() if e.get("reply") == rid]
    return reply


def noise_line(dev: VirtualDevice) -> dict[str, Any]:
    [line] = [json.loads(t) for _, t in dev.link.arrivals if '"event": "noise"' in t]
    assert isinstance(line, dict)
    return line


def press_menu(dev: VirtualDevice) -> None:
    dev.hal.press("menu", dev.clock, 150)
    dev.advance(1000)


def test_a_pyraos_board_with_nothing_wired_says_so_and_plays_nothing() -> None:
    dev = VirtualDevice("pyraos", seed=SEED)
    for s in range(25):
        dev.physics.stick(s, 0)  # (no sensor behind any mux input)
    dev.power_on()
    dev.advance(2000)
    said = noise_line(dev)
    assert said["typical"] == 0 and len(said["faulty"]) == 25
    assert NO_SENSORS in statuses(dev)[-1]
    answer = hello(dev)
    assert answer["wired"] is False and answer["mode"] == "play" and len(answer["faulty"]) == 25
    press_menu(dev)
    assert dev.runtime.board.mode == SELECT and dev.moves() == []
    assert NO_SENSORS in statuses(dev)[-1]


def test_a_pyraos_sensor_at_full_scale_from_power_on_is_named_and_the_game_plays() -> None:
    dev = VirtualDevice("pyraos", seed=SEED)
    dev.physics.stick(position_index("c1"), 65535)
    dev.power_on()
    dev.start_game()
    assert noise_line(dev)["faulty"] == ["c1"]
    assert statuses(dev)[-1][-1] == "Fault: c1"
    assert hello(dev)["faulty"] == ["c1"]
    state = pyraos.Pyraos("standard")
    assert dev.play(state, EVENTS[:4]), dev.hand.timeouts  # (a2 a4 c4 d4, none on c1)
    assert dev.moves() == EVENTS[:4]


def test_a_pyraos_sensor_stuck_in_play_costs_no_move() -> None:
    dev = VirtualDevice("pyraos", seed=SEED)
    dev.power_on()
    dev.start_game()
    state = pyraos.Pyraos("standard")
    assert dev.play(state, EVENTS[:4])
    assert hello(dev).get("faulty") is None
    dev.physics.stick(position_index("a4"), 65535, dev.clock)  # (a marble on it)
    assert dev.play(state, EVENTS[4:8]), dev.hand.timeouts  # b2 d2 c2 c1, far from a4
    assert dev.moves() == EVENTS[:8]
    assert statuses(dev)[-1][-1] == "Fault: a4"
    assert hello(dev)["faulty"] == ["a4"]


def test_a_pacal_board_names_a_dead_field_and_one_with_nothing_wired_says_so() -> None:
    dev = VirtualDevice("pacal", seed=SEED)
    dev.physics.stick(2, 0)  # player 0's field 3
    dev.power_on()
    dev.advance(1000)
    assert statuses(dev)[-1][-1] == "Fault: field0.3"
    assert hello(dev)["faulty"] == ["field0.3"]
    press_menu(dev)
    assert dev.runtime.board.mode != SELECT  # a game: it plays on the other fields
    bare = VirtualDevice("pacal", seed=SEED)
    for field in range(20):
        bare.physics.stick(field, 0)
    bare.power_on()
    bare.advance(1000)
    assert NO_SENSORS in statuses(bare)[-1]
    assert hello(bare)["wired"] is False
    press_menu(bare)
    assert bare.runtime.board.mode == SELECT


def test_a_diabolo_board_whose_chain_reads_all_ones_says_so() -> None:
    dev = VirtualDevice("diabolo", seed=SEED)
    dev.physics.stick_chain(0xFF)  # the data line pulled up, no register behind it
    dev.power_on()
    dev.advance(1000)
    assert NO_SENSORS in statuses(dev)[-1]
    answer = hello(dev)
    assert answer["wired"] is False and answer["faulty"] == ["reader"]
    press_menu(dev)
    assert dev.runtime.board.mode == SELECT and dev.moves() == []
