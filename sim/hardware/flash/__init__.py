"""Virtual flashes for the file store, with a power cut at any byte.

The firmware keeps its journal through a file store (``hal.files.Files`` on a
device: read, write, append, rename, remove, names, size, free; see
docs/STORAGE.md). Here are two media that offer the same store to the
simulator and the tests, and can lose power at any instant:

    flash = LittleFlash()              # a real littlefs (littlefs-python) on a RAM flash
    fs = flash.mount()                 # formats on first use only
    fs.write("game.jsonl", b"...")
    before = flash.programmed          # byte-steps that reached the medium so far
    flash.cut_after(100)               # the power goes off after 100 more byte-steps
    fs.append("game.jsonl", line)      # raises PowerCut; what reached the medium stays
    flash.cut_after(9, files=lambda name: name.endswith(".jsonl"))   # only in such files' writes
    fs = flash.mount()                 # the reboot: a fresh mount of what the medium holds
    flash.files()                      # {name: bytes}, as a fresh mount sees them
    twin = flash.copy()                # an independent flash with the same content

``FatFlash`` has the same API over a model of FAT (CircuitPython's drive, SD
cards), whose rename is not atomic. A byte-step is one byte programmed; a
littlefs erase and a FAT directory update are one step each.
"""

from sim.hardware.flash.common import FileStore, MountError, PowerCut, StaleMount
from sim.hardware.flash.fat import FatFlash, FatStore
from sim.hardware.flash.littlefs import LittleFlash, LittleStore

__all__ = [
    "FatFlash",
    "FatStore",
    "FileStore",
    "LittleFlash",
    "LittleStore",
    "MountError",
    "PowerCut",
    "StaleMount",
]
