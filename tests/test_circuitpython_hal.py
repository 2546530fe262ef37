"""CircuitPythonHal on Adafruit Blinka's OS-agnostic board (CPython only).

Blinka provides CircuitPython's ``board``, ``busio``, ``digitalio``,
``analogio`` and ``neopixel_write`` on CPython. With ``BLINKA_OS_AGNOSTIC`` set
before ``board`` is first imported, Adafruit-PlatformDetect reports the chip
``OS_AGNOSTIC`` and Blinka loads its "generic agnostic board", a board in
software made for tests (Adafruit_Blinka pull requests 828 and 836). What it
can show, and so what these tests assert through it:

- Digital pins with fixed behaviour: ``Dx_INPUT_TRUE_PULL_UP`` reads True,
  ``Dx_INPUT_FALSE`` reads False, whatever the pull; a write to any pin is
  stored (``Pin.current_value``), but reading an output back returns the pin's
  fixed behaviour, not what was written. Pins are named, not GP-numbered, so
  the hal gets a ``pin_name`` mapping.
- Analog inputs: ``Ax_INPUT_FIXED_INT_PI`` always reads 31415 (the others give
  random numbers or waves from -100 to 100, negative, so no ADC reading).
- One SPI port (``SCK``/``MOSI``/``MISO``): ``configure`` keeps the baud rate,
  ``readinto`` returns without touching the buffer: no bits come back.
- ``neopixel_write`` takes the bytes and drops them.

So: buttons, pull-ups, the SPI set-up and locking, the ADC path and the LED
bytes run on Blinka's real objects; the 74HC165 bits and the mux selection are
played by small stand-ins wrapped around Blinka's SPI and AnalogIn (see
FakeChainSPI and MuxADC), since the agnostic board has no way to show them.
"""

from __future__ import annotations

import json
import os
from array import array
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

os.environ["BLINKA_OS_AGNOSTIC"] = "1"  # read once, when Blinka detects the board

import analogio  # type: ignore[import-untyped]  # noqa: E402
import board  # type: ignore[import-untyped]  # noqa: E402
import busio  # type: ignore[import-untyped]  # noqa: E402
import digitalio  # type: ignore[import-untyped]  # noqa: E402
import neopixel  # type: ignore[import-untyped]  # noqa: E402

from hal.circuitpython_hal import CircuitPythonHal, error_light  # noqa: E402
from tabletop.profile import Profile, ProfileError, load  # noqa: E402
from tabletop.show.pixels import Pixels  # noqa: E402

PROFILES = Path(__file__).resolve().parent.parent / "firmware" / "profiles"

# The reference wiring (GPIO numbers) on the agnostic board's named pins. It
# has few pins meant as outputs; every pin of it stores what is written.
AGNOSTIC_PINS = {
    18: "SCK",  # SPI port 0
    16: "MISO",
    17: "Dx_OUTPUT",  # 74HC165 load
    10: "DOTSTAR_DATA",  # mux select 0..3
    11: "DOTSTAR_CLK",
    12: "Ax_OUTPUT",
    13: "Dx_INPUT_TOGGLE",
    26: "Ax_INPUT_FIXED_INT_PI",  # mux 0 and 1: both read 31415
    27: "Ax_INPUT_FIXED_INT_PI",
    22: "NEOPIXEL",
    14: "Dx_INPUT_TRUE_PULL_UP",  # MENU: high, so released when active low
    15: "Dx_INPUT_FALSE",  # BACK: low, so pressed when active low
}
PI = 31415  # what Ax_INPUT_FIXED_INT_PI reads


def agnostic_name(n: int) -> str:
    return AGNOSTIC_PINS.get(n, f"GP{n}")


def profile_obj(name: str) -> dict[str, Any]:
    obj: dict[str, Any] = json.loads((PROFILES / f"{name}.json").read_text())
    return obj


def profile(name: str, **analog: int) -> Profile:
    obj = profile_obj(name)
    obj["analog"].update(analog)
    prof: Profile = load(obj)
    return prof


def build(prof: Profile, **modules: Any) -> CircuitPythonHal:
    return CircuitPythonHal(prof, pin_name=agnostic_name, **modules)


def blinka_level(io: Any) -> int:
    """The level last written to a DigitalInOut, as Blinka's pin stored it."""
    return int(io._pin.current_value)


def test_blinka_runs_its_os_agnostic_board() -> None:
    assert board.board_id == "OS_AGNOSTIC_BOARD"


@pytest.mark.parametrize("name", ["pacal", "pyraos"])
def test_reference_profiles_build_a_hal(name: str) -> None:
    prof = profile(name)
    hal = build(prof)
    assert (hal.spi is None) == (prof.registers == 0)
    assert len(hal.select) == 4 and len(hal.adcs) == 2


