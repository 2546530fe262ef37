"""The Pyraos board drawn from above: the wooden board and its 16 cups, the
LEDs at the 25 sensor points glowing as the firmware's last frame has them,
the marbles by level (a marble on level 2 or higher rests visibly on the
four below: drawn later, a little larger, with a shadow), the reserve trays
with their LED bars and turn LEDs, MENU and BACK, and the marble in hand.
The view (sim.window.pyraos) draws it in the window.

    draw(surface, table, live_scene(table), layout, fonts)    # the board now
    draw(surface, table, record_scene(table, state), layout, fonts)   # a record's position
    led_point(table, layout, name)    # a pixel where LED ``name`` shows (tests)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from sim.table.table import Table
from sim.window import style
from sim.window.layout import Layout
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.rules.pyraos_geometry import LEVEL, LEVEL_START, POSITIONS

MARBLE_R = 0.46  # pitches
CUP_R = 0.40
GLOW_R = 0.50  # an LED's glow around its point
RING_W = 0.07  # pitches: the lit ring drawn over whatever covers an LED
TRAY_ROWS = (8, 7)  # the 15 marbles of a reserve tray
TRAY_STEP = 0.47  # pitches between marbles in a tray
BAR_OFFSET = 0.95  # pitches from a tray's middle to its LED bar (toward the board)
TURN_X = 4.4  # pitches: the turn LEDs, beside the trays
HELD_ALPHA = 190  # a marble in the air lets the board's LEDs show through


def led_xy(table: Table, name: str) -> tuple[float, float]:
    """Where LED ``name`` is on the board, in mm."""
    physics = table.physics
    p = physics.pitch
    if name in PYRAOS_SENSORS:
        x, y = physics.sensor_xy[PYRAOS_SENSORS.index(name)]
        return (x, y)
    if name.startswith("turn"):
        side = int(name[4:])
        return (TURN_X * p, physics.reserve_point(side)[1])
    side_s, i_s = name[len("reserve") :].split(".")
    side, i = int(side_s), int(i_s)
    _, ry, _ = physics.reserve_point(side)
    toward = 1.0 if side == 0 else -1.0
    return ((-0.3 + 3.6 * i / 14) * p, ry + toward * BAR_OFFSET * p)


def led_point(table: Table, lay: Layout, name: str) -> tuple[int, int]:
    """A pixel where LED ``name`` shows whatever lies on it: on the lit
    ring of a sensor point, at the centre of any other LED."""
    x, y = led_xy(table, name)
    if name in PYRAOS_SENSORS:
        r = (GLOW_R - RING_W / 2) * table.physics.pitch
        return lay.to_px(x + r, y)
    return lay.to_px(x, y)


def tray_xy(table: Table, side: int, i: int) -> tuple[float, float]:
    """Where the ``i``-th marble of ``side``'s tray lies, in mm."""
    physics = table.physics
    p = physics.pitch
    rx, ry, _ = physics.reserve_point(side)
    row = 0 if i < TRAY_ROWS[0] else 1
    k = i if row == 0 else i - TRAY_ROWS[0]
    n = TRAY_ROWS[row]
    x = rx + (k - (n - 1) / 2) * TRAY_STEP * p
    y = ry + (0.23 if row == 0 else -0.23) * p
    return (x, y)


@dataclass
class Scene:
    """What the window shows of a Pyraos board: the live board, or a
    position of a record being stepped through (its LEDs dark)."""

    marbles: list[tuple[float, float, int, int]]  # (x mm, y mm, level, colour), lowest first
    trays: tuple[int, int]  # marbles in each player's tray
    leds: dict[str, style.Rgb | None]  # every LED's colour, None when dark
    held: tuple[float, float, float, int] | None = None  # the marble in hand, and its colour
    pressed: frozenset[str] = frozenset()  # board buttons held down
    readings: list[tuple[int, int]] | None = None  # each sensor's raw and expected reading


