"""Which change of the pyramid best explains what the 25 hall sensors read.

    sensor = PyramidSensor(profile)
    sensor.update(analog, now_ms)           # every tick, the raw array from the hal
    obs = sensor.observe(expected, now_ms)  # relative to the occupancy the game expects
    obs.kind, obs.lifted, obs.added         # NONE, ADD, LIFT, MOVE, LIFT2 or UNCLEAR
    sensor.rebase(occ, change, now_ms)      # the board accepted it: occ is the reference now
    sensor.likely                           # a change clear enough to show, not to accept
    found = sensor.power_on(expected, now_ms)   # power on without a saved state
    sensor.measured, sensor.typical         # the sensors' noise, measured at power on
    sensor.sensor_noise, sensor.faulty      # ... each one's, and those left out
    sensor.unwired                          # ... more than half of them: nothing usable wired
    sensor.readings.railed                  # sensors read at a rail since (each reading ignored)

Collaborators do the work. ``readings`` (tabletop.sensing.smoothing)
smooths the raw readings and tells motion from stillness; ``learnt``
(tabletop.sensing.baselines) keeps the baselines and each marble's own
error and turns the readings into residuals; ``finder``
(tabletop.sensing.changes) judges which small change of the expected
position explains the residuals; ``misfit`` (tabletop.sensing.misfit)
times what none explains exactly. This module adds time: an observation is
reported only once it has held for ``settle_ms`` (longer on levels 2, 3
and the top, where a carried marble passes through), and it says when the
learnt state may take in a misfit. Until then the observation is UNCLEAR
and the board waits: a hand hovering with a marble, two changes at once or
a knocked sensor fit nothing well, or not for long. Time also tells when
the board is at rest: once "no change" has held, ``resting`` ticks let the
cheap check of tabletop.sensing.calm stand in for all of this until
something moves (``update`` and ``observe`` return at once). docs/FIRMWARE.md
("The magnet model", "When a marble counts as set down", "A board at
rest") has the rules.

Integer arithmetic only: with nothing moving the tick allocates nothing.
"""

from micropython import const

from tabletop.games import unload
from tabletop.rules.pyraos_geometry import LEVEL, LEVEL_START, POSITIONS
from tabletop.sensing.baselines import FRESH_MS, STATE_WORDS, Baselines
from tabletop.sensing.calm import REFRESH_MS
from tabletop.sensing.changes import (
    ADD,
    LIFT,
    LIFT2,
    MOVE,
    NO_LIMIT,
    NONE,
    UNCLEAR,
    ChangeFinder,
    Observation,
)
from tabletop.sensing.magnets import OWN_SENSOR, SENSORS
from tabletop.sensing.misfit import RELEARN_MS, Misfit
from tabletop.sensing.smoothing import Smoothed, smoothed_noise

__all__ = ("ADD", "LIFT", "LIFT2", "MOVE", "NONE", "UNCLEAR", "OWN_SENSOR", "SENSORS",
           "FRESH_MS", "STATE_WORDS", "Observation", "PyramidSensor")  # fmt: skip

# A change on level 2 and above counts once the readings have told it from
# the runner-up well enough: the evidence, ``second - error`` a tick (capped:
# a window shares its readings with the next three), adds up to this many
# margins, and it has held at least so many settle times (a marble carried
# across the board fits the spot it passes over for a few ticks).
_HIGH_EVIDENCE = const(20)  # margins a change on level 3 or the top needs
_MID_EVIDENCE = const(8)  # ... and a marble added on level 2
_TICK_EVIDENCE = const(4)  # margins a tick adds at most
_HIGH_SETTLE = const(6)  # settle times a change on level 3 or the top holds at least
_MID_SETTLE = const(4)  # ... and a marble added on level 2
_FLICKER_MS = const(30)  # a candidate unseen this long (a bounce) is not forgotten
_NO_CHANGE_FIT = const(2)  # "no change" is relearnt when it fits within this many max_errors
_NO_CHANGE_FIT_UNSURE = const(16)  # ... when the board's picture is a guess anyway
_FAR_MISFIT_FIT = const(4)  # a marble spoilt by a far misfit fits within this many
_FRESH_RESTED_MS = const(100)  # still this long after an accepted change: it has landed
_REST_AFTER = const(8)  # "no change" this many ticks in a row, and the cheap check takes over
_NOT_RESTORED = const(-1)  # restored_at: no saved state taken back
_RESTORED_NEXT_TICK = const(-2)  # ... taken back; its first tick is still to come


