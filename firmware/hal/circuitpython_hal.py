"""The hal on CircuitPython: a board profile's pins through ``board``, ``busio``,
``digitalio``, ``analogio`` and Adafruit's ``neopixel`` library.

    from hal.circuitpython_hal import CircuitPythonHal
    hal = CircuitPythonHal(profile)        # a validated tabletop.profile.Profile
    hal.read_digital(bits)                 # bits = bytearray(profile.registers)
    hal.read_analog(levels)                # levels = array("H", [0] * profile.analog_channels)
    hal.read_buttons()                     # bit 0 MENU, bit 1 BACK; 1 = pressed
    hal.transmit(pixels.buf)               # Pixels(..., transmit=hal.transmit)

The same four methods, conventions and attributes as hal.micropython_hal
(docs/FIRMWARE.md, "The hal"). Pins in the profile are GPIO numbers, found on
the board as ``board.GP<n>`` (the Raspberry Pi Pico's names); pass
``pin_name`` (number -> name) for a board named otherwise. A pin the board
lacks, or that cannot do its job, raises ProfileError naming the profile key.
The CircuitPython modules (``board``, ``busio``, ``digitalio``, ``analogio``,
``neopixel``, and ``microcontroller`` for its ``delay_us``) are parameters too,
imported when not given and never when this module is imported.

    blink = error_light(raw_profile)       # when the profile itself is bad
    if blink: blink(True); blink(False)    # the LED chain red/off, else board.LED

What both ports' hals do alike (the scan's numbers from the profile,
``read_buttons``, ``transmit``'s length check, the error light's red) is
hal.board_hal's. ``Hal`` is ``CircuitPythonHal`` under the name the platform
builds (hal.platform). No status display yet: ``display`` is None.
"""

from hal.board_hal import MUX_INPUTS, BoardHal, button_bits, chain_light
from hal.common import ProfileError, module


def gp_name(n):
    """The board name of GPIO n on RP2040/RP2350 boards: ``GP<n>``."""
    return "GP%d" % n


