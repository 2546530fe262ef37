"""Play a record's events on the virtual board, through the real firmware.

    run = BoardRun(profile, "pyraos", "standard", seed=1, mistakes=0.1, noise=1.0)
    result = run.play(events)          # the record's events, deals included
    result.ok, result.where, result.latencies_ms
    run.runtime.journal.lines(deals)   # what the firmware wrote
    run.act(run.hand.clear_board())    # the hand does more (False: a wait timed out)
    run.advance(1000)                  # the firmware ticks on, in virtual time

The board is the one ``profile`` describes (the reference one of a game,
``reference_profile``, or a maker's own, loaded by tabletop.profile): the
physics reads its sensors on the channels and bits it names, the lights
are its LED indices in its colour order, the firmware uses its thresholds;
a game its ``games`` do not list is NotListed (a ValueError).

The scripted hand (sim/hand/) turns each event into physical actions on the
virtual board (sim/hardware/physics/); the firmware's runtime (tabletop.runtime, with
the virtual hal) ticks in virtual time, every tick_ms, exactly as on a board.
After every event the firmware's journal must hold exactly the record's moves
so far; the first difference stops the run and is reported (sim/runs/referee.py
judges and words it).

Power cuts (the journal on a virtual flash, sim/flash):

    run = BoardRun(profile, "pacal", "duel", seed=3, flash=FatFlash(), power_cuts=6)
    result = run.play(events)
    result.reboots, result.moves_redone, run.cuts (the plan), run.log (what each did)

``plan_power_cuts`` (sim/runs/power_cuts.py) spreads the cuts over the record from the seed: about
half are armed with ``flash.cut_after(k, files=...)`` just before a move, so
that the power fails inside that move's journal write (k = 0: before its
first byte; on littlefs a k past the commit leaves the move on flash; the
board's learnt state, written a second later, is spared them), the others
come at a tick with no write in progress (the hand may be holding a piece). The
clock (``advance``) catches the ``PowerCut`` out of ``runtime.tick``, keeps
the firmware off for a while (no ticks; the sensors and the hand go on, the
LEDs are dark) and boots a new Runtime over what the flash holds, which
resumes the game. The hand finishes what it holds and looks at the board
once it is back: it goes on if nothing is lit red or in the hint colour, else
it stops (its waits that the cut made pointless are not held against the
board). Then the journal is compared with the record: every record event the
board lost is undone physically as the board's lights ask for it (red: lift
this; hint colour: put one back here; the game select: press MENU), the hand
waiting to see each light (a board that does not guide fails the run); once
the board plays again the events are made again. A resume that drops a move
that was on flash before the cut fails the run too. The clock's side of a
cut (arming, off, booting again) is sim/runs/power_cycle.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sim import ROOT
from sim.hand import Steps, drive, make_hand
from sim.hardware.flash import FatFlash, LittleFlash, PowerCut
from sim.hardware.physics import DEFAULT_SENSOR
from sim.hardware.physics import make as make_physics
from sim.hardware.virtual_hal import VirtualHal
from sim.runs.power_cuts import Cut, Reboot, is_deal, plan_power_cuts
from sim.runs.power_cycle import LOOK_MS, BoardFailure, CutBreaks, PowerCycle
from sim.runs.referee import Referee, lit
from tabletop.profile import Profile, load
from tabletop.records.record import new_state
from tabletop.runtime import Runtime

__all__ = [
    "BoardRun",
    "Cut",
    "NotListed",
    "Reboot",
    "Result",
    "plan_power_cuts",
    "reference_profile",
]

PROFILES = ROOT / "firmware" / "profiles"
BOOT_MS = 500


def reference_profile(game: str) -> Profile:
    """The shipped profile of the reference board for a game."""
    profile: Profile = load(json.loads((PROFILES / f"{game}.json").read_text()))
    return profile


class NotListed(ValueError):
    """A game the profile's ``games`` do not list: a board built by that
    profile does not play it."""


@dataclass
class Result:
    ok: bool = True
    where: str = ""  # where the journal and the record part, when not ok
    events: int = 0  # record events performed
    latencies_ms: list[int] = field(default_factory=list)  # let-go to acceptance
    virtual_ms: int = 0
    reboots: int = 0  # power cuts the firmware came back from
    moves_redone: int = 0  # record events made again: a cut lost them, or broke them off


class BoardRun(PowerCycle):
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
        power_cuts: int = 0,
        sensor: str = DEFAULT_SENSOR,
        players: int = 0,
    ) -> None:
        if power_cuts and flash is None:
            raise ValueError("power cuts need a flash for the journal")
        pairs: Any = profile.games  # ((game, variant), ...)
        listed_games = [(str(g), str(v)) for g, v in pairs]
        if (game, variant) not in listed_games:
            listed = ", ".join(f"{g} {v}" for g, v in listed_games)
            raise NotListed(
                f'the profile {profile.name!r} plays {listed} (its "games"), not {game} {variant}'
            )
        self.profile = profile
        self.game = game
        self.variant = variant
        self.seed = seed
        self.players = players  # Diabolo: the record's count
        physics = make_physics(profile, seed, noise=noise, sensor=sensor)
        self.physics = physics
        self.hal = VirtualHal(physics, profile, seed, record=record_sensors)
        self.flash = flash  # the journal's medium; None: in memory only
        self.runtime = self._boot()
        self.reboots = 0
        self.hand = make_hand(physics, self.hal, profile, seed, mistakes)
        self.tick_ms = profile.tick_ms
        self.accepted_at: list[int] = []  # virtual time of each journal growth
        # power cuts
        self.power_cuts = power_cuts
        self.cuts: list[Cut] = []  # the plan (play() makes it)
        self.log: list[Reboot] = []  # every cut that fired, in order
        self.moves_redone = 0
        self.moot_waits: list[tuple[int, str]] = []  # hand waits a cut made pointless
        self.event = -1  # the record event in progress (index)
        self._off_until = -1  # the power is off until then (-1: on)
        self._off_kept: list[str] = []  # the journal's lines on flash when it went off
        self._armed: Cut | None = None  # a write cut armed on the flash
        self._write_queue: list[Cut] = []  # write cuts waiting to be armed
        self._tick_cuts: list[tuple[int, Cut]] = []  # (time, cut), soonest first
        self._write_cost = 0  # byte-steps of the last journal append (or first write)

    def _boot(self) -> Runtime:
        flash = self.flash
        store = flash.mount() if flash is not None else None
        return Runtime(self.profile, self.hal, (self.game, self.variant), store=store)

    def reboot(self) -> None:
        """Power off and on: a new firmware runtime over what the flash holds
        (the board, the pieces and the hand stay as they are)."""
        self.runtime = self._boot()
        self.reboots += 1

    # -- the clock --------------------------------------------------------------

    def advance(self, ms: int) -> None:
        """Run the firmware for ``ms`` of virtual time (not while the power is off)."""
        hal = self.hal
        end = hal.now_ms + ms
        while hal.now_ms < end:
            hal.now_ms += self.tick_ms
            now = hal.now_ms
            if self._off_until >= 0:
                if now < self._off_until:
                    continue
                self._power_on()
                if self._off_until >= 0:
                    continue  # cut again while booting
            if self._tick_cuts and now >= self._tick_cuts[0][0]:
                self._power_off(self._tick_cuts.pop(0)[1], False, len(self.runtime.journal))
                continue
            journal = self.runtime.journal
            before = len(journal)
            flash = self.flash
            programmed = flash.programmed if flash is not None else 0
            if self._armed is None and self._write_queue and flash is not None:
                self._arm(self._write_queue.pop(0))
            try:
                self.runtime.tick(now)
            except PowerCut:
                armed = self._armed
                self._armed = None
                if armed is None:
                    raise
                self._power_off(armed, True, min(before, len(journal)))
                continue
            if flash is not None and flash.programmed != programmed:
                if len(journal) > before or not self._write_cost:
                    self._write_cost = flash.programmed - programmed  # an append's cost
            if len(journal) > before:
                self.accepted_at.append(now)

    # -- what the hand sees -----------------------------------------------------

    def accepted(self) -> int:
        """Events in the firmware's journal (-1 while the power is off: a dark
        board shows nothing)."""
        if self._off_until >= 0:
            return -1
        return len(self.runtime.journal)

    def light(self, name: str) -> tuple[int, int, int]:
        rgb: tuple[int, int, int] = self.hal.light(name)
        return rgb

    def perform(self, state: Any, event: Any) -> bool:
        """Let the hand make one record event (``state``: the game before it,
        left unchanged); False if one of its waits timed out."""
        return self.act(self.hand.perform(state.copy(), event))

    def act(self, steps: Steps) -> bool:
        """Let the hand do ``steps`` (``run.hand.press_menu()``,
        ``clear_board()``, ``perform(state, event)``...); False if one of its
        waits timed out. After a power cut during them the hand finishes what
        it holds, waits for the board to come back and looks at it: if it
        shows something to put right (red, the hint colour) the hand stops
        there (``play`` restores what the board asks for), else it goes on. A
        wait that times out after the cut is not the board's fault: the hand
        is told nothing (None) and ``moot_waits`` keeps it."""
        return drive(steps, self, self.advance, self.tick_ms, CutBreaks(self))

    # -- a game -----------------------------------------------------------------

    def start(self) -> None:
        """Power on, let the sensors settle, press MENU for a new game."""
        self.advance(BOOT_MS)
        self.act(self.hand.press_menu())
        self.advance(300)
        self.act(self.hand.choose_players(self.players))

    def play(self, events: list[Any], cuts: list[Cut] | None = None) -> Result:
        """Perform the events one by one; stop at the first difference. With
        power cuts (``cuts``, or ``power_cuts`` of them planned from the
        seed), restore and redo what each cut lost."""
        result = Result()
        if cuts is None:
            cuts = plan_power_cuts(self.game, self.variant, events, self.power_cuts, self.seed)
        if cuts and self.flash is None:
            raise ValueError("power cuts need a flash for the journal")
        self.cuts = cuts
        referee = Referee(self.game, self.variant, events)
        state = new_state(self.game, self.variant, self.players)
        try:
            self.start()
            for i, event in enumerate(events):
                self.event = i
                self._schedule(i)
                fired = len(self.log)
                let_go = self.physics.let_go_ms
                n_before = len(self.accepted_at)
                if self.reboots:
                    self.hand.expected = self.accepted()  # the board's count after a resume
                self.perform(state, event)
                state.apply(event)
                result.events = i + 1
                released = self.physics.let_go_ms
                if (
                    not is_deal(self.game, event)
                    and len(self.log) == fired
                    and released is not None
                    and released != let_go
                    and len(self.accepted_at) > n_before
                ):
                    result.latencies_ms.append(self.accepted_at[-1] - released)
                where = self._catch_up(referee, i + 1, fired)
                if where:
                    result.ok = False
                    result.where = where
                    break
            cuts_before = len(self.log)
            while True:
                if result.ok:
                    self.act(self.hand.finish(state))  # (Diabolo: the last scoring walked)
                # the cuts planned at a tick late in the last event come now,
                # and the journal must come back whole after them too
                self._write_queue.clear()
                while result.ok and self._tick_cuts:
                    self.advance(self.tick_ms)
                self.wait_power()
                if not (result.ok and self.hand.finishing(state) and len(self.log) > cuts_before):
                    break
                # a board cut during or after that work (Diabolo's scoring)
                # walks it through again from its start: so does the hand
                cuts_before = len(self.log)
                self.advance(LOOK_MS)
                self.act(self.hand.restore(state.copy(), state, False))
        except BoardFailure as err:
            result.ok = False
            result.where = str(err)
        self._unplug_cuts()
        self.wait_power()
        self.advance(1000)
        if result.ok:
            result.where = referee.parting(self.runtime.journal, result.events)
            result.ok = not result.where
        result.virtual_ms = self.hal.now_ms
        result.reboots = self.reboots
        result.moves_redone = self.moves_redone
        return result

    # -- after each event: the journal against the record (sim.runs.referee) ------------

    def _catch_up(self, referee: Referee, done: int, cuts: int) -> str:
        """After the hand made record event ``done - 1``, the journal must
        hold the record's first ``done`` events. What a power cut (since
        ``cuts`` cuts) lost is restored as the board asks and made again;
        after a cut the hand waits until the board plays again. Anything
        else is a difference: where the journal parts ('' if none)."""
        events = referee.events
        made = done  # the record events the pieces show (the hand's own count)
        while True:
            self.wait_power()
            journal = self.runtime.journal
            n = referee.agreed(journal, done)
            if n < len(journal.events) or (n < done and len(self.log) == cuts):
                return referee.differs(journal, done, self.log, lit(self.hal))
            if n == done and len(self.log) == cuts:
                return ""
            # A cut: the pieces back as the board's journal has them (what
            # it lost undone; what the hand broke off when the power went
            # finished or taken back), the board playing again, the lost
            # events made again.
            cuts = len(self.log)
            target = self._state(events[:n])
            have = self._state(events[:made])
            # (no event kept and no game to resume: the board is back in the
            # game select)
            new_game = n == 0 and not journal.resumed
            if not self._look(self.hand.restore(target.copy(), have, new_game)):
                return self._no_guidance(referee, done)
            made = n
            if len(self.log) > cuts:
                continue  # cut again while restoring: look again
            if not self._look(self.hand.ready(target)):
                return self._no_guidance(referee, done)
            if len(self.log) > cuts or n == done:
                continue  # cut again, or check once more and done
            state = target
            for k in range(n, done):
                self.hand.expected = self.accepted()
                self.perform(state, events[k])
                state.apply(events[k])
                made = k + 1
                self.moves_redone += 1
                self.wait_power()
                if len(self.log) > cuts or referee.agreed(self.runtime.journal, done) <= k:
                    break

    def _state(self, events: list[Any]) -> Any:
        state = new_state(self.game, self.variant, self.players)
        for ev in events:
            state.apply(ev)
        return state

    def _look(self, steps: Steps) -> bool:
        """Let the hand act on what the board shows; False if a wait for it
        timed out (and no cut explains it)."""
        timeouts = len(self.hand.timeouts)
        self.act(steps)
        return len(self.hand.timeouts) == timeouts

    def _no_guidance(self, referee: Referee, done: int) -> str:
        waited = self.hand.timeouts[-1][1]
        return referee.no_guidance(done, self.log[-1], waited, lit(self.hal))
