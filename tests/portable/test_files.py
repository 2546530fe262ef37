"""hal.files.Files on a real folder: under CPython and under MicroPython.

The MicroPython WebAssembly build mounts a POSIX-like filesystem in memory,
so real files work there too. Each test gets a fresh folder under the current
directory and removes it afterwards.
"""

import os
import unittest

from hal.files import Files

_count = [0]
# (the process: CPython may run test files side by side in one folder)
_PID = os.getpid() if hasattr(os, "getpid") else 0


def _tree_remove(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)


class FilesTest(unittest.TestCase):
    def setUp(self):
        _count[0] += 1
        self.root = "_files_test_%d_%d_%d" % (_PID, id(self) & 0xFFFF, _count[0])
        self.fs = Files(self.root)

    def tearDown(self):
        _tree_remove(self.root)

    def test_makes_the_folder_and_reuses_it(self):
        self.assertEqual(self.fs.names(), [])
        os.stat(self.root)
        self.fs.write("a", b"1")
        again = Files(self.root + "/")
        self.assertEqual(again.read("a"), b"1")

    def test_missing_file(self):
        self.assertIsNone(self.fs.read("nope"))
        self.assertEqual(self.fs.size("nope"), -1)
        self.assertFalse(self.fs.remove("nope"))

    def test_write_then_read(self):
        data = bytes(range(256))
        self.fs.write("bin", data)
        self.assertEqual(self.fs.read("bin"), data)
        self.assertEqual(self.fs.size("bin"), 256)

    def test_write_replaces(self):
        self.fs.write("a", b"a long first content\n")
        self.fs.write("a", b"short\n")
        self.assertEqual(self.fs.read("a"), b"short\n")
        self.assertEqual(self.fs.size("a"), 6)

    def test_write_empty(self):
        self.fs.write("e", b"x")
        self.fs.write("e", b"")
        self.assertEqual(self.fs.read("e"), b"")
        self.assertEqual(self.fs.size("e"), 0)
        self.assertEqual(self.fs.names(), ["e"])

    def test_append_creates_then_appends(self):
        self.fs.append("j", b'{"n": 1}\n')
        self.fs.append("j", b'{"n": 2}\n')
        self.fs.append("j", bytearray(b'{"n": 3}\n'))
        self.assertEqual(self.fs.read("j"), b'{"n": 1}\n{"n": 2}\n{"n": 3}\n')
        self.assertEqual(self.fs.size("j"), 27)

    def test_rename_to_a_new_name(self):
        self.fs.write("a.tmp", b"new")
        self.fs.rename("a.tmp", "a")
        self.assertEqual(self.fs.names(), ["a"])
        self.assertEqual(self.fs.read("a"), b"new")

    def test_rename_replaces_the_target(self):
        self.fs.write("a", b"old content")
        self.fs.write("a.tmp", b"new")
        self.fs.rename("a.tmp", "a")
        self.assertEqual(self.fs.names(), ["a"])
        self.assertEqual(self.fs.read("a"), b"new")
        self.assertEqual(self.fs.size("a"), 3)

    def test_rename_missing_raises(self):
        self.assertRaises(OSError, self.fs.rename, "nope", "b")

    def test_remove(self):
        self.fs.write("a", b"1")
        self.fs.write("b", b"2")
        self.assertTrue(self.fs.remove("a"))
        self.assertFalse(self.fs.remove("a"))
        self.assertEqual(self.fs.names(), ["b"])
        self.assertIsNone(self.fs.read("a"))

    def test_names(self):
        for name in ("game.jsonl", "game.tmp", "x"):
            self.fs.write(name, b"")
        self.assertEqual(sorted(self.fs.names()), ["game.jsonl", "game.tmp", "x"])

    def test_free_is_a_byte_count(self):
        free = self.fs.free()
        self.assertTrue(isinstance(free, int))
        self.assertTrue(free >= 0)

    def test_two_stores_are_separate(self):
        other = Files(self.root + "_2")
        try:
            other.write("a", b"other")
            self.fs.write("a", b"mine")
            self.assertEqual(other.read("a"), b"other")
            self.assertEqual(self.fs.read("a"), b"mine")
        finally:
            _tree_remove(self.root + "_2")
