"""The device on the virtual board (sim/device/virtual_device.py): the modes at
power-on, the watchdog, recovery from exceptions, and the serial link, with
the real Runtime, a real littlefs (or the FAT model) and the scripted hand
playing a seeded Pyraos game before and after whatever goes wrong."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from sim.device.virtual_device import VirtualDevice
from sim.hardware.flash import FatFlash, LittleFlash
from sim.hardware.lights import same_colour
from sim.runs.board_play import PROFILES
from sim.runs.selfplay import play_game
from tabletop import device, host, modes, power_on
from tabletop.keep.errorlog import NAME as LOG
from tabletop.rules import pyraos

SEED = 3
EVENTS = play_game("pyraos", "standard", SEED).events
RED = (255, 0, 0)


def started(
    moves: int = 4, flash: LittleFlash | FatFlash | None = None
) -> tuple[VirtualDevice, pyraos.Pyraos]:
    """A board powered on, a new game started, ``moves`` record moves played."""
    dev = VirtualDevice("pyraos", seed=SEED, flash=flash)
    dev.power_on()
    assert dev.mode == "play" and not dev.repl_free
    dev.start_game()
    state = pyraos.Pyraos("standard")
    assert dev.play(state, EVENTS[:moves])
    assert dev.moves() == EVENTS[:moves]
    return dev, state


def play_on(dev: VirtualDevice, state: pyraos.Pyraos, start: int, stop: int) -> None:
    """The game goes on: the board accepts the next record moves, and only them."""
    assert dev.play(state, EVENTS[start:stop]), dev.hand.timeouts
    assert dev.moves() == EVENTS[:stop]
    assert dev.hand.timeouts == []


def resets(dev: VirtualDevice) -> list[str]:
    return [why for _, why in dev.resets]


def kinds(dev: VirtualDevice, kind: str) -> list[dict[str, object]]:
    return [e for e in dev.link.events() if e.get("event") == "error" and e.get("kind") == kind]


def log_entries(dev: VirtualDevice) -> list[dict[str, object]]:
    data = dev.flash.files().get(LOG, b"")
    return [json.loads(line) for line in data.decode().splitlines()]


def all_lights(dev: VirtualDevice, rgb: tuple[int, int, int], at: int | None = None) -> bool:
    names = dev.hal.light_names()
    if at is None:
        return all(same_colour(dev.hal.light(n), rgb) for n in names)
    return all(same_colour(dev.hal.light_at(n, at), rgb) for n in names)


# --- play ---------------------------------------------------------------------------


def test_play_starts_the_watchdog_and_feeds_it_every_tick() -> None:
    dev, state = started(4)
    dog = dev.watchdog
    assert dog is not None and dog.timeout_ms == power_on.WDT_MS <= 8388
    assert dog.feeds >= dev.clock // dev.tick_ms - 20  # every tick, from the first
    assert dev.resets == [] and dev.link.events()[0] == {"event": "boot", "mode": "play"}
    play_on(dev, state, 4, 6)


def test_run_is_the_entry_and_returns_only_when_the_repl_is_free() -> None:
    dev = VirtualDevice("pyraos", seed=SEED)
    dev.run(max_ticks=200)
    assert dev.mode == "play" and dev.runtime.ticks == 200
    assert dev.watchdog is not None and dev.watchdog.feeds == 200
    safe = VirtualDevice("pyraos", seed=SEED)
    safe.hold_at_boot("back")
    safe.run(max_ticks=200)
    assert safe.mode == "safe" and safe.repl_free and safe.runtime is None
    assert safe.watchdog is None and safe.clock < 100  # returned after the boot check


# --- safe mode and maintenance ------------------------------------------------------


def test_safe_mode_back_held_at_power_on_frees_the_repl_until_a_reset() -> None:
    dev, state = started(4)
    dev.hold_at_boot("back", 1500)
    dev.reset()
    assert dev.mode == "safe" and dev.repl_free
    assert dev.watchdog is None and dev.runtime is None
    assert dev.link.events()[-1] == {
        "event": "boot",
        "mode": "safe",
        "why": "BACK held at power-on",
    }
    dev.advance(20_000)  # no watchdog: the REPL stays free for as long as it takes
    assert resets(dev) == ["reset"] and dev.repl_free
    dev.reset()
    assert dev.mode == "play" and dev.watchdog is not None
    dev.advance(1000)
    assert dev.moves() == EVENTS[:4]  # the game resumes from its journal
    play_on(dev, state, 4, 6)


@pytest.mark.parametrize("flash", [LittleFlash, FatFlash], ids=["littlefs", "fat"])
def test_maintenance_command_reboots_without_watchdog_until_the_next_reset(
    flash: Callable[[], LittleFlash | FatFlash],
) -> None:
    dev, state = started(4, flash=flash())
    dev.link.send('{"cmd": "maintenance"}')
    dev.advance(1000)
    assert resets(dev) == ["reset"]
    assert dev.mode == "maintenance" and dev.repl_free
    assert dev.watchdog is None and dev.runtime is None
    events = dev.link.events()
    assert {"event": "maintenance", "by": "command", "reset_ms": device.LEAVE_MS} in events
    assert events[-1] == {"event": "boot", "mode": "maintenance", "why": "maintenance flag"}
    assert all_lights(dev, device.MAINTENANCE_RGB)  # the chain keeps its last frame
    assert modes.FLAG not in dev.flash.files()  # taken at boot: the next reset plays
    dev.advance(20_000)  # mpremote has all the time it needs
    assert resets(dev) == ["reset"] and dev.repl_free
    dev.reset()
    assert dev.mode == "play" and dev.watchdog is not None
    dev.advance(1000)
    assert dev.moves() == EVENTS[:4]
    play_on(dev, state, 4, 6)


def test_menu_and_back_held_3_s_enter_maintenance_without_touching_the_game() -> None:
    dev, state = started(4)
    t = dev.clock
    dev.hal.press("menu", t, 3600)
    dev.hal.press("back", t + 80, 3520)  # together, as a person presses two buttons
    dev.advance(2800)
    assert dev.mode == "play" and dev.moves() == EVENTS[:4]  # not yet, and no new game
    dev.advance(800)
    assert resets(dev) == ["reset"] and dev.mode == "maintenance" and dev.repl_free
    assert {"event": "maintenance", "by": "buttons", "reset_ms": device.LEAVE_MS} in (
        dev.link.events()
    )
    assert dev.watchdog is None
    dev.advance(1000)  # let go
    dev.reset()
    assert dev.mode == "play"
    dev.advance(1000)
    assert dev.moves() == EVENTS[:4]
    play_on(dev, state, 4, 6)


def test_ctrl_c_during_play_leaves_the_watchdog_running_so_it_resets() -> None:
    # Why maintenance needs its own boot: a watchdog once started cannot be stopped.
    dev, state = started(2)
    dev.interrupt()
    assert dev.repl_free
    dev.advance(power_on.WDT_MS + 500)
    assert resets(dev) == ["watchdog"] and dev.mode == "play"
    dev.advance(1000)
    assert dev.moves() == EVENTS[:2]
    play_on(dev, state, 2, 4)


# --- the watchdog and exceptions ----------------------------------------------------


def test_the_watchdog_resets_a_hung_loop_and_the_game_resumes() -> None:
    dev, state = started(4)
    t0 = dev.clock
    dev.hal.inject("read_analog", "hang")
    dev.advance(power_on.WDT_MS + 3000)
    assert resets(dev) == ["watchdog"] and dev.boots == 2
    assert power_on.WDT_MS <= dev.resets[0][0] - t0 <= power_on.WDT_MS + 2 * dev.tick_ms
    assert dev.mode == "play" and dev.moves() == EVENTS[:4]
    play_on(dev, state, 4, 8)


STAGES: dict[str, tuple[Callable[[VirtualDevice], None], str]] = {
    "sensing": (lambda d: d.hal.inject("read_analog", OSError(5, "ADC read failed")), "ADC"),
    "controller": (lambda d: d.inject_board_fault(ValueError("controller bug")), "controller"),
    "render": (lambda d: d.hal.inject("transmit", RuntimeError("LED driver failed")), "LED"),
    "serial": (lambda d: setattr(d.link, "fail", OSError(19, "USB gone")), "USB"),
    "journal": (lambda d: journal_fault(d, RuntimeError("journal bug")), "journal"),
}


def journal_fault(dev: VirtualDevice, error: Exception) -> None:
    """The next append to the journal's store raises ``error`` (once)."""
    assert dev.device is not None
    store = dev.device.store
    assert store is not None
    append = store.append
    calls: list[str] = []

    def failing(name: str, data: bytes) -> None:
        if not calls:
            calls.append(name)
            raise error
        append(name, data)

    store.append = failing


