"""The analog scan on an RP2040, in machine code: MicroPythonHal.read_analog's
loop, register by register.

    from hal.rp2_scan import Rp2Scan
    scan = Rp2Scan(select_pins, adc_pins, channels, settle_us, samples)
    scan.read(buf)        # what MicroPythonHal.read_analog fills, value for value

Why: through ``machine`` a Pyraos board's scan (16 select settings, 25
channels read 4 times) costs 2.7 ms of a 5 ms tick on a Pico, nearly all of
it Python calls (a ``pin.value()`` or ``adc.read_u16()`` is 6 to 9 us);
the conversions and the mux's settle time are 0.5 ms of it. Here the same
steps run as MicroPython's viper code (docs.micropython.org, "Maximising
MicroPython speed"): the select pins set through the SIO's set and clear
registers, the settle time waited on the microsecond timer, each conversion
started and read as ``machine.ADC.read_u16`` does (``adc_read``: AINSEL, one
START_ONCE, wait for READY, RESULT, scaled to 16 bits as ``raw << 4 | raw >>
8``). The pins and ADC inputs are set up by ``machine`` first (MicroPythonHal
builds them); only the reading is done here.

RP2040 only (its register addresses): MicroPythonHal uses this only when
``sys.implementation._machine`` names one, and compiles it for the Cortex-M0+
(``mpy-cross -march=armv6m``). The Pico test (tests/test_pico.py) checks it
reads what the ``machine`` loop reads.
"""

import micropython
from array import array
from micropython import const

_SIO_OUT_SET = const(0xD0000014)  # GPIO_OUT_SET: a 1 bit drives that pin high
_SIO_OUT_CLR = const(0xD0000018)  # GPIO_OUT_CLR: ... low
_ADC_CS = const(0x4004C000)  # control and status; RESULT is the next word
_CS_EN = const(1)
_CS_START_ONCE = const(1 << 2)
_CS_READY = const(1 << 8)
_CS_AINSEL = const(12)  # shift of the input select field
_TIMER_RAWL = const(0x40054028)  # the microsecond timer's low word
_FIRST_ADC_PIN = const(26)  # GP26 is ADC input 0, ... GP29 input 3
_MUX_INPUTS = const(16)


class Rp2Scan:
    def __init__(self, select_pins, adc_pins, channels, settle_us, samples):
        # The SIO bits each select setting drives high (bit b of the setting
        # on select_pins[b]); the rest of the select pins are driven low.
        self.inputs = min(channels, _MUX_INPUTS)
        self.high = array("I", bytes(4 * self.inputs))
        every = 0
        for pin in select_pins:
            every |= 1 << pin
        for s in range(self.inputs):
            for b in range(len(select_pins)):
                if s >> b & 1:
                    self.high[s] |= 1 << select_pins[b]
        self.every = every
        self.adc_inputs = bytearray(p - _FIRST_ADC_PIN for p in adc_pins)
        self.channels = channels
        self.settle_us = settle_us
        self.samples = samples

    def read(self, buf):
        """Fill ``buf`` (array("H"), one per channel) as MicroPythonHal.read_analog does."""
        # (viper takes any buffer where it wants a pointer; the stubs know no such rule)
        high = self.high
        inputs = self.adc_inputs
        _scan(buf, high, inputs, self.every, self.channels, self.settle_us, self.samples)  # pyright: ignore[reportArgumentType]


@micropython.viper
def _scan(
    buf: ptr16,
    high: ptr32,
    adc_inputs: ptr8,
    every: int,
    channels: int,
    settle_us: int,
    samples: int,
):
    set_reg = ptr32(_SIO_OUT_SET)
    clr_reg = ptr32(_SIO_OUT_CLR)
    cs = ptr32(_ADC_CS)
    timer = ptr32(_TIMER_RAWL)
    half = samples >> 1
    inputs = channels if channels < _MUX_INPUTS else _MUX_INPUTS
    s = 0
    while s < inputs:
        clr_reg[0] = every
        set_reg[0] = high[s]
        start = timer[0]
        while timer[0] - start <= settle_us:  # at least settle_us whole
            pass
        c = s
        mux = 0
        while c < channels:
            start_once = _CS_EN | adc_inputs[mux] << _CS_AINSEL | _CS_START_ONCE
            total = 0
            i = 0
            while i < samples:
                cs[0] = start_once
                while not cs[0] & _CS_READY:
                    pass
                raw = cs[1]
                total += raw << 4 | raw >> 8
                i += 1
            buf[c] = (total + half) // samples
            c += _MUX_INPUTS
            mux += 1
        s += 1
