"""The board's side of a hand's steps: time passes, waits are watched.

    ok = drive(hand.perform(state.copy(), event), board, board.advance, tick_ms)
    ok = drive(hand.press_menu(), board, board.advance, tick_ms, breaks)
    met = wait_until(step, board, board.advance, tick_ms)    # one WaitFor

``board`` is the hand's Observer (``accepted()``, ``light(name)``);
``advance(ms)`` runs the firmware for that much virtual time. ``drive``
sends the hand, after each step, what came of it: a ``Wait`` lets its time
pass (None), a ``WaitFor`` ticks until its predicate holds or its timeout
has passed (True or False). It returns False if a wait timed out.

``breaks`` (``Breaks``: board-play's power cuts, sim.runs.power_cycle) may end
the steps early (``stop()``, asked before each step; the generator is
closed) and excuse a wait that timed out (``excuse(step)``: the hand is told
None and the steps still count as done well).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from sim.hand.common import Steps, Wait, WaitFor


class Breaks(Protocol):
    """What may break into a hand's steps from outside them."""

    def stop(self) -> bool:
        """Before each step: end the steps here?"""
        ...

    def excuse(self, step: WaitFor) -> bool:
        """``step`` timed out: is that not the board's fault?"""
        ...


def wait_until(step: WaitFor, observer: Any, advance: Callable[[int], None], tick_ms: int) -> bool:
    """Run the firmware tick by tick until ``step``'s predicate holds (True)
    or its timeout has passed (False): what every driver does with a WaitFor."""
    waited = 0
    while waited < step.timeout_ms:
        if step.predicate(observer):
            return True
        advance(tick_ms)
        waited += tick_ms
    return False


def drive(
    steps: Steps,
    observer: Any,
    advance: Callable[[int], None],
    tick_ms: int,
    breaks: Breaks | None = None,
) -> bool:
    """Let a hand do ``steps`` on the board; False if one of its waits timed
    out (and ``breaks`` did not excuse it)."""
    ok = True
    reply: bool | None = None
    while True:
        if breaks is not None and breaks.stop():
            steps.close()
            return ok
        try:
            step = steps.send(reply)
        except StopIteration:
            return ok
        if isinstance(step, Wait):
            advance(step.ms)
            reply = None
            continue
        reply = wait_until(step, observer, advance, tick_ms)
        if not reply:
            if breaks is not None and breaks.excuse(step):
                reply = None
            else:
                ok = False
