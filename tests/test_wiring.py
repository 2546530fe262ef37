"""``python -m host_tools wiring``: a profile's pin table and wiring diagram.

The table is read as a maker reads it, one row per GPIO, multiplexer
channel, shift-register bit and LED, and checked against the profile's own
JSON (not against what the code makes of it): every pin, channel, bit and
LED the profile gives is there exactly once, with the sensor or light the
profile puts there. Every reference profile (one per game of the
registry), and a maker's profile with two sensors' channels and two LEDs
swapped, which must show the swap. The diagram: the SVG names every GPIO
the board uses and every sensor at its channel, the PDF opens and shows it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from host_tools.__main__ import main
from tabletop import games

ROOT = Path(__file__).resolve().parents[1]
PROFILES = ROOT / "firmware" / "profiles"
# A 74HC165's inputs in the order the chain shifts them out, and their pins (DIP-16)
INPUTS = (("H", 6), ("G", 5), ("F", 4), ("E", 3), ("D", 14), ("C", 13), ("B", 12), ("A", 11))


def raw_of(game: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((PROFILES / f"{game}.json").read_text())
    return raw


# -- what the profile itself says --------------------------------------------------------


def profile_pins(raw: dict[str, Any]) -> dict[int, str]:
    """GPIO -> a word its row must hold, from the profile's ``pins``."""
    pins = raw["pins"]
    out = {pins["leds"]: f"{raw['leds']['count']} WS2812B", pins["menu"]: "MENU"}
    out[pins["back"]] = "BACK"
    if "i2c" in pins:
        out |= {pins["i2c"]["sda"]: "SDA", pins["i2c"]["scl"]: "SCL"}
    if "spi" in pins:
        out |= {pins["spi"]["sck"]: "SCK", pins["spi"]["miso"]: "MISO"}
    if "latch" in pins:
        out[pins["latch"]] = "SH/LD"
    if "mux" in pins:
        out |= {g: f"S{i}" for i, g in enumerate(pins["mux"]["select"])}
        out |= {g: f"mux {i} SIG" for i, g in enumerate(pins["mux"]["adc"])}
    return out


def pyraos_channels(raw: dict[str, Any]) -> dict[int, str]:
    return {s["channel"]: f"sensor {name}" for name, s in raw["sensors"].items()}


def pacal_channels(raw: dict[str, Any]) -> dict[int, str]:
    return {
        f["channel"]: f"field{side}.{i + 1}"
        for side, fields in raw["fields"].items()
        for i, f in enumerate(fields)
    }


def pacal_bits(raw: dict[str, Any]) -> dict[int, str]:
    return {
        bit: f"slot{s} card reader, code spot {spot}"
        for s, slot in enumerate(raw["slots"])
        for spot, bit in enumerate(slot["bits"])
    }


def diabolo_bits(raw: dict[str, Any]) -> dict[int, str]:
    out = {
        bit: f"slot {row}.{side}.{k + 1} "
        for row, sides in raw["rows"].items()
        for side, bits in sides.items()
        for k, bit in enumerate(bits)
    }
    return out | {bit: f"card reader, code spot {j}" for j, bit in enumerate(raw["reader"]["bits"])}


def none(raw: dict[str, Any]) -> dict[int, str]:
    return {}


Reading = Callable[[dict[str, Any]], dict[int, str]]
# Each game's sensors, from its profile's own keys: (analog channels, chain bits)
SENSORS: dict[str, tuple[Reading, Reading]] = {
    "pyraos": (pyraos_channels, none),
    "pacal": (pacal_channels, pacal_bits),
    "diabolo": (none, diabolo_bits),
}


def rows(text: str, pattern: str) -> dict[tuple[int, ...], str]:
    """The table's rows that start with ``pattern``, by its numbers; each once."""
    found = [(tuple(map(int, m.groups())), line) for line in text.splitlines()
             if (m := re.match(r"\s*" + pattern + r"(?=\s)", line))]  # fmt: skip
    twice = [k for k, n in Counter(k for k, _ in found).items() if n > 1]
    assert not twice, f"rows given twice: {twice}"
    return dict(found)


