"""Runs on the emulated Pico (tests/bench/pico.py sends it over the raw REPL):
the cost of the firmware's stages one at a time, in emulated time.

    stages(profile_path, repeats)

Prints one JSON object: ``scan_us`` (the hal's read_digital, read_analog and
read_buttons: the board's whole sensor scan, through the real peripherals),
``frame_us`` (one LED frame to the chain: pixels.show through the neopixel
driver's bit stream) and ``journal_us`` (one event appended to the game on
flash: GameStore.add over hal.files, what a move's journal write costs), each
a list of ``repeats`` readings of time.ticks_us.
"""

import json
import time
from array import array

from hal.files import Files
from hal.micropython_hal import MicroPythonHal
from tabletop.keep.store import GameStore
from tabletop.profile import load
from tabletop.show.pixels import Pixels


def stages(profile_path, repeats):
    with open(profile_path) as f:
        profile = load(json.load(f))
    hal = MicroPythonHal(profile)
    digital = bytearray(profile.registers)
    analog = array("H", bytes(2 * profile.analog_channels))
    pixels = Pixels(profile.led_count, profile.led_order, profile.brightness, hal.transmit)
    games = GameStore(Files("/data"))
    games.load()
    games.start('{"format": 1, "game": "pyraos", "variant": "standard"}')
    line = '{"p": 0, "place": "b2"}'
    out = {"scan_us": [], "frame_us": [], "journal_us": []}
    ticks_us = time.ticks_us
    diff = time.ticks_diff
    for i in range(repeats):
        t0 = ticks_us()
        if digital:
            hal.read_digital(digital)
        hal.read_analog(analog)
        hal.read_buttons()
        t1 = ticks_us()
        pixels.set(i % profile.led_count, (255, 128, 0))
        pixels.show()
        t2 = ticks_us()
        games.add(line)
        t3 = ticks_us()
        out["scan_us"].append(diff(t1, t0))
        out["frame_us"].append(diff(t2, t1))
        out["journal_us"].append(diff(t3, t2))
    print(json.dumps(out))
