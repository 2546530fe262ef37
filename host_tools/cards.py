"""Printable sheets of the Pacal and Diabolo cards at real size, SVG and PDF
(reportlab, pinned), with the spots where magnets are glued.

    python -m host_tools cards --out DIR     # DIR/pacal-cards.pdf, DIR/pacal-cards-N.svg,
                                             # DIR/diabolo-cards.pdf, DIR/diabolo-cards-N.svg

Each card (63 x 88 mm, poker size) shows what it is, and on its face the
presence spot, always glued (a field's or slot's hall sensor finds the card
by it), and the 7 code spots over a reader's 7 hall sensors: a filled spot
gets a magnet, a ring stays empty. Spot k is bit k of the card's code: for
Pacal bits 0..5 the value, for Diabolo bits 0..2 the colour and 3..5 the
value (or a double card's seat); bit 6 makes the set bits odd
(docs/CARDS.md). Nine cards to an A4 page with crop marks at every card
corner; print at 100 % (the page says so) and cut on the marks. The geometry
below is the reference boards': a maker's reader must put its sensors under
these spots.
"""

from __future__ import annotations

import errno
from pathlib import Path

from reportlab.graphics import renderPDF, renderSVG
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from tabletop.rules import pacal
from tabletop.sensing import diabolo_codes
from tabletop.sensing.cards import encode as card_code

CARD_W = 63.0 * mm
CARD_H = 88.0 * mm
COLS, ROWS = 3, 3
SPOT_R = 3.0 * mm  # a code spot (a 5 mm magnet fits)
SPOT_PITCH = 8.0 * mm  # between code spots, in a row across the card
SPOT_Y = 12.0 * mm  # the row's centre above the card's bottom edge
PRESENCE_Y = CARD_H / 2 - 8.0 * mm  # the presence spot, below the value
MARK = 4.0 * mm  # crop mark length, outside the card
BAND_H = 14.0 * mm  # a Diabolo card's colour band along its top edge
# The Diabolo colours as printed (a band, and the colour's name for a
# grey-scale print), in the rows' order r, y, g, p, b.
TINTS = {
    "r": ("red", colors.HexColor("#e0413a")),
    "y": ("yellow", colors.HexColor("#f2c500")),
    "g": ("green", colors.HexColor("#3a9a48")),
    "p": ("purple", colors.HexColor("#8a4fb0")),
    "b": ("blue", colors.HexColor("#3a6fd0")),
}
DOUBLE_TINT = colors.HexColor("#9a9a9a")
DIABOLO_VALUES = (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5)  # of each colour
SEATS = 5  # one double card per seat


class Face:
    """What one card shows: ``big`` in the middle, ``corner`` top left, its
    7-bit ``code``, and for Diabolo a colour ``band`` with its ``name``."""

    def __init__(
        self, big: str, corner: str, code: int, band: colors.Color | None = None, name: str = ""
    ) -> None:
        self.big = big
        self.corner = corner
        self.code = code
        self.band = band
        self.name = name


def pacal_faces() -> list[Face]:
    """The 50 Pacal cards, 1 to 50."""
    return [Face(str(v), str(v), card_code(v)) for v in range(1, pacal.CARDS + 1)]


def diabolo_faces() -> list[Face]:
    """The 70 Diabolo number cards, colour by colour in the rows' order, then
    the five double cards, seat 1 to 5."""
    out = []
    for k, letter in enumerate(diabolo_codes.COLOURS):
        name, tint = TINTS[letter]
        for value in DIABOLO_VALUES:
            code = diabolo_codes.encode(k + 1, value)
            out.append(Face(str(value), letter + str(value), code, tint, name))
    for seat in range(1, SEATS + 1):
        code = diabolo_codes.encode(diabolo_codes.DOUBLE, seat)
        out.append(Face("x2", "x2", code, DOUBLE_TINT, f"double card, seat {seat}"))
    return out


def spot_centres() -> list[tuple[float, float]]:
    """Where code spot k is on a card, from its bottom-left corner (points)."""
    first = CARD_W / 2 - 3 * SPOT_PITCH
    return [(first + k * SPOT_PITCH, SPOT_Y) for k in range(7)]


