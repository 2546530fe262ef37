"""``python -m host_tools map``: the wiring wizard. A maker who wired a board
in their own order (which sensor channel sits under which cup, which LED
index under which position) gets a profile that says so.

    python -m host_tools map --port /dev/ttyACM0 --game pyraos|pacal --out my-board.json
                             [--from firmware/profiles/pyraos.json] [--name NAME]

The board plays, with a profile that has the right pins (``--from``, the
default being the game's reference profile, deployed). The wizard holds
the board's LEDs and pauses its game (the lights mode, docs/PROTOCOL.md),
streams its sensor readings (``raw``) and walks the maker through the board:

1. The empty board: every channel's base reading, and how much a still
   board's readings differ (what counts as a change is measured, not assumed).
2. The sensors, the game's way: host_tools/map/pyraos.py ("Set a marble
   on c3, then take your hand away": the one channel that changed is that
   sensor's, its change against the magnet model its gain) and
   host_tools/map/pacal.py (one card, then two, on each field; four
   cards on each offer slot's reader).
3. The LEDs, one at a time: the board lights LED 0, 1, ... and the maker
   types which light it is (``c3``, ``turn0``, ``reserve1.4``; Enter takes
   the guess shown, which is the light after the last one named, so a chain
   wired in the reference order is Enter, Enter, Enter). This is one prompt
   per LED whatever the order; the other way round (light each LED in turn
   until the maker presses BACK at the one asked for) costs half a round of
   the chain per light, and a late press names the wrong LED.

What the maker gets wrong is caught and asked again: nothing changed
within ``timeout_s``; two channels changed at once; the channel that changed
is one already found (a marble moved that was set before); a change too
small or too large for a marble on that spot (it went elsewhere); a light
named twice or a name that is no light. Ctrl-C leaves nothing half written:
the profile is written at the end, whole, after the firmware's own loader
(tabletop.profile.load) accepted it. Either way the board gets its LEDs back
and plays again.

The maker's side is an object with ``tell(text)`` (an instruction: act on
the board), ``ask(text)`` (a typed answer) and ``note(text)`` (for the
record); ``TerminalMaker`` is the terminal's, a test drives its own.
"""

from __future__ import annotations

import copy
import select
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from host_tools import ROOT
from host_tools.board.lights import BoardLights
from host_tools.board.link import Link
from tabletop.profile import load
from tabletop.profile.schema import led_names

PROFILES = ROOT / "firmware" / "profiles"
TIMEOUT_S = 30.0  # no change this long after a prompt: prompted again
KEEP_ALIVE_S = 10.0  # the lights mode ends by itself after 30 s without a command
SETTLED = 3  # readings in a row that agree: the board is still
QUIET_MIN = 100.0  # counts: two readings of a still board differ by less (at least)
NOISE_READINGS = 8  # readings of the empty board: its base and its noise
LIT = (255, 255, 255)  # the LED the maker names


class WizardError(Exception):
    """The wizard cannot go on (the message says why); nothing was written."""


class Maker(Protocol):
    def tell(self, text: str) -> None: ...
    def ask(self, text: str) -> str: ...
    def note(self, text: str) -> None: ...


