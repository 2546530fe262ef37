"""The whole device on the desktop: tabletop.device over a virtual board, a
virtual flash, a serial link and a watchdog, across boots.

    dev = VirtualDevice("pyraos", seed=1)    # a board with a fresh littlefs flash
    dev.power_on()                           # play (the watchdog starts), or a free REPL
    dev.start_game()                         # the scripted hand presses MENU
    dev.perform(state, event)                # ... and makes a record event
    dev.advance(2000)                        # 2 s of virtual time, the firmware looping
    dev.link.send('{"cmd": "maintenance"}')  # the host writes a line
    dev.link.reading = False                 # the host stops reading: writes take 0 bytes
    dev.hal.inject("read_analog", OSError(5))    # the next read raises (or "hang")
    dev.hold_at_boot("back"); dev.reset()    # BACK held through a reset
    dev.repl_free, dev.boots, dev.resets     # run() returned; boots so far; why each reset
    VirtualDevice("pyraos", wiring_seed=7)   # sensors and LEDs wired in a shuffled order
    VirtualDevice("pacal", built_by=raw)     # a board built as a maker's profile says

Time is the virtual board's clock (``hal.now_ms``); it moves only when the
firmware sleeps (a tick's work takes no time), at the REPL, and in a hang.
The watchdog is a model of rp2's: once started nothing stops it; if it is not
fed within its timeout the chip resets (the run ends: ``WatchdogReset``,
which no ``except Exception`` catches) and boots again. A hard reset
(``platform.reset()``, the reset button) stops it; a soft reset (Ctrl-D at
the REPL) and Ctrl-C do not, so a watchdog left running at the REPL resets
the board too. The board (magnets, LEDs, held buttons), the flash and the
link survive a reset; the firmware's objects do not.

With ``wiring_seed`` the board is wired in a maker's own order
(sim/hardware/wiring.py): ``profile`` is what the board really is (its physics and
LED chain follow it), while the profile file on it (``raw``) stays the
reference one until a mapped profile is written there.

With ``built_by`` (a raw profile, as loaded from JSON: a maker's own) the
board is built as that profile says, and the same profile is the file on it
(unless ``raw`` says otherwise): its sensors on its channels and bits, its
LEDs at its indices, in its order and brightness; a new game is the first
of its ``games``.
``game`` must then be that profile's game (a ValueError otherwise); a
profile the firmware's loader refuses is its ProfileError.
"""

from __future__ import annotations

import copy
import json
import traceback
from collections.abc import Callable
from typing import Any

from sim.device.device_parts import (
    FaultHal,
    HardReset,
    HungForever,
    VirtualLink,
    VirtualWatchdog,
    WatchdogReset,
)
from sim.hand import drive, make_hand
from sim.hardware.flash import FatFlash, FileStore, LittleFlash
from sim.hardware.physics import DEFAULT_SENSOR
from sim.hardware.physics import make as make_physics
from sim.hardware.wiring import shuffled_wiring
from sim.runs.board_play import BOOT_MS, PROFILES, reference_profile
from tabletop.device import Device
from tabletop.profile import load

__all__ = [
    "FaultHal",
    "HardReset",
    "HungForever",
    "VirtualDevice",
    "VirtualLink",
    "VirtualWatchdog",
    "WatchdogReset",
]


class VirtualPlatform:
    """tabletop.device's platform for one boot of a VirtualDevice."""

    def __init__(self, board: VirtualDevice) -> None:
        self.board = board

    def ticks_ms(self) -> int:
        return self.board.clock

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self.board.sleep(ms)

    def profile(self) -> Any:
        if self.board.raw is None:
            raise OSError(2, "no profile on the board")
        return copy.deepcopy(self.board.raw)

    def boot_buttons(self, raw: Any) -> int:
        if not isinstance(raw, dict) or "pins" not in raw:
            return 0
        return self.board.hal.buttons_at(self.board.clock)

    def hal(self, profile: Any) -> FaultHal:
        return self.board.hal

    def error_light(self, raw: Any) -> Callable[[bool], None]:
        board = self.board

        def light(on: bool) -> None:
            board.blinks.append((board.clock, on))

        return light

    def store(self) -> FileStore:
        return self.board.flash.mount()

    def wdt(self, timeout_ms: int) -> VirtualWatchdog:
        board = self.board
        if board.watchdog is not None:  # rp2: a second WDT() only sets the timeout
            board.watchdog.timeout_ms = timeout_ms
            board.watchdog.feed()
        else:
            board.watchdog = VirtualWatchdog(lambda: board.clock, timeout_ms)
        return board.watchdog

    def reset(self) -> None:
        raise HardReset()

    def write(self, buf: Any) -> int:
        return self.board.link.write(buf)

    def read(self) -> bytes:
        return self.board.link.read()

    def describe(self, exc: BaseException) -> str:
        return "".join(traceback.format_exception(exc))


