"""Pacal in the simulator's window under SDL's dummy video driver, played
with synthetic mouse events: two people at one window (the hands hidden
between their turns), and the solo game."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from sim.hardware.lights import same_colour
from sim.table import computer
from sim.table.table import Table
from sim.window import pacal_scene, style
from sim.window.app import App
from sim.window.pacal import PacalView
from tabletop.rules import pacal
from tests.window_support import AtTheWindow


class Player(AtTheWindow):
    """People at the window: drag cards, click, watch the pixels."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rng = random.Random(4)

    def mouse(self, kind: int, pos: tuple[int, int]) -> None:
        if kind == pygame.MOUSEMOTION:
            pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        else:
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        self.frames(2)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.mouse(pygame.MOUSEBUTTONDOWN, start)
        for i in range(1, 7):
            at = (start[0] + (end[0] - start[0]) * i // 6, start[1] + (end[1] - start[1]) * i // 6)
            self.mouse(pygame.MOUSEMOTION, at)
        self.mouse(pygame.MOUSEBUTTONUP, end)
        self.frames(12)  # a person sees what came of it

    @property
    def view(self) -> PacalView:
        """The game's view at the window: its places, who sees which hand."""
        assert isinstance(self.app.view, PacalView)
        return self.app.view

    def places(self) -> pacal_scene.Places:
        return self.view.places

    def card_at(self, p: int, card: int) -> tuple[int, int]:
        hand = self.view.cards.hand(p)
        return self.places().hand_card(p, hand.index(card), len(hand)).center

    def field(self, p: int, field: int) -> tuple[int, int]:
        return self.places().fields[p * pacal.FIELDS + field - 1].center

    def slot(self, s: int) -> tuple[int, int]:
        return self.places().slots[s].center

    def hand_area(self, p: int) -> tuple[int, int]:
        area = self.places().hands[p]
        return (area.right - 20, area.centery)

    def shows(self, led: str, colour: str) -> bool:
        self.app.draw()
        r, g, b, _ = self.app.screen.get_at(pacal_scene.led_point(self.places(), led))
        return same_colour((r, g, b), self.table.profile.colours[colour])

    def read(self, p: int, field: int) -> bool:
        """The card on p's reader was read: its slot, which invited it, goes
        dark, or the field it is for lights in p's colour."""
        self.app.draw()
        slot = pacal_scene.led_point(self.places(), f"slot{p}")
        return self.app.screen.get_at(slot)[:3] == pacal_scene.FELT or self.shows(
            f"field{p}.{field}", f"player{p}"
        )

    def take_the_device(self, p: int) -> None:
        """Two people: the one to act takes the device (the pass screen)."""
        self.wait(
            lambda: self.table.active_seat() == p and (self.view.passing or self.view.show()[p])
        )
        if self.view.passing:
            self.mouse(pygame.MOUSEBUTTONDOWN, (10, 10))
            self.mouse(pygame.MOUSEBUTTONUP, (10, 10))
        assert self.view.show()[p] and not self.view.show()[1 - p]

    def play(self, event: Any) -> None:
        """Make ``event`` with the mouse and wait for the board to take it."""
        table = self.table
        self.wait(lambda: not table.busy())  # (the table's hand dealing)
        n = len(table.journal.events)
        kind, p, a, b = event
        truth = table.truth
        if kind == pacal.OFFER:
            self.take_the_device(p)
            self.drag(self.card_at(p, a), self.slot(0))
            self.drag(self.card_at(p, b), self.slot(1))
        elif kind == pacal.TAKE:
            self.take_the_device(p)
            s = 0 if table.physics.slot_card(0) == a else 1
            self.drag(self.slot(s), self.hand_area(p))
            # the offerer takes back the other (after the device is passed,
            # if the take made it the other's turn to build)
            self.frames(5)
            active = table.active_seat()
            if self.view.passing and active is not None:
                self.take_the_device(active)
            self.drag(self.slot(1 - s), self.hand_area(1 - p))
        elif kind == pacal.PLACE:
            if table.variant == pacal.SOLO:
                self.drag(self.places().piles[0].center, self.slot(0))
                self.wait(lambda: self.read(0, b))
                self.drag(self.slot(0), self.field(p, b))
            else:
                self.take_the_device(p)
                if truth.phase == pacal.P_LAST:
                    self.drag(self.card_at(p, a), self.slot(p))
                    self.wait(lambda: self.read(p, b))
                    self.drag(self.slot(p), self.field(p, b))
                else:
                    assert self.shows(f"field{p}.{b}", f"player{p}")  # where it may go: lit
                    self.drag(self.card_at(p, a), self.field(p, b))
        elif kind == pacal.KEEP:
            self.take_the_device(p)
            self.drag(self.card_at(p, a), self.slot(p))
            self.wait(lambda: self.read(p, 0))
            self.click("back")
            self.drag(self.slot(p), self.hand_area(p))
        else:
            raise AssertionError(f"not played in this test: {event}")
        self.wait(lambda: len(table.journal.events) > n)
        assert table.journal.events[n] == event
        self.show_unbuildable(truth)

    def show_unbuildable(self, before: Any) -> None:
        """A last card the rules keep for its player (it fits nowhere) is
        still laid on the reader, shown red, and lifted back."""
        after = self.table.truth
        for p in (0, 1):
            kept = pacal.L_KEPT + p
            for c in range(1, pacal.CARDS + 1):
                if after.loc[c] == kept and before.loc[c] != kept and c in self.view.cards.hand(p):
                    if any(ev == (pacal.KEEP, p, c, 0) for ev in self.table.journal.events):
                        continue
                    self.take_the_device(p) if self.table.active_seat() == p else None
                    self.view.show_both = True
                    self.drag(self.card_at(p, c), self.slot(p))
                    self.wait(lambda p=p: self.shows(f"slot{p}", "error"))  # type: ignore[misc]
                    self.drag(self.slot(p), self.hand_area(p))
                    self.view.show_both = False

    def click(self, button: str) -> None:
        at = pacal_scene.button(self.places(), button).center
        self.mouse(pygame.MOUSEBUTTONDOWN, at)
        self.frames(8)
        self.mouse(pygame.MOUSEBUTTONUP, at)


@pytest.fixture
def duel() -> Iterator[Player]:
    app = App(Table("pacal", "duel", seed=6, players=("human", "human")), size=(1200, 720))
    player = Player(app)
    player.wait(lambda: player.table.truth.phase == pacal.P_OFFER)
    yield player
    pygame.quit()


def test_two_people_play_pacal_duel_turns_with_the_mouse(duel: Player) -> None:
    table = duel.table
    # the table dealt: each player has fifteen cards, the board knows none
    assert len(duel.view.cards.hand(0)) == len(duel.view.cards.hand(1)) == 15
    assert table.game.known is False
    # a card laid where it may not go shows red until lifted
    wrong_done = False
    while table.truth.turns_done < 5:
        truth = table.truth
        for p in truth.to_move():
            event = computer.choose(truth, duel.rng, p)
            if event[0] == pacal.PLACE and not wrong_done:
                wrong = [f for f in range(1, 11) if f not in truth.fields(p, event[2])]
                if wrong:
                    led = f"field{p}.{wrong[0]}"
                    duel.take_the_device(p)
                    duel.drag(duel.card_at(p, event[2]), duel.field(p, wrong[0]))
                    duel.wait(lambda led=led: duel.shows(led, "error"))  # type: ignore[misc]
                    duel.drag(duel.field(p, wrong[0]), duel.hand_area(p))
                    duel.wait(lambda led=led: not duel.shows(led, "error"))  # type: ignore[misc]
                    wrong_done = True
            duel.play(event)
            break
    assert wrong_done
    # the board's game is the table's, but for the hands it never saw
    assert table.game.pyramid(0) == table.truth.pyramid(0)
    assert table.game.pyramid(1) == table.truth.pyramid(1)
    assert duel.view.passing or duel.view.show().count(True) == 1


def test_a_whole_solo_game_with_the_mouse() -> None:
    # Each card from the pile onto the reader, then onto a lit field, until
    # one fits nowhere: laid on the reader, the board sees the game is lost.
    app = App(Table("pacal", "solo", seed=8, players=("human",)), size=(1200, 720))
    player = Player(app)
    table = player.table
    player.wait(lambda: table.truth.phase == pacal.P_BUILD)
    while not table.truth.is_over():
        player.play(computer.choose(table.truth, player.rng, 0))
    if not table.truth.complete(0):
        player.drag(player.places().piles[0].center, player.slot(0))
    player.wait(lambda: table.game.is_over())
    assert table.game.cards_used() == table.truth.cards_used() > 10
    assert table.game.outcome() == table.truth.outcome()
    pygame.quit()


def test_r_overlays_each_fields_reading(duel: Player) -> None:
    table = duel.table
    truth = table.truth
    p = truth.to_move()[0]
    duel.play(computer.choose(truth, duel.rng, p))  # an offer
    while table.truth.phase != pacal.P_BUILD:
        truth = table.truth
        duel.play(computer.choose(truth, duel.rng, truth.to_move()[0]))
    truth = table.truth
    q = truth.to_move()[0]
    duel.play(computer.choose(truth, duel.rng, q))  # a build
    built = [f for f in range(pacal.FIELDS) if table.truth.pyramid(q)[f]]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))
    duel.frames(3)
    readings = style.field_readings(table)
    levels = table.profile.field_levels
    for f in range(2 * pacal.FIELDS):
        raw, expected = readings[f]
        count = 1 if f - q * pacal.FIELDS in built else 0
        assert expected == levels[f][count]
        assert abs(raw - expected) < abs(levels[f][1] - levels[f][0]) // 3


