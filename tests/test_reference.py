"""The reference rules of tests/reference/ themselves: a few fixed facts from
RULES.md and docs/RECORDS.md, so that the reference is not merely agreeing with
the real implementation in the differential tests.
"""

from __future__ import annotations

import pytest

from tests.reference import pacal_ref, pyraos_ref


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
