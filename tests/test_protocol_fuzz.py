"""The protocol fuzz (hypothesis, CPython): command lines made from the
grammar of docs/PROTOCOL.md ("Host to board": each command's arguments,
ids of every kind) and mutated (cut short, NUL and other control bytes,
bad UTF-8, a BOM, line breaks inside, wrong types, NaN and Infinity,
deep nesting, values up to 100 KB, a half line left for the next), sent to
the virtual device (the firmware over the virtual board, on the virtual
clock) of every game in the registry, a few lines at a time.

The properties, for every input:
- every line the board sends is strict JSON (no NaN, no Infinity) and an
  object; no exception in the firmware (``failures`` stays 0, the same
  Runtime plays on);
- the board answers a valid ``hello`` afterwards, in play mode;
- its record is unchanged (the journal's lines as they were).

Lines that would change the game by right (a well-formed ``undo``, a
``new`` the board may start, ``maintenance``) are not sent: the board's own
Inbox tells which. The default run takes seconds, always the same
examples; HYPOTHESIS_PROFILE=fuzz (``make fuzz``) runs the "fuzz" profile's
count, new examples each run.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from sim.device.virtual_device import VirtualDevice
from tabletop import games
from tabletop.host import COMMANDS
from tabletop.link.inbox import Inbox
from tests.fuzz_settings import runs
from tests.test_protocol import started

# -- the grammar ------------------------------------------------------------------------

NOT_FINITE = st.sampled_from([math.nan, math.inf, -math.inf])  # (json.dumps: NaN, Infinity)
SCALARS = st.one_of(
    NOT_FINITE,
    st.none(),
    st.booleans(),
    st.integers(-(2**64), 2**64),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
IDS = st.one_of(
    NOT_FINITE,
    st.integers(-(2**31), 2**31),
    st.text(max_size=40),
    st.floats(allow_nan=True, allow_infinity=True),
    VALUES,
)
NAMES = st.sampled_from([*COMMANDS, "dance", "", "HELLO", "hello "])


@st.composite
def arguments(draw: Any, name: str) -> dict[str, Any]:
    """What the grammar gives ``name``, each value now and then of a wrong type."""

    def maybe(good: Any) -> Any:
        return draw(st.one_of(good, VALUES)) if draw(st.booleans()) else draw(good)

    args: dict[str, Any] = {}
    if name == "brightness":
        args["value"] = maybe(st.floats(0, 1) | st.integers(-2, 3))
    elif name == "raw":
        args["on"] = maybe(st.booleans())
    elif name == "journal" and draw(st.booleans()):
        args["fetch"] = maybe(st.sampled_from(["g000001.jsonl", "g000002.jsonl", "../boot.py", ""]))
    elif name == "lights":
        for key, good in (
            ("on", st.booleans()),
            ("clear", st.just(True)),
            ("leds", st.lists(st.integers(-2, 70), max_size=8)),
            ("rgb", st.lists(st.integers(-1, 300), min_size=2, max_size=4)),
        ):
            if draw(st.booleans()):
                args[key] = maybe(good)
    elif name == "new":
        game = draw(st.sampled_from(games.NAMES))
        args["game"] = maybe(st.just(game))
        args["variant"] = maybe(st.sampled_from([*games.variants(game), "x"]))
        if draw(st.booleans()):
            args["players"] = maybe(st.integers(-1, 7))
    return args


@st.composite
def commands(draw: Any) -> dict[str, Any]:
    name = draw(NAMES)
    cmd: dict[str, Any] = {
        "cmd": draw(st.one_of(st.just(name), VALUES)) if draw(st.integers(0, 9)) == 0 else name
    }
    if draw(st.booleans()):
        cmd["id"] = draw(IDS)
    cmd.update(draw(arguments(name)))
    if draw(st.integers(0, 5)) == 0:
        cmd[draw(st.text(max_size=8))] = draw(VALUES)  # a key of no command's
    if draw(st.integers(0, 9)) == 0:  # a huge value (the line is then too long)
        cmd["pad"] = draw(st.sampled_from("x\u00e9\u2603")) * draw(st.integers(200, 100_000))
    if draw(st.integers(0, 9)) == 0:  # deep nesting, still within a line
        depth = draw(st.integers(1, 120))
        cmd["deep"] = json.loads("[" * depth + "]" * depth)
    return cmd


ODD_BYTES = st.sampled_from(
    [b"\x00", b"\x03", b"\x1b", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\r", b"\n",
     b"NaN", b"Infinity", b"-Infinity", b"1e999", b"{", b"}", b'"', b"\\", b"\\u"]
)  # fmt: skip


@st.composite
def mutated(draw: Any, line: bytes) -> bytes:
    """``line`` with up to three mutations: cut, bytes in, bytes out."""
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(line)))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            line = line[:at]
        elif kind == 1:
            line = line[:at] + draw(ODD_BYTES) + line[at:]
        elif kind == 2:
            line = line[:at] + draw(st.binary(min_size=1, max_size=8)) + line[at:]
        else:
            line = line[:at] + line[at + draw(st.integers(1, 8)) :]
    return line


@st.composite
def lines(draw: Any) -> bytes:
    cmd = draw(commands())
    # (NaN and Infinity as CPython writes them; the text escaped, or not)
    text = json.dumps(cmd, ensure_ascii=draw(st.booleans()))
    line: bytes = draw(mutated(text.encode("utf-8", "surrogatepass")))
    end: bytes = draw(st.sampled_from([b"\n", b"\n", b"\r", b"\r\n", b""]))  # b"": a half line
    return line + end


# -- the board ---------------------------------------------------------------------------

_boards: dict[str, VirtualDevice] = {}
_asked = [0]


def board(game: str) -> VirtualDevice:
    """The game's board, a few moves in (one for all examples: none may change it)."""
    if game not in _boards:
        _boards[game] = started(game, 3)[0]
    return _boards[game]


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not strict JSON")


