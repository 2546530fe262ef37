"""A drawing larger than a page printed at real size: on one A4 page where
it fits (portrait or landscape, within the printer's margin), else on A4
tiles that overlap by OVERLAP_MM, each with dashed cut lines, crosses to
lay on its neighbour's, its name and a map of the tiles, and a 50 mm square
(host_tools.template's plates).

    tiles.write_pdf(sheet, path)     # the page count
    tiles.pages(w, h)                # how many pages a w x h mm drawing takes
"""

from __future__ import annotations

import math
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from host_tools.sheet import SCALE_MM, Sheet

PAGE_MM = (210.0, 297.0)  # A4, portrait
MARGIN_MM = 8.0  # a page's edge that a printer may not reach
STRIP_MM = 62.0  # a tile's foot: its 50 mm square and what it is
OVERLAP_MM = 10.0  # tiles overlap by this much
FRAME_INK = "#808080"


def fits(w: float, h: float) -> tuple[float, float] | None:
    for page in (PAGE_MM, PAGE_MM[::-1]):
        if w <= page[0] - 2 * MARGIN_MM and h <= page[1] - 2 * MARGIN_MM:
            return page
    return None


def pages(w: float, h: float) -> int:
    if fits(w, h):
        return 1
    _, rows, cols = tiling(w, h)
    return rows * cols


def tiling(w: float, h: float) -> tuple[tuple[float, float], int, int]:
    """The A4 page (portrait or landscape) and the rows and columns of tiles
    that cover a ``w`` x ``h`` mm drawing in the fewest pages."""
    best: tuple[tuple[float, float], int, int] | None = None
    for page in (PAGE_MM, PAGE_MM[::-1]):
        ww, wh = page[0] - 2 * MARGIN_MM, page[1] - 2 * MARGIN_MM - STRIP_MM
        cols = max(1, math.ceil((w - OVERLAP_MM) / (ww - OVERLAP_MM)))
        rows = max(1, math.ceil((h - OVERLAP_MM) / (wh - OVERLAP_MM)))
        if best is None or rows * cols < best[1] * best[2]:
            best = (page, rows, cols)
    assert best is not None
    return best


def _cross(s: Sheet, x: float, y: float) -> None:
    s.line(x - 4, y, x + 4, y, width=0.2)
    s.line(x, y - 4, x, y + 4, width=0.2)
    s.circle(x, y, 2.0, width=0.2)


def tile_frame(
    sheet: Sheet, page: tuple[float, float], rows: int, cols: int, r: int, c: int
) -> Sheet:
    """What a tile's page adds to its window on the drawing: the frame, the
    overlap bands' cut lines and crosses, and its foot (the 50 mm square,
    which tile it is, a map of the tiles)."""
    f = Sheet(*page, sheet.title)
    ww, wh = page[0] - 2 * MARGIN_MM, page[1] - 2 * MARGIN_MM - STRIP_MM
    x0, y0, x1, y1 = MARGIN_MM, MARGIN_MM + STRIP_MM, MARGIN_MM + ww, MARGIN_MM + STRIP_MM + wh
    f.rect(x0, y0, ww, wh, width=0.1, stroke=FRAME_INK)
    half = OVERLAP_MM / 2
    name = f"{chr(65 + r)}{c + 1}"
    for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        if not (0 <= r + dr < rows and 0 <= c + dc < cols):
            continue
        other = f"{chr(65 + r + dr)}{c + dc + 1}"
        if dc:
            x = x0 + half if dc < 0 else x1 - half
            f.line(x, y0, x, y1, width=0.15, dash=True)
            for y in (y0 + 15, (y0 + y1) / 2, y1 - 15):
                _cross(f, x, y)
            f.words(x + 1.5 * dc, (y0 + y1) / 2 + 20, f"{name} | {other}", 6, angle=90)
        else:
            y = y1 - half if dr < 0 else y0 + half
            f.line(x0, y, x1, y, width=0.15, dash=True)
            for x in (x0 + 15, (x0 + x1) / 2, x1 - 15):
                _cross(f, x, y)
            f.words((x0 + x1) / 2 + 20, y - 1.5 * dr, f"{name} | {other}", 6)
    f.scale_square(MARGIN_MM, MARGIN_MM)
    tx, ty = MARGIN_MM + SCALE_MM + 8, MARGIN_MM + SCALE_MM
    for text, size, bold in (
        (f"{sheet.title}: tile {name}", 9, True),
        (f"row {r + 1} of {rows}, column {c + 1} of {cols} (A1 top left)", 7, False),
        ("Print at 100 % (actual size), never fitted to the page.", 7, False),
        (f"Tiles overlap by {OVERLAP_MM:g} mm: cut one along its dashed line,", 7, False),
        ("lay it on its neighbour, crosses on crosses, and tape.", 7, False),
    ):
        f.words(tx, ty, text, size, bold=bold)
        ty -= 5.0
    cell = min(4.0, (ty - MARGIN_MM - 2) / rows)
    for rr in range(rows):
        for cc in range(cols):
            fill = "#000000" if (rr, cc) == (r, c) else None
            f.rect(tx + cc * cell, ty - (rr + 1) * cell, cell, cell, width=0.1, fill=fill)
    return f


def write_pdf(sheet: Sheet, path: Path) -> int:
    """The drawing on one A4 page where it fits, else in A4 tiles; the page count."""
    page = fits(sheet.w, sheet.h)
    if page is not None:
        c = canvas.Canvas(str(path), pagesize=(page[0] * mm, page[1] * mm))
        c.setTitle(sheet.title)
        sheet.paint(c, (page[0] - sheet.w) / 2, (page[1] - sheet.h) / 2)
        c.showPage()
        c.save()
        return 1
    page, rows, cols = tiling(sheet.w, sheet.h)
    ww, wh = page[0] - 2 * MARGIN_MM, page[1] - 2 * MARGIN_MM - STRIP_MM
    c = canvas.Canvas(str(path), pagesize=(page[0] * mm, page[1] * mm))
    c.setTitle(sheet.title)
    for r in range(rows):
        for col in range(cols):
            wx0 = col * (ww - OVERLAP_MM)  # the window, in the drawing's mm
            wy0 = sheet.h - r * (wh - OVERLAP_MM) - wh
            clip = (MARGIN_MM, MARGIN_MM + STRIP_MM, ww, wh)
            sheet.paint(c, MARGIN_MM - wx0, MARGIN_MM + STRIP_MM - wy0, clip)
            tile_frame(sheet, page, rows, cols, r, col).paint(c)
            c.showPage()
    c.save()
    return rows * cols
