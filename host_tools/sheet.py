"""A drawing in millimetres, written as SVG (the millimetre as its user
unit, so it prints at real size) and painted as PDF through reportlab: the
card sheets (host_tools.cards) and the top plates (host_tools.template).

    s = Sheet(210, 297, "title")        # y up from the bottom-left corner
    s.line(...), s.rect(...), s.circle(...), s.words(...), s.scale_square(x, y)
    s.svg().write(path); write_pdf(path, [s, ...])
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

PT = 25.4 / 72  # mm in a point (font sizes are in points)
SCALE_MM = 50.0  # the side of the scale-check square
SCALE_WORDS = "this square must measure 50 mm"
BLACK = "#000000"


@dataclass(frozen=True)
class Item:
    """One thing drawn: ``kind`` line (x1, y1, x2, y2), rect (x, y, w, h,
    corner radius), circle (x, y, r) or text (x, y; ``text``, ``size`` in
    points, ``anchor`` start/middle/end, ``angle`` in degrees)."""

    kind: str
    at: tuple[float, ...]
    stroke: str | None = BLACK
    width: float = 0.1  # mm
    fill: str | None = None
    dash: bool = False
    ident: str = ""  # the SVG element's id
    cls: str = ""  # its class
    data: tuple[tuple[str, str], ...] = ()  # its data-* attributes
    text: str = ""
    size: float = 8.0
    anchor: str = "start"
    bold: bool = False
    angle: float = 0.0


class Sheet:
    """A drawing in millimetres, y up from its bottom-left corner (as on a
    PDF page): ``svg()`` writes it with the millimetre as the user unit,
    ``paint()`` draws it (or a window of it) on a reportlab canvas."""

    def __init__(self, w: float, h: float, title: str) -> None:
        self.w = w
        self.h = h
        self.title = title
        self.items: list[Item] = []

    def line(
        self, x1: float, y1: float, x2: float, y2: float, width: float = 0.1,
        stroke: str = BLACK, dash: bool = False,
    ) -> None:  # fmt: skip
        self.items.append(Item("line", (x1, y1, x2, y2), stroke, width, dash=dash))

    def rect(
        self, x: float, y: float, w: float, h: float, r: float = 0.0, width: float = 0.1,
        stroke: str | None = BLACK, fill: str | None = None, dash: bool = False,
        ident: str = "", cls: str = "",
    ) -> None:  # fmt: skip
        """A rectangle, its bottom-left corner at (x, y), corners rounded by ``r``."""
        self.items.append(Item("rect", (x, y, w, h, r), stroke, width, fill, dash, ident, cls))

    def circle(
        self, x: float, y: float, r: float, width: float = 0.1, stroke: str | None = BLACK,
        fill: str | None = None, dash: bool = False, ident: str = "", cls: str = "",
        data: tuple[tuple[str, str], ...] = (),
    ) -> None:  # fmt: skip
        self.items.append(Item("circle", (x, y, r), stroke, width, fill, dash, ident, cls, data))

    def words(
        self, x: float, y: float, text: str, size: float = 8.0, anchor: str = "start",
        bold: bool = False, angle: float = 0.0, fill: str = BLACK,
    ) -> None:  # fmt: skip
        """Text at (x, y), ``size`` in points, ``angle`` in degrees anticlockwise."""
        self.items.append(
            Item("text", (x, y), None, 0.0, fill, text=text, size=size, anchor=anchor,
                 bold=bold, angle=angle)
        )  # fmt: skip

    def scale_square(self, x: float, y: float) -> None:
        """The 50 mm square with its bottom-left corner at (x, y), the words above it."""
        self.rect(x, y, SCALE_MM, SCALE_MM, stroke=None, fill="#c8c8c8", cls="scale")
        self.words(x + SCALE_MM / 2, y + SCALE_MM + 2.0, SCALE_WORDS, 8, anchor="middle")

    def svg(self) -> ET.ElementTree[ET.Element]:
        root = ET.Element(
            "svg",
            xmlns="http://www.w3.org/2000/svg",
            width=f"{_n(self.w)}mm",
            height=f"{_n(self.h)}mm",
            viewBox=f"0 0 {_n(self.w)} {_n(self.h)}",
        )
        ET.SubElement(root, "title").text = self.title
        for it in self.items:
            _svg_item(root, it, self.h)
        ET.indent(root)
        return ET.ElementTree(root)

    def write_svg(self, path: Path) -> None:
        self.svg().write(path, encoding="utf-8", xml_declaration=True)

    def paint(
        self,
        c: canvas.Canvas,
        dx: float = 0.0,
        dy: float = 0.0,
        clip: tuple[float, float, float, float] | None = None,
    ) -> None:
        """Draw on ``c`` moved by (dx, dy) mm, only within ``clip`` (x, y, w, h
        in page mm) when given."""
        c.saveState()
        if clip is not None:
            p = c.beginPath()
            p.rect(*(v * mm for v in clip))
            c.clipPath(p, stroke=0, fill=0)
        c.translate(dx * mm, dy * mm)
        for it in self.items:
            _pdf_item(c, it)
        c.restoreState()


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


def _svg_item(root: ET.Element, it: Item, h: float) -> None:
    a = it.at
    attrs: dict[str, str] = {}
    if it.kind == "line":
        tag = "line"
        attrs = {"x1": _n(a[0]), "y1": _n(h - a[1]), "x2": _n(a[2]), "y2": _n(h - a[3])}
    elif it.kind == "rect":
        tag = "rect"
        attrs = {"x": _n(a[0]), "y": _n(h - a[1] - a[3]), "width": _n(a[2]), "height": _n(a[3])}
        if a[4]:
            attrs["rx"] = attrs["ry"] = _n(a[4])
    elif it.kind == "circle":
        tag = "circle"
        attrs = {"cx": _n(a[0]), "cy": _n(h - a[1]), "r": _n(a[2])}
    else:
        tag = "text"
        x, y = _n(a[0]), _n(h - a[1])
        attrs = {"x": x, "y": y, "font-family": "Helvetica, Arial, sans-serif"}
        attrs["font-size"] = _n(it.size * PT)
        if it.anchor != "start":
            attrs["text-anchor"] = it.anchor
        if it.bold:
            attrs["font-weight"] = "bold"
        if it.angle:
            attrs["transform"] = f"rotate({_n(-it.angle)} {x} {y})"
    attrs["fill"] = it.fill or "none"
    if it.stroke is not None:
        attrs["stroke"] = it.stroke
        attrs["stroke-width"] = _n(it.width)
        if it.dash:
            attrs["stroke-dasharray"] = "2 1"
    if it.ident:
        attrs["id"] = it.ident
    if it.cls:
        attrs["class"] = it.cls
    for key, value in it.data:
        attrs["data-" + key] = value
    el = ET.SubElement(root, tag, attrs)
    if tag == "text":
        el.text = it.text


def _pdf_item(c: canvas.Canvas, it: Item) -> None:
    a = [v * mm for v in it.at]
    stroke = fill = 0
    if it.stroke is not None and it.kind != "text":
        stroke = 1
        c.setStrokeColor(colors.HexColor(it.stroke))
        c.setLineWidth(it.width * mm)
        c.setDash([2 * mm, 1 * mm] if it.dash else [])
    if it.fill is not None:
        fill = 1
        c.setFillColor(colors.HexColor(it.fill))
    if it.kind == "line":
        c.line(*a)
    elif it.kind == "rect":
        if a[4]:
            c.roundRect(a[0], a[1], a[2], a[3], a[4], stroke=stroke, fill=fill)
        else:
            c.rect(a[0], a[1], a[2], a[3], stroke=stroke, fill=fill)
    elif it.kind == "circle":
        c.circle(a[0], a[1], a[2], stroke=stroke, fill=fill)
    else:
        c.saveState()
        c.setFont("Helvetica-Bold" if it.bold else "Helvetica", it.size)
        c.translate(a[0], a[1])
        c.rotate(it.angle)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}
        draw[it.anchor](0, 0, it.text)
        c.restoreState()


def write_pdf(path: Path, pages: list[Sheet]) -> None:
    """Sheets of one size, a page each."""
    c = canvas.Canvas(str(path), pagesize=(pages[0].w * mm, pages[0].h * mm))
    c.setTitle(pages[0].title)
    for sheet in pages:
        sheet.paint(c)
        c.showPage()
    c.save()
