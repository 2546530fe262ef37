"""The simulator's table (sim.table.table) without a window: whole games with
computer seats, their moves made by the scripted hand through the board's
sensors, the board following every one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.runs import selfplay
from sim.table.table import Table, record_state
from tabletop.board import diabolo_board
from tabletop.records.record import Record, check
from tabletop.rules import pacal, pyraos


def play_out(table: Table, limit_ms: int) -> None:
    # until the board knows the game is over too (a last card is shown to it)
    while not (table.truth.is_over() and table.game.is_over()) and table.now < limit_ms:
        table.advance(1000)


def test_a_pacal_match_between_computers_runs_to_its_end() -> None:
    # Five rounds of a duel: the table deals each (the fields cleared
    # first), the board's journal holds every event, its deals without
    # the hands, which the table's game has. (Greedy seats: quick; the
    # searching ones are below.)
    table = Table("pacal", "duel", seed=5, players=("computer", "computer"), level="greedy")
    play_out(table, 1_200_000)
    truth = table.truth
    assert truth.is_over() and max(truth.wins) == pacal.ROUNDS_TO_WIN
    assert table.game.is_over() and table.game.wins == truth.wins
    deals = [ev for ev in table.journal.events if ev[0] == pacal.DEAL]
    assert len(deals) == len(truth.results) and all(d[2] is None for d in deals)
    assert len(table.part.deals() or ()) == len(deals)


def test_a_pacal_solo_game_by_the_computer_runs_to_its_end() -> None:
    table = Table("pacal", "solo", seed=2, players=("computer",))
    play_out(table, 1_200_000)
    assert table.truth.is_over() and table.game.is_over()
    assert table.game.cards_used() == table.truth.cards_used()


@pytest.mark.parametrize("variant", pyraos.VARIANTS)
def test_a_pyraos_game_between_computers_runs_to_its_end(variant: str) -> None:
    table = Table("pyraos", variant, seed=3, players=("computer", "computer"))
    play_out(table, 1_200_000)
    assert table.game.is_over()
    # every marble the board holds is where the physics has it, in its colour
    game = table.game
    marbles = table.marbles
    assert marbles is not None and table.physics.occupied() == game.occupied()
    assert all(marbles.colour(p) == game.owner(p) for p in range(30) if game.owner(p) is not None)


def test_a_pacal_record_opens_at_its_last_position(tmp_path: Path) -> None:
    # its deals are the record's: the table's hands are the record's hands
    rec = selfplay.play_game("pacal", "duel", 9)
    events = rec.events[:12]
    path = tmp_path / "duel.jsonl"
    record = Record.new("pacal", "duel")
    for ev in events:
        record.add(ev)
    path.write_text("\n".join(record.lines()) + "\n")
    table = Table.open(path, seed=1, players=("human", "human"))
    want = record_state(table, events)
    assert table.truth.hand(0) == want.hand(0) and table.truth.hand(1) == want.hand(1)
    assert table.truth.pyramid(0) == want.pyramid(0) == table.game.pyramid(0)
    assert table.cards.hand(0) == want.hand(0)


def test_a_saved_pacal_record_has_the_deals_and_checks(tmp_path: Path) -> None:
    # The board's journal cannot know the hands; the saved record has the
    # table's deals, so it checks, and replays to the table's game.
    table = Table("pacal", "duel", seed=3, players=("computer", "computer"))
    while len(table.journal.events) < 25:
        table.advance(1000)
    path = tmp_path / "duel.jsonl"
    table.save(path)
    *_, summary = check(path.read_bytes())
    assert summary["ok"], summary
    state = summary["record"].state
    assert state.pyramid(0) == table.truth.pyramid(0)
    assert state.hand(1) == table.truth.hand(1)


@pytest.mark.parametrize(("seats", "seed"), [(3, 1), (5, 2)])
def test_a_diabolo_game_between_computers_runs_to_its_end(seats: int, seed: int) -> None:
    # 3 to 5 seats: the table deals (the first dealer's double card read,
    # the slots cleared between rounds), the computers lay their cards and
    # walk the scoring through (doubles, their cards shown); the board's
    # scores are the rules' with every hand known, and the record checks.
    table = Table("diabolo", "standard", seed=seed, players=("computer",) * seats)
    board = table.runtime.board
    while (
        not (table.truth.is_over() and board.mode == diabolo_board.OVER) and table.now < 3_000_000
    ):
        table.advance(1000)
    truth = table.truth
    assert truth.is_over() and truth.round == seats
    assert table.game.totals() == truth.totals()
    assert table.hand.timeouts == []
    *_, summary = check(("\n".join(table.record_lines()) + "\n").encode())
    assert summary["ok"], summary
    assert Record.read("\n".join(table.record_lines()) + "\n").state.totals() == truth.totals()
    with pytest.raises(ValueError, match="3 to 5 seat"):
        Table("diabolo", "standard", players=("human", "computer"))


def test_the_computer_seats_search_at_their_level_between_frames() -> None:
    # Pyraos at the strong level: the seat's search runs a slice a frame
    # (the window never waits on a whole search), then its move is made by
    # the hand; a level that is none is refused.
    table = Table("pyraos", "standard", seed=4, players=("computer", "human"), level="strong")
    thought = 0
    while len(table.journal) == 0 and table.now < 60_000:
        table.advance(16)
        thought += table.thinking is not None
    assert len(table.journal) == 1 and thought >= 2  # several frames of thinking, then a move
    # Pacal: the duel's computer seat decides from what it may know, a
    # slice a frame too, and its offer is made on the board.
    table = Table("pacal", "duel", seed=6, players=("computer", "computer"), level="strong")
    thought = 0
    while not any(ev[0] == pacal.OFFER for ev in table.journal.events) and table.now < 60_000:
        table.advance(16)
        thought += table.thinking is not None
    assert any(ev[0] == pacal.OFFER for ev in table.journal.events) and thought >= 2
    with pytest.raises(ValueError, match="no computer level 'genius'"):
        Table("pyraos", "standard", players=("computer", "human"), level="genius")
