"""``python -m host_tools monitor --selftest`` against a virtual board on a
pseudo terminal, for every game of the registry: the board walks its LEDs
and checks its sensors while the monitor shows it readably, the result on
the board's display too, and the board plays on. (The self-test itself,
part by part: tests/portable/test_selftest.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from host_tools.board.link import Link
from tabletop import games
from tests.pty_support import ThreadedBoard
from tests.test_monitor import Watching


def break_one(dev: object) -> tuple[str, str]:
    """A part of the virtual board broken on purpose: (the finding the monitor
    must show, what the board's display shows). An analog sensor's wire off
    where the board has them, else the chain's data line pulled up."""
    prof = dev.profile  # type: ignore[attr-defined]
    physics = dev.physics  # type: ignore[attr-defined]
    if prof.analog_channels:
        physics.stick(2, 0, dev.clock)  # type: ignore[attr-defined]
        from tabletop.sensing.sensor_check import analog_sensors

        chans, names = analog_sensors(prof)
        return f"  - sensor {names[2]} (channel {chans[2]}) reads 0", f"{names[2]} at 0"
    physics.stick_chain(0xFF, dev.clock)  # type: ignore[attr-defined]
    return f"  - shift registers: all {8 * prof.registers} bits read 1", "Nothing wired"


@pytest.mark.parametrize("game", games.NAMES)
def test_monitor_shows_the_selftest_and_the_board_plays_on(tmp_path: Path, game: str) -> None:
    with ThreadedBoard(game, seed=4) as board:
        broken: list[tuple[str, str]] = []
        board.do(lambda dev: broken.append(break_one(dev)))
        finding, shown = broken[0]
        watching = Watching("--port", board.path, "--selftest", "--for", "2",
                            "--out", str(tmp_path / "game.jsonl"))  # fmt: skip
        try:
            start = watching.until("self-test (by command): ")
            first = watching.until("self-test: LED ")
            verdict = watching.until("self-test found 1 problem")
            assert watching.until("  - ").startswith(finding)
            rows: list[list[str]] = []  # (the result shows for 10 s of the board's time)
            board.do(lambda dev: rows.append(list(dev.hal.display.rows)))  # type: ignore[union-attr]
            code, err = watching.end()
        finally:
            watching.kill()
        prof = board.dev.profile
        assert code == 0, err
        assert start.startswith(f"self-test (by command): {prof.led_count} LEDs lit one at a time")
        names = games.part(game, "schema").led_names()
        light = next(n for n, i in zip(names, prof.led_map, strict=True) if i == 0)
        assert first == f"self-test: LED 0: {light}"
        leds = [x for x in watching.said if x.startswith("self-test: LED ")]
        assert [x.split(":")[1] for x in leds] == [f" LED {i}" for i in range(prof.led_count)]
        assert f"({prof.led_count} LEDs, " in verdict
        # the result on the board's display; the board answers and plays on
        assert rows[0][0] == "Self-test 1 bad" and shown in rows[0], rows
        link = Link.open(board.path)
        try:
            hello = link.ask({"cmd": "hello"})
        finally:
            link.close()
        assert hello["ok"] and hello["mode"] == "play" and hello["game"] == game
        assert (hello.get("wired") is False) == (prof.analog_channels == 0)
