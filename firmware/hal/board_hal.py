"""What the MicroPython and the CircuitPython hal do alike, whatever the port.

    class MicroPythonHal(BoardHal):
        def __init__(self, profile, ...):
            BoardHal.__init__(self, profile)   # the profile's numbers, nothing built
            self.select = ...                  # then this port's pins and buses
        def _send(self, buf): ...              # transmit(buf)'s frame, checked, to the LEDs
        def read_buttons(self):
            return button_bits(self.menu.value(), self.back.value(), self._invert)

    light = chain_light(strip, strip.write)    # error_light's dim red chain

``BoardHal`` keeps the numbers the profile gives the hardware (channels,
select settings and muxes in use, settle time, samples, button polarity,
frame size), starts ``spi``, ``latch``, ``select``, ``adcs``, ``display``
and ``limiter`` at "none", and offers ``transmit(buf)``: the frame's length checked, then
the port's ``_send``. ``button_bits`` is read_buttons' polarity and bits,
``chain_light`` the error light's whole chain in ERROR_RGB.

A port's hal builds its pins and buses and has its own ``read_digital``,
``read_analog`` and ``read_buttons``: they touch pins in the port's own way
(``pin.value(v)``, ``pin.value()``, ``adc.read_u16()`` against
``pin.value = v``, ``pin.value``, ``adc.value``), and the scan's loops,
which run every tick, would pay a Python call for each pin written or ADC
read if a shared loop left that to the port.
"""

from micropython import const

from hal.common import BACK, MENU

MUX_INPUTS = const(16)  # CD74HC4067: 16 inputs, chosen by 4 select pins
ERROR_RGB = (40, 0, 0)  # error_light's red: dim, a chain at full red could overload USB power
_OFF = (0, 0, 0)


class BoardHal:
    def __init__(self, profile):
        # CD74HC4067 multiplexers: channel c is input c % 16 of mux c // 16.
        n = profile.analog_channels
        self._channels = n
        self._inputs = min(n, MUX_INPUTS)  # select settings in use
        self._muxes = (n + MUX_INPUTS - 1) // MUX_INPUTS  # ADC pins in use
        self._settle_us = profile.settle_us
        self._samples = profile.samples
        self._invert = 1 if profile.buttons_active_low else 0
        self._led_bytes = 3 * profile.led_count
        self.spi = None  # the port's hal builds what the board has
        self.latch = None
        self.select = ()
        self.adcs = ()
        self.display = None  # no status display (a port's hal may start one)
        self.display_problem = None
        self.limiter = None  # the current limit's loops in machine code (hal.rp2_limit), if any

    def transmit(self, buf):
        """Send ``buf`` (3 bytes per LED, wire order, brightness applied) as is."""
        if len(buf) != self._led_bytes:
            raise ValueError("transmit: %d bytes for %d LEDs" % (len(buf), self._led_bytes // 3))
        self._send(buf)

    def _send(self, buf):
        """Write a frame of the right length to the LED chain."""
        raise NotImplementedError


def button_bits(menu, back, invert):
    """read_buttons' answer from the levels of the two button pins (0 and 1,
    or False and True) and ``invert`` (1 for buttons active low)."""
    return (MENU if menu ^ invert else 0) | (BACK if back ^ invert else 0)


def chain_light(strip, send):
    """``light(on)`` for error_light: ``strip.fill`` the whole chain with
    ERROR_RGB or off, then ``send()`` it."""

    def light(on):
        strip.fill(ERROR_RGB if on else _OFF)
        send()

    return light
