"""Differential tests: the real rules against an independent reference.

The reference in tests/reference/ was written from docs/RULES.md and
shared/spec/records.md only. Random games are played on both at once; at every
step the two lists of legal moves must be equal (as sorted JSON strings), then
the same randomly chosen move is applied to both, and at the end the outcomes
must agree. Biased policies steer the games into the rare situations (squares,
take-backs, raises, completed pyramids, last cards, draws), and each test counts
them and asserts that every one of them actually occurred, so the test proves
its own coverage. At a tenth of the steps a random illegal event is also tried:
both sides must reject it with a ValueError and stay unchanged.

Run: cd /work/main && PYTHONPATH=firmware python3 -m pytest tests/test_differential.py -q
"""

from __future__ import annotations

import importlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from tabletop.rules import pacal, pyraos
from tabletop.rules.rng import Rng
from tests.reference import pacal_ref, pyraos_ref

Json = dict[str, Any]


def _load_codec() -> tuple[Callable[[str, Any], Json], Callable[[str, str, Json], Any]]:
    """The record codec: ``tabletop.records.notation`` (to_json(game, event), from_json(game,
    variant, obj)), or the older per-game ``to_json(event)`` / ``from_json(obj, variant)``."""
    try:
        notation = importlib.import_module("tabletop.records.notation")
    except ImportError:
        modules = {"pacal": pacal, "pyraos": pyraos}
        return (
            lambda game, event: modules[game].to_json(event),
            lambda game, variant, obj: modules[game].from_json(obj, variant),
        )
    return notation.to_json, notation.from_json


TO_JSON, FROM_JSON = _load_codec()

PYRAOS_GAMES_PER_POLICY = 40  # per variant, so 3 * 3 * 40 = 360 games
PYRAOS_MAX_PLIES = 400
PACAL_DUEL_MATCHES = 160
PACAL_MAX_ROUNDS = 12
PACAL_SOLO_GAMES = 400


# ----------------------------------------------------------------- comparison


def dumps(obj: object) -> str:
    return json.dumps(obj, sort_keys=True)


def disagreement(label: str, history: Sequence[Json], what: str) -> str:
    lines = "\n".join(dumps(e) for e in history) or "(no events yet)"
    return (
        f"\nDISAGREEMENT in {label} after {len(history)} events\n"
        f"history (JSON lines):\n{lines}\n{what}"
    )


def compare_moves(
    label: str, history: Sequence[Json], ref_moves: Iterable[Json], real_moves: Iterable[Json]
) -> None:
    ref = sorted(dumps(m) for m in ref_moves)
    real = sorted(dumps(m) for m in real_moves)
    if ref == real:
        return
    only_ref = sorted((Counter(ref) - Counter(real)).elements())
    only_real = sorted((Counter(real) - Counter(ref)).elements())
    what = (
        "legal moves differ\n"
        f"only the reference lists ({len(only_ref)}):\n  " + "\n  ".join(only_ref) + "\n"
        f"only the real implementation lists ({len(only_real)}):\n  " + "\n  ".join(only_real)
    )
    raise AssertionError(disagreement(label, history, what))


def compare_value(
    label: str, history: Sequence[Json], what: str, ref_value: object, real_value: object
) -> None:
    if ref_value != real_value:
        raise AssertionError(
            disagreement(label, history, f"{what}: reference {ref_value!r}, real {real_value!r}")
        )


def weighted_choice(rnd: random.Random, options: Sequence[Json], weights: Sequence[float]) -> Json:
    return rnd.choices(list(options), weights=list(weights), k=1)[0]


PROBE_RATE = 0.1  # share of steps at which an illegal event is also tried on both sides


def probe_illegal(
    game: str,
    variant: str,
    label: str,
    history: Sequence[Json],
    ref: pyraos_ref.Pyraos | pacal_ref.PacalDuel | pacal_ref.PacalSolo,
    real: Any,
    ref_moves: Sequence[Json],
    candidate: Json,
    stats: Counter[str],
) -> None:
    """Both sides must reject ``candidate`` (not a legal move) and stay unchanged.

    The real side may reject it in ``from_json`` (malformed) or in ``apply`` (illegal);
    either way with a ValueError, as the record spec asks for a reader."""
    if candidate in ref_moves:
        return
    with pytest.raises(ValueError):
        ref.apply(candidate)
    assert ref.legal_moves() == list(ref_moves), "reference changed on a rejected move"
    where = f"illegal event {dumps(candidate)}"
    try:
        real_event = FROM_JSON(game, variant, candidate)
        real.apply(real_event)
    except ValueError:
        stats["illegal event rejected"] += 1
    except Exception as exc:
        raise AssertionError(
            disagreement(label, history, f"{where}: real raised {exc!r}, not a ValueError")
        ) from exc
    else:
        raise AssertionError(disagreement(label, history, f"{where}: real accepted it"))
    compare_moves(
        label + f" (after rejecting {where})",
        history,
        ref_moves,
        [TO_JSON(game, m) for m in real.legal_moves()],
    )


