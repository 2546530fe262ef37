"""The scripted hand (sim/hand.py) over the virtual board, without firmware
(tests/hand_support.py: the fake driver and the random games).

After every event the physics must be exactly where the rules state is:
marbles on the positions the rules say (Pyraos); the cards on every field, the
offered cards on the slots and nothing else (Pacal); the hand empty. Without
mistakes the hand does exactly the protocol, with human timing.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from sim.hand import (
    HESITATE,
    HUMAN,
    KNOCK,
    LIFT_BACK,
    OFF_CENTRE,
    WRONG_SPOT,
    HandError,
    PacalHand,
    PyraosHand,
    Wait,
)
from sim.hardware.physics import PacalPhysics, PyraosPhysics
from tabletop.rules import pacal, pyraos
from tabletop.rules.rng import Rng
from tests.hand_support import (
    LET_GO,
    PACAL_GAMES,
    PYRAOS_GAMES,
    Run,
    check_pyraos,
    pacal_event,
    play,
    pyraos_event,
)


@pytest.mark.parametrize("mistakes", [0.0, 0.5])
def test_pyraos_hand_leaves_the_board_as_the_rules_say(mistakes: float) -> None:
    seen: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for variant, seed, _ in PYRAOS_GAMES:
        run, s = play("pyraos", variant, seed, mistakes)
        seen += s
        kinds.update(k for _, k, _ in run.hand.mistakes)
        assert not run.hand.timeouts
    for what in ("place", "raise", "remove1", "remove2"):
        assert seen[what] > 0, what
    if mistakes:
        assert set(kinds) == {WRONG_SPOT, HESITATE, LIFT_BACK, KNOCK}
    else:
        assert not kinds


@pytest.mark.parametrize("mistakes", [0.0, 0.5])
def test_pacal_hand_leaves_the_board_as_the_rules_say(mistakes: float) -> None:
    seen: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for variant, seed, style in PACAL_GAMES:
        run, s = play("pacal", variant, seed, mistakes, style=style)
        seen += s
        kinds.update(k for _, k, _ in run.hand.mistakes)
        assert not run.hand.timeouts
    for what in ("deal", "offer", "take", "place", "last place", "keep", "solo place"):
        assert seen[what] > 0, what
    for what in ("unbuildable", "solo lost", "solo won", "round ended at the take"):
        assert seen[what] > 0, what
    assert seen["deal"] > 10  # matches of several rounds: fields cleared between them
    if mistakes:
        assert set(kinds) == {WRONG_SPOT, HESITATE, LIFT_BACK, KNOCK, OFF_CENTRE}
    else:
        assert not kinds


# --- without mistakes, exactly the protocol -------------------------------------------


def pyraos_protocol(event: Any) -> list[tuple[str, int]]:
    kind, p, a, b = event
    if kind == pyraos.PLACE:
        return [("take", p), ("release", a)]  # from the mover's own reserve
    if kind == pyraos.RAISE:
        return [("pick_up", a), ("release", b)]
    out = [("pick_up", a), ("to_reserve", -1)]
    if b >= 0:
        out += [("pick_up", b), ("to_reserve", -1)]
    return out


def pacal_protocol(state: Any, event: Any, board: list[int]) -> list[tuple[str, int]]:
    """What docs/FIRMWARE.md says the players do for an event; ``board``:
    the slot cards before it."""
    kind, p, a, b = event
    out: list[tuple[str, int]] = []
    if kind == pacal.DEAL and state.variant == pacal.DUEL:
        aside = b
        out = [("take", aside[0]), ("lay_slot", 0), ("take", aside[10]), ("lay_slot", 1)]
        out += [("lift_slot", 0), ("put_away", aside[0]), ("lift_slot", 1)]
        out += [("put_away", aside[10])]
    elif kind == pacal.OFFER:
        out = [("take", a), ("lay_slot", 0), ("take", b), ("lay_slot", 1)]
    elif kind == pacal.TAKE:
        s = board.index(a)
        other = board[1 - s]
        out = [("lift_slot", s), ("put_away", a), ("lift_slot", 1 - s), ("put_away", other)]
    elif kind == pacal.PLACE:
        f = 10 * p + b - 1
        if state.variant == pacal.SOLO or state.phase == pacal.P_LAST:
            out = [("take", a), ("lay_slot", p), ("lift_slot", p), ("lay_field", f)]
        else:
            out = [("take", a), ("lay_field", f)]
    elif kind == pacal.KEEP:
        out = [("take", a), ("lay_slot", p), ("lift_slot", p), ("put_away", a)]
    # A card settled without a line is still shown on the reader (red), then lifted.
    after = state.copy()
    after.apply(event)
    shown = []
    for q in (0, 1):
        for c in range(1, 51):
            kept = pacal.L_KEPT + q
            if after.loc[c] == kept and state.loc[c] != kept and kind != pacal.KEEP:
                shown.append((q, c))
    if after.variant == pacal.SOLO and after.is_over() and not after.complete(0):
        shown.append((0, after.pending[0]))
    for q, c in shown:
        out += [("take", c), ("lay_slot", q), ("lift_slot", q), ("put_away", c)]
    return out


@pytest.mark.parametrize("game", ["pyraos", "pacal"])
def test_no_mistakes_means_exactly_the_protocol(game: str) -> None:
    games = PYRAOS_GAMES if game == "pyraos" else PACAL_GAMES
    for variant, seed, style in games[:3]:
        run = Run(game, seed, 0.0)
        rng = Rng(seed)
        state: Any = pyraos.Pyraos(variant) if game == "pyraos" else pacal.Pacal(variant)
        while not state.is_over():
            if game == "pyraos":
                event = pyraos_event(state, rng)
            else:
                event = pacal_event(state, rng, style)
            physics = run.physics
            slots = (
                [physics.slot_card(0), physics.slot_card(1)]
                if isinstance(physics, PacalPhysics)
                else []
            )
            presses = len(run.hal.presses)
            i, j = run.perform(state, event)
            got = [(what, where) for _, what, where in physics.actions[i:j]]
            if game == "pyraos":
                want = pyraos_protocol(event)
                # BACK confirms a single take-back only when a second was possible.
                back = event[0] == pyraos.REMOVE and event[3] < 0
                back = back and state.removable_mask(event[2]) != 0
            else:
                want = pacal_protocol(state, event, slots)
                back = event[0] == pacal.KEEP
                if event[0] == pacal.DEAL:
                    # A new round first clears the fields, stack by stack.
                    clear = [x for x in got if x[0] != "take"][: len(got) - len(want)]
                    assert all(w in ("lift_field", "put_away") for w, _ in clear)
                    got = got[len(clear) :]
            assert got == want, (event, got)
            assert [b for _, b, _ in run.hal.presses[presses:]] == (["back"] if back else [])
            state.apply(event)
        assert run.hand.mistakes == []
        red_waits = [w for w in run.waitfors if w.what.startswith("red at")]
        assert all(w.what.startswith("red at slot") for w in red_waits)


# --- timing -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["pyraos", "pacal"])
def test_timings_are_human(game: str) -> None:
    variant = "standard" if game == "pyraos" else "duel"
    run, _ = play(game, variant, 7, 0.4, check=False)
    t = HUMAN
    lows = min(t.press[0], t.lift[0], t.pause[0], t.reach[0])
    highs = max(t.think[1], t.reach[1], t.hover[1], t.lower[1])
    assert all(lows <= w.ms <= highs for w in run.waits)
    assert all(1000 <= w.timeout_ms <= 10_000 for w in run.waitfors)
    actions = [a for a in run.physics.actions if a[1] != "knock"]
    for (t0, what, _), (t1, nxt, _) in zip(actions, actions[1:], strict=False):
        # nothing happens faster than a hand can move
        assert t1 - t0 >= t.lift[0], (what, nxt)
        if what in LET_GO:
            # after letting go of a piece, a person pauses before the next action
            assert t1 - t0 >= t.pause[0], (what, nxt)
    for event, ms in run.durations:
        assert ms <= 60_000, event
        assert ms >= t.think[0], event
    total = sum(ms for _, ms in run.durations)
    assert total / len(run.durations) < 15_000  # a few seconds per event on average


# --- the rest ---------------------------------------------------------------------------


def test_hands_are_deterministic() -> None:
    for game, variant in (("pyraos", "standard"), ("pacal", "duel")):
        a, _ = play(game, variant, 11, 0.5, check=False)
        b, _ = play(game, variant, 11, 0.5, check=False)
        c, _ = play(game, variant, 12, 0.5, check=False)
        assert a.physics.actions == b.physics.actions
        assert a.hand.mistakes == b.hand.mistakes
        assert [w.ms for w in a.waits] == [w.ms for w in b.waits]
        assert a.physics.actions != c.physics.actions


def test_make_hand_picks_the_game() -> None:
    for game, cls in (("pyraos", PyraosHand), ("pacal", PacalHand)):
        run = Run(game, 1, 0.0)
        assert isinstance(run.hand, cls)
    with pytest.raises(ValueError):
        Run("pyraos", 1, 1.5)


def test_pyraos_new_game_clears_the_board_first() -> None:
    run = Run("pyraos", 3, 0.0)
    rng = Rng(3)
    state = pyraos.Pyraos()
    for _ in range(12):
        event = pyraos_event(state, rng)
        run.perform(state, event)
        state.apply(event)
    assert isinstance(run.physics, PyraosPhysics)
    assert run.physics.occupied()
    fresh = pyraos.Pyraos()
    event = (pyraos.PLACE, 0, 5, -1)
    run.perform(fresh, event)
    fresh.apply(event)
    check_pyraos(run, fresh)


def test_timeouts_are_noted() -> None:
    run = Run("pyraos", 2, 0.0)
    state = pyraos.Pyraos()
    steps = run.hand.perform(state.copy(), (pyraos.PLACE, 0, 0, -1))
    result: bool | None = None
    while True:
        try:
            step = steps.send(result)
        except StopIteration:
            break
        if isinstance(step, Wait):
            run.hal.now_ms += step.ms
            result = None
        else:
            run.hal.now_ms += step.timeout_ms
            result = False  # the firmware never answered
    assert run.hand.timeouts and run.hand.timeouts[0][1] == "move accepted"
    assert isinstance(run.physics, PyraosPhysics)
    assert run.physics.occupied() == 1


def test_an_illegal_event_is_refused_before_any_action() -> None:
    for game, state, event in (
        ("pyraos", pyraos.Pyraos(), (pyraos.PLACE, 1, 0, -1)),
        ("pacal", pacal.Pacal("duel"), (pacal.OFFER, 0, 1, 2)),
    ):
        run = Run(game, 1, 0.0)
        with pytest.raises(HandError):
            next(run.hand.perform(state, event))
        assert run.physics.actions == []
