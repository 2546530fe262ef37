"""``python -m host_tools deploy`` end to end, onto an emulated Pico behind
a pseudo terminal (sim/pico_pty.py: the real MicroPython rp2 firmware, its
REPL reached by mpremote): a first deploy onto a fresh chip, the board then
playing and speaking the protocol; a deploy onto that playing board (asked
into maintenance mode, nothing sent again); a deploy interrupted before its
last step, after which the board still boots the firmware it had, and the
next deploy finishes the job."""

from __future__ import annotations

import time
from pathlib import Path

from host_tools.deploy import deploy
from host_tools.link import Link
from sim.pico_pty import PicoPty


def hello(port: str) -> dict[str, object]:
    link = Link.open(port)
    try:
        return link.ask({"cmd": "hello"}, seconds=30)
    finally:
        link.close()


def test_deploy_first_again_and_interrupted(tmp_path: Path) -> None:
    image = tmp_path / "pico.img"
    said: list[str] = []
    with PicoPty(image) as pico:
        assert deploy(pico.path, "pyraos", said.append) == "a"
        assert "none" in said[0] and said[1].startswith("65 of 65 files sent")
        assert said[-1] == "the board plays the new firmware"
        reply = hello(pico.path)  # the new firmware plays, and speaks the protocol
        assert reply["ok"] and reply["game"] == "pyraos" and reply["port"] == "rp2"
        said.clear()
        # again, onto the board in play: nothing changed, nothing sent
        assert deploy(pico.path, "pyraos", said.append) == "b"
        assert "maintenance" in said[0]
        assert any(s.startswith("0 of 65 files sent, 65 copied on the board") for s in said)
        assert hello(pico.path)["ok"]
        # interrupted once the files are in the unused tree, before the pointer
        said.clear()
        assert deploy(pico.path, "pyraos", said.append, stop_after="loader") == "b"
    with PicoPty(image) as pico:  # power off and on: the tree in use still boots
        time.sleep(10)  # (booting at the emulator's pace)
        assert hello(pico.path)["ok"]
        said.clear()
        assert deploy(pico.path, "pyraos", said.append) == "a"
        assert any(s.startswith("0 of 65 files sent, 0 copied") for s in said)
        assert hello(pico.path)["ok"]
