"""A board's sensors: can they be working? At power on (a Pacal or Diabolo
board), and what the self-test (tabletop.selftest) shares with it.

    check = PowerOn(profile)      # at power on (tabletop.board.contract.check_sensors)
    check.feed(digital, analog)   # every tick from then; True once done
    check.faulty, check.dead      # then: bits of the fields, of the card readers, not working
    check.names, check.unwired    # ... their names; is there nothing to play on?
    channels, names = analog_sensors(profile)   # any board's analog sensors, profile order
    dead_readers(profile.slot_bits, held)       # bit r: reader r's seven spots all set in held
    reader_name(r, profile.slot_bits)           # "slot0", "slot1"; a single reader's "reader"

The fields (Pacal's analog sensors, in profile order) go through the noise
meter (tabletop.sensing.noise: at a rail, never changing, far noisier than
the rest). A card reader cannot be working when all seven of its spots read
set on every tick: no card has that code (its parity or value is wrong),
and it is what a chain of shift registers reads with its data line pulled
up and nothing behind it. The board cannot follow a game when more than
half of its fields, or all of its readers, are not working (without a
reader no card is ever read): ``nothing_wired``. Loaded at power on with
the noise meter, both let go once the check is done; a Pyraos board loads
this module only for the self-test.
"""

from micropython import const

from tabletop.sensing.noise import SAMPLES, NoiseMeter

_FIELDS = const(10)  # a Pacal player's fields (their names: field0.1 .. field1.10)


def field_name(i):
    """The name of Pacal field sensor ``i`` (profile order): field0.1 .. field1.10."""
    return "field%d.%d" % (i // _FIELDS, i % _FIELDS + 1)


def analog_sensors(profile):
    """(channels, names): the board's analog sensors in profile order, and
    the position each reads (a Pyraos board's cups and points, a Pacal
    board's fields; none on a Diabolo board)."""
    if profile.sensor_channels:  # (a Pyraos board: sensor i lies below position i)
        from tabletop.rules.pyraos_geometry import position_name

        chans = profile.sensor_channels
        return chans, [position_name(i) for i in range(len(chans))]
    chans = profile.field_channels
    return chans, [field_name(i) for i in range(len(chans))]


def reader_name(r, readers):
    """Card reader ``r`` of ``readers`` (a profile's slot_bits) by name."""
    return "reader" if len(readers) == 1 else "slot%d" % r


def dead_readers(readers, held):
    """Bit r set for each card reader of ``readers`` (a profile's slot_bits)
    whose seven spots are all set in ``held`` (chain bytes: the bits set on
    every read)."""
    dead = 0
    for r in range(len(readers)):
        stuck = True
        for k in readers[r]:
            if not held[k >> 3] & (0x80 >> (k & 7)):
                stuck = False
        if stuck:
            dead |= 1 << r
    return dead


def nothing_wired(meter, readers, dead):
    """Can the board follow no game? More than half of the analog sensors
    (``meter``: a NoiseMeter done, or None) or every card reader not working."""
    if meter is not None and meter.unwired:
        return True
    return bool(readers) and dead == (1 << len(readers)) - 1


class PowerOn:
    def __init__(self, profile):
        channels = profile.field_channels
        self.meter = NoiseMeter(channels, profile.noise) if channels else None
        self.readers = profile.slot_bits  # each reader's seven spots (chain bits)
        self.set = bytearray(b"\xff" * profile.registers)  # the bits set on every tick so far
        self.taken = 0
        self.faulty = 0
        self.dead = 0
        self.names = []
        self.unwired = False

    def feed(self, digital, analog):
        """Take one tick's readings; True once the check is done."""
        held = self.set
        for j in range(len(held)):
            held[j] &= digital[j]
        self.taken += 1
        meter = self.meter
        done = meter.feed(analog) if meter is not None else self.taken > SAMPLES
        if done:
            self._work_out()
        return done

    def _work_out(self):
        meter = self.meter
        names = self.names
        if meter is not None:
            self.faulty = meter.faulty
            for i in range(meter.n):
                if meter.faulty >> i & 1:
                    names.append(field_name(i))
        readers = self.readers
        self.dead = dead_readers(readers, self.set)
        for r in range(len(readers)):
            if self.dead >> r & 1:
                names.append(reader_name(r, readers))
        self.unwired = nothing_wired(meter, readers, self.dead)
