"""A Pacal or Diabolo board's sensors at power on: can they be working?

    check = PowerOn(profile)      # at power on (tabletop.board.contract.check_sensors)
    check.feed(digital, analog)   # every tick from then; True once done
    check.faulty, check.dead      # then: bits of the fields, of the card readers, not working
    check.names, check.unwired    # ... their names; is there nothing to play on?

The fields (Pacal's analog sensors, in profile order) go through the noise
meter (tabletop.sensing.noise: at a rail, never changing, far noisier than
the rest). A card reader cannot be working when all seven of its spots read
set on every tick: no card has that code (its parity or value is wrong),
and it is what a chain of shift registers reads with its data line pulled
up and nothing behind it. The board cannot follow a game when more than
half of its fields, or all of its readers, are not working (without a
reader no card is ever read). Loaded at power on with the noise meter, both
let go once the check is done; a Pyraos board never loads this module.
"""

from micropython import const

from tabletop.sensing.noise import SAMPLES, NoiseMeter

_FIELDS = const(10)  # a Pacal player's fields (their names: field0.1 .. field1.10)


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
            self.unwired = meter.unwired
            for i in range(meter.n):
                if meter.faulty >> i & 1:
                    names.append("field%d.%d" % (i // _FIELDS, i % _FIELDS + 1))
        readers = self.readers
        for r in range(len(readers)):
            stuck = True
            for k in readers[r]:
                if not self.set[k >> 3] & (0x80 >> (k & 7)):
                    stuck = False
            if stuck:
                self.dead |= 1 << r
                names.append("reader" if len(readers) == 1 else "slot%d" % r)
        if readers and self.dead == (1 << len(readers)) - 1:
            self.unwired = True
