"""The hal on MicroPython: a board profile's pins driven through ``machine``.

    from hal.micropython_hal import MicroPythonHal
    hal = MicroPythonHal(profile)          # a validated tabletop.profile.Profile
    hal.read_digital(bits)                 # bits = bytearray(profile.registers)
    hal.read_analog(levels)                # levels = array("H", [0] * profile.analog_channels)
    hal.read_buttons()                     # bit 0 MENU, bit 1 BACK; 1 = pressed
    hal.transmit(pixels.buf)               # Pixels(..., transmit=hal.transmit)
    hal.show_text(lines)                   # the status display, if there is one:
    hal.refresh_display()                  # ... sends at most one changed row a call

Every pin and bus is built once, here, from ``profile.pins`` (and stays there
as ``spi``, ``latch``, ``select``, ``adcs``, ``menu``, ``back``, ``leds``); the
four methods then allocate nothing (no garbage, no GC pause while scanning).

The status display (optional): an SSD1306 128x64 on ``pins.i2c``, driven by
micropython-lib's ``ssd1306`` module (``mpremote mip install ssd1306``). If the
profile names no I2C bus ``display`` is None; if it names one but no display
answers at its address (or the module is missing), ``display`` is None too
and ``display_problem`` says why: the board plays on without it. The text is
drawn into the driver's frame buffer at once; each ``refresh_display()``
sends one changed row (a 128-byte page, about 3 ms at 400 kHz) so that a
whole new screen (23 ms) never holds up the scan. An I2C error turns the
display off (``display_problem``), never the game.

    blink = error_light(raw_profile)       # when the profile itself is bad
    if blink: blink(True); blink(False)    # the LED chain red/off, else Pin("LED")

``machine``, ``neopixel``, ``sleep_us`` and ``ssd1306`` default to the real
ones, imported when a hal is built and never when this module is imported,
so tests pass small stand-ins. A pin the port does not have raises
ProfileError naming the profile key. What both ports' hals do alike (the
scan's numbers from the profile, ``read_buttons``, ``transmit``'s length
check, the error light's red) is hal.board_hal's. ``Hal`` is
``MicroPythonHal`` under the name the platform builds (hal.platform).
"""

from micropython import const

from hal.board_hal import MUX_INPUTS, BoardHal, button_bits, chain_light
from hal.common import ProfileError

_WIDTH = const(128)  # the SSD1306 in pixels; its 8x8 font gives 8 rows of 16 characters
_HEIGHT = const(64)
_ROWS = const(8)
_ADDR = const(0x3C)  # the usual SSD1306 address (0x3D with its SA0 pin high)
_FREQ = const(400000)
_SET_COL_ADDR = const(0x21)  # SSD1306 commands: column range, page range
_SET_PAGE_ADDR = const(0x22)


