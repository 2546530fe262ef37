"""The 25 hall sensors' readings in time: a moving average per sensor, and
when they last moved.

    readings = Smoothed(profile)
    readings.update(analog, now_ms)   # every tick, the raw array from the hal
    readings.ready()                  # a whole window read since power on
    readings.sums[s]                  # sensor s: the sum of its last WINDOW readings
    readings.moving_at                # the last tick that saw motion
    readings.railed                   # bits of the sensors read at a rail (ignored)

A reading far from its average (``_STILL`` noise widths) is a step, not
noise: a marble landing, bouncing or carried in a hand. The average then
starts afresh at the new value, so it does not lag behind a marble that has
landed, and the tick counts as motion. A hand lowering a marble slowly
shows as a difference between two whole windows instead. Nothing is
settled (tabletop.sensing.pyramid) until the readings have been still a
while. A reading at a rail (tabletop.sensing.RAIL) is no hall sensor's: a
wire came loose, or a glitch. It is ignored (the sensor's window keeps what
it held: no motion, nothing to fit) and the sensor named in ``railed``; it
costs nothing while the readings are still (such a reading is always a
step). Integer arithmetic only; a tick allocates nothing.
"""

from array import array
from micropython import const

from tabletop.sensing import RAIL, RAIL_TOP
from tabletop.sensing.magnets import SENSORS

WINDOW = const(4)  # readings averaged per sensor
_STILL = const(6)  # a reading this many noise widths off the average is motion


def smoothed_noise(noise, widths):
    """``widths`` times the noise of a smoothed reading (the average of WINDOW
    readings of noise ``noise``), rounded up to a whole count."""
    return int(widths * noise / WINDOW**0.5) + 1


class Smoothed:
    def __init__(self, profile):
        self.channels = profile.sensor_channels
        # the last WINDOW raw readings (16-bit ADC), one array per tick of the
        # window: rings[slot][s] is sensor s's reading that tick
        self.rings = tuple(array("H", bytes(2 * SENSORS)) for _ in range(WINDOW))
        self.sums = array("i", bytes(4 * SENSORS))  # each sensor's last WINDOW readings, summed
        self.block = array("i", bytes(4 * SENSORS))  # the sums a whole window ago
        self.slot = 0
        self.filled = 0
        self.still = 0
        self.set_noise(profile.noise)
        self.moving_at = 0
        self.railed = 0

    def set_noise(self, noise):
        """The noise of one raw reading (counts): what stillness allows."""
        self.still = int(_STILL * noise * WINDOW)

    def update(self, analog, now_ms):
        """Take one raw reading of every sensor into the moving average."""
        sums = self.sums
        channels = self.channels
        slot = self.slot
        ring = self.rings[slot]  # the readings this one replaces
        still = self.still
        moving = False
        for s in range(SENSORS):
            v = analog[channels[s]]
            total = sums[s]
            d = v * WINDOW - total
            if d > still or d < -still:
                if v < RAIL or v > RAIL_TOP:
                    self.railed |= 1 << s  # (ignored: a sensor glitch, not a piece)
                    continue
                # A step, not noise: the average starts afresh at the new value.
                moving = True
                for r in self.rings:
                    r[s] = v
                sums[s] = v * WINDOW
                continue
            sums[s] = total + v - ring[s]
            ring[s] = v
        self.slot = (slot + 1) % WINDOW
        if slot == WINDOW - 1:
            # Slow motion (a hand lowering a marble) shows between windows.
            block = self.block
            lim = still * 8 // 17  # two window sums 4 noise widths apart
            for s in range(SENSORS):
                d = sums[s] - block[s]
                if d > lim or d < -lim:
                    moving = True
                block[s] = sums[s]
        if moving and self.filled == WINDOW:
            self.moving_at = now_ms
        if self.filled < WINDOW:
            self.filled += 1

    def ready(self):
        return self.filled == WINDOW
