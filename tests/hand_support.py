"""How tests/test_hand.py drives the scripted hand (sim/hand.py) over the
virtual board, without firmware.

Random legal games (tabletop.rules.rng.Rng and the rules, with light biases so that
take-backs, raises, last cards and kept cards all happen) are performed event
by event. A fake driver (``Run``) runs each event's generator to completion: a
Wait advances the virtual clock (reading the sensors on the way), a WaitFor is
first checked to be False for a board that is still waiting (the event not
yet accepted, every light a dim grey: so no expectation holds trivially),
then satisfied by an observer that has accepted everything and shows one
colour everywhere: red (a mistake to undo) or the hint colour (put it
back). ``check_pyraos`` and ``check_pacal`` say whether the physics is where
the rules state is.
"""

from __future__ import annotations

import json
from array import array
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sim.hand import (
    Wait,
    WaitFor,
    make_hand,
)
from sim.hardware.physics import PacalPhysics, PyraosPhysics
from sim.hardware.virtual_hal import VirtualHal
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
        scale = int(p.brightness * 256 + 0.5)
        self.shown = tuple(
            (c[0] * scale >> 8, c[1] * scale >> 8, c[2] * scale >> 8)
            for c in (p.colours["error"], p.colours["hint"])
        )
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
                self.hal.now_ms += REACTION_MS
                self.read()
                seen = (FakeObserver(lambda: hand.expected, rgb) for rgb in self.shown)
                assert any(step.predicate(seeing) for seeing in seen), step.what
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
