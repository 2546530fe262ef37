"""The serial protocol (docs/PROTOCOL.md), board side: the virtual device
(sim/virtual_device.py, the real firmware and a real littlefs) answering a
host's commands while the scripted hand plays a seeded Pyraos game."""

from __future__ import annotations

import json
import random
from typing import Any

import tabletop
from sim.selfplay import play_game
from sim.virtual_device import VirtualDevice
from tabletop import device, host
from tabletop.records import pyraos_notation
from tabletop.rules import pyraos

SEED = 3
EVENTS = play_game("pyraos", "standard", SEED).events


def started(moves: int = 4) -> tuple[VirtualDevice, pyraos.Pyraos]:
    dev = VirtualDevice("pyraos", seed=SEED)
    dev.power_on()
    dev.start_game()
    state = pyraos.Pyraos("standard")
    assert dev.play(state, EVENTS[:moves])
    return dev, state


def ask(dev: VirtualDevice, cmd: dict[str, Any], ms: int = 1000) -> list[dict[str, Any]]:
    """Send ``cmd``; the lines that answer it (its id's reply and what follows)."""
    before = len(dev.link.lines())
    dev.link.send(json.dumps(cmd))
    dev.advance(ms)
    return [e for e in dev.link.events()[before:] if "reply" in e and e["reply"] == cmd.get("id")]


def test_hello_at_boot_and_when_asked() -> None:
    dev, _ = started(0)
    hello = next(e for e in dev.link.events() if e.get("event") == "hello")
    want = {"protocol": host.PROTOCOL, "firmware": tabletop.VERSION, "game": "pyraos"}
    assert all(hello[k] == v for k, v in want.items())
    assert hello["variant"] == "standard" and hello["mode"] == "play" and "profile" in hello
    (reply,) = ask(dev, {"cmd": "hello", "id": 1})
    assert reply["ok"] and reply["protocol"] == host.PROTOCOL and reply["game"] == "pyraos"


def test_every_accepted_move_is_told_in_record_notation() -> None:
    dev, state = started(0)
    assert dev.play(state, EVENTS[:5])
    told = [e for e in dev.link.events() if e.get("event") == "move"]
    assert [e["n"] for e in told] == [1, 2, 3, 4, 5]
    assert [e["line"] for e in told] == [pyraos_notation.to_json(ev) for ev in EVENTS[:5]]


def test_state_streams_the_record_so_far() -> None:
    dev, _ = started(6)
    lines = ask(dev, {"cmd": "state", "id": "s1"}, ms=2000)
    head, *rest = lines
    assert head == {"reply": "s1", "ok": True, "lines": 7}
    assert [x["i"] for x in rest] == list(range(7))
    assert [x["text"] for x in rest] == dev.runtime.journal.lines()


def test_undo_is_back_and_the_host_is_told() -> None:
    dev, _ = started(4)
    (reply,) = ask(dev, {"cmd": "undo", "id": 5}, ms=300)
    assert reply == {"reply": 5, "ok": True}
    assert len(dev.runtime.journal.events) == 3
    assert {"event": "undo", "events": 3} in dev.link.events()


def test_new_game_of_another_variant_and_a_game_the_board_does_not_play() -> None:
    dev, _ = started(2)
    (bad,) = ask(dev, {"cmd": "new", "id": 1, "game": "pacal", "variant": "duel"})
    assert not bad["ok"] and "this board plays" in bad["error"]
    assert len(dev.runtime.journal.events) == 2  # nothing changed
    (good,) = ask(dev, {"cmd": "new", "id": 2, "game": "pyraos", "variant": "kids"})
    assert good["ok"] and good["variant"] == "kids"
    assert dev.runtime.board.variant == "kids" and dev.runtime.journal.events == []


def test_brightness_scales_the_leds_under_the_profiles_cap() -> None:
    dev, _ = started(1)
    before = max(dev.hal.frame)
    (reply,) = ask(dev, {"cmd": "brightness", "id": 1, "value": 0.5}, ms=200)
    assert reply["ok"]
    after = max(dev.hal.frame)
    assert 0 < after and abs(after - before / 2) <= 2
    (bad,) = ask(dev, {"cmd": "brightness", "id": 2, "value": 3})
    assert not bad["ok"] and max(dev.hal.frame) == after


