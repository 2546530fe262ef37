"""The board's status texts in every language (tabletop.show.words): every
``_("...")`` and ``N_("...")`` literal of firmware/tabletop/show/*.py (found
by ``ast``) has its translation in every language's tables, no table keeps a
text the code no longer says, and each translation fits the SSD1306's 16
columns with the widest fields it can get, in ASCII (what its 8x8 font
draws). The profile's "lang" key takes en, nl and fr only."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from hal.common import ProfileError
from tabletop import games
from tabletop.profile import load, schema
from tabletop.show import words
from tabletop.show.status_diabolo import _NOTES, _wrap
from tabletop.show.status_pacal import _ENDS
from tabletop.show.text import COLS, wrap

SHOW = Path(words.__file__).parent
PROFILES = SHOW.parent.parent / "profiles"
OTHERS = [lang for lang in words.LANGS if lang != "en"]
# What a "%d" can be at most where 99 is more than the game gets (the round,
# a reserve of 15 marbles, a slot of two, 3 to 5 players).
WIDEST_D = {
    "Round %d   %d - %d": (5, 3, 3),
    "Marbles %d : %d": (15, 15),
    "Moves %d": (60,),
    "Move %d": (60,),
    "Slot %d: misread": (2,),
    "Slot %d: %d used": (2, 99),
    "Slot %d: lift it": (2,),
    "next on slot %d": (2,),
    "%d players": (5,),
    "Round %d scored": (5,),
}
PLAYERS = ("P5", "b9")  # the longest seat and card names (Pacal, Diabolo)
COLOURS = ("red", "yellow", "green", "purple", "blue")


def profile_json(game: str) -> dict[str, object]:
    """The shipped profile of ``game``'s boards (firmware/profiles), as JSON."""
    obj: dict[str, object] = json.loads((PROFILES / f"{game}.json").read_text())
    return obj


