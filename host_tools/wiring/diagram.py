"""The wiring diagram of a board, drawn from its profile (schemdraw): the
Pico with the GPIOs the profile uses, and beside it what each one drives or
reads, as parts with labelled pins and the nets between them.

    svg, pdf = write(wiring, folder)       # folder/NAME-wiring.svg and .pdf
    drawing = draw(wiring)                 # the schemdraw Drawing (SVG backend)

wiring is a host_tools.wiring.table.Wiring. The parts stand in one column,
in the order of the lowest GPIO each uses (so the nets cross little): the
status display (SSD1306), the CD74HC4067 multiplexers (S0..S3, SIG, and
the sensor on each input), the buttons, the 74HC165 chain (SH/LD, CLK,
each register's QH into the SER of the one before, the sensor on each
input) and the LED chain behind its 74AHCT125 level shifter. Each net runs
from the Pico's pin along a lane of its own to every pin it reaches, a dot
where it branches. The PDF is the SVG itself, turned into a PDF by svglib
and reportlab: the same drawing, page for page the same size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import schemdraw
import schemdraw.elements as elm
from reportlab.graphics import renderPDF
from schemdraw.util import Point
from svglib.svglib import svg2rlg

from host_tools.wiring.table import MUX_INPUTS, REGISTER_INPUTS, REGISTER_PINS, Wiring, pico_pin

SPACING = 0.5  # between two pins of a part
LEAD = 0.5  # a pin's lead, outside its box
LANE = 0.45  # between two nets' lanes
GAP = 2.2  # between two parts of the column (room for their power symbols)
FONT = 9
PIN_FONT = 7
COLUMNS = 20  # LEDs listed in one column beside the chain
PICO_W = 5.6  # the Pico's box: its pins' names and its own clear of each other
Pins = list[tuple[str, str, str]]  # (name inside the box, label outside, anchor)
Side = Literal["L", "R", "T", "B"]


@dataclass
class Layout:
    """The drawing being built: the points each GPIO's net must reach."""

    d: schemdraw.Drawing
    x: float  # where the left pins' leads of the column end
    y: float  # the top of the next part
    reach: dict[int, list[Point]] = field(default_factory=dict)

    def net(self, gpio: int, at: Point) -> None:
        self.reach.setdefault(gpio, []).append(Point(at))


def ic(
    lay: Layout,
    label: str,
    width: float,
    left: Pins,
    right: Pins | None = None,
    top: Pins | None = None,
    bottom: Pins | None = None,
) -> elm.Ic:
    """A part with its pins (left and right ones top first, top and bottom
    ones left first), its left leads ending at the column's x and its top
    (with the top pins' leads) at the layout's y, which moves below it."""
    right, top, bottom = right or [], top or [], bottom or []
    rows = max(len(left), len(right), 3)
    height = SPACING * (rows + 1)
    pins = [elm.IcPin(name=n, pin=p, side="left", anchorname=a) for n, p, a in reversed(left)]
    pins += [elm.IcPin(name=n, pin=p, side="right", anchorname=a) for n, p, a in reversed(right)]
    pins += [elm.IcPin(name=n, pin=p, side="top", anchorname=a) for n, p, a in top]
    pins += [elm.IcPin(name=n, pin=p, side="bottom", anchorname=a) for n, p, a in bottom]
    part = elm.Ic(size=(width, height), pins=pins, lsize=PIN_FONT + 1, plblsize=PIN_FONT)
    sides(part, ("L", "R"), SPACING)
    # top and bottom pins spread over the width, their names apart
    sides(part, ("T",), width / max(1, len(top)))
    sides(part, ("B",), width / max(1, len(bottom)))
    bottom_y = lay.y - (LEAD if top else 0) - height
    part.at((lay.x + LEAD, bottom_y)).theta(0).label(label, fontsize=FONT)
    lay.d.add(part)
    lay.y = bottom_y - (LEAD if bottom else 0) - GAP
    return part


def sides(part: elm.Ic, which: tuple[Side, ...], spacing: float) -> None:
    """The pins' spacing, leads and label sizes on the sides ``which`` of ``part``."""
    for side in which:
        part.side(side, spacing=spacing, leadlen=LEAD, label_size=PIN_FONT + 1,
                  pinlabel_size=PIN_FONT)  # fmt: skip


