"""The Pyraos board drawn from above, the pyramid seen a little from
player 0's side: the wooden board and its 16 cups, the LEDs at the 25
sensor points glowing as the firmware's last frame has them, the marbles
level by level, the reserve trays with their LED bars and turn LEDs, MENU
and BACK, and the marble in hand. The view (sim.window.pyraos) draws it in
the window.

Each level up is drawn a little up the screen (RISE), a little larger, with
a darker rim and its shadow on the four marbles it rests on; a sensor
point's LED glows and rings on the level it means: the marble on top there,
or the free spot a marble may go to (a target on level 2 is drawn where a
level-2 marble would sit). The mouse's press (board mm, sim.table.pyraos)
finds a marble within half a pitch of its centre, the highest first: the
rise stays inside that, so a press at a drawn marble's middle takes it, and
board_mm turns any pixel of a drawn marble into its own board point.

    draw(surface, table, live_scene(table), layout, fonts)    # the board now
    draw(surface, table, record_scene(table, state), layout, fonts)   # a record's position
    led_point(table, layout, name)    # a pixel where LED ``name`` shows (tests)
    drawn_xy(table, x, y, level)      # where a marble of ``level`` at (x, y) mm is drawn, in mm
    board_mm(table, layout, px)       # the board point a press at pixel ``px`` means (the view)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import pygame

from sim.hardware.physics import sensor_below
from sim.table.table import Table
from sim.window import style
from sim.window.layout import Layout
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.rules.pyraos_geometry import LEVEL, LEVEL_START, POSITIONS, SUPPORT

MARBLE_R = 0.46  # pitches
RISE = 0.12  # pitches up the screen a level (level 3 at 0.24: well inside the press's half pitch)
GROW = 0.06  # a level up is drawn this much larger
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
    ring of a sensor point (on the level it means), at the centre of any
    other LED."""
    x, y = led_xy(table, name)
    if name in PYRAOS_SENSORS:
        level = led_level(table.physics.occupied(), name)
        r = (GLOW_R - RING_W / 2) * table.physics.pitch * _size(level)
        dx, dy = drawn_xy(table, x, y, level)
        return lay.to_px(dx + r, dy)
    return lay.to_px(x, y)


def drawn_xy(table: Table, x: float, y: float, level: int) -> tuple[float, float]:
    """Where a marble of ``level`` (1..4) whose centre is at (x, y) mm is
    drawn, in board mm: RISE pitches up the screen a level."""
    return (x, y + RISE * (level - 1) * table.physics.pitch)


def board_mm(table: Table, lay: Layout, px: tuple[int, int]) -> tuple[float, float]:
    """The board point (mm) a press or a let-go at pixel ``px`` means: on a
    drawn marble or free spot above level 1 (the highest drawn there), the
    point as far from its centre as ``px`` is from where it is drawn;
    elsewhere the pixel's own point. A press on a drawn upper marble finds
    that marble (sim.table.pyraos looks half a pitch round its centre)."""
    physics = table.physics
    occ = physics.occupied()
    x, y = lay.to_mm(*px)
    for pos in reversed(range(LEVEL_START[1], POSITIONS)):  # the highest level first
        if occ >> pos & 1 or occ & SUPPORT[pos] == SUPPORT[pos]:
            level = LEVEL[pos]
            cx, cy, _ = physics.centre(pos)
            dx, dy = drawn_xy(table, cx, cy, level)
            r = MARBLE_R * physics.pitch * _size(level)
            if (x - dx) ** 2 + (y - dy) ** 2 <= r * r:
                return (x - dx + cx, y - dy + cy)
    return (x, y)


def _size(level: int) -> float:
    # a marble of ``level`` drawn this many times level 1's size
    return 1 + GROW * (level - 1)


# the positions straight above each sensor point, low first (levels 1 and 3
# over a cup, 2 and 4 between cups)
OVER = {
    name: tuple(pos for pos in range(POSITIONS) if sensor_below(pos) == name)
    for name in PYRAOS_SENSORS
}


