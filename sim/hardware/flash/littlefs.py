"""LittleFlash: a real littlefs (littlefs-python, the C code of MicroPython's
VfsLfs2) over a RAM flash that can lose power at any byte (see sim.hardware.flash)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress

from littlefs import LittleFS, LittleFSError, UserContext, lfs
from littlefs.lfs import LFSConfig

from sim.hardware.flash.common import MountError, PowerCut, _oserror, _PowerSupply, _Store

# littlefs's open flags (LFS_O_*), as MicroPython's vfs_lfs passes them for
# "rb", "wb" and "ab".
_READ = lfs.LFSFileFlag(0x0001)
_WRITE = lfs.LFSFileFlag(0x0002 | 0x0100 | 0x0400)  # WRONLY | CREAT | TRUNC
_APPEND = lfs.LFSFileFlag(0x0002 | 0x0100 | 0x0800)  # WRONLY | CREAT | APPEND
_LFS_ERR_IO = -5
_LFS_ERR_NOENT = -2


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
    def _call(self, *writes: str) -> Iterator[None]:
        """One call (that writes the files ``writes``): LittleFSError becomes
        OSError (as MicroPython raises it), or PowerCut when the power went off
        during the call."""
        self._live()
        try:
            with self._flash._writing(*writes):
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
        with self._call(name):
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
        with self._call(old, new):
            lfs.rename(self._fs, old, new)

    def remove(self, name: str) -> bool:
        with self._call(name):
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