def test_raw_readings_stream_rate_limited_until_off() -> None:
    dev, _ = started(1)
    (reply,) = ask(dev, {"cmd": "raw", "id": 1, "on": True}, ms=2000)
    assert reply["ok"] and reply["every_ms"] == host.RAW_MS
    raw = [e for e in dev.link.events() if e.get("event") == "raw"]
    assert 6 <= len(raw) <= 2000 // host.RAW_MS + 1
    assert all(len(e["analog"]) == dev.profile.analog_channels for e in raw)
    assert all(b["t"] - a["t"] >= host.RAW_MS for a, b in zip(raw, raw[1:], strict=False))
    ask(dev, {"cmd": "raw", "id": 2, "on": False}, ms=100)
    n = len([e for e in dev.link.events() if e.get("event") == "raw"])
    dev.advance(1000)
    assert len([e for e in dev.link.events() if e.get("event") == "raw"]) == n


def test_journal_lists_and_fetches_the_games_on_flash() -> None:
    dev, _ = started(3)
    (listing,) = ask(dev, {"cmd": "journal", "id": 1})
    assert listing["ok"] and listing["current"].endswith(".jsonl")
    fetched = ask(dev, {"cmd": "journal", "id": 2, "fetch": listing["current"]}, ms=2000)
    assert fetched[0]["ok"] and fetched[0]["lines"] == 4
    assert [x["text"] for x in fetched[1:]] == dev.runtime.journal.lines()
    (bad,) = ask(dev, {"cmd": "journal", "id": 3, "fetch": "../boot.py"})
    assert not bad["ok"]


def test_bad_commands_get_an_error_with_their_id_and_change_nothing() -> None:
    dev, state = started(3)
    events = list(dev.runtime.journal.events)
    answers = []
    for cmd in (
        {"cmd": "dance", "id": 9},
        {"cmd": "new", "id": 10, "game": "pyraos"},
        {"cmd": "brightness", "id": 11, "value": "bright"},
        {"cmd": "raw", "id": 12, "on": "yes"},
        {"cmd": "hello", "id": [1]},
    ):
        answers += ask(dev, cmd, ms=100) or [e for e in dev.link.events()[-1:]]
    assert all(a.get("ok") is False or a.get("event") == "error" for a in answers)
    assert answers[0]["reply"] == 9 and "unknown cmd" in answers[0]["message"]
    assert dev.runtime.journal.events == events
    assert dev.play(state, EVENTS[3:5])  # and the game goes on


def test_fuzz_ten_thousand_bad_lines_leave_the_game_alone() -> None:
    # Random, truncated and malformed lines (commands with wrong arguments
    # included, but no maintenance): every line back is a JSON object, the
    # game is untouched, the outbox stays bounded, nothing raised.
    dev, state = started(3)
    events = list(dev.runtime.journal.events)
    rng = random.Random(1)
    words = ["hello", "state", "new", "undo", "brightness", "raw", "journal", "lights", "dance", ""]
    sent = 0
    for i in range(10_000):
        kind = rng.randrange(5)
        if kind == 0:
            line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80)))
            line = line.replace(b"\n", b" ").replace(b"\r", b" ")
        elif kind == 1:
            cmd = {"cmd": rng.choice(words[2:]), "id": i, "game": rng.choice([1, "x", None])}
            cmd["fetch"] = rng.choice(["", "g000001.jsonl", 5, "x" * 40])
            cmd["value"] = rng.choice([-1, 2, "a", None, 0.5])
            cmd["on"] = rng.choice([1, "on", None])
            cmd["leds"] = rng.choice([[1], [99], None, "x"])
            cmd["rgb"] = rng.choice([[1, 2, 3], [1, 2], None])
            line = json.dumps(cmd).encode()
            if cmd["cmd"] in ("brightness", "raw", "new", "state", "journal"):
                line = line[: rng.randrange(1, len(line))]  # truncated: never acted on
        elif kind == 2:
            line = json.dumps(
                {"id": rng.choice([i, "x" * 50, [1], {}]), "cmd": rng.choice(words)}
            ).encode()
        elif kind == 3:
            line = ("x" * rng.randrange(200, 400)).encode()
        else:
            line = b'{"cmd": "' + bytes([rng.randrange(128, 256)]) + b'"}'
        if b'"undo"' in line or b'"new"' in line:
            continue  # (those are the game's to change, when well formed)
        dev.link.send(line + b"\n")
        sent += 1
        while dev.link.unread() > 2000:  # the device reads 64 bytes a tick
            dev.advance(100)
    while dev.link.unread():
        dev.advance(100)
    dev.advance(3000)
    assert sent > 9000
    assert all(isinstance(e, dict) for e in dev.link.events())
    assert dev.runtime.journal.events == events
    assert dev.device is not None and dev.device.failures == 0
    assert dev.device.outbox.used <= device.OUTBOX_BYTES
    assert not dev.device.host.lights
    assert 0 < dev.device.host.peak_stream <= host.STREAM_MAX  # long replies waited, bounded
    assert dev.play(state, EVENTS[3:5])


