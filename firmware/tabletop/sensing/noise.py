"""Each hall sensor's own noise, measured at power on.

    meter = NoiseMeter(profile)
    meter.feed(analog)        # every tick from power on, the raw array; True once done
    meter.noise[s]            # then: sensor s's noise, the rms of one raw reading (counts)
    meter.typical             # ... the board's: the median sensor's
    meter.faulty              # ... bits of the sensors far noisier than the rest
    meter.hand_over(sensor, analog)   # a PyramidSensor takes it in (once)
    work_with(sensor, noise)  # (hand_over's) the sensing works with that noise

A board's sensing is tuned to the noise its profile states (``model.noise``);
a board built with noisier parts, a longer cable or a worse supply would
then take its own noise for pieces moving and never settle. So the board
measures what its sensors really do in the first ticks after power on and
works with the larger of the two.

The noise is told from the differences between successive readings: one
tick is too short for drift or a hand's approach to show, and the
difference of two readings with Gaussian noise ``n`` has a median size of
0.954 ``n``. A median is not moved by the few ticks in which a marble was
set down or knocked. A sensor more than ``_FAULT_TIMES`` times noisier than
the typical one (and than the profile's figure) is a fault: a loose wire, a
floating multiplexer input, a broken part; unless its readings went one way
meanwhile, their net change more than half the path they took (a hand
lowering a marble onto it as the power came back: its field grows every
tick), where noise ends about where it began.
"""

from array import array
from micropython import const

from tabletop.sensing.magnets import SENSORS
from tabletop.sensing.smoothing import smoothed_noise

_NOISIER_BY = const(4)  # measured noise a quarter above the profile's: the board works with it

SAMPLES = const(24)  # differences taken of each sensor (SAMPLES + 1 ticks)
_FAULT_TIMES = const(4)
_MOST = const(255)  # a difference kept (counts)
_PER_MEDIAN = const(1048)  # a reading's noise per 1000 of median |difference| (1 / 0.954)


class NoiseMeter:
    def __init__(self, profile):
        self.channels = profile.sensor_channels
        self.floor = profile.noise
        self.first = array("H", bytes(2 * SENSORS))
        self.path = array("i", bytes(4 * SENSORS))  # the sum of each one's |differences|
        self.last = array("H", bytes(2 * SENSORS))
        # each |difference|, at most _MOST: a sensor whose median comes
        # near that is far past any fault limit (bytes: the 600 of them
        # live only the first ticks, when the heap is fullest)
        self.diffs = bytearray(SENSORS * SAMPLES)
        self.taken = -1  # differences taken so far (the first reading has none)
        self.noise = array("H", bytes(2 * SENSORS))
        self.typical = 0
        self.faulty = 0

    def feed(self, analog):
        """Take one tick's raw readings; True once the noise is known."""
        channels = self.channels
        last = self.last
        diffs = self.diffs
        n = self.taken
        for s in range(SENSORS):
            v = analog[channels[s]]
            if n >= 0:
                d = v - last[s]
                d = d if d >= 0 else -d
                diffs[s * SAMPLES + n] = d if d < _MOST else _MOST
                self.path[s] += d
            else:
                self.first[s] = v
            last[s] = v
        self.taken = n + 1
        if self.taken < SAMPLES:
            return False
        self._work_out()
        return True

    def _work_out(self):
        noise = self.noise
        mid = SAMPLES // 2
        trend = 0  # sensors whose readings went one way: more than half their path
        for s in range(SENSORS):
            row = sorted(self.diffs[s * SAMPLES : (s + 1) * SAMPLES])
            # (integers: every port rounds the same)
            noise[s] = ((row[mid - 1] + row[mid]) * _PER_MEDIAN + 1000) // 2000
            net = self.last[s] - self.first[s]
            if 2 * (net if net >= 0 else -net) > self.path[s]:
                trend |= 1 << s
        self.diffs = bytearray()  # (the samples' memory back)
        self.typical = sorted(noise)[SENSORS // 2]
        limit = _FAULT_TIMES * max(self.typical, self.floor)
        for s in range(SENSORS):
            if noise[s] > limit and not trend >> s & 1:
                self.faulty |= 1 << s

    def hand_over(self, sensor, analog):
        """What was measured goes to ``sensor`` (a PyramidSensor): a board
        clearly noisier than its profile says works with its own noise; a
        faulty sensor is left out from now on, held at what it reads now
        (``analog``, the raw array)."""
        sensor.measured = True
        sensor.typical = typical = self.typical
        sensor.sensor_noise = self.noise
        if typical > sensor.noise + sensor.noise / _NOISIER_BY:
            work_with(sensor, typical)
        faulty = sensor.faulty = self.faulty
        if faulty:
            held = sensor.held = array("H", bytes(2 * SENSORS))
            channels = sensor.readings.channels
            for s in range(SENSORS):
                if faulty >> s & 1:
                    held[s] = analog[channels[s]]
            sensor.learnt.leave_out(faulty, held)


def work_with(sensor, noise):
    """A PyramidSensor works with raw readings of noise ``noise`` (counts)
    from now on: what counts as motion, as steady, the dead band of every
    fit. What fits and what is clear stay at the profile's noise (tried:
    scaled too, a board at twice its profile's noise accepted a marble
    carried past on level 3 as set down there). Once, at power on."""
    sensor.noise = noise
    # A hand's tremor hides in more noise: what holds on level 3 must hold
    # longer, as many times as the noise is the profile's.
    ratio = int(noise * 100 // sensor.steady_noise)
    sensor.high_settle_ms = sensor.high_settle_ms * max(100, ratio) // 100
    sensor.readings.set_noise(noise)
    sensor.finder.set_noise(noise)
    sensor.learnt.noise3 = sensor.misfit.noise3 = smoothed_noise(noise, 3)
    if noise > sensor.steady_noise:
        from tabletop.sensing.still_average import StillAverage

        floor = smoothed_noise(sensor.steady_noise, 2)  # (ChangeFinder's slack at it)
        sensor.deep = StillAverage(sensor.readings, sensor.settle_ms, noise, floor)
