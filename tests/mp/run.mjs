#!/usr/bin/env node
// Run Python under the official MicroPython WebAssembly build
// (@micropython/micropython-webassembly-pyscript), with the firmware on the path.
//
//   node tests/mp/run.mjs test [OPTIONS] FILE.py...
//       Run the unittest.TestCase classes of each test module (any folder).
//       Prints one JSON object per test on stdout:
//         {"module", "class", "test", "ok", "status": pass|fail|error|skip, "ms",
//          "traceback"?, "reason"?, "output"?}
//       then {"summary": {"passed", "failed", "errors", "skipped", "total", "ms"}}.
//       Exit status 0 only if every test passed (or skipped) and at least one ran.
//       A module that fails to import is reported as test "(import)", status error.
//       Each test runs in a runPython call of its own, after a gc.collect() in
//       another: only then is the garbage of the tests before it freed.
//
//   node tests/mp/run.mjs script [OPTIONS] [--] FILE.py [ARG...]
//       Run one file as __main__ with sys.argv = [FILE.py, ARG...] (every word after
//       FILE.py goes to the script, options included), streaming its
//       stdout and stderr; exit status as CPython would give (1 on an uncaught
//       exception, the SystemExit code otherwise).
//
//       Phases: if the script ends normally and its globals define PHASES (a list
//       or tuple of callables, or of names of its globals), each PHASES[i] is then
//       called in a runPython call of its own, in order, and before each one
//       `import gc; gc.collect()` runs in another call of its own. This build's
//       gc.collect() frees nothing that the running runPython call allocated, only
//       what earlier, finished calls left behind: so the first thing a phase
//       sees (e.g. gc.mem_alloc()) is the live heap after a real collection.
//       Phases share state through the script's globals (`global NAME`); the
//       list is read again before each phase, so a phase may append phases. An
//       uncaught exception or SystemExit in a phase ends the run there with the
//       exit status above; otherwise the status is 0.
//
// OPTIONS (before the file names):
//   --heap SIZE, -X heapsize=SIZE  initial MicroPython heap, e.g. 512k or 8m (default 8m).
//                                  This build grows its heap on demand, so a too-large
//                                  allocation does not fail as it would on a board.
//   --pystack WORDS                Python stack in words (default 2048: recursion ~150 deep)
//   --data PATH                    also copy this file or folder (repeatable)
//   --root DIR                     the repository (default: two folders above this file)
//
// Inside MicroPython the repository is mirrored at /repo (the working directory):
// firmware/**/*.py, *.json (the board profiles) and *.txt (the display's text tables)
// are copied and /repo/firmware is on sys.path, so `import tabletop` works. Each test module's folder (its .py files and packages) is copied too and is
// first on sys.path while that module imports, so sibling helpers import as well.
// Files from outside the repository go to /ext/N/. The libraries in .venv/mplib
// (fetched by the Makefile) are in /lib, on sys.path, as on a board.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MARK = "\x1e"; // starts a control line from mp_driver.py
const MP_ROOT = "/repo";
const USAGE = `usage: node tests/mp/run.mjs test [OPTIONS] FILE.py...
       node tests/mp/run.mjs script [OPTIONS] [--] FILE.py [ARG...]
options: --heap SIZE | -X heapsize=SIZE, --pystack WORDS, --data PATH, --root DIR`;

class UsageError extends Error {}

function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(text);
  if (!m) throw new UsageError(`bad size: ${text} (use e.g. 262144, 256k or 8m)`);
  const unit = { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
  return Number(m[1]) * unit;
}

function parseArgs(argv) {
  const opts = { mode: argv[0], heap: 8 * 1024 * 1024, pystack: 2048, data: [], root: null };
  if (opts.mode !== "test" && opts.mode !== "script") throw new UsageError("first argument: test or script");
  const rest = argv.slice(1);
  let i = 0;
  for (; i < rest.length; i++) {
    const a = rest[i];
    const value = () => {
      if (i + 1 >= rest.length) throw new UsageError(`${a} needs a value`);
      return rest[++i];
    };
    if (a === "--heap") opts.heap = parseSize(value());
    else if (a.startsWith("--heap=")) opts.heap = parseSize(a.slice(7));
    else if (a === "-X") {
      const x = value();
      if (!x.startsWith("heapsize=")) throw new UsageError(`unknown -X option: ${x}`);
      opts.heap = parseSize(x.slice(9));
    } else if (a === "--pystack") opts.pystack = Number(value());
    else if (a === "--data") opts.data.push(value());
    else if (a === "--root") opts.root = value();
    else if (a === "--") {
      i++;
      break;
    } else if (a.startsWith("-")) throw new UsageError(`unknown option: ${a}`);
    else break;
  }
  opts.files = rest.slice(i);
  if (opts.mode === "script") {
    // Everything after the script is its own argv, options included.
    opts.args = opts.files.slice(1);
    opts.files = opts.files.slice(0, 1);
  }
  if (opts.files.length === 0) throw new UsageError("no file given");
  for (const f of opts.files) {
    if (!f.endsWith(".py")) throw new UsageError(`not a .py file: ${f}`);
    if (!fs.existsSync(f)) throw new UsageError(`no such file: ${f}`);
  }
  if (!Number.isInteger(opts.pystack) || opts.pystack < 256) throw new UsageError("bad --pystack");
  opts.root = path.resolve(opts.root ?? path.join(HERE, "..", ".."));
  return opts;
}

