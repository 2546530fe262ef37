"""Bad input never crashes the record reader: any text, any JSON, any
mutation of a real record gives either a record or a RecordError that names a
line, and ``check`` always ends with a summary (hypothesis, CPython)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.runs.selfplay import play_game
from tabletop.records.record import Record, RecordError, check

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


def read_or_error(data: str | bytes) -> Record | RecordError:
    try:
        rec: Record = Record.read(data)
        return rec
    except RecordError as err:
        assert err.line >= 1 and err.reason
        return err


def assert_check_well_formed(data: str | bytes) -> None:
    items = list(check(data))
    assert items and items[-1]["summary"] is True
    for item in items[:-1]:
        assert item["line"] >= 2 and isinstance(item["ok"], bool)
        assert item["ok"] or item["error"]
    bad = [i for i in items[:-1] if not i["ok"]]
    assert len(bad) <= 1 and (not bad or bad[0] is items[-2])  # stops at the first bad line


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.binary(max_size=200))
def test_any_bytes(data: bytes) -> None:
    read_or_error(data)
    assert_check_well_formed(data)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(GOOD)), st.lists(json_values, min_size=1, max_size=4))
def test_any_json_lines_after_a_good_header(key: tuple[str, str], objs: list[Any]) -> None:
    header = GOOD[key].split("\n", 1)[0]
    header_obj = json.loads(header)
    header_obj.pop("result", None)
    text = "\n".join([json.dumps(header_obj)] + [json.dumps(o) for o in objs]) + "\n"
    got = read_or_error(text)
    assert_check_well_formed(text)
    if isinstance(got, RecordError):
        assert 2 <= got.line <= len(objs) + 1


# Strings a mutated value may become: cards, sides and colours of Diabolo, positions
# of Pyraos, and near misses.
TOKENS = ["r1", "b5", "p4", "g6", "y0", "hell", "heaven", "p", "x", "", "b2", "4a1", "R1"]


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


@settings(
    max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    st.sampled_from(sorted(GOOD)),
    st.integers(0, 10_000),
    st.sampled_from(["drop", "swap", "dup", "byte", "value"]),
    st.integers(0, 255),
)
def test_mutated_real_records(key: tuple[str, str], where: int, how: str, byte: int) -> None:
    lines = GOOD[key].rstrip("\n").split("\n")
    i = 1 + where % (len(lines) - 1)
    if how == "drop":
        del lines[i]
    elif how == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif how == "dup":
        lines.insert(i, lines[i])
    elif how == "byte":
        line = lines[i]
        j = where % len(line)
        lines[i] = line[:j] + chr(byte) + line[j + 1 :]
    else:
        obj = json.loads(lines[i])
        for k in obj:
            if k != "p":
                obj[k] = mutate(obj[k], byte)
            else:
                obj[k] = byte % 3
        lines[i] = json.dumps(obj)
    text = "\n".join(lines) + "\n"
    got = read_or_error(text)
    assert_check_well_formed(text)
    if isinstance(got, Record):
        # Accepted: writing it back and reading that gives the same game.
        again = Record.read(got.dumps())
        assert again.events == got.events and again.header == got.header
