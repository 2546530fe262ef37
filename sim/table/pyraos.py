"""The marbles of a Pyraos game at the virtual board, the game's part of
the table (sim.table.part): what the simulator knows and the board never
does (each marble's colour, the reserve trays beside the board), and the
mouse's hand on the marbles.

    marbles = make(table)             # table.part (table.marbles)
    marbles.follow()                  # after each tick: the hands' new actions into the colours
    marbles.colour(pos)               # the colour of the marble on ``pos`` (0 light, 1 dark)
    marbles.reserves, marbles.hand_colour   # the trays' counts, the colour in a hand
    marbles.grab(x, y)                # the mouse's hand takes the marble at (x, y) mm, or one
    marbles.carry(x, y)               # ... from the tray there; carries it over (x, y)
    marbles.drop(x, y)                # ... and sets it down on the free spot nearest (x, y)
    marbles.refusal                   # why the last grab or drop was refused, in words ("")
    marbles.drag(event)               # the mouse's hand making a whole move (sim.table.part)

The colours are followed from the physics' actions (the mouse's, the
scripted hands'): a marble taken from a tray is that tray's colour, and
keeps it wherever it is moved.
"""

from __future__ import annotations

from typing import Any

from sim.hand import HandError, Steps, Wait
from sim.hardware.physics import PyraosPhysics
from sim.table.part import (
    MOVE_MS,
    NotByMouse,
    Part,
    TableSide,
    accepted,
    check_legal,
    idle,
    press,
    think,
)
from sim.texts import _
from tabletop.rules import pyraos
from tabletop.rules.pyraos_geometry import ABOVE, POSITIONS, SUPPORT, position_name

CARRY_MM = 50.0  # a carried marble's height above the highest marble under it (lower, a
# marble held over its own cup reads as a misfit, not as lifted)
SET_DOWN_MS = 120  # lowering a marble onto its spot before letting go
DROP_MM = 2.0  # ... let go this high above its rest


