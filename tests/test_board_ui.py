"""What a player sees and does at the board, apart from making moves, at the
sensor level on the virtual board through the real firmware (hal, sensing,
controller, render): the power-on animation and the buttons, the legal targets
of the piece in play, turn, score and reserve lights, undo.

Every expectation comes from the rules (tabletop.rules: legal moves, the
reserves, the wins, the cards to build, the outcome) or from docs/FIRMWARE.md
(which colour means what), never from the rendering code under test. Lights
are read by name (the profile's led_map) and compared by colour with
``sim.lights.same_colour``: the brightness cap and pulses scale a colour,
they do not change it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from sim.board_play import BoardRun, reference_profile
from sim.hand import Timing
from sim.lights import same_colour
from sim.physics import PacalPhysics, PyraosPhysics, sensor_below
from sim.selfplay import play_game
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.records.record import Record
from tabletop.rules import pacal, pyraos
from tabletop.rules.pyraos_geometry import ABOVE, POSITIONS

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


# --- Pyraos ----------------------------------------------------------------------------


class Pyraos(Board):
    def __init__(self, variant: str, seed: int = 1) -> None:
        super().__init__("pyraos", variant, seed)
        assert isinstance(self.run.physics, PyraosPhysics)
        self.physics: PyraosPhysics = self.run.physics
        self.checked = {"place": 0, "take-back": 0, "raise": 0, "red": 0}  # situations seen

    def new_game(self, variant: str) -> None:
        """After MENU: the hand clears the board (if need be); a new game."""
        if self.physics.occupied():
            self.run.act(self.run.hand.clear_board())
            self.wait(QUIET_MS)
        self.state = pyraos.Pyraos(variant)
        self.moves = []
        self.before = []
        self.sync()

    def cups(self) -> dict[str, str]:
        """What the 25 position lights show."""
        return self.lit(PYRAOS_SENSORS)

    # -- the hand, by hand --------------------------------------------------------

    def lift(self, pos: int) -> None:
        """Lift the marble on ``pos`` and hold it well above its place."""
        self.physics.pick_up(pos, self.now)
        self.physics.move_over(pos, 40.0, self.now, 250)
        self.wait(QUIET_MS)

    def away(self, side: int) -> None:
        """Carry the held marble off to a reserve (still in the hand)."""
        self.physics.move_to_reserve(self.now, 300, side)
        self.wait(300 + QUIET_MS)

    def drop_in_reserve(self, side: int) -> None:
        self.away(side)
        self.physics.to_reserve(self.now)
        self.wait(QUIET_MS)

    def set_down(self, pos: int) -> None:
        """Set the held marble down on ``pos``."""
        self.physics.move_over(pos, 40.0, self.now, 300)
        self.wait(300)
        self.physics.move_over(pos, 2.0, self.now, 250)
        self.wait(250)
        self.physics.release(pos, self.now)
        self.wait(2 * QUIET_MS)

    def from_reserve(self, pos: int, side: int) -> None:
        self.physics.take_from_reserve(self.now, side)
        self.set_down(pos)

    # -- what the rules say -------------------------------------------------------

    def targets(self, kind: int, first: int = -1) -> dict[str, str]:
        """The lights of the legal places of a reserve marble (PLACE), of the
        marbles that may be taken back (REMOVE), or of the second marble
        once ``first`` is taken, in the mover's colour."""
        s = self.state
        if kind == pyraos.REMOVE and first >= 0:
            places = {m[3] for m in s.legal_moves() if m[2] == first and m[3] >= 0}
        else:
            places = {m[2] for m in s.legal_moves() if m[0] == kind}
        return {sensor_below(x): player(s.turn) for x in places}

    def expect_idle(self, where: str = "") -> None:
        """The lights at a quiet moment: the targets of the piece in play (a
        reserve marble, or in a take-back the marbles that may be taken) in
        the mover's colour and nothing else on the pyramid; the mover's turn
        light; the reserve bars."""
        s = self.state
        assert not s.is_over()
        p = s.turn
        kind = pyraos.REMOVE if s.phase == pyraos.P_REMOVE else pyraos.PLACE
        want = self.targets(kind)
        assert self.cups() == want, f"{where} {len(self.moves)} moves: {self.cups()} want {want}"
        self.checked["take-back" if kind == pyraos.REMOVE else "place"] += 1
        assert self.shows(f"turn{p}", player(p))
        assert self.dark(f"turn{1 - p}")
        self.expect_reserves()

    def expect_reserves(self) -> None:
        for who in (0, 1):
            bar = self.lit(f"reserve{who}.{i}" for i in range(15))
            assert set(bar.values()) <= {player(who)}, bar
            assert len(bar) == self.state.reserve[who], (who, bar, self.state.reserve)

    def expect_winner_glows(self) -> None:
        s = self.state
        w = s.outcome().winner
        assert w is not None
        want = {sensor_below(x): player(w) for x in bits(s.marbles[w])}
        assert self.cups() == want
        assert self.dark("turn0") and self.dark("turn1")
        self.expect_reserves()
        glow = self.levels(sensor_below(bits(s.marbles[w])[0]), 1200)
        assert len(glow) >= 4 and 0 not in glow, f"the winner's marbles do not glow: {glow}"

    def expect_lifts(self, which: int, wrong: bool) -> None:
        """Lift a marble the mover may raise (the ``which``-th, round the
        list) and hold it above its place: where it may go lights in the
        mover's colour, its place in the hint colour (put it back here); set
        back, nothing happened. With ``wrong``, also lift a loose marble that
        may not be raised now and carry it off: its place shows red until
        it is put back."""
        s = self.state
        if s.phase != pyraos.P_MOVE:
            return
        raises: dict[int, set[int]] = {}
        for m in s.legal_moves():
            if m[0] == pyraos.RAISE:
                raises.setdefault(m[2], set()).add(m[3])
        occ = s.occupied()
        others = [i for i in bits(occ) if not occ & ABOVE[i] and i not in raises]
        if not raises and not (wrong and others):
            return
        self.wait(FRESH_MS)
        if raises:
            src = sorted(raises)[which % len(raises)]
            self.lift(src)
            want = {sensor_below(d): player(s.turn) for d in raises[src]}
            want[sensor_below(src)] = "hint"
            assert self.cups() == want, f"lifted {sensor_below(src)}: {self.cups()} want {want}"
            self.checked["raise"] += 1
            self.set_down(src)
            assert self.journal() == self.moves
            self.expect_idle("set back")
        if wrong and others:
            x = others[which % len(others)]
            self.lift(x)
            self.away(s.turn)
            assert self.cups() == {sensor_below(x): "error"}, f"lifted {sensor_below(x)}"
            self.checked["red"] += 1
            self.set_down(x)
            assert self.journal() == self.moves
            self.expect_idle("put back")

    def play(self, events: Iterable[Event], check: bool = False) -> None:
        """The hand makes the moves; with ``check``, the lights are checked
        before each (and marbles lifted to see their targets)."""
        for i, event in enumerate(events):
            if check:
                self.wait(QUIET_MS)
                self.expect_idle()
                self.expect_lifts(i, i % 4 == 1)
            self.do(event)
        self.wait(QUIET_MS)


