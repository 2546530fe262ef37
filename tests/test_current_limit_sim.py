"""The current limit on the simulator's virtual board: the frame it shows
(and its LED chain draws) is the one the firmware limited, as a board would
send it; tests/portable/test_current_limit.py checks the limit itself."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sim.device.virtual_device import VirtualDevice
from tabletop import games

WHITE = (255, 255, 255)


def estimate_ma(profile: Any, frame: bytes) -> float:
    """count * idle_ma + (sum of the bytes) / 255 * channel_ma."""
    return float(profile.led_count * profile.idle_ma + sum(frame) / 255 * profile.channel_ma)


def lights(dev: VirtualDevice, cmd: dict[str, Any]) -> dict[str, Any]:
    """The board's reply to a ``lights`` command (the host's lights mode)."""
    before = len(dev.link.lines())
    line = json.dumps({"cmd": "lights", "id": 7, **cmd}, separators=(",", ":"))
    dev.link.send(line)  # (compact: every LED of a Pyraos board fits a line's 256 bytes)
    dev.advance(200)
    (reply,) = [e for e in dev.link.events()[before:] if e.get("reply") == 7]
    return reply


@pytest.mark.parametrize("game", games.NAMES)
def test_the_virtual_board_shows_the_limited_frame(game: str) -> None:
    dev = VirtualDevice(game, seed=2)
    dev.power_on()
    dev.advance(200)
    profile = dev.profile
    assert profile.limit_ma > 0
    # the game's own frames so far: within the limit, and as drawn
    assert dev.hal.frames and all(
        estimate_ma(profile, f) <= profile.limit_ma for _, f in dev.hal.frames
    )
    pixels = dev.runtime.pixels
    assert dev.hal.frame == bytes(pixels.buf)
    # every LED in white, as a host may ask: over the limit as drawn, so
    # the board shows it scaled down to the limit, still white
    every = list(range(profile.led_count))
    assert lights(dev, {"on": True, "leds": every, "rgb": list(WHITE)})["ok"]
    capped = 255 * pixels.scale >> 8
    assert bytes(pixels.buf) == bytes([capped]) * len(pixels.buf)
    assert estimate_ma(profile, pixels.buf) > profile.limit_ma
    shown = dev.hal.frame
    assert 0.9 * profile.limit_ma < estimate_ma(profile, shown) <= profile.limit_ma
    assert len(set(shown)) == 1 and shown[0] < capped  # one level for all: scaled, not cut
    name = dev.hal.light_names()[0]
    assert dev.hal.light(name)[0] == shown[0]
    # one LED drawn on again: the frame as before, not dimmed twice
    assert lights(dev, {"leds": [0], "rgb": list(WHITE)})["ok"]
    assert dev.hal.frame == shown
    # a few LEDs: within the limit, shown as drawn
    assert lights(dev, {"clear": True, "leds": [0, 1, 2], "rgb": list(WHITE)})["ok"]
    assert dev.hal.frame == bytes(pixels.buf)
    assert sum(dev.hal.frame) == 9 * capped