def random_event(state: Any, rng: random.Random, p: int) -> Any:
    return rng.choice([m for m in state.legal_moves() if m[1] == p])


@pytest.mark.parametrize(
    ("seed", "sensible", "ending"),
    [(6, False, "cannot build"), (2, True, "after all cards")],
)
def test_a_whole_duel_round_with_the_mouse(seed: int, sensible: bool, ending: str) -> None:
    # Offers, takes and builds until the round ends: with random builds a
    # player is soon stuck (seed 6); built with sense, the round runs its
    # fourteen turns and the last cards are read on the slots, then built,
    # kept (BACK) or, fitting nowhere, shown red (seed 2).
    app = App(Table("pacal", "duel", seed=seed, players=("human", "human")), size=(1200, 720))
    duel = Player(app)
    duel.rng = random.Random(seed)
    table = duel.table
    duel.wait(lambda: table.truth.phase == pacal.P_OFFER)
    covered = False
    while not table.truth.results:
        truth = table.truth
        p = truth.to_move()[0]
        pick = computer.choose if sensible else random_event
        duel.play(pick(truth, duel.rng, p))
        covered = covered or any(table.truth.covered(q)[f] for q in (0, 1) for f in range(10))
    assert table.game.results == table.truth.results
    assert ending in table.truth.reasons[0]
    assert covered  # (a build over another card on the way)
    if sensible:
        assert table.truth.turns_done == pacal.TURNS
    pygame.quit()


def test_a_pacal_record_stepped_through_in_the_window(tmp_path: Path) -> None:
    # A record opened at the board, then Left: the build it ended with is
    # undone on screen (its field empty), End: the board again.
    table = Table("pacal", "duel", seed=3, players=("computer", "computer"))
    while not (table.journal.events and table.journal.events[-1][0] == pacal.PLACE):
        table.advance(100)
    record = tmp_path / "duel.jsonl"
    table.save(record)
    app = App(Table("pacal", "duel", seed=1, players=("human", "human")), size=(1200, 720))
    assert app.open(str(record))
    player = Player(app)
    _, p, _, field = app.table.journal.events[-1]
    rect = player.places().fields[p * pacal.FIELDS + field - 1]
    app.draw()
    assert app.screen.get_at((rect.x + 3, rect.bottom - 3))[:3] == pacal_scene.CARD_FACE
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    player.frames()
    assert app.viewing == len(app.record) - 1
    assert app.screen.get_at((rect.x + 3, rect.bottom - 3))[:3] == pacal_scene.FIELD  # empty
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    player.frames()
    assert app.viewing is None
    pygame.quit()
