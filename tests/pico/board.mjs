// The board around the emulated Pico: a recorded sensor stream fed in through
// the peripherals the real hal (hal/micropython_hal.py) reads, and the LED
// frames read back off the wire.
//
//     const board = new WiredBoard(pico, profile, ticks);  // profile: the JSON object
//     ... the chip toggles the strobe pin around each tick ...
//     board.ticks[i]        // {start, end, led}: emulated ns of the tick and of its frame
//     board.frames          // [{tick, bytes}]: every LED frame, decoded
//
// `ticks` is what the firmware read, one entry per tick: {d: [byte, ...] or
// null, a: [12-bit ADC code per analog channel], b: button bits}. The chip
// announces each tick on the strobe pin (high while it runs), and the board
// then presents that tick's readings, as a physical board would hold them:
//
// - 74HC165 chain: a falling edge on the latch pin loads the tick's bytes; the
//   SPI peripheral shifts them out one per transfer, 8 bits at the profile's
//   baud rate.
// - CD74HC4067 + ADC: whenever the select pins change, each ADC input shows
//   the code of the channel selected on its mux (channel c is input c % 16 of
//   mux c // 16).
// - Buttons: the pin levels, polarity as the profile says (active low: a
//   pressed button reads 0).
// - WS2812 chain: MicroPython's neopixel bit-bangs the data pin
//   (machine.bitstream, timed in CPU cycles); a bit is 1 when its high pulse
//   lasts longer than HIGH_1_NS, 8 bits a byte, 3 bytes an LED, `count` LEDs
//   a frame.

const ADC_FIRST_PIN = 26; // GPIO 26..29 are ADC inputs 0..3
const MUX_INPUTS = 16;
const HIGH_1_NS = 600; // WS2812: a 0 is high ~400 ns, a 1 ~800 ns
export const STROBE_PIN = 2; // free on both reference boards

export class WiredBoard {
  constructor(pico, profile, ticks, strobePin = STROBE_PIN) {
    this.pico = pico;
    this.mcu = pico.mcu;
    this.profile = profile;
    this.readings = ticks;
    this.now = -1; // the tick the chip runs (-1: before the first)
    this.ticks = [];
    this.frames = [];
    this.frameBytes = 3 * profile.leds.count;
    this.shifting = []; // bytes left in the 74HC165 chain
    this.bits = [];
    this.frame = [];
    this.risen = -1;
    this.wireStrobe(strobePin);
    this.wireMux();
    this.wireChain();
    this.wireButtons();
    this.wireLeds();
  }

  gpio(n) {
    return this.mcu.gpio[n];
  }

  wireStrobe(n) {
    this.gpio(n).addListener(() => {
      const high = this.gpio(n).outputValue;
      if (high) {
        this.now += 1;
        if (this.now >= this.readings.length) throw new Error(`tick ${this.now}: past the end of the log`);
        this.ticks.push({ start: this.pico.nanos, end: -1, led: -1 });
        this.present();
      } else if (this.now >= 0) {
        this.ticks[this.now].end = this.pico.nanos;
      }
    });
  }

  // What the current tick shows on buttons and ADC inputs.
  present() {
    const { b } = this.readings[this.now];
    const low = this.profile.buttons.active_low;
    this.gpio(this.profile.pins.menu).setInputValue(Boolean(b & 1) !== low);
    this.gpio(this.profile.pins.back).setInputValue(Boolean(b & 2) !== low);
    this.selected();
  }

  wireMux() {
    const mux = this.profile.pins.mux;
    if (!mux) return;
    for (const pin of mux.select) this.gpio(pin).addListener(() => this.selected());
  }

  selected() {
    const mux = this.profile.pins.mux;
    if (!mux || this.now < 0) return;
    let input = 0;
    mux.select.forEach((pin, bit) => {
      if (this.gpio(pin).outputValue) input |= 1 << bit;
    });
    const codes = this.readings[this.now].a;
    mux.adc.forEach((pin, m) => {
      const channel = m * MUX_INPUTS + input;
      this.mcu.adc.channelValues[pin - ADC_FIRST_PIN] = channel < codes.length ? codes[channel] : 0;
    });
  }

  wireChain() {
    const spi = this.profile.pins.spi;
    if (!spi) return;
    const latch = this.gpio(this.profile.pins.latch);
    latch.addListener(() => {
      if (!latch.outputValue && this.now >= 0) this.shifting = [...(this.readings[this.now].d ?? [])];
    });
    const port = this.mcu.spi[spi.id];
    const byteNs = 8e9 / spi.baudrate;
    port.onTransmit = () => {
      const byte = this.shifting.length ? this.shifting.shift() : 0;
      const done = this.pico.clock.createAlarm(() => port.completeTransmit(byte));
      done.schedule(byteNs);
    };
  }

  wireButtons() {
    const { menu, back } = this.profile.pins;
    const released = this.profile.buttons.active_low; // the level of a released button
    this.gpio(menu).setInputValue(released);
    this.gpio(back).setInputValue(released);
  }

  wireLeds() {
    const pin = this.gpio(this.profile.pins.leds);
    pin.addListener(() => {
      const now = this.pico.nanos;
      if (pin.outputValue) {
        this.risen = now;
        if (!this.bits.length && !this.frame.length && this.now >= 0 && this.ticks[this.now].led < 0) {
          this.ticks[this.now].led = now; // the frame's first edge
        }
      } else if (this.risen >= 0) {
        this.bits.push(now - this.risen > HIGH_1_NS ? 1 : 0);
        this.risen = -1;
        if (this.bits.length === 8) {
          this.frame.push(this.bits.reduce((byte, bit) => (byte << 1) | bit, 0));
          this.bits = [];
          if (this.frame.length === this.frameBytes) {
            this.frames.push({ tick: this.now, bytes: Buffer.from(this.frame) });
            this.frame = [];
          }
        }
      }
    });
  }
}
