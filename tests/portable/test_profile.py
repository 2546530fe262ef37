"""Board profiles: the shipped ones load; a bad one is refused with an error
that starts with the key path and says what is wrong."""

import unittest

from board_support import profile, profile_json
from tabletop.profile import ProfileError, load

# The lights in the order Profile.led_map lists them, as the renderers index
# it, written out here (not taken from tabletop.profile.schema): Pyraos, the
# 25 sensor points (cups a1..d4 row by row, then 2a1..2c3), turn0 at 25,
# turn1, the reserve bars from 27 (show/render_pyraos.py: _TURN, _RESERVE);
# Pacal, the fields 1..10 of player 0 then player 1, the slots at 20, the
# turn LEDs at 22, the round wins at 24 (show/render_pacal.py).
PYRAOS_LIGHTS = (
    "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4 2a1 2b1 2c1 2a2 2b2 2c2 2a3 2b3 2c3 "
    "turn0 turn1"
).split()
PYRAOS_LIGHTS += ["reserve%d.%d" % (p, i) for p in (0, 1) for i in range(15)]
PACAL_LIGHTS = ["field%d.%d" % (p, f) for p in (0, 1) for f in range(1, 11)]
PACAL_LIGHTS += "slot0 slot1 turn0 turn1 win0.1 win0.2 win0.3 win1.1 win1.2 win1.3".split()
LIGHTS = {"pyraos": PYRAOS_LIGHTS, "pacal": PACAL_LIGHTS}


def refused(obj):
    try:
        load(obj)
    except ProfileError as err:
        return str(err)
    return None


class ShippedProfilesTest(unittest.TestCase):
    def test_pyraos_reference_board(self):
        p = profile("pyraos")
        self.assertEqual(p.game, "pyraos")
        self.assertEqual([v for g, v in p.games], ["standard", "kids", "lines"])
        self.assertEqual(len(p.sensor_channels), 25)
        self.assertEqual(len(set(p.sensor_channels)), 25)
        self.assertEqual(p.led_count, 57)
        self.assertEqual(sorted(p.led_map), list(range(57)))

    def test_pacal_reference_board(self):
        p = profile("pacal")
        self.assertEqual(p.game, "pacal")
        self.assertEqual(len(p.field_channels), 20)
        self.assertEqual(len(p.slot_bits), 2)
        self.assertEqual(p.led_count, 30)
        self.assertEqual(sorted(p.led_map), list(range(30)))


class LedMapTest(unittest.TestCase):
    """led_map[k] is the LED the profile's JSON gives the k-th light."""

    def test_shipped_profiles(self):
        for name in ("pyraos", "pacal"):
            raw = profile_json(name)["led_map"]
            want = [raw[light] for light in LIGHTS[name]]
            self.assertEqual(list(profile(name).led_map), want, name)

    def test_a_shuffled_map(self):
        # The shipped maps number the lights in order (LED k is light k),
        # which would hide a map not read from the JSON, or read in another
        # order. Here light k is LED (7k + 3) mod count, a permutation.
        for name, count in (("pyraos", 57), ("pacal", 30)):
            obj = profile_json(name)
            want = [(7 * k + 3) % count for k in range(count)]
            for k in range(count):
                obj["led_map"][LIGHTS[name][k]] = want[k]
            self.assertEqual(list(load(obj).led_map), want, name)


