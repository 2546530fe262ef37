"""The virtual flashes of sim/flash: the file-store interface and power cuts.

Both flashes must answer like hal.files.Files on a real folder, and a cut at
any byte-step must leave every file as it was before or after the call in
progress, apart from the outcomes each medium is known for (docs/STORAGE.md):
on littlefs a new file written with "wb" can be left empty; on FAT a "wb"
leaves the file empty and a rename over a file can leave only the old name or
both names. Those extra outcomes must actually occur, so the test also shows
that the cuts reach the places that matter.
"""

from __future__ import annotations

import errno
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from hal.files import Files
from sim.hardware.flash import FatFlash, FileStore, LittleFlash, MountError, PowerCut, StaleMount

Flash = LittleFlash | FatFlash
State = dict[str, bytes]
Op = tuple[str, str, bytes | str]

KINDS: dict[str, Callable[[], Flash]] = {"littlefs": LittleFlash, "fat": FatFlash}


@pytest.fixture(params=sorted(KINDS))
def kind(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


def call(fs: FileStore, op: Op) -> object:
    """Run one call; an OSError becomes ("OSError", errno) so results compare."""
    verb, name, arg = op
    try:
        if verb == "read":
            return fs.read(name)
        if verb == "size":
            return fs.size(name)
        if verb == "remove":
            return fs.remove(name)
        if verb == "names":
            return sorted(fs.names())
        if verb == "rename":
            assert isinstance(arg, str)
            fs.rename(name, arg)
        elif verb == "write":
            assert isinstance(arg, bytes)
            fs.write(name, arg)
        else:
            assert isinstance(arg, bytes)
            fs.append(name, arg)
        return None
    except OSError as err:
        return ("OSError", err.errno)


def random_ops(seed: int, count: int) -> list[Op]:
    rng = random.Random(seed)
    names = ["a", "b", "game.jsonl"]
    ops: list[Op] = []
    for _ in range(count):
        verb = rng.choice(["read", "size", "remove", "names", "rename", "write", "append"] * 2)
        name = rng.choice(names)
        arg: bytes | str = rng.randbytes(rng.choice([0, 1, 30, 200, 700]))
        if verb == "rename":
            arg = rng.choice(names)
        ops.append((verb, name, arg))
    return ops


# --- the interface, against the real thing ---------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_same_results_as_files_on_a_folder(kind: str, seed: int, tmp_path: Path) -> None:
    real = Files(str(tmp_path / "store"))
    flash = KINDS[kind]()
    virtual = flash.mount()
    for i, op in enumerate(random_ops(seed, 150)):
        expected = call(real, op)
        assert call(virtual, op) == expected, (i, op)
    assert flash.files() == {n: real.read(n) for n in real.names()}
    free = virtual.free()
    assert isinstance(free, int) and 0 < free <= 256 * 1024


def test_interface_basics(kind: str) -> None:
    flash = KINDS[kind]()
    fs = flash.mount()
    assert (fs.read("x"), fs.size("x"), fs.remove("x"), fs.names()) == (None, -1, False, [])
    with pytest.raises(OSError) as err:
        fs.rename("x", "y")
    assert err.value.errno == errno.ENOENT
    free = fs.free()
    fs.write("x", b"1" * 5000)
    assert fs.free() < free
    fs.append("x", bytearray(b"2"))
    fs.rename("x", "x")
    assert (fs.read("x"), fs.size("x"), fs.names()) == (b"1" * 5000 + b"2", 5001, ["x"])
    assert flash.copy().mount().read("x") == b"1" * 5000 + b"2"


# --- power cuts: one short sequence, a cut at every byte-step ----------------------

START: State = {"game.jsonl": b'{"old": 1}\n', "notes": b"first\n"}
SEQUENCE: list[Op] = [
    ("write", "game.tmp", b'{"header": 1}\n'),  # a new file
    ("append", "game.tmp", b'{"move": 0}\n'),
    ("append", "game.tmp", b'{"move": 1}\n'),
    ("append", "game.tmp", b'{"move": 2}\n'),
    ("rename", "game.tmp", "game.jsonl"),  # over an existing file
    ("write", "notes", b"second version\n"),  # replaces an existing file
    ("remove", "notes", b""),
]


def apply(state: State, op: Op) -> State:
    verb, name, arg = op
    out = dict(state)
    if verb == "write":
        assert isinstance(arg, bytes)
        out[name] = arg
    elif verb == "append":
        assert isinstance(arg, bytes)
        out[name] = out.get(name, b"") + arg
    elif verb == "rename":
        assert isinstance(arg, str)
        out[arg] = out.pop(name)
    elif verb == "remove":
        del out[name]
    return out


def outcomes(before: State, op: Op) -> dict[str, State]:
    """The states a cut during ``op`` may leave, by label: "before", "after" and
    the non-atomic ones, whichever medium shows them."""
    verb, name, arg = op
    out = {"before": before, "after": apply(before, op)}
    if verb == "write":
        out["empty"] = {**before, name: b""}
    if verb == "rename":
        assert isinstance(arg, str)
        gone = dict(before)
        gone.pop(arg, None)
        out["target gone"] = gone
        out["both names"] = {**before, arg: before[name]}
    return out


# The labels each medium may show, per call of SEQUENCE (besides "before" and
# "after"), and which of them must show up.
EXTRA = {
    "littlefs": [{"empty"}, set(), set(), set(), set(), set(), set()],
    "fat": [{"empty"}, set(), set(), set(), {"target gone", "both names"}, {"empty"}, set()],
}


def fill(flash: Flash) -> None:
    fs = flash.mount()
    for name, data in START.items():
        fs.write(name, data)


def prepared(kind: str) -> Flash:
    flash = KINDS[kind]()
    fill(flash)
    return flash


def test_a_cut_at_every_byte_step(kind: str) -> None:
    start = prepared(kind)
    # One clean run counts the byte-steps each call takes (the runs below are the
    # same until their cut: same medium, same mount, same calls).
    flash = start.copy()
    fs = flash.mount()
    ends = []
    for op in SEQUENCE:
        call(fs, op)
        ends.append(flash.programmed - start.programmed)
    states = [START]
    for op in SEQUENCE:
        states.append(apply(states[-1], op))
    assert flash.files() == states[-1]

    seen: list[dict[str, int]] = [{} for _ in SEQUENCE]
    for n in range(ends[-1]):
        flash = start.copy()
        fs = flash.mount()
        flash.cut_after(n)
        k = next(i for i, end in enumerate(ends) if n < end)
        with pytest.raises(PowerCut):
            for op in SEQUENCE:
                call(fs, op)
        assert flash.off and flash.programmed - start.programmed == n
        with pytest.raises(PowerCut):
            fs.read("notes")  # the power stays off until the reboot
        after = flash.mount()
        with pytest.raises(StaleMount):
            fs.names()
        got = {name: after.read(name) for name in after.names()}
        labels = [label for label, s in outcomes(states[k], SEQUENCE[k]).items() if s == got]
        assert labels, f"cut at {n} during {SEQUENCE[k]}: {got}"
        label = labels[0]
        assert label in {"before", "after"} | EXTRA[kind][k], (n, SEQUENCE[k], label)
        seen[k][label] = seen[k].get(label, 0) + 1
        if label == "both names":
            assert isinstance(flash, FatFlash)
            assert flash.crosslinked() == [["game.jsonl", "game.tmp"]]
        after.write("probe", b"the medium still takes writes")
        assert flash.files()["probe"] == b"the medium still takes writes"
        assert flash.mount_failures == 0

    for k, op in enumerate(SEQUENCE):
        assert "before" in seen[k], (op, seen[k])
        assert EXTRA[kind][k] <= set(seen[k]), (op, seen[k])
    print(kind, [(op[0], op[1], seen[k]) for k, op in enumerate(SEQUENCE)])


def test_littlefs_appends_survive_cuts_through_block_moves() -> None:
    """Appends that compact the metadata block (erasing it), that move the file
    out of its inline slot into a block of its own (the 19th line here), and
    that then copy the file's last block on every append: each stays atomic, a
    cut at any byte-step, erases included."""
    flash = LittleFlash()
    fs = flash.mount()
    fs.write("game.jsonl", b"")
    line = b'{"move": %d, "at": [1, 2]}\n'
    content = b""
    erases = []
    for i in range(34):
        new = content + line % i
        if i in (10, 11, 17, 18, 19, 31, 32):
            snapshot = flash.copy()
            dry = snapshot.copy()
            dry.mount().append("game.jsonl", line % i)
            erases.append(dry.erases - snapshot.erases)
            for n in range(dry.programmed - snapshot.programmed):
                cut = snapshot.copy()
                cut_fs = cut.mount()
                cut.cut_after(n)
                with pytest.raises(PowerCut):
                    cut_fs.append("game.jsonl", line % i)
                assert cut.mount().read("game.jsonl") in (content, new), (i, n)
            fs = flash.mount()
        fs.append("game.jsonl", line % i)
        content = new
    assert max(erases) >= 2 and sum(erases) >= 5, erases
    assert flash.files() == {"game.jsonl": content}


# --- the rest of the API ------------------------------------------------------------


def test_cut_after_zero_changes_nothing(kind: str) -> None:
    flash = prepared(kind)
    fs = flash.mount()
    flash.cut_after(0)
    with pytest.raises(PowerCut):
        fs.write("notes", b"new")
    assert flash.mount().read("notes") == b"first\n" and flash.files() == START


def test_an_armed_cut_that_is_not_reached_does_nothing(kind: str) -> None:
    flash = prepared(kind)
    fs = flash.mount()
    flash.cut_after(10**6)
    fs.append("notes", b"more\n")
    flash.cut_after(None)
    fs.append("notes", b"more\n")
    assert not flash.off and fs.read("notes") == b"first\nmore\nmore\n"


def test_a_cut_aimed_at_some_files_passes_over_the_writes_of_others(kind: str) -> None:
    flash = prepared(kind)
    fs = flash.mount()
    flash.cut_after(3, files=lambda name: name.endswith(".jsonl"))
    fs.write("notes", b"a longer note than three bytes\n")  # not aimed at: whole
    fs.remove("notes")
    with pytest.raises(PowerCut):
        fs.append("game.jsonl", b'{"new": 2}\n')
    assert flash.files() == {"game.jsonl": b'{"old": 1}\n'}


def test_copy_is_independent(kind: str) -> None:
    flash = prepared(kind)
    twin = flash.copy()
    twin.mount().write("notes", b"changed")
    assert flash.files() == START
    assert twin.files()["notes"] == b"changed"
    assert twin.programmed > flash.programmed


def test_littlefs_mount_failure_is_counted() -> None:
    flash = LittleFlash()
    fill(flash)
    flash.medium[: 2 * flash.block_size] = bytes(2 * flash.block_size)  # both superblocks
    with pytest.raises(MountError, match="reformat"):
        flash.mount()
    assert flash.mount_failures == 1


def test_littlefs_full_flash_keeps_the_file() -> None:
    flash = LittleFlash(block_count=8)
    fs = flash.mount()
    fs.write("game.jsonl", b"")
    done = 0
    with pytest.raises(OSError) as err:
        while done < 1000:
            fs.append("game.jsonl", b"x" * 500)
            done += 1
    assert err.value.errno == errno.ENOSPC and done > 10
    assert fs.read("game.jsonl") == b"x" * 500 * done  # the failed append left no trace
    assert flash.mount().size("game.jsonl") == 500 * done


def test_fat_full_volume_tears_the_append() -> None:
    flash = FatFlash(capacity=4096, cluster_size=512)
    fs = flash.mount()
    fs.write("game.jsonl", b"a" * 3000)
    assert fs.free() == 512 * 2
    with pytest.raises(OSError) as err:
        fs.append("game.jsonl", b"b" * 2000)
    assert err.value.errno == errno.ENOSPC
    assert fs.read("game.jsonl") == b"a" * 3000 + b"b" * 1096  # what fitted is kept
    assert fs.free() == 0


def test_fat_cut_in_a_write_loses_its_clusters() -> None:
    flash = FatFlash(capacity=8192, cluster_size=512)
    fs = flash.mount()
    flash.cut_after(1 + 1500)  # the create, then 1500 bytes of data
    with pytest.raises(PowerCut):
        fs.write("game.jsonl", b"z" * 3000)
    fs = flash.mount()
    assert fs.read("game.jsonl") == b""
    assert fs.free() == 8192 - 3 * 512  # FatFs does not look for lost clusters
