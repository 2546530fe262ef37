"""Soak: one board plays game after game for hours of virtual time, with
sensor noise, the hand's mistakes, power cuts at random instants (inside
journal writes too) and reboots, on one flash. Nothing may crash, no move
may be lost, and the firmware's heap must stay flat.

    report = soak(hours=24, game="pyraos", seed=1)     # python -m sim soak / make soak
    report.ok, report.games, report.moves, report.reboots, report.heap_kb

Every game is a seeded random game of the board's game (variants in turn;
Diabolo: 3, 4 and 5 players in turn);
after it the hand clears the board and MENU starts the next, as at a table.
The firmware never restarts except through the power cuts. Its heap is
watched with tracemalloc (which slows Python down, so only every
``trace_every``-th game): what code under firmware/ allocated during that
game and still holds after it. Flat means that stays near zero.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sim.hardware.flash import FatFlash, LittleFlash
from sim.runs.board_play import BoardRun, reference_profile
from sim.runs.selfplay import play_game
from tabletop import games

HOUR_MS = 3_600_000


@dataclass
class Report:
    game: str
    ok: bool = True
    where: str = ""
    games: int = 0
    moves: int = 0
    reboots: int = 0
    moves_redone: int = 0
    mistakes: int = 0
    virtual_ms: int = 0
    heap_kb: list[float] = field(default_factory=list)  # firmware heap kept per traced game
    kept_games: int = 0  # finished games on the flash at the end

    def summary(self) -> dict[str, object]:
        heap = self.heap_kb
        return {
            "game": self.game,
            "ok": self.ok,
            "virtual_h": round(self.virtual_ms / HOUR_MS, 2),
            "games": self.games,
            "moves": self.moves,
            "reboots": self.reboots,
            "moves_redone": self.moves_redone,
            "mistakes": self.mistakes,
            "heap_kept_per_traced_game_kb": heap,
            "kept_games": self.kept_games,
            **({"where": self.where} if self.where else {}),
        }


def _firmware_heap_kb() -> float:
    # Garbage in reference cycles (a rebooted Runtime, say) is freed only by
    # a full collection, which Python runs when its own counters say so:
    # without this the figure depended on what else the process had done
    # (a test file collected beside the soak test read 19.8 KB, not 9).
    # A device's mark-and-sweep collector frees cycles as well.
    gc.collect()
    snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, "*/firmware/*")])
    return round(sum(s.size for s in snap.statistics("filename")) / 1024, 1)


def soak(
    hours: float,
    game: str = "pyraos",
    seed: int = 0,
    fs: str = "littlefs",
    mistakes: float = 0.2,
    noise: float = 1.0,
    cuts_per_game: int = 2,
    max_games: int | None = None,
    trace_every: int = 10,
    progress: Callable[[Report], None] | None = None,
    progress_h: float = 1.0,
) -> Report:
    """Play until ``hours`` of virtual time have passed (or ``max_games``);
    ``progress(report)`` after the first game past each ``progress_h``
    virtual hours."""
    rng = random.Random(seed)
    flash = FatFlash(capacity=512 * 1024) if fs == "fat" else LittleFlash(block_count=128)
    profile = reference_profile(game)
    variants: list[str] = []  # in long MENU's order
    pairs: Any = profile.games
    for pair in pairs:
        if pair[0] == game:
            variants.append(str(pair[1]))
    run = BoardRun(
        profile,
        game,
        variants[0],
        seed=seed,
        mistakes=mistakes,
        noise=noise,
        flash=flash,
        power_cuts=cuts_per_game,
    )
    report = Report(game)
    told = 0
    every = max(1, int(progress_h * HOUR_MS))
    try:
        while run.hal.now_ms < hours * HOUR_MS and (max_games is None or report.games < max_games):
            g_seed = rng.randrange(1 << 30)
            variant = variants[report.games % len(variants)]
            players = None
            low, high = games.part(game, "rules").seats(variant)
            if low != high:
                # (Diabolo) 3, 4, 5 seats in turn: the hand long-presses MENU to them
                players = low + report.games % (high - low + 1)
                run.players = players
            events = play_game(game, variant, g_seed, players=players).events
            if run.variant != variant:
                run.variant = variant
                run.act(run.hand.press_menu(long=True))  # long MENU: the next variant
            run.seed = g_seed  # the power cuts of this game
            waits = len(run.hand.timeouts)
            # (not the first game: the firmware's set-up allocates then)
            traced = report.games >= 1 and (report.games - 1) % trace_every == 0
            if traced:
                tracemalloc.start()
            result = run.play(events)
            report.games += 1
            report.moves += result.events
            report.moves_redone = result.moves_redone  # (the run's count so far)
            if not result.ok or len(run.hand.timeouts) > waits:
                report.ok = False
                report.where = f"game {report.games} (seed {g_seed}, {variant}): " + (
                    result.where or f"the hand waited in vain: {run.hand.timeouts[waits:][:2]}"
                )
                break
            run.act(run.hand.clear_board())  # the next game starts on an empty board
            run.advance(1000)
            if progress is not None and run.hal.now_ms // every > told:
                told = run.hal.now_ms // every
                _fill(report, run)
                progress(report)
            if traced:
                # MENU first: the finished game's state (a Pacal match's last
                # round, its journal) is let go when a new game starts, and
                # a long match would otherwise read as growth
                run.act(run.hand.press_menu())
                run.advance(300)
                report.heap_kb.append(_firmware_heap_kb())
                tracemalloc.stop()
    finally:
        if tracemalloc.is_tracing():
            tracemalloc.stop()
    _fill(report, run)
    return report


def _fill(report: Report, run: BoardRun) -> None:
    report.reboots = run.reboots
    report.mistakes = len(run.hand.mistakes)
    report.virtual_ms = run.hal.now_ms
    report.kept_games = (
        len(run.runtime.journal.store.finished()) if run.runtime.journal.store else 0
    )
