"""Power cuts while a game is played on the virtual board, through the real
firmware with its journal on a virtual flash (sim/flash: real littlefs, and
the FAT model): the power fails inside a move's journal write or at any tick,
the firmware boots again over what the flash holds, the hand puts back what
the board asks for (it must see red / the hint colour before it acts) and
makes the lost moves again; the journal must end equal to the record.

The planned cuts "in a journal write" land in one; the Pyraos board's
learnt state, written a second after each move, is spared them here (cuts
inside those writes: tests/test_state_power.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sim.hardware.flash import FatFlash, LittleFlash
from sim.hardware.lights import same_colour
from sim.runs.board_play import BoardRun, Cut, Result, reference_profile
from tabletop.records.record import Record
from tabletop.rules import pacal
from tests.test_board_play import journal_moves, record_moves

GOLDEN = Path(__file__).parent / "golden"
PYRAOS = "selfplay-pyraos-standard"
DUEL = "pacal-duel-match"


def golden(name: str) -> Record:
    rec: Record = Record.read((GOLDEN / f"{name}.jsonl").read_bytes())
    return rec


def moves_of(game: str, events: list[Any]) -> list[Any]:
    return [ev for ev in events if not (game == "pacal" and ev[0] == pacal.DEAL)]


def flash_for(fs: str) -> LittleFlash | FatFlash:
    return FatFlash() if fs == "fat" else LittleFlash()


def lost_in_write(*events: int) -> list[Cut]:
    """A cut before the first byte of each event's journal write."""
    return [Cut(event=e, in_write=True, share=0.0, after_ms=0, off_ms=800) for e in events]


def play(name: str, upto: int, seed: int, fs: str, cuts: list[Cut]) -> tuple[BoardRun, Result]:
    rec = golden(name)
    run = BoardRun(
        reference_profile(rec.game), rec.game, rec.variant, seed=seed, flash=flash_for(fs)
    )
    return run, run.play(rec.events[:upto], cuts=cuts)


def shown(run: BoardRun, light: str, colour: str, since: int, until: int) -> bool:
    """Did ``light`` show ``colour`` in any frame between the two times?"""
    ref = run.profile.colours[colour]
    times = [since] + [t for t, _ in run.hal.frames if since < t < until]
    return any(same_colour(run.hal.light_at(light, t), ref) for t in times)


# --- the command -------------------------------------------------------------------------

CASES = [
    ("pacal-solo-perfect", "littlefs", 1),
    ("pacal-solo-perfect", "fat", 1),
    (DUEL, "littlefs", 3),
    (DUEL, "fat", 2),
    (PYRAOS, "littlefs", 8),
    (PYRAOS, "fat", 10),
]


@pytest.fixture(scope="module")
def commands() -> dict[tuple[str, str, int], subprocess.CompletedProcess[str]]:
    # All at once: the machine has two cores and the duel takes the longest.
    procs = {
        case: subprocess.Popen(
            [sys.executable, "-m", "sim", "board-play", str(GOLDEN / f"{case[0]}.jsonl")]
            + ["--power-cuts", "4", "--fs", case[1], "--seed", str(case[2])],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for case in CASES
    }
    out = {}
    for case, proc in procs.items():
        stdout, stderr = proc.communicate()
        out[case] = subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)
    return out


@pytest.mark.parametrize(("name", "fs", "seed"), CASES)
def test_board_play_with_power_cuts_ends_with_the_records_moves(
    commands: dict[tuple[str, str, int], subprocess.CompletedProcess[str]],
    name: str,
    fs: str,
    seed: int,
) -> None:
    run = commands[(name, fs, seed)]
    assert run.returncode == 0, run.stderr
    assert journal_moves(run.stdout) == record_moves(GOLDEN / f"{name}.jsonl")
    assert Record.read(run.stdout).events == golden(name).events  # a record, deals and all
    summary = json.loads(run.stderr.splitlines()[0].removeprefix("board-play: "))
    assert summary["fs"] == fs
    assert summary["reboots"] == 4  # every cut asked for came
    assert summary["moves_redone"] > 0  # and some lost a move that was made again


