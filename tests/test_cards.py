"""``python -m host_tools cards``: the Pacal card sheets, read back from the
rendered PDF (pypdfium2) the way a maker's eye would: each card's filled
code spots are its code."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm

from host_tools import cards
from host_tools.__main__ import main
from sim.physics.pacal import card_code

SCALE = 3.0  # pixels per point when rendered


def test_the_sheets_show_every_cards_code_at_real_size(tmp_path: Path) -> None:
    assert main(["cards", "--out", str(tmp_path)]) == 0
    pdf = pdfium.PdfDocument(str(tmp_path / "pacal-cards.pdf"))
    assert len(pdf) == 6  # 50 cards, nine to a page
    page_w, page_h = A4
    left = (page_w - cards.COLS * cards.CARD_W) / 2
    bottom = (page_h - cards.ROWS * cards.CARD_H) / 2
    read: dict[int, int] = {}
    for n in range(len(pdf)):
        page = pdf[n]
        assert (
            page.get_size() == (round(page_w, 4), round(page_h, 4))
            or abs(page.get_size()[0] - page_w) < 0.5
        )
        img = page.render(scale=SCALE).to_pil().convert("L")
        for i in range(9):
            value = 9 * n + i + 1
            if value > 50:
                break
            col, row = i % cards.COLS, cards.ROWS - 1 - i // cards.COLS
            x0, y0 = left + col * cards.CARD_W, bottom + row * cards.CARD_H
            code = 0
            for k, (sx, sy) in enumerate(cards.spot_centres()):
                px = round((x0 + sx) * SCALE)
                py = round((page_h - (y0 + sy)) * SCALE)
                if img.getpixel((px, py)) < 128:  # filled: glue a magnet
                    code |= 1 << k
                # and a ring around it either way: dark just inside its edge
                edge = round((x0 + sx + cards.SPOT_R) * SCALE)
                assert img.getpixel((edge, py)) < 220  # (a thin line, anti-aliased)
            read[value] = code
    assert read == {v: card_code(v) for v in range(1, 51)}
    assert all(bin(c).count("1") % 2 == 1 for c in read.values())  # odd parity, all
    assert cards.CARD_W == 63 * mm and cards.CARD_H == 88 * mm  # poker size, as the sheet says


def test_the_svg_pages_hold_the_same_cards(tmp_path: Path) -> None:
    paths = cards.write(tmp_path)
    svgs = sorted(p for p in paths if p.suffix == ".svg")
    assert len(svgs) == 6
    ns = {"svg": "http://www.w3.org/2000/svg"}
    root = ET.parse(svgs[0]).getroot()
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text]
    for value in range(1, 10):
        assert f"code {card_code(value):07b} (bit 6..0)" in texts
    circles = root.findall(".//svg:circle", ns)
    assert len(circles) == 9 * 8  # seven code spots and the presence spot a card