// --- the MicroPython filesystem ---------------------------------------------------

function mkdirs(FS, dir) {
  let cur = "";
  for (const part of dir.split("/").filter(Boolean)) {
    cur += "/" + part;
    if (!FS.analyzePath(cur).exists) FS.mkdir(cur);
  }
}

function putFile(FS, hostFile, mpFile) {
  mkdirs(FS, path.posix.dirname(mpFile));
  FS.writeFile(mpFile, fs.readFileSync(hostFile));
}

// Copy a folder's .py files, descending only into packages (folders with __init__.py)
// unless `all` is set, when every file and folder is copied.
function putTree(FS, hostDir, mpDir, all) {
  mkdirs(FS, mpDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const src = path.join(hostDir, entry.name);
    const dst = mpDir + "/" + entry.name;
    if (entry.isDirectory()) {
      if (all || fs.existsSync(path.join(src, "__init__.py"))) putTree(FS, src, dst, all);
    } else if (entry.isFile() && (all || entry.name.endsWith(".py"))) {
      putFile(FS, src, dst);
    }
  }
}

function copyFirmware(FS, hostDir, mpDir) {
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.startsWith(".")) continue;
    const src = path.join(hostDir, entry.name);
    if (entry.isDirectory()) copyFirmware(FS, src, mpDir + "/" + entry.name);
    else if (entry.isFile() && /\.(py|json|txt)$/.test(entry.name))
      putFile(FS, src, mpDir + "/" + entry.name);
  }
}

// Where a host folder appears inside MicroPython: mirrored under /repo if it is in
// the repository, else /ext/N.
function makeMapper(root) {
  const outside = new Map();
  return (hostDir) => {
    const rel = path.relative(root, hostDir);
    if (rel === "") return MP_ROOT;
    if (!rel.startsWith("..") && !path.isAbsolute(rel)) return MP_ROOT + "/" + rel.split(path.sep).join("/");
    if (!outside.has(hostDir)) outside.set(hostDir, `/ext/${outside.size}`);
    return outside.get(hostDir);
  };
}

// --- output -------------------------------------------------------------------------

// Collects the bytes MicroPython writes and hands over whole lines (or, at the end,
// what is left), decoded as UTF-8.
class LineSink {
  constructor(onLine) {
    this.onLine = onLine;
    this.bytes = [];
    this.decoder = new TextDecoder();
  }
  write(chunk) {
    for (const b of chunk) {
      this.bytes.push(b);
      if (b === 10 || this.bytes.length >= 65536) this.flush();
    }
  }
  flush() {
    if (this.bytes.length === 0) return;
    const text = this.decoder.decode(new Uint8Array(this.bytes));
    this.bytes = [];
    this.onLine(text);
  }
}

// --- the two modes ------------------------------------------------------------------

async function boot(opts, stdoutSink, stderrSink) {
  const mp = await loadMicroPython({
    heapsize: opts.heap,
    pystack: opts.pystack,
    linebuffer: false,
    stdout: (chunk) => stdoutSink.write(chunk),
    stderr: (chunk) => stderrSink.write(chunk),
  });
  const FS = mp.FS;
  const toMp = makeMapper(opts.root);
  const firmware = path.join(opts.root, "firmware");
  if (fs.existsSync(firmware)) copyFirmware(FS, firmware, toMp(firmware));
  for (const d of opts.data) {
    const host = path.resolve(d);
    const stat = fs.statSync(host);
    if (stat.isDirectory()) putTree(FS, host, toMp(host), true);
    else putFile(FS, host, toMp(path.dirname(host)) + "/" + path.basename(host));
  }
  // The MicroPython libraries the Makefile fetched (.venv/mplib: ssd1306) go
  // into /lib, where `mip install` puts them on a board.
  const mplib = path.join(opts.root, ".venv", "mplib");
  if (fs.existsSync(mplib)) {
    for (const name of fs.readdirSync(mplib)) {
      if (name.endsWith(".py")) putFile(FS, path.join(mplib, name), "/lib/" + name);
    }
  }
  putFile(FS, path.join(HERE, "mp_driver.py"), "/runner/mp_driver.py");
  mp.runPython(
    `import os, sys\nos.chdir(${JSON.stringify(MP_ROOT)})\n` +
      `sys.path[:0] = ["/runner", ${JSON.stringify(MP_ROOT + "/firmware")}]\n` +
      `if "/lib" not in sys.path: sys.path.append("/lib")\n`,
  );
  return { mp, toMp };
}

