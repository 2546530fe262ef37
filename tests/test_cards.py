"""``python -m host_tools cards``: the Pacal and Diabolo card sheets, read back from the
rendered PDF (pypdfium2) the way a maker's eye would: each card's filled
code spots are its code."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm

from host_tools import cards
from host_tools.__main__ import main
from sim.hardware.physics.pacal import card_code
from tabletop.sensing import diabolo_codes

SCALE = 3.0  # pixels per point when rendered
ROOT = Path(__file__).resolve().parents[1]
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE = 24, 1  # (linux/prctl.h, linux/capability.h)


def read_codes(pdf_path: Path) -> list[int]:
    """Each card's code, card by card, as the filled spots of the rendered
    pages show it; every spot also has its ring."""
    pdf = pdfium.PdfDocument(str(pdf_path))
    page_w, page_h = A4
    left = (page_w - cards.COLS * cards.CARD_W) / 2
    bottom = (page_h - cards.ROWS * cards.CARD_H) / 2
    codes = []
    for n in range(len(pdf)):
        page = pdf[n]
        assert abs(page.get_size()[0] - page_w) < 0.5 and abs(page.get_size()[1] - page_h) < 0.5
        img = page.render(scale=SCALE).to_pil().convert("L")
        for i in range(cards.COLS * cards.ROWS):
            col, row = i % cards.COLS, cards.ROWS - 1 - i // cards.COLS
            x0, y0 = left + col * cards.CARD_W, bottom + row * cards.CARD_H
            corner = img.getpixel(
                (round((x0 + cards.CARD_W / 2) * SCALE), round((page_h - y0 - 1) * SCALE))
            )
            if corner > 200 and not _outline_at(img, x0, y0, page_h):
                continue  # no card in this place (the last page)
            code = 0
            for k, (sx, sy) in enumerate(cards.spot_centres()):
                px = round((x0 + sx) * SCALE)
                py = round((page_h - (y0 + sy)) * SCALE)
                if img.getpixel((px, py)) < 128:  # filled: glue a magnet
                    code |= 1 << k
                # and a ring around it either way: dark just inside its edge
                edge = round((x0 + sx + cards.SPOT_R) * SCALE)
                assert img.getpixel((edge, py)) < 220  # (a thin line, anti-aliased)
            codes.append(code)
    return codes


def _outline_at(img: object, x0: float, y0: float, page_h: float) -> bool:
    """A card's outline crosses the middle of its bottom edge."""
    px = round((x0 + cards.CARD_W / 2) * SCALE)
    base = round((page_h - y0) * SCALE)
    return any(img.getpixel((px, base + d)) < 200 for d in (-1, 0, 1))  # type: ignore[attr-defined]


def test_the_sheets_show_every_cards_code_at_real_size(tmp_path: Path) -> None:
    assert main(["cards", "--out", str(tmp_path)]) == 0
    assert len(pdfium.PdfDocument(str(tmp_path / "pacal-cards.pdf"))) == 7  # eight to a page
    read = read_codes(tmp_path / "pacal-cards.pdf")
    assert read == [card_code(v) for v in range(1, 51)]
    assert all(bin(c).count("1") % 2 == 1 for c in read)  # odd parity, all
    assert cards.CARD_W == 63 * mm and cards.CARD_H == 88 * mm  # poker size, as the sheet says


def test_the_diabolo_sheets_hold_the_whole_deck_and_a_double_card_per_seat(
    tmp_path: Path,
) -> None:
    cards.write(tmp_path)
    pdf = tmp_path / "diabolo-cards.pdf"
    assert len(pdfium.PdfDocument(str(pdf))) == 10  # 75 cards, eight to a page
    read = [diabolo_codes.decode(c) for c in read_codes(pdf)]
    assert len(read) == 75
    deck = sorted(read[:70])
    want = sorted((k + 1, v) for k in range(5) for v in (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5))
    assert deck == want  # every number card once, as the reader decodes it
    assert read[70:] == [(diabolo_codes.DOUBLE, seat) for seat in range(1, 6)]
    # the colour band: the rows' colours, a red card's band is red
    img = pdfium.PdfDocument(str(pdf))[0].render(scale=SCALE).to_pil().convert("RGB")
    page_w, page_h = A4
    left = (page_w - cards.COLS * cards.CARD_W) / 2
    top = (page_h + cards.ROWS * cards.CARD_H) / 2
    r, g, b = img.getpixel(
        (round((left + cards.CARD_W / 2) * SCALE), round((page_h - top + 5 * mm) * SCALE))
    )
    assert r > 180 and g < 120 and b < 120


def test_the_svg_pages_hold_the_same_cards(tmp_path: Path) -> None:
    paths = cards.write(tmp_path)
    svgs = sorted(p for p in paths if p.suffix == ".svg" and p.name.startswith("pacal-cards"))
    assert len(svgs) == 7
    assert len([p for p in paths if p.name.startswith("diabolo-cards-")]) == 10
    ns = {"svg": "http://www.w3.org/2000/svg"}
    root = ET.parse(svgs[0]).getroot()
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text]
    for value in range(1, cards.PER_PAGE + 1):
        assert f"code {card_code(value):07b} (bit 6..0)" in texts
    circles = root.findall(".//svg:circle", ns)
    assert len(circles) == 8 * 8  # seven code spots and the presence spot a card


