"""A simulated board for MicroPythonHal's tests (test_micropython_hal.py,
test_status_display.py), under CPython and MicroPython.

The hal gets stand-ins for ``machine`` and ``neopixel`` (in the style of
micropython-lib's DummyPin/DummySPI): small classes over one ``Board`` that
behaves like the wiring. A 74HC165 chain copies its inputs only when its load
pin is pulsed low and shifts them out over SPI; CD74HC4067 muxes put the input
chosen by the select pins' levels on their ADC, but only once ``settle_us`` has
passed since the select pins changed (before that the ADC still sees the input
selected before); buttons float unless something pulls them; the LED chain
remembers the last bytes written to it; an SSD1306 panel on the I2C bus keeps
its graphics RAM. ``build(profile)`` gives the hal and its board.
"""

import json
import sys

import tabletop
from hal.micropython_hal import MicroPythonHal
from tabletop.profile import load

ON_MICROPYTHON = sys.implementation.name == "micropython"

PORT_PINS = 30  # the stand-in port has GPIO 0..29; 26..29 can be ADC inputs
ADC_PINS = (26, 27, 28, 29)
FIRMWARE = tabletop.__file__.rsplit("/", 2)[0]


def reference(name):
    """A shipped profile (firmware/profiles/NAME.json) as a JSON object."""
    with open(FIRMWARE + "/profiles/%s.json" % name) as f:
        return json.load(f)


def pacal_profile(registers=2, channels=20, settle_us=20, samples=4, active_low=True, pins=None):
    """The Pacal reference profile, changed as asked: its wiring is
    spi 0 (sck 18, miso 16), latch 17, select 10..13, ADC 26 and 27,
    LEDs 22 (30 of them), MENU 14, BACK 15."""
    obj = reference("pacal")
    obj["registers"] = registers
    obj["analog"] = {"channels": channels, "settle_us": settle_us, "samples": samples}
    obj["buttons"]["active_low"] = active_low
    if pins is not None:
        obj["pins"] = pins
    return load(obj)


def pacal_pins():
    return reference("pacal")["pins"]


def pyraos_profile():
    """The Pyraos reference profile: 25 analog channels, no shift registers."""
    return load(reference("pyraos"))


# --- the simulated board ---------------------------------------------------------


