"""The device's platform on CircuitPython (tabletop.device's ``platform``).

    from hal.circuitpython_platform import CircuitPythonPlatform
    Device(CircuitPythonPlatform()).run()    # firmware/main.py
    CircuitPythonPlatform().claim_flash()    # firmware/boot.py

The same interface as hal.micropython_platform, through CircuitPython's own
modules: ``supervisor.ticks_ms()`` (wrapping at 2**29 ms), the watchdog
``microcontroller.watchdog`` in ``WatchDogMode.RESET``, ``microcontroller.reset()``,
BACK and MENU through ``digitalio`` (released again after the boot check, so
the hal can claim them) and the hal of hal.circuitpython_hal. The profile
file, the store (``Files("/data")``) and the hal's construction are
hal.platform's.

The serial link is ``usb_cdc.console`` (the REPL's port) with
``write_timeout = 0`` and ``timeout = 0``: a write takes what fits now and
returns the count, a read what is there. Without ``usb_cdc.console`` output
is dropped (the outbox counts it) and input comes from ``sys.stdin`` while
``supervisor.runtime.serial_bytes_available``.

The store needs a writable filesystem: CircuitPython mounts it read-only for
code while the USB drive is shown, unless boot.py calls
``storage.remount("/", readonly=False)``. firmware/boot.py does, through
``claim_flash()``, unless BACK is held at power-on: then the USB drive stays
writable for the computer (to copy new firmware on) and main.py starts in
safe mode. Without it ``store()`` raises, and the device runs without a
journal on flash, a log or the maintenance flag.
The modules are parameters (tests pass stand-ins), imported when not given.
"""

from hal import circuitpython_hal
from hal.common import BACK, MENU, module
from hal.platform import MAX_READ, Platform

_PERIOD = 1 << 29  # supervisor.ticks_ms() wraps here
_HALF = _PERIOD >> 1


class CircuitPythonPlatform(Platform):
    def __init__(
        self,
        root="/data",
        supervisor=None,
        microcontroller=None,
        usb_cdc=None,
        time=None,
        watchdog=None,
        pin_name=circuitpython_hal.gp_name,
    ):
        Platform.__init__(self, root)
        self._supervisor = supervisor or module("supervisor")
        self._mcu = microcontroller or module("microcontroller")
        self._time = time or module("time")
        self._watchdog = watchdog
        if usb_cdc is None:
            try:
                usb_cdc = module("usb_cdc")
            except ImportError:
                usb_cdc = None
        console = getattr(usb_cdc, "console", None) if usb_cdc is not None else None
        if console is not None:
            console.timeout = 0
            console.write_timeout = 0
        self._console = console
        self._pin_name = pin_name

    # -- time ----------------------------------------------------------------------

    def ticks_ms(self):
        return self._supervisor.ticks_ms()

    def ticks_diff(self, a, b):
        return ((a - b + _HALF) % _PERIOD) - _HALF

    def sleep_ms(self, ms):
        self._time.sleep(ms / 1000)

    # -- boot ----------------------------------------------------------------------

    def _hal_module(self):
        return circuitpython_hal

    def hal(self, profile):
        """This port's hal, naming pins as ``pin_name`` does (as boot_buttons)."""
        return circuitpython_hal.Hal(profile, pin_name=self._pin_name)

    def error_light(self, raw):
        return circuitpython_hal.error_light(raw, pin_name=self._pin_name)

    def boot_buttons(self, raw, board=None, digitalio=None):
        if not isinstance(raw, dict):
            return 0
        try:
            board = board or module("board")
            digitalio = digitalio or module("digitalio")
            pins = raw["pins"]
            low = raw.get("buttons", {}).get("active_low", True)
            value = 0
            for bit, key in ((MENU, "menu"), (BACK, "back")):
                io = digitalio.DigitalInOut(getattr(board, self._pin_name(pins[key])))
                try:
                    io.switch_to_input(pull=digitalio.Pull.UP if low else None)
                    if io.value != low:
                        value |= bit
                finally:
                    io.deinit()
            return value
        except Exception:
            return 0

    def claim_flash(self, raw=None, storage=None, board=None, digitalio=None):
        """boot.py: the filesystem becomes writable for the firmware (the
        journal, the log) and read-only for the USB drive, unless BACK is
        held (``raw``: the profile as read, for its button pins; read here
        if not given). True if claimed."""
        if raw is None:
            try:
                raw = self.profile()
            except Exception:
                raw = None  # no profile: its error is main.py's to report
        if self.boot_buttons(raw, board, digitalio) & BACK:
            return False
        (storage or module("storage")).remount("/", readonly=False)
        return True

    def wdt(self, timeout_ms):
        dog = self._mcu.watchdog
        dog.timeout = timeout_ms / 1000
        modes = (self._watchdog or module("watchdog")).WatchDogMode
        dog.mode = modes.RESET
        dog.feed()
        return dog

    def reset(self):
        self._mcu.reset()

    # -- serial --------------------------------------------------------------------

    def write(self, buf):
        if self._console is None:
            return 0
        n = self._console.write(buf)
        return n or 0

    def read(self):
        console = self._console
        if console is not None:
            n = console.in_waiting
            return console.read(min(n, MAX_READ)) if n else b""
        if not self._supervisor.runtime.serial_bytes_available:
            return b""
        return module("sys").stdin.read(1).encode()

    def describe(self, exc):
        try:
            tb = module("traceback")
            return "".join(tb.format_exception(type(exc), exc, exc.__traceback__))
        except Exception:
            return repr(exc)
