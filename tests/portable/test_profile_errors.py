"""Bad profiles, under CPython and MicroPython: a value of the wrong type
anywhere, nesting a thousand levels deep, a key of another game's boards, a
``games`` entry twice and a GPIO pin with two jobs are each a ProfileError
that names the key; never a TypeError, KeyError, AttributeError or
RecursionError from the loader."""

import json
import unittest

from board_support import profile_json
from tabletop.profile import Profile, ProfileError, load, parse, schema

GAMES = ("pyraos", "pacal", "diabolo")
# Wrong types (and shapes) a careless edit may put anywhere.
WRONG = (None, True, "x", 1.5, [], {}, [[["pyraos"], "standard"]], {"pyraos": "standard"})


def error(obj):
    """The ProfileError ``load(obj)`` raises (any other exception fails the
    test), or None if it loads."""
    try:
        load(obj)
    except ProfileError as err:
        return err
    return None


def places(obj):
    """The path (a list of keys and indexes) of every value in ``obj``, found
    without recursion."""
    out = []
    todo = [([], obj)]
    while todo:
        path, v = todo.pop()
        if type(v) is dict:
            for k in v:
                out.append(path + [k])
                todo.append((path + [k], v[k]))
        elif type(v) is list:
            for i in range(len(v)):
                out.append(path + [i])
                todo.append((path + [i], v[i]))
    return out


def put(obj, path, value):
    for k in path[:-1]:
        obj = obj[k]
    obj[path[-1]] = value


def nested(depth, as_dict=False):
    # built by a loop: nothing here may recurse either
    out = 0
    for _ in range(depth):
        out = {"x": out} if as_dict else [out]
    return out


class WrongTypeTest(unittest.TestCase):
    def test_a_game_or_variant_that_is_not_a_string(self):
        for entries, says in (
            ([[["pyraos"], "standard"]], "unknown game (a list, not a name)"),
            ([[{"pyraos": 1}, "standard"]], "unknown game (a dict, not a name)"),
            ([[5, "standard"]], "unknown game 5 (an int, not a name)"),
            ([[nested(1000), "standard"]], "unknown game (a list, not a name)"),
            ([["pyraos", ["standard"]]], "pyraos has no variant (a list) (its variants: standard,"),
            ([["pyraos", {"v": "standard"}]], "pyraos has no variant (a dict)"),
            ([["pyraos", nested(1000, True)]], "pyraos has no variant (a dict)"),
            ([["pyraos", None]], "pyraos has no variant (a NoneType)"),
            ([["pyraos"]], "each entry must be [game, variant]: pacal, pyraos, diabolo"),
            (["pyraos"], "each entry must be [game, variant]"),
            ({"pyraos": "standard"}, "must be a non-empty list of [game, variant] pairs"),
        ):
            raw = profile_json("pyraos")
            raw["games"] = entries
            err = error(raw)
            self.assertTrue(err is not None, says)
            self.assertEqual(err.key, "games")
            self.assertTrue(err.problem.startswith(says), err.problem)

    def test_a_long_name_or_key_is_cut_short_in_the_message(self):
        raw = profile_json("pyraos")
        for pair in (["x" * 10000, "standard"], ["pyraos", "y" * 10000]):
            raw["games"] = [pair]
            err = error(raw)
            self.assertEqual(err.key, "games")
            self.assertTrue(len(str(err)) < 200, str(err)[:200])
        raw = profile_json("pyraos")
        raw["sensors"]["z" * 10000] = 1
        err = error(raw)
        self.assertTrue(err.key.startswith("sensors.zzz") and err.key.endswith("..."))
        self.assertTrue(len(str(err)) < 200 and err.problem == "unknown key", str(err)[:200])

    def test_a_wrong_type_anywhere_is_a_profile_error_naming_its_key(self):
        # Every value of every shipped profile, swapped for each wrong type
        # in turn: loaded (where the type happens to fit) or refused with the
        # key the value is under. (schema.validated is what load runs; it is
        # called here without load's letting go of the checks after each
        # profile, which under MicroPython would cost a compile per case.)
        # (Three wrong values a place, a different three at the next one: the
        # fuzz in tests/test_profile_fuzz.py tries them all, under CPython.)
        for game in GAMES:
            text = json.dumps(profile_json(game))
            where = places(json.loads(text))
            for i in range(len(where)):
                path = where[i]
                for j in range(3):
                    value = WRONG[(i + j) % len(WRONG)]
                    raw = json.loads(text)
                    put(raw, path, value)
                    try:
                        schema.validated(raw, Profile())
                    except ProfileError as err:
                        top = err.key.split(".")[0]
                        self.assertEqual(top, path[0], "%s %r: %s" % (path, value, err))
                        self.assertTrue(err.problem, err)

    def test_wrong_types_the_checks_did_not_look_at(self):
        cases = (
            # a bus or a latch a board without shift registers does not need
            ("pyraos", "pins", "spi", "x", "pins.spi: must be an object"),
            ("pyraos", "pins", "latch", "17", "pins.latch: must be a whole number"),
            ("diabolo", "pins", "mux", [1, 2], "pins.mux: must be an object"),
            (
                "pyraos",
                "pins",
                "spi",
                {"id": 0, "sck": "18", "miso": 16, "baudrate": 10**6},
                "pins.spi.sck: must be a whole number",
            ),  # fmt: skip
        )
        for game, where, key, value, start in cases:
            raw = profile_json(game)
            raw[where][key] = value
            err = error(raw)
            self.assertTrue(err is not None and str(err).startswith(start), (key, str(err)))

    def test_not_an_object(self):
        for obj in (None, 5, "profile", [], [profile_json("pyraos")]):
            self.assertEqual(str(error(obj)), "profile: must be an object")