# -- the lights mode: the host draws the LEDs -----------------------------------------


def lit(dev: VirtualDevice) -> dict[int, tuple[int, int, int]]:
    """The lit LEDs of the frame the virtual board shows, by index (r, g, b)."""
    frame = dev.hal.frame
    order = dev.profile.led_order
    r, g, b = order.index("R"), order.index("G"), order.index("B")
    out = {}
    for i in range(dev.profile.led_count):
        px = frame[3 * i : 3 * i + 3]
        if any(px):
            out[i] = (px[r], px[g], px[b])
    return out


def capped(dev: VirtualDevice, rgb: tuple[int, int, int]) -> tuple[int, ...]:
    s = int(dev.profile.brightness * 256 + 0.5)
    return tuple(c * s >> 8 for c in rgb)


def test_lights_on_darkens_the_board_and_sets_what_the_host_says() -> None:
    dev, _ = started(4)
    assert lit(dev)  # the game's frame: the turn LED, the reserve bars
    (on,) = ask(dev, {"cmd": "lights", "id": 1, "on": True}, ms=100)
    assert on == {"reply": 1, "ok": True, "on": True, "leds": 57, "quiet_ms": host.LIGHTS_QUIET_MS}
    assert lit(dev) == {}
    (put,) = ask(dev, {"cmd": "lights", "id": 2, "leds": [3, 40, 56], "rgb": [255, 0, 100]})
    assert put["ok"]
    want = capped(dev, (255, 0, 100))
    assert lit(dev) == {3: want, 40: want, 56: want}  # under the brightness cap
    ask(dev, {"cmd": "lights", "id": 3, "clear": True, "leds": [7], "rgb": [0, 255, 0]})
    assert lit(dev) == {7: capped(dev, (0, 255, 0))}
    ask(dev, {"cmd": "lights", "id": 4, "clear": True})
    assert lit(dev) == {}


def test_lights_off_gives_the_board_back_its_game_as_it_was() -> None:
    dev, state = started(4)
    frame = dev.hal.frame
    events = list(dev.runtime.journal.events)
    ask(dev, {"cmd": "lights", "id": 1, "on": True, "leds": [0, 1, 2], "rgb": [9, 9, 9]})
    (off,) = ask(dev, {"cmd": "lights", "id": 2, "on": False}, ms=300)
    assert off["ok"] and off["on"] is False
    assert dev.hal.frame == frame and dev.runtime.journal.events == events
    assert dev.play(state, EVENTS[4:6])  # and play goes on