@pytest.mark.parametrize("stage", list(STAGES))
def test_an_exception_in_a_tick_is_logged_shown_and_play_resumes(stage: str) -> None:
    dev, state = started(4)
    inject, words = STAGES[stage]
    t0 = dev.clock
    inject(dev)
    done = 4
    if stage in ("render", "journal"):  # fails as the next move is shown / written
        assert dev.perform(state, EVENTS[4])
        state.apply(EVENTS[4])
        done = 5
    if stage == "serial":  # something to send: the answer to a bad line
        dev.link.send("hello")
    dev.advance(3000)
    # logged once: one serial line, one log entry (with the traceback)
    [line] = kinds(dev, "exception")
    assert words in str(line["message"]) and line["repeats"] == 0
    [entry] = log_entries(dev)
    assert words in str(entry["message"])
    trace = str(entry["trace"]).rstrip()
    assert trace.endswith(f"{line['type']}: {line['message']}") and "line " in trace
    assert dev.device is not None and dev.device.failures == 1
    # the error pattern: every LED dim red, for about a second
    shown = [t for t, _ in dev.hal.frames if t >= t0 and all_lights(dev, RED, t)]
    assert shown, "no frame with every LED red"
    later = [t for t, _ in dev.hal.frames if t > shown[0]]
    assert device.ERROR_MS <= later[0] - shown[0] <= device.ERROR_MS + 100
    assert max(max(dev.hal.light_at(n, shown[0])) for n in dev.hal.light_names()) <= 40
    # play resumes from the journal, nothing lost and nothing added, no reset
    assert dev.resets == [] and dev.mode == "play"
    assert dev.moves() == EVENTS[:done]
    if stage == "serial":
        assert kinds(dev, "command") == [
            {"event": "error", "kind": "command", "message": "not JSON"}
        ]
    play_on(dev, state, done, done + 4)