def pyraos_game(variant: str, seed: int) -> list[Event]:
    events: list[Event] = play_game("pyraos", variant, seed).events
    return events


def first_index(events: list[Event], variant: str, test: Any) -> int:
    """The index of the first event for which ``test(state, event)`` holds."""
    s = pyraos.Pyraos(variant)
    for i, ev in enumerate(events):
        if test(s, ev):
            return i
        s.apply(ev)
    raise AssertionError("no such event in the game")


# --- Pyraos: power on, MENU --------------------------------------------------------------


def test_pyraos_power_on_animates_until_menu_starts_a_game() -> None:
    b = Pyraos("standard")
    b.wait(500)
    assert b.frames_during(1500) >= 8, "no game-select animation at power on"
    b.physics.take_from_reserve(b.now)  # a marble set down now is no move
    b.set_down(5)
    assert b.journal() == []
    b.physics.pick_up(5, b.now)
    b.drop_in_reserve(0)
    b.press("menu")
    b.wait(QUIET_MS)
    assert b.frames_during(1500) == 0, "the animation goes on after MENU"
    b.expect_idle()  # all 16 cups for player 0, reserves 15 and 15
    assert len(b.cups()) == 16
    b.do((pyraos.PLACE, 0, 5, -1))


def test_pyraos_menu_mid_game_starts_a_new_game_on_an_empty_board() -> None:
    b = Pyraos("standard", seed=2)
    b.start()
    events = pyraos_game("standard", 2)[:6]
    b.play(events)
    b.press("menu")
    b.wait(QUIET_MS)
    assert b.journal() == []
    on_board = {sensor_below(x) for x in bits(b.physics.occupied())}
    assert set(b.cups()) == on_board and set(b.cups().values()) == {"error"}
    b.new_game("standard")
    b.expect_idle()
    b.do(events[0])


