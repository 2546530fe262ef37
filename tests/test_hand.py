"""The scripted hand (sim/hand.py) over the virtual board, without firmware.

Random legal games (tabletop.rules.rng.Rng and the rules, with light biases so that
take-backs, raises, last cards and kept cards all happen) are performed event
by event. A fake driver runs each event's generator to completion: a Wait
advances the virtual clock (reading the sensors on the way), a WaitFor is
first checked to be False for a board that is still waiting (the event not
yet accepted, every light a dim grey: so no expectation holds trivially),
then satisfied by an observer that has accepted everything and shows red
everywhere.

After every event the physics must be exactly where the rules state is:
marbles on the positions the rules say (Pyraos); the cards on every field, the
offered cards on the slots and nothing else (Pacal); the hand empty.
"""

from __future__ import annotations

import json
from array import array
from collections import Counter
from collections.abc import Callable
from pathlib import Path
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
    WaitFor,
    make_hand,
)
from sim.physics import PacalPhysics, PyraosPhysics
from sim.virtual_hal import VirtualHal
from tabletop.profile import load
from tabletop.rules import pacal, pyraos
from tabletop.rules.rng import Rng

PROFILES = Path(__file__).resolve().parents[1] / "firmware" / "profiles"
REACTION_MS = 25  # how long the fake firmware takes to show what the hand waits for
LET_GO = ("release", "lay_field", "lay_slot", "off_centre", "correct")


def profile(game: str) -> Any:
    return load(json.loads((PROFILES / f"{game}.json").read_text()))


class FakeObserver:
    def __init__(self, accepted: Callable[[], int], rgb: tuple[int, int, int]) -> None:
        self._accepted = accepted
        self._rgb = rgb

    def accepted(self) -> int:
        return self._accepted()

    def light(self, name: str) -> tuple[int, int, int]:
        return self._rgb


class Run:
    """One board, one hand, one game; drives events and keeps what happened."""

    def __init__(self, game: str, seed: int, mistakes: float) -> None:
        self.profile = profile(game)
        p = self.profile
        self.physics: PyraosPhysics | PacalPhysics = (
            PyraosPhysics(p, seed) if game == "pyraos" else PacalPhysics(p, seed)
        )
        self.hal = VirtualHal(self.physics, p, seed=seed, record=False)
        self.hand = make_hand(self.physics, self.hal, p, seed=seed, mistakes=mistakes)
        self.buf = array("H", [0] * p.analog_channels)
        self.bits = bytearray(p.registers)
        error = p.colours["error"]
        scale = int(p.brightness * 256 + 0.5)
        self.red = (error[0] * scale >> 8, error[1] * scale >> 8, error[2] * scale >> 8)
        self.dim = (60, 60, 60)
        self.waits: list[Wait] = []
        self.waitfors: list[WaitFor] = []
        self.durations: list[tuple[Any, int]] = []

    def read(self) -> None:
        t = self.hal.now_ms
        self.physics.read(t, self.buf)
        if isinstance(self.physics, PacalPhysics):
            self.physics.read_digital(t, self.bits)

    def perform(self, state: Any, event: Any) -> tuple[int, int]:
        """Run the event's steps; returns the indices of its actions in physics.actions."""
        hand = self.hand
        first_action = len(self.physics.actions)
        start = self.hal.now_ms
        steps = hand.perform(state.copy(), event)
        result: bool | None = None
        while True:
            try:
                step = steps.send(result)
            except StopIteration:
                break
            if isinstance(step, Wait):
                self.waits.append(step)
                end = self.hal.now_ms + step.ms
                while self.hal.now_ms + 200 < end:
                    self.hal.now_ms += 200
                    self.read()
                self.hal.now_ms = end
                self.read()
                result = None
            else:
                self.waitfors.append(step)
                # A board still waiting: nothing accepted yet, every light dim.
                waiting = FakeObserver(lambda: hand.expected - 1, self.dim)
                assert not step.predicate(waiting), step.what
                seeing = FakeObserver(lambda: hand.expected, self.red)
                self.hal.now_ms += REACTION_MS
                self.read()
                assert step.predicate(seeing), step.what
                result = True
        self.durations.append((event, self.hal.now_ms - start))
        return first_action, len(self.physics.actions)


# --- the games --------------------------------------------------------------------------


def pyraos_event(state: Any, rng: Rng) -> Any:
    """A legal move, biased towards squares (take-backs) and raises."""
    moves = list(state.legal_moves())
    if state.phase == pyraos.P_REMOVE:
        return rng.choice(moves)
    earning = []
    for m in moves:
        after = state.copy()
        after.apply(m)
        if after.phase == pyraos.P_REMOVE:
            earning.append(m)
    raises = [m for m in moves if m[0] == pyraos.RAISE]
    r = rng.below(10)
    if earning and r < 6:
        return rng.choice(earning)
    if raises and r < 8:
        return rng.choice(raises)
    return rng.choice(moves)


def pacal_cost(state: Any, p: int, card: int, field: int, cover: float) -> float:
    """How badly ``card`` suits ``field``: its distance from the value between
    its visible neighbours, plus ``cover`` when it covers a card."""
    base = 10 * p
    hi_f, hi = 0, 51
    for f in range(field - 1, 0, -1):
        if state.top[base + f - 1]:
            hi_f, hi = f, state.top[base + f - 1]
            break
    lo_f, lo = 11, 0
    for f in range(field + 1, 11):
        if state.top[base + f - 1]:
            lo_f, lo = f, state.top[base + f - 1]
            break
    expected = hi - (hi - lo) * (field - hi_f) / (lo_f - hi_f)
    return abs(card - expected) + (cover if state.top[base + field - 1] else 0.0)