def live_scene(table: Table, readings: bool = False) -> Scene:
    """The board as it is now: the marbles where they lie (a bouncing one
    where it is), the LEDs as the firmware's last frame has them."""
    physics = table.physics
    known = table.marbles  # the marbles' colours, the trays (sim.table.pyraos)
    assert known is not None
    occ = physics.occupied()
    marbles = []
    for pos in range(POSITIONS):
        if occ >> pos & 1:
            settling = physics._settling.get(pos)
            x, y, _ = settling.at(table.now) if settling is not None else physics.centre(pos)
            marbles.append((x, y, LEVEL[pos], known.colour(pos)))
    at = physics.held_at(table.now)
    return Scene(
        marbles=marbles,
        trays=(known.reserves[0], known.reserves[1]),
        leds={name: table.led(name) for name in table.hal.light_names()},
        held=None if at is None else (*at, known.hand_colour),
        pressed=frozenset(table.buttons_down),
        readings=style.sensor_readings(table) if readings else None,
    )


def record_scene(table: Table, state: Any) -> Scene:
    """A position of a record (a rules state): its marbles in place, the
    trays as its reserves, the LEDs dark."""
    physics = table.physics
    marbles = []
    for pos in range(POSITIONS):
        owner = state.owner(pos)
        if owner is not None:
            x, y, _ = physics.centre(pos)
            marbles.append((x, y, LEVEL[pos], owner))
    return Scene(
        marbles=marbles,
        trays=(state.reserve[0], state.reserve[1]),
        leds=dict.fromkeys(table.hal.light_names()),
    )


def draw(surf: pygame.Surface, table: Table, scene: Scene, lay: Layout, fonts: Any) -> None:
    """The board of ``table`` (its geometry) showing ``scene``."""
    p = table.physics.pitch
    _board(surf, table, lay)
    lit = scene.leds
    for name in PYRAOS_SENSORS:
        _glow(surf, lay, led_xy(table, name), lit[name], GLOW_R * p)
    for x, y, level, colour in scene.marbles:
        r = lay.length(MARBLE_R * p * (1 + 0.05 * (level - 1)))
        marble(surf, lay.to_px(x, y), r, colour, level - 1)
    for name in PYRAOS_SENSORS:
        rgb = lit[name]
        if rgb is not None:
            x, y = led_xy(table, name)
            pygame.draw.circle(
                surf, rgb, lay.to_px(x, y), lay.length(GLOW_R * p), lay.length(RING_W * p)
            )
    for name in lit:
        if name not in PYRAOS_SENSORS:
            _small_led(surf, lay, led_xy(table, name), lit[name], 0.12 * p)
    _trays(surf, table, scene, lay)
    for name in ("menu", "back"):
        style.button(surf, lay.button(name), name.upper(), fonts, name in scene.pressed)
    if scene.held is not None:
        _held(surf, table, scene.held, lay)
    if scene.readings is not None:
        _overlay(surf, table, scene.readings, lay, fonts)


def _board(surf: pygame.Surface, table: Table, lay: Layout) -> None:
    p = table.physics.pitch
    x0, y0 = lay.to_px(-0.75 * p, 3.75 * p)
    x1, y1 = lay.to_px(3.75 * p, -0.75 * p)
    rect = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
    pygame.draw.rect(surf, style.WOOD, rect, border_radius=lay.length(0.3 * p))
    pygame.draw.rect(surf, style.WOOD_EDGE, rect, 2, border_radius=lay.length(0.3 * p))
    for pos in range(LEVEL_START[1]):
        cx, cy, _ = table.physics.centre(pos)
        pygame.draw.circle(surf, style.CUP, lay.to_px(cx, cy), lay.length(CUP_R * p))


