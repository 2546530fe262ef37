"""The virtual device behind a pseudo terminal: host tools talk to it over a
serial port as they would to a board (``python -m sim device --pty``).

    dev = PtyDevice("pyraos", seed=3, speed=1.0)
    print(dev.path)                 # the port, e.g. /dev/pts/5, for pyserial
    dev.power_on(); dev.start_game()
    dev.play(state, events)         # the scripted hand plays, in real time
    dev.idle(seconds)               # the board runs on, serving the port

The firmware is the same portable tabletop.device as on a board, over the
virtual board (sim.device.virtual_device), on CPython. Every time the firmware's
loop sleeps, real time passes too (``speed`` times faster) and the bytes
between the port and the device's serial link are passed on: what the host
writes reaches the firmware's ``platform.read()``, what the firmware writes
comes out at the host. Only the protocol (docs/PROTOCOL.md) is spoken: the
MicroPython REPL (for mpremote) is not modelled here.
"""

from __future__ import annotations

import os
import select
import time
import tty
from typing import Any

from sim.device.virtual_device import VirtualDevice

PENDING_MAX = 4096  # bytes waiting for the port before the link stops taking more


class PtyDevice(VirtualDevice):
    def __init__(self, game: str = "pyraos", seed: int = 0, speed: float = 1.0, **kw: Any) -> None:
        super().__init__(game, seed, **kw)
        if speed <= 0:
            raise ValueError("speed is more than 0")
        self.speed = speed
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # bytes as they are: no echo, no line editing
        self.path = os.ttyname(self.slave)
        os.set_blocking(self.master, False)
        self._sent = 0  # bytes of the link's output passed to the port so far
        self._real = time.monotonic()
        self._virtual = 0

    def sleep(self, ms: int) -> None:
        super().sleep(ms)
        self._pace()
        self._pump()

    def _pace(self) -> None:
        # Real time catches up with virtual time (scaled by speed).
        ahead = (self.clock - self._virtual) / 1000 / self.speed - (time.monotonic() - self._real)
        if ahead > 0:
            time.sleep(ahead)
        if ahead < -1.0:  # far behind (a slow host): do not rush to catch up
            self._real = time.monotonic()
            self._virtual = self.clock

    def _pump(self) -> None:
        master = self.master
        while select.select([master], [], [], 0)[0]:
            try:
                data = os.read(master, 4096)
            except OSError:
                break
            if not data:
                break
            self.link.send(data)
        out = self.link.received
        while self._sent < len(out):
            try:
                self._sent += os.write(master, bytes(out[self._sent : self._sent + 4096]))
            except (BlockingIOError, OSError):
                break
        del out[: self._sent]
        self._sent = 0
        # A port nobody reads fills up: then the link takes nothing, as a USB
        # port whose host does not read (the firmware's outbox drops, counts).
        self.link.reading = len(out) < PENDING_MAX

    def idle(self, seconds: float) -> None:
        """The board runs on for ``seconds`` of real time (at ``speed``)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.advance(self.tick_ms)

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)
