"""Bad input never crashes the profile loader: profiles made from the shipped
ones by the grammar of docs/FIRMWARE.md ("Profiles") and mutated (values
changed, mistyped, nested deep, keys dropped and added, entries repeated)
give either a Profile or a ProfileError, never another exception; and a
profile that loads is a valid one, which loads the same again after a trip
through its JSON text (hypothesis, CPython).

Quick in the suite; ``make fuzz`` (HYPOTHESIS_PROFILE=fuzz,
tests/fuzz_settings.py) runs many more examples."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hal.common import ProfileError
from tabletop import games
from tabletop.profile import Profile, load, parse, schema
from tests.fuzz_settings import runs

PROFILES = Path(__file__).resolve().parent.parent / "firmware" / "profiles"
SHIPPED = {g: json.loads((PROFILES / f"{g}.json").read_text()) for g in games.NAMES}


def _valid() -> list[dict[str, Any]]:
    # The shipped profiles, and each with the optional keys it may have set
    # (a computer seat, its colour, settle_ms, the display's address and speed).
    out = [copy.deepcopy(p) for p in SHIPPED.values()]
    for game, seat in (("pyraos", 1), ("pacal", 0), ("diabolo", 3)):
        p = copy.deepcopy(SHIPPED[game])
        p["computer"] = {"seat": seat, "level": "strong", "think_ms": 3000}
        p["colours"]["computer"] = [0, 200, 200]
        p["timing"]["settle_ms"] = 40
        p["pins"]["i2c"].update({"addr": 61, "freq": 100_000})
        out.append(p)
    return out


VALID = _valid()
for _p in VALID:
    load(copy.deepcopy(_p))  # (they are valid: a mutation starts from a good profile)

# Keys a mutation may add: every key some profile has somewhere (another
# game's among them), and near misses.
KEYS = sorted(
    {"x", "", "Sensors", "led", "pin", "colour"}
    | set(schema.TOP)
    | set(schema.COMMON)
    | {k for g in games.NAMES for k in games.part(g, "schema").KEYS}
    | {"spi", "latch", "mux", "i2c", "addr", "freq", "settle_ms", "seat", "level", "bits"}
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-70, 70)
    | st.integers()
    | st.floats()  # (NaN and the infinities too: Python's json reads them)
    | st.sampled_from(["pyraos", "pacal", "diabolo", "standard", "duel", "GRB", "strong", ""])
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=4)
    ),
    max_leaves=10,
)


def nested(depth: int, leaf: Any, as_dict: bool) -> Any:
    """``leaf`` inside ``depth`` lists (or objects), built without recursion."""
    out = leaf
    for _ in range(depth):
        out = {"x": out} if as_dict else [out]
    return out


Path_ = tuple[str | int, ...]


def paths(obj: Any) -> list[Path_]:
    """The places in ``obj`` (the object itself too) at most 8 levels deep,
    parents first. (A loop, not recursion: ``obj`` may be nested thousands
    of levels deep by an earlier mutation.)"""
    out: list[Path_] = []
    todo: list[tuple[Path_, Any]] = [((), obj)]
    while todo:
        here, v = todo.pop(0)
        out.append(here)
        if len(here) < 8 and isinstance(v, dict):
            todo += [(here + (k,), v[k]) for k in v]
        elif len(here) < 8 and isinstance(v, list):
            todo += [(here + (i,), v[i]) for i in range(len(v))]
    return out


def depth(obj: Any) -> int:
    """How many lists and objects deep ``obj`` goes (a loop, as paths)."""
    most = 0
    todo: list[tuple[int, Any]] = [(1, obj)]
    while todo:
        d, v = todo.pop()
        inner = list(v.values()) if isinstance(v, dict) else v if isinstance(v, list) else None
        if inner is not None:
            most = max(most, d)
            todo += [(d + 1, x) for x in inner]
    return most


def at(obj: Any, where: Path_) -> Any:
    for k in where:
        obj = obj[k]
    return obj


def near(value: Any, pick: int) -> Any:
    """A value next to ``value``: one out of range, of another type, or written
    another way."""
    if isinstance(value, bool):
        return [not value, int(value), str(value).lower(), None][pick % 4]
    if isinstance(value, int):
        return [value + 1, value - 1, -value, 0, 63, 64, 10**30, value + 0.0, str(value)][pick % 9]
    if isinstance(value, float):
        whole = int(value) if abs(value) < 1e300 else 0  # (not NaN, not infinite)
        return [whole, value * 1e9, -value, float("nan"), float("inf"), str(value)][pick % 6]
    if isinstance(value, str):
        return [value.upper(), value + " ", value[:-1], [value], 0, None][pick % 6]
    if isinstance(value, list):
        return [value[:-1], value + value[-1:], value[::-1], {}, "[]", len(value)][pick % 6]
    if isinstance(value, dict):
        return [[], None, list(value.values()), json.dumps(value)][pick % 4]
    return [0, "", [], {}][pick % 4]  # (None)


HOWS = ("value", "near", "drop", "add", "dup", "wrap", "deep", "swap", "pin")


def mutate(obj: Any, data: st.DataObject) -> Any:
    """``obj`` with one mutation, drawn by ``data``."""
    how = data.draw(st.sampled_from(HOWS))
    where = data.draw(st.sampled_from(paths(obj)))
    pick = data.draw(st.integers(0, 1000))
    value = at(obj, where)
    if how in ("near", "dup", "swap") and depth(obj) > 50:
        return obj  # (a copy of a deep value would recurse in the test itself)
    if how == "value":
        new = data.draw(json_values)
    elif how == "near":
        new = near(value, pick)
    elif how == "drop" and where:
        parent = at(obj, where[:-1])
        del parent[where[-1]]
        return obj
    elif how == "add" and isinstance(value, dict):
        key = KEYS[pick % len(KEYS)]
        # a value from the same key of another game's profile, when there is one
        other = [p[key] for p in SHIPPED.values() if key in p]
        value[key] = copy.deepcopy(other[pick % len(other)]) if other else data.draw(json_values)
        return obj
    elif how == "dup" and isinstance(value, list) and value:
        value.append(copy.deepcopy(value[pick % len(value)]))  # (games: an entry twice)
        return obj
    elif how == "wrap":
        new = [value] if pick % 2 else {"v": value}
    elif how == "deep":
        new = nested(1 + pick * 2, data.draw(json_values), pick % 3 == 0)
    elif how == "swap":
        new = copy.deepcopy(at(obj, data.draw(st.sampled_from(paths(obj)))))
    elif how == "pin" and isinstance(obj, dict) and isinstance(obj.get("pins"), dict):
        # one GPIO given two jobs: a pin key set to another pin key's number
        pins = [p for p in paths(obj["pins"]) if isinstance(at(obj["pins"], p), int)]
        if len(pins) < 2:
            return obj
        a, b = pins[pick % len(pins)], pins[(pick // 7) % len(pins)]
        parent = at(obj["pins"], a[:-1])
        parent[a[-1]] = at(obj["pins"], b)
        return obj
    else:
        return obj
    if not where:
        return new
    at(obj, where[:-1])[where[-1]] = new
    return obj


def load_or_error(obj: Any) -> Profile | ProfileError:
    """``load(obj)``: any exception but ProfileError fails the test."""
    try:
        got: Profile = load(obj)
        return got
    except ProfileError as err:
        assert err.key and err.problem and str(err) == f"{err.key}: {err.problem}"
        assert len(str(err)) < 300, str(err)  # a bad value is named, not echoed
        return err


def assert_valid(obj: dict[str, Any], p: Profile) -> None:
    """What a profile that loads promises, checked apart from the loader."""
    part = games.part(p.game, "schema")
    assert set(obj) <= set(schema.TOP) | set(schema.COMMON) | set(part.KEYS)
    assert p.games and len(set(p.games)) == len(p.games)
    for g, v in p.games:
        assert g == p.game and v in games.VARIANTS[g]
    assert len(p.led_map) == len(part.led_names()) == len(set(p.led_map))
    assert all(0 <= i < p.led_count for i in p.led_map)
    pins = [p.pins["leds"], p.pins["menu"], p.pins["back"]]
    for bus, keys in (("spi", ("sck", "miso")), ("i2c", ("sda", "scl"))):
        pins += [p.pins[bus][k] for k in keys] if bus in p.pins else []
    pins += [p.pins["latch"]] if "latch" in p.pins else []
    if "mux" in p.pins:
        pins += p.pins["mux"]["select"] + p.pins["mux"]["adc"]
    assert len(set(pins)) == len(pins), pins
    # ... and loads the same after a trip through its text
    again = load(parse(json.dumps(obj)))
    assert vars(again) == vars(p)


@runs(100)
@given(st.sampled_from(range(len(VALID))), st.data())
def test_mutated_profiles_load_or_name_their_key(which: int, data: st.DataObject) -> None:
    obj: Any = copy.deepcopy(VALID[which])
    for _ in range(data.draw(st.integers(1, 3))):
        obj = mutate(obj, data)
    got = load_or_error(obj)
    if isinstance(got, Profile):
        assert_valid(obj, got)


@runs(100)
@given(json_values)
def test_any_json_value_is_a_profile_error(obj: Any) -> None:
    assert isinstance(load_or_error(obj), ProfileError)


@runs(100)
@given(
    st.sampled_from(range(len(VALID))),
    st.integers(0, 100_000),
    st.sampled_from(["byte", "cut", "deep", "bom", "utf8"]),
    st.integers(0, 2000),
)
def test_mutated_profile_text_parses_and_loads_or_names_the_problem(
    which: int, where: int, how: str, n: int
) -> None:
    text = json.dumps(VALID[which], indent=1)
    i = where % len(text)
    data: str | bytes = text
    if how == "byte":
        data = text[:i] + chr(n % 128) + text[i + 1 :]
    elif how == "cut":
        data = text[:i]
    elif how == "deep":  # a key whose value is n brackets deep, in some object
        j = max(text.find("{", i), 0) + 1
        data = text[:j] + '"x": ' + "[" * n + "]" * n + ", " + text[j:]
    elif how == "bom":  # a BOM, as an editor on Windows writes it: read
        data = "\ufeff" + text if n % 2 else b"\xef\xbb\xbf" + text.encode()
    else:
        data = text.encode()[:i] + bytes([128 + n % 128]) + text.encode()[i + 1 :]
    try:
        obj = parse(data)
    except ProfileError as err:
        assert err.key == "profile" and err.problem
        return
    got = load_or_error(obj)
    if how == "bom":
        assert isinstance(got, Profile)
    if isinstance(got, Profile):
        assert_valid(obj, got)
