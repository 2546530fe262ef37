"""Drilling templates of a board's top plate at real size (1:1), SVG and PDF.

    python -m host_tools template --game pyraos --out DIR [--profile FILE]
    # DIR/pyraos-template.svg: the whole plate, in millimetres
    # DIR/pyraos-template.pdf: A4 pages (a plate larger than a page in tiles)

    plate = layout("pacal", profile)        # the holes, places and notes (mm, y up)
    sheet = drawing(plate)                  # the plate with its legend and the 50 mm square

Every hall sensor and every LED of the profile gets a drilling mark: a
centre cross and a circle of its hole's diameter (SENSOR_HOLE_MM,
LED_HOLE_MM), labelled with what the profile wires to it (the ADC channel
or shift-register bit, the LED's index in the chain), so a maker's own
profile gets its own template. Where the positions come from:

- Pyraos: the sensors where the firmware's magnet model puts them
  (tabletop.sensing.magnets, over the profile's ``model.pitch_mm``: the
  same figures the simulator's physics reads), under the 16 cups and the 9
  points where four cups meet; each LED LED_OFFSET_MM beside its sensor.
- Pacal and Diabolo: the cards' places (63 x 88 mm), each sensor under the
  card's presence spot or code spot as host_tools.cards prints them (code
  spots 8 mm apart); the layout of the places is this module's (the
  physics of these boards has none).

The SVG's user unit is the millimetre (``width="...mm"``, viewBox in mm). The
PDF is one A4 page where the drawing fits, else A4 tiles that overlap by
OVERLAP_MM, with crosses to lay on each other and a 50 mm square on each.
"""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit

from host_tools import cards, tiles
from host_tools.board.profile_file import ProfileFileError, read_profile
from host_tools.cards import CARD_H_MM, CARD_W_MM, PRESENCE_MM
from host_tools.sheet import SCALE_MM, Sheet
from tabletop import games
from tabletop.profile import schema_diabolo, schema_pacal, schema_pyraos
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.sensing.magnets import sensor_xy

SENSOR_HOLE_MM = 5.0  # a hall sensor in TO-92 (4.0 x 3.0 mm body), pushed in from below
LED_HOLE_MM = 5.0  # a WS2812B (5 x 5 mm) under it shines through
LED_OFFSET_MM = 7.0  # Pyraos: each LED this far right of its sensor, both under the marble
STRIP_LED_MM = 1000 / 144  # Pyraos' reserve bars: 15 LEDs of a 144/m WS2812B strip
RESERVE_AWAY = 2.0  # Pyraos: pitches from the nearest cups to a reserve bar
TURN_AWAY = 1.0  # Pyraos: pitches from the nearest cups to a turn LED
GAP_MM = 6.0  # between cards side by side
ROW_GAP_MM = 12.0  # between rows of cards: the LEDs below them sit in it
SLOT_GAP_MM = 30.0  # Pacal: between the two offer slots
INSET_MM = 10.0  # Pacal: the round-win and turn LEDs in from the base row's ends
LED_ROW_MM = 12.0  # LEDs side by side (the win LEDs, Diabolo's turn LEDs: x 3)
READER_GAP_MM = 24.0  # Diabolo: between the last row's LEDs and the reader
EDGE_MM = 8.0  # the plate beyond its outermost mark
PAD_MM = 5.0  # the drawing beyond the plate
LEGEND_W_MM = 52.0
SENSOR_INK = "#1f5fbf"
LED_INK = "#c0392b"
PLACE_INK = "#808080"


class Hole:
    """A drilling mark: ``kind`` "sensor" or "led", ``name`` what it serves
    (a position or light of the profile), at (x, y) mm on the plate (y up,
    away from player 0), ``label`` what the profile wires to it."""

    def __init__(self, kind: str, name: str, x: float, y: float, label: str, key: str, value: int):
        self.kind, self.name, self.x, self.y, self.label = kind, name, x, y, label
        self.data = ((key, str(value)),)  # data-channel, data-bit or data-led in the SVG


Place = tuple[str, float, float, float, float, float]  # name, centre x, y, w, h, its text's angle