def said_in(path: Path) -> set[str]:
    """The literals ``path`` says through ``_`` or marks with ``N_``."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id not in ("_", "N_") or not node.args:
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.add(arg.value)
            else:  # _(NAMES[p]): a text marked where it is written
                assert node.func.id == "_", f"{path.name}:{node.lineno}: N_ of no literal"
    return out


def said_by(game: str | None) -> set[str]:
    """What the status module of ``game`` says (None: every game's, text.py,
    howto.py and status_far.py)."""
    if game is None:
        return (
            said_in(SHOW / "text.py") | said_in(SHOW / "howto.py") | said_in(SHOW / "status_far.py")
        )
    return set().union(*(said_in(p) for p in SHOW.glob(f"status_{game}*.py")))


def table(lang: str, game: str | None) -> dict[str, str]:
    """A language's table (``game`` None: the shared one) as a dict, each
    line of its block ``English = translation`` (the key once, nothing else)."""
    name = f"words_{lang}" + ("" if game is None else f"_{game}") + ".txt"
    text = (SHOW / name).read_text(encoding="ascii")
    assert text.startswith("# ") and text.endswith("\n"), f"{name}: a comment, a line to a text"
    lines = text.split("\n")[:-1]
    while lines[0].startswith("#"):
        del lines[0]  # (what the table holds)
    out: dict[str, str] = {}
    for line in lines:
        key, eq, said = line.partition(" =")
        assert eq and (not said or said.startswith(" ")), f"{name}: {line!r} is no 'text = said'"
        assert key not in out, f"{name}: {key!r} twice"
        out[key] = said[1:]
    return out


def merged(lang: str, game: str) -> dict[str, str]:
    out = table(lang, None)
    out.update(table(lang, game))
    return out


@pytest.mark.parametrize("lang", OTHERS)
def test_every_text_said_has_a_translation_and_no_table_keeps_an_old_one(lang: str) -> None:
    common = set(table(lang, None))
    used = said_by(None)
    for game in games.NAMES:
        said = said_by(game) | said_by(None)
        own = set(table(lang, game))
        assert not own & common, f"{lang} {game}: in the common table as well: {own & common}"
        missing = said - own - common
        assert not missing, f"{lang} {game}: no translation of {sorted(missing)}"
        assert not own - said, f"{lang} {game}: a text the code does not say: {own - said}"
        used |= said
    assert not common - used, f"{lang}: a text no game says: {common - used}"


def fields(key: str, t: dict[str, str], game: str) -> tuple[object, ...]:
    """The widest values ``key``'s %-fields can get in ``game``'s texts
    (``t``: its language's table)."""
    if key in WIDEST_D:
        return WIDEST_D[key]
    colour = max((t.get(c, c) for c in COLOURS), key=len)
    if key == "Scoring %s":
        return (colour,)
    if key == "%s: show %s":
        return ("P5", colour)
    names = ("Light", "Dark") if game == "pyraos" else PLAYERS
    widest = max((t.get(n, n) for n in names), key=len)
    return tuple(99 if f == "%d" else widest for f in re.findall(r"%[sd]", key))


@pytest.mark.parametrize("lang", words.LANGS)
@pytest.mark.parametrize("game", games.NAMES)
def test_every_text_fits_the_display_with_its_widest_fields(lang: str, game: str) -> None:
    t = merged(lang, game) if lang != "en" else {}
    notes = set(_NOTES.values()) if game == "diabolo" else set()
    ends = set(_ENDS.values()) if game == "pacal" else set()  # why a round ended
    for key in sorted(said_by(game) | said_by(None)):
        text = t.get(key, key)
        assert text.isascii(), f"{lang} {game}: {text!r} is not ASCII (the 8x8 font)"
        assert re.findall(r"%[sd]", text) == re.findall(r"%[sd]", key), (lang, key, text)
        shown = text % fields(key, t, game) if "%" in key else text
        if key in notes or key == "Won: %s":  # wrapped over two lines
            assert " ".join(_wrap(shown)) == shown, f"{lang}: {shown!r} does not fit two lines"
            continue
        if key in ends:  # (wrapped over two lines)
            assert " ".join(wrap(shown)) == shown, f"{lang}: {shown!r} does not fit two lines"
            continue
        assert len(shown) <= COLS, f"{lang} {game}: {shown!r} is {len(shown)} columns"


def test_the_firmware_and_the_profile_schema_name_the_same_languages() -> None:
    assert schema.LANGS == words.LANGS == ("en", "nl", "fr")


@pytest.mark.parametrize("bad", ["de", 3, "", "NL", None, ["nl"]])
def test_a_profile_with_another_language_is_refused_naming_lang(bad: object) -> None:
    obj = profile_json("pyraos")
    obj["lang"] = bad
    with pytest.raises(ProfileError) as err:
        load(obj)
    assert str(err.value).startswith("lang"), str(err.value)
    assert "en, nl, fr" in str(err.value)


@pytest.mark.parametrize("lang", words.LANGS)
def test_a_profile_names_its_language_and_english_is_the_default(lang: str) -> None:
    obj = profile_json("pacal")
    assert load(obj).lang == "en"
    obj["lang"] = lang
    assert load(obj).lang == lang


SELFTEST = SHOW.parent / "selftest.py"


@pytest.mark.parametrize("lang", words.LANGS)
def test_the_self_tests_screens_have_their_own_table_and_fit(lang: str) -> None:
    # (loaded only while a self-test runs: words.join / words.leave)
    said = said_in(SELFTEST)
    assert len(said) > 15
    t = table(lang, "selftest") if lang != "en" else {}
    if lang != "en":
        assert set(t) == said, f"{lang}: missing {said - set(t)}, stale {set(t) - said}"
    for key in sorted(said):
        text = t.get(key, key)
        assert text.isascii() and re.findall(r"%[sd]", text) == re.findall(r"%[sd]", key)
        most = 120 if "LED" in key else 99  # (a board of up to 120 LEDs, 99 of anything else)
        shown = text % tuple(most if f == "%d" else "b2" for f in re.findall(r"%[sd]", key))
        assert len(shown) <= COLS, f"{lang}: {shown!r} is {len(shown)} columns"


def test_a_self_tests_texts_are_said_only_while_it_runs() -> None:
    words.use("nl", "pacal")
    try:
        assert words._("%d LEDs lit") == "%d LEDs lit"
        words.join("selftest")
        assert words._("%d LEDs lit") == "%d LEDs aan" and words._("Draw") == "Gelijkspel"
        words.leave("selftest")
        assert words._("%d LEDs lit") == "%d LEDs lit" and words._("Draw") == "Gelijkspel"
    finally:
        words.use("en", "pacal")
