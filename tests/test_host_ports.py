"""Which serial port the host tools talk to when no --port is given: the one
board plugged in, found by its USB vendor (host_tools.board.link.only_board), and
a clear error when there is none or more than one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from serial.tools.list_ports_common import ListPortInfo

from host_tools.board.link import only_board

ROOT = Path(__file__).resolve().parents[1]


def port(device: str, vid: int | None, description: str) -> ListPortInfo:
    info = ListPortInfo(device, skip_link_detection=True)
    info.vid = vid
    info.pid = 0x0005 if vid is not None else None
    info.description = description
    return info


MOUSE_BRIDGE = port("/dev/ttyUSB0", 0x10C4, "CP2102 USB to UART Bridge")
BUILTIN = port("/dev/ttyS0", None, "ttyS0")
PICO = port("/dev/ttyACM0", 0x2E8A, "Board in FS mode")
OTHER_MP = port("/dev/ttyACM1", 0xF055, "MicroPython board")


def test_the_one_board_among_other_ports_is_chosen() -> None:
    assert only_board([BUILTIN, MOUSE_BRIDGE, PICO]) == "/dev/ttyACM0"
    assert only_board([OTHER_MP, BUILTIN]) == "/dev/ttyACM1"


def test_no_board_or_several_say_so_and_ask_for_a_port() -> None:
    with pytest.raises(OSError, match="no board found .*give --port"):
        only_board([BUILTIN, MOUSE_BRIDGE])
    with pytest.raises(OSError, match=r"2 boards found \(/dev/ttyACM0 .*/dev/ttyACM1"):
        only_board([PICO, OTHER_MP])


def test_a_command_without_port_asks_the_ports_of_this_machine() -> None:
    # The real list of ports is asked, so what the command must do depends on
    # the machine: no board or several (CI), the error naming --port; one board
    # plugged in, the monitor talks to it (and names it if it fails).
    try:
        board: str | None = only_board()
        trouble = ""
    except OSError as err:
        board, trouble = None, str(err)
    run = subprocess.run(
        [sys.executable, "-m", "host_tools", "monitor", "--for", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    if board is None:
        assert run.returncode == 1
        assert trouble in run.stderr and "--port" in run.stderr
    else:
        assert "no board found" not in run.stderr
        assert run.returncode == 0 or board in run.stderr, run.stderr