class RefusalTest(unittest.TestCase):
    def change(self, name, path, value):
        obj = profile_json(name)
        node = obj
        keys = path.split("/")
        for k in keys[:-1]:
            node = node[int(k)] if type(node) is list else node[k]
        last = keys[-1]
        if type(node) is list:
            last = int(last)
        if value is _DELETE:
            del node[last]
        else:
            node[last] = value
        return refused(obj)

    def test_each_mistake_names_its_key(self):
        cases = (
            ("pyraos", "format", 2, "format:"),
            ("pyraos", "name", _DELETE, "name: missing"),
            ("pyraos", "colour", [1, 2, 3], "colour: unknown key"),
            ("pyraos", "games", [["pyraos", "duel"]], "games:"),
            ("pyraos", "games", [["pyraos", "standard"], ["pacal", "duel"]], "games:"),
            ("pyraos", "sensors/2a1/channel", 3, "sensors.2a1.channel:"),
            ("pyraos", "sensors/b2/channel", 99, "sensors.b2.channel:"),
            ("pyraos", "sensors/c3/gain", "x", "sensors.c3.gain:"),
            ("pyraos", "sensors/d4", _DELETE, "sensors.d4: missing"),
            ("pyraos", "model/noise", 0, "model.noise:"),
            ("pyraos", "match/margin", _DELETE, "match.margin: missing"),
            ("pyraos", "leds/order", "XYZ", "leds.order:"),
            ("pyraos", "leds/brightness", 1.5, "leds.brightness:"),
            ("pyraos", "led_map/turn0", 0, "led_map.turn0:"),
            ("pyraos", "led_map/a1", 57, "led_map.a1:"),
            ("pyraos", "pins/mux/adc", [26], "pins.mux.adc:"),
            ("pyraos", "pins/mux/select", [1, 2, 3], "pins.mux.select:"),
            ("pyraos", "timing/tick_ms", 0, "timing.tick_ms:"),
            ("pyraos", "buttons/active_low", 1, "buttons.active_low:"),
            ("pyraos", "colours/error", [255, 0], "colours.error:"),
            ("pacal", "fields/0/3/levels", [1, 3, 2], "fields.0.4.levels:"),
            ("pacal", "fields/1/0/hysteresis", 5000, "fields.1.1.hysteresis:"),
            ("pacal", "fields/1/9/channel", 0, "fields.1.10.channel:"),
            ("pacal", "slots/1/bits", [0, 9, 10, 11, 12, 13, 14], "slots.1.bits:"),
            ("pacal", "slots/0/bits", [0, 1, 2, 3, 4, 5, 99], "slots.0.bits:"),
            ("pacal", "registers", 1, "registers:"),
            ("pacal", "pins/latch", _DELETE, "pins.latch: missing"),
            ("pacal", "led_map/win1.3", _DELETE, "led_map.win1.3: missing"),
            ("pyraos", "computer", {"seat": 2}, "computer.seat:"),
            ("pyraos", "computer", {"level": "easy"}, "computer.seat: missing"),
            ("pyraos", "computer", {"seat": 1, "level": "hard"}, "computer.level:"),
            ("pyraos", "computer", {"seat": 1, "think_ms": 10}, "computer.think_ms:"),
            ("pyraos", "computer", {"seat": 1, "colour": 1}, "computer.colour: unknown key"),
            ("pyraos", "colours/computer", [1, 2], "colours.computer:"),
            ("pacal", "computer", {"seat": -2}, "computer.seat:"),
            # a Diabolo seat is one of the players a game starts with (the reference: 4)
            ("diabolo", "computer", {"seat": 4}, "computer.seat: must be a whole number -1..3"),
            ("diabolo", "computer", {"seat": 5}, "computer.seat: must be a whole number -1..3"),
            ("diabolo", "computer", {"seat": -2}, "computer.seat: must be a whole number -1..4"),
        )
        for name, path, value, start in cases:
            with self.subTest(path=path):
                err = self.change(name, path, value)
                self.assertTrue(err is not None, "accepted: %s = %r" % (path, value))
                self.assertTrue(err.startswith(start), err)

    def test_a_computer_seat(self):
        obj = profile_json("pyraos")
        p = load(obj)
        self.assertEqual((p.computer_seat, p.colours["computer"]), (-1, (255, 255, 255)))
        obj["computer"] = {"seat": 1, "level": "strong", "think_ms": 3000}
        obj["colours"]["computer"] = [0, 200, 200]
        p = load(obj)
        self.assertEqual((p.computer_seat, p.computer_level, p.think_ms), (1, "strong", 3000))
        self.assertEqual(p.colours["computer"], (0, 200, 200))
        obj["computer"] = {"seat": 0}
        p = load(obj)
        self.assertEqual((p.computer_seat, p.computer_level, p.think_ms), (0, "medium", 8000))
        obj = profile_json("pacal")  # a Pacal board: a duel's seat, solo's advisor
        obj["computer"] = {"seat": 1, "level": "easy"}
        p = load(obj)
        self.assertEqual((p.computer_seat, p.computer_level), (1, "easy"))
        obj = profile_json("diabolo")  # a Diabolo board: one of its players' seats
        obj["computer"] = {"seat": 3, "level": "strong", "think_ms": 2000}
        p = load(obj)
        self.assertEqual((p.computer_seat, p.computer_level, p.think_ms), (3, "strong", 2000))
        obj["players"] = 5
        obj["computer"] = {"seat": 4}
        self.assertEqual(load(obj).computer_seat, 4)

    def test_the_computer_levels_are_the_players(self):
        from tabletop import players
        from tabletop.profile import schema

        self.assertEqual(schema.LEVELS, players.LEVELS)

    def test_not_an_object(self):
        self.assertTrue(refused([1, 2]) is not None)
        self.assertTrue(refused({}).startswith("format: missing"))

    def test_a_profile_offers_exactly_the_variants_the_rules_have(self):
        # The checks keep their own list (importing the Pacal rules would
        # load them on a Pyraos board at power on): it must not drift.
        from tabletop.profile import schema
        from tabletop.rules import diabolo, pacal, pyraos

        want = {"pacal": pacal.VARIANTS, "pyraos": pyraos.VARIANTS, "diabolo": diabolo.VARIANTS}
        self.assertEqual(schema.GAMES, want)
        for game, variants in schema.GAMES.items():
            raw = profile_json(game)
            for variant in variants:
                raw["games"] = [[game, variant]]
                self.assertEqual(load(raw).games, ((game, variant),))


_DELETE = object()