class PyramidSensor:
    STATE_WORDS = STATE_WORDS  # what state_parts() holds, in words

    def __init__(self, profile):
        self.readings = Smoothed(profile)
        self.finder = finder = ChangeFinder(profile)
        self.learnt = Baselines(profile, finder, self.readings)
        self.misfit = Misfit(profile, finder.resid)
        self.best = finder.best  # (the same objects: a search fills them)
        self.likely = finder.likely
        self.current = Observation()  # the change being followed
        self.quiet = finder.max_error >> 2  # below this, no search: nothing changed
        self.settle_ms = profile.settle_ms
        self.seen_at = 0  # when the current candidate was last the best
        self.low = self.high = 0  # range of its own sensor while it holds
        self.least = 0  # its best fit while it holds
        self.evidence = 0  # how well it has been told from the runner-up since
        self.ready_at = -1  # power on: when the readings first filled a window
        self._look = None  # power on: tabletop.sensing.first_look, while it is needed
        self.restored_at = _NOT_RESTORED  # power on from a saved state: its first tick
        self.noise = profile.noise  # what the sensing takes a raw reading's noise to be
        # (a level-3 marble's steadiness: at the profile's noise, always)
        self.steady_noise = profile.noise
        self.steady3 = smoothed_noise(profile.noise, 3)
        self.high_settle_ms = self.settle_ms * _HIGH_SETTLE  # how long it holds at least
        self.deep = None  # a noisier board: the readings averaged longer while still
        self.rested = False  # the readings were still a while since the change accepted last
        # Measuring it, the first ticks after power on (its code and memory
        # are given back once that is done: tabletop.sensing.noise).
        from tabletop.sensing.noise import NoiseMeter

        self.meter = NoiseMeter(profile.sensor_channels, profile.noise)
        self.measured = False
        self.typical = 0  # then: the board's noise as measured (the median working sensor's)
        self.sensor_noise = ()  # ... and each sensor's (an array, once measured)
        self.faulty = 0  # bits of the sensors left out (far noisier than the rest, or dead)
        self.held = ()  # ... and what each reads from then on (an array, if any)
        self.unwired = False  # more than half of them: the board cannot follow a game
        # Once measured, the cheap check of a quiet tick (tabletop.sensing.calm,
        # made by the noise meter): while it holds, a tick does nothing more (``resting``).
        self.calm = None
        self.resting = False
        self.quiet_run = 0  # looks in a row since the check stood down that found "no change"

    # -- readings -------------------------------------------------------------------

    def update(self, analog, now_ms):
        """Take one raw reading of every sensor (the hal's array)."""
        meter = self.meter
        if meter is not None and meter.feed(analog):
            self._measured(meter)
        if self.faulty:
            self._hold_faulty(analog)
        calm = self.calm
        if calm is not None and calm.armed:
            if calm.still(analog, now_ms):
                self.resting = True
                return  # as it was: the averaging, residuals and fits wait
            self.learnt.quiet_ticks += calm.ticks  # (drift is followed for them too)
            self._stand_down()
            if self.deep is not None:
                self.deep.restart()  # (what it averaged may be from before a change)
        self.resting = False
        self.readings.update(analog, now_ms)
        if self.restored_at == _RESTORED_NEXT_TICK:
            self.restored_at = now_ms

    def _measured(self, meter):
        # The noise is known (NoiseMeter.hand_over). The meter's code and
        # memory go: it is needed once a power on.
        self.meter = None
        meter.hand_over(self)
        unload("tabletop.sensing.noise", "tabletop.sensing", "noise")

    def _stand_down(self):
        # The check no longer holds (or the board changed what it expects):
        # the sensing looks again, and rests only once it has settled anew.
        if self.calm is not None:
            self.calm.armed = False
        self.resting = False
        self.quiet_run = 0

    def _hold_faulty(self, analog):
        # A faulty sensor reads the same from now on: its noise moves nothing.
        channels = self.readings.channels
        for s in range(SENSORS):
            if self.faulty >> s & 1:
                analog[channels[s]] = self.held[s]

    def ready(self):
        return self.readings.ready()

    def moved_since(self, t):
        """Did the readings move at or after ``t``?"""
        return self.readings.moving_at >= t

    def fit_occupancy(self, occ):
        """How well an arbitrary occupancy explains the readings (for undo and
        tests); in the units of the observation's fit."""
        self.learnt.residuals(occ)
        return self.finder.fit(-1, -1, -1, NO_LIMIT)

    def strays(self, expected):
        """Level-1 and level-2 positions that seem to hold a marble
        ``expected`` does not have (after observe() or a fit)."""
        return self.finder.strays(expected)

    def missing(self, expected):
        """Level-1 and level-2 positions of ``expected`` whose marble seems
        gone (after observe() or a fit)."""
        return self.finder.missing(expected)

    # -- observing ------------------------------------------------------------------

    def observe(self, expected, now_ms):
        """The settled observation relative to the expected occupancy, or an
        UNCLEAR one while nothing is settled (shared objects: copy to keep)."""
        calm = self.calm
        if self.resting and calm is not None:
            if expected == calm.occ:
                return self.current  # (NONE: what the tick that armed it settled on)
            self._stand_down()
        self._explain(expected, now_ms)
        if not self._follow(now_ms):
            return _SETTLING  # a bouncing marble: the candidate is kept a while
        if self._held(now_ms):
            return self.current
        return _SETTLING

    def _explain(self, expected, now_ms):
        # Which change the readings show now (finder.best), learning what
        # the board has left over on the way: a new marble still settling,
        # slow drift, a misfit that has held still a good while.
        learnt = self.learnt
        finder = self.finder
        learnt.residuals(expected)
        still_for = now_ms - self.readings.moving_at
        if self.deep is not None:
            finder.slack = self.deep.deepen(finder.resid, still_for)
        if now_ms < learnt.fresh_until:
            self._end_fresh(still_for, now_ms)
        if still_for >= self.settle_ms:
            learnt.settle_fresh(now_ms)
        # (in full: a tick it does not fit within quiet searches next, from it)
        quiet = finder.fit(-1, -1, -1, NO_LIMIT)
        if quiet <= self.quiet:
            # (a tick counts towards rest only well within quiet: a marble
            # held still just above the top fits "no change" within it, and
            # a board that rested then would not see it set down)
            self.quiet_run = self.quiet_run + 1 if 2 * quiet <= self.quiet else 0
            self.misfit.reset()
            finder.nothing_changed(quiet)
            if still_for >= self.settle_ms:
                learnt.follow_drift()
                self._maybe_rest(expected, still_for, now_ms)
            return
        finder.search(expected, still_for >= RELEARN_MS, quiet)
        top = finder.top
        clear = finder.second - finder.error >= finder.margin
        if top.kind == NONE and clear:
            self._no_change_misfit(now_ms)
            # (no change, only not within quiet: a noisy board's readings
            # seldom are; it rests all the same once it has held, unless
            # a misfit is being timed)
            if self.best.kind == NONE and still_for >= self.settle_ms and self.misfit.since < 0:
                self.quiet_run += 1
                self._maybe_rest(expected, still_for, now_ms)
            else:
                self.quiet_run = 0
            return
        self.quiet_run = 0
        # (once timed, a fit about the limit stays timed: in and out with
        # the noise, it would never hold the second it must)
        near = _FAR_MISFIT_FIT * finder.max_error << (self.misfit.since >= 0)
        if (
            (top.kind == ADD or top.kind == MOVE)
            and clear
            and still_for >= RELEARN_MS
            and finder.error <= near
        ):
            self._far_misfit(now_ms)
        else:
            self.misfit.reset()

    def _maybe_rest(self, expected, still_for, now_ms):
        # "No change", still and settled: from the next tick on, the cheap
        # check stands in for this work until something moves. Not while
        # a marble set down is still being taken in (unless it has rested),
        # nor on one lucky tick of a misfit that hovers about quiet, nor
        # (a noisy board) before the longer average can tell the top marble.
        # (A misfit being timed counts no run: it must be seen to hold,
        # every tick, to be learnt.) Within the new marble's first second,
        # only once it has been seen to rest (_end_fresh): a resting board
        # sees nothing until it wakes, and if it did not know the marble
        # had rested, it took the hand lifting it again as the marble still
        # settling (its own error), and the lift never fitted after.
        if (
            self.calm is not None
            and self.quiet_run >= _REST_AFTER
            and self.restored_at != _RESTORED_NEXT_TICK
            and (now_ms >= self.learnt.fresh_until or self.rested)
            and self.current.kind == NONE
            and (self.deep is None or self.deep.full())
        ):
            deep = self.deep  # (a noisy board: the check compares with the longer average)
            if deep is None:
                self.calm.arm(self.readings.sums, expected, now_ms + REFRESH_MS)
            else:
                self.calm.arm(deep.total, expected, now_ms + REFRESH_MS, deep.n)

    def rest_while_still(self, now_ms):
        """Nothing is observed for now (the game select): once the readings
        have been still a while, the cheap check stands in for the averaging
        until something moves. The first observation looks afresh."""
        calm = self.calm
        if calm is None or calm.armed or now_ms - self.readings.moving_at < self.high_settle_ms:
            return
        calm.arm(self.readings.sums, -1, now_ms + REFRESH_MS)

    def _end_fresh(self, still_for, now_ms):
        # The change accepted last is taken in while it settles (its field
        # grows as the hand lets go). Once the readings have rested and then
        # move again, that is a hand with the next marble: what the window
        # would take in from then on is its field (a quick player's marble
        # on level 3, half taken in as the last one's error, never made its
        # whole field and was never accepted). Still since it was accepted,
        # that is: a marble lowered too gently to show as motion, accepted
        # on its way down, still drops the last millimetre into its cup.
        learnt = self.learnt  # (its fresh window began as the change was accepted)
        if (
            still_for >= _FRESH_RESTED_MS
            and learnt.fresh_until - now_ms <= FRESH_MS - _FRESH_RESTED_MS
        ):
            self.rested = True
        elif self.rested and still_for < self.settle_ms:
            learnt.settled()

    def _no_change_misfit(self, now_ms):
        # Nothing explains the readings better than "no change", only not
        # exactly: a marble put back a little differently, a knock that
        # left an offset, or a hand on its way. Once the residuals have held
        # steady a good while, take the readings as the position the game
        # expects, or every later move would carry the misfit (and one near
        # max_error would never count). Not a marble held still high above
        # the board (unless the board's picture is a guess: then drift
        # looks so too).
        learnt = self.learnt
        finder = self.finder
        misfit = self.misfit
        times = _NO_CHANGE_FIT_UNSURE if learnt.unsure else _NO_CHANGE_FIT
        if (
            finder.error > times * finder.max_error
            or now_ms - self.readings.moving_at < self.settle_ms
        ):
            misfit.reset()  # (or its residuals are still on their way: timed once they are not)
            return
        if misfit.steady(now_ms) and (learnt.unsure or not misfit.from_above(now_ms)):
            learnt.relearn()
            finder.nothing_changed(0)

    def _far_misfit(self, now_ms):
        # One marble set down (or raised) is by far the best explanation and
        # near enough to fit, but for a misfit far from it: once the
        # residuals have held a second, take that in, if the marble then
        # makes its whole field (a level-3 one's share wavers with the
        # noise: the first tick it does). The second runs on while the
        # marble fits now and then (a fit about max_error, in and out with
        # the noise, too briefly to count as a move).
        top = self.finder.top
        if (
            self.misfit.steady(now_ms)
            and self.best.kind == UNCLEAR
            and self.finder.full_strength(top.lifted, -1, top.added, False)
        ):
            self.learnt.take_far_misfit(top.added, top.lifted)
            self.misfit.reset()

    def _follow(self, now_ms):
        # Follow the best change in time: since when it has been the best,
        # how its own sensor and its fit moved meanwhile, and how clearly
        # the readings told it from the runner-up. False: the best dropped
        # out of its band for a tick or two (a bouncing marble), and the
        # candidate is kept.
        best = self.best
        cur = self.current
        if best.kind == UNCLEAR and cur.kind != UNCLEAR and cur.kind != NONE:
            if now_ms - self.seen_at <= _FLICKER_MS:
                return False
        elif best.kind != UNCLEAR:
            self.seen_at = now_ms
        finder = self.finder
        resid = finder.resid
        error = finder.error
        if not best.same(cur):
            cur.set(best.kind, best.lifted, best.lifted2, best.added)
            self._start_over(now_ms)
        elif best.added >= 0:
            v = resid[OWN_SENSOR[best.added]]
            if v < self.low:
                self.low = v
            if v > self.high:
                self.high = v
            if error < self.least:
                self.least = error
            elif LEVEL[best.added] >= 2 and error > 2 * self.least + (finder.max_error >> 3):
                # The fit got much worse than it was: a marble carried past
                # that spot (its fit dips and rises again), not one resting
                # there. Start over from here.
                self._start_over(now_ms)
        if best.kind != UNCLEAR:
            self.evidence += min(finder.second - error, finder.margin * _TICK_EVIDENCE)
        return True

    def _start_over(self, now_ms):
        # Follow the current change afresh from this tick: nothing it
        # showed before counts.
        cur = self.current
        cur.since = now_ms
        finder = self.finder
        self.least = finder.error
        self.low = self.high = finder.resid[OWN_SENSOR[cur.added]] if cur.added >= 0 else 0
        self.evidence = 0

    def _held(self, now_ms):
        # Has the change followed held long enough, and been told from the
        # runner-up clearly enough, for its level, to count?
        best = self.best
        cur = self.current
        if best.kind == UNCLEAR:
            return True  # (UNCLEAR itself, at once: nothing to accept)
        settle = self.settle_ms
        still = now_ms - self.readings.moving_at >= settle
        if best.kind == NONE and still:
            return True
        a, x = best.added, best.lifted
        if (a >= 0 and LEVEL[a] >= 3) or (x >= 0 and LEVEL[x] >= 3):
            # A marble on level 3 or the top barely moves the sensors, and a
            # hand carrying one across the board passes through those
            # points: it must stand out of the runner-up a good many margins,
            # with the readings still all along (a longer average that started
            # over this tick was left by a marble drifting past, too slow
            # to show as motion), to count; and its field must
            # not swell and fade as a marble carried past does: steady within
            # an eighth of a marble's field (beyond what noise moves it).
            # A clean set-down adds its evidence within the floor's few
            # ticks; an unclear one waits until the readings tell.
            deep = self.deep
            if (
                self.readings.moving_at >= cur.since
                or (deep is not None and deep.n == 1)
                or (
                    a >= 0
                    and 8 * (self.high - self.low - 2 * self.steady3)
                    > self.finder.k[OWN_SENSOR[a] * POSITIONS + a]
                )
            ):
                self._start_over(now_ms)
                return False
            return (
                now_ms - cur.since >= self.high_settle_ms
                and self.evidence >= _HIGH_EVIDENCE * self.finder.margin
            )
        # Lower down a change that fits within the band is the marble in its
        # place (held 1 mm higher it would not fit): the last small bounces
        # need not be waited out; what they leave is learnt after (rebase).
        # Except on level 2: a marble carried low across the board passes
        # through those points (it fits for a tick or two, moving): there
        # it must hold a little longer, stand out of the runner-up, and the
        # readings must have been still two settle times (a marble raised
        # there still rolls into its cup a tick or two after it first fits;
        # tried: one settle time, a game in the window against the computer
        # learnt a raise before it had landed and waited 5 s on the next).
        if a < LEVEL_START[1]:
            return now_ms - cur.since >= settle
        return (
            now_ms - cur.since >= settle * _MID_SETTLE
            and now_ms - self.readings.moving_at >= 2 * settle
            and self.evidence >= _MID_EVIDENCE * self.finder.margin
        )

    # -- what the board tells it ----------------------------------------------------------

    def rebase(self, expected, change=None, now_ms=0):
        """The board accepted ``change`` (lifted, lifted2, added): ``expected``
        is the reference from now on (tabletop.sensing.baselines.Baselines.rebase).
        With no change (a new start) the readings now are ``expected`` (on a
        noisier board, as its longer average has them).
        After power on from a saved state, a change seen before anything
        moved happened while the power was off and has long settled: it
        is not followed as if it were settling (a marble put on level 3
        after it, say, must not be learnt as part of it)."""
        self._stand_down()
        self.learnt.rebase(expected, change, now_ms)
        if change is None and self.deep is not None:
            self.deep.shift(self.learnt.base)  # (the readings as the longer average has them)
        self.rested = False
        at = self.restored_at
        if change is not None and at >= 0 and not self.moved_since(at):
            self.learnt.settled()
        self.current.set(NONE, -1, -1, -1)

    def forget(self, occ):
        """A new game: the marbles of ``occ`` go (Baselines.forget)."""
        self._stand_down()
        self.learnt.forget(occ)
        self.misfit.reset()
        self.current.set(NONE, -1, -1, -1)

    def keep_empty(self):
        """A game starts on the empty board (Baselines.keep_empty)."""
        self._stand_down()
        self.learnt.keep_empty()

    def baselines_moved(self):
        """Did a "no change" relearn take the readings as the baselines since
        the last call? (The learnt state on flash must then not be older.)"""
        return self.learnt.was_relearnt()

    def power_on(self, expected, now_ms):
        """Power on without a saved state: the occupancy the sensors show
        (tabletop.sensing.first_look), or -1 until the readings allow a
        look: call again next tick."""
        if self._look is None:  # (imported once: an import allocates on the rp2 port)
            from tabletop.sensing.first_look import first_look

            self._look = first_look
        found = self._look(self, expected, now_ms)
        if found >= 0:  # looked: needed once, its module goes
            self._look = None
            unload("tabletop.sensing.first_look", "tabletop.sensing", "first_look")
        return found

    # -- the learnt state, on flash (tabletop.keep.store) ---------------------------------

    def state_parts(self):
        """What the runtime gives GameStore.save_state (STATE_WORDS words)."""
        return self.learnt.state_parts()

    def restore_state(self, words):
        """Power on: take back what state_parts gave; the readings start
        afresh, and a change seen before anything moves happened while the
        power was off (see rebase)."""
        self._stand_down()
        self.learnt.restore_state(words)
        self.misfit.reset()
        self.current.set(NONE, -1, -1, -1)
        self.restored_at = _RESTORED_NEXT_TICK


_SETTLING = Observation()
_SETTLING.kind = UNCLEAR
