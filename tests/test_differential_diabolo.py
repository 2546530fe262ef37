"""Differential test of the Diabolo rules against tests/reference/diabolo_ref.py
(tests/differential.py says how): whole games of 3, 4 and 5 players, dealt
from a seeded random.Random and given to both sides as the same deal event,
steered by biased deals and policies (tests/differential_diabolo.py) into the
situations the rules single out (the discard exception, full sides, locked
rows, drawn colours, ties for the highest sum, doubles that score, are spent
or land on a colour nobody holds, shared wins), each counted and asserted to
have occurred.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop.records.record import Record
from tabletop.rules import diabolo
from tests.differential import (
    FROM_JSON,
    PROBE_RATE,
    TO_JSON,
    Json,
    compare_moves,
    compare_value,
    disagreement,
    dumps,
)
from tests.differential_diabolo import (
    GAME,
    VARIANT,
    choose_double,
    choose_play,
    illegal_candidate,
    names,
    probe,
    random_deal,
    rule_breakers,
)
from tests.reference import diabolo_ref as ref_rules

GAMES_PER_COUNT = 90  # per player count: 3 * 90 games


# ----------------------------------------------------------------- accounting


def count_play(ref: ref_rules.Diabolo, moves: Sequence[Json], stats: Counter[str]) -> None:
    n = ref.players
    hand_colours = {c[0] for c in ref.hands[ref.turn]}
    if "discard" in moves[0]:
        stats["discard exception"] += 1
        stats[f"discard exception, {n} players"] += 1
        if len(hand_colours) > 1:
            stats["discard exception, hand of two locked colours"] += 1
    elif any(ref.rows[c].locked() for c in hand_colours):
        stats["card in hand of a locked row"] += 1
    for col in hand_colours:
        if len(ref.rows[col].open_sides()) == 1:
            stats[f"only {ref.rows[col].open_sides()[0]} open"] += 1


def count_scoring(ref: ref_rules.Diabolo, stats: Counter[str]) -> None:
    """The situations of a finished round, with its doubles as they ended up."""
    n = ref.players
    stats[f"round ended at lock {ref.locked_rows()}, {n} players"] += 1
    stats["longest round (turns)"] = max(stats["longest round (turns)"], ref.round_turns[-1])
    for col in ref_rules.COLOURS:
        row = ref.rows[col]
        sums = [ref.hand_sum(p, col) for p in range(n)]
        best = max(sums)
        tied = [p for p in range(n) if sums[p] == best]
        doubled = [p for p in range(n) if ref.doubles[p] == col]
        if row.angel() == row.devil():
            stats["drawn colour" if row.size() else "empty row"] += 1
            continue
        sign = "plus" if row.angel() > row.devil() else "minus"
        if best == 0:
            stats[f"{sign} colour nobody holds"] += 1
        elif len(tied) > 1:
            stats[f"{sign} colour, tie for the highest sum"] += 1
        if len(doubled) > 1:
            stats["several doubles on one colour"] += 1
        for p in doubled:
            if best == 0:
                stats["double on a colour nobody holds"] += 1
            elif p in tied:
                stats["double scored"] += 1
                if len(tied) > len([q for q in tied if q in doubled]):
                    stats["tie: one tied player doubled, another did not"] += 1
            else:
                stats["double spent"] += 1
    if len({d for d in ref.doubles if d is not None}) > 1:
        stats["doubles on two colours"] += 1


def apply_both(
    label: str, history: list[Json], ref: ref_rules.Diabolo, real: Any, event: Json
) -> None:
    real_event = FROM_JSON(GAME, VARIANT, event)
    compare_value(
        label, history, f"to_json(from_json({dumps(event)}))", event, TO_JSON(GAME, real_event)
    )
    history.append(event)
    ref.apply(event)
    try:
        real.apply(real_event)
    except Exception as exc:  # pragma: no cover - only on a disagreement
        raise AssertionError(disagreement(label, history, f"real apply() raised {exc!r}")) from exc


def compare_states(label: str, history: Sequence[Json], ref: ref_rules.Diabolo, real: Any) -> None:
    moves = ref.legal_moves()
    compare_moves(label, history, moves, [TO_JSON(GAME, m) for m in real.legal_moves()])
    compare_value(label, history, "is_over()", ref.is_over(), real.is_over())
    compare_value(label, history, "scoring()", ref.phase == ref_rules.SCORE, real.scoring())
    compare_value(label, history, "round_scores()", ref.scores, real.round_scores())
    compare_value(label, history, "totals()", ref.totals(), real.totals())
    ref_rows = [[ref.rows[c].hell, ref.rows[c].heaven] for c in ref_rules.COLOURS]
    real_rows = [[names(side) for side in real.row(c)] for c in range(5)]
    compare_value(label, history, "rows", ref_rows, real_rows)
    compare_value(label, history, "pile", ref.pile, names(real.pile_left()))
    for p in range(ref.players):
        hand = sorted(names(real.hand(p)))
        compare_value(label, history, f"hand {p}", sorted(ref.hands[p]), hand)
    if ref.dealer is not None:  # every card is somewhere: pile, hands, rows or out
        places = [*ref.pile, *ref.out, *(c for h in ref.hands for c in h)]
        places += [c for r in ref.rows.values() for c in r.hell + r.heaven]
        assert Counter(places) == ref_rules.DECK, "the reference lost or made a card"
    if ref.phase == ref_rules.PLAY:
        compare_value(label, history, "to_move()", (ref.turn,), tuple(real.to_move()))
    outcome = real.outcome()
    compare_value(label, history, "outcome is set iff over", real.is_over(), outcome is not None)
    winner = None if outcome is None else outcome.winner
    compare_value(
        label,
        history,
        "winner",
        ref.winner(),
        list(winner) if isinstance(winner, tuple) else winner,
    )


def play_game(players: int, game_no: int, rnd: random.Random, stats: Counter[str]) -> None:
    deal_style = ("shuffle", "hoard")[game_no % 2]
    style = ("uniform", "lock", "level", "side")[(game_no // 2) % 4]
    label = f"diabolo {players} players, deal {deal_style}, style {style}, game {game_no}"
    ref = ref_rules.Diabolo(players)
    real = diabolo.Diabolo(players)
    history: list[Json] = []
    dealer = rnd.randrange(players)
    while True:
        deal, hoard = random_deal(players, dealer, deal_style, rnd)
        apply_both(label, history, ref, real, deal)
        while ref.phase == ref_rules.PLAY:
            compare_states(label, history, ref, real)
            moves = ref.legal_moves()
            candidates = rule_breakers(ref, moves, rnd) if rnd.random() < 0.2 else []
            if rnd.random() < PROBE_RATE:
                candidates.append((illegal_candidate(ref, moves, rnd), ""))
            probe(label, history, ref, real, moves, candidates, stats)
            count_play(ref, moves, stats)
            apply_both(label, history, ref, real, choose_play(ref, moves, style, hoard, rnd))
        while True:  # scoring: doubles, until the next deal
            compare_states(label, history, ref, real)
            moves = ref.legal_moves()
            candidates = rule_breakers(ref, moves, rnd)
            if rnd.random() < PROBE_RATE:
                candidates.append((illegal_candidate(ref, moves, rnd), ""))
            probe(label, history, ref, real, moves, candidates, stats)
            if not moves or rnd.random() < 0.3:
                break
            winner = ref.winner()
            apply_both(label, history, ref, real, choose_double(ref, moves, rnd))
            stats["double"] += 1
            if ref.is_over():
                stats["double after the last round"] += 1
                if ref.winner() != winner:
                    stats["double after the last round changes the winner"] += 1
        compare_states(label, history, ref, real)
        count_scoring(ref, stats)
        if ref.is_over():
            break
        dealer = (dealer + 1) % players
    stats["empty draws"] += ref.empty_draws
    # The whole game once more as a record: the reader's summary is the reference's outcome.
    rec = Record.new(GAME, VARIANT, players=[f"P{i + 1}" for i in range(players)])
    for event in history:
        rec.add(FROM_JSON(GAME, VARIANT, event))
    compare_value(label, history, "record summary", ref.outcome(), rec.summary())
    rec.set_result()
    compare_value(
        label, history, "record read back", ref.outcome(), Record.read(rec.dumps()).summary()
    )
    win = ref.winner()
    stats["shared win" if isinstance(win, list) else "sole win"] += 1


REQUIRED = [
    "discard exception",
    "discard exception, 3 players",
    "discard exception, 4 players",
    "discard exception, 5 players",
    "discard exception, hand of two locked colours",
    "card in hand of a locked row",
    "only hell open",
    "only heaven open",
    "round ended at lock 2, 3 players",
    "round ended at lock 2, 4 players",
    "round ended at lock 3, 5 players",
    "drawn colour",
    "plus colour nobody holds",
    "minus colour nobody holds",
    "plus colour, tie for the highest sum",
    "minus colour, tie for the highest sum",
    "several doubles on one colour",
    "double on a colour nobody holds",
    "double scored",
    "double spent",
    "tie: one tied player doubled, another did not",
    "doubles on two colours",
    "double after the last round",
    "double after the last round changes the winner",
    "shared win",
    "sole win",
    "illegal event rejected",
    "play on a locked row refused",
    "play on a full side refused",
    "discard while a card fits refused",
    "double during play refused",
    "double on a colour not plus refused",
    "double on a colour already shown refused",
    "second double of a player refused",
    "deal by the wrong dealer refused",
    "deal after the last round refused",
    "deal during play refused",
    "deal of a wrong pile refused",
    "move out of turn refused",
]


def test_diabolo_differential() -> None:
    rnd = random.Random("diabolo")
    stats: Counter[str] = Counter()
    game_no = 0
    for players in (3, 4, 5):
        for _ in range(GAMES_PER_COUNT):
            play_game(players, game_no, rnd, stats)
            game_no += 1
    print(f"\ndiabolo: {game_no} games, {dict(sorted(stats.items()))}")
    missing = [s for s in REQUIRED if stats[s] == 0]
    assert not missing, f"situations never reached in diabolo: {missing}; {stats}"
    assert stats["empty draws"] == 0, "the pile ran out, which RULES.md says cannot happen"
    assert stats["longest round (turns)"] <= 35, stats
