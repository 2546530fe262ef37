"""Each hall sensor's own noise, measured at power on, and the sensors that
cannot be working.

    meter = NoiseMeter(channels, floor)   # the analog channels watched; the profile's noise
    meter.feed(analog)        # every tick from power on, the raw array; True once done
    meter.noise[s]            # then: sensor s's noise, the rms of one raw reading (counts)
    meter.typical             # ... the board's: all its working sensors' differences pooled
    meter.quarters            # ... the same in quarter counts
    meter.faulty              # ... bits of the sensors that cannot be working (below)
    meter.unwired             # ... more than half of them: nothing usable is wired
    meter.hand_over(sensor)   # a PyramidSensor takes it in (once)
    work_with(sensor, noise)  # (hand_over's) the sensing works with that noise

A board's sensing is tuned to the noise its profile states (``model.noise``);
a board built with noisier parts, a longer cable or a worse supply would
then take its own noise for pieces moving and never settle. So the board
measures what its sensors really do in the first ticks after power on and
works with the larger of the two (from a sixteenth above the profile's:
below that, the measurement cannot tell the two apart; see the figures
below).

The noise is told from the differences between successive readings: one
tick is too short for drift or a hand's approach to show, and the
difference of two readings with Gaussian noise ``n`` has a median size of
0.954 ``n``. A median is not moved by the few ticks in which a marble was
set down or knocked; but of 24 differences it is a rough figure (about a
quarter off, one standard deviation). The board's noise pools the
differences of the sensors that are working and still (not faulty, their
readings not gone one way): the mean square of each one's 20 smallest (the
4 largest left out: a marble landing, a knock), which for Gaussian noise
is 1.042 ``n`` squared, in quarter counts. Of 300 power ons of the
simulated reference board this is within 4 % (one standard deviation;
the median sensor's median: 6 %, and in whole counts). So a board at its
profile's noise (15) measures more than a sixteenth above it on 7 % of
power ons (and works with at most 17: its motion tests a little laxer),
and the reference hardware (17.6 counts, docs/FIRMWARE.md) measures 18.0
+- 0.7, never below 16 (2.8 standard deviations above the sixteenth): it
works with its own on every power on (tried: retuning from a quarter
above, as many of those boards did not as did, and those took their
noise for motion about once a second).

A sensor more than ``_FAULT_TIMES`` times noisier than the median one (and
than the profile's figure) is a fault: a loose wire, a floating
multiplexer input, a broken part; unless its readings went one way
meanwhile, their net change more than half the path they took (a hand
lowering a marble onto it as the power came back: its field grows every
tick), where noise ends about where it began.

So is a sensor that is dead (docs/DEVICE.md, "Faulty sensors"): every
reading at a rail (tabletop.sensing.RAIL: where no hall sensor's output
goes; a wire off, a short, nothing there), or not one reading different
from the one before while other sensors showed their noise (a hall sensor
through an ADC always shows some; where no sensor changes at all, the
board is a simulated one without noise or a test's ideal readings, and
that says nothing). More than half of a board's sensors faulty: nothing
usable is wired, and the board does not play (a Pacal or Diabolo board's
check, with its card readers: tabletop.sensing.sensor_check). Loaded at
power on, let go once the noise is known.
"""

from array import array
from micropython import const

from tabletop.sensing import RAIL, RAIL_TOP

_NOISIER_BY = const(16)  # measured noise a sixteenth above the profile's: the board works with it
_DEEPER_BY = const(2)  # ... half above: the readings averaged longer, too (still_average)

SAMPLES = const(24)  # differences taken of each sensor (SAMPLES + 1 ticks)
_FAULT_TIMES = const(4)
_MOST = const(255)  # a difference kept (counts)
_PER_MEDIAN = const(1048)  # a reading's noise per 1000 of median |difference| (1 / 0.954)
_KEPT = const(20)  # of each sensor's SAMPLES differences, the smallest pooled for the board's
_PER_SQUARE = const(960)  # noise squared per 1000 of their mean square (Gaussian: 1 / 1.042)