def host_tools_as_a_user(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m host_tools ARGS`` as a user runs it; run as root, without
    root's power to write where a folder's mode says no (so that a
    read-only folder is one here too)."""

    def as_a_user() -> None:
        if os.geteuid() == 0:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0:
                raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")

    try:
        return subprocess.run(
            [sys.executable, "-m", "host_tools", *args],
            cwd=ROOT, capture_output=True, text=True, timeout=120, preexec_fn=as_a_user,
        )  # fmt: skip
    except subprocess.SubprocessError as err:
        pytest.skip(f"cannot give up root's override here: {err}")


def cards_command(out: Path) -> subprocess.CompletedProcess[str]:
    return host_tools_as_a_user("cards", "--out", str(out))


def test_sheets_into_a_read_only_folder_are_one_error_line(tmp_path: Path) -> None:
    folder = tmp_path / "sheets"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        done = cards_command(folder)
    finally:
        folder.chmod(0o755)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"error: the card sheets cannot be written: {folder / 'pacal-cards.pdf'}: Permission denied"
    ]
    assert list(folder.iterdir()) == []


def test_sheets_onto_a_file_are_one_error_line_and_the_file_is_kept(tmp_path: Path) -> None:
    kept = tmp_path / "notes.txt"
    kept.write_text("mine\n")
    for out in (kept, kept / "sheets"):
        done = cards_command(out)
        assert done.returncode == 1
        (line,) = done.stderr.splitlines()
        assert line.startswith(f"error: the card sheets cannot be written: {out}: "), line
    assert kept.read_text() == "mine\n"


# --- the sheets in millimetres, the scale check, the backs ----------------------------------

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sheets")
    cards.write(out)
    return out


def svg_size_mm(root: ET.Element) -> tuple[float, float]:
    """The SVG's width and height, which must be in mm and be its viewBox
    (one user unit is one millimetre)."""
    w, h = root.get("width", ""), root.get("height", "")
    assert w.endswith("mm") and h.endswith("mm"), (w, h)
    size = (float(w[:-2]), float(h[:-2]))
    assert [float(v) for v in root.get("viewBox", "").split()] == [0.0, 0.0, *size]
    return size


def scale_squares_mm(root: ET.Element) -> list[tuple[float, float]]:
    return [
        (float(r.get("width", "0")), float(r.get("height", "0")))
        for r in root.iter(SVG + "rect")
        if r.get("class") == "scale"
    ]


def pdf_squares_mm(page: pdfium.PdfPage) -> list[tuple[float, float]]:
    """The sizes (mm) of the page's square path objects near 50 mm."""
    out = []
    for obj in page.get_objects():
        left, bottom, right, top = obj.get_bounds()
        w, h = (right - left) / mm, (top - bottom) / mm
        if abs(w - 50) < 1 and abs(h - 50) < 1:
            out.append((w, h))
    return out


@pytest.mark.parametrize("game", ["pacal", "diabolo"])
def test_every_svg_sheet_is_a4_in_millimetres_with_a_50_mm_square(sheets: Path, game: str) -> None:
    files = sorted(sheets.glob(f"{game}-*.svg"))
    assert len(files) == 2 * len(pdfium.PdfDocument(str(sheets / f"{game}-cards.pdf")))
    for path in files:
        root = ET.parse(path).getroot()
        assert svg_size_mm(root) == (210.0, 297.0), path.name
        assert scale_squares_mm(root) == [(50.0, 50.0)], path.name
        words = [t.text for t in root.iter(SVG + "text")]
        assert "this square must measure 50 mm" in words, path.name


@pytest.mark.parametrize("pdf", ["pacal-cards", "pacal-backs", "diabolo-cards", "diabolo-backs"])
def test_every_pdf_page_is_a4_with_its_50_mm_square(sheets: Path, pdf: str) -> None:
    doc = pdfium.PdfDocument(str(sheets / f"{pdf}.pdf"))
    for page in doc:
        w, h = page.get_size()
        assert (round(w / mm, 1), round(h / mm, 1)) == (210.0, 297.0)
        (side,) = pdf_squares_mm(page)
        assert side == pytest.approx((50.0, 50.0), abs=0.1)
        assert "this square must measure 50 mm" in page.get_textpage().get_text_range()


def magnets_mm(path: Path) -> set[tuple[float, float]]:
    """The centres (mm, from the top-left corner) of a sheet's magnet spots."""
    root = ET.parse(path).getroot()
    return {
        (round(float(c.get("cx", "0")), 3), round(float(c.get("cy", "0")), 3))
        for c in root.iter(SVG + "circle")
        if c.get("class") == "magnet"
    }


@pytest.mark.parametrize("game", ["pacal", "diabolo"])
def test_the_backs_put_each_magnet_behind_its_spot_mirrored(sheets: Path, game: str) -> None:
    fronts = sorted(sheets.glob(f"{game}-cards-*.svg"), key=lambda p: int(p.stem.split("-")[-1]))
    assert fronts
    total = 0
    for front in fronts:
        back = sheets / front.name.replace("-cards-", "-backs-")
        want = {(round(210.0 - x, 3), y) for x, y in magnets_mm(front)}
        assert magnets_mm(back) == want, back.name  # left to right across the page
        total += len(want)
        root = ET.parse(back).getroot()
        texts = [t.text for t in root.iter(SVG + "text")]
        n_cards = sum(1 for t in texts if t and t.startswith("back of "))
        assert texts.count("pole: see docs/HARDWARE.md") == n_cards > 0
    faces = cards.pacal_faces() if game == "pacal" else cards.diabolo_faces()
    assert total == sum(1 + bin(f.code).count("1") for f in faces)  # presence + code spots
