"""The self-test: every LED lit in turn, every sensor and shift-register bit
looked at, and what was found on the display, to the host and, when nothing
is wired, in the board's own verdict (docs/DEVICE.md, "Self-test").

    test = SelfTest(rt, device.say, "command", now_ms)   # rt: the Runtime in play
    test.plan                  # {"leds": n, "ms": how long it takes}: the host's reply
    test.tick(now_ms)          # every tick (the Runtime's too once ``walked``); True: done
    test.walked                # the walk over, the result told: the game plays again
    test.findings, test.unwired, test.lines   # then: what was found, in words; the screen
    test.close()               # the display the game's again (done, or cut short)

Asked for by MENU held at power on or by the host's ``selftest`` command
(tabletop.device). It is a state over ticks, never a sleep: the loop goes
on (the watchdog fed, the host answered) while the LEDs walk. The game does
not tick meanwhile: nothing of it changes, the buttons' presses are the
self-test's (swallowed), and its frame is drawn again at the end. Then the
game plays on, while the result stays on the display for ``RESULT_MS`` or
until a button is pressed (the game's status text still goes to the host).

- LEDs: one at a time in chain order, white under the brightness cap,
  ``LED_MS`` each; the display names the LED's index and the light the
  profile's led_map gives it, and a ``selftest`` event tells each. The
  board cannot see its own LEDs: the maker sees a dead one (dark in its
  turn) or a swapped one (lit where another light's name is shown).
- Analog sensors: the noise meter of the power-on check
  (tabletop.sensing.noise), fed readings spread over the walk: a sensor at
  a rail, one that never changes while the others show their noise, one far
  noisier than the rest; and, of the rest, one whose every reading lies
  outside what its profile allows (``ranges``).
- The shift-register chain, read every tick: a card reader with all seven
  spots set (tabletop.sensing.sensor_check), a bit no position uses that
  reads 1 on every read (a 74HC165 input left open, or a register missing
  from the chain, whose data line is pulled up), a whole such register, the
  whole chain at 1, and a bit that never settles (``UNSETTLED`` changes or
  more). A bit stuck at 0 cannot be told from a position with nothing on it.

Loaded only while it runs (the device lets it go at the end, and it lets
go of the checks it loaded): a board in play never holds its code.
"""

import sys
from micropython import const

from tabletop import games
from tabletop.sensing import RAIL, RAIL_TOP
from tabletop.show import words
from tabletop.show.text import COLS, ROWS
from tabletop.show.words import _

LED_MS = const(100)  # each LED lit this long
RESULT_MS = const(10000)  # the result stays on the display this long (or until a press)
UNSETTLED = const(16)  # changes of one chain bit in a self-test: it never settles
MARGIN = const(4096)  # counts beyond a sensor's profile range still taken (drift, parts' spread)
_TEXT = const(900)  # characters of findings in the done event at most (the rest counted)
_WHITE = (255, 255, 255)
_CHECKS = ("tabletop.sensing.noise", "tabletop.sensing.sensor_check")
_SCHEMA = "tabletop.profile.schema"  # (what a game's led_names may import)


def lights(profile):
    """(the light each LED shows, by LED index (None: no light), the
    game's lights in led_map order): its part ``schema`` loaded for it and
    let go again."""
    had = _SCHEMA in sys.modules
    try:
        names = games.part(profile.game, "schema").led_names()
    finally:
        games.forget(profile.game, "schema")
        if not had:
            games.unload(_SCHEMA)
    by_led = [None] * profile.led_count
    led_map = profile.led_map
    for k in range(len(names)):
        by_led[led_map[k]] = names[k]
    return by_led, names


def ranges(profile):
    """(lowest, highest) reading each analog sensor may give (profile
    order), MARGIN wider than the profile says: a Pyraos sensor its base
    plus what every marble the magnet model puts near it may add (each
    kind of sign summed, times its gain); a Pacal field from one step below
    its level for no card to one step above its level for two."""
    out = []
    if profile.sensor_channels:
        from tabletop.rules.pyraos_geometry import POSITIONS
        from tabletop.sensing.magnets import kernel

        k = kernel(profile)
        for s in range(len(profile.sensor_channels)):
            neg = pos = 0
            for p in range(POSITIONS):
                v = k[s * POSITIONS + p]
                if v < 0:
                    neg += v
                else:
                    pos += v
            g = profile.sensor_gain[s]
            a = int(g * neg)
            b = int(g * pos)
            base = profile.sensor_base[s]
            out.append(_clamp(base + min(a, b) - MARGIN, base + max(a, b) + MARGIN))
    for lv in profile.field_levels:
        m = max(abs(lv[1] - lv[0]), abs(lv[2] - lv[1]), MARGIN)
        out.append(_clamp(min(lv) - m, max(lv) + m))
    return out


def _clamp(lo, hi):
    return (max(0, lo), min(65535, hi))