class TerminalMaker:
    """The maker at the terminal. ``idle`` is called every second while the
    wizard waits for a typed answer (the board's lights are kept)."""

    def __init__(self, out: TextIO = sys.stdout) -> None:
        self.out = out
        self.idle: Callable[[], None] = lambda: None

    def tell(self, text: str) -> None:
        print(f"> {text}", file=self.out, flush=True)

    def note(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def ask(self, text: str) -> str:
        print(f"? {text} ", end="", file=self.out, flush=True)
        while not select.select([sys.stdin], [], [], 1.0)[0]:
            self.idle()
        line = sys.stdin.readline()
        if not line:
            raise KeyboardInterrupt  # end of input: as Ctrl-C
        return line.strip()


class Retry(Exception):
    """The maker's action was not the one asked for: say why, ask again."""


class Wizard:
    """The wiring of one board, found with a maker's help."""

    def __init__(
        self,
        link: Link,
        maker: Maker,
        base: dict[str, Any],
        timeout_s: float = TIMEOUT_S,
        keep_alive_s: float = KEEP_ALIVE_S,
    ) -> None:
        self.link = link
        self.maker = maker
        self.base = base  # the raw profile the board runs (pins, colours, ...)
        self.profile = load(copy.deepcopy(base))
        self.timeout_s = timeout_s
        self.keep_alive_s = keep_alive_s
        self.lights = BoardLights(link)
        self.said_at = 0.0  # the last command to the board (the lights' keep-alive)
        self.channels = self.profile.analog_channels
        self.quiet = QUIET_MIN  # counts: readings this close agree (set by measure_empty)
        self.floor = 3 * self.quiet  # a change this big is a piece, not noise
        self.empty: list[float] = []  # every channel's reading, the board empty
        self.digital: list[int] = []  # the shift-register bytes of the last reading
        self.found: dict[str, tuple[int, int, float]] = {}  # sensor -> channel, base, gain
        self.leds: dict[str, int] = {}  # light -> LED index

    # -- talking to the board --------------------------------------------------------

    def _command(self, cmd: dict[str, Any]) -> dict[str, Any]:
        reply = self.link.ask(cmd)
        self.said_at = time.monotonic()
        if not reply.get("ok"):
            raise WizardError(f"the board refused {cmd['cmd']}: {reply.get('error', reply)}")
        return reply

    def keep_alive(self) -> None:
        if time.monotonic() - self.said_at >= self.keep_alive_s:
            self._command({"cmd": "lights"})

    def start(self) -> None:
        hello = self._command({"cmd": "hello"})
        if hello.get("mode") != "play":
            raise WizardError(f"the board is in {hello.get('mode')} mode: it must be playing")
        if hello.get("game") != self.profile.game:
            raise WizardError(
                f"the board plays {hello.get('game')}; the profile is for {self.profile.game}"
            )
        self.lights.take()
        self.said_at = time.monotonic()
        self._command({"cmd": "raw", "on": True})

    def stop(self) -> None:
        """Readings off, the LEDs back to the game (best effort: the board
        returns to play by itself anyway)."""
        for cmd in ({"cmd": "raw", "on": False}, {"cmd": "lights", "on": False}):
            try:
                self.link.ask(cmd, seconds=2.0)
            except (TimeoutError, OSError):
                pass

    def reading(self) -> list[float]:
        """The next raw reading of every analog channel."""
        end = time.monotonic() + 5.0
        while time.monotonic() < end:
            self.keep_alive()
            for event in self.link.events(0.05):
                if event.get("event") == "raw":
                    self.digital = [int(x) for x in event["digital"]]
                    return [float(x) for x in event["analog"]]
        raise WizardError("the board sends no readings (raw)")

    def still(self) -> list[float]:
        """A reading once SETTLED in a row agree within ``quiet``: their mean."""
        recent: list[list[float]] = []
        since = time.monotonic()
        while True:
            if time.monotonic() - since > self.timeout_s:
                self.maker.tell("The readings do not settle: keep your hands off the board.")
                since = time.monotonic()
            recent = [*recent[-(SETTLED - 1) :], self.reading()]
            if len(recent) == SETTLED and all(
                abs(a[c] - b[c]) <= self.quiet
                for a, b in zip(recent, recent[1:], strict=False)
                for c in range(self.channels)
            ):
                return [sum(r[c] for r in recent) / SETTLED for c in range(self.channels)]

    def change(self, before: list[float], prompt: str) -> list[float]:
        """Wait for the board to change from ``before`` and settle; the
        change on each channel. Prompts again after ``timeout_s`` of nothing."""
        self.maker.tell(prompt)
        told = time.monotonic()
        while True:
            now = self.reading()
            if max(abs(now[c] - before[c]) for c in range(self.channels)) > self.floor:
                after = self.still()
                delta = [after[c] - before[c] for c in range(self.channels)]
                if max(abs(d) for d in delta) > self.floor:
                    return delta
            if time.monotonic() - told > self.timeout_s:
                self.maker.tell("Nothing changed. " + prompt)
                told = time.monotonic()

    def back_to(self, before: list[float], delta: list[float], prompt: str) -> None:
        """Wait until the board reads as ``before`` again: the maker undid
        the change ``delta``. (A marble set back is not quite the one taken:
        magnets differ by a few percent.)"""
        self.maker.tell(prompt)
        told = time.monotonic()
        while True:
            now = self.still()
            if all(
                abs(now[c] - before[c]) <= self.floor + 0.15 * abs(delta[c])
                for c in range(self.channels)
            ):
                return
            if time.monotonic() - told > self.timeout_s:
                self.maker.tell("Still not as it was. " + prompt)
                told = time.monotonic()

    # -- the sensors -------------------------------------------------------------------

    def measure_empty(self, prompt: str) -> None:
        """The empty board: each channel's mean reading, and how much
        readings of a still board differ (five standard deviations of the
        difference of two, on the noisiest channel)."""
        self.maker.ask(prompt)
        got = [self.reading() for _ in range(NOISE_READINGS)]
        n = len(got)
        self.empty = [sum(r[c] for r in got) / n for c in range(self.channels)]
        spread = max(
            (sum((r[c] - self.empty[c]) ** 2 for r in got) / (n - 1)) ** 0.5
            for c in range(self.channels)
        )
        self.quiet = max(QUIET_MIN, 5 * 1.4142 * spread)
        self.floor = 3 * self.quiet
        self.maker.note(f"the empty board: noise {spread:.0f} counts")

    # -- the LEDs ---------------------------------------------------------------------

    def map_leds(self) -> None:
        names = led_names(self.profile)
        count = self.profile.led_count
        guess = names[0]
        for i in range(count):
            if len(self.leds) == len(names):
                break
            self.lights.show({i: LIT})
            self.said_at = time.monotonic()
            while True:
                self.keep_alive()
                answer = self.maker.ask(
                    f"LED {i} is lit: which light is it? (Enter: {guess}; - if it is none)"
                )
                name = answer or guess
                if name == "-":
                    break
                if name not in names:
                    self.maker.tell(
                        f"{name!r} is no light of this board ({names[0]} ... {names[-1]})."
                    )
                    continue
                if name in self.leds:
                    self.maker.tell(f"{name} is LED {self.leds[name]} already.")
                    continue
                self.leds[name] = i
                break
            free = [n for n in names if n not in self.leds]
            after = names[names.index(name) + 1 :] if name in names else []
            guess = next((n for n in after if n in free), free[0] if free else "-")
        missing = [n for n in names if n not in self.leds]
        if missing:
            raise WizardError(f"no LED named for: {', '.join(missing)}")
        self.lights.show({})

    # -- the profile -------------------------------------------------------------------

    def result(self, name: str) -> dict[str, Any]:
        """The mapped profile (raw JSON), checked by the firmware's loader."""
        out = copy.deepcopy(self.base)
        out["name"] = name
        self.fill(out)
        out["led_map"] = dict(self.leds)
        load(copy.deepcopy(out))  # ProfileError names the key
        return out

    def map_sensors(self) -> None:
        """Each sensor's channel and calibration (the game's own wizard)."""
        raise NotImplementedError

    def fill(self, out: dict[str, Any]) -> None:
        """What ``map_sensors`` found, into the raw profile ``out``."""
        raise NotImplementedError

    def run(self, name: str) -> dict[str, Any]:
        """The whole walk; the mapped profile."""
        self.start()
        try:
            self.map_sensors()
            self.map_leds()
        finally:
            self.stop()
        return self.result(name)
