"""The status display on MicroPython: MicroPythonHal with micropython-lib's
real ssd1306 driver (and the port's framebuf) over a stand-in I2C bus with an
SSD1306 panel on it (micropython_hal_board.Panel: its graphics RAM as the
controller fills it). What the panel ends up showing is compared with the
text drawn by framebuf in the 8x8 font, row by row.

The driver needs ``framebuf``, which CPython lacks: those tests run under
the MicroPython WebAssembly build (the driver is in its /lib, fetched by the
Makefile, as ``mip install ssd1306`` puts it on a board); CPython runs the
ones without the driver. Also here: tabletop.show.status_pacal.wrap.
"""

import sys
import unittest

from micropython_hal_board import ON_MICROPYTHON, Panel, build, reference
from tabletop.profile import load
from tabletop.show.text import COLS, ROWS, wrap

try:
    import framebuf
    import ssd1306
except ImportError:
    ssd1306 = None


def needs_driver(test):
    if ssd1306 is None:
        test.skipTest("needs framebuf and the ssd1306 driver: runs under MicroPython")


def row_image(text):
    """A row of the panel (128 bytes) showing ``text`` in framebuf's font."""
    buf = bytearray(128)
    fb = framebuf.FrameBuffer(buf, 128, 8, framebuf.MONO_VLSB)
    fb.text(text, 0, 0, 1)
    return bytes(buf)


def with_display(addr=None):
    """The Pyraos reference profile (its pins.i2c), at another address if asked."""
    obj = reference("pyraos")
    if addr is not None:
        obj["pins"]["i2c"]["addr"] = addr
    return load(obj)


LINES = ("Pyraos standard", "Move 3", "Marbles 14 : 14", "Dark to play")


class TestPanel(unittest.TestCase):
    def started(self, addr=0x3C):
        needs_driver(self)
        panel = Panel(addr)
        hal, board = build(with_display(None if addr == 0x3C else addr), panel=panel)
        self.assertIsNotNone(hal.display, hal.display_problem)
        self.board = board
        return hal, panel

    def test_the_driver_starts_the_panel_blank_and_on(self):
        hal, panel = self.started()
        self.assertTrue(panel.on)
        self.assertEqual(bytes(panel.ram), bytes(1024))
        self.assertIsNone(hal.display_problem)

    def test_each_refresh_sends_one_changed_row_until_the_panel_shows_the_text(self):
        hal, panel = self.started()
        writes = panel.data_writes
        hal.show_text(LINES)
        self.assertEqual(panel.data_writes, writes)  # drawing sends nothing
        for n in range(len(LINES)):
            hal.refresh_display()
            self.assertEqual(panel.data_writes, writes + n + 1)
            for r in range(ROWS):
                want = LINES[r] if r <= n else ""
                self.assertEqual(panel.row(r), row_image(want), "row %d after %d" % (r, n + 1))
        for _ in range(3):  # nothing left to send
            hal.refresh_display()
        self.assertEqual(panel.data_writes, writes + len(LINES))

    def test_only_rows_that_change_are_sent_again(self):
        hal, panel = self.started()
        hal.show_text(LINES)
        for _ in range(ROWS):
            hal.refresh_display()
        writes = panel.data_writes
        later = ("Pyraos standard", "Move 4", "Marbles 14 : 13", "Light to play")
        hal.show_text(later)
        for _ in range(ROWS):
            hal.refresh_display()
        self.assertEqual(panel.data_writes, writes + 3)
        for r in range(ROWS):
            self.assertEqual(panel.row(r), row_image(later[r] if r < len(later) else ""))
        hal.show_text(later[:1])  # shorter text: the rows below are cleared
        for _ in range(ROWS):
            hal.refresh_display()
        self.assertEqual(panel.row(0), row_image(later[0]))
        for r in range(1, ROWS):
            self.assertEqual(panel.row(r), bytes(128), "row %d" % r)

    def test_the_address_comes_from_the_profile(self):
        hal, panel = self.started(0x3D)
        hal.show_text(("at 0x3d",))
        hal.refresh_display()
        self.assertEqual(panel.row(0), row_image("at 0x3d"))

    def test_a_panel_unplugged_mid_game_turns_the_display_off_not_the_game(self):
        hal, panel = self.started()
        hal.show_text(LINES)
        hal.refresh_display()
        panel.present = False
        hal.refresh_display()  # the I2C write fails: no exception comes out
        self.assertIsNone(hal.display)
        self.assertIn("display", hal.display_problem)
        hal.show_text(("more",))
        hal.refresh_display()
        px = bytearray(range(3 * 57))
        hal.transmit(px)  # the LEDs go on
        self.assertEqual(bytes(self.board.strip.wire), bytes(px))

    def test_an_idle_refresh_allocates_nothing(self):
        if not ON_MICROPYTHON:
            self.skipTest("needs micropython.heap_lock(): runs under MicroPython only")
        import micropython

        hal, panel = self.started()
        hal.show_text(LINES)
        for _ in range(ROWS):
            hal.refresh_display()
        micropython.heap_lock()
        try:
            try:
                bytearray(1)
                failed = "heap_lock does not stop allocation"
            except MemoryError:
                failed = None
            if failed is None:
                try:
                    hal.refresh_display()
                    hal.show_text(LINES)  # the same text: nothing to draw
                except MemoryError:
                    failed = "an idle refresh allocates"
        finally:
            micropython.heap_unlock()
        self.assertIsNone(failed)


class TestNoDisplay(unittest.TestCase):
    def test_no_panel_at_the_address_leaves_the_display_off_and_says_why(self):
        hal, board = build(with_display(), panel=None)
        self.assertIsNone(hal.display)
        self.assertIn("0x3c", hal.display_problem)
        hal.show_text(LINES)  # harmless
        hal.refresh_display()
        self.assertEqual(board.i2c.freq, 400000)
        self.assertEqual((board.i2c.id, board.i2c.sda, board.i2c.scl), (1, 6, 7))

    def test_a_profile_without_i2c_has_no_display_and_no_bus(self):
        obj_hal, board = build(pyraos_profile_without_i2c(), panel=Panel())
        self.assertIsNone(obj_hal.display)
        self.assertIsNone(obj_hal.display_problem)
        self.assertIsNone(board.i2c)

    def test_a_missing_driver_module_is_named(self):
        if ssd1306 is not None or "ssd1306" in sys.modules:
            self.skipTest("the ssd1306 module is installed here: runs where it is not (CPython)")
        hal, board = build(with_display(), panel=Panel())
        self.assertIsNone(hal.display)
        self.assertIn("ssd1306", hal.display_problem)
        self.assertIn("mip install", hal.display_problem)


def pyraos_profile_without_i2c():
    obj = reference("pyraos")
    del obj["pins"]["i2c"]
    return load(obj)


class TestWrap(unittest.TestCase):
    def test_words_fill_rows_of_cols_characters(self):
        text = "both pyramids complete, smaller spread wins (12 vs 15)"
        rows = wrap(text, 5)
        self.assertEqual(" ".join(rows), text)
        for r in rows:
            self.assertLessEqual(len(r), COLS)
        self.assertEqual(rows[0], "both pyramids")

    def test_what_does_not_fit_ends_in_dots(self):
        rows = wrap("one two three four five six seven eight nine ten", 2)
        self.assertEqual(len(rows), 2)
        self.assertTrue(rows[1].endswith(".."))
        self.assertLessEqual(len(rows[1]), COLS)

    def test_a_long_word_is_cut(self):
        self.assertEqual(wrap("x" * 40, 2), ["x" * COLS])
