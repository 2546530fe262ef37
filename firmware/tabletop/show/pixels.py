"""The LED chain as a buffer of pixels, independent of the hardware.

    px = Pixels(57, "GRB", 0.3, hal.transmit, profile.led_budget, hal.limiter)
    px.set(4, (255, 0, 0))     # red, scaled by the brightness cap
    px.fill((0, 0, 0))
    px.show()                  # hands the wire-order bytes to transmit(buf)
    px.set_scaled(4, colour, pulse(now_ms))    # a glow: pulse() is a level 40..255

Everything generic happens here (colour order, brightness cap, current
limit, clearing); the hardware gets one hook, ``transmit(buf)``, called with
a bytearray made once (``buf``, or ``limited`` for a frame over the current
limit): the MicroPython neopixel driver, CircuitPython's NeoPixel and the
virtual board each implement just that. Setting pixels and showing them
allocate nothing.

The current limit: ``budget`` (a profile's ``led_budget``, worked out from
its ``leds.limit_ma``, ``channel_ma`` and ``idle_ma`` by
tabletop.profile.schema; -1 for none) is the most the frame's bytes may add
up to. ``show()`` sums them; a frame over the budget goes out scaled down,
every byte by the same factor (so colours keep their hue and order), into a
second buffer made once, ``limited``: ``buf`` keeps what was set, so a frame
drawn on in place (the host's lights mode) is never dimmed twice, and
``get`` answers what was set. A frame within the budget goes out as it is.
The brightness cap stays the most any LED shows. A budget the cap can never
reach costs nothing.

The two loops over the bytes (the sum, the scaling) are ``limiter``'s: a hal
may offer them in machine code (``hal.limiter``: hal.rp2_limit on an RP2040,
where this module's loops cost 0.39 ms a frame and 1.9 ms more to scale);
without one (None) they run here, to the same bytes.
"""

_OFFSETS = {
    "RGB": (0, 1, 2),
    "RBG": (0, 2, 1),
    "GRB": (1, 0, 2),
    "GBR": (2, 0, 1),
    "BRG": (1, 2, 0),
    "BGR": (2, 1, 0),
}


class Pixels:
    def __init__(self, count, order="GRB", brightness=1.0, transmit=None, budget=-1, limiter=None):
        self.count = count
        self.buf = bytearray(3 * count)
        self._dark = bytes(3 * count)  # what clear() copies in
        self.r, self.g, self.b = _OFFSETS[order]
        # Integer scale 0..256: float maths would allocate on MicroPython.
        self.scale = int(brightness * 256 + 0.5)
        self.transmit = transmit
        # The current limit: none when every LED at the cap in white stays
        # within it (the brightness command only lowers the scale).
        if budget >= 3 * count * (255 * self.scale >> 8):
            budget = -1
        self.budget = budget
        self.limited = bytearray(3 * count if budget >= 0 else 0)
        self.limiter = limiter

    def set(self, i, rgb):
        """Pixel i to the colour (r, g, b), each 0..255, before the cap."""
        s = self.scale
        j = 3 * i
        buf = self.buf
        buf[j + self.r] = rgb[0] * s >> 8
        buf[j + self.g] = rgb[1] * s >> 8
        buf[j + self.b] = rgb[2] * s >> 8

    def set_scaled(self, i, rgb, level):
        """Pixel i to the colour dimmed to level/256 (for pulsing and glows)."""
        s = self.scale * level >> 8
        j = 3 * i
        buf = self.buf
        buf[j + self.r] = rgb[0] * s >> 8
        buf[j + self.g] = rgb[1] * s >> 8
        buf[j + self.b] = rgb[2] * s >> 8

    def set_scaled_each(self, index, first, count, rgb, level):
        """Pixels index[first], ... index[first + count - 1] (a led_map's run:
        a reserve bar, say) to the colour dimmed to level/256, in one call."""
        s = self.scale * level >> 8
        r = rgb[0] * s >> 8
        g = rgb[1] * s >> 8
        b = rgb[2] * s >> 8
        buf = self.buf
        ro, go, bo = self.r, self.g, self.b  # (a lookup each, not one a pixel)
        for i in range(first, first + count):
            j = 3 * index[i]
            buf[j + ro] = r
            buf[j + go] = g
            buf[j + bo] = b

    def set_scaled_mask(self, index, key, mask, rgb, level):
        """For each bit p of ``mask``, pixel index[key[p]] (a led_map through
        a position's sensor, say) to the colour dimmed to level/256, in one
        call; level 256 is set()'s full colour."""
        s = self.scale * level >> 8
        r = rgb[0] * s >> 8
        g = rgb[1] * s >> 8
        b = rgb[2] * s >> 8
        buf = self.buf
        ro, go, bo = self.r, self.g, self.b  # (a lookup each, not one a pixel)
        p = 0
        while mask:
            if not mask & 15:  # (four positions unlit: skipped in one step)
                mask >>= 4
                p += 4
                continue
            if mask & 1:
                j = 3 * index[key[p]]
                buf[j + ro] = r
                buf[j + go] = g
                buf[j + bo] = b
            mask >>= 1
            p += 1

    def get(self, i):
        """The wire bytes of pixel i as (r, g, b) after the cap."""
        j = 3 * i
        return (self.buf[j + self.r], self.buf[j + self.g], self.buf[j + self.b])

    def fill(self, rgb):
        for i in range(self.count):
            self.set(i, rgb)

    def clear(self):
        # One copy, not a loop (on a Pico 17 us against 1.3 ms for 57 LEDs).
        # The rp2 port makes a 16-byte slice object for it: a frame drawn
        # costs that much heap there (the WebAssembly build makes none).
        self.buf[:] = self._dark

    def show(self):
        transmit = self.transmit
        if transmit is None:
            return
        buf = self.buf
        budget = self.budget
        if budget >= 0:
            limiter = self.limiter
            # (sum: a loop in C, allocating nothing)
            total = sum(buf) if limiter is None else limiter.total(buf)
            if total > budget:
                # Every byte times budget/total, rounded down: the sum stays
                # within the budget. (Small ints: 255 * budget < 2**30, as a
                # budget is below the 3 * 1024 * 255 of a chain in white.)
                out = self.limited
                if limiter is None:
                    for i in range(len(buf)):
                        out[i] = buf[i] * budget // total
                else:
                    limiter.scale(buf, out, budget, total)
                buf = out
        transmit(buf)


def pulse(now_ms, period_ms=1200):
    """A triangle wave 40..255 (a level for ``set_scaled``) for glows and
    blinking targets."""
    t = now_ms % period_ms
    half = period_ms >> 1
    if t >= half:
        t = period_ms - t
    return 40 + 215 * t // half


def for_board(profile, hal):
    """The Pixels of a board: the profile's LEDs, sent through ``hal``
    (its current limiter's loops too, where it offers them)."""
    return Pixels(
        profile.led_count,
        profile.led_order,
        profile.brightness,
        hal.transmit,
        profile.led_budget,
        getattr(hal, "limiter", None),
    )