class Plate:
    """One board's top plate: its holes, the places where pieces lie
    (rectangles and the cups' circles) and its notes, in plate mm."""

    def __init__(self, game: str, title: str, notes: list[str]) -> None:
        self.game = game
        self.title = title
        self.notes = notes  # the legend's lines of this board
        self.holes: list[Hole] = []
        self.places: list[Place] = []
        self.cups: list[tuple[str, float, float, float]] = []  # name, x, y, r
        self.words: list[tuple[float, float, str, float, float]] = []  # x, y, text, size, angle

    def hole(self, kind: str, name: str, x: float, y: float, label: str, key: str, v: int) -> None:
        self.holes.append(Hole(kind, name, x, y, label, key, v))

    def led(self, leds: dict[str, int], name: str, x: float, y: float, short: bool = False) -> None:
        """The LED ``name`` of the profile's led_map; its label is its index,
        with its name where no place or sensor names it (``short``: the index alone)."""
        i = leds[name]
        named = any(h.name == name for h in self.holes) or any(p[0] == name for p in self.places)
        label = str(i) if short else f"LED {i}" if named else f"{name}: LED {i}"
        self.hole("led", name, x, y, label, "led", i)

    def place(self, name: str, cx: float, cy: float, w: float, h: float, angle: float) -> None:
        self.places.append((name, cx, cy, w, h, angle))
        self.words.append((cx, cy, name, 9, angle))


def _leds(profile: Any, game: str) -> dict[str, int]:
    return dict(zip(games.part(game, "schema").led_names(), profile.led_map, strict=True))


def pyraos(profile: Any) -> Plate:
    pitch = float(profile.pitch_mm)
    plate = Plate("pyraos", profile.name, [
        f"Cups {pitch:g} mm apart (the profile's model.pitch_mm); dashed: a marble's "
        f"footprint. Each LED {LED_OFFSET_MM:g} mm right of its sensor.",
        "Reserve bars: 15 LEDs of a 144/m strip, the first at the player's left.",
    ])  # fmt: skip
    leds = _leds(profile, "pyraos")
    xy = [sensor_xy(i, pitch) for i in range(len(PYRAOS_SENSORS))]
    for i, name in enumerate(PYRAOS_SENSORS):
        x, y = xy[i]
        ch = profile.sensor_channels[i]
        plate.hole("sensor", name, x, y, f"{name} ch {ch}", "channel", ch)
        plate.led(leds, name, x + LED_OFFSET_MM, y)
        if len(name) == 2:  # a cup, not a point where four meet
            plate.cups.append((name, x, y, pitch / 2))
    cx = sum(x for x, _ in xy) / len(xy)
    near = (min(y for _, y in xy), max(y for _, y in xy))
    for side, (edge, way) in enumerate(zip(near, (-1.0, 1.0), strict=True)):
        plate.led(leds, f"turn{side}", cx, edge + way * TURN_AWAY * pitch)
        bar_y = edge + way * RESERVE_AWAY * pitch
        span = (schema_pyraos.RESERVE - 1) * STRIP_LED_MM
        for k in range(schema_pyraos.RESERVE):
            x = cx - way * (k * STRIP_LED_MM - span / 2)  # from the player's own left
            plate.led(leds, f"reserve{side}.{k}", x, bar_y, short=True)
        plate.places.append((f"reserve {side}", cx, bar_y, span + 8.0, 8.0, 0.0))
        plate.words.append(
            (cx, bar_y + way * 7.0, f"player {side}'s reserve bar", 7, 90 + way * 90)
        )
    return plate


