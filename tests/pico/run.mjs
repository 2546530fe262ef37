#!/usr/bin/env node
// The emulated Pico from the command line (tests/pico/chip.mjs); what the tests
// and `make bench-pico` run. Every command prints JSON objects, one per line.
//
//   node tests/pico/run.mjs deploy FILES.json IMAGE
//       Boot a fresh chip (MicroPython makes its littlefs), copy every
//       [remote, local] pair of FILES.json onto it over the raw REPL as
//       mpremote does, and save its flash to IMAGE. Prints {"deploy": {...}}
//       (files, bytes, emulated and host ms, flash programs and erases).
//
//   node tests/pico/run.mjs exec IMAGE FILE.py [ADC]
//       Boot from IMAGE, run FILE.py; prints {"stdout", "stderr", "ms"}.
//       ADC: a JSON list, the 12-bit code each ADC input (0..4) reads.
//
//   node tests/pico/run.mjs replay IMAGE JOB.json
//       Boot from IMAGE, wire the board (tests/pico/board.mjs) and replay a
//       game through the real hal (tests/pico/replay_chip.py). JOB.json:
//       {"profile": {"remote", "json"}, "game", "variant", "t0", "tick_ms",
//        "heap_every", "allocs", "stages": [...], "ticks": [{"d", "a", "b"}, ...]}.
//       Prints what the chip printed ({"status"}, {"move"}, {"heap"},
//       {"journal"}, {"stages"}), then
//       {"frame": hex, "tick": i} for each LED frame unlike the one before,
//       and {"timing": [[start, end, led], ...]} in emulated ns per tick.
//
// Exit status 1, with the chip's traceback on stderr, if the chip raised.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WiredBoard } from './board.mjs';
import { ChipError, Pico } from './chip.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FLASH_BYTES = 2 * 1024 * 1024; // the Pico's flash (what an image holds)

function say(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function fromImage(image) {
  const pico = new Pico({ flash: fs.readFileSync(image) });
  pico.boot();
  return pico;
}

function deploy([list, image]) {
  const host0 = performance.now();
  const pico = new Pico();
  pico.boot();
  const ns0 = pico.nanos;
  let bytes = 0;
  const files = JSON.parse(fs.readFileSync(list, 'utf8'));
  for (const [remote, local] of files) {
    const data = fs.readFileSync(local);
    pico.put(remote, data);
    bytes += data.length;
  }
  fs.writeFileSync(image, pico.mcu.flash.subarray(0, FLASH_BYTES));
  say({
    deploy: {
      files: files.length,
      bytes,
      emulated_ms: Math.round((pico.nanos - ns0) / 1e6),
      host_ms: Math.round(performance.now() - host0),
      flash: pico.flash.ops,
    },
  });
}

function exec([image, file, adc]) {
  const pico = fromImage(image);
  if (adc) JSON.parse(adc).forEach((code, input) => (pico.mcu.adc.channelValues[input] = code));
  const ns0 = pico.nanos;
  const { stdout, stderr } = pico.exec(fs.readFileSync(file, 'utf8'));
  say({ stdout, stderr, ms: (pico.nanos - ns0) / 1e6 });
  if (stderr) process.exitCode = 1;
}

function replay([image, jobFile]) {
  const job = JSON.parse(fs.readFileSync(jobFile, 'utf8'));
  const pico = fromImage(image);
  const board = new WiredBoard(pico, job.profile.json, job.ticks);
  let line = '';
  pico.onOutput = (text) => {
    // the chip's lines as they come: its JSON objects go straight out
    line += text;
    let end;
    while ((end = line.indexOf('\n')) >= 0) {
      const one = line.slice(0, end).trim();
      line = line.slice(end + 1);
      const at = one.indexOf('{'); // (the first line follows the raw paste's \x04)
      if (at >= 0) process.stdout.write(one.slice(at) + '\n');
    }
  };
  const script = fs.readFileSync(path.join(HERE, 'replay_chip.py'), 'utf8');
  const call = `replay(${JSON.stringify(job.game)}, ${JSON.stringify(job.variant)}, ${JSON.stringify(job.profile.remote)}, ${job.t0}, ${job.tick_ms}, ${job.ticks.length}, ${job.heap_every ?? 0}, ${JSON.stringify(job.stages ?? [])}, ${job.allocs ? 'True' : 'False'})`;
  const { stderr } = pico.exec(`${script}\n${call}\n`);
  pico.onOutput = null;
  if (stderr) {
    process.stderr.write(stderr);
    process.exitCode = 1;
  }
  let last = null;
  for (const { tick, bytes } of board.frames) {
    if (last && bytes.equals(last)) continue;
    last = bytes;
    say({ frame: bytes.toString('hex'), tick });
  }
  say({ timing: board.ticks.map(({ start, end, led }) => [start, end, led]) });
}

const COMMANDS = { deploy, exec, replay };
const [command, ...args] = process.argv.slice(2);
if (!(command in COMMANDS)) {
  process.stderr.write('usage: node tests/pico/run.mjs deploy|exec|replay ...\n');
  process.exit(2);
}
try {
  COMMANDS[command](args);
} catch (err) {
  process.stderr.write(err instanceof ChipError ? `chip: ${err.message}\n` : `${err.stack}\n`);
  process.exitCode = 1;
}
