"""The magnet model of the Pyraos board (docs/FIRMWARE.md): where sensors and
marbles are, and what a marble at a position adds to each sensor's reading.

    K = kernel(profile)        # K[s * 30 + p]: counts marble p adds to sensor s
    OWN_SENSOR[p]              # the sensor straight below position p
    clip16(v)                  # v kept within a 16-bit array's range
"""

from array import array
from micropython import const

from tabletop.rules.pyraos_geometry import COL, LEVEL, POSITIONS, ROW

SENSORS = 25  # the 16 cups, then the 9 points where four cups meet
_CUPS = const(16)  # sensors 0..15: the cups a1..d4 (4 a row); then the points 2a1..2c3 (3 a row)
_CENTRE_POINT = const(_CUPS + 4)  # the point below 2b2 and the top


def clip16(v):
    """``v`` within -32768..32767: the range of an array("h"), where the
    kernel and what the sensing learns are kept (half the heap of 32 bits),
    clamped, never wrapped."""
    return -32768 if v < -32768 else 32767 if v > 32767 else v


def sensor_xy(i, pitch):
    """Where sensor i (profile order: cups a1..d4, then points 2a1..2c3) sits."""
    if i < _CUPS:
        return (i % 4) * pitch, (i // 4) * pitch
    j = i - _CUPS
    return (j % 3 + 0.5) * pitch, (j // 3 + 0.5) * pitch


def position_xyz(p, pitch, depth):
    """The centre of a marble at position p, in mm above the sensor plane."""
    k = LEVEL[p] - 1
    return (
        (COL[p] + k / 2) * pitch,
        (ROW[p] + k / 2) * pitch,
        depth + k * pitch / 1.4142135623730951,
    )


def _isqrt(n):
    # floor(sqrt(n)) for 0 <= n < 2**30, in small ints only
    if n < 2:
        return n
    x = n
    y = (x + 1) >> 1
    while y < x:
        x = y
        y = (x + n // x) >> 1
    return x


def kernel(profile):
    """K[s * 30 + p]: what a marble at p adds to sensor s, in ADC counts.

    The dipole's vertical field, gain * moment * (3z^2 - r^2) / r^5, worked
    out in integers (lengths in quarter millimetres, every step below 2**30)
    so that it allocates no float temporaries: on the device those are heap
    objects, and 750 entries would leave a few hundred KB of garbage at boot.
    Within half a percent of the float formula. Kept in 16 bits (1.5 KB
    less heap than 32): a field beyond +-32767 counts would drive a sensor
    at its 32768 baseline past the ADC's range anyway, so it is clipped."""
    q = int(profile.pitch_mm * 4 + 0.5)  # the pitch, in quarter mm
    # the height of each level's centres above the sensors, squared (in
    # quarter mm): levels sit pitch/sqrt(2) apart (four floats in all)
    z2 = []
    for k in range(4):
        z = (profile.depth_mm + k * profile.pitch_mm * 0.7071067811865476) * 4
        z2.append(int(z * z + 0.5))
    moment = profile.moment
    out = array("h", bytes(2 * SENSORS * POSITIONS))
    for s in range(SENSORS):
        if s < _CUPS:
            sx = (s % 4) * 2 * q
            sy = (s // 4) * 2 * q
        else:
            sx = ((s - _CUPS) % 3 * 2 + 1) * q
            sy = ((s - _CUPS) // 3 * 2 + 1) * q
        g32 = int(profile.sensor_gain[s] * moment) << 5  # (one float product per sensor)
        for p in range(POSITIONS):
            k = LEVEL[p] - 1
            dx = (COL[p] * 2 + k) * q - sx  # in eighths of a mm: halved below
            dy = (ROW[p] * 2 + k) * q - sy
            r2 = (dx * dx + dy * dy) // 4 + z2[k]  # r squared, quarter mm
            b = (g32 // r2) * (3 * z2[k] - r2) // r2  # g * 32 * (3z^2 - r^2) / r^4
            b = b * 64 // _isqrt(r2 * 1024)  # / r (in 1/128 mm)
            out[s * POSITIONS + p] = clip16(b)
    return out


def _own_sensors():
    # The sensor straight below each position: cups under level 1 and the
    # inner cups under level 3, points under level 2 and the top.
    own = bytearray(POSITIONS)
    for p in range(POSITIONS):
        lv = LEVEL[p]
        x, y = COL[p], ROW[p]
        if lv == 1:
            own[p] = y * 4 + x
        elif lv == 2:
            own[p] = _CUPS + y * 3 + x
        elif lv == 3:
            own[p] = (y + 1) * 4 + x + 1
        else:
            own[p] = _CENTRE_POINT
    return bytes(own)


OWN_SENSOR = _own_sensors()
del _own_sensors