class VirtualDevice:
    """A board running tabletop.device, across boots."""

    def __init__(
        self,
        game: str = "pyraos",
        seed: int = 0,
        flash: LittleFlash | FatFlash | None = None,
        raw: Any = None,
        noise: float = 1.0,
        mistakes: float = 0.0,
        wiring_seed: int | None = None,
        built_by: Any = None,
        sensor: str = DEFAULT_SENSOR,
    ) -> None:
        if built_by is not None:
            reference = copy.deepcopy(built_by)
            self.profile = load(copy.deepcopy(reference))  # (load may keep parts of it)
            if self.profile.game != game:
                raise ValueError(f"the profile is a {self.profile.game} board's, not {game}")
        else:
            reference = json.loads((PROFILES / f"{game}.json").read_text())
            self.profile = reference_profile(game)
        if wiring_seed is not None:
            self.profile = load(shuffled_wiring(reference, wiring_seed))
        self.game = game
        physics = make_physics(self.profile, seed, noise=noise, sensor=sensor)
        self.physics = physics
        self.hal = FaultHal(physics, self.profile, seed)
        self.hal.sleep = self.sleep
        self.hand = make_hand(physics, self.hal, self.profile, seed, mistakes)
        self.flash: LittleFlash | FatFlash = flash if flash is not None else LittleFlash()
        # The profile file on the board (raw JSON; may be made invalid by a test).
        self.raw: Any = raw if raw is not None else reference
        self.link = VirtualLink(lambda: self.clock)
        self.watchdog: VirtualWatchdog | None = None
        self.device: Device | None = None
        self.repl_free = False
        self.boots = 0
        self.resets: list[tuple[int, str]] = []  # (ms, "watchdog" | "reset" | "soft reset")
        self.blinks: list[tuple[int, bool]] = []  # the error light of a bad profile
        self.tick_ms: int = self.profile.tick_ms

    # -- the clock -------------------------------------------------------------------

    @property
    def clock(self) -> int:
        return self.hal.now_ms

    def sleep(self, ms: int) -> None:
        """Virtual time passes; a watchdog not fed by its deadline resets the chip."""
        end = self.hal.now_ms + max(0, ms)
        dog = self.watchdog
        if dog is not None and dog.deadline <= end:
            self.hal.now_ms = max(self.hal.now_ms, dog.deadline)
            raise WatchdogReset()
        self.hal.now_ms = end

    # -- power, resets, the REPL -------------------------------------------------------

    def power_on(self) -> None:
        self.watchdog = None
        self._boot()

    def _boot(self) -> None:
        self.boots += 1
        self.repl_free = False
        self.device = Device(VirtualPlatform(self))
        try:
            playing = self.device.boot()
        except WatchdogReset:
            self._reset("watchdog")
            return
        except HardReset:
            self._reset("reset")
            return
        self.repl_free = not playing

    def _reset(self, why: str) -> None:
        self.resets.append((self.clock, why))
        if why != "soft reset":
            self.watchdog = None  # a chip reset stops it; a soft reset does not
        self._boot()

    def reset(self) -> None:
        """A hard reset (the reset button, ``mpremote reset``): the watchdog stops."""
        self._reset("reset")

    def soft_reset(self) -> None:
        """Ctrl-D at the REPL: main.py runs again; a running watchdog keeps running."""
        self._reset("soft reset")

    def interrupt(self) -> None:
        """Ctrl-C: a KeyboardInterrupt ends run(), the REPL is free; a running
        watchdog keeps running."""
        self.repl_free = True

    def hold_at_boot(self, button: str, ms: int = 2000) -> None:
        """A button held down now (its bounce already over) and for ``ms`` more,
        through a reset that follows."""
        self.hal.press(button, self.clock - 50, ms + 50)

    # -- running ----------------------------------------------------------------------

    def advance(self, ms: int) -> None:
        """Let ``ms`` of virtual time pass, the firmware looping (or the REPL idle)."""
        end = self.clock + ms
        while self.clock < end:
            if self.repl_free or self.device is None:
                dog = self.watchdog
                if dog is not None and dog.deadline <= end:
                    self.hal.now_ms = max(self.clock, dog.deadline)
                    self._reset("watchdog")
                else:
                    self.hal.now_ms = end
                continue
            try:
                self.device.step()
            except WatchdogReset:
                self._reset("watchdog")
            except HardReset:
                self._reset("reset")

    def run(self, max_ticks: int) -> None:
        """Power on through ``Device.run(max_ticks)`` itself (the firmware's entry)."""
        self.watchdog = None
        self.boots += 1
        self.device = Device(VirtualPlatform(self))
        self.device.run(max_ticks)
        self.repl_free = self.device.mode in ("safe", "maintenance")

    # -- what the firmware holds -----------------------------------------------------------

    @property
    def mode(self) -> str | None:
        return None if self.device is None else self.device.mode

    @property
    def runtime(self) -> Any:
        return None if self.device is None else self.device.runtime

    def moves(self) -> list[Any]:
        """The moves of the game in the firmware's journal."""
        rt = self.runtime
        return [] if rt is None else list(rt.journal.moves())

    def inject_board_fault(self, error: Exception) -> None:
        """The controller's next step raises ``error`` (once)."""
        board = self.runtime.board
        step = board.step

        def failing(*args: Any) -> Any:
            board.step = step
            raise error

        board.step = failing

    # -- the hand (an Observer for its predicates) ----------------------------------------

    def accepted(self) -> int:
        rt = self.runtime
        return 0 if rt is None else len(rt.journal)

    def light(self, name: str) -> tuple[int, int, int]:
        rgb: tuple[int, int, int] = self.hal.light(name)
        return rgb

    def start_game(self) -> None:
        """Let the sensors settle, press MENU for a new game."""
        self.advance(BOOT_MS)
        drive(self.hand.press_menu(), self, self.advance, self.tick_ms)
        self.advance(300)

    def perform(self, state: Any, event: Any) -> bool:
        """The hand makes one record event (``state``: the game before it, left
        unchanged); False if one of its waits timed out."""
        return drive(self.hand.perform(state.copy(), event), self, self.advance, self.tick_ms)

    def play(self, state: Any, events: list[Any]) -> bool:
        """Perform the events one by one, applying each to ``state``."""
        ok = True
        for event in events:
            ok = self.perform(state, event) and ok
            state.apply(event)
        return ok
