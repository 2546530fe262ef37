"""What a player is refused at the window is explained where they look:
a new Pacal game opens without red or a "Lift" (nothing is wrong yet); a
Pyraos marble that goes back, or cannot be lifted, says why at the panel's
foot; a Diabolo card in a wrong slot is named so on the status display; a
Pacal card that cannot lie where it was let go says why.

Everything waits on the table's virtual clock (the window's frames).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from sim.hardware.lights import same_colour
from sim.table.part import HUMAN
from sim.table.table import Table
from sim.window import diabolo_scene
from sim.window.app import App
from tabletop import games
from tabletop.board import diabolo_board, pacal_board
from tabletop.rules import diabolo, pacal
from tabletop.rules.pyraos_geometry import position_index
from tabletop.show.text import COLS, ROWS
from tests.test_window import Mouse
from tests.test_window_diabolo import Person
from tests.test_window_pacal import Player

TICK_MS = 10
USED = re.compile(r"Slot \d: \d+ used")  # (a solo game's "Cards used 3" is its count)


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


def _red_leds(table: Table) -> list[str]:
    error = table.profile.colours["error"]
    return [n for n in table.hal.light_names() if same_colour(table.hal.light(n), error)]


def _rows(table: Table) -> list[str]:
    display = table.hal.display
    return list(display.rows) if display is not None else []


@pytest.mark.parametrize("variant", games.variants("pacal"))
@pytest.mark.parametrize("seed", [1, 6])
def test_a_new_pacal_game_opens_without_red_or_lift(variant: str, seed: int) -> None:
    # The duel's base top cards lie read on their slots until taken back:
    # they once showed red, "Lift both cards / Slot 1: 34 used", as if
    # something were wrong with the first deal.
    low, _high = games.part("pacal", "rules").seats(variant)
    table = Table("pacal", variant, seed=seed, players=(HUMAN,) * low)
    board = table.runtime.board

    def first_turn() -> bool:
        g = board.game
        return board.mode == pacal_board.PLAY and g.phase not in (pacal.P_DEAL, pacal.P_OVER)

    saw_bases = False
    while not first_turn():
        assert table.now < 30_000, f"no first turn: {_rows(table)}"
        table.advance(TICK_MS)
        saw_bases |= board.mode == pacal_board.BASES_OFF
        assert not _red_leds(table), f"{table.now} ms: red {_red_leds(table)}: {_rows(table)}"
        said = [r for r in _rows(table) if "Lift" in r or USED.search(r)]
        assert not said, f"{table.now} ms: {_rows(table)}"
    assert saw_bases == (variant == pacal.DUEL)  # (the duel's bases were read on the slots)
    table.advance(20 * TICK_MS)  # the first turn's screen, still nothing red
    assert not _red_leds(table) and not any(USED.search(r) for r in _rows(table))


# -- Pyraos: a marble that goes back, one that cannot be lifted --------------------------


def _pyraos_mouse() -> Mouse:
    app = App(Table("pyraos", "standard", seed=5, players=(HUMAN, HUMAN)), size=(1200, 720))
    mouse = Mouse(app)
    mouse.wait(lambda: "Light to play" in mouse.rows())
    return mouse


@pytest.fixture
def pyraos_mouse() -> Mouse:
    return _pyraos_mouse()


def _place(mouse: Mouse, p: int, spot: str) -> None:
    n = len(mouse.table.journal)
    mouse.drag(mouse.tray(p), mouse.spot(spot))
    mouse.wait(lambda: len(mouse.table.journal) > n and mouse.table.settled())


def test_a_pyraos_marble_let_go_between_spots_says_it_went_back(pyraos_mouse: Mouse) -> None:
    mouse, table = pyraos_mouse, pyraos_mouse.table
    n, tray = len(table.journal), list(table.marbles.reserves)
    mouse.drag(mouse.tray(0), mouse.spot("2a1"))  # between a1 b1 a2 b2: no spot to rest on
    mouse.frames(20)
    assert mouse.app.note == "No spot there: the marble went back to your tray"
    assert len(table.journal) == n and table.marbles.reserves == tray


def test_a_pyraos_marble_let_go_on_a_taken_spot_names_it(pyraos_mouse: Mouse) -> None:
    mouse, table = pyraos_mouse, pyraos_mouse.table
    _place(mouse, 0, "c3")
    n = len(table.journal)
    mouse.drag(mouse.tray(1), mouse.spot("c3"))
    mouse.frames(20)
    assert mouse.app.note == "c3 is taken: the marble went back to your tray"
    assert len(table.journal) == n and table.physics.occupied() == 1 << position_index("c3")


def test_a_pyraos_marble_that_holds_one_up_says_it_cannot_be_lifted(pyraos_mouse: Mouse) -> None:
    mouse, table = pyraos_mouse, pyraos_mouse.table
    for p, spot in enumerate(("a1", "b1", "b2", "a2", "2a1")):
        _place(mouse, p % 2, spot)
    before = mouse.app.note
    mouse.press(mouse.spot("a1"))
    assert not table.mouse_holds
    assert mouse.app.note == "That marble holds up 2a1: it cannot be lifted" != before
    mouse.release(mouse.spot("a1"))
    # a press on nothing at all changes nothing
    mouse.app.note = "unchanged"
    mouse.press((5, mouse.app.layout.area.bottom - 5))
    mouse.release((5, mouse.app.layout.area.bottom - 5))
    assert mouse.app.note == "unchanged"


# -- Diabolo: a card in a wrong slot ---------------------------------------------------


def _diabolo_in_a_wrong_slot() -> tuple[Person, int, int]:
    """Seat 1's card let go on a slot not lit (3 seats, the others computers):
    the person, that slot and the lit one."""
    table = Table("diabolo", "standard", seed=4, players=("human", "computer", "computer"))
    person = Person(App(table, size=(1200, 720)))
    board = table.runtime.board
    person.watch(lambda: table.active_seat() == 0 and not table.busy())
    person.watch(lambda: board.mode == diabolo_board.PLAY and not table.busy())
    truth = table.truth
    card = next(
        c for c in person.view.cards.hand(0) if truth.fault((diabolo.PLAY, 0, c, 0)) is None
    )
    person.drag(person.card_in_hand(card), person.reader())
    person.wait(lambda: bool(board.targets))
    assert "Lay it where lit" in person.rows()
    c = diabolo.colour_of(card)
    right = diabolo_scene.slot_of(c, 0, truth.next_slot(c, 0))
    wrong = next(
        s
        for s in range(len(person.places.slots))
        if s != right and not board.targets >> s & 1 and not table.physics.slot_card(s)
    )
    person.drag(person.reader(), person.places.slots[wrong].center)
    person.wait(lambda: "Wrong slot: lift" in person.rows())
    return person, wrong, right


def _diabolo_laid_right(person: Person, wrong: int, right: int) -> None:
    # lifted and laid where lit, it is played
    n = len(person.table.journal)
    person.drag(person.places.slots[wrong].center, person.reader())
    person.wait(lambda: "Lay it where lit" in person.rows())
    person.drag(person.reader(), person.places.slots[right].center)
    person.wait(lambda: len(person.table.journal) > n)


def test_a_diabolo_card_in_a_wrong_slot_says_so_on_the_display() -> None:
    # The slot showed red while the display still said "Lay it where lit".
    person, wrong, right = _diabolo_in_a_wrong_slot()
    rows = person.rows()
    assert "Lay it where lit" not in rows and "it, lay it where" in rows, rows
    assert len(rows) <= ROWS and all(len(r) <= COLS for r in rows)
    assert person.app.note == "Wrong slot: lift the card and lay it where lit"
    _diabolo_laid_right(person, wrong, right)


# -- Pacal: a card let go where it cannot lie -------------------------------------------


def _pacal_duel() -> Player:
    app = App(Table("pacal", "duel", seed=6, players=(HUMAN, HUMAN)), size=(1200, 720))
    player = Player(app)
    player.view.show_both = True  # (H: both hands up, no passing the device)
    player.wait(lambda: player.table.truth.phase == pacal.P_OFFER and not player.table.busy())
    return player


@pytest.fixture
def pacal_duel() -> Player:
    return _pacal_duel()


def _offer(player: Player) -> tuple[int, int, int]:
    # the offerer lays two cards; returns (offerer, card on slot 0, slot 1)
    truth = player.table.truth
    p = truth.turn
    a, b = player.view.cards.hand(p)[:2]
    player.drag(player.card_at(p, a), player.slot(0))
    player.drag(player.card_at(p, b), player.slot(1))
    return p, a, b


def test_a_pacal_card_let_go_on_a_full_slot_says_it_went_back(pacal_duel: Player) -> None:
    player, table = pacal_duel, pacal_duel.table
    p, a, _b = _offer(player)
    player.wait(lambda: table.truth.phase == pacal.P_TAKE)
    # the taker lays a card of theirs on an offer slot: it holds a card
    q = 1 - p
    card = player.view.cards.hand(q)[0]
    player.drag(player.card_at(q, card), player.slot(0))
    assert player.app.note == f"Slot 1 holds {a} already: the card went back"
    assert card in player.view.cards.hand(q) and table.physics.slot_card(0) == a


def _take(player: Player) -> tuple[int, int]:
    # an offer made and its slot 0 card taken: returns (taker, card to build)
    table = player.table
    p, a, _b = _offer(player)
    player.wait(lambda: table.truth.phase == pacal.P_TAKE)
    q = 1 - p
    player.drag(player.slot(0), player.hand_area(q))
    player.wait(lambda: table.game.pending[q] == a)
    return q, a


def _build(player: Player, p: int, card: int, field: int) -> None:
    n = len(player.table.journal)
    ph = player.table.physics
    on = [s for s in (0, 1) if ph.slot_card(s) == card]  # (the offer's other card)
    player.drag(player.slot(on[0]) if on else player.card_at(p, card), player.field(p, field))
    player.wait(lambda: len(player.table.journal) > n)


def test_a_pacal_card_built_where_it_cannot_go_says_why(pacal_duel: Player) -> None:
    player, table = pacal_duel, pacal_duel.table
    q, a = _take(player)
    # a card q does not build now, on q's pyramid (the board only counts the
    # cards: it takes it for the build; the person is told, and takes it back)
    n = len(table.journal)
    wrong_card = next(c for c in player.view.cards.hand(q) if c != a)
    player.drag(player.card_at(q, wrong_card), player.field(q, 1))
    assert player.app.note == f"P{q + 1} builds {a}, not {wrong_card}: lift it"
    player.wait(lambda: len(table.journal) > n)
    player.click("back")
    player.wait(lambda: len(table.journal) == n)
    player.drag(player.field(q, 1), player.hand_area(q))
    assert player.app.note == f"P{q + 1} builds {a}, not {wrong_card}: lift it"  # (unchanged)
    player.wait(lambda: table.runtime.board.mode == pacal_board.PLAY and not table.busy())
    _build(player, q, a, 1)
    player.frames(5)
    assert player.app.note == player.view.first_note()  # (the right card built: said no more)
    # the card to build on a field the rules do not let it go to (a round
    # or two on, once the pyramids hold cards)
    for _turn in range(8):
        truth = table.truth
        p = 1 - q
        if truth.phase == pacal.P_BUILD and truth.pending[p]:
            _build(player, p, truth.pending[p], truth.fields(p, truth.pending[p])[0])
        player.wait(lambda: table.truth.phase == pacal.P_OFFER and not table.busy(), 30_000)
        q, a = _take(player)
        if table.truth.phase != pacal.P_BUILD:
            continue  # (a card that fits nowhere ended the round)
        stacks = table.physics.stacks()
        good = table.truth.fields(q, a)
        bad = [f for f in range(1, pacal.FIELDS + 1) if f not in good]
        bad = [f for f in bad if stacks[q * pacal.FIELDS + f - 1] < 2]
        if bad:
            player.drag(player.card_at(q, a), player.field(q, bad[0]))
            note: Any = player.app.note
            assert note.startswith(f"{a} cannot go on field {bad[0]}: "), note
            assert note.endswith("; lift it")
            led = f"field{q}.{bad[0]}"
            player.wait(lambda led=led: player.shows(led, "error"))  # type: ignore[misc]
            return
        _build(player, q, a, good[0])
    raise AssertionError("no field refused a card in eight turns")


# -- every game: a refusal is said until the game goes on --------------------------------


def _pyraos_refused() -> tuple[Mouse, Callable[[], None]]:
    mouse = _pyraos_mouse()
    mouse.drag(mouse.tray(0), mouse.spot("2a1"))  # no spot there: back to the tray
    return mouse, lambda: _place(mouse, 0, "c3")


def _pacal_refused() -> tuple[Player, Callable[[], None]]:
    player = _pacal_duel()
    table = player.table
    p, a, _b = _offer(player)
    player.wait(lambda: table.truth.phase == pacal.P_TAKE)
    q = 1 - p
    player.drag(player.card_at(q, player.view.cards.hand(q)[0]), player.slot(0))  # a full slot

    def take() -> None:
        player.drag(player.slot(0), player.hand_area(q))
        player.wait(lambda: table.game.pending[q] == a)

    return player, take


def _diabolo_refused() -> tuple[Person, Callable[[], None]]:
    person, wrong, right = _diabolo_in_a_wrong_slot()
    return person, lambda: _diabolo_laid_right(person, wrong, right)


REFUSED = {"pyraos": _pyraos_refused, "pacal": _pacal_refused, "diabolo": _diabolo_refused}


@pytest.mark.parametrize("game", games.NAMES)
def test_a_refusal_is_said_until_the_game_goes_on(game: str) -> None:
    # (an old refusal left at the panel's foot moves later read as if of now)
    person, go_on = REFUSED[game]()
    app = person.app
    why = app.note
    assert why != app.view.first_note(), why
    person.frames(60)  # nothing made yet: still said
    assert app.note == why
    go_on()
    person.frames(5)
    assert app.note == app.view.first_note(), (why, app.note)
