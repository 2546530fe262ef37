"""``python -m host_tools template``: each game's top plate at 1:1, read back
as a maker's ruler would: the PDF's pages and their 50 mm squares
(pypdfium2), the SVG's size in millimetres, and every sensor and LED of the
profile at its hole, where the simulator's physics has it."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.lib.units import mm

from host_tools import cards, template, tiles
from host_tools.__main__ import main
from host_tools.board.profile_file import read_profile
from sim.hardware import physics
from tabletop import games
from tests.test_cards import (
    SVG,
    host_tools_as_a_user,
    pdf_squares_mm,
    scale_squares_mm,
    svg_size_mm,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("templates")
    for game in games.NAMES:
        assert main(["template", "--game", game, "--out", str(folder)]) == 0
    return folder


def svg_root(out: Path, game: str) -> ET.Element:
    return ET.parse(out / f"{game}-template.svg").getroot()


def holes(root: ET.Element, kind: str) -> dict[str, tuple[float, float, float, str]]:
    """Each hole of ``kind`` by name: its centre (mm, y down), its radius and
    what the profile wires to it (its data-channel, data-bit or data-led)."""
    found = {}
    for c in root.iter(SVG + "circle"):
        if c.get("class") == kind:
            wired = c.get("data-channel") or c.get("data-bit") or c.get("data-led") or ""
            found[c.get("id", "")[len(kind) + 1 :]] = (
                float(c.get("cx", "0")), float(c.get("cy", "0")), float(c.get("r", "0")), wired,
            )  # fmt: skip
    return found


def places(root: ET.Element) -> dict[str, tuple[float, float, float, float]]:
    """Each card's (or bar's) place by name: x, y (top-left, mm), w, h."""
    found = {}
    for r in root.iter(SVG + "rect"):
        if r.get("class") == "place":
            x, y, w, h = (float(r.get(k, "0")) for k in ("x", "y", "width", "height"))
            found[r.get("id", "")[len("place-") :]] = (x, y, w, h)
    return found


@pytest.mark.parametrize("game", games.NAMES)
def test_the_pdf_is_a4_pages_each_with_its_50_mm_square(out: Path, game: str) -> None:
    doc = pdfium.PdfDocument(str(out / f"{game}-template.pdf"))
    root = svg_root(out, game)
    w, h = svg_size_mm(root)
    if tiles.fits(w, h):
        assert len(doc) == 1
    else:  # tiles that overlap and cover the whole drawing
        page, rows, cols = tiles.tiling(w, h)
        assert len(doc) == rows * cols
        ww = page[0] - 2 * tiles.MARGIN_MM
        wh = page[1] - 2 * tiles.MARGIN_MM - tiles.STRIP_MM
        assert cols * (ww - tiles.OVERLAP_MM) + tiles.OVERLAP_MM >= w
        assert rows * (wh - tiles.OVERLAP_MM) + tiles.OVERLAP_MM >= h
    for page_ in doc:
        pw, ph = page_.get_size()
        assert sorted((round(pw / mm, 1), round(ph / mm, 1))) == [210.0, 297.0]  # A4
        squares = pdf_squares_mm(page_)
        assert squares, "no 50 mm square on the page"
        for side in squares:
            assert side == pytest.approx((50.0, 50.0), abs=0.1)
        assert "this square must measure 50 mm" in page_.get_textpage().get_text_range()


@pytest.mark.parametrize("game", games.NAMES)
def test_the_svg_is_in_millimetres_with_its_50_mm_square(out: Path, game: str) -> None:
    root = svg_root(out, game)
    w, h = svg_size_mm(root)
    assert scale_squares_mm(root) == [(50.0, 50.0)]
    plate = next(r for r in root.iter(SVG + "rect") if r.get("id") == "plate")
    assert float(plate.get("width", "0")) < w and float(plate.get("height", "0")) < h


def sensors_of(board: physics.Physics) -> list[str]:
    """What the physics reads, as the template labels it: ADC channels and
    shift-register bits."""
    if isinstance(board, physics.PyraosPhysics):
        return [str(c) for c in board.channels]
    if isinstance(board, physics.PacalPhysics):
        return [str(c) for c in board.channels] + [str(b) for s in board.slot_bits for b in s]
    return [str(b) for b in board.presence_bits + board.reader_bits]


@pytest.mark.parametrize("game", games.NAMES)
def test_every_sensor_of_the_physics_has_its_hole(out: Path, game: str) -> None:
    profile = read_profile(game).profile
    board = physics.make(profile)
    found = holes(svg_root(out, game), "sensor")
    assert sorted(w for *_, w in found.values()) == sorted(sensors_of(board))
    n = len(profile.sensor_channels) + len(profile.field_channels) + len(profile.presence_bits)
    assert len(found) == n + sum(len(b) for b in profile.slot_bits)  # the profile's sensors
    assert {r for _, _, r, _ in found.values()} == {template.SENSOR_HOLE_MM / 2}
    if isinstance(board, physics.PyraosPhysics):
        check_pyraos(found, board)
    else:
        check_cards(svg_root(out, game), found, game)


def check_pyraos(
    found: dict[str, tuple[float, float, float, str]], board: physics.PyraosPhysics
) -> None:
    """Every sensor where the physics has it (relative to a1: the SVG's y
    runs down, the physics' away from player 0)."""
    names = list(games.part("pyraos", "schema").led_names())[: len(board.sensor_xy)]
    x0, y0, *_ = found[names[0]]
    for name, (sx, sy) in zip(names, board.sensor_xy, strict=True):
        x, y, _, channel = found[name]
        assert (x - x0, y0 - y) == pytest.approx((sx, sy), abs=0.002), name
        assert channel == str(board.channels[names.index(name)])


def check_cards(
    root: ET.Element, found: dict[str, tuple[float, float, float, str]], game: str
) -> None:
    """A field's or slot's sensor under its card's presence spot; a
    reader's seven under the card's code spots, 8 mm apart in a row."""
    at = places(root)
    readers = {name.split(".spot")[0] for name in found if ".spot" in name}
    assert len(readers) == (2 if game == "pacal" else 1)
    for reader in readers:
        x, y, w, h = at[reader]
        spots = [found[f"{reader}.spot{k}"] for k in range(7)]
        for k, (sx, sy) in enumerate(cards.spots_mm()):  # (the card lies upright)
            assert (spots[k][0], spots[k][1]) == pytest.approx((x + sx, y + h - sy), abs=0.002)
        gaps = {round(b[0] - a[0], 3) for a, b in zip(spots, spots[1:], strict=False)}
        assert gaps == {cards.SPOT_PITCH / mm} == {8.0}
    px, py = cards.PRESENCE_MM
    for name, (x, y, _, _) in found.items():
        if ".spot" in name:
            continue
        left, top, w, h = at[name]
        turned = name.startswith("field1.")  # player 1's pyramid faces them
        want = (left + w - px, top + py) if turned else (left + px, top + h - py)
        assert (x, y) == pytest.approx(want, abs=0.002), name
        assert (w, h) == pytest.approx((cards.CARD_W_MM, cards.CARD_H_MM))


@pytest.mark.parametrize("game", games.NAMES)
def test_every_led_of_the_profile_has_its_hole(out: Path, game: str) -> None:
    profile = read_profile(game).profile
    found = holes(svg_root(out, game), "led")
    assert sorted(found) == sorted(games.part(game, "schema").led_names())
    assert sorted(int(w) for *_, w in found.values()) == sorted(profile.led_map)
    assert {r for _, _, r, _ in found.values()} == {template.LED_HOLE_MM / 2}
    centres = [(x, y) for x, y, _, _ in found.values()]
    for i, a in enumerate(centres):  # no two holes run into each other
        for b in centres[i + 1 :]:
            assert math.dist(a, b) > template.LED_HOLE_MM, (a, b)


def test_pyraos_reserve_bars_lie_in_the_physics_reserve_trays(out: Path) -> None:
    board = physics.PyraosPhysics(read_profile("pyraos").profile, errors=False)
    root = svg_root(out, "pyraos")
    sensors, leds = holes(root, "sensor"), holes(root, "led")
    x0, y0, *_ = sensors["a1"]
    for name, (x, y, _, _) in leds.items():
        if name.startswith("reserve"):
            assert board.reserve_at(x - x0, y0 - y) == int(name[len("reserve")]), name


def test_a_makers_own_profile_gets_its_own_template(tmp_path: Path) -> None:
    raw = json.loads((ROOT / "firmware" / "profiles" / "pyraos.json").read_text())
    raw["model"]["pitch_mm"] = 30.0  # bigger marbles
    raw["sensors"]["a1"]["channel"], raw["sensors"]["d4"]["channel"] = 15, 0  # wired otherwise
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(raw))
    assert (
        main(["template", "--game", "pyraos", "--profile", str(mine), "--out", str(tmp_path)]) == 0
    )
    board = physics.PyraosPhysics(read_profile(str(mine)).profile, errors=False)
    found = holes(svg_root(tmp_path, "pyraos"), "sensor")
    check_pyraos(found, board)
    assert found["a1"][3] == "15" and found["d4"][3] == "0"
    assert found["d4"][0] - found["a1"][0] == pytest.approx(90.0)  # 3 pitches of 30 mm


