// The Pico's QSPI flash (a Winbond W25Q16JV) as the boot ROM's flash routines
// drive it, so that MicroPython's littlefs on flash works in rp2040js.
//
//     const flash = new FlashModel(mcu, clock);   // before the core runs
//     flash.ops                                   // {page, sector, block}: programs and erases
//
// rp2040js executes code from flash (XIP) straight out of `mcu.flash`, but its
// SSI is a stub and its IO_QSPI is not modelled: a program or an erase does
// nothing, and the ROM's flash_range_erase gives up at once when it reads
// IO_QSPI's SD1 control register as all ones. This model replaces both:
//
// - IO_QSPI: the control registers keep what is written (status registers
//   still read all ones: chip select high, so the ROM never sees BOOTSEL).
//   Chip select forced low through GPIO_QSPI_SS_CTRL's OUTOVER starts a
//   command, forced high (or released) ends it.
// - SSI: while chip select is forced, every byte written to DR0 is a byte on
//   the flash's SPI bus and one byte comes back (RXFLR, DR0 reads), as a
//   standard SPI flash answers: status registers, JEDEC id, unique id, data.
//   Boot2's own traffic, with chip select left to the SSI, still goes to
//   rp2040js's stub, which is enough to enter XIP.
//
// Commands act when chip select goes high: write enable, page program (bits
// only cleared, within a 256-byte page), 4/32/64 KB erase, write status.
// Program and erase keep the busy bit set for the datasheet's typical time
// (TIMES_NS), so the firmware waits as on a board; maximum times and wear
// are not modelled. The ROM polls the status register until the flash is
// done, with interrupts off (no code can run from flash meanwhile): a run
// loop lets that wait pass at once (`passWait`) instead of emulating the
// same few instructions for up to 150 ms. The chip's clock, and every
// figure read from it, are as before; a deploy takes half the host's time.

const IO_QSPI = 0x40018;
const SSI = 0x18000;
const SS_CTRL = 0x0c;
const OUTOVER_LOW = 0x2;
const OUTOVER_HIGH = 0x3;
const SSI_TXFLR = 0x20;
const SSI_RXFLR = 0x24;
const SSI_SR = 0x28;
const SSI_DR0 = 0x60;
const SR_TFNF = 0x2;
const SR_TFE = 0x4;
const SR_RFNE = 0x8;
const STATUS_BUSY = 0x1;
const STATUS_WEL = 0x2;
const QUAD_ENABLE = 0x2; // status register 2 (boot2 sets it once)
const PAGE = 256;
const JEDEC_ID = [0xef, 0x40, 0x15]; // Winbond, W25Q16JV: 2 MB

export const TIMES_NS = { page: 0.4e6, sector: 45e6, block32: 120e6, block64: 150e6 };

const ERASES = {
  0x20: { size: 4096, ns: TIMES_NS.sector, kind: 'sector' },
  0x52: { size: 32768, ns: TIMES_NS.block32, kind: 'block' },
  0xd8: { size: 65536, ns: TIMES_NS.block64, kind: 'block' },
};

export class FlashModel {
  constructor(mcu, clock, uniqueId = [0xe6, 0x61, 0x38, 0x97, 0x23, 0x45, 0x67, 0x89]) {
    this.mcu = mcu;
    this.clock = clock;
    this.uniqueId = uniqueId;
    this.controls = new Map(); // IO_QSPI control registers as written
    this.forced = 0; // chip select override: 0 (the SSI's), OUTOVER_LOW or OUTOVER_HIGH
    this.command = []; // bytes since chip select went low
    this.received = []; // bytes for the SSI's receive FIFO
    this.writeEnabled = false;
    this.status2 = QUAD_ENABLE;
    this.busyUntil = 0;
    this.waitUntil = 0; // when the flash a status read found busy is done (0: none)
    this.ops = { page: 0, sector: 0, block: 0 };
    this.wire(mcu.peripherals[IO_QSPI], mcu.peripherals[SSI]);
  }

