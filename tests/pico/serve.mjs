#!/usr/bin/env node
// The emulated Pico's USB serial port on this process's stdin and stdout,
// for as long as stdin stays open: what a host writes reaches the chip's
// REPL (or the firmware, when it plays), what the chip writes comes out.
// sim/device/pico_pty.py puts it behind a pseudo terminal for mpremote and the
// host tools.
//
//   node tests/pico/serve.mjs IMAGE [STATUS_FD]
//
// IMAGE is the chip's flash: read at start if it exists (else a fresh chip:
// MicroPython makes its littlefs), written back when stdin closes or on
// SIGTERM or SIGINT, so what was copied onto the chip is there at the next
// start. STATUS_FD, if given, is a file descriptor open for writing that
// gets one JSON object a line about the chip (never its serial data):
//
//   {"ready": true}          the chip is up: its USB port is connected
//   {"nanos": N}             emulated time since start, all chips (every REPORT_MS)
//   {"reset": "watchdog"}    the watchdog ran out ("forced": machine.reset());
//                            a new chip boots from the same flash
//   {"saved": IMAGE}         the flash is written back; node exits 0 next
//
// Emulated time runs as fast as the host allows (about an eighth of a real
// Pico's speed on this machine), but never more than LEAD_NS ahead of real
// time: a core waiting for an interrupt skips ahead to its next alarm (or,
// with none set, by IDLE_NS) until it has caught up with the wall clock,
// then waits for it, or for the host. So a chip at rest costs next to no CPU
// (at the REPL it has no alarm at all and used to spin a core), and its
// timeouts are never shorter than a host's. Waits shorter than SHORT_NS
// (USB transfers) are never held back.

import fs from 'node:fs';
import { Pico } from './chip.mjs';

const FLASH_BYTES = 2 * 1024 * 1024;
const SLICE_MS = 20; // host time the emulator runs before it lets the event loop in
const BATCH = 20000;
const CYCLE_NS = 1e9 / 125e6;
const IDLE_NS = 100e3;
const LEAD_NS = 20e6; // how far a resting chip's clock may run ahead of real time
const SHORT_NS = 50e3; // a wait shorter than this is never held back
const REPORT_MS = 100; // host time between two {"nanos"} lines
const WATCHDOG = 0x40058;
const REASONS = { 1: 'watchdog', 2: 'forced' }; // the watchdog's REASON bits: TIMER, FORCE

const [image, statusFd] = process.argv.slice(2);
const status = statusFd === undefined ? null : Number(statusFd);
let rebooting = false;
let earlier = 0; // emulated ns of the chips before this one
let reported = 0;
let wake = null; // the timer of a resting chip that is ahead of real time

function tell(obj) {
  if (status === null) return;
  try {
    fs.writeSync(status, JSON.stringify(obj) + '\n');
  } catch {
    // (nobody reads the status any more: the chip serves on regardless)
  }
}

// A chip from `flash` (null: a fresh one), booting. Nothing wired but
// pull-ups: every input pin rests high (rp2040js models no pull resistors),
// so buttons wired to ground read released and an I2C bus with nothing on it
// answers no address at once. A watchdog reset (machine.reset(), or a
// watchdog not fed) boots a new chip from the same flash, as a board does.
function start(flash) {
  const chip = flash ? new Pico({ flash }) : new Pico();
  chip.onOutput = (text) => process.stdout.write(Buffer.from(text, 'latin1'));
  for (const pin of chip.mcu.gpio) pin.setInputValue(true);
  const dog = chip.mcu.peripherals[WATCHDOG];
  dog.onWatchdogTrigger = () => {
    if (!rebooting) tell({ reset: REASONS[dog.reason] || 'watchdog' });
    rebooting = true;
  };
  chip.mcu.core.PC = 0x10000000;
  chip.runUntil(() => chip.connected, 10000, 'USB');
  chip.received = '';
  chip.born = performance.now() - chip.nanos / 1e6; // the wall clock when its clock read 0
  return chip;
}

let pico = start(fs.existsSync(image) ? fs.readFileSync(image) : null);
tell({ ready: true });

let done = false;
function save() {
  if (done) return;
  done = true;
  try {
    fs.writeFileSync(image, pico.mcu.flash.subarray(0, FLASH_BYTES));
  } catch (err) {
    process.stderr.write(`serve.mjs: cannot write the flash to ${image}: ${err.message}\n`);
    process.exit(1);
  }
  tell({ saved: image });
  process.exit(0);
}

function resume() {
  if (wake === null) return;
  clearTimeout(wake);
  wake = null;
  setImmediate(slice);
}

process.stdin.on('data', (data) => {
  pico.send(data);
  resume(); // (a resting chip hears the host at once)
});
process.stdin.on('end', save);
process.on('SIGTERM', save);
process.on('SIGINT', save);

function slice() {
  wake = null;
  if (done) return;
  if (rebooting) {
    rebooting = false;
    const old = pico;
    earlier += old.nanos;
    pico = start(Buffer.from(old.mcu.flash.subarray(0, FLASH_BYTES)));
    pico.toSend.push(...old.toSend); // what the host wrote meanwhile waits for the new chip
  }
  const { mcu, clock } = pico;
  const core = mcu.core;
  const until = performance.now() + SLICE_MS;
  let rest = 0; // ms to wait for the wall clock, when the resting chip is ahead of it
  for (let now = performance.now(); now < until && !rebooting; now = performance.now()) {
    pico.serveHost();
    pico.received = ''; // (passed on as it came: onOutput)
    for (let i = 0; i < BATCH && !rebooting; i++) {
      if (core.waiting) {
        const next = clock.nanosToNextAlarm; // 0: no alarm, only the host can wake it
        const skip = next > 0 ? next : IDLE_NS;
        const room = (now - pico.born) * 1e6 + LEAD_NS - clock.nanos; // ns it may still skip
        if (skip < SHORT_NS || skip <= room) clock.tick(skip); // (USB's 10 us: part of the work)
        else if (room >= LEAD_NS / 2) clock.tick(room); // (part of a long sleep)
        else rest = (LEAD_NS / 2 - room) / 1e6; // ms until it may skip again
        break;
      }
      clock.tick(core.executeInstruction() * CYCLE_NS);
      if (pico.flash.waitUntil) pico.flash.passWait();
    }
    if (rest) break;
  }
  const now = performance.now();
  if (now - reported >= REPORT_MS) {
    reported = now;
    tell({ nanos: earlier + pico.nanos });
  }
  if (rest && !rebooting) wake = setTimeout(slice, rest);
  else setImmediate(slice);
}
slice();