def card_group(face: Face) -> Group:
    """One card, its bottom-left corner at (0, 0)."""
    g = Group()
    if face.band is not None:
        band = Rect(0, CARD_H - BAND_H, CARD_W, BAND_H, rx=3 * mm, ry=3 * mm)
        band.fillColor = face.band
        band.strokeWidth = 0
        g.add(band)
        square = Rect(0, CARD_H - BAND_H, CARD_W, BAND_H / 2)  # (its lower corners square)
        square.fillColor = face.band
        square.strokeWidth = 0
        g.add(square)
        g.add(
            String(
                CARD_W / 2,
                CARD_H - BAND_H - 5 * mm,
                face.name,
                fontName="Helvetica",
                fontSize=8,
                textAnchor="middle",
            )
        )
    outline = Rect(0, 0, CARD_W, CARD_H, rx=3 * mm, ry=3 * mm)
    outline.fillColor = None  # (the paper shows through)
    outline.strokeWidth = 0.3
    g.add(outline)
    g.add(
        String(
            CARD_W / 2,
            CARD_H * 0.5,
            face.big,
            fontName="Helvetica-Bold",
            fontSize=54,
            textAnchor="middle",
        )
    )
    g.add(String(4 * mm, CARD_H - 8 * mm, face.corner, fontName="Helvetica-Bold", fontSize=12))
    g.add(Circle(CARD_W / 2, PRESENCE_Y, SPOT_R, fillColor=colors.black, strokeWidth=0.3))
    g.add(
        String(
            CARD_W / 2,
            PRESENCE_Y - SPOT_R - 3.5 * mm,
            "presence: always",
            fontName="Helvetica",
            fontSize=6,
            textAnchor="middle",
        )
    )
    code = face.code
    for k, (x, y) in enumerate(spot_centres()):
        glued = code >> k & 1
        g.add(Circle(x, y, SPOT_R, fillColor=colors.black if glued else None, strokeWidth=0.6))
        g.add(
            String(
                x,
                y - SPOT_R - 3 * mm,
                str(k),
                fontName="Helvetica",
                fontSize=6,
                textAnchor="middle",
            )
        )
    g.add(
        String(
            CARD_W / 2,
            3 * mm,
            f"code {code:07b} (bit 6..0)",
            fontName="Helvetica",
            fontSize=6,
            textAnchor="middle",
        )
    )
    return g


def _crop_marks(g: Group, x: float, y: float) -> None:
    for cx in (x, x + CARD_W):
        for cy in (y, y + CARD_H):
            dx = -MARK if cx == x else MARK
            dy = -MARK if cy == y else MARK
            g.add(Line(cx, cy, cx + dx, cy, strokeWidth=0.25))
            g.add(Line(cx, cy, cx, cy + dy, strokeWidth=0.25))


def pages(faces: list[Face], title: str) -> list[Drawing]:
    """A4 pages of nine cards each, centred, crop marks at their corners."""
    page_w, page_h = A4
    left = (page_w - COLS * CARD_W) / 2
    bottom = (page_h - ROWS * CARD_H) / 2
    out = []
    per_page = COLS * ROWS
    for start in range(0, len(faces), per_page):
        d = Drawing(page_w, page_h)
        for i, face in enumerate(faces[start : start + per_page]):
            col, row = i % COLS, ROWS - 1 - i // COLS
            x, y = left + col * CARD_W, bottom + row * CARD_H
            card = card_group(face)
            card.translate(x, y)
            d.add(card)
            marks = Group()
            _crop_marks(marks, x, y)
            d.add(marks)
        d.add(
            String(
                page_w / 2,
                bottom / 2,
                f"{title}: print at 100 % (actual size); each card 63 x 88 mm. "
                "Filled spots: glue a magnet.",
                fontName="Helvetica",
                fontSize=8,
                textAnchor="middle",
            )
        )
        out.append(d)
    return out


def write(out: Path) -> list[Path]:
    """The sheets of both games: for each, one PDF and one SVG per page
    (OSError naming the path where ``out`` cannot be made or written)."""
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "a file, not a folder", str(out))
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for game, title, faces in (
        ("pacal", "Pacal cards", pacal_faces()),
        ("diabolo", "Diabolo cards", diabolo_faces()),
    ):
        sheets = pages(faces, title)
        pdf = out / f"{game}-cards.pdf"
        c = canvas.Canvas(str(pdf), pagesize=A4)
        c.setTitle(title)
        for d in sheets:
            renderPDF.draw(d, c, 0, 0)
            c.showPage()
        c.save()
        paths.append(pdf)
        for i, d in enumerate(sheets, 1):
            svg = out / f"{game}-cards-{i}.svg"
            renderSVG.drawToFile(d, str(svg))
            paths.append(svg)
    return paths
