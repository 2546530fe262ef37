"""A maker's own profile in the simulator: ``python -m sim --profile FILE``
(the window), ``sim board-play --profile FILE`` and ``sim device --pty
--profile FILE`` build the virtual board as the profile says, and refuse a
broken one with the firmware loader's own words, so a profile is tried
before it goes on a board.

The profile each game's tests use is its reference one rewired: every
sensor channel, shift-register bit and LED index permuted
(sim/hardware/wiring.py), the LEDs in another colour order, at another
brightness, with spare LEDs on the chain, another debounce. The virtual
sensors are wired as it says, so a game played on it goes right only if
the board is really built by it."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from host_tools.board.link import Link
from sim.commands import cli
from sim.hardware.wiring import shuffled_wiring
from sim.runs.selfplay import play_game
from sim.table.table import Table
from tabletop import games
from tabletop.profile import load
from tabletop.records.record import check
from tests.table_support import LEVEL, LOW_FIRST, check_the_end, finished, play_on

ROOT = Path(__file__).resolve().parents[1]
PROFILES = ROOT / "firmware" / "profiles"
GOLDEN = Path(__file__).parent / "golden"
GAMES = games.NAMES
COMMANDS = ("window", "board-play", "device")


def reference(game: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((PROFILES / f"{game}.json").read_text())
    return raw


def rewired(game: str, seed: int = 5) -> dict[str, Any]:
    """The reference profile of ``game`` as a maker might have built it."""
    raw = shuffled_wiring(reference(game), seed)
    raw["name"] = f"My own {game} board"
    leds = raw["leds"]
    leds["order"] = "RGB" if leds["order"] != "RGB" else "GRB"
    leds["brightness"] = 0.2
    leds["count"] += 3  # (spare LEDs at the chain's end)
    raw["timing"]["debounce_ms"] += 5
    return raw


def wiring(profile: Any) -> tuple[Any, ...]:
    return (profile.sensor_channels, profile.field_channels, profile.slot_bits,
            profile.presence_bits)  # fmt: skip


def write(path: Path, raw: Any) -> Path:
    path.write_text(json.dumps(raw, indent=1))
    return path


@pytest.fixture
def own(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    return write(tmp_path / "my-board.json", rewired(request.param))


@functools.cache
def golden_of(game: str) -> Path | None:
    """The shortest golden record of a whole ``game`` (tests/golden)."""
    best: tuple[int, str, Path] | None = None
    for path in GOLDEN.glob("*.jsonl"):
        if path.name.endswith(".check.jsonl"):
            continue
        *_, summary = check(path.read_bytes())
        rec = summary["record"]
        if summary["ok"] and rec.game == game and rec.state.is_over():
            if best is None or len(rec.events) < best[0]:
                best = (len(rec.events), path.name, path)
    return None if best is None else best[2]


def record_of(game: str, tmp_path: Path) -> Path:
    """A golden record of ``game``, or, for a game with none there (Diabolo),
    a seeded self-play game at its fewest seats, written into ``tmp_path``."""
    golden = golden_of(game)
    if golden is not None:
        return golden
    variant = games.variants(game)[0]
    low, high = games.part(game, "rules").seats(variant)
    rec = play_game(game, variant, 1, players=low if low != high else None)
    path = tmp_path / f"{game}-selfplay.jsonl"
    path.write_text(rec.dumps())
    return path


def moves(lines: list[str]) -> list[Any]:
    return [json.loads(x) for x in lines[1:]]


@pytest.mark.parametrize("game", GAMES)
def test_the_rewired_profile_moves_every_sensor_and_light(game: str) -> None:
    # (else the games below would prove nothing about the wiring)
    mine, ref = load(rewired(game)), load(reference(game))
    assert wiring(mine) != wiring(ref)
    assert mine.led_map != ref.led_map
    assert sorted(mine.led_map) == sorted(ref.led_map)


@pytest.mark.parametrize(("game", "own"), [(g, g) for g in GAMES], indirect=["own"])
def test_board_play_plays_a_record_to_its_end_on_the_makers_board(
    game: str, own: Path, tmp_path: Path
) -> None:
    record = record_of(game, tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "sim", "board-play", str(record), "--profile", str(own)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stderr.splitlines()[-1].removeprefix("board-play: "))
    assert summary["events"] == summary["of"] > 0
    assert moves(run.stdout.splitlines()) == moves(record.read_text().splitlines())


@pytest.mark.parametrize("game", GAMES)
def test_the_table_plays_a_game_on_the_makers_board(game: str) -> None:
    # A person at the human seat by the mouse's hand, as in the window, the
    # computer at the others: a whole game, or the first round of one that
    # has rounds (Pacal's match, Diabolo).
    variant = games.variants(game)[0]
    low, _ = games.part(game, "rules").seats(variant)
    players = ("human",) + ("computer",) * (low - 1)
    profile = load(rewired(game))
    table = Table(game, variant, seed=3, players=players, level=LEVEL, profile=profile)
    assert table.profile is profile and table.board.physics.profile is profile
    person = play_on(table, LOW_FIRST, to_the_end=False)
    check_the_end(table, finished(table))
    assert any(ev is not None for ev in person.made), "the mouse made no move"
    assert table.journal.events, "the board accepted nothing"


@pytest.mark.parametrize(("game", "own"), [(g, g) for g in GAMES], indirect=["own"])
def test_the_window_opens_on_the_makers_board(game: str, own: Path, tmp_path: Path) -> None:
    import tests.window_support  # noqa: F401  (no display: SDL's dummy driver)

    shot = tmp_path / "board.png"
    assert cli.main(["--profile", str(own), "--screenshot", str(shot), "--seed", "2"]) == 0
    assert shot.stat().st_size > 0


@pytest.mark.parametrize(("game", "own"), [(g, g) for g in GAMES], indirect=["own"])
def test_the_pty_device_says_hello_with_the_profiles_name(game: str, own: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "sim", "device", "--pty", "--profile", str(own), "--for", "30"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/"), port
        link = Link.open(port)
        try:
            hello = link.ask({"cmd": "hello"}, seconds=20.0)
        finally:
            link.close()
    finally:
        proc.kill()
        proc.wait()
    assert hello["ok"] and hello["profile"] == f"My own {game} board"
    assert (hello["game"], hello["variant"]) == tuple(reference(game)["games"][0])


def args_for(command: str, game: str, profile: str, tmp_path: Path) -> list[str]:
    if command == "board-play":
        return ["board-play", str(record_of(game, tmp_path)), "--profile", profile]
    if command == "device":
        return ["device", "--pty", "--game", game, "--profile", profile]
    return ["--game", game, "--profile", profile, "--text"]


def broken(game: str) -> dict[str, tuple[str, str]]:
    """Each way of breaking ``game``'s profile: the file's text, and the key
    the loader names."""
    clash = reference(game)
    clash["pins"]["back"] = clash["pins"]["menu"]
    unknown = dict(reference(game), wiring="by hand")
    return {
        "bad JSON": (json.dumps(reference(game))[:-40], "profile"),
        "unknown key": (json.dumps(unknown), "wiring"),
        "pin clash": (json.dumps(clash), "pins.back"),
    }


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("game", GAMES)
def test_a_broken_profile_is_one_error_line_naming_the_key(
    game: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for kind, (text, key) in broken(game).items():
        path = tmp_path / f"{kind.replace(' ', '-')}.json"
        path.write_text(text)
        code = cli.main(args_for(command, game, str(path), tmp_path))
        out, err = capsys.readouterr()
        assert code == 2, kind
        assert out == "" and err.count("\n") == 1, (kind, err)
        assert err.startswith(f"error: {path}: {key}: "), (kind, err)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("game", GAMES)
def test_a_profile_of_another_game_is_a_clear_error(
    game: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = next(g for g in GAMES if g != game)
    code = cli.main(args_for(command, game, other, tmp_path))  # (a reference profile's name)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1, err
    listed = ", ".join(f"{g} {v}" for g, v in reference(other)["games"])
    assert err.startswith(f"error: {PROFILES / other}.json: ")
    assert f"plays {listed}" in err and f"not {game}" in err


def test_a_variant_the_profile_does_not_list_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = reference("pyraos")
    raw["games"] = [["pyraos", "kids"]]  # (a board built for the kids' game only)
    path = write(tmp_path / "kids.json", raw)
    assert cli.main(["--profile", str(path), "--variant", "lines", "--text"]) == 2
    _, err = capsys.readouterr()
    assert 'plays pyraos kids (its "games"), not pyraos lines (--variant lines)' in err


def test_an_unknown_profile_name_lists_the_reference_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["device", "--pty", "--profile", "pyros"]) == 2
    _, err = capsys.readouterr()
    names = ", ".join(sorted(GAMES))
    assert err == f"error: no profile 'pyros' (firmware/profiles: {names}; or a .json file)\n"
