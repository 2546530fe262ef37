"""What ``python -m sim check`` must print for a record, decided by the reference rules.

    expected = expected_check(Path("game.jsonl").read_text(encoding="utf-8"))

One ``{"line": n, "ok": true}`` per event line up to the first bad one (then
``{"line": n, "ok": false}``), and the summary as docs/RECORDS.md describes it:
game, variant, events, over, the outcome so far (Pyraos and Pacal duel ``winner``,
duel ``rounds``, solo ``won`` and ``cards_used``), the ``reason`` once the game is
over, and ``line`` when a line is bad. The legality of every line, the outcome and
the header's ``result`` come from tests/reference (written from docs/RULES.md, not
from the firmware), never from ``sim check`` or tabletop.rules.

Two things the reference does not decide: what an error says (a bad line and a
failed summary carry no ``"error"``; compare with ``without_error_words``) and how
``sim check`` words the end of a game. The latter is pinned in ``reason_words``,
written by hand from the end conditions of docs/RULES.md; the Pacal wordings are
those of the hand-written goldens (tests/golden/pacal-*.check.jsonl).
"""

from __future__ import annotations

import json
from typing import Any

from tests.reference import pacal_ref, pyraos_ref

Json = dict[str, Any]
Game = pyraos_ref.Pyraos | pacal_ref.PacalDuel | pacal_ref.PacalSolo

REPEATS_FOR_DRAW = 3  # RULES.md: the third occurrence of a position is a draw
ROUNDS_TO_WIN = 3  # RULES.md: the first player to win three rounds wins the match


def new_game(game: object, variant: object) -> Game | None:
    """The reference game for a header's ``game`` and ``variant`` (None if unknown)."""
    if game == "pyraos" and variant in pyraos_ref.VARIANTS:
        return pyraos_ref.Pyraos(str(variant))
    if game == "pacal" and variant in ("duel", "solo"):
        return pacal_ref.new_game(str(variant))
    return None


def outcome(state: Game) -> Json:
    """The outcome so far as the summary and the header's ``result`` give it."""
    if isinstance(state, pacal_ref.PacalSolo):
        return {"won": state.won(), "cards_used": state.cards_used()}
    if isinstance(state, pacal_ref.PacalDuel):
        return {"winner": state.winner(), "rounds": state.round_winners()}
    return {"winner": state.winner()}


def reason_words(state: Game) -> str:
    """How ``sim check`` says why a finished game ended (pinned by hand)."""
    if isinstance(state, pacal_ref.PacalSolo):
        if state.won():
            return f"pyramid complete with {state.cards_used()} cards"
        return f"card {state.pile[0]} fits nowhere"
    if isinstance(state, pacal_ref.PacalDuel):
        return f"won {ROUNDS_TO_WIN} rounds"
    if state.end_reason == "top":
        return f"player {state.winner()} placed the top marble"
    if state.end_reason == "empty reserve":
        return f"player {state.to_move} has no marbles left"
    if state.end_reason == "repetition":
        return f"the same position came up {REPEATS_FOR_DRAW} times"
    raise AssertionError(f"the reference ended a game for no known reason: {state.end_reason!r}")


def _same(a: object, b: object) -> bool:
    """Equal as JSON values of equal types (``true`` is not ``1``)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def expected_check(text: str) -> list[Json]:
    """The lines ``sim check`` prints for the record ``text``, as JSON objects."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    try:
        header = json.loads(lines[0]) if lines else None
    except ValueError:
        header = None
    state = new_game(header.get("game"), header.get("variant")) if type(header) is dict else None
    if header is None or state is None:
        return [{"summary": True, "ok": False, "line": 1}]  # not a record at all
    out: list[Json] = []
    events = 0
    bad_line = None
    for number, line in enumerate(lines[1:], start=2):
        try:
            state.apply(json.loads(line))
        except ValueError:
            bad_line = number
            out.append({"line": number, "ok": False})
            break
        events += 1
        out.append({"line": number, "ok": True})
    over = state.is_over()
    summary: Json = {"summary": True, "ok": True, "game": header["game"]}
    summary.update(variant=header["variant"], events=events, over=over, **outcome(state))
    if over:
        summary["reason"] = reason_words(state)
    if bad_line is None and "result" in header:
        if not over or not _same(header["result"], outcome(state)):
            bad_line = 1  # the header's result: for an unfinished game, or not the game's
    if bad_line is not None:
        summary.update(ok=False, line=bad_line)
    out.append(summary)
    return out


def without_error_words(objs: list[Json]) -> list[Json]:
    """``objs`` without their ``"error"`` texts (which the reference does not decide)."""
    return [{k: v for k, v in obj.items() if k != "error"} for obj in objs]
