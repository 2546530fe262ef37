"""The device of the portable tests: tabletop.device.Device over a small
platform (a real file store in a folder, an empty board of the profile's
game that reads its ideal levels, a serial link in memory). No tests here.

    p = Platform(root, profile_json("pacal"))   # root: a folder for the file store
    dev = Device(p); dev.boot(); dev.step()
    p.inbox += b'{"cmd": "hello"}\n'            # what the host sends
    p.lines()                                   # what the board said, as objects
    remove_tree(root)
"""

import json
import os
from array import array

from hal.files import Files


class Restart(BaseException):
    """The chip restarts: a reset, or the watchdog."""


class Dog:
    def __init__(self, platform, ms):
        self.platform = platform
        self.ms = ms
        self.feeds = 0
        self.feed()

    def feed(self):
        self.deadline = self.platform.t + self.ms
        self.feeds += 1


class StillHal:
    """An empty board of any game, nothing moving: each analog sensor reads
    what the profile says it reads with nothing on it (a Pyraos sensor its
    base, a Pacal field its level for no card), every shift-register bit 0
    (no card read, no slot filled). ``fail`` is raised by the next
    read_analog; ``buttons`` are the bits held."""

    def __init__(self, prof):
        self.levels = array("H", bytes(2 * max(1, prof.analog_channels)))
        for i in range(len(prof.sensor_channels)):  # (once: reading allocates nothing)
            self.levels[prof.sensor_channels[i]] = prof.sensor_base[i]
        for i in range(len(prof.field_channels)):
            self.levels[prof.field_channels[i]] = prof.field_levels[i][0]
        self.frames = []
        self.fail = None
        self.buttons = 0  # bits held (bit 0 MENU, bit 1 BACK)

    def read_digital(self, buf):
        pass

    def read_analog(self, buf):
        if self.fail is not None:
            fail = self.fail
            self.fail = None
            raise fail
        levels = self.levels
        for i in range(len(buf)):
            buf[i] = levels[i]

    def read_buttons(self):
        return self.buttons

    def transmit(self, buf):
        self.frames.append(bytes(buf))


class Platform:
    def __init__(self, root, raw, held=0):
        self.t = 1000
        self.raw = raw
        self.held = held
        self.fs = Files(root)
        self.dog = None
        self.hal_made = None
        self.out = bytearray()
        self.inbox = bytearray()

    def ticks_ms(self):
        return self.t

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.t += ms
        if self.dog is not None and self.t > self.dog.deadline:
            raise Restart("watchdog")

    def profile(self):
        return self.raw

    def boot_buttons(self, raw):
        return self.held

    def hal(self, prof):
        self.hal_made = StillHal(prof)
        return self.hal_made

    def error_light(self, raw):
        return None

    def store(self):
        return self.fs

    def wdt(self, ms):
        self.dog = Dog(self, ms)
        return self.dog

    def reset(self):
        raise Restart("reset")

    def write(self, buf):
        self.out += bytes(buf)
        return len(buf)

    def read(self):
        if not self.inbox:
            return b""
        data = bytes(self.inbox)
        self.inbox = bytearray()
        return data

    def describe(self, exc):
        return repr(exc)

    def lines(self):
        return [json.loads(x) for x in bytes(self.out).decode().splitlines()]


_count = [0]
# (the process: CPython may run test files side by side in one folder)
_PID = os.getpid() if hasattr(os, "getpid") else 0


def new_root(test):
    """A folder name for ``test``'s file store, not used before."""
    _count[0] += 1
    return "_device_test_%d_%d_%d" % (_PID, id(test) & 0xFFFF, _count[0])


def remove_tree(path):
    try:
        names = os.listdir(path)
    except OSError:
        return  # never made
    for name in names:
        os.remove(path + "/" + name)
    os.rmdir(path)