class DeepTest(unittest.TestCase):
    def test_a_thousand_brackets_in_the_text(self):
        # CPython's parser raises RecursionError here, MicroPython's reads it
        # (and anything walking the value later ran out of stack): both are
        # the same ProfileError.
        text = json.dumps(profile_json("pyraos"))
        deep = "[" * 1000 + "]" * 1000
        for bad in (
            deep,
            text[:-1] + ', "x": ' + deep + "}",
            text.replace('"standard"', deep, 1),
            text[:-1] + ', "x": ' + '{"a": ' * 1000 + "1" + "}" * 1000 + "}",
        ):
            try:
                parse(bad)
            except ProfileError as err:
                self.assertEqual(
                    str(err), "profile: nested more than 8 levels deep (no profile is)"
                )
            else:
                self.fail("parsed")

    def test_a_thousand_levels_deep_in_any_key(self):
        for game in GAMES:
            for path in (["games"], ["games", 0], ["games", 0, 0], ["name"], ["pins"],
                         ["pins", "leds"], ["leds", "order"], ["colours", "error"],
                         ["led_map"], ["timing", "tick_ms"], ["registers"]):  # fmt: skip
                for as_dict in (False, True):
                    raw = profile_json(game)
                    put(raw, path, nested(1000, as_dict))
                    err = error(raw)
                    self.assertTrue(err is not None, path)
                    self.assertEqual(err.key.split(".")[0], path[0])

    def test_the_shipped_profiles_parse_and_a_bom_is_taken(self):
        for game in GAMES:
            text = json.dumps(profile_json(game))
            self.assertEqual(load(parse(text)).game, game)
            self.assertEqual(load(parse("\ufeff" + text)).game, game)
            self.assertEqual(load(parse(b"\xef\xbb\xbf" + text.encode())).game, game)

    def test_text_that_is_not_json(self):
        for bad in ("", "{", "{'format': 1}", b"\xff\xfe", '{"format": 1'):
            try:
                parse(bad)
            except ProfileError as err:
                self.assertEqual(err.key, "profile")
                self.assertTrue(err.problem.startswith("not JSON"), err)
            else:
                self.fail("parsed %r" % bad)


