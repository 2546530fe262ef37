"""MENU and BACK: debounced, with short and long presses.

    b = Buttons(profile)
    event = b.update(hal.read_buttons(), now_ms)   # NONE, SHORT_MENU, LONG_MENU, ...

A press is reported once: SHORT on release (if released before the long
time), LONG as soon as the button has been held that long. Contact bounce
shorter than the debounce time is ignored.
"""

NONE = 0  # the events update() returns
SHORT_MENU = 1
LONG_MENU = 2
SHORT_BACK = 3
LONG_BACK = 4


class Buttons:
    def __init__(self, profile):
        self.debounce_ms = profile.button_debounce_ms
        self.long_ms = profile.long_press_ms
        self.stable = 0  # debounced state, bit per button
        self.raw = 0
        self.changed_at = 0
        self.down_at = [0, 0]
        self.long_sent = [False, False]

    def update(self, raw, now_ms):
        """One reading (bit 0 MENU, bit 1 BACK, 1 = pressed); returns an event."""
        if not (raw | self.raw | self.stable):
            return NONE  # nothing pressed, nothing let go (most ticks)
        if raw != self.raw:
            self.raw = raw
            self.changed_at = now_ms
        event = NONE
        if raw != self.stable and now_ms - self.changed_at >= self.debounce_ms:
            for i in (0, 1):
                bit = 1 << i
                if raw & bit and not self.stable & bit:
                    self.down_at[i] = now_ms
                    self.long_sent[i] = False
                elif not raw & bit and self.stable & bit:
                    if not self.long_sent[i]:
                        event = SHORT_MENU if i == 0 else SHORT_BACK
            self.stable = raw
        for i in (0, 1):
            if self.stable & (1 << i) and not self.long_sent[i]:
                if now_ms - self.down_at[i] >= self.long_ms:
                    self.long_sent[i] = True
                    event = LONG_MENU if i == 0 else LONG_BACK
        return event
