"""The firmware on a Pico: the real MicroPython rp2 firmware in the rp2040js
emulator (tests/pico), the firmware's .mpy files copied onto its littlefs
over the raw REPL, a game replayed through the real hal (SPI, ADC, GPIO and
the neopixel driver's bit stream, fed and read by the emulated board).

The short form for every change: the rp2 port's .mpy version, its
``machine``, ``rp2`` and ``neopixel`` modules and the real hal run the
firmware exactly as CPython does, LED frame by LED frame. The whole replay
of three games, with the timings and heap on the chip, is ``make bench-pico``
(tests/bench/pico.py).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import tabletop
from sim.runs.board_play import BoardRun, reference_profile
from sim.runs.selfplay import play_game
from tabletop import games
from tests.pico.harness import (
    ROOT,
    RUN,
    Replay,
    compile_file,
    firmware_image,
    read_u16,
    replay_on_cpython,
    replay_on_pico,
    to_adc,
)


@pytest.fixture(scope="module")
def image() -> Path:
    return firmware_image()


def exec_on_pico(image: Path, tmp_path: Path, code: str, adc: list[int] | None = None) -> str:
    script = tmp_path / "script.py"
    script.write_text(code)
    args = ["node", str(RUN), "exec", str(image), str(script)]
    out = subprocess.run([*args, json.dumps(adc)] if adc else args, capture_output=True, text=True)
    result = json.loads(out.stdout.splitlines()[-1])
    assert out.returncode == 0 and not result["stderr"], result["stderr"] + out.stderr
    stdout: str = result["stdout"]
    return stdout


def test_the_firmware_is_on_the_pico_as_a_maker_copies_it(image: Path, tmp_path: Path) -> None:
    # What mpy-cross makes is what the rp2 port loads (its .mpy version, the
    # second byte of every .mpy file); the packages on the chip's littlefs
    # are .mpy only; the profiles are there; its clock is 125 MHz.
    out = exec_on_pico(
        image,
        tmp_path,
        "import sys, os, machine, tabletop, tabletop.runtime\n"
        "print(sys.implementation._mpy & 0xff, machine.freq(), tabletop.VERSION)\n"
        "print(sorted(set(n.rsplit('.', 1)[-1] for n in os.listdir('/tabletop/sensing'))))\n"
        "print(sorted(os.listdir('/profiles')), tabletop.runtime.__file__)\n",
    )
    first, kinds, where = out.splitlines()
    mpy, freq, version = first.split()
    compiled = tmp_path / "x.mpy"
    compile_file(ROOT / "firmware" / "tabletop" / "runtime.py", compiled)
    assert int(mpy) == compiled.read_bytes()[1]
    assert int(freq) == 125_000_000
    assert version == tabletop.VERSION
    assert kinds == "['mpy']"
    profiles = sorted(f.name for f in (ROOT / "firmware" / "profiles").glob("*.json"))
    assert where == f"{profiles} tabletop/runtime.mpy"  # every reference board's profile


def test_the_adc_reads_as_the_cpython_replay_assumes(image: Path, tmp_path: Path) -> None:
    # read_u16() of the 12-bit code an ADC input holds, on the chip: what
    # tests.pico.harness.read_u16 gives the CPython replay.
    codes = [0xABC, 1, 0xFFF]
    out = exec_on_pico(
        image,
        tmp_path,
        "from machine import ADC, Pin\nprint([ADC(Pin(26 + i)).read_u16() for i in range(3)])\n",
        codes,
    )
    assert json.loads(out) == [read_u16(c) for c in codes]
    assert read_u16(0xABC) == 0xABCA and read_u16(0xFFF) == 0xFFFF


def test_the_machine_code_does_what_the_python_loops_do(image: Path, tmp_path: Path) -> None:
    # On the chip the hal runs two things as viper code. The scan: with
    # fast_scan=False MicroPythonHal.read_analog runs its loop through
    # machine.Pin and machine.ADC instead of hal.rp2_scan; both read each
    # channel from its mux's ADC input, averaged and scaled alike. (Which
    # select pins it drives is checked by the replay below: a wrong one would
    # read another sensor.) The current limit: the hal offers hal.rp2_limit's
    # loops as ``limiter``, a Pixels without it runs its own; for each
    # reference board a frame of one LED, of half and of all of them go out
    # as the same bytes, the brightest scaled to within a byte an LED of the
    # budget.
    codes = [0x123, 0xFED]
    out = exec_on_pico(
        image,
        tmp_path,
        "import json\nfrom array import array\n"
        "from hal.micropython_hal import MicroPythonHal\n"
        "from tabletop.profile import load\n"
        "from tabletop.show.pixels import Pixels\n"
        "profile = load(json.load(open('/profiles/pyraos.json')))\n"
        "for fast in (True, False):\n"
        "    hal = MicroPythonHal(profile, fast_scan=fast)\n"
        "    buf = array('H', bytes(2 * profile.analog_channels))\n"
        "    hal.read_analog(buf)\n"
        "    print(json.dumps([hal._scan is not None, list(buf)]))\n"
        "for game in ('pacal', 'pyraos', 'diabolo'):\n"
        "    profile = load(json.load(open('/profiles/%s.json' % game)))\n"
        "    hal = MicroPythonHal(profile)\n"
        "    rows = []\n"
        "    for limiter in (hal.limiter, None):\n"
        "        sent = []\n"
        "        px = Pixels(profile.led_count, profile.led_order, 1.0,\n"
        "                    lambda b: sent.append(bytes(b)), profile.led_budget, limiter)\n"
        "        for n in (1, profile.led_count // 2, profile.led_count):\n"
        "            px.clear()\n"
        "            for i in range(n):\n"
        "                px.set(i, (255, 90 + i % 7, i % 200))\n"
        "            px.show()\n"
        "        rows.append([list(b) for b in sent])\n"
        "    print(json.dumps([game, hal.limiter.__name__, rows, profile.led_budget]))\n",
        codes,
    )
    lines = [json.loads(line) for line in out.splitlines()]
    (fast, by_viper), (slow, by_machine) = lines[:2]
    assert fast and not slow
    want = [read_u16(codes[c // 16]) for c in range(25)]
    assert by_viper == by_machine == want
    assert [g[0] for g in lines[2:]] == ["pacal", "pyraos", "diabolo"]
    for game, kind, (sent_viper, sent_python), budget in lines[2:]:
        assert kind == "hal.rp2_limit", game
        assert sent_viper == sent_python, game
        one, _, brightest = sent_viper
        assert sorted(one, reverse=True)[:3] == [255, 90, 0], game  # within: as set
        assert budget - len(brightest) < sum(brightest) <= budget, game


def short_game() -> tuple[BoardRun, str, str]:
    game, variant, seed = "pyraos", "standard", 21
    events = play_game(game, variant, seed).events[:1]
    run = BoardRun(
        reference_profile(game), game, variant, seed=seed, mistakes=0.3, record_sensors=True
    )
    result = run.play(events)
    assert result.ok, result.where
    return run, game, variant


def same(chip: Replay, cpython: Replay) -> None:
    assert len(chip.frames) == len(cpython.frames)
    for i, (got, want) in enumerate(zip(chip.frames, cpython.frames, strict=True)):
        assert got == want, f"LED frame {i} differs (tick {want[0]})"
    assert chip.statuses == cpython.statuses
    assert [json.loads(x) for x in chip.journal] == [json.loads(x) for x in cpython.journal]
    assert chip.moves == cpython.moves


def test_a_game_replayed_on_the_pico_is_the_game_on_cpython(image: Path) -> None:
    run, game, variant = short_game()
    log = to_adc(run.hal.log)
    chip = replay_on_pico(image, log, game, variant)
    cpython = replay_on_cpython(log, game, variant)
    same(chip, cpython)
    assert len(chip.frames) >= 5 and len(chip.moves) == 1  # (the game did something)
    assert len(chip.timing) == len(log.ticks)
    assert all(start < end for start, end, _ in chip.timing)


# What a board's far seats may add to its live heap on a Pico (the .mpy
# files; docs/FIRMWARE.md, "The heap after boot"): about 6-8 KB now.
FAR_SEAT_BYTES = 9 * 1024
# ... and the free block the next module loaded in play must find (the
# table of interned names doubles into one piece of about 10 KB).
NEXT_BLOCK = 16 * 1024
FAR_GAMES = [g for g in games.NAMES if games.part(g, "board").make.FAR]


@pytest.mark.parametrize("game", FAR_GAMES)
def test_a_board_seats_far_players_within_the_pico_heap(
    image: Path, tmp_path: Path, game: str
) -> None:
    """The board of the game's reference profile begins a game, the host's
    ``remote`` names its far seats and the room's deal comes
    (tests/mp/far_heap.py): on the rp2 port, with the deployed .mpy files,
    the seats load and the board plays on, the heap they take within
    FAR_SEAT_BYTES and a NEXT_BLOCK still free in one piece."""
    script = (ROOT / "tests" / "mp" / "far_heap.py").read_text()
    out = exec_on_pico(
        image, tmp_path, f"import sys\nsys.argv.extend(['x', {game!r}, 'far'])\n{script}"
    )
    said, heap = out.splitlines()[-2:]
    assert said.startswith(f"{game} far mode ") and "tabletop.board.remote_seat" in said, out
    assert "tabletop.board.computer'" not in said  # (the computer's thinking is not loaded)
    took = int(said.split(" bytes ")[1].split()[0])
    largest = int(heap.split()[-1])
    assert took <= FAR_SEAT_BYTES and largest >= NEXT_BLOCK, out
