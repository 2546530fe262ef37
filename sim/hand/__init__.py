"""The scripted hand: record events turned into what a person does at the board.

One module per game (pyraos, pacal, diabolo; pacal_motions: the Pacal hand's motions)
over what they share (common), and the board's side of its steps (driver).

    hand = make_hand(physics, hal, profile, seed=3, mistakes=0.1)
    steps = hand.perform(state.copy(), event)      # state BEFORE the event
    ok = drive(steps, board, board.advance, tick_ms)
    state.apply(event)

A hand's steps are a generator: each ``Wait`` asks the driver to advance
virtual time by ``step.ms``, ticking the firmware (the hand is sent None);
each ``WaitFor`` to tick until ``step.predicate(observer)`` holds, or
``step.timeout_ms`` has passed (the hand is sent True or False; ``next(steps)``
works too, taken as met). ``drive`` does exactly that (sim/hand/driver.py).

The hand reads the clock from ``hal.now_ms``, so the driver must have set it
to the current virtual time whenever it resumes the generator. Physical
actions (picking up, letting go, pressing a button) happen at that moment;
motions are glides in the physics that last as long as the Wait that follows.

It follows the protocol of docs/FIRMWARE.md ("What the players do at the
board") and, at the mistake rate, makes one of the mistakes a person makes:
a wrong spot first (Pacal: a card on a field where it may not go; Pyraos: a
marble lifted that may not be lifted now) left until the board shows red
there, hesitating over other spots at a low height, a piece lifted and put
back, a knocked sensor, a card laid askew on a reader (a misread until pushed
straight or laid again). Every choice comes from the hand's own seeded
``random.Random``.

What the hand expects from the firmware lives only in the WaitFor
predicates, which see the board through an ``Observer``: ``accepted()`` (how
many record events the firmware has accepted in this game: the length of its
journal, deals included; a Pacal board's reveals are not events) and
``light(name)``. ``hand.expected`` is how many it should have once the
current event is done: every record event counts one, a solo deal too (a
Pacal board journals it itself when the new game starts on an empty board).
It starts at 0 for a new game (``press_menu`` resets it); a driver that
joins mid-game sets it from ``accepted()``.
"""

from __future__ import annotations

from typing import Any

from sim import part
from sim.hand.common import (
    DEALER,
    HESITATE,
    HUMAN,
    KNOCK,
    LIFT_BACK,
    MISTAKES,
    OFF_CENTRE,
    WRONG_SPOT,
    Event,
    Hand,
    HandError,
    Observer,
    Predicate,
    Steps,
    Timing,
    Wait,
    WaitFor,
)
from sim.hand.diabolo import DiaboloHand
from sim.hand.driver import Breaks, drive, wait_until
from sim.hand.pacal import PacalHand, base_tops
from sim.hand.pyraos import PyraosHand
from sim.hardware.virtual_hal import VirtualHal


def make_hand(
    physics: Any,
    hal: VirtualHal,
    profile: Any,
    seed: int = 0,
    mistakes: float = 0.0,
    timing: Timing = HUMAN,
) -> Any:
    """The hand at the profile's game (sim.hand.<game>'s)."""
    make = part(profile.game, "hand").make
    return make(physics, hal, profile, seed, mistakes, timing)


__all__ = [
    "Breaks",
    "DEALER",
    "HESITATE",
    "HUMAN",
    "KNOCK",
    "LIFT_BACK",
    "MISTAKES",
    "OFF_CENTRE",
    "WRONG_SPOT",
    "Event",
    "Hand",
    "HandError",
    "Observer",
    "Predicate",
    "Steps",
    "Timing",
    "Wait",
    "WaitFor",
    "wait_until",
    "drive",
    "DiaboloHand",
    "PacalHand",
    "base_tops",
    "PyraosHand",
    "make_hand",
]