def _glow(
    surf: pygame.Surface,
    lay: Layout,
    at: tuple[float, float],
    rgb: style.Rgb | None,
    r_mm: float,
) -> None:
    if rgb is None:
        return
    r = lay.length(r_mm)
    glow = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    for k in range(4, 0, -1):
        pygame.draw.circle(glow, (*rgb, 60 + 45 * (4 - k)), (r, r), r * k // 4)
    cx, cy = lay.to_px(*at)
    surf.blit(glow, (cx - r, cy - r))


def _small_led(
    surf: pygame.Surface,
    lay: Layout,
    at: tuple[float, float],
    rgb: style.Rgb | None,
    r_mm: float,
) -> None:
    cx, cy = lay.to_px(*at)
    r = lay.length(r_mm)
    pygame.draw.circle(surf, rgb or style.LED_OFF, (cx, cy), r)
    pygame.draw.circle(surf, style.LED_RIM, (cx, cy), r, 1)


def marble(surf: pygame.Surface, at: tuple[int, int], r: int, colour: int, raised: int) -> None:
    """One marble of ``colour`` (0 light, 1 dark) at pixel ``at``; ``raised``
    levels above the board (a shadow below it)."""
    x, y = at
    if raised:
        off = max(1, r // 6) * raised
        shadow = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
        pygame.draw.circle(shadow, (0, 0, 0, 90), (r + 1, r + 1), r)
        surf.blit(shadow, (x - r + off, y - r + off))
    base = style.MARBLE[colour]
    pygame.draw.circle(surf, style.shade(base, 0.72), (x, y), r)
    pygame.draw.circle(surf, base, (x - r // 8, y - r // 8), r - max(1, r // 8))
    pygame.draw.circle(surf, style.shade(base, 1.35), (x - r // 3, y - r // 3), max(1, r // 4))


def _trays(surf: pygame.Surface, table: Table, scene: Scene, lay: Layout) -> None:
    physics = table.physics
    p = physics.pitch
    for side in (0, 1):
        rx, ry, _ = physics.reserve_point(side)
        x0, y0 = lay.to_px(rx - 2.0 * p, ry + 0.5 * p)
        x1, y1 = lay.to_px(rx + 2.0 * p, ry - 0.5 * p)
        rect = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
        pygame.draw.rect(surf, style.TRAY, rect, border_radius=lay.length(0.45 * p))
        pygame.draw.rect(surf, style.WOOD_EDGE, rect, 2, border_radius=lay.length(0.45 * p))
        r = lay.length(0.21 * p)
        for i in range(scene.trays[side]):
            marble(surf, lay.to_px(*tray_xy(table, side, i)), r, side, 0)


def _held(
    surf: pygame.Surface, table: Table, held: tuple[float, float, float, int], lay: Layout
) -> None:
    physics = table.physics
    x, y, z, colour = held
    p = physics.pitch
    lift = max(0.0, z - physics.depth)
    r = lay.length(MARBLE_R * p * (1 + lift / 400))
    # in the air: its shadow on the board, the marble see-through enough
    # that what the board lights under it shows
    cx, cy = lay.to_px(x, y)
    off = lay.length(lift / 6)
    layer = pygame.Surface((2 * r + 2 * off + 4, 2 * r + 2 * off + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    pygame.draw.circle(layer, (0, 0, 0, 70), (c[0] + off, c[1] + off), r)
    marble(layer, c, r, colour, 0)
    layer.set_alpha(HELD_ALPHA)
    surf.blit(layer, (cx - c[0], cy - c[1]))


def _overlay(
    surf: pygame.Surface,
    table: Table,
    readings: list[tuple[int, int]],
    lay: Layout,
    fonts: Any,
) -> None:
    """Each sensor's raw reading (white) and the sensing's expected value
    for it (green) at the sensor's point."""
    for i, name in enumerate(PYRAOS_SENSORS):
        raw, expected = readings[i]
        x, y = led_xy(table, name)
        cx, cy = lay.to_px(x, y)
        style.label(surf, fonts.small, f"{raw}", (cx, cy - 7), style.OVERLAY_RAW)
        style.label(surf, fonts.small, f"{expected}", (cx, cy + 7), style.OVERLAY_EXPECTED)