def anchor(part: elm.Element, name: str) -> Point:
    point: Point = part.absanchors[name]
    return point


def power(lay: Layout, part: elm.Element, vcc: str | None, volts: str, gnd: str | None) -> None:
    """The supply symbols at a part's VCC and GND pins."""
    if vcc:
        lay.d.add(elm.Vdd().at(anchor(part, vcc)).label(volts, fontsize=PIN_FONT))
    if gnd:
        lay.d.add(elm.Ground().at(anchor(part, gnd)))


def text(lay: Layout, at: tuple[float, float], lines: list[str], size: float = PIN_FONT) -> None:
    lay.d.add(
        elm.Label()
        .at(at)
        .theta(0)
        .label("\n".join(lines), fontsize=size, halign="left", valign="top")
    )


# -- the parts ------------------------------------------------------------------------


def display(lay: Layout, w: Wiring) -> None:
    i2c = w.pins["i2c"]
    part = ic(lay, "SSD1306\nOLED 128x64", 2.6,
              [("SDA", "", "sda"), ("SCL", "", "scl")],
              top=[("VCC", "", "vcc")], bottom=[("GND", "", "gnd")])  # fmt: skip
    power(lay, part, "vcc", "3.3 V", "gnd")
    lay.net(i2c["sda"], anchor(part, "sda"))
    lay.net(i2c["scl"], anchor(part, "scl"))


def muxes(lay: Layout, w: Wiring) -> None:
    select = w.pins["mux"]["select"]
    for m in range(w.muxes):
        right: Pins = []
        for i in range(MUX_INPUTS):
            c = m * MUX_INPUTS + i
            if c < len(w.channels):
                said = f"ch {c}: {w.channels[c].name or 'not used'}"
            else:
                said = "not read"
            right.append((f"C{i}", said, f"c{i}"))
        left: Pins = [(f"S{b}", "", f"s{b}") for b in range(4)]
        left += [("SIG", "", "sig"), ("EN", "", "en")]
        part = ic(lay, f"CD74HC4067\nmux {m}", 3.0, left, right,
                  top=[("VCC", "", "vcc")], bottom=[("GND", "", "gnd")])  # fmt: skip
        power(lay, part, "vcc", "3.3 V", "gnd")
        lay.d.add(elm.Ground().at(anchor(part, "en")))
        for b in range(4):
            lay.net(select[b], anchor(part, f"s{b}"))
        lay.net(w.adc_of(m), anchor(part, "sig"))
    note = "Each analog hall sensor: VCC 3.3 V, GND, its output to the input it is named at."
    text(lay, (lay.x + LEAD, lay.y + GAP - 1.2), [note])
    lay.y -= 0.8


def wire(lay: Layout, start: Point | tuple[float, float], end: Point | tuple[float, float]) -> None:
    lay.d.add(elm.Line().to(end).at(start))


def buttons(lay: Layout, w: Wiring) -> None:
    low = w.profile.buttons_active_low
    for key, name in (("menu", "MENU"), ("back", "BACK")):
        x, y = lay.x, lay.y - 0.5
        lay.net(w.pins[key], Point((x, y)))
        wire(lay, (x, y), (x + 0.6, y))
        lay.d.add(elm.Button().to((x + 2.2, y)).at((x + 0.6, y)).label(name, fontsize=FONT))
        wire(lay, (x + 2.2, y), (x + 2.6, y))
        if low:  # to GND, the pin's own pull-up inside the Pico
            lay.d.add(elm.Ground().at((x + 2.6, y)))
        else:  # to 3.3 V, and a pull-down of its own to GND
            lay.d.add(elm.Vdd().at((x + 2.6, y)).label("3.3 V", fontsize=PIN_FONT))
            lay.d.add(elm.Dot(radius=0.07).at((x + 0.3, y)))
            pull = elm.Resistor().to((x + 0.3, y - 1.2)).at((x + 0.3, y))
            lay.d.add(pull.label("10 kOhm", fontsize=PIN_FONT, loc="bot"))
            lay.d.add(elm.Ground().at((x + 0.3, y - 1.2)))
        lay.y -= 1.8 if low else 2.8
    lay.y -= GAP - 1.0


