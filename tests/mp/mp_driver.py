"""The MicroPython half of tests/mp/run.mjs: runs inside the WebAssembly build.

    import mp_driver
    mp_driver.start_tests([["test_rng", "/repo/tests/portable"]])  # test mode,
    # then, each in a runPython call of its own: gc.collect(), mp_driver.step()
    # until it returns False
    rc = mp_driver.run_script("/repo/tests/bench/rules_bench.py")  # script mode
    # then, for i = 0, 1, ... while rc == 0, each in a runPython call of its own:
    mp_driver.phase_pending(i)  # False: done
    gc.collect()                # (frees garbage only in a call of its own)
    rc = mp_driver.run_phase(i) or 0  # the script's PHASES[i]; see run.mjs

Test mode runs every ``unittest.TestCase`` subclass of each module (classes
and ``test*`` methods in name order, like CPython's loader) with setUp,
tearDown, cleanups, setUpClass/tearDownClass, setUpModule/tearDownModule and
subTest. It prints one control line per event: ``\\x1e`` + a JSON object.
run.mjs turns those into the JSON Lines it prints, times each test and
collects what a test prints in between. Keep this file MicroPython-only
syntax: it is never imported by CPython.
"""

import gc
import io
import json
import micropython
import sys
import unittest

_MARK = "\x1e"

# CPython assertions that MicroPython's unittest lacks, added only if missing
# so that portable tests can use them. Each fails with AssertionError.


def _assert_not_in(self, x, y, msg=""):
    assert x not in y, msg or "Expected %r not to be in %r" % (x, y)


def _assert_less(self, x, y, msg=""):
    assert x < y, msg or "%r is expected to be < %r" % (x, y)


def _assert_greater(self, x, y, msg=""):
    assert x > y, msg or "%r is expected to be > %r" % (x, y)


def _assert_not_is_instance(self, x, y, msg=""):
    assert not isinstance(x, y), msg or "%r is an instance of %r" % (x, y)


def _assert_count_equal(self, x, y, msg=""):
    x = list(x)
    y = list(y)
    ok = len(x) == len(y)
    if ok:
        rest = list(y)
        for item in x:
            if item not in rest:
                ok = False
                break
            rest.remove(item)
    assert ok, msg or "%r and %r do not hold the same items" % (x, y)


_EXTRA_ASSERTS = (
    ("assertNotIn", _assert_not_in),
    ("assertLess", _assert_less),
    ("assertGreater", _assert_greater),
    ("assertNotIsInstance", _assert_not_is_instance),
    ("assertCountEqual", _assert_count_equal),
    ("assertListEqual", unittest.TestCase.assertEqual),
    ("assertTupleEqual", unittest.TestCase.assertEqual),
    ("assertDictEqual", unittest.TestCase.assertEqual),
    ("assertSequenceEqual", unittest.TestCase.assertEqual),
)

for _name, _func in _EXTRA_ASSERTS:
    if not hasattr(unittest.TestCase, _name):
        setattr(unittest.TestCase, _name, _func)


def _emit(obj):
    print(_MARK + json.dumps(obj))


def _traceback(exc):
    buf = io.StringIO()
    sys.print_exception(exc, buf)
    return buf.getvalue()


def _unlock_heap():
    """Undo any micropython.heap_lock() a test left behind: with the heap
    locked, the next allocation fails and this build can hang. True if the
    heap was locked."""
    micropython.heap_lock()
    depth = micropython.heap_unlock()
    locked = depth > 0
    while depth > 0:
        depth = micropython.heap_unlock()
    return locked


def _status(exc):
    if isinstance(exc, unittest.SkipTest):
        return "skip"
    if isinstance(exc, AssertionError):
        return "fail"
    return "error"


class _Outcome:
    """The worst thing that happened during one test, with every traceback."""

    def __init__(self):
        self.status = "pass"
        self.tracebacks = []
        self.reason = None

    def add(self, exc, heap_locked=False):
        status = _status(exc)
        if status == "skip":
            if self.status == "pass":
                self.status = "skip"
                self.reason = str(exc.args[0]) if exc.args else ""
            return
        if self.status != "error":
            self.status = status
        text = _traceback(exc)
        if heap_locked:
            text += "(raised with the heap locked: message and traceback may be missing)\n"
        self.tracebacks.append(text)

    def add_subtests(self, result):
        for details, text in result.failures + result.errors:
            if self.status != "error":
                self.status = "fail" if (details, text) in result.failures else "error"
            self.tracebacks.append("subTest%s\n%s" % ("".join(details[2:]), text))


def _call(outcome, func):
    if func is None:
        return True
    try:
        func()
        return True
    except BaseException as exc:  # SystemExit from a test fails it too
        outcome.add(exc, _unlock_heap())
        return False


def _report(module, cls, test, outcome):
    rec = {"event": "end", "module": module, "class": cls, "test": test, "status": outcome.status}
    if outcome.tracebacks:
        rec["traceback"] = "\n".join(outcome.tracebacks)
    if outcome.reason is not None:
        rec["reason"] = outcome.reason
    _emit(rec)


