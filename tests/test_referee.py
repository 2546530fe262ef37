"""The referee of board-play (sim.runs.referee): how far the firmware's journal
holds the record, and the words a run that parts from the record prints
(``python -m sim board-play``: "the journal parts from the record: ...")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sim.runs.power_cuts import Reboot
from sim.runs.referee import Referee
from sim.runs.selfplay import play_game
from tabletop.keep.journal import Journal
from tabletop.records import notation
from tabletop.records.record import Record
from tabletop.rules import pacal

GOLDEN = Path(__file__).parent / "golden"
PYRAOS = play_game("pyraos", "standard", 1).events[:4]


def record(name: str) -> list[Any]:
    events: list[Any] = Record.read((GOLDEN / f"{name}.jsonl").read_bytes()).events
    return events


def journal(game: str, variant: str, events: list[Any]) -> Journal:
    j = Journal(game, variant)
    for ev in events:
        j.add(ev)
    return j


def say(event: Any) -> str:
    return json.dumps(notation.to_json("pyraos", event))


def board_deal(first: int) -> tuple[Any, ...]:
    """A deal as a Pacal board journals it: who offers first, the hands unknown."""
    return (pacal.DEAL, first, None, (0, 0))


def test_agreed_counts_the_records_first_events_the_journal_starts_with() -> None:
    ref = Referee("pyraos", "standard", PYRAOS)
    assert ref.agreed(journal("pyraos", "standard", PYRAOS[:3]), 4) == 3
    assert ref.agreed(journal("pyraos", "standard", PYRAOS), 2) == 2  # at most done
    assert ref.agreed(journal("pyraos", "standard", [PYRAOS[0], PYRAOS[2]]), 4) == 1


def test_a_deal_agrees_when_the_same_player_offers_first_any_in_solo() -> None:
    duel = record("pacal-duel-match")
    first = duel[0][1]
    ref = Referee("pacal", "duel", duel)
    assert ref.agreed(journal("pacal", "duel", [board_deal(first)]), 1) == 1
    other = journal("pacal", "duel", [board_deal(1 - first)])
    assert ref.agreed(other, 1) == 0
    assert ref.differs(other, 1, [], "{}") == (
        f"event 1 (a deal): the board found {1 - first} to offer first, not {first}"
    )
    solo = record("pacal-solo-perfect")
    ref = Referee("pacal", "solo", solo)
    assert ref.agreed(journal("pacal", "solo", [board_deal(1 - solo[0][1])]), 1) == 1


def test_the_words_for_a_journal_that_parts_from_the_record() -> None:
    ref = Referee("pyraos", "standard", PYRAOS)
    a, b, c, d = PYRAOS
    assert ref.parting(journal("pyraos", "standard", [a, b]), 2) == ""
    assert ref.parting(journal("pyraos", "standard", [a, d]), 2) == (
        f"move 2: the board took {say(d)} for {say(b)} (event 2, {say(b)})"
    )
    assert ref.parting(journal("pyraos", "standard", [a]), 2) == (
        f"event 2, {say(b)}: the board did not accept it"
    )
    assert ref.parting(journal("pyraos", "standard", [a, b, c]), 2) == (
        f"event 2, {say(b)}: the board accepted a move that was not made: {say(c)}"
    )
    # the moves are the record's, the events are not (a duel's deal missing)
    duel = record("pacal-duel-match")
    no_deal = journal("pacal", "duel", [duel[1]])
    assert Referee("pacal", "duel", duel).differs(no_deal, 2, [], "{}") == (
        "event 2: the journal holds 1 events, not 2"
    )


def test_the_words_name_the_last_power_cut_and_what_the_board_lights() -> None:
    ref = Referee("pyraos", "standard", PYRAOS)
    cut = Reboot(at_ms=1200, event=1, in_write=True, kept=1, holding=False, resumed=1)
    lights = '{"a2": "error"}'
    assert ref.differs(journal("pyraos", "standard", [PYRAOS[0]]), 2, [cut], lights) == (
        f"event 2, {say(PYRAOS[1])}: the board did not accept it "
        f"(1 power cut(s), the last at 1200 ms in a journal write; the board shows {lights})"
    )
    assert ref.no_guidance(2, cut, "red on a2", lights) == (
        "event 2: after the power cut at 1200 ms (in a journal write, record event 2; the "
        "journal kept 1, came back with 1) the board did not show what the hand waited for "
        f"(red on a2); it showed {lights}"
    )
