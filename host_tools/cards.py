"""Printable sheets of the Pacal and Diabolo cards at real size, SVG and PDF
(reportlab, pinned), with the spots where magnets are glued.

    python -m host_tools cards --out DIR     # DIR/pacal-cards.pdf, DIR/pacal-cards-N.svg,
                                             # DIR/pacal-backs.pdf, DIR/pacal-backs-N.svg,
                                             # the same for diabolo

Each card (63 x 88 mm, poker size) shows what it is, and on its face the
presence spot, always glued (a field's or slot's hall sensor finds the card
by it), and the 7 code spots over a reader's 7 hall sensors: a filled spot
gets a magnet, a ring stays empty. Spot k is bit k of the card's code: for
Pacal bits 0..5 the value, for Diabolo bits 0..2 the colour and 3..5 the
value (or a double card's seat); bit 6 makes the set bits odd
(docs/CARDS.md). Eight cards to an A4 page, crop marks at every card corner,
and in the ninth place a 50 mm square to check the print's scale; print at
100 % (the page says so) and cut on the marks. The backs are the same pages
mirrored left to right: each card's magnets where they lie under its face,
to print on the back of the sheet (flip on the long edge) or to glue on.
The geometry below is the reference boards': a maker's reader must put its
sensors under these spots (host_tools.template draws them on the plate).

The SVGs are in millimetres (``width="210mm"``, ``viewBox="0 0 210 297"``:
one user unit is one millimetre), so they print at real size too
(host_tools.sheet draws them).
"""

from __future__ import annotations

import errno
from pathlib import Path

from reportlab.lib.units import mm

from host_tools.sheet import BLACK, PT, SCALE_MM, Sheet, write_pdf
from tabletop.rules import pacal
from tabletop.sensing import diabolo_codes
from tabletop.sensing.cards import encode as card_code

PAGE_MM = (210.0, 297.0)  # A4, portrait
CARD_W_MM, CARD_H_MM = 63.0, 88.0
SPOT_R_MM = 3.0  # a code spot (a 5 mm magnet fits)
SPOT_PITCH_MM = 8.0  # between code spots, in a row across the card
SPOT_Y_MM = 12.0  # the row's centre above the card's bottom edge
PRESENCE_MM = (CARD_W_MM / 2, CARD_H_MM / 2 - 8.0)  # the presence spot, below the value
POLE = "pole: see docs/HARDWARE.md"
# The same in points (reportlab's unit), as the PDF is read back.
CARD_W = CARD_W_MM * mm
CARD_H = CARD_H_MM * mm
SPOT_R = SPOT_R_MM * mm
SPOT_PITCH = SPOT_PITCH_MM * mm
SPOT_Y = SPOT_Y_MM * mm
PRESENCE_Y = PRESENCE_MM[1] * mm
COLS, ROWS = 3, 3  # places on a page, the last one the scale square's
PER_PAGE = COLS * ROWS - 1
MARK_MM = 4.0  # crop mark length, outside the card
BAND_H_MM = 14.0  # a Diabolo card's colour band along its top edge
# The Diabolo colours as printed (a band, and the colour's name for a
# grey-scale print), in the rows' order r, y, g, p, b.
TINTS = {
    "r": ("red", "#e0413a"),
    "y": ("yellow", "#f2c500"),
    "g": ("green", "#3a9a48"),
    "p": ("purple", "#8a4fb0"),
    "b": ("blue", "#3a6fd0"),
}
DOUBLE_TINT = "#9a9a9a"
DIABOLO_VALUES = (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5)  # of each colour
SEATS = 5  # one double card per seat


# --- the cards ----------------------------------------------------------------------------


