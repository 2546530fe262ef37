"""Colours, fonts and small drawing helpers the window's parts share.

An LED is drawn in exactly the hue the firmware wrote to the virtual chain
in its last frame, its brightness taken relative to the profile's cap (a
board's LEDs are capped for the USB power budget; the window shows the cap
as full): the window never works out on its own what is lit.
"""

from __future__ import annotations

from typing import Any

import pygame

from sim.table.table import Table
from tabletop.profile import colours

Rgb = tuple[int, int, int]

# What a light's colour means (tabletop.profile.colours), by role: the
# window draws the LEDs in the colours the firmware lit them, and its own
# marks never in a colour close to a light's of another meaning.
LIGHTS: dict[str, Rgb] = {name: rgb for name, rgb, _meaning in colours.ROLES}
# Diabolo's seats P1..P5 (the seat at the window's name and hand): P1 and P2
# like the player0 and player1 lights, the others far from every light
# (tests/test_colour_meanings.py).
SEAT_COLOURS: tuple[Rgb, ...] = (
    (255, 170, 90),
    (110, 180, 255),
    (40, 220, 200),
    (255, 120, 200),
    (220, 240, 120),
)

BACKGROUND = (28, 30, 34)
PANEL = (38, 41, 47)
PANEL_LINE = (70, 74, 84)
TEXT = (225, 228, 235)
TEXT_DIM = (150, 155, 168)
WOOD = (150, 112, 72)
WOOD_EDGE = (96, 68, 40)
CUP = (118, 86, 54)
TRAY = (126, 92, 58)
LED_OFF = (52, 48, 44)
LED_RIM = (30, 26, 22)
MARBLE = ((236, 226, 204), (58, 44, 40))  # light (player 0), dark (player 1)
OLED_BG = (8, 10, 14)
OLED_TEXT = (120, 200, 255)
BUTTON = (62, 66, 76)
BUTTON_DOWN = (100, 106, 120)
OVERLAY_RAW = (255, 255, 255)
OVERLAY_EXPECTED = (140, 230, 160)


class Fonts:
    """The fonts at sizes fitted to the window's height."""

    def __init__(self, height: int) -> None:
        base = max(14, min(22, height // 36))
        self.body = pygame.font.Font(None, base + 4)
        self.small = pygame.font.Font(None, base)
        self.title = pygame.font.Font(None, base + 14)
        self.mono = pygame.font.Font(None, base + 2)
        self.card = pygame.font.Font(None, max(16, height // 24))


def shade(rgb: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    r, g, b = (max(0, min(255, round(c * f))) for c in rgb)
    return (r, g, b)


def label(
    surf: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    centre: tuple[int, int],
    colour: tuple[int, int, int],
) -> None:
    """``text`` centred on ``centre``, on a dark backing so it reads anywhere."""
    img = font.render(text, True, colour)
    rect = img.get_rect(center=centre)
    back = pygame.Surface(rect.inflate(4, 2).size, pygame.SRCALPHA)
    back.fill((0, 0, 0, 150))
    surf.blit(back, rect.inflate(4, 2).topleft)
    surf.blit(img, rect)


def button(surf: pygame.Surface, rect: pygame.Rect, text: str, fonts: Any, down: bool) -> None:
    pygame.draw.rect(surf, BUTTON_DOWN if down else BUTTON, rect, border_radius=6)
    pygame.draw.rect(surf, PANEL_LINE, rect, 1, border_radius=6)
    img = fonts.small.render(text, True, TEXT)
    surf.blit(img, img.get_rect(center=rect.center))


def sensor_readings(table: Table) -> list[tuple[int, int]]:
    """Each Pyraos sensor's raw reading (this tick's scan) and what the
    sensing expects it to read for the position it holds (its baseline plus
    the model's field of the marbles it expects)."""
    runtime = table.runtime
    learnt = runtime.board.sensor.learnt
    channels: list[int] = list(table.profile.sensor_channels)
    return [
        (int(runtime.analog[c]), int(learnt.base[s] + learnt.model[s]))
        for s, c in enumerate(channels)
    ]


def field_readings(table: Table) -> list[tuple[int, int]]:
    """Each Pacal field's raw reading (this tick's scan) and the calibrated
    reading of the card count the board has settled on (0, 1 or 2)."""
    runtime = table.runtime
    levels = runtime.board.levels
    channels: list[int] = list(table.profile.field_channels)
    return [
        (int(runtime.analog[c]), int(table.profile.field_levels[f][levels.stable[f]]))
        for f, c in enumerate(channels)
    ]


FRAME = 4  # px: the LED frame around a field, slot or reader


def lit_frame(surf: pygame.Surface, rect: pygame.Rect, rgb: Rgb | None) -> None:
    """The LED under a card place, lit in ``rgb`` (None: dark): a frame
    with a soft glow around ``rect``."""
    if rgb is None:
        return
    glow = rect.inflate(4 * FRAME, 4 * FRAME)
    layer = pygame.Surface(glow.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*rgb, 90), layer.get_rect(), border_radius=2 * FRAME)
    surf.blit(layer, glow.topleft)
    pygame.draw.rect(surf, rgb, rect.inflate(2 * FRAME, 2 * FRAME), FRAME, border_radius=FRAME)


def led(surf: pygame.Surface, at: tuple[int, int], r: int, rgb: Rgb | None) -> None:
    """A round LED at ``at``, lit in ``rgb`` (None: off)."""
    pygame.draw.circle(surf, rgb or LED_OFF, at, r)
    pygame.draw.circle(surf, LED_RIM, at, r, 1)
