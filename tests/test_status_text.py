"""The status display at the board: what the virtual board's SSD1306 shows
(sim.hardware.virtual_hal.VirtualDisplay: the rows the hal has sent, one changed row
per tick as over I2C) through the real firmware, and that the same text goes
to the host as status lines.

What each screen must say comes from the rules (whose turn, move number,
reserves, the card to build, round and match wins, the outcome) and from
docs/FIRMWARE.md's table of status screens, never from tabletop.show.status.
Every text drawn must fit the panel: VirtualDisplay refuses more than 8
rows of 16 characters, so whole games here also prove that.
"""

from __future__ import annotations

from tabletop.rules import pacal, pyraos
from tests.board_ui import FRESH_MS, QUIET_MS, Board, Event, golden
from tests.test_board_ui import Pacal, stuck_round
from tests.test_board_ui_pyraos import Pyraos, pyraos_game

NAMES = ("Light", "Dark")
ROW = ((0, 0), (1, 12), (0, 1), (1, 13), (0, 2), (1, 14), (0, 3))  # light: a row of four


def screen(b: Board) -> list[str]:
    display = b.run.hal.display
    assert display is not None, "the reference profile has a status display"
    return list(display.rows)


def expect_pyraos(b: Pyraos) -> None:
    s = b.state
    rows = screen(b)
    assert rows[0] == f"Pyraos {s.variant}", rows
    if s.is_over():
        w = s.outcome().winner
        assert (f"{NAMES[w]} wins!" if w is not None else "Draw") in rows, rows
        assert "MENU: new game" in rows
        return
    assert rows[1] == f"Move {s.plies + 1}", (rows, s.plies)
    assert rows[2] == f"Marbles {s.reserve[0]} : {s.reserve[1]}", (rows, s.reserve)
    who = NAMES[s.turn]
    if s.phase == pyraos.P_REMOVE:
        assert rows[3] == f"{who} takes", rows
        assert "Take 1 or 2 of" in rows
    else:
        assert rows[3] == f"{who} to play", rows


def test_pyraos_screens_over_a_whole_game() -> None:
    b = Pyraos("standard", 91)
    b.wait(500)
    assert screen(b)[:2] == ["Pyraos", "standard 1/3"]  # the select screen
    b.start()
    expect_pyraos(b)
    takes = 0
    for event in pyraos_game("standard", 91):
        b.do(event)
        b.wait(QUIET_MS)
        expect_pyraos(b)
        takes += b.state.phase == pyraos.P_REMOVE
    assert b.state.is_over() and takes > 0
    # the panel shows the whole of the last text (one changed row per tick)
    last: list[str] = list(b.run.runtime.lines)
    assert screen(b) == last + [""] * (8 - len(last))


def test_pyraos_a_marble_lifted_that_may_not_move_says_put_it_back() -> None:
    b = Pyraos("standard", 91)
    b.start()
    for event in pyraos_game("standard", 91)[:4]:  # four marbles on level 1
        b.do(event)
    b.wait(FRESH_MS)
    s = b.state
    assert not s.raise_sources()  # nothing may go up yet
    x = pyraos_game("standard", 91)[0][2]
    b.lift(x)
    b.away(s.turn)
    assert screen(b)[5:7] == ["Put the marble", "back where lit"], screen(b)
    b.set_down(x)
    expect_pyraos(b)


def row_of_four() -> Pyraos:
    """A lines game in which light has just made a row: a take-back is due."""
    b = Pyraos("lines", 52)
    b.start()
    for p, x in ROW:
        b.do((pyraos.PLACE, p, x, -1))
    assert b.state.phase == pyraos.P_REMOVE
    return b


def test_pyraos_a_marble_set_down_in_a_take_back_says_lift_it() -> None:
    b = row_of_four()
    b.wait(FRESH_MS)
    b.from_reserve(5, 0)  # a marble may not be placed now: one is taken back
    assert screen(b)[5:7] == ["Not a move: lift", "the red marble"], screen(b)
    b.lift(5)
    b.drop_in_reserve(0)
    expect_pyraos(b)
    assert b.journal() == b.moves


