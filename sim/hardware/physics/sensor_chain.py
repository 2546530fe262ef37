"""The analog sensor chain of the reference hardware: what lies between a
hall sensor's ideal output and the number the firmware reads.

    chain = SensorChain(rngs=(err_rng, noise_rng), n=25, samples=4, noise=1.0, errors=True)
    chain.leds(now_ms, frame)              # the LED frame just sent (wire bytes, capped)
    chain.convert(now_ms, ideal, quiescent, channels, buf)

``ideal`` is each sensor's reading as the plain model has it (16-bit counts:
quiescent output plus field, drift and knocks); ``quiescent`` the part of it
with no magnet near. Each reading then goes through, in order (figures and
sources: docs/FIRMWARE.md, "The sensor model of the simulator"):

1. The sensor's temperature (``errors`` only): each sensor's quiescent
   output moves by its own coefficient per degree (DRV5055: +-1 % of VCC
   over -40..125 C), its sensitivity by +0.12 %/C while the magnets' field
   falls by 0.12 %/C (NdFeB): the board warms by WARM_C after power on.
2. The sensor's output noise (DRV5055A2 at 3.3 V: 6 mV pp over 20 kHz, about
   0.9 mV rms), drawn once per reading: the ``samples`` conversions of one
   channel take a few microseconds, too short for a 20 kHz sensor's noise
   to average out (their mean keeps AVERAGE_KEEPS of its variance).
3. Supply ripple from the LEDs (an assumption, no datasheet gives it): each
   lit WS2812B channel switches LED_MA on and off by its own PWM, out of
   step with the scan; the summed current's spread, through GROUND_MOHM of
   ground shared with the analog side, is noise on every reading; a frame
   that changes the current adds a load step dying away over STEP_MS.
4. The RP2040 ADC, conversion by conversion: its own noise (0.97 LSB rms),
   a 12-bit code with the wide codes of erratum RP2040-E11 (511, 1535, 2559
   and 3583 swallow about 9-10 LSB of input each), ``read_u16``'s scaling
   ``raw << 4 | raw >> 8``, and the hal's average of ``samples`` conversions
   rounded to nearest, as hal.micropython_hal and hal.rp2_scan do.

A scan's readings are converted at once (numpy: every sensor's noise and
every conversion's in one draw each, from a stream seeded by the board's
own), the same model as one reading at a time, at a fifth of the time.

``noise`` multiplies the three noise sources (2, 3 and the ADC's own noise);
the DNL, the 12-bit steps and the temperature are properties of the parts
and stay as they are.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

import numpy as np

# --- the RP2040 ADC -------------------------------------------------------------

ADC_CODES = 4096
VREF_MV = 3300.0  # the Pico's ADC_VREF is its 3V3 rail, which also feeds the sensors
LSB_MV = VREF_MV / ADC_CODES  # 0.806 mV
COUNTS_PER_LSB = 65535 / (ADC_CODES - 1)  # read_u16: raw << 4 | raw >> 8
ADC_NOISE_LSB = 0.97  # rms per conversion, Pico in its default (PSM) supply mode
CONVERSION_US = 2.0  # 96 cycles of the 48 MHz ADC clock: 500 kS/s
# RP2040-E11: the code below each of 512, 1536, 2560, 3584 is this many LSB
# wider than an ideal code (the mean of five Picos, kitanokitsune's correction).
WIDE_CODES = {511: 10.0, 1535: 9.0, 2559: 9.0, 3583: 10.0}

# --- the hall sensor (DRV5055A2 class, ratiometric, at 3.3 V) ---------------

SENSOR_NOISE_MV_PP = 6.0  # output-referred, over the sensor's 20 kHz bandwidth
PP_PER_RMS = 6.6  # the datasheet's pp: 0.2 mT pp from 215 nT/sqrt(Hz) over 20 kHz
SENSOR_BANDWIDTH_HZ = 20000.0
QUIESCENT_DRIFT = 0.01  # of VCC, over -40..125 C: each sensor's coefficient in +-this / 100 C
SENSITIVITY_TC = 0.0012  # per C, the A versions' compensation for NdFeB magnets
MAGNET_TC = -0.0012  # per C, NdFeB remanence
CALIBRATED_C = 25.0  # the profile's bases and gains hold at this temperature
WARM_C = 2.0  # assumption: the box warms this much after power on
WARM_TAU_MS = 15 * 60_000

# --- the LEDs on the supply (assumption) ---------------------------------------

LED_MA = 12.0  # WS2812B: each colour channel's constant current when on
GROUND_MOHM = 10.0  # shared ground between the LED return and the analog side
STEP_MS = 1.0  # a frame's load step dies away over this long


def _edges() -> list[float]:
    # Lower edge of each code 1..4095, in LSB of input (code 0 is everything below).
    extra = sum(WIDE_CODES.values())
    narrow = extra / (ADC_CODES - 2)  # codes 1..4094 give back what the wide ones take
    edges = [0.5]
    for c in range(1, ADC_CODES - 1):
        edges.append(edges[-1] + 1.0 - narrow + WIDE_CODES.get(c, 0.0))
    return edges


EDGES = _edges()
_EDGES = np.array(EDGES)  # (for a whole scan's conversions at once: numpy's searchsorted)


def adc_code(v_lsb: float) -> int:
    """The 12-bit code an input of ``v_lsb`` (in ideal LSB) converts to."""
    return bisect_right(EDGES, v_lsb)


def read_u16(code: int) -> int:
    return code << 4 | code >> 8


def average_keeps(samples: int, spacing_us: float = CONVERSION_US) -> float:
    """How much of the sensor's noise variance the mean of ``samples``
    conversions ``spacing_us`` apart keeps (a first-order 20 kHz noise)."""
    rho = math.exp(-2.0 * math.pi * SENSOR_BANDWIDTH_HZ * spacing_us * 1e-6)
    n = samples
    total = n + 2.0 * sum((n - k) * rho**k for k in range(1, n))
    return total / (n * n)


def mv_to_counts(mv: float) -> float:
    return mv / LSB_MV * COUNTS_PER_LSB


class SensorChain:
    """Sensors and ADC for ``n`` channels; see the module docstring."""

    def __init__(
        self,
        rngs: tuple[random.Random, random.Random],
        n: int,
        samples: int,
        noise: float,
        errors: bool,
    ) -> None:
        err_rng, noise_rng = rngs
        # (numpy draws a scan's noise at once, seeded from the board's stream)
        self._rng = np.random.default_rng(noise_rng.getrandbits(64))
        self.samples = max(1, samples)
        self.noise = noise
        self.errors = errors
        keep = average_keeps(self.samples)
        self.sensor_sd = noise * mv_to_counts(SENSOR_NOISE_MV_PP / PP_PER_RMS) * math.sqrt(keep)
        self.adc_sd = noise * ADC_NOISE_LSB
        per_c = mv_to_counts(QUIESCENT_DRIFT * VREF_MV) / 100.0
        self.drift_per_c = [err_rng.uniform(-per_c, per_c) if errors else 0.0 for _ in range(n)]
        self.ambient_c = CALIBRATED_C  # a test may set the room's temperature
        self.warm_c = WARM_C if errors else 0.0
        self._ripple_ma = 0.0  # the spread of the LED current (sd, mA)
        self._mean_ma = 0.0
        self._step_ma = 0.0  # the last frame's change of mean current
        self._step_at = 0

    # -- what the board does ----------------------------------------------------------

    def temperature(self, now_ms: int) -> float:
        """The sensors' temperature (C) at ``now_ms`` since power on."""
        return self.ambient_c + self.warm_c * (1.0 - math.exp(-now_ms / WARM_TAU_MS))

    def leds(self, now_ms: int, frame: bytes | bytearray) -> None:
        """The LED frame the hal just sent (bytes as on the wire, after the cap)."""
        var = 0.0
        mean = 0.0
        for b in frame:
            if b:
                d = b / 255.0
                mean += d
                var += d * (1.0 - d)
        mean *= LED_MA
        self._step_ma = self.step_ma(now_ms) + abs(mean - self._mean_ma)
        self._step_at = now_ms
        self._mean_ma = mean
        self._ripple_ma = LED_MA * math.sqrt(var)

    def step_ma(self, now_ms: int) -> float:
        if not self._step_ma or now_ms < self._step_at:
            return self._step_ma
        return self._step_ma * math.exp(-(now_ms - self._step_at) / STEP_MS)

    def ripple_sd(self, now_ms: int) -> float:
        """The ripple on a reading now (counts rms, before ``noise``)."""
        step = self.step_ma(now_ms)
        ma = math.sqrt(self._ripple_ma * self._ripple_ma + step * step)
        return mv_to_counts(ma * GROUND_MOHM * 1e-3)

    # -- one scan ----------------------------------------------------------------------

    def convert(
        self,
        now_ms: int,
        ideal: Sequence[float],
        quiescent: Sequence[float],
        channels: Sequence[int],
        buf: Any,
    ) -> None:
        """Fill ``buf[channels[i]]`` with what the firmware reads of ``ideal[i]``."""
        dt = self.temperature(now_ms) - CALIBRATED_C
        gain = (1.0 + SENSITIVITY_TC * dt) * (1.0 + MAGNET_TC * dt)
        ripple = self.noise * self.ripple_sd(now_ms)
        analog_sd = math.sqrt(self.sensor_sd * self.sensor_sd + ripple * ripple)
        n = len(ideal)
        samples = self.samples
        q = np.asarray(quiescent, dtype=float)
        drift = np.asarray(self.drift_per_c[:n])
        v = q + (np.asarray(ideal, dtype=float) - q) * gain + drift * dt
        if analog_sd > 0.0:
            v += self._rng.normal(0.0, analog_sd, n)
        v /= COUNTS_PER_LSB
        x = np.repeat(v[:, None], samples, axis=1)
        if self.adc_sd > 0.0:
            x += self._rng.normal(0.0, self.adc_sd, (n, samples))
        code = np.minimum(np.searchsorted(_EDGES, x, side="right"), ADC_CODES - 1)
        total = (code << 4 | code >> 8).sum(axis=1)
        for i, value in enumerate(((total + (samples >> 1)) // samples).tolist()):
            buf[channels[i]] = value
