"""The simulator in English, Dutch and French (sim.texts, sim/locale): the
catalogues hold every text the code marks, each translated with the same
fields; the window's panel and the terminal version speak the language
chosen, over every registered game (tabletop.games.NAMES), and the panel's
lines fit it in every language; ``--lang`` chooses it, sets the virtual
board's profile "lang" and refuses a language there is none of."""

from __future__ import annotations

import asyncio
import json
import os
import re
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from rich.text import Text
from textual.widgets import Input, Static

from sim import ROOT, texts
from sim.commands import play
from sim.runs.board_play import PROFILES
from sim.table.table import COMPUTER, HUMAN, Table, seats_of
from sim.table.undo import NOT_UNDONE, UNDONE
from sim.terminal.app import TerminalApp
from sim.texts import board_rules
from sim.texts import moves as in_words
from sim.window import panel
from sim.window.app import DEFAULT_SIZE, MIN_SIZE, App
from tabletop import games
from tabletop.profile import load
from tabletop.show import words as board_words
from tests.window_support import AtTheWindow

LOCALE = ROOT / "sim" / "locale"
TRANSLATED = ("nl", "fr")
# what each language's panel and terminal say that English does not
TURN = {"nl": "is aan de beurt", "fr": "de jouer"}  # "{who} to play"
YOU = {"nl": "(jij)", "fr": "(vous)"}
COMPUTER_SEAT = {"nl": "(computer)", "fr": "(ordinateur)"}
KEYS = {"nl": "F1 hulp", "fr": "F1 aide"}
HELP_NOTE = {"nl": "F1: hulp", "fr": "F1 : aide"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Every test leaves the simulator speaking English (other tests read it)."""
    yield
    texts.use("en")


def catalogue(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def ids(cat: Catalog) -> set[Any]:
    return {m.id for m in cat if m.id}


def extracted(tmp_path: Path) -> Catalog:
    """The template pybabel extracts from the code now (as `make texts` does)."""
    pot = tmp_path / "fresh.pot"
    pybabel = Path(sys.executable).parent / "pybabel"
    subprocess.run(
        [str(pybabel), "-q", "extract", "-F", str(LOCALE / "babel.cfg"), "--no-location",
         "--sort-output", "--omit-header", "--no-wrap", "-o", str(pot), str(ROOT / "sim")],
        check=True,
    )  # fmt: skip
    return catalogue(pot)


def forms(text: object) -> tuple[str, ...]:
    """A message's id or translation: its forms (one; a plural's each)."""
    if isinstance(text, str):
        return (text,)
    return tuple(str(t) for t in text) if isinstance(text, (tuple, list)) else ()


def fields(text: str) -> set[str]:
    """The names of a format string's fields."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def markers(text: str) -> list[str]:
    """The %-markers of a rules' reason (tabletop.rules.reasons: %d %W %P ...),
    in order: they take the fault's arguments in that order."""
    return re.findall(r"%.", text)


def live_table(game: str, lang: str = "en") -> Table:
    """A table of ``game``'s first variant, a person in seat 1 and computers
    in the rest, its board speaking ``lang`` (as ``--lang`` makes it)."""
    variant = games.variants(game)[0]
    seats = seats_of(game, variant, 0)
    profile = play.speaking(json.loads((PROFILES / f"{game}.json").read_text()), lang)
    players = (HUMAN,) + (COMPUTER,) * (seats - 1)
    return Table(game, variant, seed=1, players=players, profile=profile)


# -- the catalogues ----------------------------------------------------------------------


def test_every_text_of_the_code_is_in_the_catalogues_and_translated(tmp_path: Path) -> None:
    fresh = ids(extracted(tmp_path))
    assert len(fresh) > 100  # (the extraction found the marked texts)
    missing = fresh - ids(catalogue(LOCALE / "tabletop.pot"))
    assert not missing, f"not in sim/locale/tabletop.pot (make texts): {sorted(missing)}"
    for lang in TRANSLATED:
        cat = catalogue(LOCALE / lang / "LC_MESSAGES" / "tabletop.po", lang)
        untranslated = []
        for mid in sorted(fresh, key=str):
            msg = cat.get(mid)
            if msg is None or msg.fuzzy or not forms(msg.string) or not all(forms(msg.string)):
                untranslated.append(mid)
        assert not untranslated, f"{lang}: not translated: {untranslated}"