def test_bad_input_is_one_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["template", "--game", "chess", "--out", str(tmp_path / "t")]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line == "error: unknown game 'chess' (the games: " + ", ".join(games.NAMES) + ")"
    missing = tmp_path / "none.json"
    args = ["template", "--game", "pacal", "--profile", str(missing), "--out", str(tmp_path / "t")]
    assert main(args) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {missing}: ") and "No such file" in line, line
    assert main(["template", "--game", "pacal", "--profile", "pyraos", "--out", str(tmp_path)]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line.endswith("pyraos.json: a profile of pyraos, not pacal"), line
    kept = tmp_path / "notes.txt"
    kept.write_text("mine\n")
    for where in (kept, kept / "plates"):
        assert main(["template", "--game", "pyraos", "--out", str(where)]) == 1
        (line,) = capsys.readouterr().err.splitlines()
        assert line.startswith(f"error: the template cannot be written: {where}: "), line
    assert kept.read_text() == "mine\n"
    assert not (tmp_path / "t").exists()


def test_a_template_into_a_read_only_folder_is_one_error_line(tmp_path: Path) -> None:
    folder = tmp_path / "plates"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        done = host_tools_as_a_user("template", "--game", "diabolo", "--out", str(folder / "new"))
    finally:
        folder.chmod(0o755)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: the template cannot be written: {folder / 'new'}: Permission denied"
    ]
    assert list(folder.iterdir()) == []
