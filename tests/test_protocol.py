"""The serial protocol (docs/PROTOCOL.md), board side: the virtual device
(sim/device/virtual_device.py, the real firmware and a real littlefs) answering a
host's commands while the scripted hand plays a seeded game. Every command
answers on every game's board (tabletop.games): each test runs on each."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

import tabletop
from sim.device.virtual_device import VirtualDevice
from sim.runs.board_play import reference_profile
from sim.runs.selfplay import play_game
from tabletop import device, games, host
from tabletop.records import notation
from tabletop.records.record import new_state

SEED = 3
every_game = pytest.mark.parametrize("game", games.NAMES)


@functools.cache
def setting(game: str) -> tuple[str, int, tuple[Any, ...]]:
    """The board's first variant, its seats (0: the game always seats as
    many; else the profile's count) and a seeded self-play game's events."""
    variant = games.variants(game)[0]
    low, high = games.part(game, "rules").seats(variant)
    count = 0 if low == high else int(reference_profile(game).players)
    return variant, count, tuple(play_game(game, variant, SEED, players=count or None).events)


def events(game: str) -> tuple[Any, ...]:
    return setting(game)[2]


def started(game: str, moves: int = 4) -> tuple[VirtualDevice, Any]:
    variant, count, played = setting(game)
    dev = VirtualDevice(game, seed=SEED)
    dev.power_on()
    dev.start_game()
    state = new_state(game, variant, count)
    assert dev.play(state, list(played[:moves]))
    return dev, state


def other(game: str) -> str:
    """Another game of the registry than ``game``."""
    return next(g for g in games.NAMES if g != game)


def ask(dev: VirtualDevice, cmd: dict[str, Any], ms: int = 1000) -> list[dict[str, Any]]:
    """Send ``cmd``; the lines that answer it (its id's reply and what follows)."""
    before = len(dev.link.lines())
    dev.link.send(json.dumps(cmd))
    dev.advance(ms)
    return [e for e in dev.link.events()[before:] if "reply" in e and e["reply"] == cmd.get("id")]


@every_game
def test_hello_at_boot_and_when_asked(game: str) -> None:
    dev, _ = started(game, 0)
    hello = next(e for e in dev.link.events() if e.get("event") == "hello")
    want = {"protocol": host.PROTOCOL, "firmware": tabletop.VERSION, "game": game}
    assert all(hello[k] == v for k, v in want.items())
    assert hello["variant"] == setting(game)[0] and hello["mode"] == "play"
    assert hello["profile"] == dev.profile.name
    (reply,) = ask(dev, {"cmd": "hello", "id": 1})
    assert reply["ok"] and reply["protocol"] == host.PROTOCOL and reply["game"] == game


@every_game
def test_every_accepted_move_is_told_in_record_notation(game: str) -> None:
    dev, state = started(game, 0)
    assert dev.play(state, list(events(game)[:5]))
    told = [e for e in dev.link.events() if e.get("event") == "move"]
    assert [e["n"] for e in told] == [1, 2, 3, 4, 5]
    # the journal's lines (a board's deal names only what the board saw:
    # docs/RECORDS.md), every move as the record writes it
    assert [json.dumps(e["line"]) for e in told] == dev.runtime.journal.lines()[1:]
    words = notation.for_game(game)
    for e, ev in zip(told, events(game)[:5], strict=True):
        if not words.is_deal(ev):
            assert e["line"] == notation.to_json(game, ev)


@every_game
def test_state_streams_the_record_so_far(game: str) -> None:
    dev, _ = started(game, 6)
    lines = ask(dev, {"cmd": "state", "id": "s1"}, ms=2000)
    head, *rest = lines
    assert head == {"reply": "s1", "ok": True, "lines": 7}
    assert [x["i"] for x in rest] == list(range(7))
    assert [x["text"] for x in rest] == dev.runtime.journal.lines()


@every_game
def test_undo_is_back_and_the_host_is_told(game: str) -> None:
    dev, _ = started(game, 4)
    (reply,) = ask(dev, {"cmd": "undo", "id": 5}, ms=300)
    assert reply == {"reply": 5, "ok": True}
    assert len(dev.runtime.journal.events) == 3
    assert {"event": "undo", "events": 3} in dev.link.events()


@every_game
def test_new_game_of_another_variant_and_a_game_the_board_does_not_play(game: str) -> None:
    dev, _ = started(game, 2)
    another = other(game)
    cmd = {"cmd": "new", "id": 1, "game": another, "variant": games.variants(another)[0]}
    (bad,) = ask(dev, cmd)
    assert not bad["ok"] and "this board plays" in bad["error"]
    assert len(dev.runtime.journal.events) == 2  # nothing changed
    variant = games.variants(game)[-1]  # (the same, for a game of one variant)
    (good,) = ask(dev, {"cmd": "new", "id": 2, "game": game, "variant": variant})
    assert good["ok"] and good["variant"] == variant
    assert dev.runtime.board.variant == variant and dev.runtime.journal.events == []


@every_game
def test_brightness_scales_the_leds_under_the_profiles_cap(game: str) -> None:
    dev, _ = started(game, 1)
    before = max(dev.hal.frame)
    (reply,) = ask(dev, {"cmd": "brightness", "id": 1, "value": 0.5}, ms=200)
    assert reply["ok"]
    after = max(dev.hal.frame)
    assert 0 < after and abs(after - before / 2) <= 2
    (bad,) = ask(dev, {"cmd": "brightness", "id": 2, "value": 3})
    assert not bad["ok"] and max(dev.hal.frame) == after


@pytest.mark.parametrize("game", games.NAMES)
def test_raw_readings_stream_rate_limited_until_off(game: str) -> None:
    dev, _ = started(game, 1)
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


@every_game
def test_journal_lists_and_fetches_the_games_on_flash(game: str) -> None:
    dev, _ = started(game, 3)
    (listing,) = ask(dev, {"cmd": "journal", "id": 1})
    assert listing["ok"] and listing["current"].endswith(".jsonl")
    fetched = ask(dev, {"cmd": "journal", "id": 2, "fetch": listing["current"]}, ms=2000)
    assert fetched[0]["ok"] and fetched[0]["lines"] == 4
    assert [x["text"] for x in fetched[1:]] == dev.runtime.journal.lines()
    (bad,) = ask(dev, {"cmd": "journal", "id": 3, "fetch": "../boot.py"})
    assert not bad["ok"]


@every_game
def test_bad_commands_get_an_error_with_their_id_and_change_nothing(game: str) -> None:
    dev, state = started(game, 3)
    journaled = list(dev.runtime.journal.events)
    answers = []
    for cmd in (
        {"cmd": "dance", "id": 9},
        {"cmd": "new", "id": 10, "game": game},
        {"cmd": "brightness", "id": 11, "value": "bright"},
        {"cmd": "raw", "id": 12, "on": "yes"},
        {"cmd": "hello", "id": [1]},
    ):
        answers += ask(dev, cmd, ms=100) or [e for e in dev.link.events()[-1:]]
    assert all(a.get("ok") is False or a.get("event") == "error" for a in answers)
    assert answers[0]["reply"] == 9 and "unknown cmd" in answers[0]["message"]
    assert dev.runtime.journal.events == journaled
    assert dev.play(state, list(events(game)[3:5]))  # and the game goes on


@every_game
def test_fuzz_ten_thousand_bad_lines_leave_the_game_alone(game: str) -> None:
    # Random, truncated and malformed lines (commands with wrong arguments
    # included, but no maintenance): every line back is a JSON object, the
    # game is untouched, the outbox stays bounded, nothing raised.
    dev, state = started(game, 3)
    journaled = list(dev.runtime.journal.events)
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
    assert dev.runtime.journal.events == journaled
    assert dev.device is not None and dev.device.failures == 0
    assert dev.device.outbox.used <= device.OUTBOX_BYTES
    assert not dev.device.host.lights
    assert 0 < dev.device.host.peak_stream <= host.STREAM_MAX  # long replies waited, bounded
    assert dev.play(state, list(events(game)[3:5]))


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


@every_game
def test_lights_on_darkens_the_board_and_sets_what_the_host_says(game: str) -> None:
    dev, _ = started(game, 4)
    count = dev.profile.led_count
    assert lit(dev)  # the game's frame (Pyraos: the turn LED, the reserve bars)
    (on,) = ask(dev, {"cmd": "lights", "id": 1, "on": True}, ms=100)
    want_on = {"reply": 1, "ok": True, "on": True, "leds": count}
    assert on == {**want_on, "quiet_ms": host.LIGHTS_QUIET_MS}
    assert lit(dev) == {}
    leds = [3, count // 2 + 1, count - 1]
    (put,) = ask(dev, {"cmd": "lights", "id": 2, "leds": leds, "rgb": [255, 0, 100]})
    assert put["ok"]
    want = capped(dev, (255, 0, 100))
    assert lit(dev) == dict.fromkeys(leds, want)  # under the brightness cap
    ask(dev, {"cmd": "lights", "id": 3, "clear": True, "leds": [7], "rgb": [0, 255, 0]})
    assert lit(dev) == {7: capped(dev, (0, 255, 0))}
    ask(dev, {"cmd": "lights", "id": 4, "clear": True})
    assert lit(dev) == {}


@every_game
def test_lights_off_gives_the_board_back_its_game_as_it_was(game: str) -> None:
    dev, state = started(game, 4)
    frame = dev.hal.frame
    journaled = list(dev.runtime.journal.events)
    ask(dev, {"cmd": "lights", "id": 1, "on": True, "leds": [0, 1, 2], "rgb": [9, 9, 9]})
    (off,) = ask(dev, {"cmd": "lights", "id": 2, "on": False}, ms=300)
    assert off["ok"] and off["on"] is False
    assert dev.hal.frame == frame and dev.runtime.journal.events == journaled
    assert dev.play(state, list(events(game)[4:6]))  # and play goes on


@every_game
def test_no_move_is_accepted_while_the_host_holds_the_lights(game: str) -> None:
    dev, state = started(game, 4)
    ask(dev, {"cmd": "lights", "id": 1, "on": True})
    # the hand makes the next move (sets the marble down, lays the card);
    # the board, paused, takes no notice
    assert not dev.perform(state, events(game)[4])
    assert len(dev.runtime.journal.events) == 4
    assert not [e for e in dev.link.events() if e.get("event") == "move" and e["n"] == 5]
    (undo,) = ask(dev, {"cmd": "undo", "id": 2})
    variant = games.variants(game)[-1]
    (new,) = ask(dev, {"cmd": "new", "id": 3, "game": game, "variant": variant})
    assert not undo["ok"] and not new["ok"] and "lights" in undo["error"]
    ask(dev, {"cmd": "lights", "id": 4, "on": False}, ms=2000)
    # back in play: a board that sees the piece there (a marble, a card on
    # its field) takes the move; one that had to see it made (a Diabolo card
    # read on its way) shows the mistake. Never another move.
    assert list(dev.runtime.journal.events[4:]) in ([], [events(game)[4]])


@every_game
def test_buttons_are_told_not_acted_on_while_the_host_holds_the_lights(game: str) -> None:
    dev, _ = started(game, 4)
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


@every_game
def test_the_lights_return_to_the_game_when_the_host_falls_silent(game: str) -> None:
    dev, _ = started(game, 2)
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


@every_game
def test_bad_lights_commands_are_refused_and_change_nothing(game: str) -> None:
    dev, _ = started(game, 2)
    count = dev.profile.led_count
    game_frame = dev.hal.frame
    (early,) = ask(dev, {"cmd": "lights", "id": 1, "leds": [1], "rgb": [1, 2, 3]})
    assert not early["ok"] and "on" in early["error"] and dev.hal.frame == game_frame
    ask(dev, {"cmd": "lights", "id": 2, "on": True, "leds": [5], "rgb": [10, 20, 30]})
    frame = dev.hal.frame
    for bad in (
        {"leds": [count], "rgb": [1, 2, 3]},
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


@every_game
def test_a_lights_command_fits_a_line_for_half_the_board(game: str) -> None:
    # The line limit is 256 bytes: a host sends 40 LEDs in one command (the
    # last 40 of the board: the longest numbers; all of a smaller board).
    dev, _ = started(game, 0)
    count = dev.profile.led_count
    leds = list(range(max(0, count - 40), count))
    cmd = {"cmd": "lights", "id": 99999, "leds": leds, "rgb": [255, 255, 255]}
    assert len(json.dumps(cmd)) < 256
    ask(dev, {"cmd": "lights", "id": 1, "on": True})
    (reply,) = ask(dev, cmd)
    assert reply["ok"] and sorted(lit(dev)) == leds