def _run_one(module, cls, name):
    _emit({"event": "start", "module": module, "class": cls.__name__, "test": name})
    outcome = _Outcome()
    result = unittest.TestResult()
    unittest.__test_result__ = result
    unittest.__current_test__ = (name, "(%s)" % cls.__name__)
    try:
        case = cls()
    except BaseException as exc:
        outcome.add(exc)
    else:
        # MicroPython's TestCase has no setUp/tearDown of its own.
        if _call(outcome, getattr(case, "setUp", None)):
            _call(outcome, getattr(case, name))
            _call(outcome, getattr(case, "tearDown", None))
        _call(outcome, getattr(case, "doCleanups", None))
        outcome.add_subtests(result)
    unittest.__test_result__ = None
    unittest.__current_test__ = None
    _report(module, cls.__name__, name, outcome)
    gc.collect()


def _fixture(module, cls, name, func):
    """Run a class or module fixture; report it only when it goes wrong."""
    outcome = _Outcome()
    if _call(outcome, func):
        return True
    _report(module, cls, name, outcome)
    return False


def _test_classes(mod):
    found = []
    for name in sorted(dir(mod)):
        obj = getattr(mod, name)
        if isinstance(obj, type) and issubclass(obj, unittest.TestCase):
            if obj is not unittest.TestCase:
                found.append(obj)
    return found


def _test_names(cls):
    return [n for n in sorted(dir(cls)) if n.startswith("test") and callable(getattr(cls, n))]


def run_module(module, folder):
    sys.path.insert(0, folder)
    try:
        if module in sys.modules:
            del sys.modules[module]
        mod = __import__(module)
    except BaseException as exc:
        _unlock_heap()
        outcome = _Outcome()
        outcome.add(exc)
        if outcome.status != "skip":
            outcome.status = "error"
        _report(module, None, "(import)", outcome)
        return
    finally:
        sys.path.remove(folder)
    if not _fixture(module, None, "setUpModule", getattr(mod, "setUpModule", None)):
        return
    for cls in _test_classes(mod):
        if _fixture(module, cls.__name__, "setUpClass", getattr(cls, "setUpClass", None)):
            for name in _test_names(cls):
                _run_one(module, cls, name)
                yield  # (a test at a time: see step())
            _fixture(module, cls.__name__, "tearDownClass", getattr(cls, "tearDownClass", None))
    _fixture(module, None, "tearDownModule", getattr(mod, "tearDownModule", None))


def _all_tests(modules):
    for module, folder in modules:
        yield from run_module(module, folder)


_steps = None


def start_tests(modules):
    """``modules``: a list of ``[module_name, folder]``; then call step()
    until it returns False, each call in a runPython call of its own, with
    ``gc.collect()`` in another call of its own in between: this build frees
    garbage only there, and a module's sensing tests make gigabytes of it."""
    global _steps
    micropython.opt_level(0)  # keep assert statements: unittest is built on them
    _steps = _all_tests(modules)


def step():
    """Run the next test (with the fixtures before it); False when done."""
    global _steps
    if _steps is None:
        return False
    try:
        next(_steps)
    except StopIteration:
        _steps = None
        return False
    return True


def run_tests(modules):
    """All of them in one call (garbage then stays until the call ends)."""
    start_tests(modules)
    while step():
        pass


# The globals of the script run_script() last ran to its end (None if it
# stopped with an exception or SystemExit): where its PHASES are looked up.
_script = None


def _guarded(func):
    """Call func(); None if it returned, else the exit status a CPython run
    would end with (the SystemExit code, or 1 on an uncaught exception)."""
    try:
        func()
    except SystemExit as exc:
        code = exc.args[0] if exc.args else None
        if code is None:
            return 0
        if isinstance(code, int):
            return code
        print(code, file=sys.stderr)
        return 1
    except BaseException as exc:
        _unlock_heap()
        sys.print_exception(exc, sys.stderr)
        return 1
    return None


def run_script(path):
    """Run a file as ``__main__``; the exit status a CPython run would have."""
    global _script
    micropython.opt_level(0)
    _script = None
    env = {"__name__": "__main__", "__file__": path}

    def body():
        with open(path) as f:
            code = compile(f.read(), path, "exec")
        exec(code, env)

    rc = _guarded(body)
    if rc is not None:
        return rc
    _script = env
    return 0


def phase_pending(i):
    """True if the script that run_script() ran defines a PHASES[i]."""
    phases = _script.get("PHASES") if _script is not None else None
    if phases is None:
        return False
    try:
        return i < len(phases)
    except TypeError:
        return i == 0  # run_phase(0) reports it


def run_phase(i):
    """Call the script's PHASES[i] (a callable, or the name of one of its
    globals). None: go on with the next phase; else the exit status."""

    def call():
        phases = _script["PHASES"]
        if not isinstance(phases, (list, tuple)):
            raise TypeError("PHASES must be a list of callables or names")
        phase = phases[i]
        if isinstance(phase, str):
            if phase not in _script:
                raise NameError("PHASES[%d]: no global named %r" % (i, phase))
            phase = _script[phase]
        phase()

    return _guarded(call)
