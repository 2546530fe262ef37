"""The power-cut half of a BoardRun (sim.runs.board_play): arming the planned
cuts, switching the firmware off and booting it again over what the flash
holds, and what the hand needs to know about it.

    class BoardRun(PowerCycle): ...    # sets the attributes listed below
    run.powered(), run.wait_power()    # is the firmware on? let time pass until it is
    drive(steps, run, run.advance, run.tick_ms, CutBreaks(run))   # the hand, across cuts

A cut "in a journal write" is armed on the flash (``cut_after(k, files=...)``,
aimed at the game record files only) just before the write, k byte-steps in
(as many as the last write took); a cut
"at a tick" switches off between two ticks. While off, the clock runs on
(the sensors and the hand go on, the LEDs are dark) but the firmware does
not tick; at power on a new Runtime resumes from the flash, and a resume
that drops a move that was on flash before the cut is a BoardFailure.
``CutBreaks`` is what a cut does to the hand's steps in progress.
"""

from __future__ import annotations

import json

from sim.hand import WaitFor
from sim.hardware.flash import FatFlash, LittleFlash, MountError, PowerCut
from sim.hardware.lights import same_colour
from sim.hardware.physics import Physics
from sim.hardware.virtual_hal import VirtualHal
from sim.runs.power_cuts import Cut, Reboot
from tabletop.keep.store import game_seq
from tabletop.profile import Profile
from tabletop.records import notation
from tabletop.runtime import Runtime

LOOK_MS = 500  # the hand looks at the board this long once it is back after a cut


def _journal_file(name: str) -> bool:
    """A game's record file (not the board's learnt state)."""
    seq: int = game_seq(name)
    return seq >= 0


class BoardFailure(Exception):
    """The firmware did something after a power cut that no hand can put right."""


class PowerCycle:
    """What BoardRun does about power cuts; it sets these attributes."""

    profile: Profile
    game: str
    hal: VirtualHal
    physics: Physics
    flash: LittleFlash | FatFlash | None
    runtime: Runtime
    reboots: int
    tick_ms: int
    event: int  # the record event in progress (index)
    cuts: list[Cut]  # the plan
    log: list[Reboot]  # every cut that fired, in order
    _off_until: int  # the power is off until then (-1: on)
    _off_kept: list[str]  # the journal's lines on flash when it went off
    _armed: Cut | None  # a write cut armed on the flash
    _write_queue: list[Cut]  # write cuts waiting to be armed
    _tick_cuts: list[tuple[int, Cut]]  # (time, cut), soonest first
    _write_cost: int  # byte-steps of the last journal append (or first write)
    moot_waits: list[tuple[int, str]]  # hand waits a cut made pointless: (time, what)

    def _boot(self) -> Runtime:
        raise NotImplementedError

    def advance(self, ms: int) -> None:
        raise NotImplementedError

    def _arm(self, cut: Cut) -> None:
        # The next journal write gets the cut after k of its byte-steps (as
        # many as the last write took, or the first estimate). The board's
        # learnt state (written a second after a move) is spared it: cuts
        # inside those writes are tests/test_state_power.py's.
        assert self.flash is not None
        cost = self._write_cost or 64
        self.flash.cut_after(int(cut.share * cost), files=_journal_file)
        self._armed = cut

    def _schedule(self, i: int) -> None:
        """The cuts planned for event ``i``, which starts now."""
        for cut in self.cuts:
            if cut.event != i:
                continue
            if cut.in_write:
                self._write_queue.append(cut)
            else:
                self._tick_cuts.append((self.hal.now_ms + cut.after_ms, cut))
        self._tick_cuts.sort(key=lambda tc: tc[0])

    def _unplug_cuts(self) -> None:
        self._tick_cuts.clear()
        self._write_queue.clear()
        if self._armed is not None and self.flash is not None:
            self.flash.cut_after(None)
        self._armed = None

    def _power_off(self, cut: Cut, in_write: bool, kept: int) -> None:
        journal = self.runtime.journal
        self._off_kept = [
            json.dumps(notation.to_json(self.game, ev)) for ev in journal.events[:kept]
        ]
        self.hal.transmit(bytearray(3 * self.profile.led_count))  # the LEDs go dark
        self._off_until = self.hal.now_ms + cut.off_ms
        self.log.append(Reboot(self.hal.now_ms, self.event, in_write, kept, self._holding()))

    def _power_on(self) -> None:
        self._off_until = -1
        try:
            runtime = self._boot()
        except PowerCut:
            # an armed cut fired in the boot's own write
            cut = self._armed
            self._armed = None
            assert cut is not None
            self._off_until = self.hal.now_ms + cut.off_ms
            n = len(self._off_kept)
            self.log.append(Reboot(self.hal.now_ms, self.event, True, n, self._holding()))
            return
        except MountError as err:
            raise BoardFailure(f"after the power cut at {self._cut_at()}: {err}") from err
        self.runtime = runtime
        self.reboots += 1
        got = [json.dumps(notation.to_json(self.game, ev)) for ev in runtime.journal.events]
        self.log[-1].resumed = len(got)
        self.log[-1].held_at_boot = self._holding()
        kept = self._off_kept
        if got[: len(kept)] != kept:
            n = 0
            while n < len(got) and got[n] == kept[n]:
                n += 1
            lost = kept[n]
            raise BoardFailure(
                f"after the power cut at {self._cut_at()}: the board came back with "
                f"{len(got)} journal event(s), but {len(kept)} were on flash; event {n + 1} "
                f"({lost}) is lost (problems: {runtime.journal.problems})"
            )

    def _guides(self) -> bool:
        """Does the board light something to put right (red, the hint colour)?"""
        refs = [self.profile.colours["error"], self.profile.colours["hint"]]
        return any(
            same_colour(self.hal.light(name), ref)
            for name in self.hal.light_names()
            for ref in refs
        )

    def _holding(self) -> bool:
        return bool(self.physics.holding())

    def _cut_at(self) -> str:
        r = self.log[-1]
        return f"{r.at_ms} ms ({r.place}, record event {r.event + 1})"

    def powered(self) -> bool:
        return self._off_until < 0

    def wait_power(self) -> None:
        """Let time pass until the firmware runs again (it is off after a cut)."""
        while self._off_until >= 0:
            self.advance(self.tick_ms)


class CutBreaks:
    """Power cuts while the hand does its steps (sim.hand.drive's ``breaks``),
    from the cuts the run has seen so far. Once the power went off, the hand
    finishes what it holds, waits for the board to come back and looks at
    it: if it lights something to put right (red, the hint colour) the steps
    stop there, else they go on. A wait that timed out after a cut is not
    the board's fault (``run.moot_waits`` keeps it)."""

    def __init__(self, run: PowerCycle) -> None:
        self.run = run
        self.cuts = self.looked = len(run.log)

    def stop(self) -> bool:
        run = self.run
        while len(run.log) > self.looked and not run._holding():
            run.wait_power()
            run.advance(LOOK_MS)
            self.looked = len(run.log)
            if run._guides():
                return True
        return False

    def excuse(self, step: WaitFor) -> bool:
        if len(self.run.log) == self.cuts:
            return False
        self.run.moot_waits.append((self.run.hal.now_ms, step.what))
        return True