def test_a_pin_the_board_lacks_names_the_key_and_the_name() -> None:
    # The default mapping looks for board.GP<n>, which this board does not have.
    with pytest.raises(ProfileError) as err:
        CircuitPythonHal(profile("pacal"))
    assert err.value.key == "pins.latch"
    assert str(err.value) == "pins.latch: pin 17: this board has no board.GP17"
    with pytest.raises(ProfileError, match=r"^pins\.mux\.select: pin 10: .*board\.GP10$"):
        CircuitPythonHal(profile("pyraos"))


def test_pins_that_cannot_make_the_spi_bus_name_the_key() -> None:
    # Blinka's one SPI port is (SCK, MOSI, MISO); SCLK is a pin object of its own.
    def name(n: int) -> str:
        return "SCLK" if n == 18 else agnostic_name(n)

    with pytest.raises(ProfileError, match=r"^pins\.spi: sck 18, miso 16: No Hardware SPI"):
        CircuitPythonHal(profile("pacal"), pin_name=name)


# --- buttons -----------------------------------------------------------------------


def test_buttons_use_the_pull_up_and_apply_polarity() -> None:
    hal = build(profile("pacal"))  # active low
    for io in (hal.menu, hal.back):
        assert io.direction is digitalio.Direction.INPUT
        assert io.pull is digitalio.Pull.UP
    # MENU's pin reads high: released; BACK's reads low: pressed.
    assert hal.read_buttons() == 0b10


def test_active_high_buttons_have_no_internal_pull() -> None:
    obj = profile_obj("pacal")
    obj["buttons"]["active_low"] = False
    hal = build(load(obj))
    assert hal.menu.pull is None and hal.back.pull is None
    assert hal.read_buttons() == 0b01  # high is pressed now


# --- the 74HC165 chain over busio.SPI ------------------------------------------------


class FakeChainSPI:
    """Blinka's SPI with a 74HC165 chain on it: every call goes to Blinka's real
    busio.SPI (locking, configure), and readinto, which on the agnostic board
    returns nothing, shifts out the inputs loaded at the last latch pulse."""

    def __init__(self, clock: Any, MISO: Any = None) -> None:
        self.spi = busio.SPI(clock, MISO=MISO)
        self.calls: list[str] = []
        self.inputs = b""
        self.latch: Any = None  # the hal's load pin, set by the test

    def try_lock(self) -> bool:
        self.calls.append("try_lock")
        return bool(self.spi.try_lock())

    def configure(self, **kw: int) -> None:
        self.calls.append("configure")
        self.spi.configure(**kw)

    def readinto(self, buf: bytearray) -> None:
        self.calls.append("readinto")
        assert self.spi._locked, "readinto without the bus lock"
        # Latched: the load pin went low and back high since construction.
        assert (self.latch._pin.previous_value, blinka_level(self.latch)) == (0, 1)
        self.spi.readinto(buf)
        buf[:] = self.inputs

    def unlock(self) -> None:
        self.calls.append("unlock")
        self.spi.unlock()


def test_read_digital_latches_then_reads_under_the_bus_lock() -> None:
    made: list[FakeChainSPI] = []

    def spi(clock: Any, MISO: Any = None) -> FakeChainSPI:
        made.append(FakeChainSPI(clock, MISO))
        return made[-1]

    hal = build(profile("pacal"), busio=SimpleNamespace(SPI=spi))
    [chain] = made
    chain.latch = hal.latch
    assert blinka_level(hal.latch) == 1  # the load pin idles high
    chain.inputs = bytes([0b10110010, 0b10000111])
    buf = bytearray(2)
    hal.read_digital(buf)
    assert bytes(buf) == chain.inputs
    assert chain.calls == ["try_lock", "configure", "readinto", "unlock"]
    assert chain.spi.frequency == 1000000  # the profile's baud rate, kept by Blinka
    assert chain.spi.try_lock()  # the lock was released


def test_read_digital_on_blinkas_own_spi() -> None:
    hal = build(profile("pacal"))
    buf = bytearray(b"\xaa\x55")
    hal.read_digital(buf)
    assert bytes(buf) == b"\xaa\x55"  # the agnostic SPI reads nothing
    spi: Any = hal.spi
    assert spi.frequency == 1000000
    assert spi.try_lock()
    assert blinka_level(hal.latch) == 1


def test_a_profile_without_shift_registers_reads_nothing() -> None:
    hal = build(profile("pyraos"))
    hal.read_digital(bytearray(0))
    assert hal.spi is None and hal.latch is None


# --- the CD74HC4067 muxes over analogio ---------------------------------------------


def test_read_analog_averages_blinkas_adc_readings() -> None:
    prof = profile("pacal")
    hal = build(prof)
    buf = array("H", [0] * prof.analog_channels)
    hal.read_analog(buf)
    assert list(buf) == [PI] * prof.analog_channels