def led_level(occupied: int, name: str) -> int:
    """The level sensor point ``name``'s LED means when the marbles on
    ``occupied`` lie on the board: the free spot over it a marble may go
    to, else the marble on top there, else the point's lowest level."""
    top = 0
    for pos in OVER[name]:
        if occupied >> pos & 1:
            top = int(LEVEL[pos])
        elif occupied & SUPPORT[pos] == SUPPORT[pos]:
            return int(LEVEL[pos])
    return top or int(LEVEL[OVER[name][0]])


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
    occupied: int  # the positions a marble lies on (bit mask)
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
        occupied=occ,
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
    occ = 0
    for pos in range(POSITIONS):
        owner = state.owner(pos)
        if owner is not None:
            x, y, _ = physics.centre(pos)
            marbles.append((x, y, LEVEL[pos], owner))
            occ |= 1 << pos
    return Scene(
        marbles=marbles,
        occupied=occ,
        trays=(state.reserve[0], state.reserve[1]),
        leds=dict.fromkeys(table.hal.light_names()),
    )


def draw(surf: pygame.Surface, table: Table, scene: Scene, lay: Layout, fonts: Any) -> None:
    """The board of ``table`` (its geometry) showing ``scene``."""
    p = table.physics.pitch
    _board(surf, table, lay)
    lit = scene.leds
    at_level: dict[int, list[str]] = {}  # the lit sensor points by the level they mean
    for name in PYRAOS_SENSORS:
        if lit[name] is not None:
            at_level.setdefault(led_level(scene.occupied, name), []).append(name)
    for level in range(1, 5):  # each level over the one below: its glows, marbles, rings
        size = _size(level)
        for name in at_level.get(level, ()):
            _glow(
                surf,
                lay,
                drawn_xy(table, *led_xy(table, name), level),
                lit[name],
                GLOW_R * p * size,
            )
        r = lay.length(MARBLE_R * p * size)
        for x, y, on, colour in scene.marbles:
            if on == level:
                marble(surf, lay.to_px(*drawn_xy(table, x, y, level)), r, colour, level - 1)
        for name in at_level.get(level, ()):
            rgb = lit[name]
            assert rgb is not None
            at = lay.to_px(*drawn_xy(table, *led_xy(table, name), level))
            pygame.draw.circle(surf, rgb, at, lay.length(GLOW_R * p * size), lay.length(RING_W * p))
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
    levels above the board: its shadow on what it rests on (down the
    screen, the light from the top left), a darker rim and a brighter
    highlight the higher it is. Its middle is its player's colour."""
    x, y = at
    if raised:
        _shadow(surf, at, r, raised)
    base = style.MARBLE[colour]
    pygame.draw.circle(surf, style.shade(base, 0.72 - 0.1 * raised), (x, y), r)
    pygame.draw.circle(surf, base, (x - r // 8, y - r // 8), r - max(1, r // 8))
    shine = style.shade(base, 1.35 + 0.15 * raised)
    pygame.draw.circle(surf, shine, (x - r // 3, y - r // 3), max(1, r // 4))
    if raised:  # an outline: where one marble ends and the next begins
        pygame.draw.circle(surf, style.shade(base, 0.35), (x, y), r, max(1, r // 16))


def _shadow(surf: pygame.Surface, at: tuple[int, int], r: int, raised: int) -> None:
    # its soft shadow on what it rests on, down and right (the light from
    # the top left), darker and further the higher the marble is
    layer = _shadow_of(r, raised)
    off = r // 6 + r // 12 * raised
    surf.blit(layer, layer.get_rect(center=(at[0] + off // 2, at[1] + off)))


@functools.lru_cache(maxsize=16)
def _shadow_of(r: int, raised: int) -> pygame.Surface:
    blur = max(1, r // 5)
    size = 2 * (r + 2 * blur)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(layer, (0, 0, 0, min(200, 110 + 30 * raised)), (size // 2, size // 2), r)
    return pygame.transform.gaussian_blur(layer, blur)


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
