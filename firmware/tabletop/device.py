"""The device: the main loop around the Runtime, after the power-on decision
(tabletop.power_on, loaded only then).

    Device(platform).run()       # firmware/main.py; returns only to free the REPL

Portable: every contact with the port goes through ``platform``
(hal/micropython_platform.py or hal/circuitpython_platform.py on a board,
sim/device/virtual_device.py on the desktop):

    platform.ticks_ms() / ticks_diff(a, b) / sleep_ms(ms)
    platform.profile()           # the raw profile (a dict); raises if unreadable
    platform.boot_buttons(raw)   # bits held now (bit 0 MENU, bit 1 BACK), read
                                 # from the profile's pins; 0 if it names none
    platform.hal(profile)        # this port's hal for a validated profile
    platform.error_light(raw)    # light(on) for a profile too broken for a hal, or None
    platform.store()             # the file store (docs/STORAGE.md)
    platform.wdt(timeout_ms)     # starts the watchdog: an object with feed()
    platform.reset()             # hard reset; does not return
    platform.write(buf)          # serial out, never blocking: bytes taken (maybe 0)
    platform.read()              # serial in, never blocking: bytes there now (maybe b"")
    platform.describe(exc)       # the traceback as text, for the log

The modes (docs/DEVICE.md):

- **maintenance**: the store holds the flag file ``maintenance`` (written by
  the command ``{"cmd": "maintenance"}`` or by MENU+BACK held 3 s, which then
  reset the board). The flag is removed, so the next reset plays again; no
  watchdog, no game: ``run()`` returns to the REPL for mpremote.
- **safe**: BACK held at power-on. Nothing else is touched; ``run()`` returns.
- **profile error**: the profile cannot drive the board: reported on the
  serial link every 3 s and blinked on the LEDs, forever (no watchdog, so
  Ctrl-C reaches the REPL).
- **self-test**: MENU held at power-on (or the host's ``selftest``): play,
  with the game paused while tabletop.selftest walks the LEDs and checks
  the sensors, a tick at a time; then the game goes on.
- **play**: the watchdog starts (tabletop.power_on's ``WDT_MS``) and is fed every tick. An
  exception in a tick is logged (serial line and ``log.txt``, rate-limited),
  every LED shows dim red for ``ERROR_MS`` (longer when it keeps happening)
  and a new Runtime over the same store resumes the game from its journal
  (what the failed one accepted but had not yet written is written first).

Serial output goes through an Outbox (bounded, drops the oldest, at most
``LINES_PER_S`` lines a second, never blocks); the host's side (commands,
replies, moves told, raw readings, the lights mode) is tabletop.host's.
"""

import gc
import json
import sys

from tabletop.host import Host
from tabletop.keep.errorlog import ErrorLog
from tabletop.link.outbox import Outbox
from tabletop.modes import FLAG, LEAVING, PLAY, PROFILE_ERROR, SHOWING_ERROR
from tabletop.runtime import Runtime

ERROR_MS = 1000  # the error pattern after an exception; doubles while they keep coming
ERROR_MAX_MS = 8000
STEADY_MS = 10000  # this long without an exception and the next pattern is short again
LEAVE_MS = 300  # from a maintenance request to the reset: time for the answer to go out
OUTBOX_BYTES = 2048
LINES_PER_S = 20
TRACE_CHARS = 360  # of a traceback, kept in the log
PROFILE_BLINK_MS = 500
PROFILE_REPORT_MS = 3000
IDLE_TICK_MS = 20  # the loop period when no profile gives one
ERROR_RGB = (255, 0, 0)  # when the profile names no "error" colour
MAINTENANCE_RGB = (0, 80, 255)
PATTERN_LEVEL = 64  # of 256: dim, on top of the profile's brightness cap