  wire(ioQspi, ssi) {
    ioQspi.readUint32 = (offset) => (offset & 4 ? this.controls.get(offset) ?? 0 : 0xffffffff);
    ioQspi.writeUint32 = (offset, value) => {
      this.controls.set(offset, value);
      if (offset === SS_CTRL) this.chipSelect((value >> 8) & 3);
    };
    const read = ssi.readUint32.bind(ssi);
    const write = ssi.writeUint32.bind(ssi);
    ssi.readUint32 = (offset) => {
      if (!this.forced) return read(offset);
      switch (offset) {
        case SSI_RXFLR:
          return this.received.length;
        case SSI_TXFLR:
          return 0; // every byte goes out at once
        case SSI_SR:
          return SR_TFNF | SR_TFE | (this.received.length ? SR_RFNE : 0);
        case SSI_DR0:
          return this.received.length ? this.received.shift() : 0;
        default:
          return read(offset);
      }
    };
    ssi.writeUint32 = (offset, value) => {
      if (this.forced && offset === SSI_DR0) this.exchange(value & 0xff);
      else write(offset, value);
    };
  }

  busy() {
    return this.clock.nanos < this.busyUntil;
  }

  // After an instruction that found the flash busy: the time to its end
  // passes, as the ROM's polling would have spent it.
  passWait() {
    const left = this.waitUntil - this.clock.nanos;
    this.waitUntil = 0;
    if (left > 0) this.clock.tick(left);
  }

  chipSelect(override) {
    if (override !== OUTOVER_LOW && this.command.length) this.execute();
    this.forced = override === OUTOVER_LOW || override === OUTOVER_HIGH ? override : 0;
    this.command = [];
  }

  // One byte out on the bus, one byte back.
  exchange(byte) {
    if (this.forced !== OUTOVER_LOW) {
      this.received.push(0xff); // nobody selected: the bus floats high
      return;
    }
    const n = this.command.length;
    this.command.push(byte);
    const [cmd] = this.command;
    let answer = 0xff;
    if (n >= 1) {
      if (cmd === 0x05) {
        if (this.busy()) this.waitUntil = this.busyUntil;
        answer = (this.busy() ? STATUS_BUSY : 0) | (this.writeEnabled ? STATUS_WEL : 0);
      }
      else if (cmd === 0x35) answer = this.status2;
      else if (cmd === 0x9f) answer = JEDEC_ID[(n - 1) % 3];
      else if (cmd === 0x4b && n >= 5) answer = this.uniqueId[(n - 5) % 8]; // after 4 dummy bytes
      else if (cmd === 0x03 && n >= 4) answer = this.byteAt(this.address() + n - 4);
      else if (cmd === 0x0b && n >= 5) answer = this.byteAt(this.address() + n - 5);
    }
    this.received.push(answer);
  }

  address() {
    const [, a, b, c] = this.command;
    return (a << 16) | (b << 8) | c;
  }

  byteAt(at) {
    return this.mcu.flash[at % this.mcu.flash.length];
  }

  execute() {
    const cmd = this.command[0];
    const flash = this.mcu.flash;
    if (cmd === 0x06) {
      this.writeEnabled = true;
    } else if (cmd === 0x04) {
      this.writeEnabled = false;
    } else if (!this.writeEnabled || this.busy()) {
      return; // a write the flash ignores
    } else if (cmd === 0x01 || cmd === 0x31) {
      if (cmd === 0x31 && this.command.length > 1) this.status2 = this.command[1];
      if (cmd === 0x01 && this.command.length > 2) this.status2 = this.command[2];
      this.writeEnabled = false;
    } else if (cmd === 0x02 && this.command.length > 4) {
      const start = this.address();
      const page = start - (start % PAGE);
      for (let i = 4; i < this.command.length; i++) {
        flash[page + ((start + i - 4) % PAGE)] &= this.command[i]; // NOR: program clears bits
      }
      this.finishWrite(TIMES_NS.page, 'page');
    } else if (cmd in ERASES && this.command.length >= 4) {
      const { size, ns, kind } = ERASES[cmd];
      const start = this.address() - (this.address() % size);
      flash.fill(0xff, start, start + size);
      this.finishWrite(ns, kind);
    }
  }

  finishWrite(ns, kind) {
    this.busyUntil = this.clock.nanos + ns;
    this.writeEnabled = false;
    this.ops[kind]++;
  }
}