def check_table(text: str, raw: dict[str, Any]) -> None:
    game = raw["games"][0][0]
    channels_of, bits_of = SENSORS[game]
    pins = raw["pins"]
    gpio = rows(text, r"GPIO (\d+)")
    assert set(gpio) == {(g,) for g in profile_pins(raw)}
    for g, word in profile_pins(raw).items():
        assert word in gpio[(g,)], gpio[(g,)]
    analog = raw.get("analog", {}).get("channels", 0)
    mux = rows(text, r"mux (\d+) ch (\d+)")
    assert set(mux) == {(c // 16, c % 16) for c in range(analog)}
    sensors = channels_of(raw)
    for c in range(analog):
        line = mux[(c // 16, c % 16)]
        assert f"ADC GPIO {pins['mux']['adc'][c // 16]}" in line, line
        assert f"channel {c} " in line, line
        if c in sensors:
            assert f"{sensors[c]}," in line or f"{sensors[c]}:" in line, line
        else:
            assert "not used" in line, line
    bit = rows(text, r"register bit (\d+)")
    assert set(bit) == {(k,) for k in range(8 * raw.get("registers", 0))}
    spots = bits_of(raw)
    for (k,), line in bit.items():
        # bit k: the k-th shifted out, register 0 (whose /QH is MISO) first, input H first
        letter, pin = INPUTS[k % 8]
        assert f"(register {k // 8}, input {letter}, pin {pin})" in line, line
        assert (spots[k] in line) if k in spots else ("not used" in line), line
    leds = rows(text, r"LED (\d+)")
    assert set(leds) == {(i,) for i in range(raw["leds"]["count"])}
    by_index = {i: name for name, i in raw["led_map"].items()}
    for (i,), line in leds.items():
        if i in by_index:
            assert f" {by_index[i]} " in line, line
        else:
            assert "not used" in line, line


def svg_text(path: Path) -> str:
    return " ".join("".join(e.itertext()) for e in ET.parse(path).getroot().iter())


def check_diagram(folder: Path, stem: str, raw: dict[str, Any]) -> str:
    svg, pdf = folder / f"{stem}-wiring.svg", folder / f"{stem}-wiring.pdf"
    words = svg_text(svg)
    for g in profile_pins(raw):
        assert re.search(rf"\bGP{g}\b", words), f"GP{g} is not in the diagram"
    channels_of, _ = SENSORS[raw["games"][0][0]]
    for c, sensor in channels_of(raw).items():
        assert f"ch {c}: {sensor} " in words + " "  # each sensor at its multiplexer input
    for k in range(8 * raw.get("registers", 0)):
        assert f"bit {k}: " in words  # each register input
    doc = pdfium.PdfDocument(str(pdf))
    assert len(doc) == 1
    width, height = doc[0].get_size()
    picture = doc[0].render(scale=0.25).to_pil().convert("L")
    assert width > 500 and height > 500
    assert picture.getextrema()[0] < 100  # (drawn on: not a blank page)
    return words


def wiring(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["wiring", *args]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    return out.out


# -- the tests ----------------------------------------------------------------------------


def test_every_game_has_its_reference_profile_and_its_sensors_here() -> None:
    assert set(SENSORS) == set(games.NAMES)
    assert {p.stem for p in PROFILES.glob("*.json")} >= set(games.NAMES)


@pytest.mark.parametrize("game", games.NAMES)
def test_the_reference_profile_table_and_diagram(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = wiring(capsys, "--profile", game, "--out", str(tmp_path / "out"))
    raw = raw_of(game)
    check_table(text, raw)
    assert text.splitlines()[0].startswith(f"{raw['name']}: a {game} board")
    check_diagram(tmp_path / "out", game, raw)
    assert text.splitlines()[-2:] == [
        f"wrote {tmp_path / 'out' / f'{game}-wiring.svg'}",
        f"wrote {tmp_path / 'out' / f'{game}-wiring.pdf'}",
    ]


def swapped(game: str) -> tuple[dict[str, Any], str, str, str, int, int]:
    """The reference profile with two sensors' wiring and the first and last
    LEDs swapped: (profile, "mux" or "bit", sensor a's words, sensor b's
    words, a's channel or bit now, b's now)."""
    raw = raw_of(game)
    lights = raw["led_map"]
    by_index = sorted(lights, key=lights.get)
    first, last = by_index[0], by_index[-1]
    lights[first], lights[last] = lights[last], lights[first]
    if game == "pyraos":
        a, b = raw["sensors"]["a1"], raw["sensors"]["d4"]
        a["channel"], b["channel"] = b["channel"], a["channel"]
        return raw, "mux", "sensor a1,", "sensor d4,", a["channel"], b["channel"]
    if game == "pacal":
        a, b = raw["fields"]["0"][0], raw["fields"]["1"][9]
        a["channel"], b["channel"] = b["channel"], a["channel"]
        return raw, "mux", "field0.1:", "field1.10:", a["channel"], b["channel"]
    assert game == "diabolo"
    hell, heaven = raw["rows"]["r"]["hell"], raw["rows"]["b"]["heaven"]
    hell[0], heaven[2] = heaven[2], hell[0]
    return raw, "bit", "slot r.hell.1 ", "slot b.heaven.3 ", hell[0], heaven[2]


def row_of(text: str, kind: str, n: int) -> str:
    """The table's row of analog channel ``n`` (kind "mux") or chain bit ``n``."""
    head = f"mux {n // 16} ch {n % 16}" if kind == "mux" else f"register bit {n}"
    (line,) = [line for line in text.splitlines() if re.match(rf"\s*{head}\s", line)]
    return line


@pytest.mark.parametrize("game", games.NAMES)
def test_a_makers_own_wiring_gets_its_own_table_and_diagram(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw, kind, a, b, at_a, at_b = swapped(game)
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(raw))
    text = wiring(capsys, "--profile", str(mine), "--out", str(tmp_path))
    check_table(text, raw)
    words = check_diagram(tmp_path, "mine", raw)
    assert str(mine) in text.splitlines()[0] and str(mine) in words
    # the two sensors changed places: the reference has them the other way round
    assert a in row_of(text, kind, at_a) and b in row_of(text, kind, at_b)
    reference = wiring(capsys, "--profile", game)
    assert b in row_of(reference, kind, at_a) and a in row_of(reference, kind, at_b)
    # and so did the two LEDs
    ref_lights = raw_of(game)["led_map"]
    first, last = sorted(ref_lights, key=ref_lights.get)[:: len(ref_lights) - 1]
    assert re.search(rf"^\s*LED {ref_lights[first]}\s+{re.escape(last)}\s", text, re.M)
    assert re.search(rf"^\s*LED {ref_lights[last]}\s+{re.escape(first)}\s", text, re.M)


def command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "host_tools", "wiring", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_a_profile_the_loader_refuses_is_one_error_line(tmp_path: Path) -> None:
    raw = raw_of("pyraos")
    raw["sensors"]["d4"]["channel"] = raw["sensors"]["a1"]["channel"]  # two sensors, one channel
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(raw))
    done = command("--profile", str(bad), "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"error: {bad}: sensors.d4.channel: channel 0 is already used by another sensor"
    ]
    assert not (tmp_path / "out").exists()


def test_no_such_profile_and_no_json_are_one_error_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["wiring", "--profile", "nosuchboard"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and out.err.splitlines() == [
        "error: no profile 'nosuchboard' (firmware/profiles: diabolo, pacal, pyraos)"
    ]
    torn = tmp_path / "torn.json"
    torn.write_text('{"format": 1, "name": ')
    assert main(["wiring", "--profile", str(torn)]) == 1
    out = capsys.readouterr()
    (line,) = out.err.splitlines()
    assert out.out == "" and line.startswith(f"error: {torn}: profile: not JSON"), line


def test_an_out_folder_that_cannot_be_made_is_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    for out in (tmp_path / "a-file" / "diagrams", tmp_path / "a-file"):
        done = command("--profile", "pacal", "--out", str(out))
        assert done.returncode == 1 and done.stdout == ""
        (line,) = done.stderr.splitlines()
        assert line.startswith(f"error: {out}: cannot be made: "), line


def test_a_reader_that_stops_early_is_no_error() -> None:
    # ``wiring | head -3``, the reader gone before the table is written (its
    # end of the pipe closed first): the command stops with the pipe's
    # status and no traceback
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "host_tools", "wiring", "--profile", "pacal"],
            cwd=ROOT, stdout=write, stderr=subprocess.PIPE, timeout=60,
        )  # fmt: skip
    finally:
        os.close(write)
    assert done.returncode == 141 and done.stderr == b"", done.stderr
