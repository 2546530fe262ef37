"""MicroPythonHal on a simulated board (micropython_hal_board): the same tests
under CPython and MicroPython. The tests assert what the firmware above the
hal sees. Under MicroPython one more test checks that the four methods
allocate nothing (``micropython.heap_lock``); CPython skips it.
"""

import unittest
from array import array

from hal.micropython_hal import MicroPythonHal, error_light
from micropython_hal_board import (
    ON_MICROPYTHON,
    PORT_PINS,
    Board,
    Module,
    build,
    chain_bytes,
    fake_modules,
    pacal_pins,
    pacal_profile,
    pyraos_profile,
)
from tabletop.profile import ProfileError
from tabletop.show.pixels import Pixels


class TestShiftRegisters(unittest.TestCase):
    def test_bit_k_lands_in_byte_k_div_8_mask_0x80_shifted_right(self):
        hal, board = build(pacal_profile(registers=3))
        buf = bytearray(3)
        for k in range(24):
            board.set_chain((k,))
            hal.read_digital(buf)
            self.assertEqual(bytes(buf), chain_bytes(3, (k,)), "bit %d" % k)

    def test_a_pattern_reads_back_whole(self):
        hal, board = build(pacal_profile(registers=2))
        ks = (0, 2, 3, 6, 8, 13, 14, 15)
        board.set_chain(ks)
        buf = bytearray(2)
        hal.read_digital(buf)
        self.assertEqual(bytes(buf), bytes([0b10110010, 0b10000111]))

    def test_every_read_latches_the_inputs_anew(self):
        hal, board = build(pacal_profile())
        buf = bytearray(2)
        board.set_chain((1, 9))
        hal.read_digital(buf)
        board.set_chain((4,))
        hal.read_digital(buf)
        self.assertEqual(bytes(buf), chain_bytes(2, (4,)))
        board.set_chain(())
        hal.read_digital(buf)
        self.assertEqual(bytes(buf), bytes(2))
        self.assertEqual(board.loads, 3)

    def test_spi_bus_from_the_profile_and_load_pin_idles_high(self):
        hal, board = build(pacal_profile())
        spi = board.spi
        self.assertEqual((spi.id, spi.sck, spi.miso, spi.baudrate), (0, 18, 16, 1000000))
        self.assertEqual((spi.polarity, spi.phase), (0, 0))
        self.assertEqual(board.level[17], 1)
        self.assertEqual(board.loads, 0)

    def test_a_board_without_shift_registers_has_no_spi(self):
        hal, board = build(pyraos_profile())
        hal.read_digital(bytearray(0))
        self.assertIsNone(board.spi)