def registers(lay: Layout, w: Wiring) -> None:
    spi = w.pins["spi"]
    parts = []
    for r in range(w.profile.registers):
        right: Pins = []
        for i, letter in enumerate(REGISTER_INPUTS):
            b = w.bits[r * 8 + i]
            said = f"bit {b.number}: {b.name or 'not used'}"
            right.append((f"{letter} {REGISTER_PINS[letter]}", said, letter.lower()))
        left: Pins = [("1 SH/LD", "", "ld"), ("2 CLK", "", "clk"), ("15 CLK INH", "", "inh")]
        # register 0's inverted /QH is the chain's data out; the others' QH feed the SER above
        out = ("7 /QH", "", "qh") if r == 0 else ("9 QH", "", "qh")
        part = ic(lay, f"74HC165\nregister {r}", 3.4, left, right,
                  top=[out, ("VCC 16", "", "vcc")],
                  bottom=[("10 SER", "", "ser"), ("GND 8", "", "gnd")])  # fmt: skip
        power(lay, part, "vcc", "3.3 V", "gnd")
        lay.d.add(elm.Ground().at(anchor(part, "inh")))
        lay.net(w.pins["latch"], anchor(part, "ld"))
        lay.net(spi["sck"], anchor(part, "clk"))
        parts.append(part)
    qh = anchor(parts[0], "qh")
    bend = Point((qh[0], qh[1] + 0.6))
    wire(lay, qh, bend)
    lay.net(spi["miso"], bend)
    for upper, lower in zip(parts, parts[1:], strict=False):
        wire(lay, anchor(upper, "ser"), anchor(lower, "qh"))
    ser = anchor(parts[-1], "ser")
    end = Point((ser[0] - 0.8, ser[1] - 0.4))
    wire(lay, ser, (ser[0], end[1]))
    wire(lay, (ser[0], end[1]), end)
    lay.d.add(elm.Vdd().at(end).label("3.3 V", fontsize=PIN_FONT))
    text(lay, (lay.x + LEAD, lay.y + GAP - 1.2),
         ["Each digital hall switch: VCC 3.3 V, GND, its output to the input it is named at and",
          "through 10 kOhm to 3.3 V (low with a magnet: /QH makes it a set bit). Inputs not used:",
          "to 3.3 V."])  # fmt: skip
    lay.y -= 1.5


def leds(lay: Layout, w: Wiring) -> None:
    p = w.profile
    shifter = ic(lay, "74AHCT125\nlevel shifter", 3.4,
                 [("2 1A", "", "a"), ("1 1OE", "", "oe")], [("1Y 3", "", "y")],
                 top=[("VCC 14", "", "vcc")], bottom=[("GND 7", "", "gnd")])  # fmt: skip
    power(lay, shifter, "vcc", "5 V", "gnd")
    lay.d.add(elm.Ground().at(anchor(shifter, "oe")))
    lay.net(w.pins["leds"], anchor(shifter, "a"))
    # the chain to the right of the level shifter, level with its 1Y
    y_out = anchor(shifter, "y")
    din = Point((y_out[0] + 2.6, y_out[1]))
    lay.d.add(elm.Resistor().to(din).at(y_out).label("330 Ohm", fontsize=PIN_FONT))
    chain = elm.Ic(size=(4.4, 2.0), pins=[
        elm.IcPin(name="DIN", side="left", anchorname="din"),
        elm.IcPin(name="DOUT", pin=f"LED {p.led_count - 1}'s: open", side="right",
                  anchorname="dout"),
        elm.IcPin(name="5V", side="top", anchorname="vcc"),
        elm.IcPin(name="GND", side="bottom", anchorname="gnd"),
    ], lsize=PIN_FONT + 1, plblsize=PIN_FONT)  # fmt: skip
    chain.at((din[0] + LEAD, din[1] - 1.0)).theta(0).label(
        f"{p.led_count} x WS2812B\n{p.led_order}, LED 0 first", fontsize=FONT
    )
    lay.d.add(chain)
    power(lay, chain, "vcc", "5 V", "gnd")
    names = [f"LED {light.number}: {light.name or 'not used'}" for light in w.lights]
    top = y_out[1] + 1.6
    x = anchor(chain, "dout")[0] + 1.8
    for start in range(0, len(names), COLUMNS):
        text(lay, (x, top), names[start : start + COLUMNS])
        x += 2.6
    rows = min(COLUMNS, len(names))
    text(lay, (lay.x + LEAD, lay.y + GAP - 1.2),
         ["The 74AHCT125's other three buffers: their A to GND, their OE to 5 V.",
          "Each LED's DOUT to the next one's DIN, in the order of the list."])  # fmt: skip
    lay.y = min(lay.y - 1.0, top - rows * 0.25 - 0.8)


