"""hal.platform, what both ports' platforms share: which profile file a board
uses, and the Platform base (the hal, the error light and the store over the
port's hal module), and hal.common.module. On real folders, under CPython
and under MicroPython."""

import json
import os
import unittest

from hal.common import ProfileError, module
from hal.files import Files
from hal.platform import Platform, profile_path, read_profile

_count = [0]
# (the process: CPython may run test files side by side in one folder)
_PID = os.getpid() if hasattr(os, "getpid") else 0


def _tree_remove(path):
    for name in os.listdir(path):
        full = path + "/" + name
        if os.stat(full)[0] & 0x4000:  # a folder
            _tree_remove(full)
        else:
            os.remove(full)
    os.rmdir(path)


def _write(path, obj):
    with open(path, "w") as f:
        f.write(json.dumps(obj))


class FolderTest(unittest.TestCase):
    """Each test gets a fresh folder holding ``profiles/`` (empty)."""

    def setUp(self):
        _count[0] += 1
        self.root = "_platform_test_%d_%d_%d" % (_PID, id(self) & 0xFFFF, _count[0])
        os.mkdir(self.root)
        os.mkdir(self.root + "/profiles")
        self.folder = self.root + "/"

    def tearDown(self):
        _tree_remove(self.root)

    def profile(self, name, obj):
        _write(self.folder + "profiles/" + name, obj)


class ProfilePathTest(FolderTest):
    def test_board_json_names_the_profile(self):
        self.profile("pacal.json", {"name": "pacal board"})
        self.profile("pyraos.json", {"name": "pyraos board"})
        _write(self.folder + "board.json", {"profile": "profiles/pyraos.json"})
        self.assertEqual(profile_path(self.folder), "profiles/pyraos.json")
        self.assertEqual(read_profile(self.folder), {"name": "pyraos board"})

    def test_without_board_json_the_only_profile(self):
        self.profile("mine.json", {"name": "my board"})
        with open(self.folder + "profiles/notes.txt", "w") as f:
            f.write("not a profile")
        self.assertEqual(profile_path(self.folder), "profiles/mine.json")
        self.assertEqual(read_profile(self.folder), {"name": "my board"})

    def test_without_board_json_several_profiles_are_an_error(self):
        self.profile("a.json", {})
        self.profile("b.json", {})
        with self.assertRaises(ProfileError) as cm:
            profile_path(self.folder)
        self.assertEqual(cm.exception.key, "board.json")
        self.assertEqual(cm.exception.problem, "missing, and profiles/ holds 2 profiles")

    def test_without_board_json_no_profile_is_an_error(self):
        with self.assertRaises(ProfileError) as cm:
            read_profile(self.folder)
        self.assertEqual(str(cm.exception), "board.json: missing, and profiles/ holds 0 profiles")

    def test_a_profile_that_is_not_json_raises_valueerror(self):
        with open(self.folder + "profiles/bad.json", "w") as f:
            f.write("{not json")
        self.assertRaises(ValueError, read_profile, self.folder)


class StandInHal:
    """A hal module as Platform uses one: ``Hal`` and ``error_light``."""

    def __init__(self):
        self.built = []
        self.lights = []

    def Hal(self, profile):
        self.built.append(profile)
        return ("hal", profile)

    def error_light(self, raw):
        self.lights.append(raw)
        return None


class Port(Platform):
    def __init__(self, root, hal_module):
        Platform.__init__(self, root)
        self.hal_module = hal_module

    def _hal_module(self):
        return self.hal_module


class PlatformTest(FolderTest):
    def test_hal_and_error_light_come_from_the_ports_hal_module(self):
        module = StandInHal()
        p = Port(self.folder + "data", module)
        self.assertEqual(p.hal("profile"), ("hal", "profile"))
        self.assertIsNone(p.error_light({"pins": {}}))
        self.assertEqual((module.built, module.lights), (["profile"], [{"pins": {}}]))

    def test_store_is_files_in_the_root_folder(self):
        p = Port(self.folder + "data", StandInHal())
        store = p.store()
        self.assertTrue(isinstance(store, Files))
        store.write("log.txt", b"x")
        self.assertEqual(os.listdir(self.folder + "data"), ["log.txt"])

    def test_a_platform_names_its_hal_module(self):
        self.assertRaises(NotImplementedError, Platform("/data").hal, "profile")

    def test_profile_reads_the_current_folder(self):
        self.profile("only.json", {"name": "only"})
        here = os.getcwd()
        os.chdir(self.root)
        try:
            raw = Port("data", StandInHal()).profile()
        finally:
            os.chdir(here)
        self.assertEqual(raw, {"name": "only"})


class ModuleTest(unittest.TestCase):
    def test_module_imports_by_name(self):
        self.assertIs(module("json"), json)
        self.assertRaises(ImportError, module, "no_such_module_here")
