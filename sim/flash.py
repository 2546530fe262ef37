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
    fs = flash.mount()                 # the reboot: a fresh mount of what the medium holds
    flash.files()                      # {name: bytes}, as a fresh mount sees them
    twin = flash.copy()                # an independent flash with the same content

``FatFlash`` has the same API over a model of FAT (CircuitPython's drive, SD
cards), whose rename is not atomic. A byte-step is one byte programmed; a
littlefs erase and a FAT directory update are one step each.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import Protocol

from littlefs import LittleFS, LittleFSError, UserContext, lfs
from littlefs.lfs import LFSConfig

# littlefs's open flags (LFS_O_*), as MicroPython's vfs_lfs passes them for
# "rb", "wb" and "ab".
_READ = lfs.LFSFileFlag(0x0001)
_WRITE = lfs.LFSFileFlag(0x0002 | 0x0100 | 0x0400)  # WRONLY | CREAT | TRUNC
_APPEND = lfs.LFSFileFlag(0x0002 | 0x0100 | 0x0800)  # WRONLY | CREAT | APPEND
_LFS_ERR_IO = -5
_LFS_ERR_NOENT = -2


class PowerCut(Exception):
    """The power went off during a file-store call. What reached the medium
    before stays; nothing else does. ``flash.mount()`` is the reboot."""


class MountError(Exception):
    """The medium does not mount. MicroPython's rp2 port would now format the
    flash and lose every file; the flash counts it in ``mount_failures``."""


class StaleMount(Exception):
    """A file store used after its flash was mounted again (after a reboot)."""


class FileStore(Protocol):
    """The file-store interface (docs/STORAGE.md): hal.files.Files and the
    stores that the virtual flashes mount."""

    def read(self, name: str) -> bytes | None: ...
    def write(self, name: str, data: bytes | bytearray) -> None: ...
    def append(self, name: str, data: bytes | bytearray) -> None: ...
    def rename(self, old: str, new: str) -> None: ...
    def remove(self, name: str) -> bool: ...
    def names(self) -> list[str]: ...
    def size(self, name: str) -> int: ...
    def free(self) -> int: ...


def _oserror(code: int) -> OSError:
    return OSError(code, os.strerror(code))


class _PowerSupply:
    """Byte-step accounting and the power-cut injector shared by both flashes."""

    def __init__(self) -> None:
        self.programmed = 0  # byte-steps that reached the medium, ever
        self.mount_failures = 0
        self.off = False  # a cut fired and there was no mount (reboot) since
        self._left: int | None = None  # byte-steps until the cut, if armed
        self._generation = 0  # bumped by every mount: older stores are stale

    def cut_after(self, n: int | None) -> None:
        """Cut the power after ``n`` more byte-steps reach the medium (None: no cut).
        The medium operation that would go past them is cut short (a program
        writes its first bytes only, an erase is not done) and every later
        one is ignored, until ``mount()``."""
        if n is not None and n < 0:
            raise ValueError("cut_after: n must be >= 0")
        self._left = n

    @contextmanager
    def spared(self) -> Iterator[None]:
        """Writes inside the block are never cut: an armed cut waits for the
        first write after it (board-play aims its cuts at journal writes)."""
        left = self._left
        self._left = None
        try:
            yield
        finally:
            if not self.off:
                self._left = left

    def _allow(self, k: int) -> int:
        """How many of ``k`` byte-steps reach the medium now; fires the cut when
        fewer than ``k`` do."""
        if self.off:
            return 0
        if self._left is None or self._left >= k:
            if self._left is not None:
                self._left -= k
            self.programmed += k
            return k
        done = self._left
        self.programmed += done
        self._left = None
        self.off = True
        return done

    def _power_up(self) -> int:
        self.off = False
        self._generation += 1
        return self._generation

    def _copy_state(self, other: _PowerSupply) -> None:
        other.programmed = self.programmed
        other.mount_failures = self.mount_failures


