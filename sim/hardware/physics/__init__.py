"""The virtual boards: where the pieces are and what the sensors read.

One module per board (pyraos, pacal, diabolo) over what they share (common).

    physics = PyraosPhysics(profile, seed=7)
    physics.take_from_reserve(now_ms=0)
    physics.move_over(index("b2"), 40.0, now_ms=0, duration_ms=400)
    physics.release(index("b2"), now_ms=600)    # drops, bounces, settles
    physics.read(650, buf)                      # array("H", profile.analog_channels)

    physics = PacalPhysics(profile, seed=7)
    physics.take_card(23)
    physics.lay_on_slot(0, now_ms=100)          # the code bits bounce, then read 23
    physics.read_digital(130, bits)             # bytearray(profile.registers)

The readings follow the model of docs/FIRMWARE.md exactly (Pyraos: vertical
dipoles over sensor planes, summed; Pacal: the calibrated field levels and the
7-bit card codes). With ``errors=True`` the board also does what a real one
does: every sensor's gain and base are off by a little (fixed per seed),
magnets differ in strength, the base drifts slowly (a bounded random walk),
readings clip to 0..65535, a piece set down falls and bounces before it rests,
code bits flicker while a card is laid or lifted, and ``knock`` spikes a
sensor. Then noise, errors or not, by one of two sensor models
(``sensor``, DEFAULT_SENSOR unless told): "plain", Gaussian noise of
``noise`` times the profile's ``model.noise`` (Pyraos) or PACAL_NOISE counts
per reading, rounded and clipped to 16 bits; or "chain", the sensor chain of
the reference hardware (sim.hardware.physics.sensor_chain: the hall sensor's noise
and temperature, LED ripple, the RP2040 ADC's 12-bit codes with their
erratum, the hal's average of ``samples`` conversions; ``physics.leds(now_ms,
frame)`` tells it the LED frame sent), its noise sources times ``noise``.

Everything is deterministic for a seed: each concern draws from its own
``random.Random`` derived from it, so e.g. reading more often changes the noise
samples but not the drift or the errors (the drift walks in fixed steps of
virtual time; a jump of more than DRIFT_MAX_STEPS steps between two reads
walks only the last of them). Physically impossible actions (a
marble let go over a hole, two cards in one slot) raise ``PhysicsError``.

Times are virtual milliseconds; every action takes ``now_ms`` (when omitted,
the latest time the physics has seen is used).
"""

from typing import Any

from sim import part
from sim.hardware.physics.common import (
    BASE_ERROR,
    CARD_MAGNET_ERROR,
    DEFAULT_SENSOR,
    DRIFT_BOUND,
    GAIN_ERROR,
    MAGNET_ERROR,
    PACAL_NOISE,
    SENSOR_MODELS,
    PhysicsError,
)
from sim.hardware.physics.diabolo import DiaboloPhysics
from sim.hardware.physics.pacal import PacalPhysics, card_code
from sim.hardware.physics.pyraos import PyraosPhysics, sensor_below

Physics = PyraosPhysics | PacalPhysics | DiaboloPhysics


def make(profile: Any, seed: int = 0, noise: float = 1.0, sensor: str = DEFAULT_SENSOR) -> Physics:
    """The virtual board of the profile's game (sim.hardware.physics.<game>'s)."""
    physics: Physics = part(profile.game, "physics").make(profile, seed, noise=noise, sensor=sensor)
    return physics


__all__ = [
    "Physics",
    "make",
    "BASE_ERROR",
    "CARD_MAGNET_ERROR",
    "DEFAULT_SENSOR",
    "DRIFT_BOUND",
    "GAIN_ERROR",
    "MAGNET_ERROR",
    "PACAL_NOISE",
    "SENSOR_MODELS",
    "PhysicsError",
    "DiaboloPhysics",
    "PacalPhysics",
    "PyraosPhysics",
    "card_code",
    "sensor_below",
]
