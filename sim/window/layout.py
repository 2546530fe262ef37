"""Where things are in the window: the board seen from above at the left,
the side panel at the right, scaled to the window's size.

    lay = Layout((1200, 720), pitch_mm=25.0)
    lay.to_px(x_mm, y_mm)      # a point of the board (mm, y away from player 0) in pixels
    lay.to_mm(px, py)          # ... and back
    lay.panel                  # the side panel's rectangle
    lay.button("menu")         # a board button's rectangle

Player 0 sits at the bottom edge, player 1 at the top; world coordinates
are the physics' (sim.hardware.physics): millimetres, x along the columns a..d, y
along the rows 1..4, the cup a1 at (0, 0).
"""

from __future__ import annotations

import pygame

PANEL_SHARE = 0.36  # of the window's width, within the bounds below
PANEL_MIN = 300
PANEL_MAX = 480
MARGIN = 12
# the board's world extent in pitches: the trays and the button strip included
WORLD_X = (-1.0, 5.0)
WORLD_Y = (-2.8, 5.8)
BUTTON_X = 4.4  # pitches: the centre of the button strip
BUTTON_Y = {"menu": 2.0, "back": 1.0}
BUTTON_SIZE = (0.9, 0.6)  # pitches


class Layout:
    def __init__(self, size: tuple[int, int], pitch_mm: float) -> None:
        w, h = size
        self.size = size
        self.pitch = pitch_mm
        panel_w = int(min(PANEL_MAX, max(PANEL_MIN, w * PANEL_SHARE)))
        self.panel = pygame.Rect(w - panel_w, 0, panel_w, h)
        area = pygame.Rect(MARGIN, MARGIN, w - panel_w - 2 * MARGIN, h - 2 * MARGIN)
        self.area = area
        span_x = (WORLD_X[1] - WORLD_X[0]) * pitch_mm
        span_y = (WORLD_Y[1] - WORLD_Y[0]) * pitch_mm
        self.scale = max(0.5, min(area.w / span_x, area.h / span_y))  # px per mm
        used_w = span_x * self.scale
        used_h = span_y * self.scale
        # the world's left edge and its top (WORLD_Y[1]) in pixels
        self.left = area.x + (area.w - used_w) / 2 - WORLD_X[0] * pitch_mm * self.scale
        self.top = area.y + (area.h - used_h) / 2 + WORLD_Y[1] * pitch_mm * self.scale

    def to_px(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.left + x * self.scale), round(self.top - y * self.scale))

    def to_mm(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.left) / self.scale, (self.top - py) / self.scale)

    def length(self, mm: float) -> int:
        """A length in pixels (at least 1)."""
        return max(1, round(mm * self.scale))

    def pitches(self, x: float, y: float) -> tuple[int, int]:
        """A point given in pitches, in pixels."""
        return self.to_px(x * self.pitch, y * self.pitch)

    def button(self, name: str) -> pygame.Rect:
        w, h = (self.length(s * self.pitch) for s in BUTTON_SIZE)
        cx, cy = self.pitches(BUTTON_X, BUTTON_Y[name])
        return pygame.Rect(cx - w // 2, cy - h // 2, w, h)

    def button_at(self, pos: tuple[int, int]) -> str | None:
        for name in BUTTON_Y:
            if self.button(name).collidepoint(pos):
                return name
        return None
