// A Raspberry Pi Pico without the hardware: the real MicroPython rp2 firmware
// (tests/pico/rp2) running in the rp2040js emulator, reached the way a host
// reaches a board: over USB CDC, at the REPL.
//
//     const pico = new Pico();              // a fresh chip, the firmware in its flash
//     pico.boot();                          // to the ">>> " prompt (MicroPython makes
//                                           // its littlefs on first boot)
//     pico.put("/lib/x.mpy", bytes);        // copy a file, as `mpremote cp` does
//     const { stdout, stderr } = pico.exec("print(1)");   // raw REPL, raw-paste mode
//     pico.nanos                            // emulated time since power on
//
// Time is emulated: the clock advances 8 ns per core cycle (125 MHz) and
// `time.ticks_us()` on the chip reads it, so a figure is the same on every
// run and every machine. The core's instruction timings are modelled;
// flash wait states and XIP cache misses are not (code from flash runs
// somewhat faster than on a board). The flash itself is tests/pico/flash.mjs.
//
// The USB host is quiet: it answers the firmware's OUT requests only when it
// has bytes to send, as a real host does (rp2040js's own host answers every
// one after 10 us, a storm of interrupts that makes code look 2-3x slower).
//
// The watchdog is mended (mendWatchdog): rp2040js 1.4.1, once the count has
// run out, sets the next alarm 0 cycles ahead, forever, and the clock never
// gets past that instant.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConsoleLogger, LogLevel, Simulator, USBCDC } from 'rp2040js';
import { decodeBlock } from 'uf2';
import { FlashModel } from './flash.mjs';
import { bootromB1 } from './rp2/bootrom.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const FIRMWARE = path.join(HERE, 'rp2', 'RPI_PICO-20241129-v1.24.1.uf2');
const FLASH_START = 0x10000000;
const CYCLE_NS = 1e9 / 125e6;
const BATCH = 20000; // instructions between two looks at the host side
const IDLE_NS = 100e3; // a core asleep with no alarm set waits this long for the host
const PROMPT = '>>> ';
const RAW_PROMPT = 'raw REPL; CTRL-B to exit\r\n>';
const CTRL_A = '\x01';
const CTRL_B = '\x02';
const CTRL_D = '\x04';
const CTRL_E = '\x05';
const PUT_CHUNK = 256; // bytes of a file per write call, as mpremote sends them

export class ChipError extends Error {}

export class Pico {
  constructor({ firmware = FIRMWARE, flash = null } = {}) {
    this.sim = new Simulator();
    this.mcu = this.sim.rp2040;
    this.clock = this.sim.clock;
    this.mcu.loadBootrom(bootromB1);
    this.mcu.logger = new ConsoleLogger(LogLevel.Error);
    if (flash) this.mcu.flash.set(flash);
    else loadUf2(this.mcu.flash, fs.readFileSync(firmware));
    this.flash = new FlashModel(this.mcu, this.clock);
    mendWatchdog(this.mcu);
    this.received = ''; // from the chip (latin1), not yet taken
    this.toSend = []; // bytes for the chip, not yet in the CDC FIFO
    this.onOutput = null; // (text) => void: everything the chip writes, as it comes
    this.connected = false;
    this.heldRead = null;
    this.usb();
  }

  get nanos() {
    return this.clock.nanos;
  }