def test_pyraos_long_menu_cycles_the_profiles_variants() -> None:
    b = Pyraos("standard")
    b.start()
    variants = profile_variants(b.profile)
    assert variants[0] == "standard" and len(variants) > 1
    for i in range(1, len(variants) + 1):
        b.long_press("menu")
        b.wait(QUIET_MS)
        want = variants[i % len(variants)]
        assert b.board.game.variant == want
        assert b.run.runtime.journal.header()["variant"] == want
        b.new_game(want)
        b.expect_idle(want)
        if want == "lines":
            # what the player notices: a row of four earns a take-back
            row = ((0, 0), (1, 12), (0, 1), (1, 13), (0, 2), (1, 14), (0, 3))
            b.play((pyraos.PLACE, p, x, -1) for p, x in row)
            assert b.state.phase == pyraos.P_REMOVE
            b.expect_idle("a row in lines")


# --- Pyraos: targets, reserves, turn, take-backs over whole games --------------------------


@pytest.mark.parametrize(("variant", "seed"), [("kids", 47), ("lines", 52)])
def test_pyraos_lights_follow_a_whole_game(variant: str, seed: int) -> None:
    """Before every move of a whole random game: exactly the legal targets
    light, in the mover's colour; lifted marbles show where they may go (or
    red); turn light, reserve bars; at the end the winner's marbles glow."""
    b = Pyraos(variant, seed)
    b.start()
    events = pyraos_game(variant, seed)
    b.play(events, check=True)
    b.expect_winner_glows()
    assert all(b.checked.values()) or variant == "kids" and not b.checked["take-back"], b.checked


def test_pyraos_standard_game_and_back_after_the_winning_move() -> None:
    """A whole standard game checked as above; then BACK after the winning
    move: the marble to lift shows red, the game goes on once it is lifted,
    and the move made again wins again."""
    seed = 91
    events = pyraos_game("standard", seed)
    b = Pyraos("standard", seed)
    b.start()
    b.play(events, check=True)
    b.expect_winner_glows()
    assert all(b.checked.values()), b.checked
    last = events[-1]
    assert last[0] == pyraos.PLACE
    b.press("back")
    b.wait(QUIET_MS)
    b.undone()
    assert b.journal() == b.moves
    assert b.cups() == {sensor_below(last[2]): "error"}
    b.physics.pick_up(last[2], b.now)
    b.drop_in_reserve(last[1])
    b.expect_idle("after BACK")
    b.do(last)
    b.wait(QUIET_MS)
    b.expect_winner_glows()


# --- Pyraos: BACK ------------------------------------------------------------------------