def pacal_fit(state: Any, p: int, card: int, cover: float) -> tuple[float, int]:
    options = [(pacal_cost(state, p, card, f, cover), f) for f in state.fields(p, card)]
    return min(options) if options else (1000.0, 0)


# "slow" players love covering, so rounds last to the last cards; "fast" ones
# build their pyramids up quickly.
COVER = {"slow": -12.0, "fast": 6.0}


def pacal_event(state: Any, rng: Rng, style: str = "fast") -> Any:
    """A legal event from fairly sensible players; a last card is kept now and then."""
    if state.phase == pacal.P_DEAL:
        return pacal.deal_solo(rng) if state.variant == pacal.SOLO else pacal.deal_duel(rng)
    moves = list(state.legal_moves())
    cover = COVER[style]
    if rng.below(25) == 0:
        return rng.choice(moves)
    if state.phase == pacal.P_OFFER:
        me, other = state.turn, 1 - state.turn
        hand = state.hand(me)
        best: tuple[float, int, int] | None = None
        for i, a in enumerate(hand):
            for b in hand[i + 1 :]:
                fa, fb = pacal_fit(state, other, a, cover)[0], pacal_fit(state, other, b, cover)[0]
                taken, kept = (a, b) if fa <= fb else (b, a)
                score = pacal_fit(state, me, kept, cover)[0] + min(fa, fb) + rng.below(100) / 1e3
                if best is None or score < best[0]:
                    best = (score, a, b)
        assert best is not None
        return (pacal.OFFER, me, best[1], best[2])
    if state.phase == pacal.P_TAKE:
        return min(moves, key=lambda m: pacal_fit(state, m[1], m[2], cover)[0])
    p = rng.choice(sorted({m[1] for m in moves}))
    mine = [m for m in moves if m[1] == p]
    if any(m[0] == pacal.KEEP for m in mine) and rng.below(10) < 4:
        return (pacal.KEEP, p, mine[0][2], 0)
    card = mine[0][2]
    return (pacal.PLACE, p, card, pacal_fit(state, p, card, cover)[1])


def check_pyraos(run: Run, state: Any) -> None:
    assert isinstance(run.physics, PyraosPhysics)
    assert run.physics.occupied() == state.occupied()
    assert not run.physics.holding()


def check_pacal(run: Run, state: Any) -> None:
    physics = run.physics
    assert isinstance(physics, PacalPhysics)
    for i in range(20):
        want = tuple(c for c in (state.under[i], state.top[i]) if c)
        assert physics.field_cards(i) == want, f"field {i}"
    slots = {physics.slot_card(0), physics.slot_card(1)}
    if state.phase == pacal.P_TAKE:
        assert slots == set(state.offer)
    else:
        assert slots == {0}
    assert physics.held() == ()


def play(
    game: str, variant: str, seed: int, mistakes: float, check: bool = True, style: str = "fast"
) -> tuple[Run, Counter[str]]:
    run = Run(game, seed, mistakes)
    rng = Rng(seed)
    if game == "pyraos":
        state: Any = pyraos.Pyraos(variant)
        verify = check_pyraos
    else:
        state = pacal.Pacal(variant)
        verify = check_pacal
    seen: Counter[str] = Counter()
    while not state.is_over():
        event = pyraos_event(state, rng) if game == "pyraos" else pacal_event(state, rng, style)
        seen[situation(game, state, event)] += 1
        before = state.copy()
        run.perform(state, event)
        state.apply(event)
        if check:
            verify(run, state)
        if game == "pacal":
            for extra in pacal_aftermath(before, state, event):
                seen[extra] += 1
    return run, seen


def pacal_aftermath(before: Any, after: Any, event: Any) -> list[str]:
    out = []
    for q in (0, 1):
        for c in range(1, 51):
            kept = pacal.L_KEPT + q
            if after.loc[c] == kept and before.loc[c] != kept and event[0] != pacal.KEEP:
                out.append("unbuildable")
    if after.variant == pacal.SOLO and after.is_over():
        out.append("solo won" if after.complete(0) else "solo lost")
    if event[0] == pacal.TAKE and after.phase in (pacal.P_DEAL, pacal.P_OVER):
        out.append("round ended at the take")
    return out


def situation(game: str, state: Any, event: Any) -> str:
    kind = event[0]
    if game == "pyraos":
        if kind == pyraos.REMOVE:
            return "remove2" if event[3] >= 0 else "remove1"
        return "place" if kind == pyraos.PLACE else "raise"
    if kind == pacal.DEAL:
        return "deal"
    if kind == pacal.PLACE:
        if state.variant == pacal.SOLO:
            return "solo place"
        return "last place" if state.phase == pacal.P_LAST else "place"
    return ("", "offer", "take", "", "keep")[kind]


PYRAOS_GAMES = [("standard", s, "") for s in (1, 2, 3)] + [("lines", 4, ""), ("kids", 5, "")]
PACAL_GAMES = [("duel", 1, "slow"), ("duel", 3, "fast"), ("solo", 3, "fast")]
PACAL_GAMES += [("duel", 7, "slow"), ("solo", 4, "slow"), ("solo", 5, "fast")]


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
    kind, _, a, b = event
    if kind == pyraos.PLACE:
        return [("take", -1), ("release", a)]
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
