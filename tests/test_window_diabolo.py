"""Diabolo in the simulator's window under SDL's dummy video driver, played
with synthetic mouse events: a person against two computer seats for a
whole game (cards dragged onto the reader and into the lit slots, the
scoring walked through with the mouse and BACK), five computer seats, the
hands hidden between two people's turns, and the window resized."""

from __future__ import annotations

import os
import random
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from sim.hardware.lights import same_colour
from sim.table import computer
from sim.table.table import Table
from sim.window import diabolo_scene
from sim.window.app import App
from sim.window.diabolo import DiaboloView
from tabletop.board import diabolo_board
from tabletop.board.diabolo_scoring import SHOW
from tabletop.rules import diabolo
from tests.window_support import AtTheWindow


class Person(AtTheWindow):
    """A person at the window: drags cards, presses the board's buttons,
    watches the pixels the window draws."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rng = random.Random(7)

    @property
    def view(self) -> DiaboloView:
        """The game's view at the window: its places, who sees which hand."""
        assert isinstance(self.app.view, DiaboloView)
        return self.app.view

    @property
    def places(self) -> diabolo_scene.Places:
        return self.view.places

    def mouse(self, kind: int, pos: tuple[int, int], frames: int = 2) -> None:
        if kind == pygame.MOUSEMOTION:
            pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        else:
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        self.frames(frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.mouse(pygame.MOUSEBUTTONDOWN, start)
        for i in range(1, 5):
            at = (start[0] + (end[0] - start[0]) * i // 4, start[1] + (end[1] - start[1]) * i // 4)
            self.mouse(pygame.MOUSEMOTION, at, 1)
        self.mouse(pygame.MOUSEBUTTONUP, end)
        self.frames(6)

    def press(self, button: str, ms: int = 120) -> None:
        at = self.places.buttons[button].center
        self.mouse(pygame.MOUSEBUTTONDOWN, at)
        self.frames(ms // 16)
        self.mouse(pygame.MOUSEBUTTONUP, at)
        self.frames(10)

    def idle(self, ms: int = 250) -> None:
        """Watch the computer seats: one frame per ``ms`` of play."""
        self.app.frame(ms)

    def watch(self, predicate: Any, ms: int = 120_000) -> None:
        """Frames of 100 ms until ``predicate()`` holds (the computers at work)."""
        for _ in range(ms // 100):
            if predicate():
                return
            self.idle(100)
        raise AssertionError(f"not seen within {ms} ms: {self.rows()}")

    def pixel(self, at: tuple[int, int]) -> tuple[int, int, int]:
        self.app.draw()
        r, g, b, _ = self.app.screen.get_at(at)
        return (r, g, b)

    def shows(self, led: str, colour: str) -> bool:
        at = diabolo_scene.led_point(self.places, led)
        return same_colour(self.pixel(at), self.table.profile.colours[colour])

    def card_in_hand(self, card: int) -> tuple[int, int]:
        seat = self.view.hand_seat()
        assert seat >= 0, "no hand is shown"
        hand = self.view.cards.hand(seat)
        return self.places.hand_card(hand.index(card), len(hand)).center

    def hand_area(self) -> tuple[int, int]:
        area = self.places.hand
        return (area.centerx, area.y + 6)

    def reader(self) -> tuple[int, int]:
        return self.places.reader.center

    def lift_cover(self, seat: int) -> None:
        """Several people: the seat to act clicks its cover."""
        self.wait(lambda: self.view.cover() == seat or self.view.hand_seat() == seat)
        if self.view.cover() == seat:
            self.mouse(pygame.MOUSEBUTTONDOWN, self.places.hand.center)
            self.mouse(pygame.MOUSEBUTTONUP, self.places.hand.center)
        assert self.view.hand_seat() == seat

    # -- a turn, the scoring ---------------------------------------------------------

    def play(self, event: Any) -> None:
        """Lay (or put out) the card of ``event`` with the mouse; wait until
        the board has taken it."""
        table = self.table
        kind, p, card, side = event
        self.lift_cover(p)
        n = len(table.journal)
        self.drag(self.card_in_hand(card), self.reader())
        if kind == diabolo.DISCARD:
            self.press("back", table.profile.long_press_ms + 200)
            self.wait(lambda: len(table.journal) > n)
            self.drag(self.reader(), self.hand_area())
            return
        c = diabolo.colour_of(card)
        slot = diabolo_scene.slot_of(c, side, table.truth.next_slot(c, side))
        name = diabolo_scene.NAMES[slot]
        self.wait(lambda: self.shows(name, "player0"))  # the slot it may go to lit
        self.drag(self.reader(), self.places.slots[slot].center)
        self.wait(lambda: len(table.journal) > n)

    def score(self, seat: int) -> None:
        """The walk-through asks a person: a double (if the computer would
        declare one there) or BACK; or the cards of the row's colour."""
        dc = self.table.diabolo_cards
        assert dc is not None
        walk = dc.walk()
        assert walk is not None
        colour, stage, asked = walk
        self.lift_cover(seat)
        if stage != SHOW:
            if computer.wants_double(dc.truth, seat, colour):
                n = len(self.table.journal)
                self.drag(self.places.double.center, self.reader())
                self.wait(lambda: len(self.table.journal) > n)
                self.drag(self.reader(), self.hand_area())
            else:
                self.press("back")
            return
        for card in dc.truth.hand(seat):
            if diabolo.colour_of(card) == colour:
                self.drag(self.card_in_hand(card), self.reader())
                self.wait(lambda: self.shows(f"turn{seat}", "win"))  # counted
                self.drag(self.reader(), self.hand_area())
        self.press("back")


def play_game(person: Person, limit_ms: int = 2_000_000) -> None:
    """Until the board shows the game over: the person's turns and scoring
    with the mouse, the computer seats' by the table's hand."""
    table = person.table
    dc = table.diabolo_cards
    assert dc is not None
    rng = random.Random(3)
    while table.now < limit_ms:
        if table.game.is_over() and table.runtime.board.mode == diabolo_board.OVER:
            return
        seat = table.active_seat()
        if seat is None or table.busy() or table.mouse_holds:
            person.idle()
            continue
        if dc.walk() is not None:
            person.score(seat)
        elif table.runtime.board.mode == diabolo_board.PLAY and not table.physics.reader_card():
            person.play(computer.choose(table.truth, rng, seat))
        else:
            person.idle()
    raise AssertionError(f"not over in time: {person.rows()}")


@pytest.fixture(autouse=True)
def _quit() -> Any:
    yield
    pygame.quit()


def test_a_whole_game_with_the_mouse_against_two_computers() -> None:
    table = Table("diabolo", "standard", seed=4, players=("human", "computer", "computer"))
    app = App(table, size=(1200, 720))
    person = Person(app)
    person.watch(lambda: table.active_seat() == 0 and not table.busy())
    # the person's own hand is face up, the computers' only counted
    assert person.view.hand_seat() == 0 and person.view.cover() is None
    hand = person.view.cards.hand(0)
    assert len(hand) == 7
    play_game(person)
    truth = table.truth
    assert truth.is_over() and table.game.is_over()
    # every move the person and the computers made, accepted by the board
    moves = [ev for ev in table.journal.events if ev[0] != diabolo.DEAL]
    assert moves == truth_moves(table)
    assert any(ev[1] == 0 and ev[0] != diabolo.DOUBLE for ev in moves)
    # the board's scores are the rules' with the hands shown (none hidden)
    assert table.game.totals() == truth.totals()
    assert any("Game over" in r for r in person.rows())
    best = max(truth.totals())
    assert [p for p in range(3) if person.shows(f"turn{p}", "win")] == [
        p for p in range(3) if truth.totals()[p] == best
    ]


def truth_moves(table: Table) -> list[Any]:
    """The moves of the game as the table knows it, replayed from its record."""
    from tabletop.records.record import Record

    rec = Record.read("\n".join(table.record_lines()) + "\n")
    return [ev for ev in rec.events if ev[0] != diabolo.DEAL]


def test_five_computer_seats_play_a_whole_game_in_the_window() -> None:
    table = Table("diabolo", "standard", seed=6, players=("computer",) * 5)
    app = App(table, size=(1200, 720))
    person = Person(app)

    def over() -> bool:
        return bool(table.game.is_over() and table.runtime.board.mode == diabolo_board.OVER)

    while not over() and table.now < 3_000_000:
        person.idle(1000)
    assert table.truth.is_over() and table.game.totals() == table.truth.totals()
    assert table.truth.round == 5
    assert table.hand.timeouts == []
    # nobody's hand is ever drawn: no card faces below the rows
    assert person.view.hand_seat() == -1


def test_hands_are_hidden_between_two_peoples_turns() -> None:
    table = Table("diabolo", "standard", seed=9, players=("human", "computer", "human"))
    app = App(table, size=(1200, 720))
    person = Person(app)
    rng = random.Random(1)
    seen = set()
    for _ in range(4):  # the turns of P1 and P3, the computer's between them
        person.watch(lambda: table.active_seat() is not None and not table.busy())
        seat = table.active_seat()
        assert seat is not None
        # before the seat clicks: the cover, and no card of any hand drawn
        assert person.view.cover() == seat and person.view.hand_seat() == -1
        app.draw()
        hand_area = person.places.hand
        assert person.pixel((hand_area.x + 20, hand_area.centery)) == diabolo_scene.COVER
        other = 2 - seat
        for i, card in enumerate(person.view.cards.hand(other)):
            rect = person.places.hand_card(i, 7)
            assert person.pixel(rect.center) != diabolo_scene.COLOURS[diabolo.colour_of(card)]
        person.play(computer.choose(table.truth, rng, seat))
        seen.add(seat)
        # the turn made, the hand goes behind the cover again at once
        assert person.view.hand_seat() in (-1, seat)
        person.frames(3)
        assert person.view.hand_seat() == -1
    assert seen == {0, 2}


def test_the_window_resizes_and_everything_stays_inside() -> None:
    table = Table(
        "diabolo",
        "standard",
        seed=2,
        players=("human", "computer", "computer", "computer", "computer"),
    )
    app = App(table, size=(1200, 720))
    person = Person(app)
    person.watch(lambda: table.active_seat() == 0 and not table.busy())
    for size in ((1366, 768), (800, 520), (640, 400)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.frame(16)
        w, h = app.screen.get_size()
        assert (w, h) == (max(size[0], 800), max(size[1], 520))
        lay, places = app.layout, person.places
        inside = pygame.Rect(0, 0, w, h)
        assert inside.contains(lay.panel) and not lay.area.colliderect(lay.panel)
        rects = [*places.slots, *places.row_cards, places.reader, *places.buttons.values()]
        hand = person.view.cards.hand(0)
        rects += [places.hand_card(i, len(hand)) for i in range(len(hand))] + [places.double]
        assert all(lay.area.contains(r) for r in rects)
        # nothing overlaps: the rows, the reader column and the hand
        board = rects[:36]
        for i, r in enumerate(board):
            assert r.collidelist(board[i + 1 :]) == -1
        assert all(not places.hand.colliderect(r) for r in places.slots)
        # the board still takes the mouse: a card onto the reader is read
        if table.physics.reader_card() == 0 and not table.mouse_holds:
            person.drag(person.card_in_hand(hand[0]), person.reader())
            assert table.physics.reader_card() == hand[0]
            person.drag(person.reader(), person.hand_area())
            assert table.physics.reader_card() == 0


def test_the_launcher_takes_three_to_five_seats() -> None:
    from sim.commands import play as launch

    with pytest.raises(SystemExit):
        launch.main(["--game", "diabolo", "--players", "human,computer", "--text"], ())


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (("human", "computer", "computer"), "The computer seats' hands are hidden"),
        (("human", "human", "human"), "Each hand stays hidden until its seat shows it"),
    ],
)
def test_the_hand_strip_with_no_hand_says_whose_are_hidden(
    players: tuple[str, ...], said: str
) -> None:
    # No hand drawn: with computers at the table, theirs are hidden; with
    # people only, no word of a computer that is not there.
    table = Table("diabolo", "standard", seed=4, players=players)
    scene = diabolo_scene.live_scene(table, -1)
    assert diabolo_scene.hand_note(scene) == said