class _Store:
    """What both mounted stores check first: this mount is current and powered."""

    def __init__(self, supply: _PowerSupply, generation: int) -> None:
        self._supply = supply
        self._generation = generation

    def _live(self) -> None:
        if self._generation != self._supply._generation:
            raise StaleMount("this store's flash was mounted again; use the new store")
        if self._supply.off:
            raise PowerCut("the power is off: mount() again")


# --- littlefs -------------------------------------------------------------------


class _Medium(UserContext):
    """The RAM block device under littlefs; programs and erases go through the
    power supply. A program cut short writes only its first bytes. After the cut,
    programs, erases and syncs fail with LFS_ERR_IO, so littlefs gives up the
    operation in progress (raising from a callback does not work: littlefs-python
    prints the exception as unraisable and littlefs sees a made-up error code)."""

    def __init__(self, supply: _PowerSupply, buffer: bytearray) -> None:
        super().__init__(buffer=buffer)
        self.supply = supply
        self.erases = 0

    def read(self, cfg: LFSConfig, block: int, off: int, size: int) -> bytearray:
        start = block * cfg.block_size + off
        return self.buffer[start : start + size]

    def prog(self, cfg: LFSConfig, block: int, off: int, data: bytes) -> int:
        n = self.supply._allow(len(data))
        start = block * cfg.block_size + off
        self.buffer[start : start + n] = data[:n]
        return 0 if n == len(data) else _LFS_ERR_IO

    def erase(self, cfg: LFSConfig, block: int) -> int:
        if self.supply._allow(1) == 0:
            return _LFS_ERR_IO
        self.erases += 1
        start = block * cfg.block_size
        self.buffer[start : start + cfg.block_size] = b"\xff" * cfg.block_size
        return 0

    def sync(self, cfg: LFSConfig) -> int:
        return _LFS_ERR_IO if self.supply.off else 0


class LittleFlash(_PowerSupply):
    """A real littlefs v2 (littlefs-python, the same C code as MicroPython's
    VfsLfs2) on a RAM flash, configured like MicroPython's rp2 port: 4096-byte
    blocks, read size 32, program size 256 (rp2's _boot.py), cache 4 x 256,
    lookahead 32, block_cycles 100 (extmod/vfs_lfsx.c). ``block_count`` 64 is
    256 KiB; a Pico's filesystem has more blocks, which changes nothing here.

    ``mount()`` mounts what the medium holds, as a reboot does, formatting only a
    medium that was never formatted. A mount that fails raises MountError and
    counts in ``mount_failures`` (a device would reformat and lose everything).
    ``programmed`` counts byte-steps: bytes programmed plus one per erase.
    MicroPython also stores each file's mtime as a littlefs attribute in the same
    commit; littlefs-python cannot, so commits here are a few bytes shorter.
    """

    def __init__(
        self,
        block_count: int = 64,
        block_size: int = 4096,
        read_size: int = 32,
        prog_size: int = 256,
        lookahead_size: int = 32,
    ) -> None:
        super().__init__()
        self.block_count = block_count
        self.block_size = block_size
        self.read_size = read_size
        self.prog_size = prog_size
        self.lookahead_size = lookahead_size
        self.formatted = False
        self._medium = _Medium(self, bytearray(b"\xff" * (block_count * block_size)))

    @property
    def medium(self) -> bytearray:
        """The raw flash content (a test may damage it on purpose)."""
        return self._medium.buffer

    @property
    def erases(self) -> int:
        return self._medium.erases

    def _littlefs(self) -> LittleFS:
        return LittleFS(
            self._medium,
            mount=False,
            block_size=self.block_size,
            block_count=self.block_count,
            read_size=self.read_size,
            prog_size=self.prog_size,
            cache_size=4 * max(self.read_size, self.prog_size),
            lookahead_size=self.lookahead_size,
            block_cycles=100,
        )

    def mount(self) -> LittleStore:
        """A fresh mount of what the medium holds now (the reboot after a cut).
        A cut armed but not yet fired stays armed."""
        generation = self._power_up()
        fs = self._littlefs()
        if not self.formatted:
            try:
                fs.format()
            except LittleFSError as err:
                if self.off:
                    raise PowerCut("the power went off while formatting") from err
                raise
            self.formatted = True
        try:
            fs.mount()
        except LittleFSError as err:
            self.mount_failures += 1
            raise MountError(
                f"littlefs does not mount ({err.name}): a device would reformat and lose every file"
            ) from err
        return LittleStore(self, fs, generation)

    def copy(self) -> LittleFlash:
        """An independent flash with the same medium content and counters, no cut
        armed, the power on."""
        twin = LittleFlash(
            self.block_count, self.block_size, self.read_size, self.prog_size, self.lookahead_size
        )
        twin._medium.buffer[:] = self._medium.buffer
        twin._medium.erases = self._medium.erases
        twin.formatted = self.formatted
        self._copy_state(twin)
        return twin

    def files(self) -> dict[str, bytes]:
        """{name: content} as a fresh mount sees them (on a copy: this flash is
        left alone)."""
        fs = self.copy().mount()
        out = {}
        for name in fs.names():
            data = fs.read(name)
            assert data is not None
            out[name] = data
        return out


