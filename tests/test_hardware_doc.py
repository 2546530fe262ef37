"""docs/HARDWARE.md agrees with the repository: the parts it counts are the
reference profiles' (LEDs, sensors, multiplexers, shift registers, magnets),
the figures it quotes are the code's, its power budget is the arithmetic it
shows, the pins it names are the profiles', the UF2 it names is the one the
emulated Pico runs, and every ``python -m host_tools`` command it names
exists."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.units import mm

from host_tools import cards
from host_tools.__main__ import main
from sim.hardware.physics.common import CARD_DEPTH_MM
from tabletop.rules.pyraos_geometry import POSITIONS
from tabletop.sensing import diabolo_codes
from tabletop.sensing.cards import encode as pacal_code

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "HARDWARE.md"
UF2 = ROOT / "tests" / "pico" / "rp2" / "RPI_PICO-20241129-v1.24.1.uf2"
BOARDS = ("pyraos", "pacal", "diabolo")
# The LEDs' budget while the profiles do not carry leds.limit_ma yet: USB's
# 500 mA less the sensors', the Pico's (25) and the display's (20), rounded
# down to 10 mA. Once a profile has the key, the profile's value is compared.
LIMIT_MA = {"pyraos": 300, "pacal": 290, "diabolo": 340}
USB_MA, PICO_MA, DISPLAY_MA, ANALOG_MA, DIGITAL_MA = 500, 25, 20, 6, 3


# Commands other work adds to host_tools: checked once the parser has them.
def profile(board: str) -> Any:
    return json.loads((ROOT / "firmware" / "profiles" / f"{board}.json").read_text())


def analog_count(raw: Any) -> int:
    if "sensors" in raw:
        return len(raw["sensors"])
    return sum(len(fields) for fields in raw.get("fields", {}).values())


def digital_count(raw: Any) -> int:
    n = sum(len(slot["bits"]) for slot in raw.get("slots", []))
    n += sum(len(side) for row in raw.get("rows", {}).values() for side in row.values())
    return n + len(raw.get("reader", {}).get("bits", []))


def magnets(code: int) -> int:
    """A card's magnets: the presence spot and one per set bit of its code."""
    return 1 + bin(code).count("1")


def pacal_deck() -> list[int]:
    return [pacal_code(v) for v in range(1, 51)]


def diabolo_deck() -> list[int]:
    numbers = [
        diabolo_codes.encode(colour, value)
        for colour in range(1, len(diabolo_codes.COLOURS) + 1)
        for value in cards.DIABOLO_VALUES
    ]
    doubles = [diabolo_codes.encode(diabolo_codes.DOUBLE, s) for s in range(1, cards.SEATS + 1)]
    return numbers + doubles


DECKS = {"pacal": pacal_deck(), "diabolo": diabolo_deck()}


@functools.cache
def sections() -> dict[str, str]:
    """The doc's ``## `` sections by title."""
    parts = DOC.read_text(encoding="utf-8").split("\n## ")
    return {part.split("\n", 1)[0].strip(): part for part in parts[1:]}


def rows(text: str) -> list[list[str]]:
    """Every table row of ``text`` as its cells (the separator rows left out)."""
    out = []
    for line in text.splitlines():
        if line.startswith("|") and not re.fullmatch(r"[|\s:-]+", line):
            out.append([c.strip() for c in line.strip().strip("|").split("|")])
    return out


def numbers(cell: str) -> list[float]:
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", cell.replace(",", ""))]


def bom(board: str) -> list[list[str]]:
    return [r for r in rows(sections()[f"{board.capitalize()} board"]) if len(r) == 4]


def qty(board: str, *, part: str = "", what: str = "") -> int:
    found = [r for r in bom(board) if (part and r[1].startswith(part)) or (what and r[0] == what)]
    assert len(found) == 1, f"{board}: no single bill-of-materials row for {part or what}"
    return int(found[0][2])


@pytest.mark.parametrize("board", BOARDS)
def test_each_bill_of_materials_counts_what_the_profile_wires(board: str) -> None:
    raw = profile(board)
    analog, digital = analog_count(raw), digital_count(raw)
    muxes = math.ceil(analog / 16)
    registers = raw.get("registers", 0)
    assert qty(board, part="WS2812B") == raw["leds"]["count"]
    assert qty(board, part="CD74HC4067") == muxes
    assert qty(board, part="74HC165") == registers
    assert qty(board, part="DRV5055") == analog
    assert qty(board, what="decoupling") == analog + digital + muxes + registers + 1
    if digital:
        assert qty(board, part="DRV5033") == digital
        assert qty(board, what="pull-ups") == digital
    if board == "pyraos":
        assert qty(board, what="marble magnets") == POSITIONS
        assert qty(board, what="marbles") == POSITIONS
    else:
        deck = DECKS[board]
        assert qty(board, what="card magnets") == sum(magnets(c) for c in deck)
        assert qty(board, what="cards") == len(deck)


def test_the_card_magnet_counts_follow_from_the_codes() -> None:
    table = {r[0]: r for r in rows(sections()["The magnets"]) if len(r) == 5}
    for board, deck in DECKS.items():
        _, n, presence, code, total = table[board.capitalize()]
        assert int(n) == int(presence) == len(deck)
        assert int(code) == sum(bin(c).count("1") for c in deck)
        assert int(total) == sum(magnets(c) for c in deck)
    assert sum(magnets(c) for c in DECKS["pacal"]) == 210  # "a Pacal deck takes about 210"


