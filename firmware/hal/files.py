"""The file store: flat files in one folder, over the builtin open() and os.

    from hal.files import Files
    fs = Files("/data")            # the folder is made if missing (one level)
    fs.write("game.jsonl", b"")    # create or replace; durable when it returns
    fs.append("game.jsonl", line)  # append, creating the file if missing; durable
    fs.read("game.jsonl")          # bytes, or None if there is no such file
    fs.rename("a.tmp", "a")        # the target is replaced if it exists
    fs.remove("a")                 # True if removed, False if there was no such file
    fs.names()                     # the file names, in no particular order
    fs.size("a")                   # bytes, or -1 if there is no such file
    fs.free()                      # bytes still free for data

The portable code never calls open() or os itself: it gets an object with
these eight methods (this one on a device and on CPython, sim.hardware.flash's
virtual flashes in the simulator and the tests). Each write and append opens,
writes and closes the file, so its data is on the medium when it returns
(littlefs and FAT commit a file at close). Errors from the medium, such as no
space (errno ENOSPC), propagate as OSError. Runs unchanged on MicroPython,
CircuitPython and CPython. docs/STORAGE.md says what a power cut leaves.
"""

import os
import sys

try:
    import errno

    _ENOENT = errno.ENOENT
except ImportError:  # a port without errno: MicroPython's own number
    _ENOENT = 2

_ENOSPC = 28  # MicroPython's MP_ENOSPC; its errno module does not list it
# The WebAssembly build's VfsPosix raises Emscripten's errno for a missing file
# (44), while its errno module says 2.
_MISSING = (_ENOENT, 44) if sys.platform == "webassembly" else (_ENOENT,)


def _missing(err):
    return len(err.args) > 0 and err.args[0] in _MISSING


class Files:
    def __init__(self, root):
        self.root = root or "."
        self._pre = root.rstrip("/") + "/" if root else ""
        if root.rstrip("/"):
            try:
                os.stat(root)
            except OSError as err:
                if not _missing(err):
                    raise
                os.mkdir(root)

    def read(self, name):
        try:
            f = open(self._pre + name, "rb")
        except OSError as err:
            if _missing(err):
                return None
            raise
        with f:
            return f.read()

    def write(self, name, data):
        self._put(name, data, "wb")

    def append(self, name, data):
        self._put(name, data, "ab")

    def _put(self, name, data, mode):
        with open(self._pre + name, mode) as f:
            n = f.write(data)
            if n is not None and n != len(data):  # a short write: the medium is full
                raise OSError(_ENOSPC)

    def rename(self, old, new):
        os.rename(self._pre + old, self._pre + new)

    def remove(self, name):
        try:
            os.remove(self._pre + name)
        except OSError as err:
            if _missing(err):
                return False
            raise
        return True

    def names(self):
        return os.listdir(self.root)

    def size(self, name):
        try:
            return os.stat(self._pre + name)[6]
        except OSError as err:
            if _missing(err):
                return -1
            raise

    def free(self):
        st = os.statvfs(self.root)
        return st[4] * st[1]  # f_bavail * f_frsize