class TestAnalog(unittest.TestCase):
    def check_channels(self, profile):
        hal, board = build(profile)
        n = profile.analog_channels
        for c in range(n):
            board.analog[c] = (1000 + 997 * c,)
        buf = array("H", [0] * n)
        hal.read_analog(buf)
        self.assertEqual(list(buf), [1000 + 997 * c for c in range(n)])
        self.assertEqual(board.early_reads, 0)

    def test_channel_c_reads_input_c_mod_16_of_mux_c_div_16(self):
        self.check_channels(pacal_profile(channels=20))
        self.check_channels(pacal_profile(channels=32))
        self.check_channels(pyraos_profile())

    def test_only_the_profile_channels_are_read(self):
        hal, board = build(pacal_profile(channels=20))
        buf = array("H", [0] * 20)
        hal.read_analog(buf)
        self.assertEqual(board.reads[20:], [0] * 12)  # mux 1, inputs 4..15

    def test_select_pins_encode_the_input_bit_0_first(self):
        hal, board = build(pacal_profile(channels=20))
        board.analog[5] = (5555,)  # 0b0101: select pins 10 and 12 high
        board.analog[10] = (1010,)  # 0b1010: select pins 11 and 13 high
        buf = array("H", [0] * 20)
        hal.read_analog(buf)
        self.assertEqual((buf[5], buf[10]), (5555, 1010))

    def test_waits_settle_us_after_switching(self):
        profile = pacal_profile(channels=20, settle_us=50)
        board = Board(profile)
        for c in range(20):
            board.analog[c] = (100 * c,)
        machine, neopixel = fake_modules(board)
        # Without waiting, each read still sees the input selected before.
        hasty = MicroPythonHal(profile, machine, neopixel, sleep_us=lambda us: None)
        buf = array("H", [0] * 20)
        hasty.read_analog(buf)
        self.assertGreater(board.early_reads, 0)
        self.assertNotEqual(list(buf), [100 * c for c in range(20)])
        hal, board = build(profile)
        for c in range(20):
            board.analog[c] = (100 * c,)
        hal.read_analog(buf)
        self.assertEqual(board.early_reads, 0)
        self.assertEqual(list(buf), [100 * c for c in range(20)])

    def test_averages_samples_reads_rounded_to_nearest(self):
        hal, board = build(pacal_profile(channels=20, samples=4))
        board.analog[0] = (100, 101, 101, 101)  # 100.75
        board.analog[1] = (100, 100, 100, 101)  # 100.25
        board.analog[2] = (100, 100, 101, 101)  # 100.5
        board.analog[17] = (0, 65535, 65535, 65535)
        board.analog[19] = (65535,)
        buf = array("H", [0] * 20)
        hal.read_analog(buf)
        self.assertEqual((buf[0], buf[1], buf[2]), (101, 100, 101))
        self.assertEqual((buf[17], buf[19]), (49151, 65535))
        self.assertEqual(board.reads[:20], [4] * 20)

    def test_one_sample_is_read_once(self):
        hal, board = build(pacal_profile(channels=20, samples=1))
        board.analog[3] = (7, 9)
        buf = array("H", [0] * 20)
        hal.read_analog(buf)
        self.assertEqual(buf[3], 7)
        hal.read_analog(buf)
        self.assertEqual(buf[3], 9)
        self.assertEqual(board.reads[:20], [2] * 20)


class TestButtons(unittest.TestCase):
    def test_active_low_buttons_read_1_when_pressed(self):
        hal, board = build(pacal_profile(active_low=True))
        self.assertEqual((board.pull[14], board.pull[15]), (Board.PULL_UP, Board.PULL_UP))
        self.assertEqual(hal.read_buttons(), 0)
        board.press(14)
        self.assertEqual(hal.read_buttons(), 1)
        board.press(15)
        self.assertEqual(hal.read_buttons(), 3)
        board.press(14, False)
        self.assertEqual(hal.read_buttons(), 2)

    def test_active_high_buttons_read_1_when_pressed(self):
        hal, board = build(pacal_profile(active_low=False), buttons_to_ground=False)
        self.assertEqual(hal.read_buttons(), 0)
        board.press(15)
        self.assertEqual(hal.read_buttons(), 2)
        board.press(14)
        self.assertEqual(hal.read_buttons(), 3)


class TestLeds(unittest.TestCase):
    def test_transmit_sends_exactly_the_bytes_given(self):
        profile = pacal_profile()
        hal, board = build(profile)
        px = Pixels(profile.led_count, profile.led_order, profile.brightness, hal.transmit)
        px.set(0, (255, 0, 0))
        px.set(29, (10, 20, 30))
        px.show()
        strip = board.strip
        self.assertEqual((strip.pin, strip.n), (22, 30))
        self.assertEqual(bytes(strip.wire), bytes(px.buf))
        px.clear()
        px.show()
        self.assertEqual(bytes(strip.wire), bytes(90))
        self.assertEqual(strip.frames, 2)

    def test_bytes_go_out_in_the_order_given(self):
        hal, board = build(pacal_profile())
        frame = bytearray(range(90))
        hal.transmit(frame)
        self.assertEqual(bytes(board.strip.wire), bytes(range(90)))

    def test_a_frame_of_the_wrong_size_is_refused(self):
        hal, board = build(pacal_profile())
        with self.assertRaises(ValueError):
            hal.transmit(bytearray(89))
        self.assertEqual(board.strip.frames, 0)


