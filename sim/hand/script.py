"""A hand's steps run in pieces as time passes, for a driver that cannot
give the steps all the time they ask at once (the simulator's window: a
frame at a time). sim.hand.drive runs them in one go.

    script = Script(hand.perform(state.copy(), event), observer, now)
    script.poll(now)      # whenever time has passed; script.done once over
"""

from __future__ import annotations

from typing import Any

from sim.hand.common import Steps, Wait, WaitFor


class Script:
    """A hand's steps (sim.hand) run in pieces as virtual time passes: each
    ``Wait`` lets its time go by, each ``WaitFor`` waits for its predicate or
    its timeout, as sim.hand.drive does in one go."""

    def __init__(self, steps: Steps, observer: Any, now: int) -> None:
        self.steps = steps
        self.observer = observer
        self.until = now  # a Wait's end
        self.waiting: WaitFor | None = None
        self.deadline = 0
        self.done = False
        self.ok = True

    def poll(self, now: int) -> None:
        """Go on as far as the time ``now`` allows."""
        reply: bool | None = None
        while not self.done:
            if self.waiting is not None:
                if self.waiting.predicate(self.observer):
                    reply = True
                elif now >= self.deadline:
                    reply = False
                    self.ok = False
                else:
                    return
                self.waiting = None
            elif now < self.until:
                return
            try:
                step = self.steps.send(reply)
            except StopIteration:
                self.done = True
                return
            reply = None
            if isinstance(step, Wait):
                self.until = now + step.ms
            else:
                self.waiting = step
                self.deadline = now + step.timeout_ms

    def stop(self) -> None:
        self.steps.close()
        self.done = True
