"""The Pyraos hand: marbles from a reserve, raised, taken back."""

from __future__ import annotations

from typing import Any

from sim.hand.common import (
    HESITATE,
    KNOCK,
    LIFT_BACK,
    WRONG_SPOT,
    Event,
    Hand,
    HandError,
    Steps,
    Wait,
)
from sim.hardware.physics import PyraosPhysics, sensor_below
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import ABOVE, LEVEL, POSITIONS, SUPPORT


def _bits(mask: int) -> list[int]:
    return [i for i in range(POSITIONS) if mask >> i & 1]


class PyraosHand(Hand):
    """Marbles from a reserve, raised, taken back; one hand, one marble at a time."""

    physics: PyraosPhysics

    def perform(self, state: Any, event: Event) -> Steps:
        self._check(state, event)
        kind, p, a, b = event
        if state.plies == 0 and self.physics.occupied():
            yield from self.clear_board()
        self.expected += self.accepts(event)
        yield self._wait(self.timing.think, "think")
        moving = state.phase == pyraos.P_MOVE
        kinds = [KNOCK]
        if self._wrong_lifts(state):
            kinds.append(WRONG_SPOT)
        if moving:
            kinds.append(HESITATE)
            if self._loose(state, p):
                kinds.append(LIFT_BACK)
        mistake = self._mistake(kinds)
        if mistake == KNOCK:
            self._knock()
        elif mistake == WRONG_SPOT:
            yield from self._wrong_lift(state)
        elif mistake == LIFT_BACK:
            yield from self._lift_back(state, p)
        hesitate = mistake == HESITATE
        if kind == pyraos.PLACE:
            yield self._wait(self.timing.reach, "reach for a reserve marble")
            self.physics.take_from_reserve(self.now, side=p)
            yield from self._set_down(a, hesitate)
        elif kind == pyraos.RAISE:
            yield from self._lift(a)
            yield from self._set_down(b, hesitate)
        else:
            yield from self._lift(a)
            yield from self._away(p)
            if b >= 0:
                yield from self._lift(b)
                yield from self._away(p)
            elif state.removable_mask(a):
                # A second could be taken: BACK says one is enough. (With no
                # second to choose, the take-back is complete as it is, and
                # BACK would undo it.)
                yield self._wait(self.timing.pause, "one is enough")
                yield from self._press("back")
        yield from self._wait_accepted("move accepted")

    def clear_board(self) -> Steps:
        """Take every marble off the board, top down (a new game needs it empty)."""
        side = 0
        while self.physics.occupied():
            occ = self.physics.occupied()
            loose = [i for i in _bits(occ) if not occ & ABOVE[i]]
            pos = max(loose, key=lambda i: (LEVEL[i], i))
            yield from self._lift(pos)
            yield from self._away(side)
            side = 1 - side

    def restore(self, target: Any, have: Any, new_game: bool) -> Steps:
        # Lost place: the marble back to the reserve; raise: moved back down;
        # take-back: the marbles put back, lowest first (a marble needs its
        # four below). Each as the board lights it: red over a marble to
        # lift, the hint colour where one is missing.
        if new_game:
            if not (yield from self._new_game_asked()):
                return
        want = 0 if new_game else target.occupied()

        def fits(p: int, q: int) -> bool:
            # marble p may go to the empty q: q does not rest on it, same player's
            return not SUPPORT[q] >> p & 1 and self._owner(have, p) == self._owner(target, q)

        while True:
            occ = self.physics.occupied()
            if occ == want:
                return
            lift = {sensor_below(i): i for i in _bits(occ & ~want) if not occ & ABOVE[i]}
            put = {sensor_below(i): i for i in _bits(want & ~occ) if occ & SUPPORT[i] == SUPPORT[i]}
            if not lift and not put:
                raise HandError(f"cannot restore marbles {occ:#x} to {want:#x}")
            wanted = [(k, "error") for k in lift] + [(k, "hint") for k in put]
            seen = yield from self._see(wanted, "what to put back after the power cut")
            if not seen:
                return
            yield self._wait(self.timing.react, "saw it")
            if seen in lift:
                # too much here: the marble back where a hint shows (a raise
                # undone), or else to the reserve
                pos = lift[seen]
                back = [q for k, q in put.items() if self._lit(k, "hint") and fits(pos, q)]
            else:
                # missing here: the marble that is too much goes back down (a
                # raise undone, the board may not see it on level 3), or one
                # from the reserve
                back = [put[seen]]
                moved = [p for p in lift.values() if fits(p, back[0])]
                pos = moved[0] if moved else -1
            if pos >= 0:
                yield from self._lift(pos)
                if back:
                    yield from self._set_down(back[0], False)
                else:
                    yield from self._away(self._owner(have, pos))
            else:
                yield self._wait(self.timing.reach, "reach for a reserve marble")
                self.physics.take_from_reserve(self.now, side=self._owner(target, back[0]))
                yield from self._set_down(back[0], False)

    def ready(self, state: Any) -> Steps:
        # back in play: where the player to move may go lights in their colour
        if state.is_over():
            return
        colour = f"player{state.turn}"
        names = sorted({sensor_below(i) for i in range(POSITIONS)})
        wanted = [(k, colour) for k in names]
        yield from self._see(wanted, "the board plays again", self.timing.resume_timeout)

    def _owner(self, state: Any, pos: int) -> int:
        return 1 if state.marbles[1] >> pos & 1 else 0

    def _select_lights(self) -> list[tuple[str, str]]:
        # the game select: the variant on player 0's reserve bar, in player 1's colour
        return [("reserve0.0", "player1")]

    # -- motions -------------------------------------------------------------------

    def _lift(self, pos: int) -> Steps:
        yield self._wait(self.timing.reach, "reach")
        self.physics.pick_up(pos, self.now)
        ms = self._ms(self.timing.lift)
        self.physics.move_over(pos, self._mm(self.timing.carry_mm), self.now, ms)
        yield Wait(ms, "lift")

    def _away(self, side: int) -> Steps:
        ms = self._ms(self.timing.reach)
        self.physics.move_to_reserve(self.now, ms, side)
        yield Wait(ms, "to the reserve")
        self.physics.to_reserve(self.now)

    def _set_down(self, pos: int, hesitate: bool) -> Steps:
        t = self.timing
        if hesitate:
            occ = self.physics.occupied()
            free = [
                i
                for i in range(POSITIONS)
                if i != pos and not occ >> i & 1 and occ & SUPPORT[i] == SUPPORT[i]
            ]
            if free:
                spots = self.rng.sample(free, min(len(free), self.rng.randint(1, 2)))
                self._note(HESITATE, " ".join(sensor_below(i) for i in spots))
                for i in spots:
                    ms = self._ms(t.reach)
                    self.physics.move_over(i, self._mm(t.hover_mm), self.now, ms)
                    yield Wait(ms, "hesitate")
                    yield self._wait(t.hover, "hover")
        ms = self._ms(t.reach)
        self.physics.move_over(pos, self._mm(t.carry_mm), self.now, ms)
        yield Wait(ms, "carry")
        ms = self._ms(t.lower)
        self.physics.move_over(pos, self._mm(t.drop_mm), self.now, ms)
        yield Wait(ms, "lower")
        self.physics.release(pos, self.now)
        yield self._wait(t.pause, "let go")

    # -- mistakes ------------------------------------------------------------------

    def _knock(self) -> None:
        sensor = self.rng.randrange(25)
        size = self.rng.uniform(300.0, 1500.0) * self.rng.choice((-1.0, 1.0))
        self.physics.knock(sensor, size, self.rng.randint(2, 8), self.now)
        self._note(KNOCK, f"sensor {sensor}")

    def _loose(self, state: Any, player: int) -> list[int]:
        occ = state.occupied()
        return [i for i in _bits(state.marbles[player]) if not occ & ABOVE[i]]

    def _wrong_lifts(self, state: Any) -> list[int]:
        # Marbles a hand can lift but the rules do not let the mover lift now.
        p = state.turn
        out = self._loose(state, 1 - p)
        if state.phase == pyraos.P_MOVE:
            movable = state.raise_sources()
            out += [i for i in self._loose(state, p) if not movable >> i & 1]
        return out

    def _wrong_lift(self, state: Any) -> Steps:
        pos = self.rng.choice(self._wrong_lifts(state))
        name = sensor_below(pos)
        self._note(WRONG_SPOT, name)
        yield from self._lift(pos)
        # the board lights the empty spot in the hint colour: put it back
        yield from self._wait_for(
            self._shows(name, "hint"), self.timing.answer_timeout, "hint at " + name
        )
        yield self._wait(self.timing.react, "saw it")
        yield from self._put_back(pos)

    def _lift_back(self, state: Any, p: int) -> Steps:
        loose = self._loose(state, p)
        movable = [i for i in loose if state.raise_sources() >> i & 1]
        pos = self.rng.choice(movable or loose)
        self._note(LIFT_BACK, sensor_below(pos))
        yield from self._lift(pos)
        yield self._wait(self.timing.hover, "changed my mind")
        yield from self._put_back(pos)

    def _put_back(self, pos: int) -> Steps:
        ms = self._ms(self.timing.lower)
        self.physics.move_over(pos, self._mm(self.timing.drop_mm), self.now, ms)
        yield Wait(ms, "lower")
        self.physics.release(pos, self.now)
        yield self._wait(self.timing.pause, "let go")


make = PyraosHand  # (the hand at this game: sim.hand.make_hand)