class SchemaTest(unittest.TestCase):
    def test_keys_of_another_games_boards_are_unknown(self):
        raw = profile_json("pyraos")
        raw.update({"fields": 5, "slots": None, "reader": []})
        err = error(raw)  # (the first of them the object gives: its order differs by port)
        self.assertTrue(err.key in ("fields", "slots", "reader"), err)
        self.assertEqual(err.problem, "unknown key for a pyraos board")
        cases = (
            ("pyraos", "slots", "pacal"),
            ("pyraos", "reader", "diabolo"),
            ("pyraos", "players", "diabolo"),
            ("pacal", "sensors", "pyraos"),
            ("pacal", "rows", "diabolo"),
            ("diabolo", "model", "pyraos"),
            ("diabolo", "fields", "pacal"),
        )
        for game, key, owner in cases:
            raw = profile_json(game)
            raw[key] = profile_json(owner)[key]  # (a good value, on the wrong board)
            self.assertEqual(str(error(raw)), "%s: unknown key for a %s board" % (key, game))

    def test_a_games_entry_listed_twice(self):
        for entries, twice in (
            ([["pyraos", "standard"]] * 3, "pyraos standard"),
            ([["pyraos", "kids"], ["pyraos", "lines"], ["pyraos", "kids"]], "pyraos kids"),
        ):
            raw = profile_json("pyraos")
            raw["games"] = entries
            self.assertEqual(str(error(raw)), "games: %s is listed twice" % twice)
        raw = profile_json("pacal")
        raw["games"] = [["pacal", "solo"], ["pacal", "solo"]]
        self.assertEqual(str(error(raw)), "games: pacal solo is listed twice")

    def test_one_pin_for_two_jobs(self):
        # The reference wiring: LEDs 22, MENU 14, BACK 15, I2C 6/7, mux select
        # 10..13 and ADCs 26/27; Pacal and Diabolo also SPI 18/16, latch 17.
        cases = (
            ("pyraos", ["pins", "menu"], 22, "pins.menu: pin 22 is already used by pins.leds"),
            ("pyraos", ["pins", "back"], 14, "pins.back: pin 14 is already used by pins.menu"),
            ("pyraos", ["pins", "mux", "adc"], [26, 6], "pins.i2c.sda: pin 6 is already used by "
             "pins.mux.adc"),
            ("pyraos", ["pins", "mux", "select"], [10, 11, 12, 15], "pins.mux.select: pin 15 is "
             "already used by pins.back"),
            ("pyraos", ["pins", "i2c", "scl"], 6, "pins.i2c.scl: pin 6 is already used by "
             "pins.i2c.sda"),
            ("pacal", ["pins", "latch"], 18, "pins.latch: pin 18 is already used by pins.spi.sck"),
            ("pacal", ["pins", "spi", "miso"], 22, "pins.spi.miso: pin 22 is already used by "
             "pins.leds"),
            ("diabolo", ["pins", "i2c", "sda"], 17, "pins.i2c.sda: pin 17 is already used by "
             "pins.latch"),
        )  # fmt: skip
        for game, path, value, want in cases:
            raw = profile_json(game)
            put(raw, path, value)
            self.assertEqual(str(error(raw)), want)

    def test_the_shipped_profiles_still_load(self):
        for game in GAMES:
            self.assertTrue(error(profile_json(game)) is None, game)

    def test_a_bad_current_limit(self):
        # leds.limit_ma, channel_ma and idle_ma (the current limit): each a
        # number in its range, and a limit above what the chain draws dark
        # (the reference Pyraos board: 57 LEDs at 1 mA).
        nan = float("nan")
        cases = (
            ({"limit_ma": 0}, "leds.limit_ma: must be a whole number 1..100000"),
            ({"limit_ma": -300}, "leds.limit_ma: must be a whole number 1..100000"),
            ({"limit_ma": 100001}, "leds.limit_ma: must be a whole number 1..100000"),
            ({"limit_ma": 300.5}, "leds.limit_ma: must be a whole number 1..100000"),
            ({"limit_ma": "300"}, "leds.limit_ma: must be a whole number 1..100000"),
            ({"limit_ma": True}, "leds.limit_ma: must be a whole number 1..100000"),
            ({"limit_ma": None}, "leds.limit_ma: must be a whole number 1..100000"),
            ({"limit_ma": 57}, "leds.limit_ma: must be more than the 57 LEDs draw when dark "
             "(57 mA)"),
            ({"limit_ma": 100, "idle_ma": 2}, "leds.limit_ma: must be more than the 57 LEDs "
             "draw when dark (114 mA)"),
            ({"limit_ma": 17, "idle_ma": 0.3}, "leds.limit_ma: must be more than the 57 LEDs "
             "draw when dark (17.1 mA)"),
            ({"channel_ma": 0}, "leds.channel_ma: must be a number from 1 to 100"),
            ({"channel_ma": 101}, "leds.channel_ma: must be a number from 1 to 100"),
            ({"channel_ma": "12"}, "leds.channel_ma: must be a number from 1 to 100"),
            ({"channel_ma": nan}, "leds.channel_ma: must be a number from 1 to 100"),
            ({"channel_ma": [12]}, "leds.channel_ma: must be a number from 1 to 100"),
            ({"idle_ma": -1}, "leds.idle_ma: must be a number from 0 to 10"),
            ({"idle_ma": 10.5}, "leds.idle_ma: must be a number from 0 to 10"),
            ({"idle_ma": False}, "leds.idle_ma: must be a number from 0 to 10"),
            ({"idle_ma": {}}, "leds.idle_ma: must be a number from 0 to 10"),
            ({"limit_mA": 300}, "leds.limit_mA: unknown key"),
            ({"current_ma": 300}, "leds.current_ma: unknown key"),
        )  # fmt: skip
        for change, want in cases:
            raw = profile_json("pyraos")
            raw["leds"].update(change)
            self.assertEqual(str(error(raw)), want)
            # the same from the file's text, as a board reads it
            if all(v == v for v in change.values()):  # (NaN is not JSON)
                self.assertEqual(str(error(parse(json.dumps(raw)))), want)
        # the figures in range load, with a limit just above the dark chain
        raw = profile_json("pyraos")
        raw["leds"].update({"limit_ma": 58, "channel_ma": 1, "idle_ma": 1})
        self.assertEqual(load(raw).led_budget, 255)
        raw["leds"].update({"limit_ma": 100000, "channel_ma": 100, "idle_ma": 0})
        self.assertEqual(load(raw).limit_ma, 100000)
        for key in ("limit_ma", "channel_ma", "idle_ma"):
            del raw["leds"][key]
        self.assertEqual(load(raw).led_budget, -1)  # no limit: the brightness cap only