def flip_player(move: Json) -> Json:
    return {**move, "p": 1 - move["p"]}


# --------------------------------------------------------------------- Pyraos


def pyraos_illegal_candidate(
    ref: pyraos_ref.Pyraos, moves: Sequence[Json], rnd: random.Random
) -> Json:
    """A random event that is usually (not always) illegal here."""
    names = [pyraos_ref.pos_name(p) for p in pyraos_ref.ALL_POSITIONS]
    me = ref.to_move
    kind = rnd.randrange(4)
    if kind == 0:
        return {"p": me, "place": rnd.choice(names)}
    if kind == 1:
        return {"p": me, "raise": [rnd.choice(names), rnd.choice(names)]}
    if kind == 2:
        return {"p": me, "remove": rnd.sample(names, rnd.choice((1, 2)))}
    return flip_player(rnd.choice(list(moves)))


def pyraos_earns(ref: pyraos_ref.Pyraos, move: Json, variant: str | None = None) -> str | None:
    """What a place/raise on ``ref`` would earn ('square', 'line' or None), without playing it
    (as if in ``variant``, by default the game's own)."""
    variant = variant or ref.variant
    if variant == "kids" or "remove" in move:
        return None
    board = dict(ref.board)
    if "place" in move:
        dst = pyraos_ref.parse_pos(move["place"])
    else:
        src, dst = (pyraos_ref.parse_pos(v) for v in move["raise"])
        del board[src]
    board[dst] = ref.to_move
    if any(all(board.get(p) == ref.to_move for p in sq) for sq in pyraos_ref.squares_through(dst)):
        return "square"
    if variant == "lines" and any(
        all(board.get(p) == ref.to_move for p in line) for line in pyraos_ref.lines_through(dst)
    ):
        return "line"
    return None


def pyraos_remove_frees(ref: pyraos_ref.Pyraos, move: Json) -> bool:
    """True for a two-marble remove whose second marble was freed by the first."""
    names = move.get("remove", [])
    if len(names) != 2:
        return False
    return not ref.loose(pyraos_ref.parse_pos(names[1]))


def pyraos_choose(
    ref: pyraos_ref.Pyraos,
    moves: Sequence[Json],
    policy: str,
    last_dst: str | None,
    rnd: random.Random,
) -> Json:
    if policy == "uniform" or rnd.random() < 0.05:
        return rnd.choice(list(moves))
    weights: list[float] = []
    for move in moves:
        if "remove" in move:
            w = 1.0
            if len(move["remove"]) == 2:
                w = 2.0
            if pyraos_remove_frees(ref, move):
                w = 15.0
            if policy == "loopy" and move["remove"] == [last_dst]:
                w = 400.0
        else:
            w = 1.0
            if "raise" in move:
                w = 6.0
            if pyraos_earns(ref, move) is not None:
                w *= 12.0
        weights.append(w)
    return weighted_choice(rnd, moves, weights)


def probe_takeback_due(
    variant: str,
    label: str,
    history: Sequence[Json],
    ref: pyraos_ref.Pyraos,
    real: Any,
    ref_moves: Sequence[Json],
    rnd: random.Random,
    stats: Counter[str],
) -> None:
    """While a take-back is due, a move by the other player: both sides refuse it, the
    real one with the fault code "takeback_due" naming the player who must take back."""
    names = [pyraos_ref.pos_name(p) for p in pyraos_ref.ALL_POSITIONS]
    other = 1 - ref.to_move
    candidate = rnd.choice(
        [
            flip_player(rnd.choice(list(ref_moves))),
            {"p": other, "place": rnd.choice(names)},
            {"p": other, "raise": rnd.sample(names, 2)},
        ]
    )
    fault = real.fault(FROM_JSON("pyraos", variant, candidate))
    compare_value(
        label, history, f"fault of {dumps(candidate)}", ("takeback_due", ref.to_move), fault
    )
    probe_illegal("pyraos", variant, label, history, ref, real, ref_moves, candidate, stats)
    stats["other player's move during a take-back refused"] += 1


