"""The parts a virtual device (sim.device.virtual_device) is made of: the hal with
faults injected on request, a watchdog that resets the chip when starved,
and the serial link to the host (a host that may stop reading).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Literal

from sim.hardware.physics import DiaboloPhysics, PacalPhysics, PyraosPhysics
from sim.hardware.virtual_hal import VirtualHal

HANG_LIMIT_MS = 120_000  # a hang without a watchdog ends the test after this long


class WatchdogReset(BaseException):
    """The watchdog was not fed in time: the chip resets."""


class HardReset(BaseException):
    """``platform.reset()``: the chip resets."""


class HungForever(BaseException):
    """A hang that no watchdog ended (a test's mistake, not a board's state)."""


Fault = BaseException | Literal["hang"]


class FaultHal(VirtualHal):
    """The virtual hal with faults to inject: the next call of a hal method
    raises the given exception, or hangs (virtual time runs, nothing returns)."""

    def __init__(
        self, physics: PyraosPhysics | PacalPhysics | DiaboloPhysics, profile: Any, seed: int
    ) -> None:
        super().__init__(physics, profile, seed, record=False)
        self.faults: dict[str, list[Fault]] = {}
        self.sleep: Callable[[int], None] | None = None  # the board's virtual sleep

    def inject(self, method: str, fault: Fault, times: int = 1) -> None:
        if method not in ("read_digital", "read_analog", "read_buttons", "transmit"):
            raise ValueError(f"no hal method {method!r}")
        self.faults.setdefault(method, []).extend([fault] * times)

    def _fault(self, method: str) -> None:
        pending = self.faults.get(method)
        if not pending:
            return
        fault = pending.pop(0)
        if fault != "hang":
            raise fault
        waited = 0
        while waited < HANG_LIMIT_MS:
            assert self.sleep is not None
            self.sleep(10)
            waited += 10
        raise HungForever(f"{method} hung {HANG_LIMIT_MS} ms and no watchdog reset the board")

    def read_digital(self, buf: bytearray) -> None:
        self._fault("read_digital")
        super().read_digital(buf)

    def read_analog(self, buf: Any) -> None:
        self._fault("read_analog")
        super().read_analog(buf)

    def read_buttons(self) -> int:
        self._fault("read_buttons")
        return super().read_buttons()

    def transmit(self, buf: bytearray) -> None:
        self._fault("transmit")
        super().transmit(buf)


class VirtualWatchdog:
    def __init__(self, clock: Callable[[], int], timeout_ms: int) -> None:
        self.clock = clock
        self.timeout_ms = timeout_ms
        self.deadline = clock() + timeout_ms
        self.feeds = 0

    def feed(self) -> None:
        self.deadline = self.clock() + self.timeout_ms
        self.feeds += 1


class VirtualLink:
    """The USB serial link, seen from both ends. ``reading``: whether the host
    reads (when not, a write takes nothing); ``chunk``: bytes a write takes at
    most; ``fail``: raised by the next write (then cleared)."""

    def __init__(self, clock: Callable[[], int]) -> None:
        self.clock = clock
        self.reading = True
        self.chunk = 64
        self.fail: BaseException | None = None
        self.received = bytearray()
        self.arrivals: list[tuple[int, str]] = []  # (ms, line) as complete lines arrived
        self.writes = 0
        self._partial = bytearray()
        self._to_device = bytearray()

    # the device's end
    def write(self, buf: bytes | bytearray | memoryview) -> int:
        self.writes += 1
        if self.fail is not None:
            fail, self.fail = self.fail, None
            raise fail
        if not self.reading:
            return 0
        data = bytes(buf[: self.chunk])
        self.received += data
        self._partial += data
        while b"\n" in self._partial:
            line, _, rest = bytes(self._partial).partition(b"\n")
            self.arrivals.append((self.clock(), line.decode()))
            self._partial = bytearray(rest)
        return len(data)

    def read(self) -> bytes:
        data = bytes(self._to_device[:64])
        del self._to_device[:64]
        return data

    # the host's end
    def send(self, data: str | bytes) -> None:
        """The host writes ``data`` (a str gets a newline if it has none)."""
        if isinstance(data, str):
            data = (data if data.endswith("\n") else data + "\n").encode()
        self._to_device += data

    def unread(self) -> int:
        """Bytes the host sent that the device has not read yet."""
        return len(self._to_device)

    def lines(self) -> list[str]:
        return [line for _, line in self.arrivals]

    def events(self) -> list[dict[str, Any]]:
        """The complete lines received, parsed (every one must be JSON)."""
        out: list[dict[str, Any]] = []
        for line in self.lines():
            obj = json.loads(line)
            assert isinstance(obj, dict), line
            out.append(obj)
        return out
