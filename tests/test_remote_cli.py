"""``python -m sim --remote CODE``'s side of the room (host_tools.remote.meet,
sim.commands.play): the first free seat, the seed every home deals from,
this machine's own broker started once, and the options that do not go
together refused with a message, before any window opens."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator

import pytest

from host_tools.remote import meet as remote
from host_tools.remote.broker import LOOPBACK, Broker
from host_tools.remote.room import Room
from sim.commands import play

CODE = "ELM-3-BIRCH"
PATIENCE_S = 30.0


@pytest.fixture
def broker() -> Iterator[Broker]:
    with Broker() as b:
        yield b


def test_a_window_takes_the_first_seat_nobody_has_taken(broker: Broker) -> None:
    assert remote.free_seat(broker.url, CODE, 2) == 0
    header = json.dumps({"format": 1, "game": "pyraos", "variant": "standard"})
    first = Room(broker.url, CODE, "0", journal=[header]).start()
    try:
        assert first.wait_until(lambda r: r.synced, PATIENCE_S)
        assert remote.free_seat(broker.url, CODE, 2) == 1
        second = Room(broker.url, CODE, "1", journal=[header]).start()
        assert second.wait_until(lambda r: r.synced, PATIENCE_S)
        with pytest.raises(ValueError, match="every seat of room ELM-3-BIRCH is taken"):
            remote.free_seat(broker.url, CODE, 2)
        assert remote.free_seat(broker.url, "ANOTHER", 2) == 0  # (rooms are apart)
        second.close()
    finally:
        first.close()


def test_no_broker_there_is_said_within_the_wait() -> None:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        port = s.getsockname()[1]  # (nobody listens on it once closed)
    remote.LOOK_S, kept = 1.0, remote.LOOK_S
    try:
        with pytest.raises(ValueError, match="does not answer"):
            remote.free_seat(f"mqtt://{LOOPBACK}:{port}", CODE, 2)
    finally:
        remote.LOOK_S = kept


def test_every_home_deals_from_the_room_codes_seed() -> None:
    assert remote.seed_of(CODE) == remote.seed_of(CODE)
    assert remote.seed_of(CODE) != remote.seed_of(CODE + "x")
    assert 0 <= remote.seed_of(CODE) < 1 << 31


def test_the_first_window_starts_this_machines_broker_and_the_next_uses_it() -> None:
    with socket.socket() as s:
        if s.connect_ex((LOOPBACK, remote.PORT)) == 0:
            pytest.skip(f"a broker of its own listens on {remote.PORT} (a window is open)")
    url, started = remote.broker_for(None)
    try:
        assert url == remote.LOCAL and started is not None
        again, none = remote.broker_for(None)
        assert again == url and none is None  # (it listens: nothing more started)
        assert remote.free_seat(url, CODE, 2) == 0
    finally:
        assert started is not None
        started.close()
    assert remote.broker_for("mqtt://broker.lan") == ("mqtt://broker.lan", None)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--remote", CODE, "--record", "x.jsonl"], "not with --record"),
        (["--remote", CODE, "--watch"], "not with --record, --watch"),
        (["--game", "pacal", "--variant", "solo", "--remote", CODE], "has one seat"),
        (["--players", "human,remote"], '"remote" seat, --broker and --seat come with --remote'),
        (["--broker", "mqtt://x"], "come with --remote"),
        (["--seat", "2"], "come with --remote"),
    ],
)
def test_options_that_do_not_go_with_a_room_are_refused(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        play.main(args, ())
    assert stop.value.code == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "human,human"], "one seat here, the others remote"),
        (["--players", "remote,remote"], "one seat here, the others remote"),
        (["--players", "human,remote", "--seat", "2"], "--players has this home at seat 1"),
        (["--seat", "3"], "--seat: 1 to 2"),
    ],
)
def test_seats_that_do_not_fit_a_room_are_refused(
    broker: Broker, args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert play.main([*args, "--remote", CODE, "--broker", broker.url], ()) == 2
    assert said in capsys.readouterr().err
