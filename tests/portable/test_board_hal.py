"""hal.board_hal, what the MicroPython and the CircuitPython hal share: the
numbers from the profile, transmit's frame check before a port's ``_send``,
the button bits, and the error light's chain. Under CPython and MicroPython."""

import unittest

from board_support import profile
from hal.board_hal import ERROR_RGB, MUX_INPUTS, BoardHal, button_bits, chain_light
from hal.common import BACK, MENU


class Port(BoardHal):
    """A port's hal as far as BoardHal needs one: frames are kept as sent."""

    def __init__(self, prof):
        BoardHal.__init__(self, prof)
        self.sent = []

    def _send(self, buf):
        self.sent.append(bytes(buf))


def with_channels(name, n):
    prof = profile(name)
    prof.analog_channels = n
    return prof


class NumbersTest(unittest.TestCase):
    def test_channels_muxes_and_select_settings(self):
        # (channels, select settings in use, muxes)
        for n, inputs, muxes in ((0, 0, 0), (7, 7, 1), (16, 16, 1), (20, 16, 2), (25, 16, 2)):
            hal = Port(with_channels("pacal", n))
            self.assertEqual((hal._channels, hal._inputs, hal._muxes), (n, inputs, muxes), n)
        self.assertEqual(MUX_INPUTS, 16)

    def test_the_profile_numbers_and_nothing_built_yet(self):
        prof = profile("pyraos")
        hal = Port(prof)
        self.assertEqual((hal._settle_us, hal._samples), (prof.settle_us, prof.samples))
        self.assertEqual(hal._led_bytes, 3 * prof.led_count)
        self.assertEqual(hal._invert, 1 if prof.buttons_active_low else 0)
        self.assertEqual((hal.spi, hal.latch, hal.select, hal.adcs), (None, None, (), ()))
        self.assertEqual((hal.display, hal.display_problem), (None, None))


class ButtonBitsTest(unittest.TestCase):
    def test_active_low_pressed_reads_0(self):
        self.assertEqual(button_bits(1, 1, 1), 0)
        self.assertEqual(button_bits(1, 0, 1), BACK)
        self.assertEqual(button_bits(0, 0, 1), MENU | BACK)

    def test_active_high_pressed_reads_1(self):
        self.assertEqual(button_bits(0, 0, 0), 0)
        self.assertEqual(button_bits(1, 0, 0), MENU)

    def test_levels_as_bools(self):
        # (CircuitPython's DigitalInOut.value)
        self.assertEqual(button_bits(True, False, 1), BACK)
        self.assertEqual(button_bits(True, False, 0), MENU)


class TransmitTest(unittest.TestCase):
    def test_a_whole_frame_goes_to_the_port(self):
        prof = profile("pacal")
        hal = Port(prof)
        frame = bytearray(range(3 * prof.led_count))
        hal.transmit(frame)
        self.assertEqual(hal.sent, [bytes(frame)])

    def test_a_frame_of_the_wrong_size_is_refused(self):
        prof = profile("pacal")
        hal = Port(prof)
        with self.assertRaises(ValueError) as cm:
            hal.transmit(bytearray(3 * prof.led_count - 1))
        n = prof.led_count
        self.assertEqual(str(cm.exception), "transmit: %d bytes for %d LEDs" % (3 * n - 1, n))
        self.assertEqual(hal.sent, [])

    def test_a_port_sends(self):
        prof = profile("pacal")
        hal = BoardHal(prof)
        self.assertRaises(NotImplementedError, hal.transmit, bytearray(3 * prof.led_count))


class Strip:
    def __init__(self):
        self.filled = None
        self.sends = []

    def fill(self, rgb):
        self.filled = rgb

    def write(self):
        self.sends.append(self.filled)


class ChainLightTest(unittest.TestCase):
    def test_dim_red_then_off_each_sent(self):
        strip = Strip()
        light = chain_light(strip, strip.write)
        light(True)
        light(False)
        self.assertEqual(strip.sends, [ERROR_RGB, (0, 0, 0)])
        self.assertEqual(ERROR_RGB, (40, 0, 0))