class Face:
    """What one card shows: ``big`` in the middle, ``corner`` top left, its
    7-bit ``code``, and for Diabolo a colour ``band`` with its ``name``."""

    def __init__(
        self, big: str, corner: str, code: int, band: str | None = None, name: str = ""
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


def spots_mm() -> list[tuple[float, float]]:
    """Where code spot k is on a card, from its bottom-left corner (mm)."""
    first = CARD_W_MM / 2 - 3 * SPOT_PITCH_MM
    return [(first + k * SPOT_PITCH_MM, SPOT_Y_MM) for k in range(7)]


def spot_centres() -> list[tuple[float, float]]:
    """The same in points."""
    return [(x * mm, y * mm) for x, y in spots_mm()]


def card_face(s: Sheet, face: Face, x: float, y: float) -> None:
    """One card's face, its bottom-left corner at (x, y) mm."""
    w, h = CARD_W_MM, CARD_H_MM
    if face.band is not None:
        s.rect(x, y + h - BAND_H_MM, w, BAND_H_MM, 3.0, stroke=None, fill=face.band)
        square = BAND_H_MM / 2  # (its lower corners square)
        s.rect(x, y + h - BAND_H_MM, w, square, stroke=None, fill=face.band)
        s.words(x + w / 2, y + h - BAND_H_MM - 5, face.name, 8, anchor="middle")
    s.rect(x, y, w, h, 3.0, width=0.3 * PT)  # (the paper shows through)
    s.words(x + w / 2, y + h / 2, face.big, 54, anchor="middle", bold=True)
    s.words(x + 4, y + h - 8, face.corner, 12, bold=True)
    px, py = x + PRESENCE_MM[0], y + PRESENCE_MM[1]
    s.circle(px, py, SPOT_R_MM, width=0.3 * PT, fill=BLACK, cls="magnet")
    s.words(px, py - SPOT_R_MM - 3.5, "presence: always", 6, anchor="middle")
    for k, (sx, sy) in enumerate(spots_mm()):
        glued = face.code >> k & 1
        s.circle(
            x + sx, y + sy, SPOT_R_MM, width=0.6 * PT,
            fill=BLACK if glued else None, cls="magnet" if glued else "empty",
        )  # fmt: skip
        s.words(x + sx, y + sy - SPOT_R_MM - 3, str(k), 6, anchor="middle")
    s.words(x + w / 2, y + 3, f"code {face.code:07b} (bit 6..0)", 6, anchor="middle")


def card_back(s: Sheet, face: Face, x: float, y: float) -> None:
    """The back of the card whose face lies at (x, y) on the front page: the
    place and its magnets mirrored left to right across the page."""
    w = CARD_W_MM
    mx = s.w - x - w  # the mirrored card's left edge
    s.rect(mx, y, w, CARD_H_MM, 3.0, width=0.3 * PT, stroke="#808080")
    s.words(mx + w / 2, y + CARD_H_MM - 12, f"back of {face.corner}", 10, anchor="middle")
    s.words(mx + w / 2, y + CARD_H_MM - 18, POLE, 6, anchor="middle")
    spots = [PRESENCE_MM] + [xy for k, xy in enumerate(spots_mm()) if face.code >> k & 1]
    for sx, sy in spots:
        s.circle(s.w - (x + sx), y + sy, SPOT_R_MM, width=0.3 * PT, fill=BLACK, cls="magnet")
    s.words(mx + w / 2, y + 3, "magnets: glue on the filled spots", 6, anchor="middle")


def _crop_marks(s: Sheet, x: float, y: float) -> None:
    for cx in (x, x + CARD_W_MM):
        for cy in (y, y + CARD_H_MM):
            dx = -MARK_MM if cx == x else MARK_MM
            dy = -MARK_MM if cy == y else MARK_MM
            s.line(cx, cy, cx + dx, cy, width=0.25 * PT)
            s.line(cx, cy, cx, cy + dy, width=0.25 * PT)


def places() -> list[tuple[float, float]]:
    """The bottom-left corners of a page's nine places (mm), top row first:
    eight cards, then the scale square's (bottom right)."""
    left = (PAGE_MM[0] - COLS * CARD_W_MM) / 2
    bottom = (PAGE_MM[1] - ROWS * CARD_H_MM) / 2
    return [
        (left + (i % COLS) * CARD_W_MM, bottom + (ROWS - 1 - i // COLS) * CARD_H_MM)
        for i in range(COLS * ROWS)
    ]


def pages(faces: list[Face], title: str, backs: bool = False) -> list[Sheet]:
    """A4 pages of eight cards each (``backs``: their backs), centred, and
    the scale square in the ninth place (mirrored on the backs)."""
    where = places()
    out = []
    for start in range(0, len(faces), PER_PAGE):
        s = Sheet(*PAGE_MM, title)
        for face, (x, y) in zip(faces[start : start + PER_PAGE], where, strict=False):
            if backs:
                card_back(s, face, x, y)
            else:
                card_face(s, face, x, y)
                _crop_marks(s, x, y)
        x, y = where[-1]
        if backs:
            x = s.w - x - CARD_W_MM
        s.scale_square(x + (CARD_W_MM - SCALE_MM) / 2, y + (CARD_H_MM - SCALE_MM) / 2)
        say = "Filled spots: glue a magnet."
        if backs:
            say = "Print on the back of the cards' sheet (flip on the long edge), or glue by it."
        s.words(
            s.w / 2, where[-1][1] / 2,
            f"{title}: print at 100 % (actual size); each card 63 x 88 mm. {say}",
            8, anchor="middle",
        )  # fmt: skip
        out.append(s)
    return out


def write(out: Path) -> list[Path]:
    """The sheets of both games: for each, the faces and the backs, one PDF
    and one SVG per page each (OSError naming the path where ``out``
    cannot be made or written)."""
    if out.exists() and not out.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "a file, not a folder", str(out))
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for game, title, faces in (
        ("pacal", "Pacal cards", pacal_faces()),
        ("diabolo", "Diabolo cards", diabolo_faces()),
    ):
        for name, sheets in (
            (f"{game}-cards", pages(faces, title)),
            (f"{game}-backs", pages(faces, f"{title}, backs", backs=True)),
        ):
            pdf = out / f"{name}.pdf"
            write_pdf(pdf, sheets)
            paths.append(pdf)
            for i, sheet in enumerate(sheets, 1):
                svg = out / f"{name}-{i}.svg"
                sheet.write_svg(svg)
                paths.append(svg)
    return paths
