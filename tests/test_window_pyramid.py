"""The Pyraos pyramid in the window late in a game: each level up drawn a
little up the screen, in its player's colour, the lit rings on the level
they mean, and the mouse taking the marble drawn where it presses.

The position: a seeded self-play game's first 30 events played out on a
live table (light to play, marbles on levels 2 and 3, targets lit on
levels 2 and 3)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from sim.hardware.physics import sensor_below
from sim.runs import selfplay
from sim.table.table import Table
from sim.window import pyraos_scene, style
from sim.window.app import App
from sim.window.pyraos_scene import GLOW_R, MARBLE_R, RING_W, board_mm, drawn_xy, led_level
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, LEVEL_START, POSITIONS, position_name
from tests.test_window import Mouse

EVENTS = 30  # of the seeded game: late, light to play


@pytest.fixture(scope="module")
def late() -> Iterator[Mouse]:
    events = list(selfplay.play_game("pyraos", "standard", 12).events)[:EVENTS]
    table = Table("pyraos", "standard", events=events, seed=12, players=("human", "human"))
    mouse = Mouse(App(table, size=(1200, 720), offscreen=True))
    mouse.wait(lambda: "Light to play" in mouse.rows() and table.settled())
    mouse.frames(30)
    yield mouse
    pygame.quit()


def drawn_px(mouse: Mouse, pos: int) -> tuple[int, int]:
    """Where the marble (or free spot) ``pos`` is drawn, in pixels."""
    x, y, _ = mouse.table.physics.centre(pos)
    return mouse.app.layout.to_px(*drawn_xy(mouse.table, x, y, LEVEL[pos]))


def pixel(mouse: Mouse, at: tuple[int, int]) -> tuple[int, int, int]:
    r, g, b, _ = mouse.app.screen.get_at(at)
    return (r, g, b)


def loose_upper(mouse: Mouse) -> list[int]:
    """The marbles above level 1 with nothing on them, the highest first."""
    occ = mouse.table.physics.occupied()
    on = [p for p in range(LEVEL_START[1], POSITIONS) if occ >> p & 1 and not occ & ABOVE[p]]
    return on[::-1]


def test_the_late_position_has_the_pyramid_this_file_looks_at(late: Mouse, tmp_path: Path) -> None:
    levels = {LEVEL[p] for p in loose_upper(late)}
    assert {2, 3} <= levels
    late.app.save_screenshot(tmp_path / "pyramid.png")  # (to look at, when this file changes)
    assert (tmp_path / "pyramid.png").stat().st_size > 0


def test_an_upper_marble_is_drawn_up_the_screen_in_its_colour(late: Mouse) -> None:
    # Every loose marble above level 1 shows its player's colour at its
    # drawn middle, and that middle is up the screen from its centre: a
    # level-3 marble is not drawn on the level-1 marble below it (they
    # share a centre), nor in that one's place.
    late.app.draw()
    known = late.table.marbles
    assert known is not None
    lay = late.app.layout
    p = late.table.physics.pitch
    for pos in loose_upper(late):
        at = drawn_px(late, pos)
        assert pixel(late, at) == style.MARBLE[known.colour(pos)], position_name(pos)
        x, y, _ = late.table.physics.centre(pos)
        flat = lay.to_px(x, y)  # where level 1 would be drawn
        assert at[0] == flat[0]
        assert flat[1] - at[1] >= (LEVEL[pos] - 1) * lay.length(0.08 * p), position_name(pos)
        below = [q for q in range(LEVEL_START[1]) if late.table.physics.centre(q)[:2] == (x, y)]
        for q in below:
            assert drawn_px(late, q) != at


def test_a_lit_target_above_level_1_rings_where_its_marble_would_sit(late: Mouse) -> None:
    # The board lights light's targets on levels 2 and 3: each ring is
    # drawn round the place a marble of that level would be drawn (all
    # round it, over the marbles below), not round the sensor point as if
    # it were on the board.
    late.app.draw()
    table = late.table
    lay = late.app.layout
    p = table.physics.pitch
    occ = table.physics.occupied()
    scene = pyraos_scene.live_scene(table)
    targets = [n for n in PYRAOS_SENSORS if scene.leds[n] is not None and led_level(occ, n) >= 2]
    assert {led_level(occ, n) for n in targets} == {2, 3}
    for name in targets:
        level = led_level(occ, name)
        rgb = scene.leds[name]
        spot = next(
            q for q in range(POSITIONS)
            if LEVEL[q] == level and sensor_below(q) == name
        )  # fmt: skip
        assert not occ >> spot & 1
        x, y = pyraos_scene.led_xy(table, name)
        cx, cy = drawn_xy(table, x, y, level)
        ring = (GLOW_R * (1 + pyraos_scene.GROW * (level - 1)) - RING_W / 2) * p
        for dx, dy in ((ring, 0), (-ring, 0), (0, ring), (0, -ring)):
            assert pixel(late, lay.to_px(cx + dx, cy + dy)) == rgb, name
        assert pixel(late, pyraos_scene.led_point(table, lay, name)) == rgb
        flat = (GLOW_R - RING_W / 2) * p  # the ring's bottom, were it drawn on the board
        assert pixel(late, lay.to_px(x, y - flat)) != rgb, name


def test_a_press_on_a_drawn_upper_marble_takes_that_marble(late: Mouse) -> None:
    # The mouse pressed at a drawn upper marble's middle takes it into the
    # hand, and let go there puts it back on its spot. Pixels near the top
    # of the drawn marble (past half a pitch from its centre on the board)
    # mean it too (board_mm, the view's mapping of a pixel to the board).
    table = late.table
    known = table.marbles
    assert known is not None
    lay = late.app.layout
    p = table.physics.pitch
    for pos in loose_upper(late):
        colour = known.colour(pos)
        at = drawn_px(late, pos)
        late.press(at)
        assert table.mouse_holds and known.hand_colour == colour, position_name(pos)
        assert not table.physics.occupied() >> pos & 1
        late.release(at)
        late.wait(lambda: table.settled() and not table.busy())
        assert table.physics.occupied() >> pos & 1 and known.colour(pos) == colour
        r = MARBLE_R * p * (1 + pyraos_scene.GROW * (LEVEL[pos] - 1))
        top = (at[0], at[1] - lay.length(0.8 * r))
        x, y = board_mm(table, lay, top)
        assert table.physics.loose_marble_at(x, y) == pos, position_name(pos)
        late.press(top)  # the window's own mouse, near the drawn marble's top
        assert table.mouse_holds and not table.physics.occupied() >> pos & 1, position_name(pos)
        late.release(top)
        late.wait(lambda: table.settled() and not table.busy())
        assert table.physics.occupied() >> pos & 1 and known.colour(pos) == colour
