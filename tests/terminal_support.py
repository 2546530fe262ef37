"""What the terminal version's tests share: a person at the terminal.

    await until(app, pilot, lambda: ...)      # the board's virtual clock on until it holds
    await until(app, pilot, lambda: ..., clock=homes.advance)   # ... homes' clock (far away)
    await type_line(pilot, "p4 heaven")       # typed into the move box, then Enter
    await paste_line(pilot, "p4 heaven")      # pasted into it, then Enter (a whole game's moves)

Nothing here waits on the wall clock beyond what Textual's pilot does to let
the app take in a key or a click.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from sim.terminal.app import TerminalApp


async def until(
    app: TerminalApp,
    pilot: Pilot[int],
    predicate: Callable[[], bool],
    ms: int = 15_000,
    step_ms: int = 50,
    clock: Callable[[int], None] | None = None,
) -> None:
    """Step the board's clock ``step_ms`` at a time until ``predicate`` holds
    (AssertionError after ``ms``), then let the screen catch up. ``clock``:
    what steps it instead of the app (every home's clock, where the app's
    table is one of several homes playing far away: the app then looks
    at its table after each step)."""
    for _ in range(ms // step_ms):
        if predicate():
            await pilot.pause()
            return
        if clock is None:
            app.advance(step_ms)
        else:
            clock(step_ms)
            app.advance(0)
    raise AssertionError(f"not seen within {ms} ms: {app.message}")


async def type_line(pilot: Pilot[int], text: str) -> None:
    """``text`` typed into the move box and Enter, as a person does: a click
    into the box first when it does not have the keys already."""
    if not pilot.app.query_one("#move", Input).has_focus:
        await pilot.click("#move")
    await pilot.press(*text, "enter")
    await pilot.pause()


async def paste_line(pilot: Pilot[int], text: str) -> None:
    """``text`` pasted into the move box and Enter: what a whole game's
    moves are given as (typing lets the app settle after every key, some
    40 ms of the wall clock each; the tests that type check the keys)."""
    box = pilot.app.query_one("#move", Input)
    if not box.has_focus:
        await pilot.click("#move")
    box.post_message(events.Paste(text))
    await pilot.press("enter")
    await pilot.pause()