class NoiseMeter:
    def __init__(self, channels, floor):
        self.channels = channels
        self.floor = floor
        self.n = n = len(channels)
        self.first = array("H", bytes(2 * n))
        self.path = array("i", bytes(4 * n))  # the sum of each one's |differences|
        self.last = array("H", bytes(2 * n))
        self.low = array("H", b"\xff\xff" * n)  # each one's lowest reading, and highest
        self.high = array("H", bytes(2 * n))
        # each |difference|, at most _MOST: a sensor whose median comes
        # near that is far past any fault limit (bytes: the 600 of them
        # live only the first ticks, when the heap is fullest)
        self.diffs = bytearray(n * SAMPLES)
        self.taken = -1  # differences taken so far (the first reading has none)
        self.noise = array("H", bytes(2 * n))
        self.typical = 0
        self.quarters = 0  # (the board's noise in quarter counts)
        self.faulty = 0
        self.unwired = False

    def feed(self, analog):
        """Take one tick's raw readings; True once the noise is known."""
        channels = self.channels
        last = self.last
        low = self.low
        high = self.high
        diffs = self.diffs
        n = self.taken
        for s in range(self.n):
            v = analog[channels[s]]
            if v < low[s]:
                low[s] = v
            if v > high[s]:
                high[s] = v
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
        n = self.n
        mid = SAMPLES // 2
        trend = 0  # sensors whose readings went one way: more than half their path
        dead = 0  # at a rail all along
        flat = 0  # ... or never changed
        for s in range(n):
            row = sorted(self.diffs[s * SAMPLES : (s + 1) * SAMPLES])
            # (integers: every port rounds the same)
            noise[s] = ((row[mid - 1] + row[mid]) * _PER_MEDIAN + 1000) // 2000
            net = self.last[s] - self.first[s]
            if 2 * (net if net >= 0 else -net) > self.path[s]:
                trend |= 1 << s
            if self.high[s] < RAIL or self.low[s] > RAIL_TOP:
                dead |= 1 << s
            elif not self.path[s]:
                flat |= 1 << s
        if (dead | flat) != (1 << n) - 1:  # (some sensor showed noise: a flat one is stuck)
            dead |= flat
        live = sorted([noise[s] for s in range(n) if not dead >> s & 1])
        median = live[len(live) // 2] if live else 0
        limit = _FAULT_TIMES * max(median, self.floor)
        faulty = dead
        count = 0
        for s in range(n):
            if noise[s] > limit and not trend >> s & 1:
                faulty |= 1 << s
            count += faulty >> s & 1
        self.faulty = faulty
        self.unwired = 2 * count > n
        # (nor one whose readings ended far from where they began, more
        # than 5 times the median sensor's noise, 3.5 standard deviations
        # of noise alone: a marble's field growing near it)
        moved = 0
        for s in range(n):
            net = self.last[s] - self.first[s]
            if (net if net >= 0 else -net) > 5 * median:
                moved |= 1 << s
        self.quarters = quarters = self._pooled(faulty | trend | moved, median)
        self.typical = (quarters + 2) // 4
        self.diffs = bytearray()  # (the samples' memory back)

    def _pooled(self, left_out, median):
        # The board's noise from the differences of every sensor neither
        # faulty nor going one way (a hand at work), its largest few left
        # out; the median sensor's if there is none.
        diffs = self.diffs
        total = 0  # (at most 25 x 20 x 255 squared: a small int on every port)
        count = 0
        for s in range(self.n):
            if left_out >> s & 1:
                continue
            row = sorted(diffs[s * SAMPLES : (s + 1) * SAMPLES])
            for i in range(_KEPT):
                total += row[i] * row[i]
            count += _KEPT
        if not count:
            return 4 * median
        # noise = sqrt(mean square * _PER_SQUARE / 1000), in quarter
        # counts (a whole count is 7 % of the reference board's noise) and
        # integers (every port rounds the same): the root of 16 times the square
        return _isqrt((total * 16 // count) * _PER_SQUARE // 1000)

    def hand_over(self, sensor):
        """What was measured goes to ``sensor`` (a PyramidSensor): a board
        clearly noisier than its profile says works with its own noise; a
        faulty sensor is left out from now on, held at the average of its
        window now (what its baseline becomes, so it fits as nothing)."""
        from tabletop.sensing.magnets import SENSORS  # (a Pyraos board's: loaded already)
        from tabletop.sensing.smoothing import WINDOW

        sensor.measured = True
        sensor.typical = self.typical
        sensor.sensor_noise = self.noise
        sensor.unwired = self.unwired
        if self.quarters > 4 * (sensor.noise + sensor.noise / _NOISIER_BY):
            work_with(sensor, self.quarters / 4)
        faulty = sensor.faulty = self.faulty
        if faulty:
            held = sensor.held = array("H", bytes(2 * SENSORS))
            sums = sensor.readings.sums
            for s in range(SENSORS):
                if faulty >> s & 1:
                    held[s] = sums[s] // WINDOW
            sensor.learnt.leave_out(faulty, held)
        sensor.calm = _calm(sensor, self.noise)


def _isqrt(v):
    # The integer square root of v >= 0 (Newton's, from above).
    if v < 2:
        return v
    x = v
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + v // x) // 2
    return x


def _calm(sensor, measured):
    # The cheap check of a quiet tick (tabletop.sensing.calm), for what was
    # measured: each sensor at its own noise, none below what the sensing
    # works with (a sensor that happened to read steadily is no quieter:
    # its figure, of 24 differences, is a quarter off, and the check adds
    # their squares up into T's mean, where the low ones left it a tenth
    # short; on a board twice as noisy, that and the LEDs' ripple once the
    # game lit them ate most of the half marble the check allows for: with
    # half of it as the floor, test_board_rest's board at 2x took its own
    # noise for a stir every 0.6 s, seed 27 of the numpy chain); against
    # the weakest marble's field, the sum of its squares over the sensors
    # (each capped as the check caps it).
    from tabletop.rules.pyraos_geometry import POSITIONS
    from tabletop.sensing.calm import CAP, Calm
    from tabletop.sensing.magnets import SENSORS
    from tabletop.sensing.smoothing import WINDOW

    floor = int(sensor.noise)
    noise = array("H", bytes(2 * SENSORS))
    for s in range(SENSORS):
        noise[s] = measured[s] if measured[s] > floor else floor
    k = sensor.finder.k
    least = -1
    for p in range(POSITIONS):
        total = 0
        for s in range(SENSORS):
            v = k[s * POSITIONS + p]
            v = v if v >= 0 else -v
            v = v if v < CAP else CAP
            total += v * v
        if least < 0 or total < least:
            least = total
    step = sensor.readings.still // WINDOW  # (a raw reading's step, as the average has it)
    return Calm(sensor.readings.channels, noise, least, sensor.faulty, step)


def work_with(sensor, noise):
    """A PyramidSensor works with raw readings of noise ``noise`` (counts)
    from now on: what counts as motion, as steady, the dead band of every
    fit. What fits and what is clear stay at the profile's noise (tried:
    scaled too, a board at twice its profile's noise accepted a marble
    carried past on level 3 as set down there). Once, at power on."""
    from tabletop.sensing.smoothing import smoothed_noise

    sensor.noise = noise
    # A hand's tremor hides in more noise: what holds on level 3 must hold
    # longer, by the square root of how many times the noise is the
    # profile's, as the evidence a tick adds shrinks (tried: not at all, a
    # board at twice the noise took 4 marbles carried past on level 3 for
    # set down there in 7,700 moves of the sweep).
    ratio = max(100, int(noise * 100 // sensor.steady_noise))  # (in percent)
    sensor.high_settle_ms = sensor.high_settle_ms * int((ratio * 100) ** 0.5) // 100
    sensor.readings.set_noise(noise)
    sensor.finder.set_noise(noise)
    sensor.learnt.noise3 = sensor.misfit.noise3 = smoothed_noise(noise, 3)
    if noise > sensor.steady_noise + sensor.steady_noise / _DEEPER_BY:
        from tabletop.sensing.still_average import StillAverage

        floor = smoothed_noise(sensor.steady_noise, 2)  # (ChangeFinder's slack at it)
        sensor.deep = StillAverage(sensor.readings, sensor.settle_ms, noise, floor)