def test_repeated_exceptions_back_off_and_write_the_log_rarely() -> None:
    dev, state = started(4)
    dev.hal.inject("read_analog", OSError(5, "ADC stuck"), times=1000)
    dev.advance(60_000)
    assert dev.device is not None
    failures = dev.device.failures
    # 1, 2, 4, 8, 8, ... s of error pattern between attempts: not a spin
    assert 6 <= failures <= 12
    assert all_lights(dev, RED)
    entries = log_entries(dev)
    lines = kinds(dev, "exception")
    assert len(entries) == len(lines) <= 60_000 // 10_000 + 1  # at most one per 10 s
    assert sum(int(str(e["repeats"])) + 1 for e in entries) <= failures
    assert any(int(str(e["repeats"])) > 0 for e in entries)  # the held-back ones counted
    assert dev.resets == []
    dev.hal.faults.clear()  # the fault goes away: play comes back by itself
    dev.advance(device.ERROR_MAX_MS + 2000)
    assert dev.mode == "play" and dev.moves() == EVENTS[:4]
    play_on(dev, state, 4, 6)


def test_a_bad_profile_is_reported_and_blinked_with_no_watchdog() -> None:
    raw = json.loads((PROFILES / "pyraos.json").read_text())
    raw["leds"]["count"] = "many"
    dev = VirtualDevice("pyraos", seed=SEED, raw=raw)
    dev.power_on()
    assert dev.mode == "profile-error" and not dev.repl_free and dev.watchdog is None
    dev.advance(7000)
    reports = kinds(dev, "profile")
    assert len(reports) == 3  # at 0, 3 and 6 s
    assert reports[0]["message"] == "leds.count: must be a whole number 1..1024"
    assert [on for _, on in dev.blinks[:4]] == [True, False, True, False]
    assert 12 <= len(dev.blinks) <= 15  # every 500 ms
    assert dev.resets == []


# --- the serial link ------------------------------------------------------------------


def test_a_host_that_never_reads_never_stalls_play_and_the_outbox_stays_bounded() -> None:
    dev, state = started(2)
    assert dev.device is not None and dev.device.runtime is not None
    told: list[object] = []  # status lines the game says while the host is away
    say_status = dev.device.runtime.on_status
    assert say_status is not None

    def counting(lines: object) -> None:
        told.append(lines)
        say_status(lines)

    dev.device.runtime.on_status = counting
    before = len(dev.link.events())
    dev.link.reading = False
    for i in range(60):  # 60 answers of ~70 bytes: more than the outbox holds
        dev.link.send(f'{{"cmd": "dance{i}"}}')
    ticks = dev.runtime.ticks
    t0 = dev.clock
    assert dev.play(state, EVENTS[2:6]) and dev.hand.timeouts == []
    assert dev.moves() == EVENTS[:6]
    assert dev.runtime.ticks - ticks == (dev.clock - t0) // dev.tick_ms  # no tick lost
    assert dev.resets == []
    assert dev.device is not None
    box = dev.device.outbox
    assert 0 < box.used <= box.size == device.OUTBOX_BYTES
    dropped = box.dropped_total
    assert dropped > 0
    dev.link.reading = True
    dev.advance(5000)
    events = dev.link.events()[before:]
    assert events[0] == {"event": "dropped", "lines": dropped}  # before what is left
    answers = kinds(dev, "command")
    statuses = [e for e in events if e["event"] == "status"]
    moves = [e for e in events if e["event"] == "move"]
    said = len(answers) + len(statuses) + len(moves) + dropped
    assert told and said == 60 + len(told) + 4  # each counted (4 moves told)
    known = ", ".join(host.COMMANDS)
    assert answers[-1]["message"] == f'unknown cmd "dance59" (known: {known})'