class CircuitPythonHal(BoardHal):
    def __init__(
        self,
        profile,
        board=None,
        busio=None,
        digitalio=None,
        analogio=None,
        neopixel=None,
        microcontroller=None,
        pin_name=gp_name,
    ):
        BoardHal.__init__(self, profile)
        # CircuitPython's own modules, through module(): the firmware type check
        # knows only MicroPython's (whose neopixel is another driver).
        board = board or module("board")
        busio = busio or module("busio")
        digitalio = digitalio or module("digitalio")
        analogio = analogio or module("analogio")
        neopixel = neopixel or module("neopixel")
        microcontroller = microcontroller or module("microcontroller")
        self._board = board
        self._pin_name = pin_name
        self._digitalio = digitalio
        pins = profile.pins

        # 74HC165 chain, as in hal.micropython_hal: load pin idles high, pulsed
        # low to copy the inputs, then read in SPI mode 0 (the first bit already
        # waits on Q7 and is sampled on the edge that shifts the next one in).
        self._baudrate = 0
        if profile.registers:
            spi = pins["spi"]
            self.latch = self._output("pins.latch", pins["latch"], True)
            sck = self._pin("pins.spi.sck", spi["sck"])
            miso = self._pin("pins.spi.miso", spi["miso"])
            try:
                self.spi = busio.SPI(sck, MISO=miso)
            except ValueError as e:
                raise ProfileError("pins.spi", "sck %d, miso %d: %s" % (spi["sck"], spi["miso"], e))
            self._baudrate = spi["baudrate"]

        # CD74HC4067 multiplexers: four shared select pins, one ADC per mux.
        if self._channels:
            mux = pins["mux"]
            self.select = tuple(self._output("pins.mux.select", p, False) for p in mux["select"])
            self.adcs = tuple(
                self._claim("pins.mux.adc", p, analogio.AnalogIn) for p in mux["adc"][: self._muxes]
            )
        self._delay_us = microcontroller.delay_us  # a busy wait, for microseconds

        # Buttons to ground with the internal pull-up when active low; active
        # high buttons bring their own pull-down (the RP2350's internal one can
        # latch a pin high, erratum RP2350-E9).
        pull = digitalio.Pull.UP if profile.buttons_active_low else None
        self.menu = self._input("pins.menu", pins["menu"], pull)
        self.back = self._input("pins.back", pins["back"], pull)

        # WS2812B chain through Adafruit's library. Our bytes are already in wire
        # order and scaled, so they go straight to its _transmit() hook, the one
        # that show() calls with the library's own buffer: a native PixelBuf (on
        # CircuitPython boards) exposes no buffer to write into, and this way
        # neither its colour order nor its brightness (kept at 1.0) touches them.
        self.leds = neopixel.NeoPixel(
            self._pin("pins.leds", pins["leds"]),
            profile.led_count,
            brightness=1.0,
            auto_write=False,
            pixel_order=profile.led_order,
        )

    def _pin(self, key, n):
        name = self._pin_name(n)
        pin = getattr(self._board, name, None)
        if pin is None:
            raise ProfileError(key, "pin %d: this board has no board.%s" % (n, name))
        return pin

    def _claim(self, key, n, make):
        # make(pin); a pin already in use or unable to do it raises ValueError.
        pin = self._pin(key, n)
        try:
            return make(pin)
        except ValueError as e:
            raise ProfileError(key, "pin %d (board.%s): %s" % (n, self._pin_name(n), e))

    def _output(self, key, n, value):
        io = self._claim(key, n, self._digitalio.DigitalInOut)
        io.switch_to_output(value=value)
        return io

    def _input(self, key, n, pull):
        io = self._claim(key, n, self._digitalio.DigitalInOut)
        io.switch_to_input(pull=pull)
        return io

    def read_digital(self, buf):
        """Fill ``buf`` (bytearray(profile.registers)) from the 74HC165 chain:
        bit k of the chain is byte k // 8, mask 0x80 >> (k % 8)."""
        spi = self.spi
        latch = self.latch
        if spi is None or latch is None:
            return  # no shift registers on this board
        latch.value = False  # load: the registers copy their inputs
        latch.value = True  # shift mode again
        while not spi.try_lock():
            pass
        try:
            spi.configure(baudrate=self._baudrate, polarity=0, phase=0)
            spi.readinto(buf)
        finally:
            spi.unlock()

    def read_analog(self, buf):
        """Fill ``buf`` (array("H"), one per analog channel) with readings 0..65535:
        channel c is input c % 16 of mux c // 16; after each switch wait
        ``settle_us``, then average ``samples`` reads (rounded to nearest)."""
        n = self._channels
        samples = self._samples
        half = samples >> 1
        settle_us = self._settle_us
        delay_us = self._delay_us
        per_mux = MUX_INPUTS
        select = self.select
        adcs = self.adcs
        for s in range(self._inputs):
            v = s
            for pin in select:  # bit 0 on the first select pin
                pin.value = v & 1
                v >>= 1
            delay_us(settle_us)
            c = s
            for adc in adcs:
                if c >= n:
                    break
                total = 0
                for _ in range(samples):
                    total += adc.value
                buf[c] = (total + half) // samples
                c += per_mux

    def read_buttons(self):
        """Bit 0 MENU, bit 1 BACK; 1 = pressed (polarity applied, not debounced)."""
        return button_bits(self.menu.value, self.back.value, self._invert)

    def _send(self, buf):
        self.leds._transmit(buf)


Hal = CircuitPythonHal  # what hal.platform.Platform.hal builds on this port


def error_light(raw, board=None, neopixel=None, digitalio=None, pin_name=gp_name):
    """A way to show an error when no hal can be built (a bad profile): a
    function ``light(on)`` that turns the whole LED chain dim red or off, if
    ``raw`` (the profile as read, maybe invalid) names a usable LED pin and
    count; else the board's own LED (``board.LED``); else None."""
    if board is None:
        board = module("board")
    try:
        if neopixel is None:
            neopixel = module("neopixel")
        pin = getattr(board, pin_name(raw["pins"]["leds"]))
        strip = neopixel.NeoPixel(pin, raw["leds"]["count"], brightness=1.0, auto_write=False)
        return chain_light(strip, strip.show)
    except Exception:
        pass
    try:
        if digitalio is None:
            digitalio = module("digitalio")
        led = digitalio.DigitalInOut(board.LED)
        led.switch_to_output(value=False)

        def board_led(on):
            led.value = bool(on)

        return board_led
    except Exception:
        return None
