"""A game at the virtual board, live: the firmware ticking in virtual time
while a person's hand (the window's mouse) and the computer's seats act on
the pieces. What the window and the terminal view draw comes from here; the
board's own answer is only ever what the firmware lit (``hal.light``).

    table = Table("pyraos", "standard", seed=1, players=("human", "computer"))
    table.advance(16)                  # 16 ms of virtual time, the firmware ticking
    table.part                         # the game's part (sim.table.part.Part): what the
                                       # board never sees, the mouse's hand on the pieces
    table.marbles.grab(x, y)           # Pyraos: the mouse's hand takes the marble at (x, y) mm
    table.cards.grab(("field", 4))     # Pacal: ... the top card of field 4 (then carry, drop)
    table.diabolo_cards.grab(("hand", 0, 34))  # Diabolo: ... p4 from seat 0's hand (then drop)
    table.perform(event)               # a person's hand makes a move given whole (typed, clicked)
    table.button_down("back"); table.button_up("back")
    table.undo()                       # BACK; against the computer its hand puts the pieces back
    table.game, table.journal          # what the board has accepted (read only)
    table.new_game()                   # MENU, and the board cleared
    table.save(path)                   # the record so far

A computer seat moves when it is to move, the board shows the position of
the game and nobody holds a piece (sim.table.seats): its move
(sim.table.computer) is made by the scripted hand (sim.hand), through the
same physics and sensors as a person's, so it animates and the board judges
it like any other. What each game knows that its board does not, and the
mouse's hand on its pieces, is the game's part, chosen by the game's name
(sim.table.pyraos, sim.table.pacal, sim.table.diabolo: each keeps the
contract of sim.table.part). Diabolo has 3 to 5 seats (``players``' length).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from host_tools.remote.far import Far
from sim import part as game_part
from sim.hand import DEALER, HandError, Steps, Wait, make_hand
from sim.hand import HUMAN as HUMAN_TIMING
from sim.hand.script import Script
from sim.hardware.physics import PhysicsError
from sim.runs.board_play import BoardRun, reference_profile
from sim.table import computer, seats, undo
from sim.table.far_back import FarBack
from sim.table.part import COMPUTER, HUMAN, REMOTE, SEATS, Part
from sim.table.record_file import RecordProblem, read_record
from sim.texts import _, reasons
from tabletop import games
from tabletop.board.contract import SELECT
from tabletop.records import notation
from tabletop.records.record import new_state
from tabletop.sensing.baselines import FRESH_MS

__all__ = ["COMPUTER", "HUMAN", "REMOTE", "SEATS", "Table", "RecordProblem"]
__all__ += ["seats_of", "record_state"]

# A person's hand for a move typed or clicked: the move is thought of
# already, the rest at a person's pace.
TYPED = replace(HUMAN_TIMING, think=(FRESH_MS, FRESH_MS))
# The hand that opens a record: each step as short as a person's gets
# (sim.hand.HUMAN's least), but a second between moves. With less, a marble
# set down near one raised to level 2 under a second before (while the
# sensing still learns that marble's own error, FRESH_MS) can leave the
# board waiting in silence.
_LEAST: dict[str, Any] = {
    step: (getattr(HUMAN_TIMING, step)[0],) * 2
    for step in ("pause", "reach", "lift", "lower", "hover", "react", "press")
}
QUICK = replace(HUMAN_TIMING, think=(FRESH_MS, FRESH_MS), **_LEAST)
SWEEP_MS = 200  # a new game: the board's time to see it swept (sim.table.part's sweep)


class Table:
    def __init__(
        self,
        game: str,
        variant: str,
        seed: int = 0,
        players: tuple[str, ...] = (HUMAN, HUMAN),
        noise: float = 1.0,
        events: list[Any] | None = None,
        level: str = computer.DEFAULT_LEVEL,
        profile: Any = None,
    ) -> None:
        known = games.variants(game)  # (UnknownGame for a game that is not one)
        if variant not in known:
            raise ValueError(f"no {game} variant {variant!r} ({', '.join(known)})")
        for p in players:
            if p not in SEATS:
                raise ValueError(f"a seat is {' or '.join(SEATS)}, not {p!r}")
        low, high = games.part(game, "rules").seats(variant)
        if not low <= len(players) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            raise ValueError(f"{game} {variant} has {want} seat(s), not {len(players)}")
        if level not in computer.LEVELS:
            raise ValueError(f"no computer level {level!r} ({', '.join(computer.LEVELS)})")
        self.game_name = game
        self.variant = variant
        self.seats = len(players)
        self.players = tuple(players)
        self.level = level  # the computer seats' (sim.table.computer)
        self.thinking: Any = None  # a computer seat's search, spread over the frames
        self.thinking_for: tuple[int, int, int] = (-1, -1, -1)  # ... of this moment of the game
        # the board's profile: a maker's own (loaded), or the reference one
        self.profile = profile if profile is not None else reference_profile(game)
        n = self.seats if low != high else 0
        self.board = BoardRun(self.profile, game, variant, seed=seed, noise=noise, players=n)
        self.physics: Any = self.board.physics  # (each game's part narrows it)
        self.hal = self.board.hal
        self.seed = seed
        self.rng = random.Random(seed)
        self.hand = make_hand(self.physics, self.hal, self.profile, seed)  # the computer's
        # ... and a person's, for moves given whole (typed or clicked)
        self.person = make_hand(self.physics, self.hal, self.profile, seed + 1, timing=TYPED)
        self.script: Script | None = None
        self.far: Any = None  # the seats played far away: host_tools.remote.far's Far (link)
        self.far_back: FarBack | None = None  # ... and U's take-back asked of them (link)
        self.back_waits = 0  # a BACK press held back until the far homes have said (ms held)
        self.back_refused = -1  # the events when BACK was refused against a far seat
        self.buttons_down: dict[str, int] = {}
        self.faults: list[str] = []  # where a hand stopped, unable to act (a simulator bug)
        # what the simulator knows of the game that the board never does
        self.part: Part = game_part(game, "table").make(self)
        self.part.start(events or [])  # (no events: MENU, as a person starts a game)
        if events:
            self._play_quickly(events)

    @classmethod
    def open(cls, path: str | Path, **kw: Any) -> Table:
        """A table at the last position of the record at ``path``: its
        events played through the firmware, quickly, by the scripted hand.
        RecordProblem (naming the line) if the record is not a good one."""
        table, _events = cls.open_record(path, **kw)
        return table

    @classmethod
    def open_record(cls, path: str | Path, **kw: Any) -> tuple[Table, list[Any]]:
        """``open``, and the record's events."""
        rec = read_record(path)
        events = list(rec.events)
        if kw.get("players") is not None:
            seats = seats_of(rec.game, rec.variant, len(rec.header.get("players", ())))
            given = tuple(kw["players"])
            kw["players"] = (given * seats)[:seats]
        return cls(rec.game, rec.variant, events=events, **kw), events

    def _play_quickly(self, events: list[Any]) -> None:
        # Every event made as a person would make it, only quickly: the
        # board follows the game exactly as in play (a position merely set
        # out would leave it guessing at power on: a level-3 marble barely
        # shows against the sensors' own errors).
        self.board.start()
        hand = make_hand(self.physics, self.hal, self.profile, self.board.seed, timing=QUICK)
        state = new_state(self.game_name, self.variant, self.board.players)
        for i, ev in enumerate(events):
            if not self.board.act(hand.perform(state.copy(), ev)):
                why = _("the board did not follow event {n} of the record")
                raise RecordProblem(why.format(n=i + 1))
            state.apply(ev)
            self.part.sync()
        self.board.advance(QUICK.pause[1])
        self.part.sync()

    # -- what the board has accepted -------------------------------------------------

    @property
    def now(self) -> int:
        now: int = self.hal.now_ms
        return now

    @property
    def runtime(self) -> Any:
        return self.board.runtime

    @property
    def game(self) -> Any:
        """The firmware's rules state (read only)."""
        return self.runtime.board.game

    @property
    def truth(self) -> Any:
        """The game as the simulator knows it: the firmware's, and in the
        card games with the hands and the pile the board cannot see."""
        return self.part.truth

    @property
    def journal(self) -> Any:
        return self.runtime.journal

    def record_lines(self) -> list[str]:
        """The record so far: the board's journal, with the deals as the
        table made them (the board's own lack the hands)."""
        lines: list[str] = self.journal.lines(self.part.deals())
        return lines

    def record_length(self) -> int:
        """How many lines the record has (its header and the board's events)."""
        return len(self.journal) + 1

    def save(self, path: str | Path) -> None:
        """Write the record so far (docs/RECORDS.md)."""
        Path(path).write_text("\n".join(self.record_lines()) + "\n")

    def busy(self) -> bool:
        """Is a hand (the computer's, or a marble being set down) at work?"""
        return self.script is not None and not self.script.done

    # -- time ------------------------------------------------------------------------

    def advance(self, ms: int) -> None:
        """Run the firmware for ``ms`` of virtual time, tick by tick, the
        table's hand acting between ticks."""
        tick = self.board.tick_ms
        end = self.now + ms
        part = self.part
        while self.now + tick <= end:
            self.board.advance(tick)
            if self.script is not None:
                self._poll(self.script)
            part.sync()
            paused = False
            if self.far is not None and self.far_back is not None:
                self.far.sync()
                self.far_back.take_back()
                paused = self.far_back.paused()  # (an ask open: no move until it is answered)
                if self.back_waits and not part.waits_far():
                    self.hal.press("back", self.now + tick, self.back_waits)
                    self.back_waits = 0
            if self.script is None and not part.holding() and not paused:
                self._table_acts()

    def _poll(self, script: Script) -> None:
        # A hand that finds the pieces where it cannot act (a bug of the
        # simulator's, never the player's) stops, and says so in
        # ``faults``: the game at the board goes on.
        try:
            script.poll(self.now)
        except (PhysicsError, HandError) as err:
            script.stop()
            self.faults.append(f"{self.now} ms: the hand stopped: {err}")
        if script.done:
            self.script = None

    def _table_acts(self) -> None:
        # What the table's own hand does between ticks, first things first:
        # the pieces put back after an undo, a deal, a computer seat's turn.
        part = self.part
        if self.buttons_down:
            return
        steps = part.table_steps()
        if steps is None:
            seats.turn(self)
        else:
            self.run(steps)

    def run(self, steps: Steps) -> None:
        """Have a hand take ``steps`` (sim.hand.Steps), acting between ticks."""
        self.script = Script(steps, self.board, self.now)
        self._poll(self.script)

    def link(self, room: Any) -> None:
        """Its seats played far away (``players``' "remote") through
        ``room`` (host_tools.remote.room's Room, started): host_tools.remote.far."""
        far = {p for p, kind in enumerate(self.players) if kind == REMOTE}
        self.far = Far(self, room, far)
        self.far_back = FarBack(self)

    def game_begun(self) -> bool:
        """Has the table's game begun at the board (not the board's own from
        power on, before the table's MENU)? (host_tools.remote.far)"""
        board = self.runtime.board
        return bool(board.mode != SELECT and board.players == self.seats)

    def far_status(self, undo_key: str) -> str:
        """What a player is told of the room: why the game stops here, or
        that the link is down ('' while all is well, or no seat is far).
        ``undo_key``: the key that asks for a take-back where it is shown
        (the window's U, the terminal's ctrl+b)."""
        far = self.far
        if far is None:
            return ""
        if far.problem:
            return _("The game stops here: {why}").format(why=far.problem)
        if far.taken and not far.room.synced:
            return _("The link to the room is down: trying again")
        back = self.far_back.status() if self.far_back is not None else ""
        if back:
            return back
        if self.back_refused == len(self.journal):
            return _("BACK takes nothing back against someone far away: {key} asks them to").format(
                key=undo_key
            )
        return ""

    def board_matches(self) -> bool:
        return self.part.in_place()

    # -- the buttons -----------------------------------------------------------------

    def button_down(self, name: str) -> None:
        if name not in ("menu", "back"):
            raise ValueError(f"no button {name!r}")
        self.buttons_down.setdefault(name, self.now)

    def button_up(self, name: str) -> None:
        t = self.buttons_down.pop(name, None)
        if t is None:
            return
        held = max(self.board.tick_ms, self.now - t)
        if name == "back" and self.far is not None and self.part.waits_far():
            self.part.people_pass()  # (their word said at once: the far homes go on)
            self.back_waits = held  # (pressed once the far homes have said: advance)
            return
        if name == "back" and self.far is not None and self.part.back_takes_back():
            self.back_refused = len(self.journal)  # (the room's moves: a take-back is asked)
            return
        # the press as it was (sim.hardware.virtual_hal takes a press whole): it
        # starts now, so the firmware reads all of it from the next tick
        self.hal.press(name, self.now + self.board.tick_ms, held)

    def undo(self) -> bool:
        """U at the window: the person's last turn taken back, and with it
        every reply of the computer's seats since, so that the person is to
        move again (a Pyraos turn whole: a place and its take-back; never
        across a deal). BACK is pressed once for each event (the board takes
        back one at a time), and after each the table's hand puts the pieces
        back where the game has them, as the board lights them. False when
        there is no person's move to take back, or a hand is at work. (BACK
        pressed on the board itself takes one event back and leaves the
        pieces to the person, as at a real board.)"""
        if self.busy() or self.part.holding():
            return False
        if self.far is not None:  # (its moves are the room's: U or ctrl+b asks, far_back)
            self.back_refused = len(self.journal)
            return False
        count = undo.count(self)
        if not count:
            return False
        self.run(undo.steps(self, count))
        return True

    def new_game(self) -> None:
        """MENU for a new game of the same kind, and the board cleared."""
        if self.script is not None:
            self.script.stop()
        self.part.drop_held()
        self.run(self.hand.at_pace(DEALER, self._new_game()))

    def _new_game(self) -> Steps:
        # MENU pressed at once (the person asked for it: at a machine's
        # pace, DEALER's), then the table's hand sweeps every piece off the board in one go
        yield from self.hand.press_menu(at_once=True)
        self.part.new_game()
        self.part.sweep()
        yield Wait(SWEEP_MS, "the board swept")

    # -- a move given whole (typed, clicked) ------------------------------------------

    def perform(self, event: Any) -> str:
        """Have a person's hand make ``event`` at the board (a typed or
        clicked move: the scripted hand, no mistakes, a short think); ''
        when started, else why not (the rules' reason for an illegal one)."""
        if self.busy() or self.part.holding():
            return _("a hand is still at work: wait a moment")
        state = self.truth
        fault = state.fault(event)
        if fault is not None:
            return reasons.reason(self.game_name, fault)
        own = self.part.perform(event)
        if own is not None:
            return own
        person = self.person
        person.expected = len(self.journal)
        self.run(person.perform(state.copy(), event))
        return ""

    def active_seat(self) -> int | None:
        """The human seat that is to act now (the first, when both build;
        Diabolo at scoring: the seat asked to show its cards, or the first
        that may declare a double)."""
        for p in self.part.seats_to_act():
            if self.players[p] == HUMAN:
                return p
        return None

    # -- the mouse's hand (the game's part) --------------------------------------------

    @property
    def mouse_holds(self) -> bool:
        """Is a piece in the mouse's hand?"""
        return self.part.holding()

    @property
    def marbles(self) -> Any:
        """The Pyraos part (sim.table.pyraos.PyraosMarbles); None at another game."""
        return self.part if self.game_name == "pyraos" else None

    @property
    def cards(self) -> Any:
        """The Pacal part (sim.table.pacal.PacalCards); None at another game."""
        return self.part if self.game_name == "pacal" else None

    @property
    def diabolo_cards(self) -> Any:
        """The Diabolo part (sim.table.diabolo.DiaboloCards); None at another game."""
        return self.part if self.game_name == "diabolo" else None

    def settled(self) -> bool:
        """No piece is still falling or bouncing."""
        settled = getattr(self.physics, "settled", None)
        return settled is None or bool(settled(self.now))

    # -- what the window shows -------------------------------------------------------

    def led(self, name: str) -> tuple[int, int, int] | None:
        """What LED ``name`` shows in the firmware's last frame, its
        brightness taken relative to the profile's cap (the window shows the
        cap as full); None when dark."""
        rgb = self.hal.light(name)
        if max(rgb) == 0:
            return None
        cap = max(1, round(255 * self.profile.brightness))
        k = 255 / cap
        r, g, b = (min(255, round(c * k)) for c in rgb)
        return (r, g, b)

    def moves_text(self, events: list[Any] | None = None) -> list[str]:
        """The accepted events (or ``events``) in record notation, one per line."""
        if events is not None:
            return [json.dumps(notation.to_json(self.game_name, ev)) for ev in events]
        return self.record_lines()[1:]


def seats_of(game: str, variant: str, players: int) -> int:
    """How many seats a table of ``game`` has: the count its rules seat
    (Pacal solo one, a duel and Pyraos two), or for a game seated by 3 to 5
    (Diabolo) ``players`` when that is a count it seats, else the reference
    board's."""
    low, high = games.part(game, "rules").seats(variant)
    if low == high:
        return int(low)
    return players if low <= players <= high else int(reference_profile(game).players)


def record_state(table: Table, events: list[Any]) -> Any:
    """The rules state after ``events`` of a game like ``table``'s."""
    state = new_state(table.game_name, table.variant, len(table.players))
    for ev in events:
        state.apply(ev)
    return state
