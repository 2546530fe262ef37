"""The portable tests, run again under real MicroPython.

Each ``tests/portable/test_*.py`` module is one test here: tests/mp/run.mjs
runs its unittest classes under the official MicroPython WebAssembly build
and reports every test as a JSON object; any failure fails the module with
MicroPython's tracebacks. A new portable module is picked up by itself.

Needs Node.js and node_modules (``make test`` installs them; or ``npm ci``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "mp" / "run.mjs"
MICROPYTHON_NPM = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
PORTABLE = sorted((ROOT / "tests" / "portable").glob("test_*.py"))
TIMEOUT_S = 600


class Run:
    """What one run of tests/mp/run.mjs reported."""

    def __init__(self, proc: subprocess.CompletedProcess[str]) -> None:
        self.returncode = proc.returncode
        self.stderr = proc.stderr
        self.records: list[dict[str, Any]] = []
        self.summary: dict[str, int] = {}
        for line in proc.stdout.splitlines():
            try:
                obj = json.loads(line)
            except ValueError:
                pytest.fail(f"run.mjs printed a line that is not JSON: {line!r}\n{proc.stderr}")
            if "summary" in obj:
                self.summary = obj["summary"]
            else:
                self.records.append(obj)

    def failures(self) -> list[dict[str, Any]]:
        return [r for r in self.records if not r["ok"]]

    def report(self) -> str:
        """The failed tests with their MicroPython tracebacks, for a message."""
        parts = []
        for r in self.failures():
            name = r["test"] if r["class"] is None else f"{r['class']}.{r['test']}"
            text = f"--- {r['module']}: {name} ({r['status']}) under MicroPython\n"
            text += r.get("traceback", "")
            if r.get("output"):
                text += f"output:\n{r['output']}\n"
            parts.append(text)
        parts.append(f"summary: {self.summary}  exit status: {self.returncode}")
        if self.stderr.strip():
            parts.append(f"stderr:\n{self.stderr}")
        return "\n".join(parts)


def run_micropython(*args: str | Path) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None or not MICROPYTHON_NPM.is_dir():
        pytest.fail("needs node and node_modules: run `make test` (or `npm ci`) first")
    return subprocess.run(
        [node, str(RUNNER), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        cwd=ROOT,
    )


def test_there_are_portable_tests() -> None:
    assert PORTABLE, "no tests/portable/test_*.py found"


@pytest.mark.parametrize("module", PORTABLE, ids=[p.stem for p in PORTABLE])
def test_portable_module_under_micropython(module: Path) -> None:
    run = Run(run_micropython("test", module))
    assert run.records, run.report()
    assert not run.failures() and run.returncode == 0, run.report()
    assert run.summary["passed"] > 0, run.report()


# --- the bridge itself: it must not pass what fails -------------------------------

FAILING_MODULE = """\
import unittest


class Sample(unittest.TestCase):
    def test_passes(self):
        self.assertEqual(1 + 1, 2)

    def test_fails(self):
        self.assertEqual([1, 2], [1, 3])

    def test_errors(self):
        {}["missing key"]

    def test_subtest_fails(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertTrue(i != 1)
"""


def test_runner_reports_failures(tmp_path: Path) -> None:
    module = tmp_path / "test_sample_failing.py"
    module.write_text(FAILING_MODULE)
    run = Run(run_micropython("test", module))
    status = {r["test"]: r["status"] for r in run.records}
    assert status == {
        "test_passes": "pass",
        "test_fails": "fail",
        "test_errors": "error",
        "test_subtest_fails": "fail",
    }, run.report()
    assert run.returncode == 1
    assert run.summary == {**run.summary, "passed": 1, "failed": 2, "errors": 1, "total": 4}
    report = run.report()
    assert "AssertionError: [1, 2] vs (expected) [1, 3]" in report
    assert "KeyError: missing key" in report
    assert "subTest (i=1)" in report


def test_runner_fails_a_module_that_does_not_import(tmp_path: Path) -> None:
    good = tmp_path / "test_good.py"
    good.write_text(
        "import unittest\nfrom tabletop.rules.rng import Rng\n\n\n"
        "class Good(unittest.TestCase):\n    def test_ok(self):\n"
        "        self.assertTrue(0 <= Rng(1).below(6) < 6)\n"
    )
    broken = tmp_path / "test_broken.py"
    broken.write_text("import dataclasses\n")
    run = Run(run_micropython("test", good, broken))
    assert run.returncode == 1
    [failure] = run.failures()
    assert (failure["module"], failure["test"], failure["status"]) == (
        "test_broken",
        "(import)",
        "error",
    )
    assert "dataclasses" in failure["traceback"]


def test_runner_fails_when_no_test_ran(tmp_path: Path) -> None:
    empty = tmp_path / "test_empty.py"
    empty.write_text("X = 1\n")
    run = Run(run_micropython("test", empty))
    assert run.returncode == 1
    assert run.summary["total"] == 0


def test_script_mode_passes_argv_and_exit_status(tmp_path: Path) -> None:
    script = tmp_path / "script.py"
    script.write_text(
        "import sys\nprint(sys.implementation.name, sys.argv[1:])\n"
        "if sys.argv[1:] == ['fail']:\n    raise ValueError('boom')\n"
    )
    ok = run_micropython("script", script, "--heap", "1")
    assert (ok.returncode, ok.stdout) == (0, "micropython ['--heap', '1']\n"), ok.stderr
    bad = run_micropython("script", "--heap", "512k", script, "fail")
    assert bad.returncode == 1
    assert "ValueError: boom" in bad.stderr