def test_pyraos_back_undoes_a_placed_marble() -> None:
    seed = 91
    events = pyraos_game("standard", seed)
    b = Pyraos("standard", seed)
    b.start()
    b.play(events[:9])
    place = events[8]
    assert place[0] == pyraos.PLACE and b.state.phase == pyraos.P_MOVE
    b.press("back")
    b.wait(QUIET_MS)
    b.undone()
    assert b.journal() == b.moves  # the journal has lost the move
    here = sensor_below(place[2])
    assert b.cups() == {here: "error"}, "the marble to lift is not shown"
    b.expect_reserves()
    b.wait(1500)
    assert b.cups() == {here: "error"} and b.journal() == b.moves  # it waits
    b.physics.pick_up(place[2], b.now)
    b.drop_in_reserve(place[1])
    b.expect_idle("after BACK")
    other = next(m for m in b.state.legal_moves() if m != place)
    b.do(other)
    b.wait(QUIET_MS)
    b.expect_idle("after another move")


def test_pyraos_back_undoes_a_raise() -> None:
    seed = 91
    events = pyraos_game("standard", seed)
    k = first_index(events, "standard", lambda s, e: e[0] == pyraos.RAISE)
    b = Pyraos("standard", seed)
    b.start()
    b.play(events[: k + 1])
    _, p, src, dst = events[k]
    b.press("back")
    b.wait(QUIET_MS)
    b.undone()
    assert b.journal() == b.moves
    want = {sensor_below(dst): "error", sensor_below(src): "hint"}
    assert b.cups() == want, "what to lift (red) and where to put it (hint) is not shown"
    b.wait(1000)
    assert b.cups() == want and b.journal() == b.moves
    b.physics.pick_up(dst, b.now)
    b.physics.move_over(dst, 40.0, b.now, 250)
    b.wait(250)
    b.set_down(src)
    b.expect_idle("after BACK")
    other = next(m for m in b.state.legal_moves() if m != events[k])
    b.do(other)


def test_pyraos_take_back_one_with_back_then_back_undoes_it() -> None:
    """After a square the marbles that may be taken light; with one taken
    the second choices light until BACK says one is enough; BACK right after
    that take-back undoes it (the marble lights to be put back) and the
    take-back is due again."""
    seed = 91
    events = pyraos_game("standard", seed)
    k = first_index(events, "standard", lambda s, e: e[0] == pyraos.REMOVE)
    b = Pyraos("standard", seed)
    b.start()
    b.play(events[:k])
    s = b.state
    p = s.turn
    assert s.phase == pyraos.P_REMOVE
    b.expect_idle("a take-back is due")
    b.wait(FRESH_MS)
    x = next(m[2] for m in s.legal_moves() if m[3] >= 0)  # one with a second choice
    b.lift(x)
    b.drop_in_reserve(p)
    assert b.cups() == b.targets(pyraos.REMOVE, x), "the second choices do not light"
    assert b.journal() == b.moves
    b.wait(1500)
    assert b.journal() == b.moves, "one marble taken, no BACK: the board must wait"
    b.press("back")
    b.wait(QUIET_MS)
    b.note((pyraos.REMOVE, p, x, -1))
    b.sync()
    b.expect_idle("one taken back")  # the other player's turn, the bar one longer
    b.press("back")
    b.wait(QUIET_MS)
    b.undone()
    assert b.journal() == b.moves
    assert b.cups() == {sensor_below(x): "hint"}, "the marble to put back is not shown"
    b.from_reserve(x, p)
    b.expect_idle("the take-back is due again")
    b.do(events[k])
    b.play(events[k + 1 : k + 3])


# --- Pacal ---------------------------------------------------------------------------------


