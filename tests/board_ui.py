"""The harness of the board UI tests (test_board_ui.py for Pacal,
test_board_ui_pyraos.py, test_status_text.py): ``Board``, one virtual board
running the real firmware (hal, sensing, controller, render), the scripted
hand, and the game as the rules see it.

Every expectation comes from the rules (tabletop.rules: legal moves, the
reserves, the wins, the cards to build, the outcome) or from docs/FIRMWARE.md
(which colour means what), never from the rendering code under test. Lights
are read by name (the profile's led_map) and compared by colour with
``sim.hardware.lights.same_colour``: the brightness cap and pulses scale a colour,
they do not change it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sim.hand import Timing
from sim.hardware.lights import same_colour
from sim.runs.board_play import BoardRun, reference_profile
from tabletop.records.record import Record
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import POSITIONS

GOLDEN = Path(__file__).parent / "golden"
Event = tuple[Any, ...]
QUIET_MS = 400  # after an action: long enough for the board to have answered
# Just after a Pyraos move is accepted, the sensing still learns the new
# marble for a second (tabletop.sensing.pyramid.FRESH_MS); a marble is only
# lifted again after that (see the report of this test file).
FRESH_MS = 1100
# A brisk player (quicker hands than the default), who still thinks as long
# as the default before each move: the sensing needs about a second after a
# move is accepted before the next one starts (see the report of this file).
BRISK = Timing(
    pause=(150, 300),
    reach=(200, 350),
    lift=(150, 250),
    lower=(150, 250),
    hover=(150, 300),
    react=(150, 250),
    press=(80, 150),
)


def bits(mask: int, n: int = POSITIONS) -> list[int]:
    return [i for i in range(n) if mask >> i & 1]


def player(p: int) -> str:
    return f"player{p}"


def profile_variants(profile: Any) -> list[str]:
    """The variants of the profile's "games" list, in its order."""
    return [str(pair[1]) for pair in profile.games]


def golden(name: str) -> list[Event]:
    events: list[Event] = Record.read((GOLDEN / f"{name}.jsonl").read_bytes()).events
    return events


class Board:
    """One virtual board running the firmware, the scripted hand, and the game
    as the rules see it (``state``; ``moves``: what the journal must hold)."""

    def __init__(self, game: str, variant: str, seed: int = 1) -> None:
        self.game = game
        self.profile = reference_profile(game)
        self.run = BoardRun(self.profile, game, variant, seed=seed)
        self.run.hand.timing = BRISK
        self.state: Any = pyraos.Pyraos(variant) if game == "pyraos" else pacal.Pacal(variant)
        self.moves: list[Event] = []
        self.before: list[Any] = []  # the state before each move, for BACK
        self.names = self.run.hal.light_names()
        self.colours = {k: tuple(v) for k, v in self.profile.colours.items()}

    # -- time and buttons -------------------------------------------------------

    @property
    def now(self) -> int:
        return self.run.hal.now_ms

    def wait(self, ms: int = QUIET_MS) -> None:
        self.run.advance(ms)

    def press(self, button: str, hold_ms: int = 120) -> None:
        self.run.hal.press(button, self.now, hold_ms)
        self.wait(hold_ms + 100)

    def long_press(self, button: str) -> None:
        self.press(button, self.profile.long_press_ms + 150)

    def start(self) -> None:
        """Power on, MENU: a new game of the board's current variant."""
        self.run.start()
        self.sync()

    def sync(self) -> None:
        """After BACK or a new game: the hand counts from the journal again."""
        self.run.hand.expected = self.run.accepted()

    # -- moves --------------------------------------------------------------------

    def do(self, event: Event) -> None:
        """The hand performs a record event; the journal must follow."""
        self.run.act(self.run.hand.perform(self.state.copy(), event))
        assert self.run.hand.timeouts == [], f"the board did not follow {event}"
        self.note(event)

    def note(self, event: Event) -> None:
        """``event`` was made at the board: the journal must hold it."""
        self.before.append(self.state.copy())
        self.state.apply(event)
        if not (self.game == "pacal" and event[0] == pacal.DEAL):
            self.moves.append(event)
        assert self.journal() == self.moves

    def undone(self) -> None:
        """BACK took the last move back: so do the rules."""
        self.state = self.before.pop()
        self.moves.pop()
        self.sync()

    def journal(self) -> list[Event]:
        moves: list[Event] = self.run.runtime.journal.moves()
        return moves

    @property
    def board(self) -> Any:
        return self.run.runtime.board

    # -- lights ---------------------------------------------------------------------

    def light(self, name: str) -> tuple[int, int, int]:
        return self.run.light(name)

    def shows(self, name: str, colour: str) -> bool:
        return same_colour(self.light(name), self.colours[colour])

    def dark(self, name: str) -> bool:
        return self.light(name) == (0, 0, 0)

    def lit(self, names: Iterable[str]) -> dict[str, str]:
        """The lit lights among ``names`` and the profile colour each shows."""
        out = {}
        for name in names:
            rgb = self.light(name)
            if rgb != (0, 0, 0):
                out[name] = next(
                    (k for k, ref in self.colours.items() if same_colour(rgb, ref)), "other"
                )
        return out

    def frames_during(self, ms: int) -> int:
        """How many times the LED frame changes in the next ``ms``."""
        n = len(self.run.hal.frames)
        self.wait(ms)
        return len(self.run.hal.frames) - n

    def levels(self, name: str, ms: int, every: int = 50) -> set[int]:
        """The brightnesses (max channel) a light shows over ``ms``."""
        out = set()
        for _ in range(ms // every):
            self.wait(every)
            out.add(max(self.light(name)))
        return out

    def expect_wins(self) -> None:
        """The score lights (Pacal) show the rounds each player has won."""
        for p in (0, 1):
            for i in range(1, 4):
                name = f"win{p}.{i}"
                if i <= self.state.wins[p]:
                    assert self.shows(name, player(p)), (name, self.state.wins)
                else:
                    assert self.dark(name), (name, self.state.wins)
