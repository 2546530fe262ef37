"""How many cards lie on each Pacal field: 0, 1 or 2, from analog readings.

    f = FieldLevels(profile)
    f.update(analog, now_ms)    # every tick: analog is the raw channel array
    f.stable[i]                 # cards on field i, debounced (a bytearray)
    f.changes                   # goes up whenever one of them changes
    f.railed                    # bits of the fields read at a rail (those readings ignored)
    f.resting                   # the last update found every field within its band
    f.leave_out(bits)           # faulty fields (power on): their level changes no more
    f.hold(expected, empty)     # ... it is what the game expects (0 each if ``empty``)

Fields are numbered as the profile lists them: 0..9 player 0's fields 1..10,
10..19 player 1's.

Each field has its own calibration: the readings with 0, 1 and 2 cards. A
reading counts as a level once it is past the midpoint towards it by the
field's hysteresis, so noise around a threshold does not flicker; a level
must then hold for the debounce time before it becomes stable.

A reading at a rail (tabletop.sensing.RAIL) is no hall sensor's: a wire
came loose, or a glitch. It never changes a level (a field stuck at full
scale would read as covered: a build that never was); the field is named in
``railed``. The test runs only when a reading would change a level, so a
quiet tick pays nothing for it.

The work follows what changed: while no field is waiting out its debounce,
each field's reading has a band (the readings that keep its level: below
the threshold up from it, at or above the one down), and a tick whose
readings all lie in their bands changes nothing: it compares them and stops
(``resting``). Only a reading past a threshold runs the levels' logic.
"""

from micropython import const

from tabletop.sensing import RAIL, RAIL_TOP

_EMPTY = const(0)  # cards on a field; also the index of that reading in its levels
_BUILT = const(1)
_COVERED = const(2)  # the second card covers the first
_NEVER = const(1 << 20)  # a threshold no reading reaches (either sign)


class FieldLevels:
    def __init__(self, profile):
        self.channels = profile.field_channels
        n = len(self.channels)
        self.n = n
        # Thresholds between levels, oriented so that readings rise with cards.
        self.sign = bytearray(n)  # 1 when readings fall with cards
        self.up1 = [0] * n  # 1 card (or 2) at or above this
        self.down1 = [0] * n  # 0 cards below this
        self.up2 = [0] * n  # 2 cards at or above this
        self.down2 = [0] * n  # 1 card (or 0) below this
        for i in range(n):
            lv = profile.field_levels[i]
            h = profile.field_hysteresis[i]
            if lv[_EMPTY] > lv[_COVERED]:
                self.sign[i] = 1
                lv = (-lv[_EMPTY], -lv[_BUILT], -lv[_COVERED])
            mid1 = (lv[_EMPTY] + lv[_BUILT]) // 2
            mid2 = (lv[_BUILT] + lv[_COVERED]) // 2
            self.up1[i] = mid1 + h
            self.down1[i] = mid1 - h
            self.up2[i] = mid2 + h
            self.down2[i] = mid2 - h
        self.raw = bytearray(n)  # level by hysteresis, before debouncing
        self.stable = bytearray(n)
        self.changes = 0  # goes up whenever a field's stable level changes
        self.since = [0] * n
        self.debounce_ms = profile.debounce_ms
        self.primed = False
        self.railed = 0
        self.faulty = 0  # fields left out (tabletop.sensing.sensor_check, at power on)
        # Each field's band: the raw readings that keep its level (low..high,
        # both included); ``waiting``: fields whose level waits out its debounce.
        self.low = [0] * n
        self.high = [0] * n
        self.waiting = 0
        self.resting = False
        for i in range(n):
            self._band(i)

    def _band(self, i):
        # The readings that keep field i at its level (raw[i]), as read
        # (the thresholds are oriented so that readings rise with cards)
        level = self.raw[i]
        if level == _EMPTY:
            low, high = -_NEVER, self.up1[i] - 1
        elif level == _BUILT:
            low, high = self.down1[i], self.up2[i] - 1
        else:
            low, high = self.down2[i], _NEVER
        if self.sign[i]:
            low, high = -high, -low
        self.low[i] = low
        self.high[i] = high

    def _in_bands(self, analog):
        # Does every field read within its band? (The quiet tick's whole work.)
        channels = self.channels
        low = self.low
        high = self.high
        for i in range(self.n):
            v = analog[channels[i]]
            if v < low[i] or v > high[i]:
                return False
        return True

    def update(self, analog, now_ms):
        if self.primed and not self.waiting and self._in_bands(analog):
            self.resting = True
            return  # no level can change
        self.resting = False
        # (the attributes are taken into locals once, as a Pico pays a
        # microsecond or two for each self.x)
        raw = self.raw
        stable = self.stable
        since = self.since
        channels = self.channels
        sign = self.sign
        up1 = self.up1
        down1 = self.down1
        up2 = self.up2
        down2 = self.down2
        primed = self.primed
        debounce_ms = self.debounce_ms
        waiting = 0
        for i in range(self.n):
            v = analog[channels[i]]
            if sign[i]:
                v = -v
            level = raw[i]
            if level == _EMPTY:
                if v >= up2[i]:
                    level = _COVERED
                elif v >= up1[i]:
                    level = _BUILT
            elif level == _BUILT:
                if v >= up2[i]:
                    level = _COVERED
                elif v < down1[i]:
                    level = _EMPTY
            elif v < down1[i]:
                level = _EMPTY
            elif v < down2[i]:
                level = _BUILT
            if level != raw[i]:
                v = analog[channels[i]]
                if v < RAIL or v > RAIL_TOP:
                    self.railed |= 1 << i  # (ignored: a sensor glitch, not a card)
                    level = raw[i]
                else:
                    raw[i] = level
                    since[i] = now_ms
                    self._band(i)
            if level != stable[i]:
                if not primed or now_ms - since[i] >= debounce_ms:
                    stable[i] = level
                    self.changes += 1
                else:
                    waiting += 1
        self.waiting = waiting
        self.primed = True

    def leave_out(self, bits):
        """The fields of ``bits`` are faulty: no reading changes their level
        from now on (hold sets it)."""
        self.faulty |= bits
        for i in range(self.n):
            if bits >> i & 1:
                self.up1[i] = self.up2[i] = _NEVER
                self.down1[i] = self.down2[i] = -_NEVER
                self._band(i)

    def hold(self, expected, empty):
        """Each faulty field shows ``expected[i]`` cards (none if ``empty``):
        what the game says is there, as no sensor can tell."""
        bad = self.faulty
        stable = self.stable
        for i in range(self.n):
            if bad >> i & 1:
                level = 0 if empty else expected[i]
                if stable[i] != level:
                    stable[i] = self.raw[i] = level
                    self.changes += 1
                    self._band(i)
