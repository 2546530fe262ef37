"""``python -m host_tools map`` end to end: a virtual Pyraos board whose
sensor channels and LED indices are shuffled (sim/hardware/wiring.py) on a pseudo
terminal, the wizard over pyserial, and a scripted maker who reads its
prompts and acts on the virtual board (marbles set through the physics,
the lit LED named). The profile it writes must be the board's true wiring,
and the board must then follow a game with it."""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from host_tools.board.link import Link
from host_tools.map import command, wizard
from sim.device.pty_device import PtyDevice
from sim.hardware.physics import PacalPhysics, PyraosPhysics
from sim.hardware.wiring import shuffled_wiring
from tabletop.profile import load
from tabletop.profile.schema import PYRAOS_SENSORS, led_names
from tabletop.rules.pyraos_geometry import position_index
from tests.pty_support import ThreadedBoard

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = json.loads((ROOT / "firmware" / "profiles" / "pyraos.json").read_text())


class ScriptedMaker:
    """Does what the wizard says on the virtual board; ``mistakes`` makes
    one of them when asked for a sensor: "idle" (nothing, the first time),
    "two" (a second marble set with it), "moved" (the marble of a1 lifted
    instead), "elsewhere" (set on 2a1 instead)."""

    def __init__(self, board: ThreadedBoard, mistakes: dict[str, str] | None = None) -> None:
        self.board = board
        self.slips: list[str] = []  # answers to LED 1's question before the right one
        self.truth = board.dev.profile
        self.index_name = dict(zip(self.truth.led_map, led_names(self.truth), strict=True))
        self.mistakes = dict(mistakes or {})
        self.heard: list[str] = []
        self.undo: list[str] = []  # marbles to take off again ("+name": set one back)
        # the magnet of the marble last set on each spot (the marbles differ by
        # a few percent): what the sensor there reads is its gain times that
        self.strength: dict[str, float] = {}
        # As at the terminal (wizard.TerminalMaker), the wizard's keep-alive runs
        # while the maker is busy: a busy machine may take seconds for 30 marbles.
        self.idle: Callable[[], None] = lambda: None

    def note(self, text: str) -> None:
        self.heard.append(text)

    def _hand(self, name: str, put: bool) -> None:
        # A marble set on (or lifted off) ``name``, in the device's thread.
        pos = position_index(name)

        def job(dev: PtyDevice) -> None:
            ph = dev.physics
            assert isinstance(ph, PyraosPhysics)
            if put:
                ph.take_from_reserve(dev.clock)
                ph.hold_over(pos, 20.0, dev.clock)
                ph.release(pos, dev.clock)
                self.strength[name] = ph.strength(pos)
            else:
                ph.pick_up(pos, dev.clock)
                ph.to_reserve(dev.clock)

        self.board.do(job)
        self.idle()

    def _place(self, name: str) -> None:
        self._hand(name, True)

    def _lift(self, name: str) -> None:
        self._hand(name, False)

    def tell(self, text: str) -> None:
        self.heard.append(text)
        if "Put the board back as it was" in text:
            for step in self.undo:
                if step.startswith("+"):
                    self._place(step[1:])
                else:
                    self._lift(step)
            self.undo = []
            return
        m = re.search(r"[Ss]et a marble on (\w+)", text)
        if not m:
            return
        name = m.group(1)
        mistake = self.mistakes.pop(name, None)
        if mistake == "idle":
            return  # the wizard times out and asks again
        if mistake == "two":
            self._place(name)
            self._place("d4")
            self.undo = [name, "d4"]
        elif mistake == "moved":
            self._lift("a1")
            self.undo = ["+a1"]
        elif mistake == "elsewhere":
            self._place("2a1")
            self.undo = ["2a1"]
        else:
            self._place(name)

    def ask(self, text: str) -> str:
        self.heard.append(text)
        if "Take every marble off" in text:
            for name in reversed(sorted(self.on_board(), key=position_index)):
                self._lift(name)
            return ""
        m = re.match(r"LED (\d+) is lit: which light is it\? \(Enter: ([\w.-]+)", text)
        assert m, text
        i = int(m.group(1))
        assert self.lit_alone(i), f"LED {i} is not lit alone: {self.board.lit()}"
        name = self.index_name.get(i, "-")
        return "" if name == m.group(2) else name

    def lit_alone(self, i: int, seconds: float = 10.0) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if self.board.wait_for({i: wizard.LIT}, 0.2):
                return True
            self.idle()
        return False

    def on_board(self) -> list[str]:
        from tabletop.rules.pyraos_geometry import position_name

        occ = self.board.dev.physics.occupied()  # type: ignore[union-attr]
        return [position_name(p) for p in range(30) if occ >> p & 1]


