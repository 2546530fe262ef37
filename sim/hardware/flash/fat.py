"""FatFlash: a model of FAT at the file level (MicroPython's VfsFat,
CircuitPython's drive), whose rename is not atomic (see sim.hardware.flash)."""

from __future__ import annotations

import errno

from sim.hardware.flash.common import PowerCut, _oserror, _PowerSupply, _Store


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
        with self._flash._writing(name):
            self._put(name, bytes(data), truncate=True)

    def append(self, name: str, data: bytes | bytearray) -> None:
        self._live()
        with self._flash._writing(name):
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
        with self._flash._writing(old, new):
            self._rename(old, new)

    def _rename(self, old: str, new: str) -> None:
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
        with f._writing(name):
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
