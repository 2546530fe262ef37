"""The host's end of the protocol (host_tools/board/link.py) over a real
pseudo terminal: a port with no board behind it is named as such within
seconds, by the Link and by the host tools (exit 1, what was tried, what to
check); a port where something else answers (a REPL) likewise; the host
keeps to the pace docs/PROTOCOL.md asks of it and sends no line longer than
a board takes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from host_tools.board.link import COMMANDS_PER_S, LINE_BYTES, NO_BOARD_S, Link, NoBoard

ROOT = Path(__file__).resolve().parents[1]


class Port:
    """A pseudo terminal whose far end nobody answers on (or, with
    ``answer``, something writes that back to every chunk it reads); what
    arrived, with the time each chunk did."""

    def __init__(self, answer: bytes | None = None) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.answer = answer
        self.got: list[tuple[float, bytes]] = []
        self.stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        if answer is not None:
            self.thread.start()

    def listen(self) -> None:
        """Read what comes (without answering)."""
        self.thread.start()

    def _serve(self) -> None:
        import select

        while not self.stop:
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            data = os.read(self.master, 4096)
            self.got.append((time.monotonic(), data))
            if self.answer:
                os.write(self.master, self.answer)

    def received(self) -> bytes:
        return b"".join(data for _, data in self.got)

    def close(self) -> None:
        self.stop = True
        if self.thread.is_alive():
            self.thread.join(5)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def silent() -> Iterator[Port]:
    port = Port()
    yield port
    port.close()


def test_a_port_with_no_board_is_named_within_seconds(silent: Port) -> None:
    link = Link.open(silent.path)
    start = time.monotonic()
    with pytest.raises(NoBoard) as caught:
        link.ask({"cmd": "hello"}, seconds=30)
    waited = time.monotonic() - start
    link.close()
    assert NO_BOARD_S <= waited < NO_BOARD_S + 2
    said = str(caught.value)
    assert said.startswith(f"no board answers on {silent.path}: sent a line break and ")
    assert "hello" in said and "heard nothing in 3 s" in said
    for check in ("list_ports", "host_tools deploy", "mpremote"):
        assert check in said
    assert isinstance(caught.value, TimeoutError)  # (what every tool already handles)


@pytest.mark.parametrize(
    "args",
    [("monitor", "--for", "1"), ("map", "--game", "pyraos", "--out", "{tmp}/mapped.json")],
    ids=["monitor", "map"],
)
def test_the_host_tools_say_no_board_answers_and_exit_1(
    silent: Port, tmp_path: Path, args: tuple[str, ...]
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "host_tools", argv[0], "--port", silent.path, *argv[1:]],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    waited = time.monotonic() - start
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith(f"error: no board answers on {silent.path}: "), line
    assert "host_tools deploy" in line
    assert not (tmp_path / "mapped.json").exists()
    assert waited < NO_BOARD_S + 15  # (Python's start included, on a busy machine)


def test_a_port_where_a_repl_answers_is_no_board_either() -> None:
    port = Port(answer=b"\r\n>>> ")
    try:
        link = Link.open(port.path)
        with pytest.raises(NoBoard) as caught:
            link.ask({"cmd": "hello"}, seconds=2)
        link.close()
    finally:
        port.close()
    said = str(caught.value)
    assert said.startswith(f"no board answers on {port.path} as this firmware plays: ")
    assert "heard only '\\r\\n>>> " in said and "a REPL" in said


def test_the_host_sends_at_most_its_pace_of_commands() -> None:
    port = Port()
    port.listen()
    try:
        link = Link.open(port.path)
        sent = []
        for i in range(2 * COMMANDS_PER_S + 1):
            link.send({"cmd": "lights", "id": i})
            assert link.sent_at is not None
            sent.append(link.sent_at)
        link.close()
        end = time.monotonic() + 5
        while port.received().count(b"\n") < len(sent) + 1 and time.monotonic() < end:
            time.sleep(0.01)
    finally:
        port.close()
    gaps = [b - a for a, b in zip(sent, sent[1:], strict=False)]
    assert min(gaps) >= 1 / COMMANDS_PER_S
    # (so no second holds more than COMMANDS_PER_S of them)
    assert all(sent[i + COMMANDS_PER_S] - sent[i] >= 1.0 for i in range(len(sent) - COMMANDS_PER_S))
    lines = port.received().split(b"\n")
    assert [json.loads(x)["id"] for x in lines[1:-1]] == list(range(len(sent)))


def test_a_command_longer_than_a_board_takes_is_not_sent() -> None:
    port = Port()
    port.listen()
    try:
        link = Link.open(port.path)
        fits = {"cmd": "lights", "id": 1, "leds": [1] * 70}
        assert len(json.dumps(fits)) <= LINE_BYTES
        link.send(fits)
        too_long = {"cmd": "lights", "id": 2, "leds": [1] * 200}
        with pytest.raises(ValueError, match=f"at most {LINE_BYTES} bytes"):
            link.send(too_long)
        end = time.monotonic() + 5
        while port.received().count(b"\n") < 2 and time.monotonic() < end:
            time.sleep(0.01)
        link.close()
    finally:
        port.close()
    assert port.received() == b"\n" + json.dumps(fits).encode() + b"\n"


def test_deploy_to_a_port_with_no_board_says_so_within_seconds(silent: Port) -> None:
    # (it once waited 38 s in silence, then spoke of neither protocol nor REPL)
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "host_tools", "deploy", "--port", silent.path],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    waited = time.monotonic() - start
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"nothing answers on {silent.path}: " in done.stderr, done.stderr
    assert "list_ports" in done.stderr and "mpremote" in done.stderr
    assert waited < 12 + 15  # (8 s for a hello, 4 for Ctrl-C; Python's start on a busy machine)
