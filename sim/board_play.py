"""Play a record's events on the virtual board, through the real firmware.

    run = BoardRun(profile, "pyraos", "standard", seed=1, mistakes=0.1, noise=1.0)
    result = run.play(events)          # the record's events, deals included
    result.ok, result.where, result.latencies_ms
    run.runtime.journal.lines(deals)   # what the firmware wrote

The scripted hand (sim/hand.py) turns each event into physical actions on the
virtual board (sim/physics.py); the firmware's runtime (tabletop.runtime, with
the virtual hal) ticks in virtual time, every tick_ms, exactly as on a board.
After every event the firmware's journal must hold exactly the record's moves
so far; the first difference stops the run and is reported.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sim.flash import FatFlash, LittleFlash
from sim.hand import Wait, make_hand
from sim.physics import PacalPhysics, PyraosPhysics
from sim.virtual_hal import VirtualHal
from tabletop import notation
from tabletop.profile import Profile, load
from tabletop.rules import pacal, pyraos
from tabletop.runtime import Runtime

PROFILES = Path(__file__).resolve().parents[1] / "firmware" / "profiles"
BOOT_MS = 500


def reference_profile(game: str) -> Profile:
    """The shipped profile of the reference board for a game."""
    profile: Profile = load(json.loads((PROFILES / f"{game}.json").read_text()))
    return profile


@dataclass
class Result:
    ok: bool = True
    where: str = ""  # where the journal and the record part, when not ok
    events: int = 0  # record events performed
    latencies_ms: list[int] = field(default_factory=list)  # let-go to acceptance
    virtual_ms: int = 0


def is_deal(game: str, event: Any) -> bool:
    return game == "pacal" and event[0] == pacal.DEAL


class BoardRun:
    def __init__(
        self,
        profile: Profile,
        game: str,
        variant: str,
        seed: int = 0,
        mistakes: float = 0.0,
        noise: float = 1.0,
        record_sensors: bool = False,
        flash: LittleFlash | FatFlash | None = None,
    ) -> None:
        self.profile = profile
        self.game = game
        self.variant = variant
        physics: PyraosPhysics | PacalPhysics
        if game == "pyraos":
            physics = PyraosPhysics(profile, seed, noise=noise)
        else:
            physics = PacalPhysics(profile, seed, noise=noise)
        self.physics = physics
        self.hal = VirtualHal(physics, profile, seed, record=record_sensors)
        self.flash = flash  # the journal's medium; None: in memory only
        self.runtime = self._boot()
        self.reboots = 0
        self.hand = make_hand(physics, self.hal, profile, seed, mistakes)
        self.tick_ms = profile.tick_ms
        self.accepted_at: list[int] = []  # virtual time of each journal growth

    def _boot(self) -> Runtime:
        store = self.flash.mount() if self.flash is not None else None
        return Runtime(self.profile, self.hal, (self.game, self.variant), store=store)

    def reboot(self) -> None:
        """Power off and on: a new firmware runtime over what the flash holds
        (the board, the pieces and the hand stay as they are)."""
        self.runtime = self._boot()
        self.reboots += 1

    # -- the clock --------------------------------------------------------------

    def advance(self, ms: int) -> None:
        """Run the firmware for ``ms`` of virtual time."""
        end = self.hal.now_ms + ms
        while self.hal.now_ms < end:
            self.hal.now_ms += self.tick_ms
            before = len(self.runtime.journal)
            self.runtime.tick(self.hal.now_ms)
            if len(self.runtime.journal) > before:
                self.accepted_at.append(self.hal.now_ms)

    def accepted(self) -> int:
        return len(self.runtime.journal)

    def light(self, name: str) -> tuple[int, int, int]:
        rgb: tuple[int, int, int] = self.hal.light(name)
        return rgb

    def perform(self, state: Any, event: Any) -> bool:
        """Let the hand make one record event (``state``: the game before it,
        left unchanged); False if one of its waits timed out."""
        return self._run(self.hand.perform(state.copy(), event))

    def _run(self, steps: Any) -> bool:
        """Drive a hand's generator; False if a wait timed out."""
        ok = True
        reply: bool | None = None
        while True:
            try:
                step = steps.send(reply)
            except StopIteration:
                return ok
            if isinstance(step, Wait):
                self.advance(step.ms)
                reply = None
                continue
            waited = 0
            reply = False
            while waited < step.timeout_ms:
                if step.predicate(self):
                    reply = True
                    break
                self.advance(self.tick_ms)
                waited += self.tick_ms
            if not reply:
                ok = False

    # -- a game -----------------------------------------------------------------

    def start(self) -> None:
        """Power on, let the sensors settle, press MENU for a new game."""
        self.advance(BOOT_MS)
        self._run(self.hand.press_menu())
        self.advance(300)

    def play(self, events: list[Any]) -> Result:
        """Perform the events one by one; stop at the first difference."""
        result = Result()
        state: Any = (
            pyraos.Pyraos(self.variant) if self.game == "pyraos" else pacal.Pacal(self.variant)
        )
        self.start()
        moves: list[Any] = []
        for i, event in enumerate(events):
            let_go = self.physics.let_go_ms
            n_before = len(self.accepted_at)
            self.perform(state, event)
            state.apply(event)
            result.events = i + 1
            if not is_deal(self.game, event):
                moves.append(event)
                released = self.physics.let_go_ms
                if released is not None and released != let_go and len(self.accepted_at) > n_before:
                    result.latencies_ms.append(self.accepted_at[-1] - released)
            got = self.runtime.journal.moves()
            if got != moves:
                result.ok = False
                result.where = self._parting(i, event, got, moves)
                break
            if is_deal(self.game, event) and not self._deal_ok(event):
                result.ok = False
                result.where = (
                    f"event {i + 1} (a deal): the board found {self._board_first()} "
                    f"to offer first, not {event[1]}"
                )
                break
        self.advance(1000)
        if result.ok and self.runtime.journal.moves() != moves:
            result.ok = False
            result.where = self._parting(
                len(events) - 1, events[-1], self.runtime.journal.moves(), moves
            )
        result.virtual_ms = self.hal.now_ms
        return result

    def _board_first(self) -> Any:
        deals = [ev for ev in self.runtime.journal.events if ev[0] == pacal.DEAL]
        return deals[-1][1] if deals else None

    def _deal_ok(self, event: Any) -> bool:
        return self.variant == pacal.SOLO or self._board_first() == event[1]

    def _parting(self, i: int, event: Any, got: list[Any], want: list[Any]) -> str:
        n = 0
        while n < len(got) and n < len(want) and got[n] == want[n]:
            n += 1
        say = json.dumps(notation.to_json(self.game, event))
        if n < len(got) and n < len(want):
            took = json.dumps(notation.to_json(self.game, got[n]))
            made = json.dumps(notation.to_json(self.game, want[n]))
            return f"move {n + 1}: the board took {took} for {made} (event {i + 1}, {say})"
        if len(got) < len(want):
            return f"event {i + 1}, {say}: the board did not accept it"
        extra = json.dumps(notation.to_json(self.game, got[n]))
        return f"event {i + 1}, {say}: the board accepted a move that was not made: {extra}"