class TestPins(unittest.TestCase):
    def test_a_pin_the_port_lacks_names_the_profile_key(self):
        pins = pacal_pins()
        pins["leds"] = 40
        with self.assertRaises(ProfileError) as cm:
            build(pacal_profile(pins=pins))
        self.assertEqual(cm.exception.key, "pins.leds")
        self.assertIn("40", str(cm.exception))

    def test_an_adc_pin_without_adc_names_the_profile_key(self):
        pins = pacal_pins()
        pins["mux"]["adc"] = [26, 5]
        with self.assertRaises(ProfileError) as cm:
            build(pacal_profile(pins=pins))
        self.assertEqual(cm.exception.key, "pins.mux.adc")


class TestNoAllocation(unittest.TestCase):
    def test_scanning_and_showing_allocate_nothing(self):
        if not ON_MICROPYTHON:
            self.skipTest("needs micropython.heap_lock(): runs under MicroPython only")
        import micropython

        profile = pacal_profile(channels=32, samples=4)
        hal, board = build(profile)
        bits = bytearray(profile.registers)
        levels = array("H", [0] * profile.analog_channels)
        px = Pixels(profile.led_count, profile.led_order, profile.brightness, hal.transmit)
        px.fill((255, 255, 255))
        for _ in range(2):  # warm up, then the checked round
            failed = None
            micropython.heap_lock()
            try:
                try:
                    bytearray(1)
                except MemoryError:
                    pass
                else:
                    failed = "heap_lock does not stop allocation"
                if failed is None:
                    failed = "read_digital"
                    hal.read_digital(bits)
                    failed = "read_analog"
                    hal.read_analog(levels)
                    failed = "read_buttons"
                    hal.read_buttons()
                    failed = "transmit"
                    hal.transmit(px.buf)
                    failed = None
            except MemoryError:
                pass
            finally:
                micropython.heap_unlock()
            self.assertIsNone(failed, "%s allocates" % failed)
        self.assertEqual(bytes(board.strip.wire), bytes(px.buf))


# --- the error light (a profile too bad to build a hal from) ------------------------


class LightPin:
    OUT = 1

    made = []

    def __init__(self, n, mode=-1):
        if n != "LED" and not (type(n) is int and 0 <= n < PORT_PINS):
            raise ValueError("invalid pin")
        self.n = n
        self.level = 0
        LightPin.made.append(self)

    def value(self, v):
        self.level = v


class LightStrip:
    """micropython-lib's NeoPixel as far as fill() and write() go (GRB)."""

    made = []

    def __init__(self, pin, n):
        self.pin = pin.n
        self.buf = bytearray(3 * n)
        self.wire = None
        LightStrip.made.append(self)

    def fill(self, rgb):
        r, g, b = rgb
        for i in range(0, len(self.buf), 3):
            self.buf[i] = g
            self.buf[i + 1] = r
            self.buf[i + 2] = b

    def write(self):
        self.wire = bytes(self.buf)


class TestErrorLight(unittest.TestCase):
    def light(self, raw):
        LightStrip.made = []
        machine = Module(Pin=LightPin)
        return error_light(raw, machine=machine, neopixel=Module(NeoPixel=LightStrip))

    def test_the_whole_chain_blinks_red_when_the_profile_names_it(self):
        light = self.light({"pins": {"leds": 22}, "leds": {"count": 30}})
        light(True)
        strip = LightStrip.made[0]
        self.assertEqual(strip.pin, 22)
        self.assertEqual(strip.wire, bytes([0, 40, 0]) * 30)  # red, in wire order
        light(False)
        self.assertEqual(strip.wire, bytes(90))

    def test_without_a_usable_chain_the_boards_own_led_blinks(self):
        for raw in ({}, {"pins": {"leds": 99}, "leds": {"count": 30}}, {"pins": {"leds": 22}}):
            LightPin.made = []
            light = self.light(raw)
            self.assertEqual(LightStrip.made, [], raw)
            led = LightPin.made[-1]
            self.assertEqual(led.n, "LED")
            light(True)
            self.assertEqual(led.level, 1)
            light(False)
            self.assertEqual(led.level, 0)

    def test_no_light_at_all_is_none(self):
        class NoLedPin(LightPin):
            def __init__(self, n, mode=-1):
                if n == "LED":
                    raise ValueError("unknown pin")
                LightPin.__init__(self, n, mode)

        light = error_light({}, machine=Module(Pin=NoLedPin), neopixel=Module(NeoPixel=LightStrip))
        self.assertIsNone(light)