def play_pyraos(
    variant: str, policy: str, game_no: int, rnd: random.Random, stats: Counter[str]
) -> None:
    label = f"pyraos variant={variant!r} policy={policy} game {game_no}"
    ref = pyraos_ref.Pyraos(variant)
    real = pyraos.Pyraos(variant)
    history: list[Json] = []
    last_dst: str | None = None
    for _ in range(PYRAOS_MAX_PLIES):
        ref_moves = ref.legal_moves()
        compare_moves(label, history, ref_moves, [TO_JSON("pyraos", m) for m in real.legal_moves()])
        compare_value(label, history, "is_over()", ref.is_over(), real.is_over())
        if ref.is_over():
            break
        if rnd.random() < PROBE_RATE:
            candidate = pyraos_illegal_candidate(ref, ref_moves, rnd)
            probe_illegal("pyraos", variant, label, history, ref, real, ref_moves, candidate, stats)
        if ref.awaiting_remove:
            probe_takeback_due(variant, label, history, ref, real, ref_moves, rnd, stats)
        move = pyraos_choose(ref, ref_moves, policy, last_dst, rnd)
        real_move = FROM_JSON("pyraos", variant, move)
        compare_value(
            label, history, f"to_json(from_json({dumps(move)}))", move, TO_JSON("pyraos", real_move)
        )
        if "remove" in move:
            stats[f"remove of {len(move['remove'])}"] += 1
            if pyraos_remove_frees(ref, move):
                stats["second remove freed by the first"] += 1
        else:
            earned = pyraos_earns(ref, move)
            kind = "raise" if "raise" in move else "place"
            stats[kind] += 1
            if variant == "kids" and pyraos_earns(ref, move, "standard"):
                stats["own square in kids, no take-back"] += 1
            if "raise" in move:
                src, dst = (pyraos_ref.parse_pos(v) for v in move["raise"])
                stats[f"raise from level {src[0]}"] += 1
                if dst[0] - src[0] >= 2:
                    stats["raise over two levels"] += 1
            if earned is not None:
                stats[f"{earned} by {kind}"] += 1
                dst_name = move["raise"][1] if "raise" in move else move["place"]
                stats[f"{earned} on level {pyraos_ref.parse_pos(dst_name)[0]}"] += 1
                if kind == "place" and ref.reserves[ref.to_move] == 1:
                    stats["last reserve marble placed, take-back refills"] += 1
            elif kind == "place" and ref.reserves[ref.to_move] == 1:
                stats["last reserve marble placed, opponent still moves"] += 1
            last_dst = move["raise"][1] if "raise" in move else move["place"]
        history.append(move)
        ref.apply(move)
        try:
            real.apply(real_move)
        except Exception as exc:  # pragma: no cover - only on a disagreement
            raise AssertionError(
                disagreement(label, history, f"real apply() raised {exc!r}")
            ) from exc
    else:
        stats["game cut at the ply limit"] += 1
    outcome = real.outcome()
    compare_value(label, history, "outcome is set iff over", real.is_over(), outcome is not None)
    real_winner = None if outcome is None else outcome.winner
    compare_value(label, history, "winner", ref.winner(), real_winner)
    if ref.is_over():
        stats[f"end: {ref.end_reason}"] += 1


# Situations the random games of each variant must reach, built from shared groups.
RAISES = ["raise", "raise from level 2", "raise over two levels"]
ENDS = ["end: top", "end: empty reserve", "last reserve marble placed, opponent still moves"]
TAKE_BACKS = [
    "square by place",
    "square by raise",
    "square on level 2",
    "square on level 3",
    "last reserve marble placed, take-back refills",
    "remove of 1",
    "remove of 2",
    "second remove freed by the first",
    "other player's move during a take-back refused",
    "end: repetition",
]
PYRAOS_REQUIRED = {
    "standard": RAISES + TAKE_BACKS + ENDS,
    "lines": ["raise"]
    + TAKE_BACKS
    + ["line by place", "line by raise", "line on level 1", "line on level 2"]
    + ENDS,
    "kids": RAISES + ["own square in kids, no take-back"] + ENDS,
}


@pytest.mark.parametrize("variant", pyraos_ref.VARIANTS)
def test_pyraos_differential(variant: str) -> None:
    rnd = random.Random(f"pyraos-{variant}")
    stats: Counter[str] = Counter()
    game_no = 0
    for policy in ("uniform", "eager", "loopy"):
        for _ in range(PYRAOS_GAMES_PER_POLICY):
            play_pyraos(variant, policy, game_no, rnd, stats)
            game_no += 1
    print(f"\npyraos {variant}: {game_no} games, {dict(sorted(stats.items()))}")
    missing = [s for s in [*PYRAOS_REQUIRED[variant], "illegal event rejected"] if stats[s] == 0]
    assert not missing, f"situations never reached in pyraos {variant}: {missing}; {stats}"
    if variant == "kids":
        assert stats["remove of 1"] + stats["remove of 2"] == 0


# ---------------------------------------------------------------------- Pacal

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


# ------------------------------------------------- sanity of the reference itself


def test_reference_sanity() -> None:
    """A few fixed facts from RULES.md and records.md, so that the reference is not
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
