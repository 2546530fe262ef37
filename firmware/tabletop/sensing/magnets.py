"""The magnet model of the Pyraos board (docs/FIRMWARE.md): where sensors and
marbles are, and what a marble at a position adds to each sensor's reading.

    K = kernel(profile)        # K[s * 30 + p]: counts marble p adds to sensor s
    OWN_SENSOR[p]              # the sensor straight below position p
"""

from array import array

from tabletop.rules.pyraos_geometry import COL, LEVEL, POSITIONS, ROW

SENSORS = 25


def sensor_xy(i, pitch):
    """Where sensor i (profile order: cups a1..d4, then points 2a1..2c3) sits."""
    if i < 16:
        return (i % 4) * pitch, (i // 4) * pitch
    j = i - 16
    return (j % 3 + 0.5) * pitch, (j // 3 + 0.5) * pitch


def position_xyz(p, pitch, depth):
    """The centre of a marble at position p, in mm above the sensor plane."""
    k = LEVEL[p] - 1
    return (
        (COL[p] + k / 2) * pitch,
        (ROW[p] + k / 2) * pitch,
        depth + k * pitch / 1.4142135623730951,
    )


def kernel(profile):
    """K[s * 30 + p]: what a marble at p adds to sensor s, in ADC counts."""
    pitch = profile.pitch_mm
    depth = profile.depth_mm
    out = array("i", bytes(4 * SENSORS * POSITIONS))
    for s in range(SENSORS):
        sx, sy = sensor_xy(s, pitch)
        gain = profile.sensor_gain[s] * profile.moment
        for p in range(POSITIONS):
            x, y, z = position_xyz(p, pitch, depth)
            dx = x - sx
            dy = y - sy
            r2 = dx * dx + dy * dy + z * z
            out[s * POSITIONS + p] = int(gain * (3 * z * z - r2) / (r2 * r2 * (r2**0.5)))
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
            own[p] = 16 + y * 3 + x
        elif lv == 3:
            own[p] = (y + 1) * 4 + x + 1
        else:
            own[p] = 16 + 4
    return bytes(own)


OWN_SENSOR = _own_sensors()
del _own_sensors