async function runTests(opts) {
  const counts = { passed: 0, failed: 0, errors: 0, skipped: 0, total: 0 };
  const started = performance.now();
  let testStart = started;
  let output = [];
  const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
  const onLine = (line) => {
    const at = line.indexOf(MARK);
    if (at < 0) {
      output.push(line);
      return;
    }
    if (at > 0) output.push(line.slice(0, at)); // printed without a newline
    const ev = JSON.parse(line.slice(at + 1));
    if (ev.event === "start") {
      testStart = performance.now();
      output = [];
      return;
    }
    const rec = {
      module: ev.module,
      class: ev.class,
      test: ev.test,
      ok: ev.status === "pass" || ev.status === "skip",
      status: ev.status,
      ms: Math.round((performance.now() - testStart) * 10) / 10,
    };
    if (ev.traceback !== undefined) rec.traceback = ev.traceback;
    if (ev.reason !== undefined) rec.reason = ev.reason;
    if (output.length) rec.output = output.join("");
    output = [];
    testStart = performance.now();
    counts.total++;
    counts[{ pass: "passed", fail: "failed", error: "errors", skip: "skipped" }[ev.status]]++;
    out(rec);
  };
  const stdoutSink = new LineSink(onLine);
  const stderrSink = new LineSink((text) => output.push(text));
  const { mp, toMp } = await boot(opts, stdoutSink, stderrSink);

  const modules = [];
  const copied = new Set();
  for (const file of opts.files) {
    const hostDir = path.dirname(path.resolve(file));
    const mpDir = toMp(hostDir);
    if (!copied.has(hostDir)) putTree(mp.FS, hostDir, mpDir, false);
    copied.add(hostDir);
    modules.push([path.basename(file, ".py"), mpDir]);
  }
  mp.globals.set("_tt_modules", JSON.stringify(modules));
  mp.runPython("import json, mp_driver\nmp_driver.start_tests(json.loads(_tt_modules))");
  // A test per call, and a collection in a call of its own before each:
  // only there does this build free garbage (a whole module in one call
  // once grew the heap past WebAssembly's 2 GB).
  for (;;) {
    mp.runPython("import gc\ngc.collect()");
    mp.runPython("_tt_more = mp_driver.step()");
    if (!mp.globals.get("_tt_more")) break;
  }
  stdoutSink.flush();
  stderrSink.flush();

  const ms = Math.round(performance.now() - started);
  out({ summary: { ...counts, ms } });
  const ran = counts.passed + counts.failed + counts.errors;
  process.stderr.write(
    `micropython: ${counts.passed} passed, ${counts.failed} failed, ${counts.errors} errors, ` +
      `${counts.skipped} skipped in ${(ms / 1000).toFixed(1)}s\n`,
  );
  if (ran === 0) process.stderr.write("micropython: no test ran\n");
  return counts.failed === 0 && counts.errors === 0 && ran > 0 ? 0 : 1;
}

async function runScript(opts) {
  const stdoutSink = new LineSink((text) => process.stdout.write(text));
  const stderrSink = new LineSink((text) => process.stderr.write(text));
  const { mp, toMp } = await boot(opts, stdoutSink, stderrSink);
  const host = path.resolve(opts.files[0]);
  const mpDir = toMp(path.dirname(host));
  putTree(mp.FS, path.dirname(host), mpDir, false);
  const script = mpDir + "/" + path.basename(host);
  mp.globals.set("_tt_argv", JSON.stringify([script, ...opts.args]));
  mp.globals.set("_tt_dir", mpDir);
  mp.runPython(
    "import json, sys, mp_driver\n" +
      "sys.argv[:] = json.loads(_tt_argv)\n" +
      "sys.path.insert(0, _tt_dir)\n" +
      "_tt_rc = mp_driver.run_script(sys.argv[0])\n",
  );
  let rc = mp.globals.get("_tt_rc");
  for (let i = 0; rc === 0; i++) {
    mp.runPython(`_tt_more = mp_driver.phase_pending(${i})`);
    if (!mp.globals.get("_tt_more")) break;
    // A collection in a call of its own: only there does it free garbage.
    mp.runPython("import gc\ngc.collect()");
    mp.runPython(`_tt_rc = mp_driver.run_phase(${i})`);
    rc = mp.globals.get("_tt_rc") ?? 0;
  }
  stdoutSink.flush();
  stderrSink.flush();
  return rc;
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`run.mjs: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  try {
    return opts.mode === "test" ? await runTests(opts) : await runScript(opts);
  } catch (e) {
    // The driver itself failed, or the WebAssembly runtime aborted.
    process.stderr.write(`run.mjs: MicroPython run failed: ${e.stack ?? e}\n`);
    return 3;
  }
}

process.exitCode = await main();
