"""hal.circuitpython_platform on CPython: buttons at boot through Adafruit
Blinka's OS-agnostic board (real ``board`` and ``digitalio``, see
tests/test_circuitpython_hal.py), and small stand-ins for what Blinka does not
have: ``supervisor`` (its clock wraps at 2**29 ms), ``microcontroller`` (the
watchdog, the reset) and ``usb_cdc.console`` (a write with ``write_timeout``
0 takes what fits now and says how much)."""

from __future__ import annotations

import json
import os
from types import SimpleNamespace
from typing import Any

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # read once, when Blinka detects the board

import board  # type: ignore[import-untyped]  # noqa: E402
import digitalio  # type: ignore[import-untyped]  # noqa: E402
import pytest  # noqa: E402

from hal import circuitpython_hal  # noqa: E402
from hal.circuitpython_platform import CircuitPythonPlatform  # noqa: E402
from hal.common import BACK, MENU, ProfileError  # noqa: E402
from tabletop.profile import load  # noqa: E402
from tests.test_circuitpython_hal import PROFILES, agnostic_name  # noqa: E402

PERIOD = 1 << 29


class Console:
    """usb_cdc.Serial: ``room`` bytes fit before the host reads."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.timeout: float | None = None
        self.write_timeout: float | None = None
        self.sent = bytearray()
        self.incoming = bytearray()

    def write(self, buf: bytes) -> int:
        assert self.write_timeout == 0, "a write with a timeout may wait"
        n = min(self.room, len(buf))
        self.sent += buf[:n]
        self.room -= n
        return n

    @property
    def in_waiting(self) -> int:
        return len(self.incoming)

    def read(self, n: int) -> bytes:
        assert self.timeout == 0
        data = bytes(self.incoming[:n])
        del self.incoming[:n]
        return data


class Watchdog:
    def __init__(self) -> None:
        self.timeout = 0.0
        self.mode: Any = None
        self.feeds = 0

    def feed(self) -> None:
        self.feeds += 1


def platform(console: Console | None, ticks: int = 0) -> tuple[CircuitPythonPlatform, Any]:
    mcu = SimpleNamespace(watchdog=Watchdog(), resets=0)

    def reset() -> None:
        mcu.resets += 1

    mcu.reset = reset
    supervisor = SimpleNamespace(ticks_ms=lambda: ticks)
    usb_cdc = SimpleNamespace(console=console)
    modes = SimpleNamespace(WatchDogMode=SimpleNamespace(RESET="reset"))
    names = {14: "Dx_INPUT_TRUE_PULL_UP", 15: "Dx_INPUT_FALSE"}  # MENU up, BACK down
    p = CircuitPythonPlatform(
        supervisor=supervisor,
        microcontroller=mcu,
        usb_cdc=usb_cdc,
        watchdog=modes,
        pin_name=lambda n: names.get(n, f"GP{n}"),
    )
    return p, mcu


def test_ticks_diff_across_the_wrap() -> None:
    p, _ = platform(None)
    assert p.ticks_diff(5, PERIOD - 5) == 10
    assert p.ticks_diff(PERIOD - 5, 5) == -10
    assert p.ticks_diff(1000, 400) == 600


def test_the_console_never_waits_and_says_what_it_took() -> None:
    console = Console(room=10)
    p, _ = platform(console)
    assert (console.timeout, console.write_timeout) == (0, 0)
    assert p.write(b"0123456789abcdef") == 10
    assert p.write(b"more") == 0
    console.incoming += bytes(range(100))
    assert p.read() == bytes(range(64))
    assert p.read() == bytes(range(64, 100))
    assert p.read() == b""


def test_without_a_console_output_is_dropped_not_waited_for() -> None:
    p, _ = platform(None)
    assert p.write(b"line\n") == 0


def test_back_held_at_boot_through_blinka_and_the_pins_are_released() -> None:
    p, _ = platform(None)
    raw: dict[str, dict[str, Any]] = {
        "pins": {"menu": 14, "back": 15},
        "buttons": {"active_low": True},
    }
    assert p.boot_buttons(raw, board, digitalio) == BACK  # pressed (low)
    assert p.boot_buttons(raw, board, digitalio) == BACK  # released after the check: again
    raw["buttons"]["active_low"] = False
    assert p.boot_buttons(raw, board, digitalio) == MENU
    assert p.boot_buttons({"pins": {}}, board, digitalio) == 0
    assert p.boot_buttons(None, board, digitalio) == 0


def test_the_watchdog_resets_and_the_reset() -> None:
    p, mcu = platform(None)
    dog = p.wdt(5000)
    assert dog is mcu.watchdog
    assert (dog.timeout, dog.mode) == (5.0, "reset")
    p.reset()
    assert mcu.resets == 1


class Storage:
    """CircuitPython's storage module, as far as boot.py uses it."""

    def __init__(self) -> None:
        self.remounts: list[tuple[str, bool]] = []

    def remount(self, path: str, readonly: bool = False) -> None:
        self.remounts.append((path, readonly))


def test_boot_claims_the_flash_for_the_journal_unless_back_is_held() -> None:
    p, _ = platform(None)
    raw: dict[str, dict[str, Any]] = {
        "pins": {"menu": 14, "back": 14},  # (pin 14 reads high: not pressed)
        "buttons": {"active_low": True},
    }
    storage = Storage()
    assert p.claim_flash(raw, storage, board, digitalio)
    assert storage.remounts == [("/", False)]  # writable for the firmware
    raw["pins"]["back"] = 15  # held low: the USB drive keeps the flash
    storage = Storage()
    assert not p.claim_flash(raw, storage, board, digitalio)
    assert storage.remounts == []


def test_boot_claims_the_flash_even_without_a_profile() -> None:
    # (main.py then reports the profile error, and its log needs the flash)
    p, _ = platform(None)
    storage = Storage()

    def no_profile() -> Any:
        raise OSError(2, "no profile")

    p.profile = no_profile  # type: ignore[method-assign]
    assert p.claim_flash(None, storage, board, digitalio)
    assert storage.remounts == [("/", False)]


def test_the_hal_is_the_circuitpython_hal() -> None:
    p, _ = platform(None)
    assert p._hal_module() is circuitpython_hal


def test_the_hal_and_the_error_light_name_pins_as_the_platform_does() -> None:
    # A board whose pins are not named GP<n> (Blinka's board here): the
    # platform's pin_name reaches the hal and the error light too, not
    # only the buttons read at boot.
    raw = json.loads((PROFILES / "pyraos.json").read_text())
    ports = {"supervisor": SimpleNamespace(), "microcontroller": SimpleNamespace()}
    ports["usb_cdc"] = SimpleNamespace(console=None)
    p = CircuitPythonPlatform(pin_name=agnostic_name, **ports)
    hal = p.hal(load(raw))
    assert isinstance(hal, circuitpython_hal.CircuitPythonHal) and len(hal.adcs) == 2
    assert p.error_light(raw) is not None
    with pytest.raises(ProfileError):
        CircuitPythonPlatform(**ports).hal(load(raw))  # (this board has no board.GP<n>)
