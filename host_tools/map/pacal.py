"""The wiring wizard's Pacal board (host_tools/map/wizard.py has the walk and
the maker's side).

    wizard = PacalWizard(link, maker, raw_profile)
    profile = wizard.run("my board")          # the mapped profile (raw JSON)

The fields, each in turn: "Lay one card on field 7 of player 1", then "Lay
a second card on it": the one analog channel that changed is the field's,
and its three readings (empty, one card, two) are its ``levels``; the cards
stay until every field is found. Then the two offer slots' card readers:
three cards laid on a slot one after the other (chosen so that each of the
7 code spots of docs/CARDS.md is set on a different subset of them) tell
which shift-register bit reads which spot. Then the LEDs, as on any board.

Caught and asked again: two fields changing at once, a field found before,
a second card that did not land on the first; a reader whose bits do not
fit the cards asked for (a wrong card, a card askew: the slot's four cards
once more), a bit the other slot reads; nothing changing within the
time-out.
"""

from __future__ import annotations

import time
from itertools import combinations
from typing import Any

from host_tools.map.wizard import Retry, Wizard, WizardError
from tabletop.rules.pacal import FIELDS
from tabletop.sensing.cards import encode as card_code

SPOTS = 7  # code spots per card (docs/CARDS.md): bits 0..5 the value, bit 6 the parity
HYSTERESIS = 5  # a field's hysteresis: its smaller step between levels over this


def telling_cards(cards: int = 50) -> tuple[int, ...]:
    """The fewest cards whose codes set each spot on a different, non-empty
    subset of them: laid one after another on a slot, each spot's bit goes
    on and off in its own pattern. (Three cannot: the parity bit forbids it.)"""
    for n in (3, 4, 5):
        for some in combinations(range(1, cards + 1), n):
            codes = [card_code(c) for c in some]
            signs = {tuple(code >> j & 1 for code in codes) for j in range(SPOTS)}
            if len(signs) == SPOTS and (0,) * n not in signs:
                return some
    raise AssertionError("no cards tell the spots apart")


class PacalWizard(Wizard):
    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.fields: list[dict[str, Any]] = []  # in profile order: side 0's 1..10, then side 1's
        self.slots: list[list[int]] = []

    def bits_on(self) -> set[int]:
        """The shift-register bits set in the last reading (bit k: byte k // 8,
        mask 0x80 >> k % 8, as tabletop.sensing.cards reads them)."""
        return {k for k in range(8 * len(self.digital)) if self.digital[k // 8] & (0x80 >> k % 8)}

    def still_bits(self) -> set[int]:
        """The bits, once SETTLED readings in a row agree."""
        recent: list[set[int]] = []
        while True:
            self.reading()
            recent = [*recent[-2:], self.bits_on()]
            if len(recent) == 3 and recent[0] == recent[1] == recent[2]:
                return recent[0]

    def map_sensors(self) -> None:
        self.measure_empty("Take every card off the board (fields and slots), then press Enter.")
        for side in (0, 1):
            for f in range(1, FIELDS + 1):
                self.field(side, f)
        self.maker.ask("Every field is found. Take every card off the fields, then press Enter.")
        for slot in (0, 1):
            self.slot(slot)

    # -- the fields --------------------------------------------------------------------

    def field(self, side: int, f: int) -> None:
        where = f"field {f} of player {side + 1}"
        taken = {x["channel"]: n for n, x in enumerate(self.fields)}
        while True:
            before = self.still()
            delta = self.change(before, f"Lay one card on {where}, then take your hand away.")
            try:
                channel = self._one_channel(delta, taken)
            except Retry as why:
                self.back_to(before, delta, f"{why} Put the board back as it was.")
                continue
            one = before[channel] + delta[channel]
            delta = self.change(self.still(), f"Lay a second card on {where}.")
            if (
                self._one_channel(delta, {}) != channel
                or (one - before[channel]) * delta[channel] <= 0
            ):
                self.back_to(before, delta, "That was not a second card there. Take both off.")
                continue
            levels = [round(self.empty[channel]), round(one), round(one + delta[channel])]
            step = min(abs(levels[1] - levels[0]), abs(levels[2] - levels[1]))
            self.fields.append(
                {"channel": channel, "levels": levels, "hysteresis": step // HYSTERESIS}
            )
            self.maker.note(f"{where}: channel {channel}, levels {levels}")
            return

    def _one_channel(self, delta: list[float], taken: dict[int, int]) -> int:
        order = sorted(range(self.channels), key=lambda c: -abs(delta[c]))
        best, second = order[0], order[1]
        if abs(delta[second]) * 2 > abs(delta[best]):
            raise Retry(f"Two fields changed at once (channels {best} and {second}).")
        if best in taken:
            n = taken[best]
            raise Retry(
                f"That was field {n % FIELDS + 1} of player {n // FIELDS + 1} "
                f"(channel {best}), found before."
            )
        return best

    # -- the card readers ----------------------------------------------------------------

    def slot(self, slot: int) -> None:
        cards = telling_cards()
        used = {k for bits in self.slots for k in bits}
        while True:
            empty = self.still_bits()
            seen: list[set[int]] = []
            for card in cards:
                lay = f"Lay card {card} on offer slot {slot + 1}, then take your hand away."
                seen.append(self._bits_change(empty, lay) ^ empty)
                self._bits_back(empty, f"Take card {card} off offer slot {slot + 1}.")
            try:
                bits = self._spots(cards, seen, used)
            except Retry as why:
                self.maker.tell(f"{why} Once more, for offer slot {slot + 1}.")
                continue
            self.slots.append(bits)
            self.maker.note(f"offer slot {slot + 1}: spots on bits {bits}")
            return

    def _bits_change(self, empty: set[int], prompt: str) -> set[int]:
        # The bits a card laid on the reader sets (prompted again after the time-out).
        self.maker.tell(prompt)
        told = time.monotonic()
        while True:
            self.reading()
            if self.bits_on() != empty:
                got = self.still_bits()
                if got != empty:
                    return got
            if time.monotonic() - told > self.timeout_s:
                self.maker.tell("Nothing changed. " + prompt)
                told = time.monotonic()

    def _bits_back(self, empty: set[int], prompt: str) -> None:
        self.maker.tell(prompt)
        told = time.monotonic()
        while self.still_bits() != empty:
            if time.monotonic() - told > self.timeout_s:
                self.maker.tell("The reader still reads a card. " + prompt)
                told = time.monotonic()

    def _spots(self, cards: tuple[int, ...], seen: list[set[int]], used: set[int]) -> list[int]:
        codes = [card_code(c) for c in cards]
        bits = []
        changed = set().union(*seen)
        for j in range(SPOTS):
            sign = tuple(code >> j & 1 for code in codes)
            match = [k for k in changed if tuple(int(k in s) for s in seen) == sign]
            if len(match) != 1:
                raise Retry(f"The reader's bits do not fit the cards asked for (spot {j + 1}).")
            if match[0] in used:
                raise Retry(f"Bit {match[0]} is the other slot's.")
            bits.append(match[0])
        if len(changed) != SPOTS:
            raise Retry(f"{len(changed)} bits changed, not {SPOTS}.")
        return bits

    def fill(self, out: dict[str, Any]) -> None:
        if len(self.fields) != 2 * FIELDS or len(self.slots) != 2:
            raise WizardError("not every field and slot was found")
        out["fields"] = {"0": self.fields[:FIELDS], "1": self.fields[FIELDS:]}
        out["slots"] = [{"bits": bits} for bits in self.slots]


make = PacalWizard  # (the wizard of this game's boards: host_tools.map.command)