def test_pyraos_take_back_one_then_back() -> None:
    b = row_of_four()
    b.wait(QUIET_MS)
    expect_pyraos(b)
    b.wait(FRESH_MS)
    x = next(m[2] for m in b.state.legal_moves() if m[3] >= 0)  # one with a second choice
    b.lift(x)
    b.drop_in_reserve(0)
    assert screen(b)[5:7] == ["Take another, or", "BACK: just one"], screen(b)
    b.press("back")
    b.wait(QUIET_MS)
    b.note((pyraos.REMOVE, 0, x, -1))
    expect_pyraos(b)
    assert b.state.turn == 1


def expect_pacal(b: Pacal) -> None:
    s = b.state
    rows = screen(b)
    assert rows[0] == "Pacal duel", rows
    if s.is_over():
        w = s.outcome().winner
        assert rows[1].startswith(f"Round {len(s.results)} "), rows
        assert (f"P{w + 1} wins match" if w is not None else "Draw") == rows[3], rows
        assert rows[-1] == "MENU: new game" or "MENU: new game" in rows
        return
    ph = s.phase
    if ph == pacal.P_DEAL and s.results:
        n = len(s.results)
        w = s.results[-1]
        assert (f"P{w + 1} won round" if w is not None else "Round drawn") == rows[3], rows
        assert "Clear the board" in rows, rows
    else:
        n = len(s.results) + 1
    assert rows[1] == f"Round {n}   {s.wins[0]} - {s.wins[1]}", (rows, s.results)
    if ph == pacal.P_OFFER:
        assert rows[3] == f"P{s.turn + 1}: offer two", rows
    elif ph == pacal.P_TAKE:
        assert rows[3] == f"P{2 - s.turn}: take one", rows
    elif ph in (pacal.P_BUILD, pacal.P_LAST):
        want = [f"P{p + 1}: build {s.pending[p]}" for p in (0, 1) if s.pending[p]]
        assert [r for r in rows if ": build " in r] == want, rows


def test_pacal_duel_screens_over_a_whole_match() -> None:
    b = Pacal("duel")
    b.wait(500)
    assert screen(b)[:2] == ["Pacal", "duel 1/2"]
    b.start()
    assert screen(b)[3:6] == ["Each: top card", "of your pile on", "your slot"]
    for event in golden("pacal-duel-match"):
        b.do(event)
        b.wait(QUIET_MS)
        if event[0] != pacal.DEAL:
            expect_pacal(b)
    assert b.state.is_over()


def test_pacal_a_used_card_on_a_slot_is_named() -> None:
    events: list[Event] = golden("pacal-duel-match")
    b = Pacal("duel")
    b.start()
    for event in events[:5]:  # deal, offer, take, two builds
        b.do(event)
    b.wait(QUIET_MS)
    assert b.state.phase == pacal.P_OFFER
    used = events[1][2]  # a card offered (and built) already
    b.to_slot(0, used)
    assert f"Slot 1: {used} used" in screen(b), screen(b)
    b.off_slot(0)
    b.physics.put_away(b.now)
    b.wait(QUIET_MS)
    expect_pacal(b)


def test_pacal_a_stuck_player_is_named_with_the_reason() -> None:
    b = Pacal("duel")
    b.start()
    for event in stuck_round():
        b.do(event)
    b.wait(QUIET_MS)
    rows = screen(b)
    assert rows[3] == "P1 won round", rows
    said = " ".join(rows)
    assert "P2 cannot build 3" in said and "P2 is stuck" in said, rows  # 0-based in the rules
    expect_pacal(b)


def test_pacal_solo_screens_count_the_cards() -> None:
    events: list[Event] = golden("pacal-solo-perfect")
    b = Pacal("solo")
    b.start()
    assert screen(b)[:4] == ["Pacal solo", "Cards used 0", "", "next card"]
    b.note(events[0])
    for event in events[1:]:
        _, p, card, field = event
        b.to_slot(0, card)
        b.off_slot(0)
        rows = screen(b)
        assert rows[1] == f"Cards used {b.state.cards_used()}", rows
        assert rows[3] == f"build {card}", rows
        b.build(p, field)
        b.note(event)
    s = b.state
    assert s.is_over() and s.outcome().winner == 0
    assert screen(b)[:4] == ["Pacal solo", f"Cards used {s.cards_used()}", "", "Pyramid done!"]