def pacal(profile: Any) -> Plate:
    plate = Plate("pacal", profile.name, [
        "Each card lies with its foot (the code spots) toward its player; "
        "the offer slots' toward player 0.",
        "Fields and readers: the sensor under the card's presence spot, the "
        "readers' under its code spots, 8 mm apart.",
    ])  # fmt: skip
    leds = _leds(profile, "pacal")
    w, h = CARD_W_MM, CARD_H_MM
    for side in (0, 1):
        turn = 1.0 if side == 0 else -1.0  # player 1's half: player 0's turned half a turn
        angle = 0.0 if side == 0 else 180.0
        base_y = 0.0
        for f in range(1, schema_pacal.FIELDS + 1):
            r = next(k for k in range(4) if f <= (k + 1) * (k + 2) // 2)  # its row, apex 0
            j = f - 1 - r * (r + 1) // 2
            x = (j - r / 2) * (w + GAP_MM)
            y = -(h + ROW_GAP_MM) * (r + 1)  # (the slots' row in the middle)
            name = f"field{side}.{f}"
            ch = profile.field_channels[side * schema_pacal.FIELDS + f - 1]
            px, py = x - w / 2 + PRESENCE_MM[0], y - h / 2 + PRESENCE_MM[1]
            plate.place(name, turn * x, turn * y, w, h, angle)
            plate.hole("sensor", name, turn * px, turn * py, f"ch {ch}", "channel", ch)
            plate.led(leds, name, turn * x, turn * (y - h / 2 - ROW_GAP_MM / 2))
            base_y = y - h / 2
        edge_y = base_y - ROW_GAP_MM - LED_ROW_MM / 2
        ends = 1.5 * (w + GAP_MM) + w / 2 - INSET_MM  # the base row's ends, inset
        for k in range(1, schema_pacal.WINS + 1):
            x = -ends + (k - 1) * LED_ROW_MM
            plate.led(leds, f"win{side}.{k}", turn * x, turn * edge_y)
        plate.led(leds, f"turn{side}", turn * ends, turn * edge_y)
        plate.words.append((0.0, turn * edge_y, f"player {side}", 9, angle))
    for slot, spots in enumerate(profile.slot_bits):
        x = (slot - 0.5) * (w + SLOT_GAP_MM)
        name = f"slot{slot}"
        plate.place(name, x, 0.0, w, h, 0.0)
        _reader(plate, name, x - w / 2, -h / 2, spots)
        plate.led(leds, name, x + (slot - 0.5) * 2 * (w / 2 + LED_ROW_MM), 0.0)
    return plate


def _reader(plate: Plate, name: str, x0: float, y0: float, bits: tuple[int, ...]) -> None:
    """A card reader's 7 sensors under a card whose bottom-left corner is at (x0, y0)."""
    for k, (sx, sy) in enumerate(cards.spots_mm()):
        plate.hole("sensor", f"{name}.spot{k}", x0 + sx, y0 + sy, f"bit {bits[k]}", "bit", bits[k])


def diabolo(profile: Any) -> Plate:
    plate = Plate("diabolo", profile.name, [
        "Rows r y g p b; hell left of the row card, heaven right, slot 1 next to it. "
        "Cards lie with their foot toward the reader.",
        "Each slot's sensor under the card's presence spot; the reader's under "
        "its code spots, 8 mm apart.",
    ])  # fmt: skip
    leds = _leds(profile, "diabolo")
    w, h = CARD_W_MM, CARD_H_MM
    bits = iter(profile.presence_bits)
    y = 0.0
    for i, row in enumerate(schema_diabolo.ROWS):
        y = (len(schema_diabolo.ROWS) // 2 - i) * (h + ROW_GAP_MM)
        plate.place(f"row card {row}", 0.0, y, h, w, 0.0)  # (it lies across)
        plate.words.append((0.0, y - 6.0, f"({cards.TINTS[row][0]})", 8, 0.0))
        plate.led(leds, f"lock.{row}", 0.0, y + w / 2 + (h - w) / 4)
        for way, side in zip((-1.0, 1.0), schema_diabolo.SIDES, strict=True):
            for k in range(1, schema_diabolo.SLOTS + 1):
                x = way * (h / 2 + GAP_MM + w / 2 + (k - 1) * (w + GAP_MM))
                name = f"{row}.{side}.{k}"
                bit = next(bits)
                plate.place(name, x, y, w, h, 0.0)
                px, py = x - w / 2 + PRESENCE_MM[0], y - h / 2 + PRESENCE_MM[1]
                plate.hole("sensor", name, px, py, f"bit {bit}", "bit", bit)
                plate.led(leds, name, x, y - h / 2 - ROW_GAP_MM / 2)
    ry = y - h / 2 - ROW_GAP_MM - READER_GAP_MM - h / 2
    plate.place("reader", 0.0, ry, w, h, 0.0)
    _reader(plate, "reader", -w / 2, ry - h / 2, profile.slot_bits[0])
    seats = schema_diabolo.SEATS
    for s in range(seats):
        x = (s - (seats - 1) / 2) * 3 * LED_ROW_MM
        plate.led(leds, f"turn{s}", x, ry - h / 2 - ROW_GAP_MM)
    return plate


LAYOUTS: dict[str, Callable[[Any], Plate]] = {"pyraos": pyraos, "pacal": pacal, "diabolo": diabolo}


def layout(game: str, profile: Any) -> Plate:
    """The plate of ``game`` (UnknownGame if it is none) wired as ``profile``."""
    games.check(game)
    return LAYOUTS[game](profile)


# --- the drawing -------------------------------------------------------------------------


def _bounds(plate: Plate) -> tuple[float, float, float, float]:
    xs: list[float] = []
    ys: list[float] = []
    for hole in plate.holes:
        xs += [hole.x - 6.0, hole.x + 6.0]  # (its label beside it)
        ys += [hole.y - 6.0, hole.y + 6.0]
    for _, cx, cy, w, h, _ in plate.places:
        xs += [cx - w / 2, cx + w / 2]
        ys += [cy - h / 2, cy + h / 2]
    for _, x, y, r in plate.cups:
        xs += [x - r, x + r]
        ys += [y - r, y + r]
    return min(xs) - EDGE_MM, min(ys) - EDGE_MM, max(xs) + EDGE_MM, max(ys) + EDGE_MM


def _legend(plate: Plate) -> list[tuple[str, float, bool]]:
    lines = [(plate.title, 9.0, True), (f"{plate.game}: the top plate at 1:1, in mm", 7.0, False)]
    said = [
        f"Sensors (blue): drill {SENSOR_HOLE_MM:g} mm at the cross; the label names "
        "the profile's ADC channel (ch) or shift-register bit.",
        f"LEDs (red): drill {LED_HOLE_MM:g} mm; the label is the LED's index in the chain.",
        *plate.notes,
        "Print at 100 % (actual size), never fitted to the page.",
    ]
    for text in said:
        for line in simpleSplit(text, "Helvetica", 7, LEGEND_W_MM * mm):
            lines.append((line, 7.0, False))
    return lines


def drawing(plate: Plate) -> Sheet:
    """The plate, its legend and the 50 mm square on one sheet (mm)."""
    x0, y0, x1, y1 = _bounds(plate)
    pw, ph = x1 - x0, y1 - y0
    legend = _legend(plate)
    lh = SCALE_MM + 8.0 + 4.0 * len(legend)
    sizes = {  # the legend beside the plate, or under it: whichever takes fewer pages
        True: (3 * PAD_MM + pw + LEGEND_W_MM, 2 * PAD_MM + max(ph, lh)),
        False: (2 * PAD_MM + max(pw, LEGEND_W_MM), 3 * PAD_MM + ph + lh),
    }
    beside = min((True, False), key=lambda b: tiles.pages(*sizes[b]))
    w, h = sizes[beside]
    s = Sheet(w, h, f"{plate.title}: top plate, 1:1")
    ox, oy = PAD_MM - x0, h - PAD_MM - ph - y0  # plate mm -> sheet mm
    s.rect(PAD_MM, oy + y0, pw, ph, width=0.3, ident="plate")
    for name, cx, cy, pw_, ph_, _ in plate.places:
        s.rect(
            ox + cx - pw_ / 2, oy + cy - ph_ / 2, pw_, ph_, 3.0, stroke=PLACE_INK,
            width=0.2, dash=True, ident="place-" + name, cls="place",
        )  # fmt: skip
    for name, x, y, r in plate.cups:
        s.circle(
            ox + x, oy + y, r, stroke=PLACE_INK, width=0.2, dash=True, ident="cup-" + name,
            cls="cup",
        )  # fmt: skip
    for x, y, text, size, angle in plate.words:
        s.words(ox + x, oy + y, text, size, anchor="middle", angle=angle, fill=PLACE_INK)
    for hole in plate.holes:
        ink = SENSOR_INK if hole.kind == "sensor" else LED_INK
        d = SENSOR_HOLE_MM if hole.kind == "sensor" else LED_HOLE_MM
        x, y = ox + hole.x, oy + hole.y
        arm = d / 2 + 1.0
        s.line(x - arm, y, x + arm, y, stroke=ink, width=0.15)
        s.line(x, y - arm, x, y + arm, stroke=ink, width=0.15)
        s.circle(
            x, y, d / 2, stroke=ink, width=0.25, ident=f"{hole.kind}-{hole.name}",
            cls=hole.kind, data=hole.data,
        )  # fmt: skip
        ly = y - d / 2 - 2.0 if hole.kind == "sensor" else y + d / 2 + 0.8
        s.words(x, ly, hole.label, 4.5, anchor="middle", fill=ink)
    lx, top = (2 * PAD_MM + pw, h - PAD_MM) if beside else (PAD_MM, h - 2 * PAD_MM - ph)
    for text, size, bold in legend:
        top -= 4.0
        s.words(lx, top, text, size, bold=bold)
    s.scale_square(lx, top - 6.0 - SCALE_MM)
    return s


def write(game: str, profile: Any, out: Path) -> list[Path]:
    """DIR/GAME-template.pdf and .svg (OSError naming the path where ``out``
    cannot be made or written)."""
    sheet = drawing(layout(game, profile))
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "a file, not a folder", str(out))
    out.mkdir(parents=True, exist_ok=True)
    pdf, svg = out / f"{game}-template.pdf", out / f"{game}-template.svg"
    tiles.write_pdf(sheet, pdf)
    sheet.write_svg(svg)
    return [pdf, svg]


def run(args: argparse.Namespace) -> int:
    """``python -m host_tools template``: the paths written, or one error line."""
    try:
        game = games.check(args.game)
    except games.UnknownGame as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        found = read_profile(args.profile or game)
    except ProfileFileError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    if found.profile.game != game:
        print(
            f"error: {found.path}: a profile of {found.profile.game}, not {game}", file=sys.stderr
        )
        return 1
    try:
        for path in write(game, found.profile, Path(args.out)):
            print(path)
    except OSError as err:
        where = f"{err.filename}: {err.strerror}" if err.filename and err.strerror else err
        print(f"error: the template cannot be written: {where}", file=sys.stderr)
        return 1
    return 0
