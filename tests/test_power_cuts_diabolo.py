"""Power cuts on the Diabolo board, through the real firmware with its
journal on a virtual flash (as tests/test_power_cuts.py for Pacal and
Pyraos): the power fails inside a move's journal write or at a tick, the
firmware resumes from the flash, the hand puts back what the board lights
(a card too many in a slot shows red: lifted; a card the cut left on the
reader: taken off) and makes the lost moves again. A round being scored
when the power went is walked through again from its first row, by the
board and the hand. At the end the journal is the record and the board's
scores are the rules' with every hand known."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sim.commands.soak import soak
from sim.hardware.flash import FatFlash, LittleFlash
from sim.runs.board_play import BoardRun, Cut, Result, reference_profile
from sim.runs.selfplay import play_game
from tabletop.board import diabolo_board as db
from tabletop.records.record import Record
from tabletop.rules import diabolo

PROFILE = reference_profile("diabolo")


class Watched(BoardRun):
    """A BoardRun that notes the board's mode at each power cut."""

    modes: list[int]

    def _power_off(self, cut: Cut, in_write: bool, kept: int) -> None:
        board: Any = self.runtime.board
        self.modes.append(board.mode)
        super()._power_off(cut, in_write, kept)


def check_end(run: BoardRun, rec: Record, result: Result) -> None:
    """The journal is the record (with its deals in place of the board's),
    the board's scores are the rules', the game is over, the hand never
    waited in vain."""
    assert result.ok, result.where
    assert run.hand.timeouts == [], run.hand.timeouts
    deals = [ev for ev in rec.events if ev[0] == diabolo.DEAL]
    lines = run.runtime.journal.lines(deals)
    assert Record.read("\n".join(lines) + "\n").events == rec.events
    board: Any = run.runtime.board
    assert board.game.round_scores() == rec.state.round_scores()
    assert board.game.is_over() and board.mode == db.OVER
    assert board.scored == rec.state.players  # every round walked through


def watched(rec: Record, seed: int, fs: str, cuts: int = 0) -> Watched:
    flash = FatFlash() if fs == "fat" else LittleFlash()
    run = Watched(
        PROFILE,
        "diabolo",
        "standard",
        seed=seed,
        players=rec.state.players,
        flash=flash,
        power_cuts=cuts,
    )
    run.modes = []
    return run


@pytest.mark.parametrize(
    ("players", "seed", "fs", "mistakes"),
    [(3, 2, "littlefs", 0.0), (3, 3, "fat", 0.3), (5, 4, "fat", 0.0), (5, 5, "littlefs", 0.3)],
)
def test_seeded_games_with_power_cuts_end_with_the_record(
    players: int, seed: int, fs: str, mistakes: float
) -> None:
    rec = play_game("diabolo", "standard", seed, players=players)
    run = watched(rec, seed, fs, cuts=8)
    run.hand.mistake_rate = mistakes
    result = run.play(rec.events)
    check_end(run, rec, result)
    assert result.reboots == 8  # every cut planned came
    assert any(r.in_write for r in run.log) and any(not r.in_write for r in run.log)


# --- seed 31, five players: a discard, doubles, five scorings --------------------------------

GAME = play_game("diabolo", "standard", 31, players=5)
DISCARD = [i for i, ev in enumerate(GAME.events) if ev[0] == diabolo.DISCARD][0]
DOUBLES = [i for i, ev in enumerate(GAME.events) if ev[0] == diabolo.DOUBLE]
DEALS = [i for i, ev in enumerate(GAME.events) if ev[0] == diabolo.DEAL]


def in_write(event: int) -> Cut:
    """A cut before the first byte of the event's journal write: it is lost."""
    return Cut(event=event, in_write=True, share=0.0, after_ms=0, off_ms=800)


def at_tick(event: int, after_ms: int) -> Cut:
    return Cut(event=event, in_write=False, share=0.0, after_ms=after_ms, off_ms=800)


def test_a_discard_and_a_double_lost_in_their_writes_are_made_again() -> None:
    run = watched(GAME, 31, "fat")
    result = run.play(GAME.events, cuts=[in_write(DOUBLES[3]), in_write(DISCARD)])
    check_end(run, GAME, result)
    # each cut lost its event (FAT writes the size at close), made again
    assert [(r.kept, r.resumed) for r in run.log] == [(DOUBLES[3],) * 2, (DISCARD,) * 2]
    assert result.moves_redone == 2
    assert run.modes == [db.SCORE, db.PLAY]


def test_a_cut_in_the_middle_of_the_scoring_walks_it_through_again() -> None:
    # The deals of rounds 2 and 3 start with the walk-through of the round
    # before: cut well into it, the board comes back walking it from red,
    # the hand shows the hands again, and the round's scores are the rules'.
    run = watched(GAME, 31, "littlefs")
    result = run.play(GAME.events, cuts=[at_tick(DEALS[1], 6000), at_tick(DEALS[2], 12000)])
    check_end(run, GAME, result)
    assert run.modes == [db.SCORE, db.SCORE]
    assert [(r.kept, r.resumed) for r in run.log] == [(DEALS[1],) * 2, (DEALS[2],) * 2]


@pytest.mark.parametrize(
    ("after_ms", "mode"), [(-1, db.SCORE), (20000, db.SCORE), (60000, db.OVER)]
)
def test_a_cut_in_the_last_scoring_walks_it_through_again(after_ms: int, mode: int) -> None:
    # The record's last event is a double of the last round: the power
    # fails in its write (-1), or at a tick while the board walks the last
    # scoring after it, or once it shows the winners (the hands shown are
    # not in the journal: the last round is walked through again).
    last = len(GAME.events) - 1
    run = watched(GAME, 31, "fat")
    cut = in_write(last) if after_ms < 0 else at_tick(last, after_ms)
    result = run.play(GAME.events, cuts=[cut])
    check_end(run, GAME, result)
    assert run.modes == [mode]
    assert run.log[0].kept == last if after_ms < 0 else len(GAME.events)


def test_board_play_command_with_power_cuts(tmp_path: Path) -> None:
    rec = play_game("diabolo", "standard", 6, players=4)
    path = tmp_path / "game.jsonl"
    path.write_text(rec.dumps())
    run = subprocess.run(
        [sys.executable, "-m", "sim", "board-play", str(path), "--seed", "2"]
        + ["--power-cuts", "5", "--fs", "fat"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert Record.read(run.stdout).events == rec.events
    summary = json.loads(run.stderr.splitlines()[0].removeprefix("board-play: "))
    assert summary["reboots"] == 5 and summary["fs"] == "fat"


def test_soak_plays_diabolo_games_with_3_4_and_5_players() -> None:
    report = soak(hours=1.0, game="diabolo", seed=4, max_games=3, trace_every=1000)
    assert report.ok, report.where
    assert report.games == 3 and report.reboots >= 5