class SelfTest:
    def __init__(self, rt, tell, by, now_ms):
        self.drop = [m for m in _CHECKS if m not in sys.modules]  # let go at the end
        from tabletop.sensing.noise import SAMPLES, NoiseMeter
        from tabletop.sensing.sensor_check import analog_sensors

        self.rt = rt
        self.tell = tell
        self.by = by
        words.join("selftest")  # (its screens in the board's language, while it runs)
        prof = rt.profile
        self.count = prof.led_count
        self.by_led, names = lights(prof)
        self.channels, self.names = analog_sensors(prof)
        self.ranges = ranges(prof)
        self.bit_names = _bit_names(prof, names)
        n = len(self.channels)
        self.samples = SAMPLES
        self.meter = NoiseMeter(self.channels, prof.noise) if n else None
        walk = self.count * LED_MS
        # the meter's readings spread over the walk: a hand over the board
        # for a moment moves none of its verdicts
        self.every = max(prof.tick_ms, walk // (SAMPLES + 1))
        self.sample_at = now_ms
        regs = prof.registers
        self.ones = bytearray(b"\xff" * regs)  # the chain bits set on every read
        self.last = bytearray(regs)
        self.flips = bytearray(8 * regs)  # each bit's changes (at most 255)
        self.reads = 0
        self.start = now_ms
        self.led = -1  # the LED lit now (count: the walk is over)
        self.lit_at = now_ms
        self.findings = []  # what was found, in words (the event's)
        self.short = []  # ... in a display row each
        self.faulty = []  # the sensors and readers found not working, by name
        self.unwired = False
        self.lines = ()
        self.walked = False
        self.done_at = 0
        self.down = 0  # the buttons down when the walk ended
        self.hid = False  # the game's text kept off the display meanwhile
        self.plan = {"leds": self.count, "ms": max(walk, SAMPLES * self.every)}

    # -- every tick ----------------------------------------------------------------

    def tick(self, now):
        """One tick: the sensors read, the walk on; True once done (the
        result told and shown, the game's frame due)."""
        rt = self.rt
        hal = rt.hal
        if self.walked:  # the result on the display, the game playing
            down = rt.buttons.stable
            if now - self.done_at >= RESULT_MS or down & ~self.down:
                self.close()
                return True
            self.down &= down
            hal.refresh_display()
            return False
        if self.led < 0:
            self.tell({"event": "selftest", "step": "start", "by": self.by, "leds": self.count,
                       "sensors": len(self.channels), "bits": len(self.flips),
                       "ms": self.plan["ms"]})  # fmt: skip
        digital = rt.digital
        if digital:
            hal.read_digital(digital)
            self._bits(digital)
        hal.read_analog(rt.analog)
        rt.buttons.update(hal.read_buttons(), now)  # (a press now is the self-test's)
        meter = self.meter
        if meter is not None and meter.taken < self.samples and now >= self.sample_at:
            self.sample_at += self.every
            meter.feed(rt.analog)
        if self.led < 0 or (self.led < self.count and now - self.lit_at >= LED_MS):
            self.led += 1
            self.lit_at = now
            self._light(self.led)
        if self.led >= self.count and (meter is None or meter.taken >= self.samples):
            self._finish(now)
        if rt.display:
            hal.refresh_display()
        # (without a display there is no result to keep showing)
        return self.walked and not self.hid

    def close(self):
        """The display is the game's again (its text drawn at its next tick)."""
        words.leave("selftest")
        rt = self.rt
        if self.hid:
            self.hid = False
            rt.display = True
            rt.told = -1
            rt.lines = ()

    def _bits(self, digital):
        ones = self.ones
        last = self.last
        flips = self.flips
        first = not self.reads
        for j in range(len(ones)):
            v = digital[j]
            ones[j] &= v
            x = v ^ last[j]
            last[j] = v
            if x and not first:
                for b in range(8):
                    if x & (0x80 >> b) and flips[8 * j + b] < 255:
                        flips[8 * j + b] += 1
        self.reads += 1

    def _light(self, i):
        px = self.rt.pixels
        px.clear()
        if i >= self.count:
            px.show()  # (dark until the sensors' verdict is in)
            return
        px.set(i, _WHITE)
        px.show()
        light = self.by_led[i]
        line = {"event": "selftest", "step": "led", "led": i}
        if light is not None:
            line["light"] = light
        self.tell(line)
        self._screen((_("Self-test"), _("LED %d") % i, light or _("(no light)"), "",
                      _("%d LEDs in all") % self.count))  # fmt: skip

    def _screen(self, lines):
        rt = self.rt
        if rt.display:
            rt.hal.show_text(lines)

    # -- the verdict ---------------------------------------------------------------

    def _finish(self, now):
        from tabletop.sensing.sensor_check import dead_readers, nothing_wired

        rt = self.rt
        prof = rt.profile
        self._sensors()
        readers = prof.slot_bits
        dead = dead_readers(readers, self.ones) if self.reads else 0
        self._chain(readers, dead)
        self.unwired = nothing_wired(self.meter, readers, dead)
        rt.shown = -1  # the game's frame, at its next tick
        self.lines = lines = self._result()
        rt.lines = lines
        self._screen(lines)
        self.walked = True
        self.done_at = now
        self.down = rt.buttons.stable
        if rt.display:  # the result stays; the game's text waits
            rt.display = False
            self.hid = True
        if rt.on_status is not None:
            rt.on_status(lines)
        told = []
        size = 0
        for text in self.findings:
            size += len(text) + 4
            if size > _TEXT:
                break
            told.append(text)
        self.tell({"event": "selftest", "step": "done", "by": self.by, "ok": not self.findings,
                   "wired": not self.unwired, "leds": self.count, "sensors": len(self.channels),
                   "bits": len(self.flips), "findings": told,
                   "more": len(self.findings) - len(told)})  # fmt: skip
        if self.unwired:  # nothing to play on: the board says so and plays nothing
            board = rt.board
            names = list(board.fault_names)
            for name in self.faulty:
                if name not in names:
                    names.append(name)
            board.checked(names, True)
        for name in self.drop:
            games.unload(name)

    def _found(self, text, short):
        self.findings.append(text)
        self.short.append(short[:COLS])

    def _sensors(self):
        meter = self.meter
        if meter is None:
            return
        for s in range(meter.n):
            name = self.names[s]
            where = "sensor %s (channel %d)" % (name, self.channels[s])
            lo, hi = self.ranges[s]
            if meter.faulty >> s & 1:
                self.faulty.append(name)
            if meter.high[s] < RAIL:
                self._found(where + " reads 0", _("%s at 0") % name)
            elif meter.low[s] > RAIL_TOP:
                self._found(where + " reads full scale", _("%s at max") % name)
            elif meter.faulty >> s & 1 and not meter.path[s]:
                still = _("%s still") % name
                self._found(where + " never changes (reads %d)" % meter.last[s], still)
            elif meter.faulty >> s & 1:
                self._found(where + " is noisy: %d counts, typically %d"
                            % (meter.noise[s], meter.typical), _("%s noisy") % name)  # fmt: skip
            elif meter.high[s] < lo or meter.low[s] > hi:
                side = _("%s low") if meter.high[s] < lo else _("%s high")
                self._found(where + " reads %d, outside %d..%d (what its profile allows)"
                            % (meter.last[s], lo, hi), side % name)  # fmt: skip

    def _chain(self, readers, dead):
        from tabletop.sensing.sensor_check import reader_name

        regs = len(self.ones)
        if not regs or not self.reads:
            return
        for r in range(len(readers)):
            if dead >> r & 1:
                self.faulty.append(reader_name(r, readers))
        ones = self.ones
        names = self.bit_names
        if ones == b"\xff" * regs:
            self._found("shift registers: all %d bits read 1 on every read (a data line "
                        "pulled up, no register answering: its wires, pins.spi)" % (8 * regs),
                        _("chain: all 1s"))  # fmt: skip
            return
        for j in range(regs):
            first = 8 * j
            unused = [k for k in range(first, first + 8) if names[k] is None]
            if ones[j] == 0xFF and unused:
                self._found("register %d (bits %d..%d) reads all ones on every read"
                            % (j, first, first + 7), _("reg %d: all 1s") % j)  # fmt: skip
                continue
            for k in unused:
                if ones[j] & (0x80 >> (k & 7)):
                    self._found("bit %d (register %d) reads 1 on every read, and no "
                                "position uses it" % (k, j), _("bit %d: stuck 1") % k)  # fmt: skip
        for r in range(len(readers)):
            if dead >> r & 1:
                bits = readers[r]
                self._found("card reader %s (bits %s) reads all seven spots set"
                            % (reader_name(r, readers), " ".join([str(k) for k in bits])),
                            _("%s: all set") % reader_name(r, readers))  # fmt: skip
        flips = self.flips
        for k in range(len(flips)):
            if flips[k] >= UNSETTLED:
                self._found("bit %d (%s) never settles: %d changes"
                            % (k, names[k] or "no position", flips[k]),
                            _("bit %d flickers") % k)  # fmt: skip

    def _result(self):
        n = len(self.short)
        rows = [_("Self-test: OK") if not n else _("Self-test %d bad") % n]
        if self.unwired:
            rows.append(_("Nothing wired"))
        if not n:
            rows.append(_("%d LEDs lit") % self.count)
            if self.channels:
                rows.append(_("%d sensors OK") % len(self.channels))
            if self.flips:
                rows.append(_("%d bits OK") % len(self.flips))
            return tuple(rows)
        room = ROWS - len(rows)
        if n <= room:
            rows.extend(self.short)
        else:
            rows.extend(self.short[: room - 1])
            rows.append(_("+%d more") % (n - room + 1))
        return tuple(rows)


def _bit_names(profile, names):
    """What each chain bit reads (None: no position): a card reader's spot
    (``slot0 spot 3``), a Diabolo slot (its light's name: the game's lights
    list its slots first, in the order of ``presence_bits``)."""
    from tabletop.sensing.sensor_check import reader_name

    out = [None] * (8 * profile.registers)
    readers = profile.slot_bits
    for r in range(len(readers)):
        bits = readers[r]
        for i in range(len(bits)):
            out[bits[i]] = "%s spot %d" % (reader_name(r, readers), i)
    presence = profile.presence_bits
    for i in range(len(presence)):
        out[presence[i]] = names[i]
    return out
