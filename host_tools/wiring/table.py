"""A board's wiring, as its profile gives it: every GPIO and what it does,
every analog channel (which multiplexer input), every shift-register bit
(which 74HC165 input) and every LED of the chain, each with what it serves.

    wiring = Wiring.of(found)        # found: host_tools.board.profile_file.read_profile(...)
    for line in wiring.lines(): print(line)      # the pin table
    wiring.gpios, wiring.channels, wiring.bits, wiring.lights   # (host_tools.wiring.diagram)

What a channel, bit or LED serves is the firmware's own view of the loaded
profile (tabletop.profile.load: its sensor channels, code spots, led_map)
put in words by the game's part ``wiring`` (host_tools.board.<game>:
``wired_channels(profile)``, ``wired_bits(profile)``, ``wired_light(name)``).
The hardware conventions are the hal's (docs/FIRMWARE.md, "The hal"):
channel c is input c % 16 of multiplexer c // 16; bit k is the k-th bit
shifted out after the latch, so bits 0..7 are the inputs H..A of register
0 (the one whose inverted output /QH drives MISO), 8..15 those of register
1 (whose QH feeds register 0's SER), and so on; the wiring itself is
docs/HARDWARE.md's ("Wiring"): the digital hall switches pull their input
low with a magnet, and /QH makes that a set bit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host_tools import ROOT, part
from host_tools.board.profile_file import ProfileFile
from tabletop.profile.schema import led_names

MUX_INPUTS = 16  # CD74HC4067 (hal.board_hal.MUX_INPUTS)
REGISTER_INPUTS = "HGFEDCBA"  # a 74HC165's inputs in the order they are shifted out
REGISTER_PINS = {"H": 6, "G": 5, "F": 4, "E": 3, "D": 14, "C": 13, "B": 12, "A": 11}  # (DIP-16)
DISPLAY_ADDR = 0x3C  # the SSD1306's usual address (hal.micropython_hal)
# The Raspberry Pi Pico's header pin of each GPIO on it (GP23..GP25 and GP29 are on the board only)
PICO_PINS = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
             12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
             22: 29, 26: 31, 27: 32, 28: 34}  # fmt: skip
UNUSED_INPUT = "not used: tie the input to 3.3 V (it reads 0)"
UNUSED_CHANNEL = "not used: no sensor on this input"


@dataclass(frozen=True)
class Gpio:
    number: int
    key: str  # the profile key that names it, e.g. pins.mux.select
    job: str  # what it does, in words
    used: bool = True  # (False: named, but the board has nothing on it)


@dataclass(frozen=True)
class Channel:
    number: int  # analog channel
    name: str  # short name ("sensor d1"), "" when nothing is wired to it
    serves: str

    @property
    def mux(self) -> int:
        return self.number // MUX_INPUTS

    @property
    def input(self) -> int:
        return self.number % MUX_INPUTS


@dataclass(frozen=True)
class Bit:
    number: int  # bit of the chain
    name: str  # short name, "" when nothing is wired to it
    serves: str

    @property
    def register(self) -> int:
        """The 74HC165 it is read from, 0 the one whose /QH drives MISO."""
        return self.number // 8

    @property
    def input(self) -> str:
        return REGISTER_INPUTS[self.number % 8]


@dataclass(frozen=True)
class Light:
    number: int  # LED index in the chain
    name: str  # its led_map key, "" when no light of the game uses it
    serves: str


def pico_pin(gpio: int) -> str:
    """Where ``gpio`` is on a Raspberry Pi Pico's header."""
    return f"pin {PICO_PINS[gpio]}" if gpio in PICO_PINS else "no pin"


def _range(numbers: list[int] | tuple[int, ...]) -> str:
    ns = list(numbers)
    if len(ns) > 1 and ns == list(range(ns[0], ns[0] + len(ns))):
        return f"{ns[0]}-{ns[-1]}"
    return "/".join(str(n) for n in ns)