def test_each_translation_has_the_fields_of_its_english() -> None:
    for lang in TRANSLATED:
        cat = catalogue(LOCALE / lang / "LC_MESSAGES" / "tabletop.po", lang)
        for msg in cat:
            if not msg.id or not msg.string:
                continue
            want = set().union(*(fields(e) for e in forms(msg.id)))
            marks = markers(forms(msg.id)[0])
            for s in forms(msg.string):
                assert fields(s) == want, (lang, msg.id, s)
                assert markers(s) == marks, (lang, msg.id, s)  # (the rules' reasons)


def test_the_boards_how_to_play_is_the_windows_in_every_language() -> None:
    # (firmware/tabletop/show/howto_<lang>_<game>.py: written by `make texts`)
    written = board_rules.tables()
    show = ROOT / "firmware" / "tabletop" / "show"
    assert sorted(written) == sorted(p.name for p in show.glob("howto_*_*.py"))
    for name, text in written.items():
        assert (show / name).read_text() == text, f"{name}: run make texts"
        assert text.isascii(), name
    assert "Doel: " in written["howto_nl_pyraos.py"]
    assert "reserve" in written["howto_fr_pyraos.py"]  # (réserve, folded to ASCII)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_window_and_the_board_name_each_variant_and_seat_alike(lang: str) -> None:
    # what the panel's title and the board's select screen and heading call
    # a variant, and the seats' numbers (P1: S1, J1)
    texts.use(lang)
    for game in games.NAMES:
        board_words.use(lang, game)
        try:
            for variant in games.variants(game):
                assert in_words.variant(variant) == board_words._(variant), (game, variant)
            assert in_words.numbered(1) == board_words._("P%d") % 2 != "P2", game
        finally:
            board_words.use("en", game)


def test_a_language_without_a_catalogue_is_refused() -> None:
    with pytest.raises(ValueError, match="no language 'de'"):
        texts.use("de")


# -- the window and the terminal ---------------------------------------------------------


def panel_lines(app: App) -> list[str]:
    """The lines the panel draws now (the status display's aside)."""
    table = app.table
    return panel.draw_panel(
        app.screen, app.view, table.truth, table.moves_text(), app.layout, app.fonts, app.note
    )


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", games.NAMES)
def test_the_window_speaks_the_language_chosen(game: str, lang: str) -> None:
    texts.use(lang)
    app = App(live_table(game, lang), size=DEFAULT_SIZE)
    assert HELP_NOTE[lang] in app.note  # the first note, as the window opens
    app.settle()
    AtTheWindow(app).frames(5)
    words = panel.said(app.view, app.table.truth, app.table.moves_text())
    assert TURN[lang] in words.turn and "to play" not in words.turn, words.turn
    assert YOU[lang] in words.seats[0] and COMPUTER_SEAT[lang] in words.seats[1], words.seats
    drawn = panel_lines(app)
    assert words.title in drawn and words.turn in drawn
    display = app.table.hal.display  # the board's status display, beside it
    assert display is not None
    heading = display.rows[0]
    if game != "diabolo":  # (Diabolo's heading is its seats and round: "Diabolo 3p R1/3")
        assert heading == words.title, (heading, words.title)
    assert KEYS[lang] in " ".join(drawn), drawn
    # what the panel draws is those words: the turn line's pixels are its text's
    img = app.fonts.body.render(words.turn, True, (255, 255, 255))
    assert img.get_width() > 0
    pygame.quit()


def cut_lines(game: str, size: tuple[int, int], lang: str) -> tuple[list[str], list[str]]:
    """The panel's lines cut to fit it (shortened, "...", or notes too
    wide for it), and the keys at its foot as wrapped (two lines are
    shown), for ``game`` in ``lang``."""
    texts.use(lang)
    app = App(live_table(game), size=size)
    app.settle()
    drawn = panel_lines(app)
    w = app.layout.panel.w - 2 * panel.PAD
    keys = panel._wrap(app.fonts.small, texts._(app.view.keys), w)
    cut = [line for line in drawn if line.endswith("...")]
    for note in notes(app):  # (a note may take two lines)
        cut += [line for line in panel._lines(app.fonts.small, note, w, 2) if line.endswith("...")]
    pygame.quit()
    return cut, keys


