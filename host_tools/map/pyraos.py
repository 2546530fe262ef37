"""The wiring wizard's Pyraos board (host_tools/map/wizard.py has the walk and
the maker's side).

    wizard = PyraosWizard(link, maker, raw_profile)
    profile = wizard.run("my board")          # the mapped profile (raw JSON)

The empty board first (each channel's base, and the noise), then a marble
on each of the 16 cups and then on each of the 9 points between them (on
top of the four cups around it), the marbles left where they are: the one
channel that changed is that sensor's, and its change over what the magnet
model (tabletop.sensing.magnets) says a marble there adds at gain 1 is the
sensor's gain. A change that does not fit (two channels, one found before,
a gain far from 1: the marble is elsewhere) is said, undone and asked again.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from host_tools.map.wizard import Retry, Wizard
from tabletop.profile.schema import PYRAOS_SENSORS
from tabletop.rules.pyraos_geometry import POSITIONS, position_index
from tabletop.sensing.magnets import kernel

GAIN_RANGE = (0.5, 2.0)  # a sensor's gain outside this: the marble was not where asked


class PyraosWizard(Wizard):
    def sensor(self, name: str, model: float) -> None:
        """Find sensor ``name``'s channel: a marble set on it changes that
        channel by about ``model`` (the magnet model at gain 1)."""
        where = name if len(name) == 2 else f"{name}, on top of the four marbles around it"
        prompt = f"Set a marble on {where}, then take your hand away."
        taken = {ch: other for other, (ch, _, _) in self.found.items()}
        while True:
            before = self.still()
            delta = self.change(before, prompt)
            try:
                channel, gain = self._explain(name, delta, model, taken)
            except Retry as why:
                self.back_to(before, delta, f"{why} Put the board back as it was.")
                prompt = f"Now set a marble on {where}, then take your hand away."
                continue
            self.found[name] = (channel, round(self.empty[channel]), round(gain, 3))
            self.maker.note(f"{name}: channel {channel}, gain {gain:.3f}")
            return

    def _explain(
        self, name: str, delta: list[float], model: float, taken: dict[int, str]
    ) -> tuple[int, float]:
        order = sorted(range(self.channels), key=lambda c: -abs(delta[c]))
        best, second = order[0], order[1]
        if abs(delta[second]) * 2 > abs(delta[best]):
            raise Retry(f"Two sensors changed at once (channels {best} and {second}).")
        if best in taken:
            raise Retry(f"That was the sensor of {taken[best]} (channel {best}), found before.")
        gain = delta[best] / model
        if not GAIN_RANGE[0] <= gain <= GAIN_RANGE[1]:
            raise Retry(
                f"Channel {best} changed by {delta[best]:+.0f}; a marble on {name} "
                f"would change it by about {model:+.0f}: it is not on {name}."
            )
        return best, gain

    def map_sensors(self) -> None:
        ones = SimpleNamespace(
            pitch_mm=self.profile.pitch_mm,
            depth_mm=self.profile.depth_mm,
            moment=self.profile.moment,
            sensor_gain=(1.0,) * len(PYRAOS_SENSORS),
        )
        k = kernel(ones)
        self.measure_empty("Take every marble off the board and your hands away, then press Enter.")
        for s, name in enumerate(PYRAOS_SENSORS):
            self.sensor(name, float(k[s * POSITIONS + position_index(name)]))
        self.maker.ask("Every sensor is found. Take every marble off the board, then press Enter.")

    def fill(self, out: dict[str, Any]) -> None:
        """The sensors found, into the raw profile ``out``."""
        out["sensors"] = {
            s: {"channel": ch, "base": base, "gain": gain}
            for s, (ch, base, gain) in self.found.items()
        }


make = PyraosWizard  # (the wizard of this game's boards: host_tools.map.command)