class Pacal(Board):
    def __init__(self, variant: str, seed: int = 1) -> None:
        super().__init__("pacal", variant, seed)
        assert isinstance(self.run.physics, PacalPhysics)
        self.physics: PacalPhysics = self.run.physics

    def fields(self, p: int) -> dict[str, str]:
        return self.lit(f"field{p}.{f}" for f in range(1, 11))

    def targets(self, p: int) -> dict[str, str]:
        """Where the rules let player p build the card they must build now."""
        fields = {m[3] for m in self.state.legal_moves() if m[0] == pacal.PLACE and m[1] == p}
        return {f"field{p}.{f}": player(p) for f in fields}

    def expect_idle(self) -> None:
        """At a quiet moment: the turn lights of whoever is to act; the legal
        fields of each card to build in its player's colour, nothing else on
        the pyramids; the rounds won."""
        s = self.state
        ph = s.phase
        on: set[int] = set()
        if ph == pacal.P_OFFER:
            on = {s.turn}
        elif ph == pacal.P_TAKE:
            on = {1 - s.turn}
        elif ph == pacal.P_BUILD:
            on = {p for p in (0, 1) if s.pending[p]}
        for p in (0, 1):
            name = f"turn{p}"
            assert self.shows(name, player(p)) if p in on else self.dark(name), (name, ph)
            if ph == pacal.P_BUILD:
                assert self.fields(p) == self.targets(p), (p, self.fields(p), self.targets(p))
            elif ph in (pacal.P_OFFER, pacal.P_TAKE):
                assert self.fields(p) == {}
        self.expect_wins()

    # -- the hand, by hand ------------------------------------------------------------

    def to_slot(self, slot: int, card: int) -> None:
        self.physics.take_card(card, self.now)
        self.wait(300)
        self.physics.lay_on_slot(slot, self.now)
        self.wait(QUIET_MS)

    def off_slot(self, slot: int) -> None:
        """Lift the card off a slot; it stays in the hand, away from the board."""
        self.physics.lift_from_slot(slot, self.now)
        self.wait(QUIET_MS)

    def build(self, p: int, field: int) -> None:
        f = 10 * p + field - 1
        self.physics.hold_over_field(f, 30.0, self.now, 250)
        self.wait(250)
        self.physics.hold_over_field(f, 2.0, self.now, 200)
        self.wait(200)
        self.physics.lay_on_field(f, self.now)
        self.wait(2 * QUIET_MS)

    def read_and_build(self, p: int, card: int, field: int) -> None:
        """A card read on the player's slot, then built: once lifted off the
        slot, exactly its legal fields light."""
        self.to_slot(p, card)
        self.off_slot(p)
        assert self.fields(p) == self.targets(p), (card, self.fields(p), self.targets(p))
        self.build(p, field)
        self.note((pacal.PLACE, p, card, field))


# --- Pacal: power on, MENU -----------------------------------------------------------------


def test_pacal_power_on_animates_until_menu_starts_a_game() -> None:
    b = Pacal("duel")
    b.wait(500)
    assert b.frames_during(1500) >= 8, "no game-select animation at power on"
    b.press("menu")
    b.wait(QUIET_MS)
    # a duel starts with the base cards: both slots invite one (pulsing)
    for p in (0, 1):
        assert b.fields(p) == {}, "the select animation goes on after MENU"
        assert b.shows(f"slot{p}", player(p))
        assert len(b.levels(f"slot{p}", 600)) > 2
    b.expect_wins()


def test_pacal_long_menu_cycles_the_profiles_variants() -> None:
    b = Pacal("duel")
    b.start()
    variants = profile_variants(b.profile)
    assert variants[0] == "duel" and len(variants) > 1
    for i in range(1, len(variants) + 1):
        b.long_press("menu")
        b.wait(QUIET_MS)
        want = variants[i % len(variants)]
        assert b.board.game.variant == want
        assert b.run.runtime.journal.header()["variant"] == want
        # what the player sees: solo reads its cards on slot 0 alone; a
        # duel wants both players' base cards
        assert b.shows("slot0", "player0")
        assert b.shows("slot1", "player1") == (want == "duel")
        assert b.dark("slot1") == (want == "solo")


def test_pacal_menu_mid_game_starts_a_new_game_on_a_clear_board() -> None:
    events = golden("pacal-duel-match")
    b = Pacal("duel")
    b.start()
    for event in events[:5]:  # deal, offer, take, two builds
        b.do(event)
    b.press("menu")
    b.wait(QUIET_MS)
    assert b.journal() == []
    built = {f"field{p}.1": "error" for p in (0, 1)}  # cards left on the board
    assert b.fields(0) | b.fields(1) == built
    b.run.act(b.run.hand.clear_board())
    b.wait(QUIET_MS)
    for p in (0, 1):  # a new duel: the base cards are wanted
        assert b.fields(p) == {} and b.shows(f"slot{p}", player(p))
    b.state = pacal.Pacal("duel")
    b.moves = []
    b.sync()
    b.do(events[0])
    b.wait(QUIET_MS)
    b.expect_idle()