class Device:
    def __init__(self, platform):
        self.p = platform
        self._write = platform.write  # bound once: a tick allocates no method object
        self.outbox = Outbox(OUTBOX_BYTES, LINES_PER_S)
        self.host = Host(self)
        self.mode = None
        self.store = None
        self.log = ErrorLog(None)
        self.profile = None
        self.tap = None
        self.runtime = None
        self.wdt = None
        self.pattern = None  # Pixels for the error and maintenance patterns
        self.error_rgb = ERROR_RGB
        self.tick_ms = IDLE_TICK_MS
        self.now = 0  # ms since boot, never wrapping
        self._t = 0  # the platform's ticks at the last step
        self.until = 0  # end of the error pattern, or the reset of LEAVING
        self.failures = 0  # exceptions caught, ever
        self.streak = 0  # exceptions without STEADY_MS of play in between
        self.since = 0  # when play last resumed
        self.blink = None
        self.blink_on = False
        self.blink_at = 0
        self.said_at = 0
        self.problem = ""
        self.selftest = None  # the self-test while it runs (tabletop.selftest)

    # -- power-on ----------------------------------------------------------------

    def run(self, max_ticks=None):
        """Boot, then loop (``max_ticks`` steps, or forever). Returns at once in
        maintenance and safe mode: the REPL is free."""
        if not self.boot():
            return
        n = 0
        while max_ticks is None or n < max_ticks:
            self.step()
            n += 1

    def boot(self):
        """The power-on decision (tabletop.power_on, whose code goes once it
        is made). True: the loop runs (``step()``); False: the REPL is free."""
        from tabletop import games, power_on

        try:
            return power_on.boot(self)
        finally:
            games.unload("tabletop.power_on")

    def fresh_runtime(self):
        """A new Runtime (power on, and after an error) once the last one's
        state is let go and, on MicroPython, collected: the game's code and
        state then fill the heap from its start rather than around the
        holes it left (docs/FIRMWARE.md, "The heap after boot")."""
        self.runtime = None
        if sys.implementation.name == "micropython":
            gc.collect()
        self.runtime = self._new_runtime()

    def _new_runtime(self):
        # Over the store, a new Runtime resumes the game in progress from its
        # journal. Without one (no filesystem) there is nothing to resume from.
        rt = Runtime(self.profile, self.tap, store=self.store, status=self._status)
        self._journal_problems(rt.journal)
        self.host.started(rt)
        return rt

    def _status(self, lines):
        # The status display's text goes to the host too (docs/DEVICE.md).
        self.say({"event": "status", "lines": lines})

    def _journal_problems(self, journal):
        # Damaged lines skipped and moves refused on replay (at power on), a
        # move that could not be written (during play): to the host.
        for where, line, what in journal.problems:
            self.say({"event": "journal", "file": where, "line": line, "problem": what})
        journal.problems = []

    # -- the loop ----------------------------------------------------------------

    def step(self):
        """One pass of the loop: feed the watchdog, serve the host, tick the
        game (or the pattern), send what is queued, sleep out the tick."""
        p = self.p
        t0 = p.ticks_ms()
        self.now += p.ticks_diff(t0, self._t)
        self._t = t0
        now = self.now
        if self.wdt is not None:
            self.wdt.feed()
        try:
            self._serve(now)
        except Exception as err:
            self._failed(err, now)
        spent = p.ticks_diff(p.ticks_ms(), t0)
        if spent < self.tick_ms:
            p.sleep_ms(self.tick_ms - spent)

    def _serve(self, now):
        host = self.host
        host.read(self.p.read())
        mode = self.mode
        tap = self.tap
        rt = self.runtime
        if mode == PLAY and tap is not None and rt is not None:
            tap.now = now
            test = self.selftest
            if test is None or test.walked:  # (the walk over: the result still shown)
                host.tick(rt, now)
            if test is not None and test.tick(now):
                self._end_selftest()
            if rt.journal.problems:
                self._journal_problems(rt.journal)
            if tap.fired:
                tap.fired = False
                self._maintenance(now, "buttons")
            elif self.streak and now - self.since >= STEADY_MS:
                self.streak = 0
        elif mode == SHOWING_ERROR:
            self._watch_buttons(now)
            if self.mode == SHOWING_ERROR and now - self.until >= 0:
                self.fresh_runtime()
                self.mode = PLAY
                self.since = now
                self._hello()  # (what the host set up went with the old runtime: its far seats)
        elif mode == LEAVING:
            if now - self.until >= 0:
                self.p.reset()
        elif mode == PROFILE_ERROR:
            self._profile_error(now)
        done = self.log.poll(now)
        if done is not None:
            self._report(done)
        if host.stream:
            host.send_stream()
        self.outbox.pump(self._write, now)

    def _watch_buttons(self, now):
        # MENU+BACK still reach maintenance while the game is stopped.
        tap = self.tap
        if tap is None:
            return
        tap.now = now
        try:
            tap.read_buttons()
        except Exception:
            return  # the buttons may be what failed: the pattern goes on
        if tap.fired:
            tap.fired = False
            self._maintenance(now, "buttons")

    def profile_failed(self, problem, blink):
        """Profile-error mode (tabletop.power_on): ``problem`` is reported
        and ``blink`` (on or off, or None) called at once, then every
        PROFILE_REPORT_MS and PROFILE_BLINK_MS."""
        self.mode = PROFILE_ERROR
        self.problem = problem
        self.blink = blink
        self.said_at = self.now - PROFILE_REPORT_MS
        self.blink_at = self.now - PROFILE_BLINK_MS

    def _profile_error(self, now):
        if now - self.said_at >= PROFILE_REPORT_MS:
            self.said_at = now
            self.say({"event": "error", "kind": "profile", "message": self.problem})
        if now - self.blink_at >= PROFILE_BLINK_MS:
            self.blink_at = now
            self.blink_on = not self.blink_on
            if self.blink is not None:
                self.blink(self.blink_on)

    def _maintenance(self, now, by):
        if self.mode == LEAVING:
            return
        if self.store is None:
            if by == "command":
                from tabletop.link.commands import Refused

                raise Refused("no file store")
            self.say({"event": "error", "kind": "command", "message": "no file store"})
            return
        self.store.write(FLAG, b"1")
        self.say({"event": "maintenance", "by": by, "reset_ms": LEAVE_MS})
        self.mode = LEAVING
        self.until = now + LEAVE_MS
        self._show(MAINTENANCE_RGB)

    def start_selftest(self, by):
        """The self-test (docs/DEVICE.md, "Self-test"), asked for ``by`` "menu"
        or "command": its code loaded now, let go once it is done; what it
        will take (the host's reply). The game does not tick meanwhile."""
        self._end_selftest()  # (one whose result is still shown)
        from tabletop.selftest import SelfTest

        self.selftest = SelfTest(self.runtime, self.say, by, self.now)
        return self.selftest.plan

    def _end_selftest(self):
        # Done, or cut short by an exception: its code and the checks it
        # loaded let go.
        test = self.selftest
        if test is None:
            return
        self.selftest = None
        test.close()
        from tabletop import games

        for name in test.drop:
            games.unload(name)
        games.unload("tabletop.selftest")

    def maintenance_by_command(self):
        self._maintenance(self.now, "command")
        return {"reset_ms": LEAVE_MS}

    def _failed(self, err, now):
        self._end_selftest()  # (whatever failed, the game comes back without it)
        self.failures += 1
        self.streak += 1
        entry = {
            "kind": "exception",
            "type": type(err).__name__,
            "message": str(err)[:160],
            "mode": self.mode,
        }
        try:
            entry["trace"] = self.p.describe(err)[-TRACE_CHARS:]  # the innermost frames
        except Exception:
            pass
        done = self.log.note(now, entry)
        if done is not None:
            self._report(done)
        if self.mode == PLAY or self.mode == SHOWING_ERROR:
            self._save()
            self.mode = SHOWING_ERROR
            self.until = now + min(ERROR_MS << min(self.streak - 1, 4), ERROR_MAX_MS)
            self._show(self.error_rgb)

    def _save(self):
        # The Runtime writes an accepted move after the LEDs show its answer; a
        # tick that failed in between leaves it unwritten. On flash with it, so
        # the new Runtime resumes the game the board has in front of it.
        if self.runtime is None:
            return
        try:
            self.runtime.journal.flush()  # (nothing to do when nothing waits)
        except Exception:
            pass

    def _report(self, entry):
        line = {"event": "error"}
        for k in entry:
            if k != "trace":
                line[k] = entry[k]
        self.say(line)

    def _show(self, rgb):
        px = self.pattern
        if px is None:
            return
        for i in range(px.count):
            px.set_scaled(i, rgb, PATTERN_LEVEL)
        try:
            px.show()
        except Exception:
            pass  # the LEDs themselves may be what failed

    # -- serial ------------------------------------------------------------------

    def say(self, obj):
        """Queue one JSON line for the host."""
        self.outbox.put(json.dumps(obj).encode())

    def _hello(self):
        # The host is told the game is set up (again): after boot, and after
        # an error once the new runtime plays (docs/PROTOCOL.md, "hello").
        hello = self.host.hello()
        hello["event"] = "hello"
        self.say(hello)

    def _drain(self, ms):
        # Before the REPL takes the port: the lines queued, for at most ``ms``
        # (a host that does not read gets nothing, and a line is never torn).
        p = self.p
        t0 = p.ticks_ms()
        try:
            while self.outbox.used or self.outbox.dropped:
                waited = p.ticks_diff(p.ticks_ms(), t0)
                if waited >= ms:
                    break
                self.outbox.pump(self._write, self.now + waited)
                p.sleep_ms(2)
        except Exception:
            pass