def test_the_figures_quoted_are_the_codes() -> None:
    pyraos = profile("pyraos")["model"]
    expected = {
        "model.pitch_mm": [pyraos["pitch_mm"]],
        "model.depth_mm": [pyraos["depth_mm"]],
        "CARD_W": [cards.CARD_W / mm, cards.CARD_H / mm],
        "SPOT_PITCH": [cards.SPOT_PITCH / mm],
        "SPOT_Y": [cards.SPOT_Y / mm],
        "PRESENCE_Y": [(cards.CARD_H / 2 - cards.PRESENCE_Y) / mm],
        "CARD_DEPTH_MM": [CARD_DEPTH_MM],
    }
    table = rows(sections()["The figures the parts are chosen against"])
    seen = set()
    for _, value, where in table[1:]:
        for key, want in expected.items():
            if f"`{key}`" in where:
                assert numbers(value) == pytest.approx(want), where
                seen.add(key)
    assert seen == set(expected)


def led_tables() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    text = sections()["The power budget"]
    names = {b.capitalize() for b in BOARDS}
    current = {r[0]: r for r in rows(text) if len(r) == 4 and r[0] in names}
    budget = {r[0]: r for r in rows(text) if len(r) == 7 and r[0] in names}
    return current, budget


@pytest.mark.parametrize("board", BOARDS)
def test_the_led_current_is_the_arithmetic_shown(board: str) -> None:
    leds = profile(board)["leds"]
    channel, idle = leds.get("channel_ma", 12), leds.get("idle_ma", 1)
    n = leds["count"]
    _, count, white, capped = led_tables()[0][board.capitalize()]
    assert int(count) == n
    assert numbers(white) == [n, 3 * channel + idle, n * (3 * channel + idle)]
    per_led = leds["brightness"] * 3 * channel + idle
    k, each, total = numbers(capped)
    assert (k, total) == (n, round(n * per_led))
    assert each == pytest.approx(per_led)


@pytest.mark.parametrize("board", BOARDS)
def test_the_power_budget_is_usb_less_the_rest_and_is_the_profiles_limit(board: str) -> None:
    raw = profile(board)
    _, analog, digital, pico, display, left, limit = led_tables()[1][board.capitalize()]
    a = numbers(analog)
    d = numbers(digital)
    assert a == [analog_count(raw), ANALOG_MA, analog_count(raw) * ANALOG_MA]
    assert d == [digital_count(raw), DIGITAL_MA, digital_count(raw) * DIGITAL_MA]
    assert (int(pico), int(display)) == (PICO_MA, DISPLAY_MA)
    rest = USB_MA - a[2] - d[2] - PICO_MA - DISPLAY_MA
    assert numbers(left) == [USB_MA, a[2], d[2], PICO_MA, DISPLAY_MA, rest]
    assert int(limit) == rest // 10 * 10
    assert int(limit) == raw["leds"].get("limit_ma", LIMIT_MA[board])


def pin_value(raw: Any, key: str) -> Any:
    node = raw
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def test_the_pin_table_is_the_profiles() -> None:
    table = [r for r in rows(sections()["Wiring"]) if r[0].startswith("`pins.")]
    keys = {r[0].strip("`") for r in table}
    assert keys == {
        "pins.leds", "pins.menu", "pins.back", "pins.i2c",
        "pins.mux.select", "pins.mux.adc", "pins.spi", "pins.latch",
    }  # fmt: skip
    for row in table:
        key = row[0].strip("`")
        for board, cell in zip(BOARDS, row[2:], strict=True):
            value = pin_value(profile(board), key)
            gps = [int(g) for g in re.findall(r"GP(\d+)", cell)]
            if value is None:
                assert cell == "none", f"{key} on {board}"
            elif isinstance(value, int):
                assert gps == [value], f"{key} on {board}"
            elif isinstance(value, list):
                assert gps == value, f"{key} on {board}"
            else:
                order = ("sda", "scl") if key == "pins.i2c" else ("sck", "miso")
                assert gps == [value[k] for k in order], f"{key} on {board}"
                bus = re.search(r"(I2C|SPI)(\d)", cell)
                assert bus is not None and int(bus.group(2)) == value["id"], f"{key} on {board}"


def test_the_uf2_named_is_the_one_the_emulated_pico_runs() -> None:
    text = sections()["MicroPython"]
    assert UF2.name in text and "1.24.1" in text
    assert hashlib.sha256(UF2.read_bytes()).hexdigest() in text


@functools.cache
def host_tools_commands() -> frozenset[str]:
    """The subcommands of ``python -m host_tools``, from its own parser's usage."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["--help"])
    choices = re.search(r"\{([\w,-]+)\}", out.getvalue())
    assert choices is not None
    return frozenset(choices.group(1).split(","))


NAMED = sorted(set(re.findall(r"python -m host_tools ([\w-]+)", DOC.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("command", NAMED)
def test_every_host_tools_command_named_is_real(command: str) -> None:
    if command not in host_tools_commands():
        pytest.fail(f"docs/HARDWARE.md names python -m host_tools {command}, which has none")
    with contextlib.redirect_stdout(io.StringIO()), pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
