"""The reference rules of tests/reference/ themselves: a few fixed facts from
RULES.md, docs/RECORDS.md and the rule books, so that the reference is not
merely agreeing with the real implementation in the differential tests.
"""

from __future__ import annotations

import pytest

from tests.reference import diabolo_ref, pacal_ref, pyraos_ref


def test_reference_sanity() -> None:
    """A few fixed facts from RULES.md and docs/RECORDS.md, so that the reference is not
    merely agreeing with the real implementation."""
    assert len(pyraos_ref.ALL_POSITIONS) == 30
    assert sorted(pyraos_ref.resting_on(pyraos_ref.parse_pos("2a1"))) == sorted(
        pyraos_ref.parse_pos(n) for n in ("a1", "b1", "a2", "b2")
    )
    assert pyraos_ref.parse_pos("1a1") == pyraos_ref.parse_pos("a1")
    assert pyraos_ref.pos_name(pyraos_ref.TOP) == "4a1"
    game = pyraos_ref.Pyraos("standard")
    assert len(game.legal_moves()) == 16
    game.apply({"p": 0, "place": "1a1"})
    for bad in ({"p": 1, "place": "a1"}, {"p": 0, "place": "b1"}, {"p": 1, "place": "2a1"}):
        with pytest.raises(ValueError):
            game.apply(bad)

    # The rule book's worked example: 33 and 21 next to each other, both covering a
    # card; a 26 has nowhere to go; a 17 between a built 18 and 16 may cover either.
    pyr = pacal_ref.Pyramid()
    for card, fld in ((40, 4), (33, 4), (25, 5), (21, 5), (18, 6), (16, 7)):
        pyr.build(card, fld)
    assert pyr.fields_for(26) == []
    assert pyr.fields_for(17) == [6, 7]
    assert pyr.fields_for(17, allow_cover=False) == []

    duel = pacal_ref.PacalDuel()
    with pytest.raises(ValueError):
        duel.apply({"p": 0, "offer": [1, 2]})  # no deal yet


def test_diabolo_reference_book_examples() -> None:
    """Fixed facts from the rule book and RULES.md, so that the reference is not merely
    agreeing with the real rules: the deal, full sides and locks, and the scoring
    examples of the book (purple, green, red)."""
    ref = diabolo_ref.Diabolo(4)
    pile = diabolo_ref.deck()
    ref.apply({"deal": {"dealer": 3, "pile": pile}})
    # One card at a time from player 0 (left of dealer 3), who draws first.
    assert ref.hands[0] == [pile[0], pile[4], pile[8], pile[12], pile[16], pile[20], pile[24]]
    assert ref.hands[3] == [pile[3], pile[7], pile[11], pile[15], pile[19], pile[23]]
    assert ref.turn == 0 and len(ref.pile) == 70 - 24 - 1
    row = diabolo_ref.Row(hell=["r1", "r1", "r1"], heaven=[])
    assert row.open_sides() == [diabolo_ref.HEAVEN]
    row.heaven += ["r2", "r2"]
    assert row.locked() and row.open_sides() == []
    assert diabolo_ref.locks_to_end(3) == diabolo_ref.locks_to_end(4) == 2
    assert diabolo_ref.locks_to_end(5) == 3

    # Purple: hell 5 + 1, heaven 1 + 2 + 4: plus. Carl (4 + 2, doubled) scores 12,
    # Herman (5, doubled too) nothing. Green: hell 2 + 5, heaven 1 + 2 + 2: minus,
    # Herman (3) scores -3, Marc (1) nothing. Red: 3 against 1 + 2 scores nothing.
    marc, anne = 2, 3  # Carl is player 0, Herman player 1
    ref.rows = diabolo_ref._rows()
    ref.rows["p"] = diabolo_ref.Row(hell=["p5", "p1"], heaven=["p1", "p2", "p4"])
    ref.rows["g"] = diabolo_ref.Row(hell=["g2", "g5"], heaven=["g1", "g2", "g2"])
    ref.rows["r"] = diabolo_ref.Row(hell=["r3"], heaven=["r1", "r2"])
    ref.hands = [["p4", "p2", "r5"], ["p5", "g3"], ["g1"], ["r4"]]
    ref.doubles = ["p", "p", None, None]
    assert ref.plus_colours() == ["p"]
    assert ref.colour_points("p") == [12, 0, 0, 0]
    assert ref.colour_points("g") == [0, -3, 0, 0]
    assert ref.colour_points("r") == [0, 0, 0, 0]
    # Ties: every tied player scores, the one who doubled twice.
    ref.hands[anne] = ["p4", "p1", "p1"]
    assert ref.colour_points("p") == [12, 0, 0, 6]
    ref.hands[marc] = ["g3"]
    assert ref.colour_points("g") == [0, -3, -3, 0]
    ref.hands = [[], [], [], []]
    assert ref.colour_points("p") == [0, 0, 0, 0]  # nobody holds purple
