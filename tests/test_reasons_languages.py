"""The rules' reasons, a record that cannot be opened and the terminal's
typed words in the language chosen (Dutch, French), over every registered
game (tabletop.games.NAMES): a move refused at the terminal says why in
that language, the seats by name; a bad record's error names its line in
that language (the window's note, the command line's error); a move typed
with the language's words is made, and the help lists those words.

Everything waits on the table's virtual clock."""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from textual.widgets import Input, Static

from sim import texts
from sim.commands import play
from sim.table.table import RecordProblem, Table
from sim.terminal.app import TerminalApp
from sim.texts import moves, reasons, record_reasons
from sim.window.app import DEFAULT_SIZE, App
from tabletop import games
from tabletop.records import notation
from tabletop.records.malformed import Malformed
from tabletop.records.record import check
from tabletop.rules.reasons import explain
from tests.test_languages import live_table

TRANSLATED = ("nl", "fr")
LINE = {"nl": "regel", "fr": "ligne"}  # "{path}, line {line}: ..."
ERROR = {"nl": "fout:", "fr": "erreur :"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    texts.use("en")


def at_a_turn(table: Table) -> Table:
    """``table`` once a seat is to move and no hand is at work (a deal made)."""
    for _step in range(200):
        if table.truth.to_move() and not table.busy():
            return table
        table.advance(250)
    raise AssertionError(f"{table.game_name}: nobody to move after 50 s")


def refused(table: Table) -> tuple[Any, Any]:
    """A move the rules refuse now, and why: a legal one made by a seat not to move."""
    state = table.truth
    move = next(iter(state.legal_moves()))
    other = next(p for p in range(table.seats) if p not in state.to_move())
    event = (move[0], other, *move[2:])
    fault = state.fault(event)
    assert fault is not None, event
    return event, fault


def typed(game: str, event: Any) -> str:
    """``event`` as typed in record notation (one JSON object)."""
    return json.dumps(notation.to_json(game, event))


def short(game: str, event: Any) -> list[str]:
    """``event`` in the terminal's short form, in English words."""
    obj = notation.to_json(game, event)
    if "offer" in obj:
        return ["offer", *map(str, obj["offer"])]
    if "play" in obj:
        return list(obj["play"])
    return [obj["place"]]


def run_terminal(table: Table, lines: list[str]) -> list[str]:
    """The terminal's message after each of ``lines`` typed and Enter, and its help last."""
    said: list[str] = []

    async def run() -> None:
        app = TerminalApp(table, live=False)
        async with app.run_test(size=(120, 44)) as pilot:
            for line in lines:
                box = app.query_one("#move", Input)
                box.value = line
                await box.action_submit()
                await pilot.pause()
                said.append(str(app.query_one("#message", Static).content))
            said.append(app.typing_help())

    asyncio.run(run())
    return said


# -- the rules' reasons ------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", games.NAMES)
def test_a_move_refused_at_the_terminal_says_why_in_the_language(game: str, lang: str) -> None:
    table = at_a_turn(live_table(game))
    event, fault = refused(table)
    english = explain(fault, None, moves.seat_words(game))
    texts.use(lang)
    who = moves.seat_words(game)
    message, _help = run_terminal(table, [typed(game, event)])
    assert message == reasons.reason(game, fault), message
    assert message != english, message  # (the English one would have been the bug)
    # the seats by the names the board's sides have, never the rules' "player 0"
    assert who(event[1]) in message and "player" not in message, message


def test_the_seat_marker_names_the_seat_or_says_player_without_names() -> None:
    # Under MicroPython (no names): the rules' own words, as before the marker.
    assert explain(("turn", 0, 1)) == "it is player 0's turn, not player 1's"
    assert explain(("turn", 0, 1), None, moves.seat_words("pyraos")) == (
        "it is Light's turn, not Dark's"
    )
    assert explain(("d_not_in_hand", 2, 7), None, moves.numbered) == "P3 holds no red 7"
    texts.use("nl")
    assert reasons.reason("diabolo", ("side_full", 1, 2, 5)) == (
        "de kant hemel van de rij groen heeft al 5 kaarten"
    )


# -- a record that cannot be opened ---------------------------------------------------------


def bad_record(tmp_path: Path, game: str) -> tuple[Path, int, Any]:
    """A record of ``game`` whose last line is a refused move: its path, that line, the fault."""
    table = at_a_turn(live_table(game))
    event, fault = refused(table)
    path = tmp_path / f"{game}.jsonl"
    table.save(path)
    lines = path.read_text().splitlines() + [typed(game, event)]
    path.write_text("\n".join(lines) + "\n")
    pygame.quit()
    return path, len(lines), fault


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", games.NAMES)
def test_a_bad_record_says_its_line_and_why_in_the_language(
    game: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, line, fault = bad_record(tmp_path, game)
    texts.use(lang)
    why = reasons.reason(game, fault)
    # the window's note, as O opens it
    app = App(live_table(game), size=DEFAULT_SIZE)
    assert not app.open(str(path))
    assert f"{path}, {LINE[lang]} {line}" in app.note and app.note.endswith(why), app.note
    assert "illegal" not in app.note and "line" not in app.note.replace(str(path), ""), app.note
    pygame.quit()
    # the command line's error (--record)
    assert play.main(["--record", str(path), "--lang", lang, "--text"], ()) == 2
    err = capsys.readouterr().err
    assert err.startswith(ERROR[lang]) and f"{LINE[lang]} {line}" in err and why in err, err


# Lines a record may hold by mistake, after a good header (every game reads them).
MALFORMED = (
    '{"p": 0, "oops": 1}',  # a key no move has
    '{"p": "x"}',  # a player that is not a number
    "[1, 2]",  # not an object
    "",  # an empty line
    "{not json",
)


def reason_of(data: str) -> Any:
    """The Malformed a record's check ends with."""
    *_lines, summary = check(data)
    assert not summary["ok"], data
    return summary["why"]


def templates_in(why: Any) -> Iterator[str]:
    """The templates of a reason and of the reasons within it."""
    yield why.template
    for field in why.fields:
        if isinstance(field, Malformed):
            yield from templates_in(field)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", games.NAMES)
def test_a_malformed_record_line_names_its_line_and_says_why_in_the_language(
    game: str, lang: str, tmp_path: Path
) -> None:
    path, _line, _fault = bad_record(tmp_path, game)
    good = path.read_text().splitlines()[:-1]  # (its refused move gone)
    for bad in MALFORMED:
        path.write_text("\n".join([*good, bad]) + "\n")
        english = str(reason_of(path.read_text()))
        texts.use(lang)
        with pytest.raises(RecordProblem) as err:
            Table.open_record(path)
        told = str(err.value)
        at = texts._("{path}, line {line}: {why}").format(path=path, line=len(good) + 1, why="")
        texts.use("en")
        assert told.startswith(at) and f"{LINE[lang]} {len(good) + 1}" in at, told
        why = told[len(at) :]
        assert why != english and english.split(" (")[0] not in why, (bad, told)


def test_the_header_and_the_file_are_said_in_the_language_too(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    for data, dutch in (
        (b'{"format": 1, "game": "pyraos", "variant": "x"}\n', "geen kop van een partij: variant"),
        (b'{"p": 0, "place": "a1"}\n', "geen kop van een partij: dit is een zet, dus de kop"),
        (b"\xff\xfe{", "het bestand is UTF-16-tekst"),
        (b"", "het bestand is leeg"),
    ):
        path.write_bytes(data)
        texts.use("nl")
        with pytest.raises(RecordProblem) as err:
            Table.open_record(path)
        assert f"{path}, regel 1: {dutch}" in str(err.value), err.value


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_reason_the_record_reader_gives_is_translated_markers_kept(lang: str) -> None:
    texts.use(lang)
    known = record_reasons.templates()
    for template in known:
        said = texts._(template)
        assert said != template, f"{lang}: not translated: {template!r}"
        assert re.findall("%[sd]", said) == re.findall("%[sd]", template), (template, said)
    # what the reader raises is what the catalogues were given (extraction finds them)
    header = json.dumps({"format": 1, "game": "pacal", "variant": "solo"})
    for bad in (*MALFORMED, '{"deal": 5}', '{"deal": {"pile": [1]}}', '{"p": 0, "offer": [1]}'):
        for template in templates_in(reason_of(header + "\n" + bad + "\n")):
            assert template in known, template


# -- the terminal's typed words --------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", games.NAMES)
def test_the_terminal_takes_the_languages_words_and_lists_them(game: str, lang: str) -> None:
    table = at_a_turn(live_table(game))
    move = next(iter(table.truth.legal_moves()))
    texts.use(lang)
    english = short(game, move)
    own = " ".join(texts._(w) if w in {"offer", "hell", "heaven"} else w for w in english)
    message, told = run_terminal(table, [own])
    assert message == texts._("{move}: the hand makes it").format(move=own), message
    view = TerminalApp(table, live=False).view
    for word in view.words:  # what the help lists is what is taken
        assert texts._(word) != word or lang == "fr", word
        assert texts._(word) in told, (word, told)
        assert view.english(texts._(word)) == word
    assert texts._(view.moves_help) in told and view.moves_help in told, told