class MicroPythonHal(BoardHal):
    def __init__(
        self, profile, machine=None, neopixel=None, sleep_us=None, ssd1306=None, fast_scan=True
    ):
        BoardHal.__init__(self, profile)
        if machine is None:
            import machine
        if neopixel is None:
            import neopixel
        if sleep_us is None:
            import time

            sleep_us = time.sleep_us
        self._machine = machine
        self._scan = None  # read_analog's loop in machine code, on an RP2040
        Pin = machine.Pin
        pins = profile.pins
        self._sleep_us = sleep_us

        # 74HC165 chain. The load pin idles high (shift mode); pulled low, every
        # register copies its 8 inputs, and back high the chain shifts out on SCK,
        # the last register's H input first. SPI mode 0 samples MISO on the rising
        # edge that also shifts the chain, before the new bit appears: so the first
        # bit read is the one already waiting on Q7, and none is lost.
        if profile.registers:
            spi = pins["spi"]
            self.latch = self._pin("pins.latch", pins["latch"], Pin.OUT, value=1)
            try:
                self.spi = machine.SPI(
                    spi["id"],
                    baudrate=spi["baudrate"],
                    polarity=0,
                    phase=0,
                    sck=Pin(spi["sck"]),
                    miso=Pin(spi["miso"]),
                )
            except ValueError as e:
                raise ProfileError("pins.spi", "%s (SPI %d)" % (e, spi["id"]))

        # CD74HC4067 multiplexers: four shared select pins, one ADC per mux.
        if self._channels:
            mux = pins["mux"]
            self.select = tuple(
                self._pin("pins.mux.select", p, Pin.OUT, value=0) for p in mux["select"]
            )
            self.adcs = tuple(self._adc(p) for p in mux["adc"][: self._muxes])
            if fast_scan and _on_rp2040():
                # the same scan in machine code: 0.5 ms instead of 2.7 (hal.rp2_scan)
                from hal.rp2_scan import Rp2Scan

                self._scan = Rp2Scan(
                    mux["select"],
                    mux["adc"][: self._muxes],
                    self._channels,
                    self._settle_us,
                    self._samples,
                ).read

        # Buttons to ground with the internal pull-up when active low. Active
        # high buttons need their own pull-down resistor: the RP2350's internal
        # pull-down can latch a pin high (erratum RP2350-E9).
        pull = Pin.PULL_UP if profile.buttons_active_low else None
        self.menu = self._pin("pins.menu", pins["menu"], Pin.IN, pull)
        self.back = self._pin("pins.back", pins["back"], Pin.IN, pull)

        # WS2812B chain: the frame written as is (wire order), see _send.
        self.leds = neopixel.NeoPixel(self._pin("pins.leds", pins["leds"]), profile.led_count)
        if _on_rp2040():
            # the current limit's sum in machine code: 0.39 ms a frame less (hal.rp2_limit)
            from hal import rp2_limit

            self.limiter = rp2_limit

        self._rows = [""] * _ROWS
        self._dirty = 0  # bit per row drawn but not sent yet
        if "i2c" in pins:
            self._start_display(pins["i2c"], ssd1306)

    def _start_display(self, cfg, driver):
        m = self._machine
        try:
            i2c = m.I2C(
                cfg["id"],
                sda=m.Pin(cfg["sda"]),
                scl=m.Pin(cfg["scl"]),
                freq=cfg.get("freq", _FREQ),
            )
        except ValueError as e:
            raise ProfileError("pins.i2c", "%s (I2C %d)" % (e, cfg["id"]))
        addr = cfg.get("addr", _ADDR)
        try:
            # One address asked, not a scan of all 112: on an RP2040 an
            # empty write is bit-banged and waits 50 ms for a clock line
            # that nothing pulls up (display unplugged); a scan waits 5.6 s.
            i2c.writeto(addr, b"")
        except OSError:
            self.display_problem = "no display answers at I2C address 0x%02x" % addr
            return
        try:
            if driver is None:
                import ssd1306 as driver
            d = driver.SSD1306_I2C(_WIDTH, _HEIGHT, i2c, addr)
        except ImportError:
            self.display_problem = "no ssd1306 module (mpremote mip install ssd1306)"
            return
        except OSError as e:
            self.display_problem = "display: %s" % e
            return
        buf = memoryview(d.buffer)
        self._pages = tuple(buf[r * _WIDTH : (r + 1) * _WIDTH] for r in range(_ROWS))
        self.display = d

    def _pin(self, key, n, *args, **kw):
        try:
            return self._machine.Pin(n, *args, **kw)
        except ValueError as e:
            raise ProfileError(key, "pin %d: %s" % (n, e))

    def _adc(self, n):
        try:
            return self._machine.ADC(self._machine.Pin(n))
        except ValueError as e:
            raise ProfileError("pins.mux.adc", "pin %d: %s" % (n, e))

    def read_digital(self, buf):
        """Fill ``buf`` (bytearray(profile.registers)) from the 74HC165 chain:
        bit k of the chain is byte k // 8, mask 0x80 >> (k % 8)."""
        spi = self.spi
        latch = self.latch
        if spi is None or latch is None:
            return  # no shift registers on this board
        latch.value(0)  # load: the registers copy their inputs
        latch.value(1)  # shift mode again
        spi.readinto(buf)

    def read_analog(self, buf):
        """Fill ``buf`` (array("H"), one per analog channel) with readings 0..65535.

        Channel c is input c % 16 of mux c // 16. Each select setting serves all
        muxes at once: set it, wait ``settle_us``, then average ``samples`` reads
        of each mux's ADC (in integers, rounded to nearest: float maths allocates).
        On an RP2040 hal.rp2_scan does the same in machine code.
        """
        if self._scan is not None:
            self._scan(buf)
            return
        n = self._channels
        samples = self._samples
        half = samples >> 1
        settle_us = self._settle_us
        sleep_us = self._sleep_us
        per_mux = MUX_INPUTS
        select = self.select
        adcs = self.adcs
        for s in range(self._inputs):
            v = s
            for pin in select:  # bit 0 on the first select pin
                pin.value(v & 1)
                v >>= 1
            sleep_us(settle_us)
            c = s
            for adc in adcs:
                if c >= n:
                    break
                total = 0
                for _ in range(samples):
                    total += adc.read_u16()
                buf[c] = (total + half) // samples
                c += per_mux

    def read_buttons(self):
        """Bit 0 MENU, bit 1 BACK; 1 = pressed (polarity applied, not debounced)."""
        return button_bits(self.menu.value(), self.back.value(), self._invert)

    def _send(self, buf):
        # The driver (micropython-lib's neopixel) sends its ``buf`` as is:
        # handed ours, it copies nothing (a slice copy would make a slice
        # object on the rp2 port, 16 bytes of heap a frame).
        leds = self.leds
        leds.buf = buf
        leds.write()

    def show_text(self, lines):
        """Draw ``lines`` (at most 8 strings of 16 characters, tabletop.show.status)
        into the display's frame buffer; the rows that changed are sent by
        the next calls of ``refresh_display``."""
        d = self.display
        if d is None:
            return
        rows = self._rows
        for r in range(_ROWS):
            text = lines[r] if r < len(lines) else ""
            if text != rows[r]:
                rows[r] = text
                d.fill_rect(0, 8 * r, _WIDTH, 8, 0)
                d.text(text, 0, 8 * r, 1)
                self._dirty |= 1 << r

    def refresh_display(self):
        """Send the first changed row, if any (one I2C page write)."""
        dirty = self._dirty
        d = self.display
        if not dirty or d is None:
            return
        r = 0
        while not dirty >> r & 1:
            r += 1
        self._dirty = dirty & ~(1 << r)
        try:
            d.write_cmd(_SET_COL_ADDR)
            d.write_cmd(0)
            d.write_cmd(_WIDTH - 1)
            d.write_cmd(_SET_PAGE_ADDR)
            d.write_cmd(r)
            d.write_cmd(r)
            d.write_data(self._pages[r])
        except OSError as e:
            # unplugged, say: the game goes on without it
            self.display = None
            self.display_problem = "display: %s" % e


def _on_rp2040():
    import sys

    return "RP2040" in getattr(sys.implementation, "_machine", "")


Hal = MicroPythonHal  # what hal.platform.Platform.hal builds on this port


def error_light(raw, machine=None, neopixel=None):
    """A way to show an error when no hal can be built (a bad profile): a
    function ``light(on)`` that turns the whole LED chain dim red or off, if
    ``raw`` (the profile as read, maybe invalid) names a usable LED pin and
    count; else the board's own LED (``Pin("LED")``); else None."""
    if machine is None:
        import machine
    try:
        if neopixel is None:
            import neopixel
        strip = neopixel.NeoPixel(machine.Pin(raw["pins"]["leds"]), raw["leds"]["count"])
        return chain_light(strip, strip.write)
    except Exception:
        pass
    try:
        led = machine.Pin("LED", machine.Pin.OUT)

        def board_led(on):
            led.value(1 if on else 0)

        return board_led
    except Exception:
        return None
