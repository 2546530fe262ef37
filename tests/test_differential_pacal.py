"""Differential test of the Pacal rules (duel and solo) against
tests/reference/pacal_ref.py (tests/differential.py says how): matches and
solo games steered into every situation the rules single out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop.rules import pacal
from tabletop.rules.rng import Rng
from tests.differential import (
    FROM_JSON,
    PROBE_RATE,
    TO_JSON,
    Json,
    compare_moves,
    compare_value,
    disagreement,
    dumps,
    flip_player,
    probe_illegal,
)
from tests.reference import pacal_ref

PACAL_DUEL_MATCHES = 160
PACAL_MAX_ROUNDS = 12
PACAL_SOLO_GAMES = 400
INFEASIBLE = 1000.0
COVER_PENALTY = 6.0


def pacal_cost(pyr: pacal_ref.Pyramid, card: int, fld: int) -> float:
    """Heuristic cost of building ``card`` on ``fld``: how far the card is from the value
    interpolated between its visible neighbours, plus penalties for covering and for
    leaving more empty fields in a gap than there are values to fill them."""
    before = [(f, v) for f in range(1, fld) if (v := pyr.visible(f)) is not None]
    after = [(f, v) for f in range(fld + 1, 11) if (v := pyr.visible(f)) is not None]
    i, hi = before[-1] if before else (0, 51)
    j, lo = after[0] if after else (11, 0)
    expected = hi - (hi - lo) * (fld - i) / (j - i)
    cost = abs(card - expected)
    if pyr.stacks[fld]:
        cost += COVER_PENALTY
    if hi - card - 1 < fld - i - 1 or card - lo - 1 < j - fld - 1:
        cost += INFEASIBLE / 10
    return cost


def pacal_best(pyr: pacal_ref.Pyramid, card: int, allow_cover: bool = True) -> tuple[float, int]:
    options = [(pacal_cost(pyr, card, f), f) for f in pyr.fields_for(card, allow_cover)]
    return min(options) if options else (INFEASIBLE, 0)


def pacal_choose(
    ref: pacal_ref.PacalDuel, moves: Sequence[Json], style: str, rnd: random.Random
) -> Json:
    """A policy that mostly keeps both pyramids buildable ('friendly' offers help the
    opponent too, 'hostile' offers hurt them), with some random moves mixed in."""
    if style == "uniform" or rnd.random() < 0.04:
        return rnd.choice(list(moves))
    if ref.phase == pacal_ref.OFFER:
        me, other = ref.offerer, 1 - ref.offerer
        hand = sorted(ref.hands[me])
        mine = {c: pacal_best(ref.pyramids[me], c)[0] for c in hand}
        theirs = {c: pacal_best(ref.pyramids[other], c)[0] for c in hand}
        scored: list[tuple[float, float, Json]] = []
        for move in moves:
            a, b = move["offer"]
            taken, kept = (a, b) if theirs[a] <= theirs[b] else (b, a)
            if style == "friendly":
                score = mine[kept] + theirs[taken]
            else:
                score = mine[kept] - theirs[taken]
            scored.append((score, rnd.random(), move))
        return min(scored, key=lambda t: (t[0], t[1]))[2]
    if ref.phase == pacal_ref.TAKE:
        taker = 1 - ref.offerer
        return min(
            moves, key=lambda m: (pacal_best(ref.pyramids[taker], m["take"])[0], rnd.random())
        )
    # BUILD or LAST: pick one of the players still to act, then their best move.
    player = rnd.choice(sorted(ref.pending))
    card = ref.pending[player]
    cost, fld = pacal_best(ref.pyramids[player], card)
    keep = {"p": player, "keep": card}
    if ref.phase == pacal_ref.LAST:
        completes = (
            fld != 0 and sum(1 for f in pacal_ref.FIELDS if ref.pyramids[player].stacks[f]) == 9
        )
        completes = completes and not ref.pyramids[player].stacks[fld]
        if cost > 30 or (not completes and rnd.random() < 0.3):
            return keep
    return {"p": player, "place": [card, fld]}


def pacal_illegal_candidate(moves: Sequence[Json], rnd: random.Random) -> Json:
    """A random event that is usually (not always) illegal here."""
    player = rnd.choice((0, 1))
    card = rnd.randint(1, 50)
    kind = rnd.randrange(5)
    if kind == 0:
        return {"p": player, "offer": [card, rnd.randint(1, 50)]}
    if kind == 1:
        return {"p": player, "take": card}
    if kind == 2:
        return {"p": player, "place": [card, rnd.randint(1, 10)]}
    if kind == 3:
        return {"p": player, "keep": card}
    return flip_player(rnd.choice(list(moves)))


def probe_unbuildable_keeps(
    label: str,
    history: Sequence[Json],
    ref: pacal_ref.PacalDuel,
    real: Any,
    ref_moves: Sequence[Json],
    stats: Counter[str],
) -> None:
    """A ``keep`` for a last card that fits nowhere: both sides refuse it, the real
    one with the fault code "last_fits_nowhere"."""
    for player, card in sorted(ref.kept_unbuildable.items()):
        candidate = {"p": player, "keep": card}
        fault = real.fault(FROM_JSON("pacal", "duel", candidate))
        compare_value(
            label,
            history,
            f"fault of {dumps(candidate)}",
            ("last_fits_nowhere", player, card),
            fault,
        )
        probe_illegal("pacal", "duel", label, history, ref, real, ref_moves, candidate, stats)
        stats["keep of a last card that fits nowhere rejected"] += 1


def count_duel_situation(ref: pacal_ref.PacalDuel, event: Json, stats: Counter[str]) -> None:
    """Coverage accounting for the event about to be applied to ``ref``."""
    if "take" in event:
        assert ref.offer is not None
        taker = event["p"]
        other = ref.offer[1] if event["take"] == ref.offer[0] else ref.offer[0]
        taker_stuck = not ref.pyramids[taker].fields_for(event["take"])
        offerer_stuck = not ref.pyramids[1 - taker].fields_for(other)
        if taker_stuck and not offerer_stuck:
            stats["taker stuck"] += 1
        if offerer_stuck and not taker_stuck:
            stats["offerer stuck"] += 1
    if ref.phase == pacal_ref.LAST:
        player = event["p"]
        if "keep" in event:
            # Only a last card that fits may be declined; one that fits nowhere
            # is kept without a line (counted in play_pacal_duel).
            assert ref.pyramids[player].fields_for(event["keep"]), event
            stats["last card kept although it fits"] += 1
        if "place" in event and len(ref.pending) == 1:
            after = ref.copy()
            after.apply(event)
            if after.round_reasons[-1].startswith(("complete", "both complete")):
                stats["round completed by a last card"] += 1


def play_pacal_duel(
    tiebreak: str, style: str, match_no: int, rnd: random.Random, stats: Counter[str]
) -> None:
    label = f"pacal duel tiebreak={tiebreak!r} style={style} match {match_no} (Rng({match_no}))"
    rng = Rng(match_no)
    ref = pacal_ref.PacalDuel(tiebreak=tiebreak)
    real = pacal.Pacal("duel", tiebreak=tiebreak, solo_cover=True)
    history: list[Json] = []
    while True:
        ref_moves = ref.legal_moves()
        compare_moves(label, history, ref_moves, [TO_JSON("pacal", m) for m in real.legal_moves()])
        compare_value(label, history, "is_over()", ref.is_over(), real.is_over())
        compare_value(label, history, "rounds()", ref.round_winners(), list(real.rounds()))
        compare_value(
            label, history, "deal due", ref.phase == pacal_ref.DEAL, real.phase == pacal.P_DEAL
        )
        if ref.is_over():
            break
        if ref.phase == pacal_ref.DEAL:
            if len(ref.rounds) >= PACAL_MAX_ROUNDS:
                stats["match cut at the round limit"] += 1
                break
            deal = pacal.deal_duel(rng)
            event = TO_JSON("pacal", deal)
            history.append(event)
            ref.apply(event)
            real.apply(deal)
            continue
        if rnd.random() < PROBE_RATE:
            candidate = pacal_illegal_candidate(ref_moves, rnd)
            probe_illegal("pacal", "duel", label, history, ref, real, ref_moves, candidate, stats)
        if ref.phase == pacal_ref.LAST:
            probe_unbuildable_keeps(label, history, ref, real, ref_moves, stats)
        phase_before = ref.phase
        event = pacal_choose(ref, ref_moves, style, rnd)
        assert event in ref_moves, event
        count_duel_situation(ref, event, stats)
        real_event = FROM_JSON("pacal", "duel", event)
        compare_value(
            label,
            history,
            f"to_json(from_json({dumps(event)}))",
            event,
            TO_JSON("pacal", real_event),
        )
        history.append(event)
        ref.apply(event)
        try:
            real.apply(real_event)
        except Exception as exc:  # pragma: no cover - only on a disagreement
            raise AssertionError(
                disagreement(label, history, f"real apply() raised {exc!r}")
            ) from exc
        if phase_before == pacal_ref.BUILD and ref.phase == pacal_ref.LAST:
            if len(ref.kept_unbuildable) == 1:
                stats["one last card fits nowhere, the other is decided on"] += 1
    outcome = real.outcome()
    compare_value(label, history, "outcome is set iff over", real.is_over(), outcome is not None)
    compare_value(
        label, history, "match winner", ref.winner(), None if outcome is None else outcome.winner
    )
    for reason, winner in zip(ref.round_reasons, ref.rounds, strict=True):
        stats[f"round: {reason}"] += 1
        if winner is None:
            stats["drawn round"] += 1
        if reason.startswith("both complete"):
            stats[f"both complete, tiebreak {tiebreak}"] += 1
    stats["rounds"] += len(ref.rounds)
    stats["last-card keep"] += ref.keeps
    stats["last-card place"] += ref.last_places
    stats["last card fits nowhere, kept without a line"] += ref.unbuildable_last_cards
    if ref.is_over():
        stats["matches won"] += 1


def test_pacal_duel_differential() -> None:
    rnd = random.Random("pacal-duel")
    stats: Counter[str] = Counter()
    styles = ("friendly", "friendly", "hostile", "uniform")
    for match_no in range(PACAL_DUEL_MATCHES):
        tiebreak = ("smaller", "larger")[match_no % 2]
        style = styles[(match_no // 2) % len(styles)]
        play_pacal_duel(tiebreak, style, match_no, rnd, stats)
    print(f"\npacal duel: {PACAL_DUEL_MATCHES} matches, {dict(sorted(stats.items()))}")
    completed = stats["round: complete"] + stats["round: both complete"]
    simultaneous = stats["round: both complete"] + stats["round: both complete, equal spread"]
    assert completed > 0, f"no completed pyramid: {stats}"
    assert simultaneous > 0, f"no simultaneous completion: {stats}"
    assert stats["both complete, tiebreak smaller"] > 0, stats
    assert stats["both complete, tiebreak larger"] > 0, stats
    assert stats["last-card keep"] > 0, f"no last-card keep: {stats}"
    assert stats["last-card place"] > 0, f"no last-card place: {stats}"
    assert stats["drawn round"] > 0, f"no drawn round: {stats}"
    for needed in (
        "round: stuck",
        "taker stuck",
        "offerer stuck",
        "round: both stuck",
        "round: nobody complete",
        "round: nobody complete, no last card fits",
        "last card fits nowhere, kept without a line",
        "one last card fits nowhere, the other is decided on",
        "keep of a last card that fits nowhere rejected",
        "last card kept although it fits",
        "round completed by a last card",
    ):
        assert stats[needed] > 0, f"duel situation never reached: {needed}; {stats}"
    assert stats["matches won"] > 0, stats
    assert stats["illegal event rejected"] > 0, stats


def play_pacal_solo(
    solo_cover: bool, style: str, game_no: int, rnd: random.Random, stats: Counter[str]
) -> None:
    label = f"pacal solo solo_cover={solo_cover} style={style} game {game_no} (Rng({game_no}))"
    ref = pacal_ref.PacalSolo(solo_cover=solo_cover)
    real = pacal.Pacal("solo", tiebreak="smaller", solo_cover=solo_cover)
    history: list[Json] = []
    deal = pacal.deal_solo(Rng(10_000 + game_no))
    event = TO_JSON("pacal", deal)
    history.append(event)
    ref.apply(event)
    real.apply(deal)
    while True:
        ref_moves = ref.legal_moves()
        compare_moves(label, history, ref_moves, [TO_JSON("pacal", m) for m in real.legal_moves()])
        compare_value(label, history, "is_over()", ref.is_over(), real.is_over())
        compare_value(label, history, "cards_used()", ref.cards_used(), real.cards_used())
        if ref.is_over():
            break
        if rnd.random() < PROBE_RATE:
            card = ref.pile[rnd.choice((0, 0, 1))]
            candidate = {"p": 0, "place": [card, rnd.randint(1, 10)]}
            probe_illegal("pacal", "solo", label, history, ref, real, ref_moves, candidate, stats)
        if style == "uniform" or rnd.random() < 0.05:
            event = rnd.choice(ref_moves)
        else:
            card = ref.pile[0]
            event = {"p": 0, "place": [card, pacal_best(ref.pyramid, card, solo_cover)[1]]}
        real_event = FROM_JSON("pacal", "solo", event)
        history.append(event)
        ref.apply(event)
        try:
            real.apply(real_event)
        except Exception as exc:  # pragma: no cover - only on a disagreement
            raise AssertionError(
                disagreement(label, history, f"real apply() raised {exc!r}")
            ) from exc
    outcome = real.outcome()
    compare_value(label, history, "outcome is set iff over", real.is_over(), outcome is not None)
    assert outcome is not None
    compare_value(label, history, "solo won (outcome.winner == 0)", ref.won(), outcome.winner == 0)
    cover = "cover" if solo_cover else "no cover"
    if ref.won() is False and not solo_cover and ref.pyramid.fields_for(ref.pile[0], True):
        stats["no cover: lost on a card that fits only by covering"] += 1
    stats[f"{cover}: {'won' if ref.won() else 'lost'}"] += 1
    if ref.won():
        stats[f"{cover}: best score"] = min(stats[f"{cover}: best score"] or 99, ref.cards_used())
        if ref.cards_used() > 10:
            stats[f"{cover}: won with covered cards"] += 1


def test_pacal_solo_differential() -> None:
    rnd = random.Random("pacal-solo")
    stats: Counter[str] = Counter()
    for game_no in range(PACAL_SOLO_GAMES):
        solo_cover = game_no % 2 == 0
        style = ("heuristic", "heuristic", "uniform")[game_no % 3]
        play_pacal_solo(solo_cover, style, game_no, rnd, stats)
    print(f"\npacal solo: {PACAL_SOLO_GAMES} games, {dict(sorted(stats.items()))}")
    for needed in (
        "cover: won",
        "cover: lost",
        "no cover: won",
        "no cover: lost",
        "cover: won with covered cards",
        "no cover: lost on a card that fits only by covering",
    ):
        assert stats[needed] > 0, f"solo situation never reached: {needed}; {stats}"
