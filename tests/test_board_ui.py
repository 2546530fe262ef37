"""What a player sees and does at the Pacal board, apart from making moves, at
the sensor level on the virtual board through the real firmware (hal, sensing,
controller, render): the power-on animation and the buttons, the legal fields
of the card in play, turn and score lights, undo. The Pyraos board:
test_board_ui_pyraos.py; the harness and where every expectation comes from:
tests/board_ui.py.
"""

from __future__ import annotations

from sim.hardware.physics import PacalPhysics
from sim.runs.selfplay import play_game
from tabletop.records.record import Record
from tabletop.rules import pacal
from tests.board_ui import (
    GOLDEN,
    QUIET_MS,
    Board,
    Event,
    golden,
    player,
    profile_variants,
)

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
    assert lit == {f"field0.{i + 1}": "player0" for i in range(n)}, f"{n} cards used: {lit}"
