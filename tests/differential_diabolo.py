"""What the Diabolo differential test (tests/test_differential_diabolo.py)
steers its games with, and the illegal events it probes both sides with:

    deal, hoard = random_deal(players, dealer, "hoard", rnd)  # a deal event (reference JSON)
    choose_play(ref, moves, "lock", hoard, rnd)   # a play or discard, as a policy aims
    choose_double(ref, moves, rnd)                # a double, aimed at the rare scorings
    rule_breakers(ref, moves, rnd)                # events that break one named rule, each
                                                  # with the situation it counts
    illegal_candidate(ref, moves, rnd)            # a random, usually illegal event
    probe(label, history, ref, real, moves, candidates, stats)   # both sides reject them
    names(codes)                                  # the real card codes as reference names

``ref`` is tests/reference/diabolo_ref.py's game, ``real`` the rules'
(tabletop.rules.diabolo); events are the reference's JSON (tests.differential).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from tabletop.rules import diabolo
from tests.differential import FROM_JSON, Json, compare_value, disagreement, dumps, weighted_choice
from tests.reference import diabolo_ref as ref_rules

GAME = "diabolo"
VARIANT = "standard"
# The real card codes in deck order are the reference's card names in deck order.
NAME = dict(zip(diabolo.deck(), ref_rules.deck(), strict=True))


def names(codes: Sequence[int]) -> list[str]:
    return [NAME[c] for c in codes]


# ----------------------------------------------------------------- deals


def random_deal(
    players: int, dealer: int, style: str, rnd: random.Random
) -> tuple[Json, list[str]]:
    """A deal event and the colours it hoards. 'shuffle' is a plain shuffle;
    'hoard' gives the first player every card it can of one colour (two with
    five players): dealt and drawn cards both go to seat ``dealer + 1`` from the
    pile places 0, n, 2n ..., so that player soon holds nothing it can lay."""
    pile = ref_rules.deck()
    rnd.shuffle(pile)
    if style == "shuffle":
        return {"deal": {"dealer": dealer, "pile": pile}}, []
    hoard = rnd.sample(ref_rules.COLOURS, 2 if players == 5 else 1)
    mine = [c for c in pile if c[0] in hoard]
    rest = [c for c in pile if c[0] not in hoard]
    slots = range(0, len(pile), players)
    take = mine[: len(slots)]
    others = mine[len(slots) :] + rest
    rnd.shuffle(others)
    dealt: list[str] = []
    for i in range(len(pile)):
        dealt.append(take.pop(0) if i % players == 0 and take else others.pop(0))
    return {"deal": {"dealer": dealer, "pile": dealt}}, hoard


# ----------------------------------------------------------------- policies


def play_weight(ref: ref_rules.Diabolo, move: Json, style: str, hoard: Sequence[str]) -> float:
    """'lock' fills the fullest rows (hoarded colours first), 'level' aims at
    rows with as many angel as devil points, 'side' fills one side to three."""
    if "discard" in move:
        return 1.0
    card, side = move["play"]
    row = ref.rows[card[0]]
    value = ref_rules.value(card)
    if style == "lock":
        w = 1.0 + 3.0 * row.size() ** 2
        return w * (8.0 if card[0] in hoard else 1.0)
    if style == "level":
        angel = row.angel() + (value if side == ref_rules.HEAVEN else 0)
        devil = row.devil() + (value if side == ref_rules.HELL else 0)
        return 20.0 if angel == devil else 4.0 / (1 + abs(angel - devil))
    if style == "side":
        return 1.0 + 5.0 * len(row.side(side)) ** 2
    return 1.0


def choose_play(
    ref: ref_rules.Diabolo,
    moves: Sequence[Json],
    style: str,
    hoard: Sequence[str],
    rnd: random.Random,
) -> Json:
    if style == "uniform" or rnd.random() < 0.05:
        return rnd.choice(list(moves))
    return weighted_choice(rnd, moves, [play_weight(ref, m, style, hoard) for m in moves])


def choose_double(ref: ref_rules.Diabolo, moves: Sequence[Json], rnd: random.Random) -> Json:
    """Mostly the colour doubled last (several doubles on one colour), else a colour
    nobody holds, a colour the player leads in or any; after the last round, a
    double that makes the highest total shared when there is one."""
    weights = []
    for m in moves:
        if ref.is_over():
            after = ref.copy()
            after.apply(m)
            if isinstance(after.winner(), list):
                return m
        col = m["double"]
        sums = [ref.hand_sum(p, col) for p in range(ref.players)]
        w = 1.0
        if col in ref.doubles:
            w += 6.0
        if max(sums) == 0:
            w += 6.0
        if sums[m["p"]] == max(sums):
            w += 3.0
        weights.append(w)
    return weighted_choice(rnd, moves, weights)


# ----------------------------------------------------------------- probing


def illegal_candidate(ref: ref_rules.Diabolo, moves: Sequence[Json], rnd: random.Random) -> Json:
    """A random event that is usually (not always) illegal here."""
    n = ref.players
    cards = ref_rules.deck()
    me = ref.turn if ref.phase == ref_rules.PLAY else rnd.randrange(n)
    kind = rnd.randrange(8)
    if kind == 0:
        return {"p": rnd.randrange(n), "play": [rnd.choice(cards), rnd.choice(ref_rules.SIDES)]}
    if kind == 1 and ref.hands[me]:  # a card in hand, to a full side or a locked row
        return {"p": me, "play": [rnd.choice(ref.hands[me]), rnd.choice(ref_rules.SIDES)]}
    if kind == 2:
        return {"p": me, "discard": rnd.choice(ref.hands[me] or cards)}
    if kind == 3:
        return {"p": rnd.randrange(n), "double": rnd.choice(ref_rules.COLOURS)}
    if kind == 4 and moves:  # somebody else's move
        move = rnd.choice(list(moves))
        return {**move, "p": (move["p"] + rnd.randrange(1, n)) % n}
    if kind == 5:  # a deal: during play, by the wrong dealer, after the last round
        pile = ref_rules.deck()
        rnd.shuffle(pile)
        dealer = 0 if ref.dealer is None else (ref.dealer + rnd.randrange(n)) % n
        return {"deal": {"dealer": dealer, "pile": pile}}
    if kind == 6:  # a pile with one card too many and one too few
        pile = ref_rules.deck()
        pile[rnd.randrange(70)] = rnd.choice(cards)
        dealer = 0 if ref.dealer is None else (ref.dealer + 1) % n
        return {"deal": {"dealer": dealer, "pile": pile}}
    return {"p": me, "double": rnd.choice(["x", "red", 3, "r5"])}


def real_view(real: Any) -> object:
    """Everything the real state shows through its public API (in its own terms)."""
    return (
        list(real.legal_moves()),
        [real.hand(p) for p in range(real.players)],
        [real.row(c) for c in range(5)],
        real.pile_left(),
        real.round_scores(),
        real.phase,
        real.to_move(),
    )


def deal_allowed(ref: ref_rules.Diabolo, deal: Json) -> bool:
    try:
        ref.copy().apply(deal)
    except ValueError:
        return False
    return True


def probe(
    label: str,
    history: Sequence[Json],
    ref: ref_rules.Diabolo,
    real: Any,
    moves: Sequence[Json],
    candidates: Sequence[tuple[Json, str]],
    stats: Counter[str],
) -> None:
    """Both sides must reject each candidate that is not legal, and stay unchanged.
    Each comes with the name of the situation to count when it is rejected (or "")."""
    before_ref = ref.copy()
    before_real = real_view(real)
    for candidate, what in candidates:
        if candidate in moves or ("deal" in candidate and deal_allowed(ref, candidate)):
            continue  # legal after all (deals are never listed)
        with pytest.raises(ValueError):
            ref.apply(candidate)
        assert ref == before_ref, f"reference changed on rejecting {dumps(candidate)}"
        where = f"illegal event {dumps(candidate)}"
        try:
            real.apply(FROM_JSON(GAME, VARIANT, candidate))
        except ValueError:
            stats["illegal event rejected"] += 1
            if what:
                stats[what] += 1
        except Exception as exc:
            raise AssertionError(
                disagreement(label, history, f"{where}: real raised {exc!r}, not a ValueError")
            ) from exc
        else:
            raise AssertionError(disagreement(label, history, f"{where}: real accepted it"))
        compare_value(
            label, history, f"real state after rejecting {where}", before_real, real_view(real)
        )


def rule_breakers(
    ref: ref_rules.Diabolo, moves: Sequence[Json], rnd: random.Random
) -> list[tuple[Json, str]]:
    """Events that break one named rule, whenever the situation is there."""
    n = ref.players
    out: list[tuple[Json, str]] = []
    assert ref.dealer is not None
    if ref.phase == ref_rules.PLAY:
        me = ref.turn
        for card in sorted(set(ref.hands[me])):
            row = ref.rows[card[0]]
            if row.locked():
                cand = {"p": me, "play": [card, rnd.choice(ref_rules.SIDES)]}
                out.append((cand, "play on a locked row refused"))
            elif len(row.open_sides()) == 1:
                full = ref_rules.HELL if ref_rules.HEAVEN in row.open_sides() else ref_rules.HEAVEN
                out.append(({"p": me, "play": [card, full]}, "play on a full side refused"))
        if "play" in moves[0]:
            cand = {"p": me, "discard": rnd.choice(ref.hands[me])}
            out.append((cand, "discard while a card fits refused"))
        cand = {"p": rnd.randrange(n), "double": rnd.choice(ref_rules.COLOURS)}
        out.append((cand, "double during play refused"))
        move = rnd.choice(list(moves))
        out.append(({**move, "p": (me + rnd.randrange(1, n)) % n}, "move out of turn refused"))
        cand = {"deal": {"dealer": (ref.dealer + 1) % n, "pile": ref_rules.deck()}}
        out.append((cand, "deal during play refused"))
        return out
    # Scoring.
    plus = ref.plus_colours()
    free = [p for p in range(n) if ref.doubles[p] is None]
    for col in ref_rules.COLOURS:
        if col not in plus:
            cand = {"p": rnd.randrange(n), "double": col}
            out.append((cand, "double on a colour not plus refused"))
        elif ref_rules.COLOURS.index(col) < ref.last_double and free:
            cand = {"p": rnd.choice(free), "double": col}
            out.append((cand, "double on a colour already shown refused"))
    for p in range(n):
        if ref.doubles[p] is not None and plus:
            out.append(({"p": p, "double": plus[-1]}, "second double of a player refused"))
    pile = ref_rules.deck()
    if ref.is_over():
        cand = {"deal": {"dealer": (ref.dealer + 1) % n, "pile": pile}}
        out.append((cand, "deal after the last round refused"))
    else:
        wrong = (ref.dealer + rnd.randrange(2, n + 1)) % n
        out.append(({"deal": {"dealer": wrong, "pile": pile}}, "deal by the wrong dealer refused"))
        bad = list(pile)
        bad[rnd.randrange(70)] = rnd.choice(pile)
        if sorted(bad) != sorted(pile):
            cand = {"deal": {"dealer": (ref.dealer + 1) % n, "pile": bad}}
            out.append((cand, "deal of a wrong pile refused"))
    return out
