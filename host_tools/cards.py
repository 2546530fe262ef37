"""Printable sheets of the Pacal cards at real size, SVG and PDF (reportlab,
pinned), with the spots where magnets are glued.

    python -m host_tools cards --out DIR     # DIR/pacal-cards.pdf, DIR/pacal-cards-N.svg

Each card (63 x 88 mm, poker size) shows its value, and on its face the
presence spot, always glued (a field's hall sensor counts the cards on it by
these magnets), and the 7 code spots over the slot reader's 7 hall sensors:
a filled spot gets a magnet, a ring stays empty. Spot k is bit k of the
card's code (bits 0..5 the value, bit 6 odd parity; docs/FIRMWARE.md, "Card
codes"). Nine cards to an A4 page with crop marks at every card corner;
print at 100 % (the page says so) and cut on the marks. The geometry below
is the reference board's (docs/CARDS.md): a maker's reader must put its
sensors under these spots.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.graphics import renderPDF, renderSVG
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from sim.physics.pacal import card_code
from tabletop.rules import pacal

CARD_W = 63.0 * mm
CARD_H = 88.0 * mm
COLS, ROWS = 3, 3
SPOT_R = 3.0 * mm  # a code spot (a 5 mm magnet fits)
SPOT_PITCH = 8.0 * mm  # between code spots, in a row across the card
SPOT_Y = 12.0 * mm  # the row's centre above the card's bottom edge
PRESENCE_Y = CARD_H / 2 - 8.0 * mm  # the presence spot, below the value
MARK = 4.0 * mm  # crop mark length, outside the card
INK = (0, 0, 0)


def spot_centres() -> list[tuple[float, float]]:
    """Where code spot k is on a card, from its bottom-left corner (points)."""
    first = CARD_W / 2 - 3 * SPOT_PITCH
    return [(first + k * SPOT_PITCH, SPOT_Y) for k in range(7)]


def card_group(value: int) -> Group:
    """One card, its bottom-left corner at (0, 0)."""
    g = Group()
    outline = Rect(0, 0, CARD_W, CARD_H, rx=3 * mm, ry=3 * mm)
    outline.fillColor = None  # (the paper shows through)
    outline.strokeWidth = 0.3
    g.add(outline)
    g.add(
        String(
            CARD_W / 2,
            CARD_H * 0.62,
            str(value),
            fontName="Helvetica-Bold",
            fontSize=54,
            textAnchor="middle",
        )
    )
    g.add(String(4 * mm, CARD_H - 8 * mm, str(value), fontName="Helvetica-Bold", fontSize=12))
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
    code = card_code(value)
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


def pages(values: list[int]) -> list[Drawing]:
    """A4 pages of nine cards each, centred, crop marks at their corners."""
    page_w, page_h = A4
    left = (page_w - COLS * CARD_W) / 2
    bottom = (page_h - ROWS * CARD_H) / 2
    out = []
    per_page = COLS * ROWS
    for start in range(0, len(values), per_page):
        d = Drawing(page_w, page_h)
        for i, value in enumerate(values[start : start + per_page]):
            col, row = i % COLS, ROWS - 1 - i // COLS
            x, y = left + col * CARD_W, bottom + row * CARD_H
            card = card_group(value)
            card.translate(x, y)
            d.add(card)
            marks = Group()
            _crop_marks(marks, x, y)
            d.add(marks)
        d.add(
            String(
                page_w / 2,
                bottom / 2,
                "Pacal cards: print at 100 % (actual size); each card 63 x 88 mm. "
                "Filled spots: glue a magnet.",
                fontName="Helvetica",
                fontSize=8,
                textAnchor="middle",
            )
        )
        out.append(d)
    return out


def write(out: Path) -> list[Path]:
    """The sheets of all 50 Pacal cards: one PDF, one SVG per page."""
    out.mkdir(parents=True, exist_ok=True)
    sheets = pages(list(range(1, pacal.CARDS + 1)))
    pdf = out / "pacal-cards.pdf"
    c = canvas.Canvas(str(pdf), pagesize=A4)
    c.setTitle("Pacal cards")
    for d in sheets:
        renderPDF.draw(d, c, 0, 0)
        c.showPage()
    c.save()
    paths = [pdf]
    for i, d in enumerate(sheets, 1):
        svg = out / f"pacal-cards-{i}.svg"
        renderSVG.drawToFile(d, str(svg))
        paths.append(svg)
    return paths
