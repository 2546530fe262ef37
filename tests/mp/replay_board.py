"""Replay a recorded sensor stream into the firmware (portable: runs under
the MicroPython WebAssembly build) and print what the firmware did.

    replay_board.py PROFILE.json GAME VARIANT LOG.json

LOG.json is sim.hardware.sensor_log.SensorLog.to_json(): per tick the raw readings
the virtual board gave. The runtime ticks once per logged tick, at the logged
time, exactly as the device loop does. Prints one JSON object per LED frame
that differs from the one before ({"t", "frame"}), each new status text
({"t", "status": [...]}) and then {"journal": [...]}.
"""

import json
import sys
from binascii import unhexlify

from tabletop.profile import load
from tabletop.runtime import Runtime


class ReplayHal:
    def __init__(self, ticks):
        self.ticks = ticks
        self.i = -1
        self.d = 0
        self.a = 0
        self.b = 0
        self.last = b""
        self.now_ms = 0

    def next_tick(self):
        self.i += 1
        tick = self.ticks[self.i]
        self.now_ms = tick["t"]
        self.d = self.a = self.b = 0
        return self.now_ms

    def read_digital(self, buf):
        data = unhexlify(self.ticks[self.i]["d"][self.d])
        self.d += 1
        for j in range(len(data)):
            buf[j] = data[j]

    def read_analog(self, buf):
        data = unhexlify(self.ticks[self.i]["a"][self.a])
        self.a += 1
        for j in range(len(data) // 2):
            buf[j] = data[2 * j] | data[2 * j + 1] << 8

    def read_buttons(self):
        v = self.ticks[self.i]["b"][self.b]
        self.b += 1
        return v

    def transmit(self, buf):
        frame = bytes(buf)
        if frame != self.last:
            self.last = frame
            print(json.dumps({"t": self.now_ms, "frame": frame.hex()}))


def main(profile_path, game, variant, log_path):
    with open(profile_path) as f:
        profile = load(json.load(f))
    with open(log_path) as f:
        log = json.load(f)
    hal = ReplayHal(log["ticks"])

    def status(lines):
        print(json.dumps({"t": hal.now_ms, "status": lines}))

    rt = Runtime(profile, hal, (game, variant), status=status)
    for _ in range(len(log["ticks"])):
        rt.tick(hal.next_tick())
    print(json.dumps({"journal": rt.journal.lines()}))


main(*sys.argv[1:5])