def wizard_of(
    link: Link, maker: ScriptedMaker, reference: dict[str, Any], **kw: Any
) -> wizard.Wizard:
    """The wizard for ``reference``'s game, keeping the board's lights while
    ``maker`` is busy, as the map command does for the terminal's maker."""
    wiz = command.wizard_for(link, maker, reference, keep_alive_s=1.0, **kw)
    maker.idle = wiz.keep_alive
    return wiz


def mapped(board: ThreadedBoard, maker: ScriptedMaker, **kw: Any) -> dict[str, Any]:
    link = Link.open(board.path)
    try:
        return wizard_of(link, maker, REFERENCE, **kw).run("my board")
    finally:
        link.close()


def test_the_shuffled_wiring_of_a_pyraos_board_is_found_and_then_plays(tmp_path: Path) -> None:
    with ThreadedBoard("pyraos", seed=6, wiring_seed=11) as board:
        truth = board.dev.profile
        maker = ScriptedMaker(board)
        profile = mapped(board, maker)
        board.halt()
        dev = board.dev
        assert dev.device is not None and not dev.device.host.lights
        got = load(json.loads(json.dumps(profile)))
        assert got.sensor_channels == truth.sensor_channels
        assert got.led_map == truth.led_map
        assert got.name == "my board"
        true_gain = dev.physics.true_gain  # type: ignore[union-attr]
        for s, name in enumerate(PYRAOS_SENSORS):
            # The gain a marble shows: the sensor's times its magnet's (+-5%,
            # no wizard can tell them apart). Against the sensor's alone the
            # test failed now and then: which readings the wizard averages
            # (and so their noise) depends on how busy the machine is, and a
            # weak magnet had already used up half the 10% allowed.
            shown = true_gain[s] * maker.strength[name]
            assert abs(got.sensor_gain[s] - shown) < 0.1 * shown, (name, got.sensor_gain[s], shown)
            assert abs(got.sensor_base[s] - 32768) < 150, name
        command.write_profile(profile, tmp_path / "mine.json")
        assert load(json.loads((tmp_path / "mine.json").read_text())).led_map == truth.led_map
        # the board, with the profile the wizard wrote, follows a game
        dev.raw = profile
        dev.reset()
        dev.start_game()
        assert dev.play(board.state, board.events[:6])
        assert len(dev.runtime.journal.events) == 6


def test_the_makers_mistakes_are_caught_and_asked_again() -> None:
    mistakes = {"b1": "idle", "b2": "two", "c3": "moved", "c2": "elsewhere"}
    with ThreadedBoard("pyraos", seed=2, wiring_seed=5) as board:
        truth = board.dev.profile
        maker = ScriptedMaker(board, mistakes)
        profile = mapped(board, maker, timeout_s=2.0)
        board.halt()
    assert maker.mistakes == {}
    heard = "\n".join(maker.heard)
    assert "Nothing changed. Set a marble on b1" in heard
    assert "Two sensors changed at once" in heard
    assert "That was the sensor of a1" in heard
    assert "it is not on c2" in heard
    got = load(profile)
    assert got.sensor_channels == truth.sensor_channels and got.led_map == truth.led_map


def test_a_light_named_twice_or_unknown_is_asked_again() -> None:
    class Muddled(ScriptedMaker):
        def ask(self, text: str) -> str:
            if text.startswith("LED 1 ") and self.slips:
                self.heard.append(text)
                return self.slips.pop(0)
            return super().ask(text)

    with ThreadedBoard("pyraos", seed=2, wiring_seed=8) as board:
        truth = board.dev.profile
        maker = Muddled(board)
        maker.slips = [maker.index_name[0], "nowhere"]  # LED 0's name again, no name
        link = Link.open(board.path)
        try:
            wiz = wizard_of(link, maker, REFERENCE)
            wiz.start()
            try:
                wiz.map_leds()
            finally:
                wiz.stop()
        finally:
            link.close()
        board.halt()
    heard = "\n".join(maker.heard)
    assert f"{maker.index_name[0]} is LED 0 already" in heard
    assert "'nowhere' is no light of this board" in heard
    assert wiz.leds == dict(zip(led_names(truth), truth.led_map, strict=True))