class PyraosMarbles(Part):
    def __init__(self, table: TableSide) -> None:
        super().__init__(table)
        assert isinstance(table.physics, PyraosPhysics)
        self.physics: PyraosPhysics = table.physics
        self.colours: dict[int, int] = {}  # the colour of each marble on the board
        self.hand_colour = 0  # ... and of the one in a hand
        self.reserves = [15, 15]  # the marbles of each colour in the trays
        self.seen = 0  # physics.actions followed so far
        self.mouse_holds = False  # a marble is in the mouse's hand
        self.refusal = ""  # why the mouse's last grab or drop was refused ("": it was not)

    # -- the colours -----------------------------------------------------------------

    def sync(self) -> None:
        self.follow()

    def follow(self) -> None:
        """The colours of the marbles the hands moved since last time."""
        actions = self.physics.actions
        while self.seen < len(actions):
            _kind, what, where = actions[self.seen]
            self.seen += 1
            if what == "take":
                self.hand_colour = where
                self.reserves[where] -= 1
            elif what == "pick_up":
                self.hand_colour = self.colours.pop(where, self._owner(where))
            elif what == "release":
                self.colours[where] = self.hand_colour
            elif what == "to_reserve":
                self.reserves[self.hand_colour] += 1

    def colour(self, pos: int) -> int:
        """The colour of the marble resting on ``pos`` (0 light, 1 dark)."""
        return self.colours.get(pos, self._owner(pos))

    def _owner(self, pos: int) -> int:
        game = self.table.game
        owner = game.owner(pos)
        return int(owner) if owner is not None else int(game.turn)

    def in_place(self) -> bool:
        """Do the marbles lie where the board's game has them?"""
        return bool(self.physics.occupied() == self.table.game.occupied())

    # -- the mouse's hand ------------------------------------------------------------

    def holding(self) -> bool:
        return self.mouse_holds

    def drop_held(self) -> None:
        self.put_back()

    def grab(self, x: float, y: float) -> bool:
        """Take the marble under (x, y) mm, or one from the reserve tray
        there, into the mouse's hand. False if there is none, or a hand is
        busy (``refusal`` says why, when there was something to take)."""
        physics = self.physics
        now = self.table.now
        self.refusal = ""
        if physics.holding() or self.table.busy():
            self.refusal = _("Wait: a hand is at work on the board")
            return False
        pos = physics.loose_marble_at(x, y)
        if pos >= 0:
            physics.pick_up(pos, now)
        else:
            side = physics.reserve_at(x, y)
            if side < 0:
                self.refusal = self._held_up(x, y)
                return False
            if not self.reserves[side]:
                self.refusal = _("That tray is empty")
                return False
            physics.take_from_reserve(now, side)
        self.follow()
        self.mouse_holds = True
        self.carry(x, y)
        return True

    def carry(self, x: float, y: float) -> None:
        """Hold the mouse's marble over (x, y) mm, clear of what is below."""
        if self.mouse_holds:
            physics = self.physics
            physics.hold(x, y, physics.carry_height(x, y, CARRY_MM), self.table.now)

    def drop(self, x: float, y: float) -> int:
        """Set the mouse's marble down on the free spot nearest (x, y) mm (it
        is lowered and let go just above it); off the board, back into its
        reserve. Returns the spot, or -1 (``refusal`` says why, unless it
        was let go over a tray)."""
        physics = self.physics
        self.refusal = ""
        if not self.mouse_holds:
            return -1
        pos = physics.free_spot_at(x, y)
        if pos < 0:
            if physics.reserve_at(x, y) < 0:
                self.refusal = self._no_spot(x, y)
            self.put_back()
            return -1
        self.mouse_holds = False
        physics.move_over(pos, DROP_MM, self.table.now, SET_DOWN_MS)
        self.table.run(self._let_go(pos))
        return pos

    def _under(self, x: float, y: float) -> list[int]:
        # the spots whose centre is nearest (x, y) mm, within half a pitch
        # (a level's spot and the one two levels up share a centre), low first
        physics = self.physics
        reach = (0.5 * physics.pitch) ** 2
        near: dict[int, float] = {}
        for pos in range(POSITIONS):
            cx, cy, _z = physics.centre(pos)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d <= reach:
                near[pos] = d
        if not near:
            return []
        best = min(near.values())
        return [pos for pos, d in near.items() if d - best < 1e-6]

    def _highest_marble(self, x: float, y: float) -> int:
        # the highest marble on a spot nearest (x, y) mm (-1: none)
        occ = self.physics.occupied()
        on = [pos for pos in self._under(x, y) if occ >> pos & 1]
        return on[-1] if on else -1

    def _no_spot(self, x: float, y: float) -> str:
        # why a marble let go over (x, y) mm found no free spot there
        pos = self._highest_marble(x, y)
        if pos >= 0:
            return _("{spot} is taken: the marble went back to your tray").format(
                spot=position_name(pos)
            )
        return _("No spot there: the marble went back to your tray")

    def _held_up(self, x: float, y: float) -> str:
        # why the marble under (x, y) mm cannot be lifted ("": none there)
        pos = self._highest_marble(x, y)
        occ = self.physics.occupied()
        if pos < 0 or not occ & ABOVE[pos]:
            return ""
        above = [q for q in range(POSITIONS) if ABOVE[pos] >> q & 1 and occ >> q & 1]
        return _("That marble holds up {spot}: it cannot be lifted").format(
            spot=" ".join(position_name(q) for q in above)
        )

    def _let_go(self, pos: int) -> Steps:
        yield Wait(SET_DOWN_MS, "lower the marble")
        physics = self.physics
        occ = physics.occupied()
        if occ >> pos & 1 or occ & SUPPORT[pos] != SUPPORT[pos]:
            physics.to_reserve(self.table.now)  # (its spot was taken meanwhile)
        else:
            physics.release(pos, self.table.now)

    def put_back(self) -> None:
        """The mouse's marble back into its reserve tray."""
        if self.mouse_holds:
            self.mouse_holds = False
            self.physics.to_reserve(self.table.now)
            self.follow()

    # -- a new game ----------------------------------------------------------------

    def sweep(self) -> None:
        """Every marble back into the trays at once, top down (N at the window)."""
        physics = self.physics
        now = self.table.now
        if physics.holding():
            physics.to_reserve(now)
        while occ := physics.occupied():
            top = max(i for i in range(POSITIONS) if occ >> i & 1 and not occ & ABOVE[i])
            physics.pick_up(top, now)
            physics.to_reserve(now)
        self.follow()

    # -- the mouse's hand making a whole move (sim.table.part) -------------------------

    def drag(self, event: Any, then: Any = None) -> Steps:
        # a marble from the tray or off the board onto its spot; a take-back
        # lifted off the board and let go over the tray (BACK when one is
        # enough and a second could be taken); one move a gesture
        if event is None:
            raise NotByMouse("every Pyraos turn is a move")
        check_legal(self.table, self.truth, event, then)
        return self._drag(self.truth.copy(), event)

    def _drag(self, state: Any, event: Any) -> Steps:
        kind, p, a, b = event
        n = len(self.table.journal) + 1
        tray = self.physics.reserve_point(p)[:2]
        yield think()
        if kind == pyraos.PLACE:
            yield from self._lift(tray, -1)
            yield from self._set_down(self.physics.centre(a)[:2])
        elif kind == pyraos.RAISE:
            yield from self._lift(self.physics.centre(a)[:2], a)
            yield from self._set_down(self.physics.centre(b)[:2])
        else:
            for pos in (a, b) if b >= 0 else (a,):
                yield from self._lift(self.physics.centre(pos)[:2], pos)
                yield from self._set_down(tray)
            if b < 0 and state.removable_mask(a):
                yield from press(self.table, "back")  # one is enough
        yield accepted(n)

    def _lift(self, at: tuple[float, float], pos: int) -> Steps:
        # the marble on ``pos`` (-1: one from the tray at ``at``) into the mouse's hand
        yield idle(self.table)
        if pos >= 0 and self.physics.loose_marble_at(*at) != pos:
            raise HandError(f"the mouse finds no loose marble on {pos} to lift")
        if not self.grab(*at):
            raise HandError(f"the mouse cannot take a marble at {at}")
        yield Wait(MOVE_MS, "lift")

    def _set_down(self, at: tuple[float, float]) -> Steps:
        self.carry(*at)
        yield Wait(MOVE_MS, "carry")
        self.drop(*at)
        yield Wait(MOVE_MS, "let go")


make = PyraosMarbles  # (the game's part of the table: sim.table.table)
