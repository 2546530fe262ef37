"""The record fuzz (hypothesis, CPython): record lines and whole records made
from their grammar (docs/RECORDS.md), real games, and every one of them
mutated, by line, by character, by value, by nesting, by encoding.

The properties, for every input:
- reading it gives a record or a RecordError naming a line of the file; any
  other exception fails;
- ``python -m sim check`` prints JSON lines ending in a summary and exits as
  documented: 0 every line legal, 1 a line is not, 2 the file is no record
  at all; ``hint`` exits as ``check`` does for a file it refuses;
- a record that reads back is written LF only, without a BOM, and reading
  what it writes gives the same game (and the same text again);
- a legal record laid out as a Windows editor or another writer would (a BOM,
  CR LF, another key order, other spacing) reads as the same record.

The default run takes seconds, always the same examples; HYPOTHESIS_PROFILE=fuzz
(tests/conftest.py, ``make fuzz``) runs the profile's count, new ones each run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from sim.commands import cli, hint
from sim.runs.selfplay import play_game
from tabletop import games
from tabletop.records.record import Record, RecordError
from tabletop.rules.pyraos_geometry import position_name
from tabletop.rules.rng import Rng
from tests.fuzz_settings import runs

VARIANTS = [(g, v) for g in games.NAMES for v in games.variants(g)]

GOOD = {
    (g, v): play_game(g, v, 3).dumps()
    for g, v in (("pyraos", "standard"), ("pyraos", "lines"), ("pacal", "duel"), ("pacal", "solo"))
}
# Diabolo with each player count (the key's variant names it: all are "standard").
GOOD.update(
    {
        ("diabolo", f"standard, {n} players"): play_game("diabolo", "standard", 3, n).dumps()
        for n in (3, 4, 5)
    }
)

# -- the grammar of docs/RECORDS.md, with near misses -------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 60)
    | st.floats(allow_nan=False)
    | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
POSITIONS = [position_name(i) for i in range(30)] + ["1a1", "1d4", "e5", "A1", "5a1", "2d4", ""]
CARDS = [f"{c}{v}" for c in "rygpb" for v in range(1, 6)] + ["r0", "x1", "p6", "R1", ""]
PILE = [f"{c}{v}" for c in "rygpb" for v in (1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5)]
players = st.integers(-1, 5) | st.sampled_from([True, None, "0", 1.0])
numbers = st.integers(-1, 52)
positions = st.sampled_from(POSITIONS)
cards = st.sampled_from(CARDS)
deck = st.permutations(list(range(1, 51)))


def pacal_deal(variant: str) -> st.SearchStrategy[dict[str, Any]]:
    """A Pacal deal line: often all 50 cards dealt right, else any numbers."""

    def dealt(cards: list[int], first: int) -> dict[str, Any]:
        if variant == "solo":
            return {"pile": cards[:40], "aside": cards[40:]}
        return {"hands": [cards[:15], cards[15:30]], "aside": cards[30:], "first": first}

    right = st.builds(dealt, deck, st.integers(0, 1))
    wrong: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
        {"pile": st.lists(numbers), "aside": st.lists(numbers)}
        if variant == "solo"
        else {
            "hands": st.lists(st.lists(numbers), max_size=3),
            "aside": st.lists(numbers),
            "first": players,
        }  # fmt: skip
    )
    return st.fixed_dictionaries({"deal": right | wrong})


def event_lines(game: str, variant: str) -> st.SearchStrategy[dict[str, Any]]:
    """One event line of ``game`` as the tables of docs/RECORDS.md write it,
    its values drawn from what they may be and from near misses."""

    def move(key: str, value: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"p": players, key: value})

    if game == "pyraos":
        two = st.lists(positions, min_size=0, max_size=3)
        return move("place", positions) | move("raise", two) | move("remove", two)
    if game == "pacal":
        pair = st.lists(numbers, min_size=2, max_size=2) | st.lists(numbers, max_size=3)
        field = st.tuples(numbers, st.integers(0, 11)).map(list)
        return (
            pacal_deal(variant)
            | move("offer", pair)
            | move("take", numbers)
            | move("place", field | pair)
            | move("keep", numbers)
        )
    pile = st.permutations(PILE).map(list) | st.lists(cards, max_size=72)
    deal = st.fixed_dictionaries({"dealer": players, "pile": pile})
    side = st.sampled_from(["heaven", "hell", "Heaven", ""])
    return (
        st.fixed_dictionaries({"deal": deal})
        | move("play", st.tuples(cards, side).map(list) | st.lists(cards, max_size=3))
        | move("discard", cards)
        | move("double", st.sampled_from(list("rygpbx") + ["", "rr"]))
    )


@st.composite
def headers(draw: st.DrawFn, game: str, variant: str) -> dict[str, Any]:
    """A header of ``game``: the keys it must have, some of those it may."""
    low, high = games.part(game, "rules").seats(variant)
    out: dict[str, Any] = {"format": 1, "game": game, "variant": variant}
    if low != high or draw(st.booleans()):
        count = draw(st.integers(low, high))
        out["players"] = draw(st.lists(st.text(max_size=8), min_size=count, max_size=count))
    if draw(st.booleans()):
        day = draw(st.dates()).isoformat()
        out["date"] = day + draw(st.sampled_from(["", "T09:05", " 23:59:60.5Z", "T00:00+01:00"]))
    if draw(st.booleans()):
        out["seed"] = draw(st.integers(0, 2**40))
    if draw(st.booleans()):
        out["event"] = draw(st.text(max_size=12))
    return out


@st.composite
def legal_records(draw: st.DrawFn) -> Record:
    """A record played by the rules from a drawn header: each move chosen by a
    drawn number among the legal ones, each deal from the rules' ``chance``;
    it may end mid-game, and a finished one may carry its result."""
    game, variant = draw(st.sampled_from(VARIANTS))
    header = draw(headers(game, variant))
    extra = {k: header[k] for k in header if k not in ("format", "game", "variant")}
    rec: Record = Record.new(game, variant, **extra)
    rules = games.part(game, "rules")
    rng = Rng(draw(st.integers(0, 2**31)))
    for choice in draw(st.lists(st.integers(0, 999), max_size=60)):
        state = rec.state
        moves = list(state.legal_moves())
        if moves and state.may_pass() and choice % 2:
            moves = []  # (passed: a Diabolo double left unmade)
        if moves:
            rec.add(moves[choice % len(moves)])
            continue
        event = rules.chance(state, rng)
        if event is None:
            break
        rec.add(event)
    if draw(st.booleans()):
        rec.set_result()
    return rec


# -- mutations ------------------------------------------------------------------------

# Strings a mutated value may become: cards, sides and colours of Diabolo, positions
# of Pyraos, and near misses.
TOKENS = ["r1", "b5", "p4", "g6", "y0", "hell", "heaven", "p", "x", "", "b2", "4a1", "R1"]
CHARS = '[]{}",:\\ 0123456789-+.eEtfnul\r\n\t\x00\x7f\ufeff\u00e9\U0001f600'


def mutate(value: Any, byte: int) -> Any:
    """``value`` with one part changed: an int becomes ``byte``, a string a token,
    one element of a list or one value of an object (a deal's dealer, pile, hands ...)
    is mutated in turn."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return byte
    if isinstance(value, str):
        return TOKENS[byte % len(TOKENS)]
    if isinstance(value, list) and value:
        j = byte % len(value)
        return value[:j] + [mutate(value[j], byte // len(value))] + value[j + 1 :]
    if isinstance(value, dict) and value:
        k = sorted(value)[byte % len(value)]
        return {**value, k: mutate(value[k], byte // len(value))}
    return value


def nest(value: Any, depth: int, byte: int) -> str:
    """The JSON text of ``value`` with one part (chosen by ``byte``) wrapped in
    ``depth`` lists. (Made as text: json.dumps itself cannot write a list
    nested a thousand deep.)"""
    if isinstance(value, dict) and value and byte % 3:
        k = sorted(value)[byte % len(value)]
        parts = [
            json.dumps(key) + ": " + (nest(v, depth, byte // 3) if key == k else json.dumps(v))
            for key, v in value.items()
        ]
        return "{" + ", ".join(parts) + "}"
    return "[" * depth + json.dumps(value) + "]" * depth


@st.composite
def mutated(draw: st.DrawFn, text: str, game: str, variant: str) -> str | bytes:
    """``text`` (a record) changed in one to three ways."""
    lines = text.rstrip("\n").split("\n")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1)) if lines else 0
        how = draw(st.sampled_from(["drop", "swap", "dup", "line", "char", "value", "nest"]))
        if not lines:
            lines = [json.dumps(draw(event_lines(game, variant)))]
        elif how == "drop":
            del lines[i]
        elif how == "swap":
            j = (i + 1) % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif how == "dup":
            lines.insert(i, lines[i])
        elif how == "line":  # a line of the grammar, in place of one or before it
            new = json.dumps(draw(event_lines(game, variant)))
            lines[i : i + draw(st.integers(0, 1))] = [new]
        elif how == "char":
            line = lines[i]
            j = draw(st.integers(0, len(line)))
            cut = draw(st.integers(0, 2))  # inserted, replaced, or two replaced
            lines[i] = line[:j] + draw(st.sampled_from(CHARS)) + line[j + cut :]
        elif "[" * 20 not in lines[i]:  # (a line nested by an earlier mutation is left:
            # CPython's json reads it or not depending on how deep the stack is already)
            try:
                obj = json.loads(lines[i])
            except ValueError:
                continue  # (an earlier mutation broke it already)
            byte = draw(st.integers(0, 255))
            if how == "value":
                lines[i] = json.dumps(mutate(obj, byte))
            else:
                depth = draw(st.sampled_from([1, 2, 13, 14, 15, 999, 1000, 5000]))
                lines[i] = nest(obj, depth, byte)
    out = "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))
    encoding = draw(st.sampled_from(["text", "utf-8", "bom", "crlf", "utf-16", "latin-1"]))
    if encoding == "text":
        return out
    if encoding == "bom":
        return b"\xef\xbb\xbf" + out.encode("utf-8", "surrogatepass")
    if encoding == "crlf":
        return out.replace("\n", "\r\n").encode("utf-8", "surrogatepass")
    if encoding == "utf-16":
        return out.encode("utf-16")
    if encoding == "latin-1":
        return out.encode("latin-1", "replace")
    return out.encode("utf-8", "surrogatepass")


# -- the properties ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A file the commands read (module-wide: hypothesis reuses it per example)."""
    return tmp_path_factory.mktemp("fuzz") / "record.jsonl"


def command(name: str, path: Path) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``python -m sim check|hint PATH``, run
    here: the commands' own functions, past the argument parsing (which costs
    ten times what they do; tests/test_record_commands.py runs the real command
    line)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        if name == "check":
            code = cli._check(str(path))
        else:
            args = argparse.Namespace(record=str(path), level="strong", ms=None, nodes=None)
            code = hint.run(args)
    return code, out.getvalue(), err.getvalue()


def read_or_error(data: str | bytes) -> Record | RecordError:
    """What Record.read makes of ``data``: only a record or a RecordError, on a line
    the file has (line 1 for an empty one)."""
    try:
        rec: Record = Record.read(data)
        return rec
    except RecordError as err:
        text = data if isinstance(data, str) else data.decode("utf-8", "replace")
        assert 1 <= err.line <= max(1, len(text.split("\n"))) and err.reason
        return err


def assert_reader_holds(data: str | bytes, path: Path) -> Record | RecordError:
    """Every property of the module docstring for one input."""
    got = read_or_error(data)
    path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data)
    code, out, err = command("check", path)
    assert err == ""
    printed = [json.loads(line) for line in out.splitlines()]  # every line JSON
    *lines, summary = printed
    assert summary["summary"] is True and summary["ok"] is (code == 0)
    event(f"check exits {code}")  # (pytest --hypothesis-show-statistics)
    # one line per event line, up to the first bad one (none bad: the header's result is)
    bad = code != 0 and summary["line"] >= 2
    for i, item in enumerate(lines):
        assert item["line"] == i + 2
        assert item["ok"] is not (bad and i == len(lines) - 1) and (item["ok"] or item["error"])
    assert not bad or lines[-1]["line"] == summary["line"]
    if isinstance(got, Record):
        assert code == 0
        assert summary["events"] == len(got.events)
        text = got.dumps()  # written: LF only, no BOM; read back: the same game
        assert "\r" not in text and not text.startswith("\ufeff") and text.endswith("\n")
        again = Record.read(text)
        assert again.events == got.events and again.header == got.header
        assert again.dumps() == text
        return got
    assert code == (2 if got.fatal else 1)
    assert (summary["line"], summary["error"]) == (got.line, got.reason)
    if code == 2:
        assert len(printed) == 1  # no line of a file that is no record is checked
    hint_code, _, hint_err = command("hint", path)
    assert hint_code == code and hint_err == f"hint: {path}: {got}\n"
    return got


@runs(300)
@given(st.binary(max_size=200))
def test_any_bytes(scratch: Path, data: bytes) -> None:
    assert_reader_holds(data, scratch)


@runs(200)
@given(st.sampled_from(sorted(GOOD)), st.lists(json_values, min_size=1, max_size=4))
def test_any_json_lines_after_a_good_header(
    scratch: Path, key: tuple[str, str], objs: list[Any]
) -> None:
    header_obj = json.loads(GOOD[key].split("\n", 1)[0])
    header_obj.pop("result", None)
    text = "\n".join([json.dumps(header_obj)] + [json.dumps(o) for o in objs]) + "\n"
    got = assert_reader_holds(text, scratch)
    if isinstance(got, RecordError):
        assert 2 <= got.line <= len(objs) + 1


@runs(150)
@given(st.sampled_from(VARIANTS).flatmap(lambda gv: st.tuples(
    headers(*gv), st.lists(event_lines(*gv), min_size=1, max_size=3))))  # fmt: skip
def test_lines_of_the_grammar(scratch: Path, record: tuple[dict[str, Any], list[Any]]) -> None:
    """A header and event lines as the grammar writes them, values chosen at
    random: mostly illegal, never a crash."""
    header, events = record
    text = "\n".join(json.dumps(o) for o in [header, *events]) + "\n"
    got = assert_reader_holds(text, scratch)
    if isinstance(got, RecordError):
        assert not got.fatal and got.line >= 2  # the header is always a good one


@runs(60)
@given(legal_records(), st.data())
def test_a_legal_record_in_any_layout(scratch: Path, rec: Record, data: st.DataObject) -> None:
    """The same record, whatever the line ends, BOM, key order or spacing."""
    assert isinstance(assert_reader_holds(rec.dumps(), scratch), Record)
    rows = []
    for line in rec.lines():
        obj = json.loads(line)
        keys = data.draw(st.permutations(sorted(obj)))
        spacing = data.draw(st.sampled_from([(", ", ": "), (",", ":"), (" ,\t", " : ")]))
        rows.append(json.dumps({k: obj[k] for k in keys}, separators=spacing))
        rows.append(data.draw(st.sampled_from(["\n", "\r\n"])))
    bom = data.draw(st.sampled_from(["", "\ufeff"]))
    text = bom + "".join(rows)
    if data.draw(st.booleans()):
        text = text.rstrip("\r\n")  # no line end after the last line
    as_bytes = data.draw(st.booleans())
    got = assert_reader_holds(text.encode("utf-8") if as_bytes else text, scratch)
    assert isinstance(got, Record)
    assert got.events == rec.events and got.header == rec.header and got.dumps() == rec.dumps()


@runs(300)
@given(st.sampled_from(sorted(GOOD)).flatmap(lambda k: mutated(GOOD[k], k[0], k[1].split(",")[0])))
def test_mutated_real_records(scratch: Path, data: str | bytes) -> None:
    assert_reader_holds(data, scratch)


@runs(100)
@given(legal_records().flatmap(lambda r: mutated(r.dumps(), r.game, r.variant)))
def test_mutated_legal_records(scratch: Path, data: str | bytes) -> None:
    assert_reader_holds(data, scratch)