  usb() {
    const cdc = new USBCDC(this.mcu.usbCtrl);
    this.cdc = cdc;
    cdc.onDeviceConnected = () => {
      this.connected = true;
    };
    cdc.onSerialData = (data) => {
      const text = Buffer.from(data).toString('latin1');
      this.received += text;
      if (this.onOutput) this.onOutput(text);
    };
    const ctrl = this.mcu.usbCtrl;
    const read = ctrl.onEndpointRead;
    ctrl.onEndpointRead = (endpoint, size) => {
      if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) {
        this.heldRead = () => read.call(ctrl, endpoint, size); // answered when there is data
        return;
      }
      read.call(ctrl, endpoint, size);
    };
  }

  // Run the core until pred() holds; ChipError after `ms` of emulated time.
  // The host acts first (bytes into the CDC FIFO, a held OUT request answered);
  // a core waiting for an interrupt sleeps to the next alarm and then lets the
  // host act again, so time never runs past data the host has for it.
  runUntil(pred, ms = 60000, what = 'the chip') {
    const { mcu, clock } = this;
    const core = mcu.core;
    const limit = clock.nanos + ms * 1e6;
    while (!pred()) {
      this.serveHost();
      if (clock.nanos > limit) {
        throw new ChipError(`${what}: nothing after ${ms} ms; last output ${JSON.stringify(this.received.slice(-300))}`);
      }
      for (let i = 0; i < BATCH; i++) {
        if (core.waiting) {
          const sleep = clock.nanosToNextAlarm;
          clock.tick(sleep > 0 ? sleep : IDLE_NS); // (no alarm: only the host can wake it)
          break;
        }
        clock.tick(core.executeInstruction() * CYCLE_NS);
        if (this.flash.waitUntil) this.flash.passWait();
      }
    }
  }

  serveHost() {
    const { cdc } = this;
    while (this.toSend.length && !cdc.txFIFO.full) cdc.sendSerialByte(this.toSend.shift());
    if (this.heldRead && !cdc.txFIFO.empty) {
      const answer = this.heldRead;
      this.heldRead = null;
      answer();
    }
  }

  send(data) {
    for (const byte of typeof data === 'string' ? Buffer.from(data, 'latin1') : data) this.toSend.push(byte);
  }

  // Wait until the chip has written `text`; return what came before it and drop both.
  expect(text, ms = 60000) {
    this.runUntil(() => this.received.includes(text), ms, `waiting for ${JSON.stringify(text)}`);
    const at = this.received.indexOf(text);
    const before = this.received.slice(0, at);
    this.received = this.received.slice(at + text.length);
    return before;
  }

  boot() {
    this.mcu.core.PC = FLASH_START;
    this.runUntil(() => this.connected, 10000, 'USB');
    this.send('\r\n');
    const banner = this.expect(PROMPT);
    this.runUntil(() => this.received.endsWith(PROMPT), 1000, 'the prompt');
    this.received = '';
    return banner;
  }

  // Run `code` in raw-paste mode (raw mode where the chip has no raw paste):
  // {stdout, stderr}, stderr holding the traceback of an uncaught exception.
  exec(code, ms = 600000) {
    this.send(CTRL_A);
    this.expect(RAW_PROMPT);
    this.send(CTRL_E + 'A' + CTRL_A);
    this.runUntil(() => this.received.length >= 2, 1000, 'raw paste');
    const bytes = Buffer.from(code.replace(/\r?\n/g, '\n'), 'utf8');
    if (this.received.startsWith('R\x01')) {
      this.runUntil(() => this.received.length >= 4, 1000, 'raw paste window');
      let window = this.received.charCodeAt(2) | (this.received.charCodeAt(3) << 8);
      const step = window;
      this.received = this.received.slice(4);
      let at = 0;
      while (at < bytes.length) {
        if (!window) {
          this.runUntil(() => this.received.length > 0, 10000, 'raw paste flow control');
          const signal = this.received[0];
          this.received = this.received.slice(1);
          if (signal === CTRL_D) throw new ChipError('the chip stopped the raw paste');
          window += step; // signal \x01: room for another window
          continue;
        }
        const n = Math.min(window, bytes.length - at);
        this.send(bytes.subarray(at, at + n));
        at += n;
        window -= n;
      }
      this.send(CTRL_D);
      this.expect(CTRL_D);
    } else {
      this.received = this.received.slice(2); // "R\x00": plain raw mode
      this.send(bytes);
      this.send(CTRL_D);
      this.expect('OK');
    }
    const stdout = this.expect(CTRL_D, ms);
    const stderr = this.expect(CTRL_D, 10000);
    this.expect('>');
    this.send(CTRL_B);
    this.expect(PROMPT);
    return { stdout, stderr };
  }

  // exec, but an exception on the chip is a ChipError carrying its traceback.
  run(code, ms) {
    const { stdout, stderr } = this.exec(code, ms);
    if (stderr) throw new ChipError(stderr);
    return stdout;
  }

  // Copy `data` to `remote` on the chip's filesystem: open, then write calls of
  // PUT_CHUNK bytes each, as mpremote's `cp` does; folders are made as needed.
  put(remote, data) {
    const parts = remote.split('/').filter(Boolean);
    const lines = ['import os'];
    for (let i = 1; i < parts.length; i++) {
      const dir = '/' + parts.slice(0, i).join('/');
      lines.push(`try:\n os.mkdir(${JSON.stringify(dir)})\nexcept OSError:\n pass`);
    }
    lines.push(`f = open(${JSON.stringify(remote)}, 'wb')`, 'w = f.write');
    for (let at = 0; at < data.length; at += PUT_CHUNK) {
      lines.push(`w(${bytesLiteral(data.subarray(at, at + PUT_CHUNK))})`);
    }
    lines.push('f.close()');
    this.run(lines.join('\n'));
  }
}

// A Python bytes literal for `data` (printable ASCII as is, the rest escaped).
export function bytesLiteral(data) {
  let out = "b'";
  for (const b of data) {
    if (b === 0x27 || b === 0x5c) out += '\\' + String.fromCharCode(b);
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += '\\x' + b.toString(16).padStart(2, '0');
  }
  return out + "'";
}

// rp2040js's watchdog (peripherals/watchdog.js, 1.4.1) counts down to 0 with
// a periodic alarm that re-arms itself after it fires; at 0 the next alarm is
// 0 cycles away, so a watchdog that is not fed fires again and again at the
// same instant: clock.tick() never returns, node hears no signal, and the
// serial port goes silent. On the chip the count stops at 0 once it has
// fired (the reset is one event) and a feed (a write to LOAD) starts it again.
// That is what this does: the alarm is switched off just before it tells,
// so it does not re-arm, and switched back on by the next feed.
const WATCHDOG = 0x40058;
const WATCHDOG_LOAD = 0x04;

export function mendWatchdog(mcu) {
  const dog = mcu.peripherals[WATCHDOG];
  const alarm = dog && dog.alarm;
  if (!alarm || typeof alarm.callback !== 'function' || typeof dog.writeUint32 !== 'function') {
    throw new Error('rp2040js: the watchdog is not the one tests/pico/chip.mjs mends (see mendWatchdog)');
  }
  const fire = alarm.callback;
  alarm.callback = () => {
    alarm.enabled = false; // (the field, not the setter: this alarm is already off the clock's list)
    fire();
  };
  const write = dog.writeUint32;
  dog.writeUint32 = (offset, value) => {
    write.call(dog, offset, value);
    if (offset === WATCHDOG_LOAD) alarm.enable = dog.enable && dog.tickEnable; // counting again
  };
}

function loadUf2(flash, image) {
  for (let at = 0; at + 512 <= image.length; at += 512) {
    const { flashAddress, payload } = decodeBlock(image.subarray(at, at + 512));
    flash.set(payload, flashAddress - FLASH_START);
  }
}