@dataclass(frozen=True)
class Wiring:
    title: str  # the profile's name
    source: str  # its file
    game: str
    variants: tuple[str, ...]
    raw: dict[str, Any]  # the profile's JSON object (its pins as written)
    profile: Any  # the loaded tabletop.profile.Profile
    gpios: tuple[Gpio, ...]  # by GPIO number
    channels: tuple[Channel, ...]  # every channel scanned, 0 first
    bits: tuple[Bit, ...]  # every bit of the chain, 0 first
    lights: tuple[Light, ...]  # every LED, 0 first

    @property
    def muxes(self) -> int:
        channels: int = self.profile.analog_channels
        return (channels + MUX_INPUTS - 1) // MUX_INPUTS

    @property
    def pins(self) -> dict[str, Any]:
        pins: dict[str, Any] = self.raw["pins"]
        return pins

    @classmethod
    def of(cls, found: ProfileFile) -> Wiring:
        prof = found.profile
        names = part(prof.game, "wiring")
        chans: dict[int, tuple[str, str]] = names.wired_channels(prof)
        bits: dict[int, tuple[str, str]] = names.wired_bits(prof)
        by_led = dict(zip(prof.led_map, led_names(prof), strict=True))
        lights = tuple(
            Light(i, by_led[i], names.wired_light(by_led[i]))
            if i in by_led
            else Light(i, "", "not used: no light of the game (it stays dark)")
            for i in range(prof.led_count)
        )
        return cls(
            title=prof.name,
            source=_shown(found.path),
            game=prof.game,
            variants=tuple(v for _, v in prof.games),
            raw=found.raw,
            profile=prof,
            gpios=_gpios(found.raw, prof),
            channels=tuple(
                Channel(c, *chans.get(c, ("", UNUSED_CHANNEL))) for c in range(prof.analog_channels)
            ),
            bits=tuple(Bit(k, *bits.get(k, ("", UNUSED_INPUT))) for k in range(8 * prof.registers)),
            lights=lights,
        )

    def adc_of(self, mux: int) -> int:
        adc: int = self.pins["mux"]["adc"][mux]
        return adc

    def lines(self) -> list[str]:
        """The pin table, line by line."""
        p = self.profile
        out = [f"{self.title}: a {self.game} board ({', '.join(self.variants)}), {self.source}"]
        out += ["", "GPIOs (every pin the profile names; its pin on a Raspberry Pi Pico's header)"]
        for g in self.gpios:
            where = f"(Pico {pico_pin(g.number)})"
            out.append(f"  GPIO {g.number:<3} {where:<13} {g.job}  [{g.key}]")
        if self.channels:
            select = self.pins["mux"]["select"]
            last = self.channels[-1]
            s0_s3 = ", ".join(map(str, select))
            out += ["", "Analog channels (CD74HC4067 multiplexers: channel c is input c % 16 "
                    f"of mux c // 16; S0-S3 on GPIO {s0_s3})"]  # fmt: skip
            if last.input < MUX_INPUTS - 1:
                out.append(
                    f"  (inputs {last.input + 1}-{MUX_INPUTS - 1} of mux {last.mux} are not read: "
                    f"analog.channels is {p.analog_channels})"
                )
            for c in self.channels:
                where = f"(select {_range(select)}, ADC GPIO {self.adc_of(c.mux)})"
                head = f"mux {c.mux} ch {c.input}"
                out.append(f"  {head:<12} {where:<30} channel {c.number:<3} {c.serves}")
        if self.bits:
            spi = self.pins["spi"]
            chain = (
                f"SPI {spi['id']}, CLK on GPIO {spi['sck']}, register 0's /QH on MISO GPIO "
                f"{spi['miso']}, SH/LD on GPIO {self.pins['latch']}; each register's SER "
                "from the next one's QH, the last one's SER to 3.3 V"
            )
            out += ["", f"Shift-register bits ({_all(p.registers, '74HC165')[4:]}: {chain})"]
            for b in self.bits:
                head = f"register bit {b.number}"
                where = f"(register {b.register}, input {b.input}, pin {REGISTER_PINS[b.input]})"
                out.append(f"  {head:<16} {where:<30} {b.serves}")
        out += ["", f"LEDs ({p.led_count} WS2812B, {p.led_order}, data from GPIO "
                    f"{self.pins['leds']}; LED 0 first in the chain)"]  # fmt: skip
        for led in self.lights:
            out.append(f"  LED {led.number:<4} {led.name or '-':<12} {led.serves}")
        return out


def _all(n: int, thing: str) -> str:
    # "all 2 muxes", "all 1 register"
    return f"all {n} {thing}" + ("es" if thing == "mux" else "s") * (n != 1)


def _shown(path: Path) -> str:
    # a file of the repository by its path in it (firmware/profiles/pyraos.json), another as given
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _gpios(raw: dict[str, Any], p: Any) -> tuple[Gpio, ...]:
    pins = raw["pins"]
    out: list[Gpio] = []
    limit = f", current limit {p.limit_ma} mA" if getattr(p, "limit_ma", 0) else ""
    job = f"LED data: {p.led_count} WS2812B ({p.led_order}{limit}), through the 74AHCT125"
    out.append(Gpio(pins["leds"], "pins.leds", job + " level shifter (5 V)"))
    if p.buttons_active_low:
        wired = "to GND, internal pull-up"
    else:
        wired = "to 3.3 V, with a 10 kOhm pull-down to GND"
    for key, name in (("menu", "MENU"), ("back", "BACK")):
        out.append(Gpio(pins[key], f"pins.{key}", f"{name} button ({wired})"))
    regs = p.registers
    none = " not used (registers is 0)" if not regs else ""
    if "spi" in pins:
        spi = pins["spi"]
        job = f"SPI {spi['id']} SCK: 74HC165 CLK ({_all(regs, 'register')}){none}"
        out.append(Gpio(spi["sck"], "pins.spi.sck", job, bool(regs)))
        job = f"SPI {spi['id']} MISO: register 0's /QH (the chain's data out){none}"
        out.append(Gpio(spi["miso"], "pins.spi.miso", job, bool(regs)))
    if "latch" in pins:
        job = f"latch: 74HC165 SH/LD ({_all(regs, 'register')}){none}"
        out.append(Gpio(pins["latch"], "pins.latch", job, bool(regs)))
    if "mux" in pins:
        n = p.analog_channels
        muxes = (n + MUX_INPUTS - 1) // MUX_INPUTS
        for i, g in enumerate(pins["mux"]["select"]):
            job = f"mux select S{i} ({_all(muxes, 'mux')})" if n else "mux select: not used"
            out.append(Gpio(g, "pins.mux.select", job, bool(n)))
        for i, g in enumerate(pins["mux"]["adc"]):
            if i < muxes:
                top = min(n, (i + 1) * MUX_INPUTS) - 1
                job = f"ADC: mux {i} SIG (channels {i * MUX_INPUTS}-{top})"
                out.append(Gpio(g, "pins.mux.adc", job))
            else:
                job = f"ADC: not used (analog.channels {n} takes {muxes} muxes)"
                out.append(Gpio(g, "pins.mux.adc", job, False))
    if "i2c" in pins:
        i2c = pins["i2c"]
        addr = i2c.get("addr", DISPLAY_ADDR)
        for key in ("sda", "scl"):
            job = f"I2C {i2c['id']} {key.upper()}: status display (SSD1306 at 0x{addr:02X})"
            out.append(Gpio(i2c[key], f"pins.i2c.{key}", job))
    return tuple(sorted(out, key=lambda g: g.number))