class LittleStore(_Store):
    """The file store over one mount of a LittleFlash."""

    def __init__(self, flash: LittleFlash, fs: LittleFS, generation: int) -> None:
        super().__init__(flash, generation)
        self._flash = flash
        self._lfs = fs
        self._fs = fs.fs
        self._abandoned: list[lfs.LFSFile] = []  # handles left open by a cut

    @contextmanager
    def _call(self) -> Iterator[None]:
        """One call: LittleFSError becomes OSError (as MicroPython raises it), or
        PowerCut when the power went off during the call."""
        self._live()
        try:
            yield
        except LittleFSError as err:
            if self._flash.off:
                raise PowerCut("the power went off") from err
            raise _oserror(-err.code) from err
        if self._flash.off:
            raise PowerCut("the power went off")

    def read(self, name: str) -> bytes | None:
        with self._call():
            try:
                fh = lfs.file_open(self._fs, name, _READ)
            except LittleFSError as err:
                if err.code == _LFS_ERR_NOENT:
                    return None
                raise
            try:
                data = lfs.file_read(self._fs, fh, lfs.file_size(self._fs, fh))
            finally:
                lfs.file_close(self._fs, fh)
            return bytes(data)

    def write(self, name: str, data: bytes | bytearray) -> None:
        self._put(name, data, _WRITE)

    def append(self, name: str, data: bytes | bytearray) -> None:
        self._put(name, data, _APPEND)

    def _put(self, name: str, data: bytes | bytearray, flags: lfs.LFSFileFlag) -> None:
        with self._call():
            fh = lfs.file_open(self._fs, name, flags)
            try:
                lfs.file_write(self._fs, fh, bytes(data))
            except BaseException:
                if self._flash.off:
                    self._abandoned.append(fh)
                else:
                    with suppress(LittleFSError):
                        lfs.file_close(self._fs, fh)  # littlefs forgets the failed write
                raise
            try:
                lfs.file_close(self._fs, fh)  # the commit: durable from here
            except LittleFSError:
                self._abandoned.append(fh)
                raise

    def rename(self, old: str, new: str) -> None:
        with self._call():
            lfs.rename(self._fs, old, new)

    def remove(self, name: str) -> bool:
        with self._call():
            try:
                lfs.remove(self._fs, name)
            except LittleFSError as err:
                if err.code == _LFS_ERR_NOENT:
                    return False
                raise
        return True

    def names(self) -> list[str]:
        with self._call():
            return self._lfs.listdir("/")

    def size(self, name: str) -> int:
        with self._call():
            try:
                return lfs.stat(self._fs, name).size
            except LittleFSError as err:
                if err.code == _LFS_ERR_NOENT:
                    return -1
                raise

    def free(self) -> int:
        # As MicroPython's statvfs: (blocks - blocks in use) * block size.
        with self._call():
            used = lfs.fs_size(self._fs)
        return (self._flash.block_count - used) * self._flash.block_size