def strict(line: str) -> dict[str, Any]:
    obj = json.loads(line, parse_constant=_constant)
    assert isinstance(obj, dict), line
    return obj


def changes_the_game(dev: VirtualDevice, data: bytes) -> bool:
    """Whether ``data`` holds a command the board would carry out that
    changes the game by right (read by the board's own Inbox)."""
    profile = dev.profile
    for cmd, _, _ in Inbox(COMMANDS).feed(data + b"\n"):
        if cmd is None:
            continue
        if cmd["cmd"] in ("undo", "maintenance"):
            return True
        if cmd["cmd"] == "new" and (cmd.get("game"), cmd.get("variant")) in profile.games:
            return True
    return False


def until(dev: VirtualDevice, since: int, rid: str, limit_ms: int = 60_000) -> dict[str, Any]:
    """The reply to ``rid`` among the lines from ``since`` on, virtual time passing."""
    start = dev.clock
    while True:
        for _, line in dev.link.arrivals[since:]:
            obj = strict(line)
            if obj.get("reply") == rid and "ok" in obj:
                return obj
        assert dev.clock - start < limit_ms, f"no reply to {rid} in {limit_ms} ms"
        dev.advance(50)


@pytest.mark.parametrize("game", games.NAMES)
@runs(40)
@given(data=st.lists(lines(), min_size=1, max_size=4).map(b"".join))
def test_mutated_lines_get_strict_json_and_change_nothing(game: str, data: bytes) -> None:
    dev = board(game)
    assume(not changes_the_game(dev, data))
    rt = dev.runtime
    journaled = rt.journal.lines()
    dev.link.arrivals.clear()  # (this example's lines only)
    dev.link.send(data)
    while dev.link.unread():
        dev.advance(100)
    dev.advance(300)
    _asked[0] += 1
    rid = f"after{_asked[0]}"
    # as a host that connects: a line break first (ends a half line), then hello
    dev.link.send(b'\n{"cmd": "hello", "id": "%s"}\n' % rid.encode())
    hello = until(dev, 0, rid)
    for _, line in dev.link.arrivals:
        strict(line)  # every line the board sent
    assert hello["ok"] and hello["mode"] == "play" and hello["game"] == game
    device = dev.device
    assert device is not None and device.failures == 0 and dev.runtime is rt
    assert rt.journal.lines() == journaled
    # the host's own things back as they were, for the next example
    since = len(dev.link.arrivals)
    dev.link.send(
        b'{"cmd": "lights", "on": false, "id": "l"}\n{"cmd": "raw", "on": false, "id": "r"}\n'
    )
    dev.link.send(b'{"cmd": "brightness", "value": 1, "id": "b"}\n')
    until(dev, since, "b")