class Board:
    """The wiring behind the stand-in modules. Nothing here allocates once
    built, so the stand-ins can run with the heap locked."""

    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, profile, buttons_to_ground=True):
        pins = profile.pins
        self.level = bytearray(PORT_PINS)
        self.mode = [None] * PORT_PINS
        self.pull = [None] * PORT_PINS
        self.pressed = bytearray(PORT_PINS)
        # Active-low buttons switch to ground and rely on a pull-up; active-high
        # ones switch to 3V3 and have a pull-down resistor on the board.
        self.buttons_to_ground = buttons_to_ground
        self.buttons = (pins["menu"], pins["back"])
        # 74HC165 chain: inputs[k] is what bit k of the chain will read.
        bits = 8 * profile.registers
        self.latch = pins.get("latch", -1)
        self.inputs = bytearray(bits)
        self.shift = bytearray(bits)
        self.pos = bits  # nothing loaded yet: the chain shifts out zeros
        self.loads = 0
        self.spi = None
        # CD74HC4067 muxes: channel c = mux c // 16 (ADC pin adc[c // 16]), input c % 16.
        mux = pins.get("mux", {"select": [], "adc": []})
        self.select = tuple(mux["select"])
        self.adc = tuple(mux["adc"])
        n = 16 * len(self.adc)
        self.analog = [(0,)] * n  # the readings each input gives, in turn
        self.reads = [0] * n
        self.now_us = 0
        self.switched_us = 0
        self.settle_us = profile.settle_us if profile.analog_channels else 0
        self.previous = 0  # the selection before the last switch
        self.early_reads = 0
        self.strip = None
        self.i2c = None
        self.panel = None  # an SSD1306 on the I2C bus (Panel), if one is fitted

    # -- what the tests set

    def set_chain(self, ks):
        """Bit k of the chain reads 1 for each k in ks, 0 elsewhere."""
        for k in range(len(self.inputs)):
            self.inputs[k] = 1 if k in ks else 0

    def press(self, pin, down=True):
        self.pressed[pin] = 1 if down else 0

    # -- what the stand-ins call

    def sleep_us(self, us):
        self.now_us += us

    def selection(self):
        s = 0
        for i in range(len(self.select)):
            s |= self.level[self.select[i]] << i
        return s

    def write_pin(self, n, v):
        v = 1 if v else 0
        if self.mode[n] != Board.OUT:
            raise AssertionError("pin %d is written but is no output" % n)
        if n == self.latch and v == 0 and self.level[n] == 1:
            # Falling edge of the load pin: the registers copy their inputs.
            self.shift[:] = self.inputs
            self.pos = 0
            self.loads += 1
        if n in self.select and v != self.level[n]:
            self.previous = self.selection()
            self.switched_us = self.now_us
        self.level[n] = v

    def read_pin(self, n):
        if self.mode[n] != Board.IN:
            return self.level[n]
        if n in self.buttons:
            if self.pressed[n]:
                return 0 if self.buttons_to_ground else 1
            if not self.buttons_to_ground:
                return 0  # the board's pull-down resistor
        if self.pull[n] == Board.PULL_UP:
            return 1
        if self.pull[n] == Board.PULL_DOWN:
            return 0
        raise AssertionError("pin %d floats: no pull-up or pull-down" % n)

    def shift_out(self, buf, phase):
        if self.latch < 0 or self.level[self.latch] == 0:
            raise AssertionError("74HC165 clocked while its load pin is low")
        if phase:
            self.pos += 1  # CPHA=1 samples after the first shift: bit 0 is lost
        for i in range(len(buf)):
            byte = 0
            for _ in range(8):
                bit = 0  # the first register's serial input is tied low
                if self.pos < len(self.shift):
                    bit = self.shift[self.pos]
                self.pos += 1
                byte = (byte << 1) | bit
            buf[i] = byte

    def sample(self, mux):
        if self.now_us - self.switched_us < self.settle_us:
            self.early_reads += 1
            s = self.previous
        else:
            s = self.selection()
        c = 16 * mux + s
        values = self.analog[c]
        v = values[self.reads[c] % len(values)]
        self.reads[c] += 1
        return v


class FakePin:
    IN = Board.IN
    OUT = Board.OUT
    PULL_UP = Board.PULL_UP
    PULL_DOWN = Board.PULL_DOWN
    board = None  # set by fake_modules

    def __init__(self, n, mode=-1, pull=-1, value=None):
        if not 0 <= n < PORT_PINS:
            raise ValueError("invalid pin")
        self.n = n
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.board.mode[self.n] = mode
        if pull != -1:
            self.board.pull[self.n] = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            return self.board.read_pin(self.n)
        self.board.write_pin(self.n, v)


class FakeSPI:
    board = None

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, sck=None, miso=None, mosi=None):
        self.id = id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck.n
        self.miso = miso.n
        self.board.spi = self

    def readinto(self, buf, write=0):
        self.board.shift_out(buf, self.phase)


class FakeADC:
    board = None

    def __init__(self, pin):
        if pin.n not in ADC_PINS:
            raise ValueError("Pin(%d) doesn't have ADC capabilities" % pin.n)
        self.mux = self.board.adc.index(pin.n)

    def read_u16(self):
        return self.board.sample(self.mux)


class FakeNeoPixel:
    """Like micropython-lib's driver: ``buf`` in wire order, ``write()`` sends it.
    ``wire`` holds what the LEDs last received, ``frames`` counts the writes."""

    board = None

    def __init__(self, pin, n, bpp=3, timing=1):
        pin.init(pin.OUT)
        self.pin = pin.n
        self.n = n
        self.buf = bytearray(n * bpp)
        self.wire = bytearray(n * bpp)
        self.frames = 0
        self.board.strip = self

    def write(self):
        self.wire[:] = self.buf
        self.frames += 1


