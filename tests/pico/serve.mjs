#!/usr/bin/env node
// The emulated Pico's USB serial port on this process's stdin and stdout,
// for as long as stdin stays open: what a host writes reaches the chip's
// REPL (or the firmware, when it plays), what the chip writes comes out.
// sim/device/pico_pty.py puts it behind a pseudo terminal for mpremote and the
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
let rebooting = false;

// A chip from `flash` (null: a fresh one), booting. Nothing wired but
// pull-ups: every input pin rests high (rp2040js models no pull resistors),
// so buttons wired to ground read released and an I2C bus with nothing on it
// answers no address at once. A watchdog reset (machine.reset(), or a
// watchdog not fed) boots a new chip from the same flash, as a board does.
function start(flash) {
  const chip = flash ? new Pico({ flash }) : new Pico();
  chip.onOutput = (text) => process.stdout.write(Buffer.from(text, 'latin1'));
  for (const pin of chip.mcu.gpio) pin.setInputValue(true);
  chip.mcu.peripherals[0x40058].onWatchdogTrigger = () => {
    rebooting = true;
  };
  chip.mcu.core.PC = 0x10000000;
  chip.runUntil(() => chip.connected, 10000, 'USB');
  chip.received = '';
  return chip;
}

let pico = start(fs.existsSync(image) ? fs.readFileSync(image) : null);

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
  if (rebooting) {
    rebooting = false;
    const old = pico;
    pico = start(Buffer.from(old.mcu.flash.subarray(0, FLASH_BYTES)));
    pico.toSend.push(...old.toSend); // what the host wrote meanwhile waits for the new chip
  }
  const { mcu, clock } = pico;
  const core = mcu.core;
  const until = performance.now() + SLICE_MS;
  while (performance.now() < until && !rebooting) {
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
