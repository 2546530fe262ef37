#!/usr/bin/env node
// The emulated Pico's USB serial port on this process's stdin and stdout,
// for as long as stdin stays open: what a host writes reaches the chip's
// REPL (or the firmware, when it plays), what the chip writes comes out.
// sim/pico_pty.py puts it behind a pseudo terminal for mpremote and the
// host tools.
//
//   node tests/pico/serve.mjs IMAGE
//
// IMAGE is the chip's flash: read at start if it exists (else a fresh chip:
// MicroPython makes its littlefs), written back when stdin closes or on
// SIGTERM, so what was copied onto the chip is there at the next start.
// Emulated time runs as fast as the host allows (about an eighth of a real
// Pico's speed on this machine); a core waiting for an interrupt skips ahead
// to its next alarm.

import fs from 'node:fs';
import { Pico } from './chip.mjs';

const FLASH_BYTES = 2 * 1024 * 1024;
const SLICE_MS = 20; // host time the emulator runs before it lets the event loop in
const BATCH = 20000;
const CYCLE_NS = 1e9 / 125e6;
const IDLE_NS = 100e3;

const [image] = process.argv.slice(2);
const pico = fs.existsSync(image) ? new Pico({ flash: fs.readFileSync(image) }) : new Pico();
pico.onOutput = (text) => process.stdout.write(Buffer.from(text, 'latin1'));
pico.mcu.core.PC = 0x10000000;
pico.runUntil(() => pico.connected, 10000, 'USB');
pico.received = '';

let done = false;
function save() {
  if (done) return;
  done = true;
  fs.writeFileSync(image, pico.mcu.flash.subarray(0, FLASH_BYTES));
  process.exit(0);
}

process.stdin.on('data', (data) => pico.send(data));
process.stdin.on('end', save);
process.on('SIGTERM', save);

function slice() {
  const { mcu, clock } = pico;
  const core = mcu.core;
  const until = performance.now() + SLICE_MS;
  while (performance.now() < until) {
    pico.serveHost();
    pico.received = ''; // (passed on as it came: onOutput)
    for (let i = 0; i < BATCH; i++) {
      if (core.waiting) {
        const sleep = clock.nanosToNextAlarm;
        clock.tick(sleep > 0 ? sleep : IDLE_NS);
        break;
      }
      clock.tick(core.executeInstruction() * CYCLE_NS);
    }
  }
  if (!done) setImmediate(slice);
}
slice();