class Muxes:
    """Stands in for ``analogio``: CD74HC4067s in front of Blinka's AnalogIn.
    Each reading is Blinka's (31415) moved to 1000 + 100 * channel, the channel
    that the select pins choose, so a reading tells where it came from. Its
    ``delay_us`` stands in for microcontroller.delay_us: a read is early when
    the select pins changed after the last wait."""

    def __init__(self) -> None:
        self.select: tuple[Any, ...] = ()  # the hal's select pins, set by the test
        self.muxes = 0
        self.settled = -1  # the selection during the last wait
        self.waits: list[int] = []
        self.reads: list[tuple[int, int]] = []  # (mux, selection)
        self.early = 0

    def selection(self) -> int:
        return sum(blinka_level(io) << i for i, io in enumerate(self.select))

    def delay_us(self, us: int) -> None:
        self.waits.append(us)
        self.settled = self.selection()

    def AnalogIn(self, pin: Any) -> MuxADC:
        self.muxes += 1
        return MuxADC(self, self.muxes - 1, analogio.AnalogIn(pin))


class MuxADC:
    def __init__(self, muxes: Muxes, mux: int, adc: Any) -> None:
        self.muxes = muxes
        self.mux = mux
        self.adc = adc

    @property
    def value(self) -> int:
        m = self.muxes
        s = m.selection()
        if s != m.settled:
            m.early += 1
        m.reads.append((self.mux, s))
        return int(self.adc.value) - PI + 1000 + 100 * (16 * self.mux + s)


def test_channel_c_is_input_c_mod_16_of_mux_c_div_16() -> None:
    muxes = Muxes()
    prof = profile("pyraos", samples=2, settle_us=30)
    hal = build(prof, analogio=muxes, microcontroller=SimpleNamespace(delay_us=muxes.delay_us))
    muxes.select = hal.select
    buf = array("H", [0] * 25)
    hal.read_analog(buf)
    assert list(buf) == [1000 + 100 * c for c in range(25)]
    # Two reads per channel, of mux c // 16 with the select pins at c % 16
    # (bit 0 on the first), none before the wait after a switch.
    reads = [(c // 16, c % 16) for s in range(16) for c in (s, s + 16) if c < 25]
    assert muxes.reads == [r for r in reads for _ in range(2)]
    assert muxes.early == 0
    assert muxes.waits == [30] * 16  # one settle wait per select setting


# --- the LED chain through Adafruit's neopixel library -------------------------------


def test_transmit_hands_the_bytes_to_neopixel_write_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    prof = profile("pacal")
    hal = build(prof)
    assert hal.leds.brightness == 1.0 and not hal.leds.auto_write
    assert hal.leds.byteorder == prof.led_order
    sent: list[tuple[Any, bytes]] = []

    def record(pin: Any, buf: bytearray) -> None:
        sent.append((pin, bytes(buf)))

    monkeypatch.setattr(neopixel, "neopixel_write", record)
    px = Pixels(prof.led_count, prof.led_order, prof.brightness, hal.transmit)
    px.set(0, (255, 0, 0))
    px.set(29, (10, 20, 30))
    px.show()
    hal.transmit(bytearray(range(90)))
    assert [data for _, data in sent] == [bytes(px.buf), bytes(range(90))]
    pin = sent[0][0]
    assert pin is hal.leds.pin and pin.direction is digitalio.Direction.OUTPUT
    assert pin._pin.id == board.NEOPIXEL.id


def test_transmit_runs_through_blinkas_neopixel_write() -> None:
    hal = build(profile("pacal"))
    hal.transmit(bytearray(90))  # the agnostic board's neopixel_write takes it


def test_a_frame_of_the_wrong_size_is_refused() -> None:
    hal = build(profile("pacal"))
    with pytest.raises(ValueError, match="89 bytes for 30 LEDs"):
        hal.transmit(bytearray(89))


# --- the error light (a profile too bad to build a hal from) -------------------------


def test_error_light_blinks_the_whole_chain_red(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[bytes] = []

    def record(pin: Any, buf: bytearray) -> None:
        assert pin._pin.id == board.NEOPIXEL.id
        sent.append(bytes(buf))

    monkeypatch.setattr(neopixel, "neopixel_write", record)
    light = error_light({"pins": {"leds": 22}, "leds": {"count": 30}}, pin_name=agnostic_name)
    assert light is not None
    light(True)
    light(False)
    assert sent == [bytes([0, 40, 0]) * 30, bytes(90)]  # dim red in GRB wire order, then off


@pytest.mark.parametrize("raw", [{}, {"pins": {"leds": 22}}, {"pins": {"leds": 99}}])
def test_error_light_falls_back_to_the_boards_own_led(raw: dict[str, Any]) -> None:
    own = SimpleNamespace(LED=board.Dx_OUTPUT, NEOPIXEL=board.NEOPIXEL)
    made: list[Any] = []

    def claim(pin: Any) -> Any:
        made.append(digitalio.DigitalInOut(pin))  # Blinka's own
        return made[-1]

    kept = SimpleNamespace(DigitalInOut=claim)
    light = error_light(raw, board=own, digitalio=kept, pin_name=agnostic_name)
    assert light is not None and len(made) == 1
    light(True)
    assert blinka_level(made[0]) == 1
    light(False)
    assert blinka_level(made[0]) == 0


def test_no_error_light_on_a_board_without_one() -> None:
    assert error_light({}, board=SimpleNamespace()) is None