def test_ctrl_c_writes_nothing_and_gives_the_board_back(tmp_path: Path) -> None:
    class Quits(ScriptedMaker):
        def tell(self, text: str) -> None:
            if "c1" in text:
                raise KeyboardInterrupt
            super().tell(text)

    with ThreadedBoard("pyraos", seed=2, wiring_seed=9) as board:
        with pytest.raises(KeyboardInterrupt):
            mapped(board, Quits(board))
        board.halt()
        board.dev.advance(200)
        assert not board.dev.device.host.lights  # type: ignore[union-attr]
        assert not board.dev.device.host.raw  # type: ignore[union-attr]
    assert list(tmp_path.iterdir()) == []


def test_the_shuffle_is_a_permutation_of_the_reference_wiring() -> None:
    raw = shuffled_wiring(REFERENCE, 3)
    got, ref = load(raw), load(json.loads(json.dumps(REFERENCE)))
    assert sorted(got.sensor_channels) == sorted(ref.sensor_channels)
    assert sorted(got.led_map) == sorted(ref.led_map)
    assert got.sensor_channels != ref.sensor_channels and got.led_map != ref.led_map
    assert shuffled_wiring(REFERENCE, 3) == raw


class PacalMaker(ScriptedMaker):
    """The scripted maker at a Pacal board: cards on fields and slots.
    ``mistakes``: "two" (a card on the next field too), "wrong" (card 7
    laid on a slot instead of the one asked for), each once."""

    def __init__(self, board: ThreadedBoard, mistakes: dict[str, str] | None = None) -> None:
        super().__init__(board, mistakes)
        self.next_card = 10
        self.laid: list[int] = []  # fields given a card by mistake, to lift again

    def _cards(self, job: Any) -> None:
        def run(dev: PtyDevice) -> None:
            ph = dev.physics
            assert isinstance(ph, PacalPhysics)
            job(ph, dev.clock)

        self.board.do(run)
        self.idle()

    def _lay(self, field: int) -> None:
        card = self.next_card
        self.next_card += 1

        def lay(ph: PacalPhysics, t: int) -> None:
            ph.take_card(card, t)
            ph.hold_over_field(field, 10.0, t)
            ph.lay_on_field(field, t)

        self._cards(lay)

    def tell(self, text: str) -> None:
        self.heard.append(text)
        if "Put the board back as it was" in text:
            for field in self.laid:
                self._cards(lambda ph, t, f=field: (ph.lift_from_field(f, t), ph.put_away(t)))
            self.laid = []
            return
        m = re.search(r"Lay (?:one|a second) card on (field (\d+) of player (\d+))", text)
        if m:
            field = (int(m.group(3)) - 1) * 10 + int(m.group(2)) - 1
            self._lay(field)
            if self.mistakes.pop(m.group(1), None) == "two":
                self._lay(field + 1)
                self.laid = [field, field + 1]
            return
        m = re.search(r"Lay (card (\d+) on offer slot (\d+))", text)
        if m:
            card, slot = int(m.group(2)), int(m.group(3)) - 1
            if self.mistakes.pop(m.group(1), None) == "wrong":
                card = 7
            self._cards(lambda ph, t: (ph.take_card(card, t), ph.lay_on_slot(slot, t)))
            return
        m = re.search(r"Take card (\d+) off offer slot (\d+)", text)
        if m:
            slot = int(m.group(2)) - 1
            self._cards(lambda ph, t: (ph.lift_from_slot(slot, t), ph.put_away(t)))

    def ask(self, text: str) -> str:
        if "Take every card off" in text:
            self.heard.append(text)

            def clear(ph: PacalPhysics, t: int) -> None:
                for f, stack in enumerate(ph.stacks()):
                    if stack:
                        ph.lift_from_field(f, t, cards=stack)
                        ph.put_away(t)

            self._cards(clear)
            return ""
        return super().ask(text)


def test_the_shuffled_wiring_of_a_pacal_board_is_found_and_then_plays() -> None:
    reference = json.loads((ROOT / "firmware" / "profiles" / "pacal.json").read_text())
    with ThreadedBoard("pacal", seed=4, wiring_seed=13) as board:
        truth = board.dev.profile
        maker = PacalMaker(board)
        link = Link.open(board.path)
        try:
            profile = wizard_of(link, maker, reference).run("mine")
        finally:
            link.close()
        board.halt()
        got = load(json.loads(json.dumps(profile)))
        assert got.field_channels == truth.field_channels
        assert got.slot_bits == truth.slot_bits
        assert got.led_map == truth.led_map
        dev = board.dev
        dev.raw = profile
        dev.reset()
        dev.start_game()
        assert dev.play(board.state, board.events[:5])
        assert len(dev.runtime.journal.events) == 5