# -- the Pico and the nets ---------------------------------------------------------------


def draw(w: Wiring) -> schemdraw.Drawing:
    """The wiring diagram of ``w``."""
    d = schemdraw.Drawing(canvas="svg", show=False)
    d.config(fontsize=FONT, lw=1.2, margin=1.5)
    used = [g for g in w.gpios if g.used]
    pico = elm.Ic(
        size=(PICO_W, SPACING * (len(used) + 1)),
        pins=[elm.IcPin(name=f"GP{g.number}", pin=pico_pin(g.number).removeprefix("pin "),
                        side="right", anchorname=f"gp{g.number}") for g in reversed(used)]
        + [elm.IcPin(name=n, pin=p, side="left", anchorname=a)
           for n, p, a in (("GND", "38", "gnd"), ("3V3 (3.3 V out)", "36", "v3"),
                           ("VBUS (5 V out)", "40", "v5"))],
        lsize=PIN_FONT + 1, plblsize=PIN_FONT,
    )  # fmt: skip
    sides(pico, ("L", "R"), SPACING)
    top = 0.0
    pico.at((0, top - SPACING * (len(used) + 1))).theta(0)
    d.add(pico.label("Raspberry\nPi Pico", fontsize=FONT))
    d.add(elm.Ground().at(anchor(pico, "gnd")))
    lanes_x = PICO_W + LEAD + 0.8
    lay = Layout(d, lanes_x + LANE * len(used) + 0.8, top)
    lowest: list[tuple[int, Callable[[Layout, Wiring], None]]] = []
    if "i2c" in w.pins:
        lowest.append((min(w.pins["i2c"]["sda"], w.pins["i2c"]["scl"]), display))
    if w.channels:
        lowest.append((min(w.pins["mux"]["select"]), muxes))
    lowest.append((min(w.pins["menu"], w.pins["back"]), buttons))
    if w.bits:
        spi = w.pins["spi"]
        lowest.append((min(spi["sck"], spi["miso"], w.pins["latch"]), registers))
    lowest.append((w.pins["leds"], leds))
    for _, part in sorted(lowest, key=lambda t: t[0]):
        part(lay, w)
    # one lane per GPIO: the top pin's farthest from the Pico (fewest crossings)
    for n, g in enumerate(used):
        lane = lanes_x + LANE * (len(used) - 1 - n)
        start = anchor(pico, f"gp{g.number}")
        ends = sorted(lay.reach.get(g.number, []), key=lambda p: -p[1])
        ys = [start[1]] + [p[1] for p in ends]
        wire(lay, start, (lane, start[1]))
        wire(lay, (lane, max(ys)), (lane, min(ys)))
        for p in ends:
            wire(lay, (lane, p[1]), p)
        for y in ys:
            if min(ys) < y < max(ys):
                d.add(elm.Dot(radius=0.07).at((lane, y)))
    text(lay, (0, lay.y),
         [f"{w.title}: {w.game} ({', '.join(w.variants)}), {w.source}",
          "Drawn by python -m host_tools wiring from the profile the firmware loads. "
          "Power: 5 V (VBUS) to the level shifter and the LEDs; 3.3 V (3V3 OUT) to the",
          "multiplexers, shift registers, sensors and display; one common GND. "
          "Pin numbers outside the Pico: its header pins."], FONT)  # fmt: skip
    return d


def write(w: Wiring, folder: Path) -> tuple[Path, Path]:
    """``folder``/NAME-wiring.svg and .pdf (NAME: the profile file's name)."""
    stem = Path(w.source).stem
    svg = folder / f"{stem}-wiring.svg"
    pdf = folder / f"{stem}-wiring.pdf"
    svg.write_bytes(draw(w).get_imagedata("svg"))
    drawing = svg2rlg(str(svg))
    if drawing is None:
        raise OSError(f"{svg}: svglib could not read the diagram back")
    renderPDF.drawToFile(drawing, str(pdf), title=f"{w.title}: wiring")
    return svg, pdf