def test_no_move_is_accepted_while_the_host_holds_the_lights() -> None:
    dev, state = started(4)
    ask(dev, {"cmd": "lights", "id": 1, "on": True})
    # the hand sets the next marble down; the board, paused, takes no notice
    assert not dev.perform(state, EVENTS[4])
    assert len(dev.runtime.journal.events) == 4
    assert not [e for e in dev.link.events() if e.get("event") == "move" and e["n"] == 5]
    (undo,) = ask(dev, {"cmd": "undo", "id": 2})
    (new,) = ask(dev, {"cmd": "new", "id": 3, "game": "pyraos", "variant": "kids"})
    assert not undo["ok"] and not new["ok"] and "lights" in undo["error"]
    ask(dev, {"cmd": "lights", "id": 4, "on": False}, ms=2000)
    # back in play, the board sees the marble already there and takes the move
    assert len(dev.runtime.journal.events) == 5


def test_buttons_are_told_not_acted_on_while_the_host_holds_the_lights() -> None:
    dev, _ = started(4)
    ask(dev, {"cmd": "lights", "id": 1, "on": True})
    dev.hal.press("back", dev.clock + 10, 100)
    dev.advance(500)
    dev.hal.press("menu", dev.clock + 10, 1500)
    dev.advance(2000)
    buttons = [e for e in dev.link.events() if e.get("event") == "button"]
    assert buttons == [
        {"event": "button", "button": "back", "long": False},
        {"event": "button", "button": "menu", "long": True},
    ]
    assert len(dev.runtime.journal.events) == 4  # BACK took nothing back
    assert dev.runtime.board.mode != "select"  # MENU started nothing


def test_the_lights_return_to_the_game_when_the_host_falls_silent() -> None:
    dev, _ = started(2)
    frame = dev.hal.frame
    ask(dev, {"cmd": "lights", "id": 1, "on": True})
    dev.advance(host.LIGHTS_QUIET_MS - 1000)
    ask(dev, {"cmd": "lights", "id": 2}, ms=100)  # (a keep-alive)
    dev.advance(host.LIGHTS_QUIET_MS - 1000)
    assert dev.device is not None and dev.device.host.lights
    dev.advance(2000)
    assert not dev.device.host.lights and dev.hal.frame == frame
    told = {"event": "lights", "on": False, "quiet_ms": host.LIGHTS_QUIET_MS}
    assert told in dev.link.events()


def test_bad_lights_commands_are_refused_and_change_nothing() -> None:
    dev, _ = started(2)
    game_frame = dev.hal.frame
    (early,) = ask(dev, {"cmd": "lights", "id": 1, "leds": [1], "rgb": [1, 2, 3]})
    assert not early["ok"] and "on" in early["error"] and dev.hal.frame == game_frame
    ask(dev, {"cmd": "lights", "id": 2, "on": True, "leds": [5], "rgb": [10, 20, 30]})
    frame = dev.hal.frame
    for bad in (
        {"leds": [57], "rgb": [1, 2, 3]},
        {"leds": [-1], "rgb": [1, 2, 3]},
        {"leds": [1.5], "rgb": [1, 2, 3]},
        {"leds": [True], "rgb": [1, 2, 3]},
        {"leds": [], "rgb": [1, 2, 3]},
        {"leds": [1], "rgb": [1, 2, 256]},
        {"leds": [1], "rgb": [1, 2]},
        {"leds": [1], "rgb": "red"},
        {"leds": [1]},
        {"clear": True, "leds": [1], "rgb": [1, 2, -3]},  # (not even the clear)
        {"clear": False},
        {"on": "yes"},
        {"on": False, "clear": True},
        {"glow": 1},
    ):
        (reply,) = ask(dev, {"cmd": "lights", "id": 9, **bad}, ms=60)
        assert reply["ok"] is False and reply["error"], bad
        assert dev.hal.frame == frame, bad
    assert lit(dev) == {5: capped(dev, (10, 20, 30))}


def test_a_lights_command_fits_a_line_for_half_the_board() -> None:
    # The line limit is 256 bytes: a host sends 40 LEDs in one command.
    cmd = {"cmd": "lights", "id": 99999, "leds": list(range(17, 57)), "rgb": [255, 255, 255]}
    assert len(json.dumps(cmd)) < 256
    dev, _ = started(0)
    ask(dev, {"cmd": "lights", "id": 1, "on": True})
    (reply,) = ask(dev, cmd)
    assert reply["ok"] and sorted(lit(dev)) == list(range(17, 57))