def test_a_pacal_makers_mistakes_are_caught_and_asked_again() -> None:
    reference = json.loads((ROOT / "firmware" / "profiles" / "pacal.json").read_text())
    mistakes = {"field 3 of player 1": "two", "card 6 on offer slot 2": "wrong"}
    with ThreadedBoard("pacal", seed=5, wiring_seed=21) as board:
        truth = board.dev.profile
        maker = PacalMaker(board, mistakes)
        link = Link.open(board.path)
        try:
            wiz = wizard_of(link, maker, reference, timeout_s=3.0)
            profile = wiz.run("mine")
        finally:
            link.close()
        board.halt()
    assert maker.mistakes == {}
    heard = "\n".join(maker.heard)
    assert "Two fields changed at once" in heard
    assert "do not fit the cards asked for" in heard and "Once more, for offer slot 2" in heard
    got = load(profile)
    assert got.field_channels == truth.field_channels and got.slot_bits == truth.slot_bits


def test_the_map_command_refuses_a_profile_of_another_game(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "host_tools", "map", "--port", "/dev/null", "--game", "pacal",
         "--from", str(ROOT / "firmware" / "profiles" / "pyraos.json"),
         "--out", str(tmp_path / "mine.json")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 1 and "is a pyraos profile, not pacal" in done.stderr
    assert not (tmp_path / "mine.json").exists()


def test_the_map_command_at_a_terminal_writes_the_boards_wiring(tmp_path: Path) -> None:
    """``python -m host_tools map`` as a maker runs it: its questions on the
    screen, the answers typed at a terminal (a pseudo terminal as its standard
    input), the marbles set on the virtual board in between."""
    out_file = tmp_path / "mine.json"
    # (speed 2: the lights mode's 30 s of quiet are 15 s here, past the
    # command's own keep-alive of 10 s)
    with ThreadedBoard("pyraos", seed=6, wiring_seed=12, speed=2.0) as board:
        truth = board.dev.profile
        maker = ScriptedMaker(board)
        master, slave = os.openpty()
        mode = termios.tcgetattr(slave)
        mode[3] &= ~termios.ECHO  # (nobody reads the echo)
        termios.tcsetattr(slave, termios.TCSANOW, mode)
        argv = ["map", "--port", board.path, "--game", "pyraos", "--out", str(out_file)]
        proc = subprocess.Popen(
            [sys.executable, "-m", "host_tools", *argv, "--name", "my board"],
            cwd=ROOT, stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        assert proc.stdout is not None
        chunks: queue.Queue[bytes] = queue.Queue()
        fd = proc.stdout.fileno()

        def pump() -> None:  # what the command prints, as it comes (b"" at its end)
            piece = b"-"
            while piece:
                piece = os.read(fd, 4096)
                chunks.put(piece)

        threading.Thread(target=pump, daemon=True).start()
        text, asked = "", 0
        try:
            while proc.poll() is None or not chunks.empty():
                try:
                    piece = chunks.get(timeout=60).decode()
                except queue.Empty:
                    break
                if not piece:
                    break
                text += piece
                while "\n" in text:  # whole lines: what the wizard says
                    line, text = text.split("\n", 1)
                    if line.startswith("> "):
                        maker.tell(line[2:])
                    elif line.startswith("wrote "):
                        assert line == f"wrote {out_file}: my board"
                if text.startswith("? ") and chunks.empty():  # a question, waiting
                    time.sleep(0.05)
                    if chunks.empty():
                        answer = maker.ask(text[2:].rstrip(" "))
                        os.write(master, answer.encode() + b"\n")
                        text, asked = "", asked + 1
            code = proc.wait(timeout=30)
            assert code == 0, (proc.stderr.read() if proc.stderr else b"").decode()
        finally:
            proc.kill()
            os.close(master)
            os.close(slave)
        board.halt()
    assert asked == 2 + truth.led_count  # an empty board before and after the marbles, each light
    got = load(json.loads(out_file.read_text()))
    assert got.sensor_channels == truth.sensor_channels
    assert got.led_map == truth.led_map
    assert got.name == "my board"