# --- Pacal: a duel match -------------------------------------------------------------------


def test_pacal_duel_match_lights() -> None:
    """A whole match (tests/golden/pacal-duel-match.jsonl), checked after every
    event: turn lights, the legal fields of both cards to build, the round
    wins; the stuck player's pyramid flashes red after round 2; at the end
    the match winner's score lights glow."""
    events = golden("pacal-duel-match")
    b = Pacal("duel")
    b.start()
    stuck_seen = 0
    for event in events:
        b.do(event)
        b.wait(QUIET_MS)
        s = b.state
        if s.phase == pacal.P_DEAL and "cannot build" in s.reasons[-1]:
            stuck = 0 if not s.field_mask(0, s.pending[0]) else 1
            assert s.field_mask(1 - stuck, s.pending[1 - stuck])
            assert b.fields(stuck) == {f"field{stuck}.{f}": "error" for f in range(1, 11)}
            assert b.fields(1 - stuck) == {}
            flash = b.levels(f"field{stuck}.4", 1000)
            assert len(flash) > 2, f"player {stuck}'s pyramid does not flash: {flash}"
            stuck_seen += 1
        elif s.phase == pacal.P_DEAL:
            assert b.fields(0) == {} and b.fields(1) == {}
        b.expect_idle()
    assert stuck_seen == 1
    assert s.is_over()
    w = s.outcome().winner
    assert w is not None and s.wins[w] == 3
    glow = b.levels(f"win{w}.3", 1200)
    assert len(glow) >= 4 and 0 not in glow, "the match winner's score does not glow"
    b.expect_wins()


def stuck_round() -> list[Event]:
    """A duel round in which player 1 is stuck on the third turn: 1 built,
    2 can only cover it, 3 then fits nowhere (docs/RULES.md)."""
    hand0 = (1, 3, 48, 50, *range(4, 15))
    hand1 = (2, 49, *range(15, 28))
    aside = tuple(range(47, 27, -1))  # player 0's top base card is higher: 0 offers
    return [
        (pacal.DEAL, 0, (hand0, hand1), aside),
        (pacal.OFFER, 0, 1, 50),
        (pacal.TAKE, 1, 1, 0),
        (pacal.PLACE, 1, 1, 1),
        (pacal.PLACE, 0, 50, 1),
        (pacal.OFFER, 1, 49, 2),
        (pacal.TAKE, 0, 49, 0),
        (pacal.PLACE, 1, 2, 1),
        (pacal.PLACE, 0, 49, 2),
        (pacal.OFFER, 0, 3, 48),
        (pacal.TAKE, 1, 3, 0),
    ]


def test_pacal_stuck_player_loses_the_match_and_their_pyramid_flashes() -> None:
    """Three rounds won by player 0 because player 1 is stuck: after each,
    player 1's pyramid flashes red and player 0's score grows; the last one
    ends the match, and the stuck pyramid still flashes beside the
    winner's."""
    b = Pacal("duel")
    b.start()
    for _ in range(3):
        for event in stuck_round():
            b.do(event)
        b.wait(QUIET_MS)
        s = b.state
        assert s.results[-1] == 0 and "player 1 cannot build" in s.reasons[-1]
        assert set(b.fields(1).values()) == {"error"} and len(b.fields(1)) == 10
        flash = b.levels("field1.4", 1000)
        assert len(flash) > 2 and 0 not in flash, f"the stuck pyramid does not flash: {flash}"
        b.expect_wins()
        assert "error" not in b.fields(0).values()
    assert b.state.is_over() and b.state.outcome().winner == 0