def notes(app: App) -> list[str]:
    """Notes the panel's foot shows (a line each): as the window opens, after N and U."""
    return [
        app.view.first_note(),
        texts._("New game: the board is cleared"),
        texts._(UNDONE),
        texts._(NOT_UNDONE),
        texts._("Open which record? Type its path, Enter (Esc: cancel)"),
    ]


@pytest.mark.parametrize("game", games.NAMES)
def test_the_panels_lines_fit_in_every_language(game: str) -> None:
    # At the window's first size nothing is cut in any language; at the
    # smallest, nothing more than in English.
    for size in (DEFAULT_SIZE, MIN_SIZE):
        english, english_keys = cut_lines(game, size, "en")
        for lang in TRANSLATED:
            cut, keys = cut_lines(game, size, lang)
            assert len(keys) <= max(2, len(english_keys)), f"{lang} {size}: keys {keys}"
            if size == DEFAULT_SIZE:
                assert not cut and not english, f"{lang} {size}: cut {cut}, English {english}"
            else:
                assert len(cut) <= len(english), f"{lang} {size}: cut {cut}, English {english}"


@pytest.mark.parametrize("game", games.NAMES)
def test_the_terminal_speaks_french(game: str) -> None:
    texts.use("fr")

    async def run() -> None:
        table = live_table(game)
        app = TerminalApp(table, live=False)
        async with app.run_test(size=(120, 44)) as pilot:
            for _step in range(40):
                app.advance(250)
                await pilot.pause()
                if table.truth.to_move() and not table.busy():
                    break
            seats = app.query_one("#seats", Static).content
            assert isinstance(seats, Text)
            assert "(personne)" in seats.plain and "(ordinateur)" in seats.plain, seats.plain
            assert "(person)" not in seats.plain
            board = str(app.query_one("#board", Static).content)
            # a seat by its number is J1, J2 in French, never the English P1
            assert not re.search(r"\bP[1-5]\b", board + seats.plain), board
            placeholder = app.query_one("#move", Input).placeholder
            assert placeholder.startswith("votre coup"), placeholder
            said = {active.binding.description for active in app.active_bindings.values()}
            assert {"nouvelle partie", "annuler", "quitter"} <= said, said
            app.action_new()  # (ctrl+n)
            app.refresh_board()
            await pilot.pause()
            message = app.query_one("#message", Static).content
            assert "Nouvelle partie" in str(message), message

    asyncio.run(run())


# -- --lang --------------------------------------------------------------------------------


def test_lang_is_refused_for_a_language_there_is_none_of(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as end:
        play.main(["--lang", "de"], ())
    assert end.value.code == 2
    err = capsys.readouterr().err
    assert "--lang" in err and "'de'" in err and all(f"'{x}'" in err for x in texts.LANGS), err
    with pytest.raises(SystemExit):
        play.main(["--help"], ())
    out = " ".join(capsys.readouterr().out.split())
    assert "en (English), nl (Dutch), fr (French)" in out, out


def test_lang_sets_the_texts_and_the_boards_profile(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The profile dict the sim builds for its virtual board says "lang";
    # the window speaks it. (The board's schema check of "lang" is the
    # firmware's: here the dict is loaded without it.)
    asked: list[dict[str, Any]] = []
    spoken: list[str] = []

    def speaking(raw: dict[str, Any], lang: str) -> Any:
        asked.append({**raw, "lang": lang})
        return load(raw)

    def screenshot(self: App, path: str) -> None:
        spoken.append(texts.lang())
        spoken.append(self.note)

    monkeypatch.setattr(play, "speaking", speaking)
    monkeypatch.setattr(App, "save_screenshot", screenshot)
    monkeypatch.setattr(App, "settle", lambda self: None)
    for game in games.NAMES:
        asked.clear()
        spoken.clear()
        shot = str(tmp_path / f"{game}.png")
        assert play.main(["--game", game, "--lang", "fr", "--screenshot", shot], ()) == 0
        assert [raw["lang"] for raw in asked] == ["fr"]
        assert asked[0]["games"][0][0] == game  # (the game's reference board)
        assert spoken[0] == "fr" and "F1 : aide" in spoken[1], spoken
    # without --lang: English, and the profile as it is
    asked.clear()
    spoken.clear()
    shot = str(tmp_path / "en.png")
    assert play.main(["--game", "pacal", "--screenshot", shot], ()) == 0
    assert asked == [] and spoken[0] == "en"
