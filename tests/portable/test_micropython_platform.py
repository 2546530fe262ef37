"""hal.micropython_platform over a model of the USB serial port, under
CPython and MicroPython: its writer and reader never wait.

The model is the rp2 port's USB CDC as MicroPython drives it: a 256-byte TX
FIFO that the host empties when it reads; ``select.poll`` reports POLLOUT
while the FIFO has room for one byte (a connected host), and a write of more
than the room waits up to 500 ms (MICROPY_HW_USB_CDC_TX_TIMEOUT) before it
takes what fits: the model counts that as a stall. Bytes from the host wait
in an RX buffer; POLLIN while there is one.
"""

import unittest

from hal import micropython_hal
from hal.common import BACK, MENU
from hal.micropython_platform import MicroPythonPlatform

POLLIN = 1
POLLOUT = 4
FIFO = 256


class Port:
    def __init__(self):
        self.room = FIFO
        self.host = bytearray()  # what the host has read
        self.fifo = bytearray()
        self.rx = bytearray()
        self.stalls = 0
        self.writes = 0

    def host_reads(self, n):
        self.host += self.fifo[:n]
        self.fifo = self.fifo[n:]


class Out:
    def __init__(self, port):
        self.port = port

    def write(self, buf):
        port = self.port
        port.writes += 1
        room = FIFO - len(port.fifo)
        if len(buf) > room:
            port.stalls += 1  # on a board: up to 500 ms lost right here
        n = min(room, len(buf))
        port.fifo += bytes(buf[:n])
        return n


class In:
    def __init__(self, port):
        self.port = port

    def readinto(self, buf):
        port = self.port
        if not port.rx:
            port.stalls += 1  # on a board: waits for the host
            return 0
        buf[0] = port.rx[0]
        port.rx = port.rx[1:]
        return 1


class Poll:
    def __init__(self, port):
        self.port = port
        self.masks = []

    def register(self, obj, mask):
        self.masks.append((obj, mask))

    def ipoll(self, timeout):
        port = self.port
        out = []
        for obj, mask in self.masks:
            if mask & POLLOUT and len(port.fifo) < FIFO:
                out.append((obj, POLLOUT))
            if mask & POLLIN and port.rx:
                out.append((obj, POLLIN))
        return iter(out)


class Select:
    POLLIN = POLLIN
    POLLOUT = POLLOUT

    def __init__(self, port):
        self.port = port

    def poll(self):
        return Poll(self.port)


class Time:
    def ticks_ms(self):
        return 0

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        pass


class Pin:
    IN = 0
    PULL_UP = 1
    levels = {}
    made = []

    def __init__(self, n, mode=None, pull=None):
        if n not in Pin.levels:
            raise ValueError("invalid pin")
        self.n = n
        Pin.made.append((n, mode, pull))

    def value(self):
        return Pin.levels[self.n]


class Machine:
    Pin = Pin

    def __init__(self):
        self.wdts = []
        self.resets = 0

    def WDT(self, timeout):
        self.wdts.append(timeout)
        return self

    def reset(self):
        self.resets += 1


def platform(port, machine=None):
    return MicroPythonPlatform(
        "/data", machine or Machine(), Select(port), Time(), Out(port), In(port)
    )


class SerialTest(unittest.TestCase):
    def test_a_host_that_does_not_read_gets_what_fits_and_nothing_waits(self):
        port = Port()
        p = platform(port)
        taken = 0
        for _ in range(10):
            taken += p.write(b"x" * 100)
        self.assertEqual(taken, FIFO)  # the FIFO is full, then every write takes 0
        self.assertEqual(port.stalls, 0)
        writes = port.writes
        self.assertEqual(p.write(b"y" * 50), 0)
        self.assertEqual(port.writes, writes)  # not even tried

    def test_a_slow_host_gets_every_byte_in_order(self):
        port = Port()
        p = platform(port)
        data = bytes(range(256)) * 4
        sent = 0
        while sent < len(data):
            sent += p.write(data[sent : sent + 200])
            port.host_reads(37)
        port.host_reads(FIFO)
        self.assertEqual(bytes(port.host), data)
        self.assertEqual(port.stalls, 0)

    def test_read_takes_what_is_there_and_never_waits(self):
        port = Port()
        p = platform(port)
        self.assertEqual(p.read(), b"")
        port.rx += bytes(range(100))
        self.assertEqual(p.read(), bytes(range(64)))
        self.assertEqual(p.read(), bytes(range(64, 100)))
        self.assertEqual(p.read(), b"")
        self.assertEqual(port.stalls, 0)


class BootTest(unittest.TestCase):
    def test_buttons_at_boot_from_the_raw_profile_pins(self):
        Pin.levels = {14: 1, 15: 0}  # active low: BACK pressed
        Pin.made = []
        p = platform(Port())
        raw = {"pins": {"menu": 14, "back": 15}, "buttons": {"active_low": True}}
        self.assertEqual(p.boot_buttons(raw), BACK)
        self.assertEqual(Pin.made, [(14, Pin.IN, Pin.PULL_UP), (15, Pin.IN, Pin.PULL_UP)])
        raw["buttons"]["active_low"] = False
        self.assertEqual(p.boot_buttons(raw), MENU)

    def test_buttons_at_boot_are_none_without_usable_pins(self):
        Pin.levels = {14: 0, 15: 0}
        p = platform(Port())
        self.assertEqual(p.boot_buttons(None), 0)
        self.assertEqual(p.boot_buttons({"pins": {}}), 0)
        self.assertEqual(p.boot_buttons({"pins": {"menu": 14, "back": 99}}), 0)

    def test_watchdog_and_reset_are_the_machines(self):
        machine = Machine()
        p = platform(Port(), machine)
        self.assertIs(p.wdt(5000), machine)  # what machine.WDT(timeout=5000) gave
        self.assertEqual(machine.wdts, [5000])
        p.reset()
        self.assertEqual(machine.resets, 1)

    def test_the_hal_is_the_micropython_hal(self):
        # (hal(profile) and error_light(raw) are hal.platform's, over this module)
        self.assertIs(platform(Port())._hal_module(), micropython_hal)