def test_at_most_20_lines_a_second_reach_the_host() -> None:
    dev = VirtualDevice("pyraos", seed=SEED)
    dev.power_on()
    dev.advance(500)
    for i in range(25):
        dev.link.send(f'{{"cmd": {i}}}')
    dev.advance(3000)
    times = [t for t, line in dev.link.arrivals if '"kind": "command"' in line]
    assert len(times) == 25  # all of them, in time
    # (a line arrives with the tick that writes its last bytes: a tick early
    # or late against when it started)
    for t in times:
        assert sum(1 for u in times if t <= u < t + 1000 - dev.tick_ms) <= device.LINES_PER_S


def test_bad_command_lines_get_a_json_error_naming_what_was_wrong() -> None:
    dev, state = started(2)
    for line in ("hello", "[1, 2]", '{"x": 1}', '{"cmd": 5}', '{"cmd": "dance"}', "x" * 300):
        dev.link.send(line)
    dev.link.send(b'\r\n\n{"cmd": \xff\xfe}\r\n')  # blank lines are no commands
    dev.advance(2000)
    assert [e["message"] for e in kinds(dev, "command")] == [
        "not JSON",
        "not a JSON object",
        'no "cmd" key',
        '"cmd" is not a string',
        f'unknown cmd "dance" (known: {", ".join(host.COMMANDS)})',
        "line longer than 256 bytes",
        "not JSON",
    ]
    assert dev.device is not None and dev.device.failures == 0
    assert dev.resets == [] and dev.mode == "play"
    play_on(dev, state, 2, 4)


def test_a_move_that_cannot_be_written_is_reported_and_the_game_goes_on() -> None:
    dev, state = started(4)
    journal_fault(dev, OSError(28, "no space"))
    assert dev.perform(state, EVENTS[4])
    state.apply(EVENTS[4])
    dev.advance(500)
    [line] = [e for e in dev.link.events() if e.get("event") == "journal"]
    assert "not written" in str(line["problem"]) and "no space" in str(line["problem"])
    assert dev.moves() == EVENTS[:5] and kinds(dev, "exception") == []
    play_on(dev, state, 5, 8)


def test_damaged_journal_lines_are_reported_at_power_on() -> None:
    dev, state = started(6)
    fs = dev.flash.mount()
    [name] = [n for n in fs.names() if n.endswith(".jsonl") and n.startswith("g")][-1:]
    data = fs.read(name)
    assert data is not None
    fs.append(name, b'{"p": 0, "pla')  # a line cut short
    dev.reset()
    dev.advance(2000)
    [line] = [e for e in dev.link.events() if e.get("event") == "journal"]
    assert line["file"] == name and line["line"] == 8 and line["problem"] == "cut short"
    assert dev.moves() == EVENTS[:6]
    play_on(dev, state, 6, 9)


def test_the_board_tells_its_sensors_noise_once_after_power_on() -> None:
    # (the plain model: its noise is the profile's times ``noise`` exactly;
    # the sensor chain's 1x is a sixth above it, and the board works with
    # its own: tests/test_reference_noise.py)
    for noise in (1.0, 2.5):
        dev = VirtualDevice("pyraos", seed=SEED, noise=noise, sensor="plain")
        dev.power_on()
        dev.advance(2000)
        told = [json.loads(line) for _, line in dev.link.arrivals if '"event": "noise"' in line]
        assert len(told) == 1, told
        (said,) = told
        assert len(said["counts"]) == 25 and said["faulty"] == []
        assert said["profile"] == dev.profile.noise == 15
        if noise == 1.0:  # about the profile's: its figure stands
            assert 10 <= said["typical"] <= 20 and said["using"] == 15
        else:  # clearly noisier: the board works with its own
            # (to a quarter count; the typical rounded to a whole one)
            assert said["typical"] >= 30 and abs(said["using"] - said["typical"]) <= 0.5
    pacal = VirtualDevice("pacal", seed=SEED)
    pacal.power_on()
    pacal.advance(1000)
    assert not [line for _, line in pacal.link.arrivals if '"event": "noise"' in line]