def test_board_play_refuses_a_negative_number_of_cuts() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "sim", "board-play", str(GOLDEN / f"{DUEL}.jsonl")]
        + ["--power-cuts", "-1"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2 and "--power-cuts" in run.stderr


# --- a cut in a move's journal write -------------------------------------------------------


@pytest.mark.parametrize("fs", ["littlefs", "fat"])
def test_pacal_moves_cut_in_their_write_are_shown_put_back_and_made_again(fs: str) -> None:
    # Events 5, 6, 7 of the duel: an offer, the take, a build; each loses
    # its journal line (the cut comes before its first byte).
    run, result = play(DUEL, 14, 1, fs, lost_in_write(5, 6, 7))
    assert result.ok, result.where
    rec = golden(DUEL)
    assert run.runtime.journal.moves() == moves_of("pacal", rec.events[:14])
    assert [(r.event, r.kept, r.resumed) for r in run.log] == [(5, 5, 5), (6, 6, 6), (7, 7, 7)]
    assert result.reboots == 3 and result.moves_redone == 3
    assert run.hand.timeouts == [], "the board did not show what the hand waited for"
    (offer, take, build), end = run.log, run.hal.now_ms
    # the offer lost: both cards on the slots are too much (red)
    assert shown(run, "slot0", "error", offer.at_ms, take.at_ms)
    assert shown(run, "slot1", "error", offer.at_ms, take.at_ms)
    # the take of 47 lost: the card goes back on its slot (hint colour); the
    # hand stopped before the offerer took 48 back, so slot 1 is as it was
    assert shown(run, "slot0", "hint", take.at_ms, build.at_ms)
    assert not shown(run, "slot1", "hint", take.at_ms, build.at_ms)
    # player 0's card 47 built on field 2 lost: red there until lifted
    assert shown(run, "field0.2", "error", build.at_ms, end)


@pytest.mark.parametrize("fs", ["littlefs", "fat"])
def test_pyraos_marbles_cut_in_their_write_are_shown_taken_back_and_placed_again(
    fs: str,
) -> None:
    # place d2, place 2c1 (level 2), raise a4 -> 2b1: each loses its line
    run, result = play(PYRAOS, 16, 1, fs, lost_in_write(3, 8, 14))
    assert result.ok, result.where
    assert run.runtime.journal.moves() == golden(PYRAOS).events[:16]
    assert [(r.kept, r.resumed) for r in run.log] == [(3, 3), (8, 8), (14, 14)]
    assert result.moves_redone == 3 and run.hand.timeouts == []
    place, level2, lift = run.log
    assert shown(run, "d2", "error", place.at_ms, level2.at_ms)
    assert shown(run, "2c1", "error", level2.at_ms, lift.at_ms)
    # the raise undone: red where it went, the hint colour where it came from
    assert shown(run, "2b1", "error", lift.at_ms, run.hal.now_ms)
    assert shown(run, "a4", "hint", lift.at_ms, run.hal.now_ms)


def test_a_board_that_does_not_light_what_to_put_back_fails_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The LED chain stops taking frames after the first power cut: the hand
    # waits to see red on the marble of the lost move, and gives up.
    rec = golden(PYRAOS)
    run = BoardRun(reference_profile("pyraos"), "pyraos", "standard", seed=1, flash=LittleFlash())
    monkeypatch.setattr(run.hal, "transmit", lambda buf: None)  # the firmware booted next
    result = run.play(rec.events[:6], cuts=lost_in_write(3))
    assert not result.ok
    assert "did not show" in result.where and "put back" in result.where
    assert run.hand.timeouts


# --- planned cuts: what each flash keeps ---------------------------------------------------


@pytest.fixture(scope="module")
def planned() -> dict[str, list[tuple[BoardRun, Result]]]:
    """The first 30 events of the duel, 4 planned cuts, seeds 1-4, each flash."""
    out: dict[str, list[tuple[BoardRun, Result]]] = {}
    rec = golden(DUEL)
    for fs in ("littlefs", "fat"):
        out[fs] = []
        for seed in range(1, 5):
            run = BoardRun(
                reference_profile("pacal"),
                "pacal",
                "duel",
                seed=seed,
                flash=flash_for(fs),
                power_cuts=4,
            )
            out[fs].append((run, run.play(rec.events[:30])))
    return out


def test_planned_cuts_end_with_the_records_moves_and_no_hand_timeouts(
    planned: dict[str, list[tuple[BoardRun, Result]]],
) -> None:
    moves = moves_of("pacal", golden(DUEL).events[:30])
    for fs, runs in planned.items():
        for run, result in runs:
            assert result.ok, (fs, run.seed, result.where)
            assert run.runtime.journal.moves() == moves
            assert result.reboots == 4, (fs, run.seed)
            assert run.hand.timeouts == [], (fs, run.seed, run.hand.timeouts)
        assert sum(result.moves_redone for _, result in runs) > 0


def test_littlefs_keeps_a_move_whose_commit_was_written_fat_never(
    planned: dict[str, list[tuple[BoardRun, Result]]],
) -> None:
    # littlefs: a cut before the commit loses the move, one after keeps it
    # (the call raised PowerCut all the same). FAT writes the file's size at
    # close, the write's last step: a cut anywhere in it loses the move.
    def outcomes(fs: str) -> set[int]:
        return {r.resumed - r.kept for run, _ in planned[fs] for r in run.log if r.in_write}

    assert outcomes("littlefs") == {0, 1}
    assert outcomes("fat") == {0}
    # a cut at a tick (no write in progress) never loses what was written
    ticks = [r for runs in planned.values() for run, _ in runs for r in run.log if not r.in_write]
    assert ticks and all(r.resumed == r.kept for r in ticks)


def test_the_hand_finishes_what_it_held_when_the_power_went(
    planned: dict[str, list[tuple[BoardRun, Result]]],
) -> None:
    held = [r for runs in planned.values() for run, _ in runs for r in run.log if r.holding]
    assert held, "no cut came while the hand held a card: the test proves nothing"
    assert all(result.ok for runs in planned.values() for _, result in runs)


# --- what the Pyraos board does not recover from yet (firmware) -------------------------------


def scene(ok: bool, what: str) -> None:
    """A reproduction's premise (not an AssertionError: if it no longer
    holds, the test fails instead of passing as expected to fail)."""
    if not ok:
        pytest.fail(f"the reproduction no longer sets the scene: {what}")


def test_pyraos_first_move_lost() -> None:
    # The board powers on into the (empty) game in progress, not the game
    # select: the marble of the lost first move shows red until lifted.
    run, result = play(PYRAOS, 3, 1, "fat", lost_in_write(0))
    scene(run.log[0].resumed == run.log[0].kept == 0, "move 1 lost")
    assert result.ok, result.where


def test_pyraos_take_back_lost() -> None:
    # The empty cups of a lost take-back are seen as missing marbles, not as
    # strays on level 2: the hint colour there until they are put back.
    run, result = play(PYRAOS, 29, 1, "littlefs", lost_in_write(27))
    scene(run.log[0].resumed == run.log[0].kept == 27, "move 28 lost")
    assert result.ok, result.where


def test_pyraos_raise_to_level_3_lost() -> None:
    # A marble on level 3 barely moves the sensors: guessed from the readings
    # at power on it went unseen (only the hint at 2a3; the marble moved back
    # there showed red for ever). With the sensing's learnt state kept on
    # flash the board knows its marbles and sees the raise as one change.
    run, result = play(PYRAOS, 27, 2, "littlefs", lost_in_write(25))
    scene(run.log[0].resumed == run.log[0].kept == 25, "move 26 lost")
    assert result.ok, result.where


def test_pyraos_power_on_with_a_marble_in_the_hand() -> None:
    # The board waits for stillness before it calibrates, and relearns what
    # a hand near the board left in the baselines once it is steady.
    # move 6 (b2): the power goes 2.4 s into it, the hand holding the marble,
    # and comes back 0.6 s later, the marble just above its cup
    cut = Cut(event=5, in_write=False, share=0.0, after_ms=2400, off_ms=600)
    run, result = play(PYRAOS, 7, 3, "littlefs", [cut])
    scene(len(run.log) == 1 and run.log[0].held_at_boot, "a marble in the hand at power on")
    assert result.ok, result.where


def test_pyraos_place_after_a_clean_power_on() -> None:
    # Nothing lost: the game goes on after the power comes back.
    cut = Cut(event=27, in_write=False, share=0.0, after_ms=0, off_ms=300)
    run, result = play(PYRAOS, 29, 3, "littlefs", [cut])
    scene([(r.kept, r.resumed) for r in run.log] == [(27, 27)], "one cut, nothing lost")
    assert result.ok, result.where
