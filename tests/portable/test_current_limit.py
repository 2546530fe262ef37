"""The LEDs' current limit (``leds.limit_ma`` in a profile): a frame whose
estimated current is over it goes out scaled down to fit, a frame within it
goes out as it was drawn, and showing a frame allocates nothing (under
MicroPython: ``micropython.heap_lock()``).

The estimate, as the profile's keys define it: count * idle_ma + (sum of
the frame's bytes) / 255 * channel_ma. The brightest frame a board can show
is every LED at the brightest colour under the brightness cap: a game's own
frames light each LED in one profile colour at most at full level, and the
host's lights mode may set any colour, white included; both are tried here,
for every reference board, and through the runtime that a board runs."""

import sys
import unittest

from board_support import profile, profile_json
from device_support import Platform, StillHal, new_root, remove_tree
from tabletop import games
from tabletop.device import Device
from tabletop.profile import load
from tabletop.runtime import Runtime
from tabletop.show.pixels import Pixels

MICROPYTHON = sys.implementation.name == "micropython"
WHITE = (255, 255, 255)
USB_MA = 500  # what a USB 2.0 port gives, the board's sensors and Pico included


def estimate_ma(prof, frame):
    """The current a frame draws, estimated as the profile's keys say."""
    return prof.led_count * prof.idle_ma + sum(frame) / 255 * prof.channel_ma


def within(prof, frame):
    # In integers where the profile's numbers are whole (the reference
    # boards'), so no rounding decides it; in floats otherwise.
    n, channel, idle = prof.led_count, prof.channel_ma, prof.idle_ma
    if type(channel) is int and type(idle) is int:
        return sum(frame) * channel <= (prof.limit_ma - n * idle) * 255
    return estimate_ma(prof, frame) <= prof.limit_ma + 1e-9


def pixels(prof, sent):
    """The pixel buffer a board builds from ``prof``, sending into ``sent``
    (a list of one item, replaced in place: that allocates nothing)."""

    def transmit(buf):
        sent[0] = buf

    return Pixels(prof.led_count, prof.led_order, prof.brightness, transmit, prof.led_budget)


def every_colour(prof):
    """Each colour the board may light: its profile's, and white."""
    out = [prof.colours[k] for k in sorted(prof.colours)]
    return out + [WHITE]


def maker(game, **leds):
    """The reference profile of ``game`` with its ``leds`` keys changed."""
    raw = profile_json(game)
    raw["leds"].update(leds)
    return load(raw)


class ReferenceBoardsTest(unittest.TestCase):
    def test_each_reference_board_has_a_limit_within_usb(self):
        for game in games.NAMES:
            prof = profile(game)
            self.assertTrue(0 < prof.limit_ma < USB_MA, game)
            self.assertEqual((prof.channel_ma, prof.idle_ma), (12, 1), game)
            self.assertTrue(prof.led_count * prof.idle_ma < prof.limit_ma, game)

    def test_the_brightest_frame_of_each_board_stays_within_its_limit(self):
        for game in games.NAMES:
            prof = profile(game)
            sent = [None]
            px = pixels(prof, sent)
            # every LED in white under the cap is over every reference limit
            px.fill(WHITE)
            self.assertFalse(within(prof, px.buf), game)
            for rgb in every_colour(prof):
                px.fill(rgb)
                px.show()
                self.assertTrue(within(prof, sent[0]), (game, rgb, estimate_ma(prof, sent[0])))
            # scaled, not cut to dark: within a byte an LED of the budget
            px.fill(WHITE)
            px.show()
            self.assertTrue(sum(sent[0]) > prof.led_budget - len(sent[0]), game)
            self.assertTrue(estimate_ma(prof, sent[0]) > 0.9 * prof.limit_ma, game)

    def test_a_frame_within_the_limit_goes_out_as_drawn(self):
        for game in games.NAMES:
            prof = profile(game)
            sent = [None]
            px = pixels(prof, sent)
            px.fill(prof.colours["dim"])
            px.set(0, WHITE)  # one LED at full white, the rest dim
            drawn = bytes(px.buf)
            px.show()
            self.assertTrue(within(prof, drawn), game)
            self.assertTrue(sent[0] is px.buf, game)
            self.assertEqual(bytes(sent[0]), drawn, game)

    def test_colours_keep_their_order_and_hue(self):
        # A frame of every colour in turn, over the limit (at full
        # brightness): each byte is scaled by one factor (rounded down), so a
        # brighter channel stays at least as bright and every LED keeps its
        # colour.
        for game in games.NAMES:
            prof = maker(game, brightness=1.0)
            sent = [None]
            px = pixels(prof, sent)
            colours = every_colour(prof)
            for i in range(prof.led_count):
                px.set(i, colours[i % len(colours)])
            drawn = bytes(px.buf)
            px.show()
            out = bytes(sent[0])
            self.assertTrue(not within(prof, drawn) and within(prof, out), game)
            factor = prof.led_budget / sum(drawn)
            for i in range(len(drawn)):
                self.assertTrue(out[i] <= drawn[i] * factor < out[i] + 1, (game, i))
            by_drawn = sorted(range(len(drawn)), key=lambda i: drawn[i])
            for k in range(1, len(by_drawn)):
                self.assertTrue(out[by_drawn[k - 1]] <= out[by_drawn[k]], game)

    def test_the_brightness_cap_stays_the_most_an_led_shows(self):
        for game in games.NAMES:
            prof = profile(game)
            sent = [None]
            px = pixels(prof, sent)
            px.fill(WHITE)
            px.show()
            for i in range(len(px.buf)):
                self.assertTrue(sent[0][i] <= px.buf[i], game)
            # a limit the cap never reaches changes nothing, and costs no buffer
            roomy = maker(game, limit_ma=100000)
            px = pixels(roomy, sent)
            px.fill(WHITE)
            px.show()
            self.assertTrue(len(px.limited) == 0 and sent[0] is px.buf, game)
            self.assertEqual(list(px.buf), [255 * px.scale >> 8] * len(px.buf), game)

    def test_a_frame_drawn_on_in_place_is_not_dimmed_twice(self):
        # (the host's lights mode sets LEDs into the frame as it stands)
        for game in games.NAMES:
            prof = profile(game)
            sent = [None]
            px = pixels(prof, sent)
            px.fill(WHITE)
            px.show()
            first = bytes(sent[0])
            px.set(0, WHITE)  # drawn on: one LED set again
            px.show()
            self.assertEqual(bytes(sent[0]), first, game)
            self.assertEqual(px.get(0), (255 * px.scale >> 8,) * 3, game)