class Panel:
    """An SSD1306 on the I2C bus, as far as a driver uses it: a command
    arrives as the two bytes (0x80, cmd), display data as a write of 0x40
    then the bytes. The graphics RAM is 8 pages of 128 columns (one byte:
    8 pixels down, bit 0 on top); the driver sets horizontal addressing,
    where data fills the column range of a page, then the next page of the
    page range. ``present`` False: the panel does not answer (unplugged)."""

    # the commands that take arguments, and how many
    ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA8: 1}
    ARGS.update({0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1})

    def __init__(self, addr=0x3C):
        self.addr = addr
        self.present = True
        self.ram = bytearray(8 * 128)
        self.cols = (0, 127)
        self.pages = (0, 7)
        self.col = 0
        self.page = 0
        self.command = []  # a command waiting for its arguments
        self.data_writes = 0
        self.on = False

    def cmd(self, b):
        c = self.command
        c.append(b)
        if len(c) - 1 < self.ARGS.get(c[0], 0):
            return
        self.command = []
        if c[0] == 0x21:
            self.cols = (c[1], c[2])
            self.col = c[1]
        elif c[0] == 0x22:
            self.pages = (c[1], c[2])
            self.page = c[1]
        elif c[0] in (0xAE, 0xAF):
            self.on = c[0] == 0xAF

    def data(self, buf):
        self.data_writes += 1
        for b in buf:
            self.ram[self.page * 128 + self.col] = b
            if self.col < self.cols[1]:
                self.col += 1
            else:
                self.col = self.cols[0]
                self.page = self.page + 1 if self.page < self.pages[1] else self.pages[0]

    def row(self, r):
        return bytes(self.ram[r * 128 : (r + 1) * 128])


class FakeI2C:
    board = None

    def __init__(self, id, sda=None, scl=None, freq=400000):
        if id not in (0, 1):
            raise ValueError("bad I2C peripheral")
        self.id = id
        self.sda = sda.n
        self.scl = scl.n
        self.freq = freq
        self.board.i2c = self

    def _panel(self, addr):
        panel = self.board.panel
        if panel is None or not panel.present or panel.addr != addr:
            raise OSError(19)  # ENODEV: no acknowledge
        return panel

    def writeto(self, addr, buf):
        panel = self._panel(addr)
        if not buf:
            return 1  # a probe: the address acknowledged
        if buf[0] != 0x80 or len(buf) != 2:
            raise ValueError("not a command write")
        panel.cmd(buf[1])
        return 2

    def writevto(self, addr, bufs):
        panel = self._panel(addr)
        if bytes(bufs[0]) != b"\x40":
            raise ValueError("not a data write")
        panel.data(bufs[1])
        return 1 + len(bufs[1])


class Module:
    """Stands in for a module: the given names as attributes."""

    def __init__(self, **names):
        for k in names:
            setattr(self, k, names[k])


def _bound(cls, board):
    class Bound(cls):
        pass

    Bound.board = board
    return Bound


def fake_modules(board):
    """(machine, neopixel) stand-ins wired to ``board``."""
    machine = Module(
        Pin=_bound(FakePin, board),
        SPI=_bound(FakeSPI, board),
        ADC=_bound(FakeADC, board),
        I2C=_bound(FakeI2C, board),
    )
    return machine, Module(NeoPixel=_bound(FakeNeoPixel, board))


def build(profile, panel=None, ssd1306=None, **kw):
    board = Board(profile, **kw)
    board.panel = panel
    machine, neopixel = fake_modules(board)
    hal = MicroPythonHal(
        profile, machine=machine, neopixel=neopixel, sleep_us=board.sleep_us, ssd1306=ssd1306
    )
    return hal, board


def chain_bytes(registers, ks):
    out = bytearray(registers)
    for k in ks:
        out[k // 8] |= 0x80 >> (k % 8)
    return bytes(out)
