"""How many cards lie on each Pacal field: 0, 1 or 2, from analog readings.

    f = FieldLevels(profile)
    f.update(analog, now_ms)
    f.stable[i]       # debounced level of field i (0..19: player 0's 1..10, then player 1's)
    f.changed_at      # when any stable level last changed

Each field has its own calibration: the readings with 0, 1 and 2 cards. A
reading counts as a level once it is past the midpoint towards it by the
field's hysteresis, so noise around a threshold does not flicker; a level
must then hold for the debounce time before it becomes stable.
"""


class FieldLevels:
    def __init__(self, profile):
        self.channels = profile.field_channels
        n = len(self.channels)
        self.n = n
        # Thresholds between levels, oriented so that readings rise with cards.
        self.sign = bytearray(n)  # 1 when readings fall with cards
        self.up1 = [0] * n  # enter level 1 from 0 at or above this
        self.down1 = [0] * n  # drop back to 0 below this
        self.up2 = [0] * n
        self.down2 = [0] * n
        for i in range(n):
            lv = profile.field_levels[i]
            h = profile.field_hysteresis[i]
            if lv[0] > lv[2]:
                self.sign[i] = 1
                lv = (-lv[0], -lv[1], -lv[2])
            mid1 = (lv[0] + lv[1]) // 2
            mid2 = (lv[1] + lv[2]) // 2
            self.up1[i] = mid1 + h
            self.down1[i] = mid1 - h
            self.up2[i] = mid2 + h
            self.down2[i] = mid2 - h
        self.raw = bytearray(n)  # level by hysteresis, before debouncing
        self.stable = bytearray(n)
        self.since = [0] * n
        self.debounce_ms = profile.debounce_ms
        self.changed_at = 0
        self.primed = False

    def update(self, analog, now_ms):
        raw = self.raw
        for i in range(self.n):
            v = analog[self.channels[i]]
            if self.sign[i]:
                v = -v
            level = raw[i]
            if level == 0:
                if v >= self.up2[i]:
                    level = 2
                elif v >= self.up1[i]:
                    level = 1
            elif level == 1:
                if v >= self.up2[i]:
                    level = 2
                elif v < self.down1[i]:
                    level = 0
            elif v < self.down1[i]:
                level = 0
            elif v < self.down2[i]:
                level = 1
            if level != raw[i]:
                raw[i] = level
                self.since[i] = now_ms
            if level != self.stable[i] and (
                not self.primed or now_ms - self.since[i] >= self.debounce_ms
            ):
                self.stable[i] = level
                self.changed_at = now_ms
        self.primed = True

    def settled(self, now_ms):
        """True when no field is between a raw and a stable level."""
        for i in range(self.n):
            if self.raw[i] != self.stable[i]:
                return False
        return True
