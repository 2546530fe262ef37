"""The device's platform on MicroPython (tabletop.device's ``platform``).

    from hal.micropython_platform import MicroPythonPlatform
    Device(MicroPythonPlatform()).run()    # firmware/main.py

Time from ``time``; the watchdog is ``machine.WDT`` and the reset
``machine.reset()``; BACK and MENU are read at boot from the pins the raw
profile names; the hal is hal.micropython_hal's, imported only when asked for
(safe and maintenance mode never load it). The profile file, the store
(``Files("/data")``) and the hal's construction are hal.platform's.

The serial link is the REPL's USB CDC port (``sys.stdout`` / ``sys.stdin``),
and neither direction may block. A write to a connected port whose host does
not read waits up to 500 ms for room (rp2: ``MICROPY_HW_USB_CDC_TX_TIMEOUT``),
and ``select.poll`` with ``POLLOUT`` only says there is room for one byte.
So ``write`` sends one byte per positive poll, from a one-byte buffer
allocated here: a byte never waits. Reading likewise takes one byte per
``POLLIN``. ``ipoll`` (not ``poll``) allocates no result list. The modules
and the two streams are parameters (tests pass a model of the USB port),
imported when not given.
"""

from micropython import const

from hal.common import BACK, MENU, module
from hal.platform import MAX_READ, Platform

_MAX_WRITE = const(256)  # bytes per write() call at most


def _ready(poller):
    for _ in poller.ipoll(0):
        return True
    return False


class MicroPythonPlatform(Platform):
    def __init__(self, root="/data", machine=None, select=None, time=None, stdout=None, stdin=None):
        Platform.__init__(self, root)
        if machine is None:
            import machine
        if select is None:
            import select
        if time is None:
            import time
        if stdout is None or stdin is None:
            sys = module("sys")  # through module(): the stubs type sys.stdout as text only
            stdout = stdout or sys.stdout
            stdin = stdin or sys.stdin
        self._machine = machine
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.sleep_ms = time.sleep_ms
        self._out = getattr(stdout, "buffer", stdout)
        self._in = getattr(stdin, "buffer", stdin)
        self._writable = select.poll()
        self._writable.register(stdout, select.POLLOUT)
        self._readable = select.poll()
        self._readable.register(stdin, select.POLLIN)
        self._one = bytearray(1)  # the byte being written
        self._byte = bytearray(1)  # the byte being read
        self._got = bytearray(MAX_READ)

    # -- boot ----------------------------------------------------------------------

    def _hal_module(self):
        from hal import micropython_hal

        return micropython_hal

    def boot_buttons(self, raw):
        """MENU (bit 0) and BACK (bit 1) as they are now, from the raw
        profile's pins; 0 when it names no usable pin."""
        if not isinstance(raw, dict):
            return 0
        Pin = self._machine.Pin
        try:
            pins = raw["pins"]
            low = raw.get("buttons", {}).get("active_low", True)
            if low:  # to ground, with the internal pull-up
                menu = Pin(pins["menu"], Pin.IN, Pin.PULL_UP)
                back = Pin(pins["back"], Pin.IN, Pin.PULL_UP)
            else:  # their own pull-down resistors (see hal.micropython_hal)
                menu = Pin(pins["menu"], Pin.IN)
                back = Pin(pins["back"], Pin.IN)
        except Exception:
            return 0
        inv = 1 if low else 0
        return (MENU if menu.value() ^ inv else 0) | (BACK if back.value() ^ inv else 0)

    def wdt(self, timeout_ms):
        return self._machine.WDT(timeout=timeout_ms)

    def reset(self):
        self._machine.reset()

    # -- serial --------------------------------------------------------------------

    def write(self, buf):
        """Send bytes of ``buf`` while the port has room; returns how many."""
        one = self._one
        out = self._out
        poller = self._writable
        n = 0
        limit = min(len(buf), _MAX_WRITE)
        while n < limit and _ready(poller):
            one[0] = buf[n]
            out.write(one)
            n += 1
        return n

    def read(self):
        """The bytes waiting on the port now (b"" when none)."""
        byte = self._byte
        got = self._got
        inp = self._in
        poller = self._readable
        limit = len(got)
        n = 0
        while n < limit and _ready(poller):
            if not inp.readinto(byte):
                break
            got[n] = byte[0]
            n += 1
        return bytes(got[:n]) if n else b""

    def describe(self, exc):
        text = module("io").StringIO()
        module("sys").print_exception(exc, text)
        return text.getvalue()