def test_pacal_back_undoes_a_build() -> None:
    events = golden("pacal-duel-match")
    b = Pacal("duel")
    b.start()
    for event in events[:3]:  # deal, offer, take
        b.do(event)
    b.wait(QUIET_MS)
    b.expect_idle()
    build = events[3]
    _, p, card, field = build
    b.do(build)
    b.wait(QUIET_MS)
    b.press("back")
    b.wait(QUIET_MS)
    b.undone()
    assert b.journal() == b.moves
    assert b.fields(p) == {f"field{p}.{field}": "error"}, "the card to lift is not shown"
    b.wait(1000)
    assert b.fields(p) == {f"field{p}.{field}": "error"}  # it waits
    f = 10 * p + field - 1
    b.physics.lift_from_field(f, b.now)
    b.physics.hold_over_field(f, 40.0, b.now, 250)
    b.wait(250 + QUIET_MS)
    b.physics.hold_away(b.now)
    b.wait(QUIET_MS)
    b.expect_idle()  # both cards to build light their fields again
    other = min(set(b.state.fields(p, card)) - {field})
    b.build(p, other)
    b.note((pacal.PLACE, p, card, other))
    b.sync()
    b.expect_idle()
    b.do(events[4])


def test_pacal_last_cards_back_keeps_one() -> None:
    """After fourteen turns each player lays their last card on their slot:
    once read and lifted, its fields light; BACK with it on the slot keeps
    it (the slot shows red until it is lifted)."""
    seed = 18
    events: list[Event] = play_game("pacal", "duel", seed).events
    b = Pacal("duel", seed)
    b.start()
    for event in events[:57]:
        b.do(event)
    s = b.state
    assert s.phase == pacal.P_LAST and s.pending[0] and s.pending[1]
    b.wait(QUIET_MS)
    for p in (0, 1):
        assert b.shows(f"turn{p}", player(p))
        assert b.shows(f"slot{p}", player(p))  # lay your last card here
    keep = s.pending[0]
    b.to_slot(0, keep)
    assert b.fields(0) == {}
    b.press("back")
    b.wait(QUIET_MS)
    b.note((pacal.KEEP, 0, keep, 0))
    assert b.shows("slot0", "error")
    b.off_slot(0)
    b.physics.put_away(b.now)
    b.wait(QUIET_MS)
    assert b.dark("slot0") and b.dark("turn0")
    last = b.state.pending[1]
    b.read_and_build(1, last, b.state.fields(1, last)[0])
    assert b.state.phase in (pacal.P_DEAL, pacal.P_OVER)
    b.expect_wins()


# --- Pacal: solo -----------------------------------------------------------------------------


def play_solo(b: Pacal, events: list[Event]) -> None:
    b.start()
    b.note(events[0])  # the board deals itself on an empty board
    for event in events[1:]:
        _, p, card, field = event
        b.read_and_build(p, card, field)


def test_pacal_solo_targets_and_the_count_when_won() -> None:
    events = golden("pacal-solo-perfect")
    b = Pacal("solo")
    play_solo(b, events)
    assert b.state.is_over() and b.state.outcome().winner == 0
    n = b.state.cards_used()
    lit = b.fields(0) | b.fields(1)
    want = {f"field{i // 10}.{i % 10 + 1}": "win" for i in range(n)}
    assert lit == want, f"{n} cards used: {lit}"


def test_pacal_solo_the_count_when_lost() -> None:
    lines = (GOLDEN / "pacal-solo-lost.jsonl").read_text().splitlines()
    events: list[Event] = Record.read("\n".join(lines[:4]) + "\n").events
    b = Pacal("solo")
    play_solo(b, events)
    s = b.state
    card = s.pending[0]  # drawn, fits nowhere: the game is lost
    assert s.is_over() and s.outcome().winner is None and not s.field_mask(0, card)
    b.to_slot(0, card)
    n = s.cards_used()
    lit = b.fields(0) | b.fields(1)
    assert lit == {f"field0.{i + 1}": "error" for i in range(n)}, f"{n} cards used: {lit}"
