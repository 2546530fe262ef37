"""A tick writes the flash once at most, on the board of every registered
game: the journal's append of a move, or the learnt state the board keeps
with the game, never both. Each write stalls a Pico for 30-80 ms (its flash
erases and programs with the code cache off; docs/FIRMWARE.md, "A move's
tick"): a tick that held two would hold a button press and the next LED
frame for up to twice as long. The learnt state falls due here on the very
tick a move is accepted (as a relearn a second after the last move can),
the runtime's own loop deciding what it writes."""

from __future__ import annotations

from typing import Any

import pytest

from sim.hardware.flash import LittleFlash
from sim.runs.board_play import BoardRun, reference_profile
from sim.runs.power_cuts import is_deal
from sim.runs.selfplay import play_game
from tabletop import games

VARIANT = {"pyraos": "standard", "pacal": "duel", "diabolo": "standard"}
PLAYERS = {"diabolo": 3}
EVENTS = 8


@pytest.mark.parametrize("game", games.NAMES)
def test_a_tick_writes_a_move_or_the_learnt_state_never_both(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    variant = VARIANT[game]
    players = PLAYERS.get(game, 0)
    events = play_game(game, variant, 5, players=players).events[:EVENTS]
    run = BoardRun(
        reference_profile(game), game, variant, seed=5, flash=LittleFlash(), players=players
    )
    runtime = run.runtime
    journal = runtime.journal
    writes: list[tuple[int, str]] = []  # (the runtime's tick, what it wrote)
    due: list[bool] = []

    def counted(name: str) -> None:
        write = getattr(journal.store, name)

        def wrapped(*args: Any) -> Any:
            writes.append((runtime.ticks, name))
            return write(*args)

        monkeypatch.setattr(journal.store, name, wrapped)

    counted("add")
    counted("save_state")
    add = journal.add

    def add_and_fall_due(event: Any) -> None:
        add(event)
        due.append(True)

    monkeypatch.setattr(journal, "add", add_and_fall_due)
    monkeypatch.setattr(type(runtime.board), "state_due", lambda self: bool(due) and due.pop())
    result = run.play(events)
    run.advance(10 * run.tick_ms)
    assert result.ok, result.where
    moves = [ev for ev in events if not is_deal(game, ev)]
    assert journal.moves() == moves
    appends = [t for t, what in writes if what == "add"]
    states = [t for t, what in writes if what == "save_state"]
    assert len(appends) == len(events) and len(states) == len(events)
    assert not set(appends) & set(states), writes
    # ... each state written the tick after its move's append
    assert states == [t + 1 for t in appends], writes
