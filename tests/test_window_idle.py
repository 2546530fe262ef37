"""The window draws only when what a player sees changes, and N starts a
new game at once: every game in the registry, under SDL's dummy driver,
frame by frame on the virtual clock (no wall time)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from sim.runs.board_play import BOOT_MS
from sim.table.table import COMPUTER, HUMAN, Table, seats_of
from sim.window import panel
from sim.window.app import App
from tabletop import games
from tabletop.records import notation
from tests.window_support import FRAME_MS, AtTheWindow

NEW_GAME_MS = 1_500  # N: the board swept and the new game's status shown within this
FIRST_MOVE_MS = 1_500  # ... and its first move can be made (dealt, at a machine's pace)


def key(k: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text))


def seats(game: str) -> int:
    return seats_of(game, games.variants(game)[0], 0)


def idle_app(game: str) -> App:
    """A window at ``game``'s first variant, the board waiting for the
    first move, a frame already drawn with nothing new since."""
    variant = games.variants(game)[0]
    app = App(Table(game, variant, seed=4, players=(HUMAN,) * seats(game)), size=(1000, 620))
    app.settle()
    person = AtTheWindow(app)
    person.wait(lambda: not app.frame(FRAME_MS), ms=5_000)
    return app


def fresh_picture(app: App) -> bytes:
    """What a drawing now shows (the app's screen left as it was)."""
    before = app.screen.copy()
    app.draw()
    now = pygame.image.tobytes(app.screen, "RGB")
    app.screen.blit(before, (0, 0))
    return now


@pytest.mark.parametrize("game", games.NAMES)
def test_idle_frames_draw_nothing_and_the_picture_stays_true(game: str) -> None:
    app = idle_app(game)
    table = app.table
    draws = app.draws
    changes = 0
    display = table.hal.display
    assert display is not None
    last = (table.hal.frame, tuple(display.rows))
    for _ in range(120):  # two seconds of play, nobody at the board
        app.frame(FRAME_MS)
        now = (table.hal.frame, tuple(display.rows))
        changes += now != last
        last = now
    # the firmware ticked on; a frame drew only where its LEDs or display changed
    assert table.now >= 2_000
    assert app.draws - draws == changes
    # and what the screen holds is what a drawing would show now
    assert pygame.image.tobytes(app.screen, "RGB") == fresh_picture(app)
    pygame.quit()


@pytest.mark.parametrize("game", games.NAMES)
def test_a_changed_led_frame_the_mouse_and_the_keys_redraw(game: str, tmp_path: Path) -> None:
    app = idle_app(game)
    hal = app.table.hal
    draws = app.draws
    # the firmware sends another LED frame: drawn once, then idle again
    frame = bytearray(hal.frame)
    frame[0:3] = bytes((40, 0, 0)) if frame[0:3] != bytes((40, 0, 0)) else bytes(3)
    hal.transmit(frame)
    assert app.frame(FRAME_MS)
    assert app.draws == draws + 1
    assert not app.frame(FRAME_MS)
    # the mouse moved over the board
    x, y = app.layout.area.center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert app.frame(FRAME_MS)
    assert not app.frame(FRAME_MS)
    # F1: the help page, drawn; again: gone
    for _ in range(2):
        key(pygame.K_F1)
        assert app.frame(FRAME_MS)
        assert pygame.image.tobytes(app.screen, "RGB") == fresh_picture(app)
        assert not app.frame(FRAME_MS)
    # R: the sensors' live readings, drawn every frame while shown
    key(pygame.K_r, "r")
    assert all(app.frame(FRAME_MS) for _ in range(5))
    key(pygame.K_r, "r")
    app.frame(FRAME_MS)
    assert not app.frame(FRAME_MS)
    # a screenshot always draws afresh
    draws = app.draws
    app.save_screenshot(tmp_path / "shot.png")
    assert app.draws == draws + 1
    pygame.quit()


def empty(table: Table) -> bool:
    """Does no piece lie on the board (nor in a hand)?"""
    ph = table.physics
    if ph.holding():
        return False
    if table.game_name == "pyraos":
        return bool(ph.occupied() == 0)
    if table.game_name == "pacal":
        return not any(ph.stacks()) and not ph.slot_card(0) and not ph.slot_card(1)
    return not any(ph.slots()) and not ph.reader_card()


def status(table: Table) -> str:
    """The text the firmware last drew on the status display."""
    display = table.hal.display
    assert display is not None
    return "\n".join(display.drawn).rstrip("\n")


def starting_texts(game: str) -> set[str]:
    """Every status text a new table's board shows as its game starts."""
    variant = games.variants(game)[0]
    table = Table(game, variant, seed=5, players=(HUMAN,) * seats(game))
    texts = set()
    for _ in range(12_000 // table.board.tick_ms):
        table.advance(table.board.tick_ms)
        texts.add(status(table))
    return texts


def mid_game(game: str, tmp_path: Path) -> App:
    """A window at a game under way: the computer plays both (every) seats a
    while, the record opened for people to go on."""
    variant = games.variants(game)[0]
    played = Table(game, variant, seed=6, players=(COMPUTER,) * seats(game))
    played.advance(40_000)
    assert len(played.journal) >= 3
    path = tmp_path / "under_way.jsonl"
    played.save(path)
    table = Table.open(path, seed=6, players=(HUMAN,) * seats(game))
    return App(table, size=(1000, 620))


def first_move_ready(app: App) -> bool:
    """Can a person make the game's first move now? No hand at work (the
    deal done), a seat of theirs to act, the board's status playing the
    game and the panel saying whose turn it is."""
    table = app.table
    if table.busy() or table.active_seat() is None:
        return False
    display = table.hal.display
    assert display is not None
    if not any(row.startswith(app.view.started) for row in display.rows):
        return False
    return bool(panel.said(app.view, table.truth, table.moves_text()).turn)


@pytest.mark.parametrize("game", games.NAMES)
def test_a_new_table_is_ready_for_the_first_move_within_a_second_or_so(game: str) -> None:
    variant = games.variants(game)[0]
    app = App(Table(game, variant, seed=4, players=(HUMAN,) * seats(game)), size=(1000, 620))
    person = AtTheWindow(app)
    person.wait(lambda: first_move_ready(app), ms=FIRST_MOVE_MS + BOOT_MS)
    assert app.table.now <= FIRST_MOVE_MS + BOOT_MS
    assert not app.table.faults
    pygame.quit()


@pytest.mark.parametrize("game", games.NAMES)
def test_n_sweeps_the_board_and_starts_a_new_game_at_once(game: str, tmp_path: Path) -> None:
    app = mid_game(game, tmp_path)
    table = app.table
    person = AtTheWindow(app)
    person.frames(10)
    assert not empty(table)
    texts = starting_texts(game)
    display = table.hal.display
    assert display is not None

    def ready() -> bool:
        # the board empty, the new game's status shown, none of the old game's moves
        moves = [ev for ev in table.journal.events if "deal" not in notation.to_json(game, ev)]
        shown = status(table) in texts and display.rows == display.drawn
        return empty(table) and shown and not moves

    for _ in range(3):  # N, and again as soon as the new game shows (its deal may be under way)
        key(pygame.K_n, "n")
        t0 = table.now
        person.wait(ready, ms=NEW_GAME_MS)
        assert table.now - t0 <= NEW_GAME_MS
        assert "New game" in app.note
    # the table's hand deals at a machine's pace: the first move can be
    # made soon, as a player sees it (the board and the panel say whose turn)
    person.wait(lambda: first_move_ready(app), ms=FIRST_MOVE_MS)
    assert table.now - t0 <= FIRST_MOVE_MS
    person.wait(lambda: not table.busy() and table.settled(), ms=15_000)
    assert not table.faults
    assert display.rows[0] in {text.split("\n")[0] for text in texts}  # (the game's title)
    assert any(row.startswith(app.view.started) for row in display.rows)  # (it plays)
    pygame.quit()


def test_s_saves_beside_the_opened_record_and_the_note_fits_the_panel(tmp_path: Path) -> None:
    played = Table("pyraos", "standard", seed=6, players=(COMPUTER, COMPUTER))
    played.advance(20_000)
    folder = tmp_path / ("a-folder-with-a-long-name-" * 4) / "records"
    folder.mkdir(parents=True)
    played.save(folder / "opened.jsonl")
    app = idle_app("pyraos")
    assert app.open(str(folder / "opened.jsonl"))
    for _ in range(2):  # twice in the same minute: two files
        key(pygame.K_s, "s")
        app.frame(FRAME_MS)
    saved = sorted(p for p in folder.iterdir() if p.name != "opened.jsonl")
    assert len(saved) == 2 and all(p.name.startswith("pyraos-") for p in saved)
    # the note names the file whole, the folder shortened in the middle, within the panel
    note = app.note
    assert note.startswith("Saved /") and "..." in note
    assert any(note.endswith(p.name) for p in saved)
    assert app.fonts.small.size(note)[0] <= app.layout.panel.w - 2 * panel.PAD
    # a new folder is made where none is
    app.save_dir = tmp_path / "new" / "folder"
    key(pygame.K_s, "s")
    app.frame(FRAME_MS)
    (made,) = app.save_dir.iterdir()
    assert made.suffix == ".jsonl" and app.note.endswith(made.name)
    pygame.quit()
