"""The board's LEDs in the host's hands: the lights mode of docs/PROTOCOL.md.

    lights = BoardLights(link)
    lights.take()                          # a dark board, its game paused
    lights.show({3: (255, 0, 0), 7: (0, 0, 255)})   # LED index -> colour, the rest dark
    lights.keep_alive()                    # at least every 30 s while the host waits
    lights.give_back()                     # the board draws its game again

A frame is a dict of LED index to (r, g, b), 0..255 before the board's
brightness cap. ``frame_commands`` turns one into as few commands as fit the
board's 256-byte line: one per colour (more when a colour has many LEDs),
the first one clearing the board.
"""

from __future__ import annotations

import json
from typing import Any

from host_tools.board.link import Link

RGB = tuple[int, int, int]
Frame = dict[int, RGB]
LINE_BYTES = 256  # the board's command line limit (tabletop.link.inbox)
ID_ROOM = 16  # bytes kept for the "id" the link adds


class LightsRefused(RuntimeError):
    """The board said no to a lights command (the message says why)."""


def frame_commands(frame: Frame) -> list[dict[str, Any]]:
    """The lights commands that show ``frame`` on a board whose LEDs the
    host holds: the first clears, each fits one command line."""
    by_colour: dict[RGB, list[int]] = {}
    for i in sorted(frame):
        rgb = frame[i]
        if any(rgb):
            by_colour.setdefault(tuple(rgb), []).append(i)  # type: ignore[arg-type]
    out: list[dict[str, Any]] = []
    for rgb, leds in by_colour.items():
        chunk: list[int] = []
        for i in leds:
            cmd = {"cmd": "lights", "leds": [*chunk, i], "rgb": list(rgb)}
            if len(json.dumps(cmd)) + ID_ROOM > LINE_BYTES - 16 and chunk:
                out.append({"cmd": "lights", "leds": chunk, "rgb": list(rgb)})
                chunk = [i]
            else:
                chunk.append(i)
        out.append({"cmd": "lights", "leds": chunk, "rgb": list(rgb)})
    if out:
        out[0]["clear"] = True
    else:
        out.append({"cmd": "lights", "clear": True})
    return out


class BoardLights:
    def __init__(self, link: Link) -> None:
        self.link = link
        self.count = 0  # LEDs on the board, once taken
        self.held = False

    def _ask(self, cmd: dict[str, Any]) -> dict[str, Any]:
        reply = self.link.ask(cmd)
        if not reply.get("ok"):
            raise LightsRefused(reply.get("error") or reply.get("message") or str(reply))
        return reply

    def take(self) -> int:
        """The host holds the LEDs: the board dark, its game paused. How many LEDs."""
        reply = self._ask({"cmd": "lights", "on": True})
        self.held = True
        self.count = int(reply["leds"])
        return self.count

    def show(self, frame: Frame) -> None:
        """Exactly ``frame`` on the board (every other LED dark)."""
        for i in frame:
            if not 0 <= i < self.count:
                raise ValueError(f"LED {i} is not on this board ({self.count} LEDs)")
        for cmd in frame_commands(frame):
            self._ask(cmd)

    def keep_alive(self) -> None:
        self._ask({"cmd": "lights"})

    def give_back(self) -> None:
        """The board draws its game again (nothing if it was never taken)."""
        if self.held:
            self.held = False
            self._ask({"cmd": "lights", "on": False})
