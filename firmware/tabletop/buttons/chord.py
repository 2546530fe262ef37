"""MENU and BACK held together: a chord for the device, hidden from the game.

    tap = ChordHal(hal)            # the hal the Runtime gets instead of ``hal``
    tap.now = now_ms               # before every Runtime tick
    rt.tick(now_ms)
    if tap.fired: ...              # both held together for ``hold_ms``

The game sees the buttons ``grace_ms`` late: when the second button goes down
within that time of the first, both presses are swallowed (the game sees
neither, so no new game, no undo) until both are up again, and holding both
for ``hold_ms`` fires the chord. A button that has been down longer than the
grace is already the game's: a press of the other one then is an ordinary
press. The delay keeps each press's length, so short and long presses mean
what they did. ``read_digital``, ``read_analog`` and ``transmit`` are the
hal's own bound methods: no extra call on the hot path.
"""

from hal.common import BOTH

_RING = 8  # button changes within the grace (contact bounce included)


class ChordHal:
    def __init__(self, hal, grace_ms=150, hold_ms=3000):
        self.hal = hal
        self.read_digital = hal.read_digital
        self.read_analog = hal.read_analog
        self.transmit = hal.transmit
        self.limiter = getattr(hal, "limiter", None)
        self.display = getattr(hal, "display", None)
        if self.display is not None:
            self.show_text = hal.show_text
            self.refresh_display = hal.refresh_display
        self.grace_ms = grace_ms
        self.hold_ms = hold_ms
        self.now = 0
        self.fired = False
        self.times = [0] * _RING  # a list: ms since boot outgrow 32 bits
        self.values = bytearray(_RING)
        self.first = 0  # ring index of the oldest change not yet passed on
        self.count = 0
        self.last = 0  # the last raw reading
        self.out = 0  # what the game sees
        self.chord = False
        self.both_at = 0

    def _pop(self):
        self.out = self.values[self.first]
        self.first = (self.first + 1) % _RING
        self.count -= 1

    def read_buttons(self):
        raw = self.hal.read_buttons()
        now = self.now
        if raw != self.last:
            self.last = raw
            if raw == BOTH:
                self.both_at = now
            if not self.chord:
                if self.count == _RING:
                    self._pop()
                j = (self.first + self.count) % _RING
                self.times[j] = now
                self.values[j] = raw
                self.count += 1
        if not self.chord and raw == BOTH and self.out == 0:
            self.chord = True  # both went down within the grace: not the game's
            self.count = 0
        if self.chord:
            if raw == 0:
                self.chord = False
            elif raw == BOTH and now - self.both_at >= self.hold_ms:
                self.fired = True
            return 0
        while self.count and now - self.times[self.first] >= self.grace_ms:
            self._pop()
        return self.out
