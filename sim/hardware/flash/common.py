"""What both virtual flashes share: the power-cut injector and byte-step
accounting, the errors, the file-store interface (see sim.hardware.flash)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol


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
        self._files: Callable[[str], bool] | None = None  # where the armed cut may land
        self._names: tuple[str, ...] = ()  # the files the store call in progress writes
        self._generation = 0  # bumped by every mount: older stores are stale

    def cut_after(self, n: int | None, files: Callable[[str], bool] | None = None) -> None:
        """Cut the power after ``n`` more byte-steps reach the medium (None: no cut).
        The medium operation that would go past them is cut short (a program
        writes its first bytes only, an erase is not done) and every later
        one is ignored, until ``mount()``.

        With ``files`` the cut may land only in a file-store call that writes
        a file ``files(name)`` accepts: only such calls' byte-steps count, and
        every other one reaches the medium as if no cut were armed
        (board-play aims its cuts at journal records, not at the board's
        learnt state)."""
        if n is not None and n < 0:
            raise ValueError("cut_after: n must be >= 0")
        self._left = n
        self._files = files if n is not None else None

    @contextmanager
    def _writing(self, *names: str) -> Iterator[None]:
        """A store call that writes (or renames, or removes) ``names``."""
        self._names = names
        try:
            yield
        finally:
            self._names = ()

    def _aimed(self) -> bool:
        """Do byte-steps now count towards the armed cut?"""
        files = self._files
        return files is None or any(files(name) for name in self._names)

    def _allow(self, k: int) -> int:
        """How many of ``k`` byte-steps reach the medium now; fires the cut when
        fewer than ``k`` do."""
        if self.off:
            return 0
        left = self._left
        if left is not None and self._aimed():
            if left < k:
                self.programmed += left
                self._left = None
                self._files = None
                self.off = True
                return left
            self._left = left - k
        self.programmed += k
        return k

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
