"""The LEDs as a person sees them: named lights of an LED frame, and whether
a light shows a profile colour.

    lights = Lights(profile)             # the profile's lights, its colour order and colours
    lights.transmit(now_ms, buf)         # a frame as the hal sent it
    lights.light("slot0")                # (r, g, b) in the current frame
    lights.colour("a1")                  # "error", "player0", ... None when dark
    same_colour(rgb, profile.colours["hint"])   # at any brightness

``lights.frames`` keeps every change of frame as (time, bytes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.profile.schema import led_names


def same_colour(rgb: Sequence[int], ref: Sequence[int]) -> bool:
    """True when a lit LED shows colour ``ref`` at any brightness (the cap,
    a pulse or a glow scale all three channels alike); never for a dark LED."""
    top = max(rgb)
    ref_top = max(ref)
    if top == 0 or ref_top == 0:
        return False
    scale = top / ref_top
    slack = 0.12 * top + 3.0
    return all(abs(c - r * scale) <= slack for c, r in zip(rgb, ref, strict=True))


class Lights:
    """Named lights of an LED frame (wire order and brightness cap known)."""

    def __init__(self, profile: Any) -> None:
        self.count: int = profile.led_count
        self.names: list[str] = list(led_names(profile))
        self.index = dict(zip(self.names, profile.led_map, strict=True))
        order: str = profile.led_order
        self.offsets = (order.index("R"), order.index("G"), order.index("B"))
        self.colours: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in profile.colours.items()}
        self.frame = bytes(3 * self.count)
        self.frames: list[tuple[int, bytes]] = []

    def transmit(self, t: int, buf: bytearray | bytes) -> None:
        frame = bytes(buf)
        if frame != self.frame:
            self.frame = frame
            self.frames.append((t, frame))

    def light(self, name: str, frame: bytes | None = None) -> tuple[int, int, int]:
        if name not in self.index:
            raise KeyError(f"no light {name!r} on this board")
        f = self.frame if frame is None else frame
        j = 3 * self.index[name]
        if j + 3 > len(f):
            return (0, 0, 0)
        r, g, b = self.offsets
        return (f[j + r], f[j + g], f[j + b])

    def colour(self, name: str) -> str | None:
        rgb = self.light(name)
        if rgb == (0, 0, 0):
            return None
        for k, ref in self.colours.items():
            if same_colour(rgb, ref):
                return k
        return "other"