class RuntimeTest(unittest.TestCase):
    def test_the_runtime_sends_its_frames_through_the_limit(self):
        for game in games.NAMES:
            prof = profile(game)
            hal = StillHal(prof)
            rt = Runtime(prof, hal)
            rt.tick(0)
            self.assertEqual(len(hal.frames), 1, game)
            self.assertTrue(within(prof, hal.frames[0]), game)
            self.assertEqual(hal.frames[0], bytes(rt.pixels.buf), game)  # as drawn
            for i in range(prof.led_count):  # as the host's lights mode sets them
                rt.pixels.set(i, WHITE)
            rt.pixels.show()
            self.assertTrue(within(prof, hal.frames[-1]), game)
            self.assertNotEqual(hal.frames[-1], bytes(rt.pixels.buf), game)


class PatternTest(unittest.TestCase):
    # The device's own patterns (maintenance, an error) light every LED: they
    # go through the limit too, here on a maker's chain at full brightness.
    def setUp(self):
        self.roots = []

    def tearDown(self):
        for root in self.roots:
            remove_tree(root)

    def test_the_maintenance_pattern_stays_within_the_limit(self):
        for game in games.NAMES:
            raw = profile_json(game)
            raw["leds"].update({"brightness": 1.0, "limit_ma": raw["leds"]["count"] + 40})
            prof = load(raw)
            self.roots.append(new_root(self))  # (one each: maintenance leaves a flag)
            p = Platform(self.roots[-1], raw)
            dev = Device(p)
            self.assertTrue(dev.boot(), game)
            p.inbox += b'{"cmd": "maintenance"}\n'
            for _ in range(3):
                dev.step()
            self.assertEqual(dev.mode, "leaving", game)
            frame = p.hal_made.frames[-1]
            self.assertTrue(within(prof, frame) and sum(frame) > 0, game)
            # (drawn at its level, the pattern would be over)
            drawn = dev.pattern.buf
            self.assertTrue(not within(prof, drawn) and bytes(drawn) != frame, game)


class MakersProfilesTest(unittest.TestCase):
    def test_a_full_brightness_chain_with_its_own_figures(self):
        for game in games.NAMES:
            for leds in (
                {"brightness": 1.0, "limit_ma": 450},
                {"brightness": 1.0, "limit_ma": 200, "channel_ma": 5.5, "idle_ma": 0.3},
                {"brightness": 0.5, "limit_ma": 1000, "channel_ma": 20, "idle_ma": 0},
            ):
                prof = maker(game, **leds)
                sent = [None]
                px = pixels(prof, sent)
                for rgb in every_colour(prof):
                    px.fill(rgb)
                    px.show()
                    self.assertTrue(within(prof, sent[0]), (game, leds, rgb))

    def test_no_limit_without_limit_ma(self):
        raw = profile_json("pyraos")
        for key in ("limit_ma", "channel_ma", "idle_ma"):
            raw["leds"].pop(key, None)
        prof = load(raw)
        self.assertEqual((prof.limit_ma, prof.led_budget), (0, -1))
        sent = [None]
        px = pixels(prof, sent)
        px.fill(WHITE)
        px.show()
        self.assertTrue(sent[0] is px.buf and len(px.limited) == 0)


class AllocationTest(unittest.TestCase):
    def test_showing_a_frame_allocates_nothing(self):
        if not MICROPYTHON:
            self.skipTest("needs micropython.heap_lock(): runs under MicroPython only")
        import micropython

        for game in games.NAMES:
            prof = profile(game)
            sent = [None]
            px = pixels(prof, sent)
            px.fill(WHITE)
            px.show()  # (the first call may intern names)
            over = bytes(sent[0])
            micropython.heap_lock()
            try:
                px.show()  # over the limit: scaled into the second buffer
                px.fill(prof.colours["dim"])
                px.show()  # within it: as drawn
            finally:
                micropython.heap_unlock()
            self.assertTrue(sent[0] is px.buf, game)
            px.fill(WHITE)
            px.show()
            self.assertEqual(bytes(sent[0]), over, game)


if __name__ == "__main__":
    unittest.main()