# --- FAT --------------------------------------------------------------------------


class _Entry:
    """A directory entry: the first cluster's chain (0: none) and the size."""

    __slots__ = ("chain", "size")

    def __init__(self, chain: int, size: int) -> None:
        self.chain = chain
        self.size = size


class FatFlash(_PowerSupply):
    """A model of FAT at the file level, as MicroPython's VfsFat (oofatfs, ChaN's
    FatFs) and CircuitPython's drive behave on a power cut. No real FAT: a
    directory (name -> first cluster, size) and cluster chains (their bytes).

    What FatFs does, and so the model (FatFs f_open, f_write, f_sync/f_close,
    f_unlink, f_rename; MicroPython extmod/vfs_fat.c, vfs_fat_file.c):

    - open "wb" (FA_CREATE_ALWAYS) creates the entry, or truncates an existing
      file (size 0, its clusters freed): one directory update, durable at once.
      The file is empty from then until the close.
    - write puts the data into clusters (newly allocated ones are linked in the
      FAT as they fill), but the entry's size and first cluster are written only
      at close (f_sync), as one sector write: one step, atomic. A cut before it
      leaves the file empty ("wb") or at its old size ("ab": the bytes past the
      old size are in the clusters but not in the file). Clusters allocated for a
      "wb" that was cut are lost (FatFs does not scan for them), so free() drops.
    - open "ab" (FA_OPEN_APPEND) of a missing file creates it (one update).
      Appending nothing to an existing file changes nothing.
    - remove (f_unlink) clears the entry: one step, atomic.
    - rename onto an existing file: vfs_fat calls f_rename, gets FR_EXIST, removes
      the target (f_unlink), calls f_rename again, which adds the new entry
      (pointing at the same clusters) and then clears the old one. Three durable
      steps: a cut leaves the old state, only the old name (target gone), both
      names on the same data, or the new state. Onto a free name: the last two.
      On a real volume the last two often share one sector and land together;
      long names or an entry at a sector boundary split them, so the model keeps
      the worst case.
    - Both names after a cut share one cluster chain (a cross-link): on a real
      volume, removing either frees the other's clusters too. The model keeps the
      data while any name refers to it; ``crosslinked()`` lists such names.
    - A full volume: f_write writes what fits and MicroPython then raises ENOSPC;
      the close still commits what was written (a torn "ab" or "wb" without any
      cut), and the model does the same.

    Every data byte is one byte-step, every directory update one step.
    ``capacity`` and ``cluster_size`` set free() and ENOSPC; the directory itself
    takes no space. Names are exact (FAT's case folding and 8.3 rules are not
    modelled); the model always mounts.
    """

    def __init__(self, capacity: int = 128 * 1024, cluster_size: int = 512) -> None:
        super().__init__()
        self.capacity = capacity
        self.cluster_size = cluster_size
        self._entries: dict[str, _Entry] = {}
        self._chains: dict[int, bytearray] = {}
        self._next_chain = 1

    def mount(self) -> FatStore:
        """A fresh mount of what the medium holds now (the reboot after a cut)."""
        return FatStore(self, self._power_up())

    def copy(self) -> FatFlash:
        twin = FatFlash(self.capacity, self.cluster_size)
        twin._entries = {n: _Entry(e.chain, e.size) for n, e in self._entries.items()}
        twin._chains = {c: bytearray(b) for c, b in self._chains.items()}
        twin._next_chain = self._next_chain
        self._copy_state(twin)
        return twin

    def files(self) -> dict[str, bytes]:
        """{name: content} as a fresh mount sees them."""
        return {n: self._content(e) for n, e in self._entries.items()}

    def crosslinked(self) -> list[list[str]]:
        """Groups of names that share a cluster chain (left by a cut in a rename)."""
        by_chain: dict[int, list[str]] = {}
        for name, e in self._entries.items():
            if e.chain:
                by_chain.setdefault(e.chain, []).append(name)
        return sorted(sorted(names) for names in by_chain.values() if len(names) > 1)

    def _content(self, e: _Entry) -> bytes:
        return bytes(self._chains[e.chain][: e.size]) if e.chain else b""

    def _clusters(self, n: int) -> int:
        return -(-n // self.cluster_size)

    def _free_clusters(self) -> int:
        used = sum(self._clusters(len(b)) for b in self._chains.values())
        return self.capacity // self.cluster_size - used

    def _step(self) -> None:
        """One directory update, or the cut."""
        if self._allow(1) == 0:
            raise PowerCut("the power went off")

    def _release(self, chain: int) -> None:
        """Free a chain that no entry refers to any more."""
        if chain and all(e.chain != chain for e in self._entries.values()):
            del self._chains[chain]

    def _fill(self, chain: int, keep: int, data: bytes) -> tuple[int, int]:
        """Write ``data`` into ``chain`` after its first ``keep`` bytes (a new chain
        if 0) as far as there is room: (the chain, bytes written). Raises PowerCut
        on a cut."""
        if not chain:
            chain = self._next_chain
            self._next_chain += 1
            self._chains[chain] = bytearray()
        buf = self._chains[chain]
        del buf[keep:]  # what lies past the size is overwritten
        room = self._clusters(keep) * self.cluster_size - keep
        room += self._free_clusters() * self.cluster_size
        part = data[:room]
        n = self._allow(len(part))
        buf += part[:n]
        if n < len(part):
            raise PowerCut("the power went off")
        return chain, len(part)


class FatStore(_Store):
    """The file store over one mount of a FatFlash."""

    def __init__(self, flash: FatFlash, generation: int) -> None:
        super().__init__(flash, generation)
        self._flash = flash

    def read(self, name: str) -> bytes | None:
        self._live()
        e = self._flash._entries.get(name)
        return None if e is None else self._flash._content(e)

    def write(self, name: str, data: bytes | bytearray) -> None:
        self._live()
        self._put(name, bytes(data), truncate=True)

    def append(self, name: str, data: bytes | bytearray) -> None:
        self._live()
        self._put(name, bytes(data), truncate=False)

    def _put(self, name: str, data: bytes, truncate: bool) -> None:
        f = self._flash
        e = f._entries.get(name)
        if e is None or truncate:  # create, or truncate: durable at once
            f._step()
            f._entries[name] = e_new = _Entry(0, 0)
            if e is not None:
                f._release(e.chain)
            e = e_new
        elif not data:
            return
        chain, written = f._fill(e.chain, e.size, data)
        f._step()  # the close: size and first cluster in one sector write
        e.size += written
        if e.size:
            e.chain = chain
        elif chain != e.chain:
            f._release(chain)
        if written < len(data):
            raise _oserror(errno.ENOSPC)

    def rename(self, old: str, new: str) -> None:
        self._live()
        f = self._flash
        e = f._entries.get(old)
        if e is None:
            raise _oserror(errno.ENOENT)
        if old == new:
            return
        target = f._entries.get(new)
        if target is not None:
            f._step()  # vfs_fat: FR_EXIST, so f_unlink the target first
            del f._entries[new]
            f._release(target.chain)
        f._step()  # f_rename: the new entry, on the same clusters
        f._entries[new] = _Entry(e.chain, e.size)
        f._step()  # f_rename: the old entry cleared
        del f._entries[old]

    def remove(self, name: str) -> bool:
        self._live()
        f = self._flash
        e = f._entries.get(name)
        if e is None:
            return False
        f._step()
        del f._entries[name]
        f._release(e.chain)
        return True

    def names(self) -> list[str]:
        self._live()
        return list(self._flash._entries)

    def size(self, name: str) -> int:
        self._live()
        e = self._flash._entries.get(name)
        return -1 if e is None else e.size

    def free(self) -> int:
        self._live()
        return self._flash._free_clusters() * self._flash.cluster_size
