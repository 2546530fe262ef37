"""One meaning per colour, in every game (tabletop.profile.colours, written
once): where the piece in play may go lights in the mover's colour (Diabolo:
player0's), a piece to put back in the hint colour, a wrong one in the
error colour, read off the pixels the window draws for the LEDs; the
window's seat colours stay far from every light of another meaning; the
reference profiles give each role its default; docs/FIRMWARE.md's table
says what ROLES says.

Everything waits on the table's virtual clock (the window's frames).
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from sim.hardware.lights import same_colour
from sim.table.part import HUMAN
from sim.table.table import Table
from sim.window import diabolo_scene, pacal_scene, style
from sim.window.app import App
from tabletop import games
from tabletop.profile import colours, load
from tabletop.rules import diabolo, pacal
from tests.test_window import Mouse
from tests.test_window_diabolo import Person
from tests.test_window_pacal import Player

ROOT = Path(__file__).resolve().parents[1]
PROFILES = sorted((ROOT / "firmware" / "profiles").glob("*.json"))
SIZE = (1200, 720)
FAR = 120  # RGB distance: a window mark this far from a light is not taken for it
# the roles told apart by hue (dim and computer are both grey: told apart by brightness)
HUES = ("player0", "player1", "error", "hint", "win")


@pytest.fixture(autouse=True)
def _quit() -> Iterator[None]:
    yield
    pygame.quit()


def roles_shown(table: Table, rgb: tuple[int, int, int]) -> list[str]:
    """The roles whose colour (the table's profile's) a drawn pixel shows."""
    cols = table.profile.colours
    return [r for r in HUES if same_colour(rgb, cols[r])]


# -- each game: the window's pixels of its LEDs ----------------------------------------
# (a game added to the registry without a case here fails the test below)


def _pyraos() -> list[tuple[str, str, list[str]]]:
    # Light places on b2; at dark's turn the marble is pushed on to c3:
    # b2 (empty) asks for it back, c3 (the marble there) is wrong.
    mouse = Mouse(App(Table("pyraos", "standard", seed=5, players=(HUMAN, HUMAN)), size=SIZE))
    table = mouse.table
    mouse.wait(lambda: "Light to play" in mouse.rows())
    seen = [("light's turn: an empty cup", "player0", roles_shown(table, mouse.pixel("a1")))]
    mouse.drag(mouse.tray(0), mouse.spot("b2"))
    mouse.wait(lambda: roles_shown(table, mouse.pixel("a1")) == ["player1"])
    seen.append(("dark's turn: an empty cup", "player1", roles_shown(table, mouse.pixel("a1"))))
    mouse.drag(mouse.spot("b2"), mouse.spot("c3"))
    mouse.wait(lambda: bool(roles_shown(table, mouse.pixel("c3"))))
    seen.append(("the marble's cup it left", "hint", roles_shown(table, mouse.pixel("b2"))))
    seen.append(("the marble pushed on", "error", roles_shown(table, mouse.pixel("c3"))))
    return seen


def _pacal() -> list[tuple[str, str, list[str]]]:
    # An offer, a take: the taker's fields light in its colour; the card
    # built and lifted again asks to be put back, another card laid on
    # another field is wrong.
    app = App(Table("pacal", "duel", seed=6, players=(HUMAN, HUMAN)), size=SIZE)
    player = Player(app)
    player.view.show_both = True  # (both hands up, no passing the device)
    table = player.table

    def drawn(led: str) -> list[str]:
        app.draw()
        at = pacal_scene.led_point(player.places(), led)
        r, g, b, _a = app.screen.get_at(at)
        return roles_shown(table, (r, g, b))

    player.wait(lambda: table.truth.phase == pacal.P_OFFER and not table.busy())
    p = table.truth.turn
    a, b = player.view.cards.hand(p)[:2]
    player.drag(player.card_at(p, a), player.slot(0))
    player.drag(player.card_at(p, b), player.slot(1))
    player.wait(lambda: table.truth.phase == pacal.P_TAKE)
    q = 1 - p
    player.drag(player.slot(0), player.hand_area(q))
    f, other = table.truth.fields(q, a)[:2]
    player.wait(lambda: drawn(f"field{q}.{f}") == [f"player{q}"])
    seen = [("where the card taken may go", f"player{q}", drawn(f"field{q}.{f}"))]
    n = len(table.journal)
    player.drag(player.card_at(q, a), player.field(q, f))
    player.wait(lambda: len(table.journal) > n)
    player.drag(player.field(q, f), player.hand_area(q))
    player.wait(lambda: bool(drawn(f"field{q}.{f}")))
    seen.append(("a card built, lifted again", "hint", drawn(f"field{q}.{f}")))
    player.drag(player.card_at(q, player.view.cards.hand(q)[0]), player.field(q, other))
    player.wait(lambda: bool(drawn(f"field{q}.{other}")))
    seen.append(("that card on another field", "error", drawn(f"field{q}.{other}")))
    return seen


def _diabolo() -> list[tuple[str, str, list[str]]]:
    # A card read: the seat to move and the slot it may go to in
    # player0's colour; laid in a wrong slot, red; played, then taken off
    # its row again by the next seat: its slot asks for it back.
    table = Table("diabolo", "standard", seed=4, players=(HUMAN, HUMAN, HUMAN))
    person = Person(App(table, size=SIZE))

    def drawn(led: str) -> list[str]:
        return roles_shown(table, person.pixel(diabolo_scene.led_point(person.places, led)))

    truth = table.truth
    person.watch(lambda: truth.phase == diabolo.P_PLAY and not table.busy())
    p = truth.turn
    person.lift_cover(p)
    card = next(
        c for c in person.view.cards.hand(p) if truth.fault((diabolo.PLAY, p, c, 0)) is None
    )
    c = diabolo.colour_of(card)
    right = diabolo_scene.slot_of(c, diabolo.HELL, truth.next_slot(c, diabolo.HELL))
    name = diabolo_scene.NAMES[right]
    person.drag(person.card_in_hand(card), person.reader())
    person.wait(lambda: drawn(name) == ["player0"])
    seen = [("the seat to move", "player0", drawn(f"turn{p}"))]
    seen.append(("where the card read may go", "player0", drawn(name)))
    slots = range(len(person.places.slots))
    lit = [s for s in slots if drawn(diabolo_scene.NAMES[s])]
    wrong = next(s for s in slots if s not in lit and not table.physics.slot_card(s))
    person.drag(person.reader(), person.places.slots[wrong].center)
    person.wait(lambda: bool(drawn(diabolo_scene.NAMES[wrong])))
    seen.append(("a card in a wrong slot", "error", drawn(diabolo_scene.NAMES[wrong])))
    person.drag(person.places.slots[wrong].center, person.reader())
    person.wait(lambda: drawn(name) == ["player0"])
    n = len(table.journal)
    person.drag(person.reader(), person.places.slots[right].center)
    person.wait(lambda: len(table.journal) > n)
    person.lift_cover(truth.turn)  # (the next seat at the window)
    person.drag(person.places.slots[right].center, person.hand_area())
    person.wait(lambda: bool(drawn(name)))
    seen.append(("a card taken off its row", "hint", drawn(name)))
    return seen


CASES: dict[str, Callable[[], list[tuple[str, str, list[str]]]]] = {
    "pyraos": _pyraos,
    "pacal": _pacal,
    "diabolo": _diabolo,
}


@pytest.mark.parametrize("game", games.NAMES)
def test_each_light_means_its_role_in_every_game(game: str) -> None:
    assert game in CASES, f"{game}: no case of its lights here"
    for what, role, shown in CASES[game]():
        assert shown == [role], f"{game}: {what} shows {shown}, not {role}"


# -- the window's own marks, the profiles, the doc -------------------------------------


def test_the_seat_colours_are_far_from_every_light_of_another_meaning() -> None:
    # Diabolo's P1 and P2 may look like the player0 and player1 lights
    # (they are those players); nothing else a seat is drawn in is near a light.
    assert diabolo_scene.SEAT_COLOURS == style.SEAT_COLOURS
    assert len(style.SEAT_COLOURS) == 5
    for seat, rgb in enumerate(style.SEAT_COLOURS):
        own = f"player{seat}"
        for role, light in style.LIGHTS.items():
            if role != own:
                assert math.dist(rgb, light) > FAR, (seat, role, rgb, light)
        for other in style.SEAT_COLOURS[seat + 1 :]:
            assert math.dist(rgb, other) > 80, (seat, rgb, other)  # (the seats told apart)


def test_the_window_draws_the_lights_roles_from_one_place() -> None:
    assert style.LIGHTS == {name: rgb for name, rgb, _meaning in colours.ROLES}
    assert list(style.LIGHTS) == list(colours.names())


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.name)
def test_the_reference_profiles_give_each_role_its_default(path: Path) -> None:
    raw = json.loads(path.read_text())
    given = raw["colours"]
    assert set(given) <= set(colours.names())
    for role in given:
        assert tuple(given[role]) == colours.default(role), (path.name, role)
    loaded = load(raw).colours  # (an optional role left out: its default)
    assert {k: tuple(v) for k, v in loaded.items()} == style.LIGHTS


def test_every_role_says_what_it_means() -> None:
    names = colours.names()
    assert len(set(names)) == len(names) == len(colours.ROLES)
    assert set(colours.OPTIONAL) <= set(names)
    for name, rgb, meaning in colours.ROLES:
        assert len(rgb) == 3 and all(0 <= c <= 255 for c in rgb), name
        assert meaning and meaning[0].isupper() and "\n" not in meaning, name
    with pytest.raises(KeyError):
        colours.default("purple")


TABLE_ROW = re.compile(r"^\| `(\w+)` \| (\d+), (\d+), (\d+) \| (.+) \|$")


def test_the_firmware_doc_table_says_what_roles_says() -> None:
    text = (ROOT / "docs" / "FIRMWARE.md").read_text(encoding="utf-8")
    assert text.count("## What each colour means\n") == 1
    section = text.split("## What each colour means\n", 1)[1].split("\n## ", 1)[0]
    rows = [m.groups() for line in section.splitlines() if (m := TABLE_ROW.match(line))]
    want = [(n, str(r), str(g), str(b), m) for n, (r, g, b), m in colours.ROLES]
    assert rows == want
