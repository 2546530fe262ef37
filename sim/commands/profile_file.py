"""``--profile NAME|FILE``: a maker's own board profile for the virtual board,
checked by the firmware's own loader before anything plays.

    add_option(parser, "the game's reference board")   # --profile, with its help
    chosen = read("my-board.json")            # or "pyraos": firmware/profiles/pyraos.json
    chosen.raw, chosen.profile, chosen.path   # the JSON, the loaded Profile, the file
    game, variant = chosen.game_for(None, None)   # the profile's first game
    chosen.game_for("pacal", "solo")          # ProfileProblem if its "games" lack it

A profile is named as ``host_tools deploy --profile`` names one: a name
without ``/`` and not ending in ``.json`` is one of firmware/profiles, any
other is a file. Whatever would stop a board at power on (not JSON, a key
missing or unknown, a value out of range, a pin used twice) is a
ProfileProblem whose text starts with the file and then the loader's key
path: ``my-board.json: pins.back: pin 14 is already used by pins.menu``. The
commands print it as ``error: ...`` and exit 2, as for their other
arguments.

The virtual board is then built by that profile (sim.runs.board_play's
BoardRun, sim.device.virtual_device's VirtualDevice): its sensors on the
channels and shift-register bits it names, its LEDs at its indices, in its
colour order and brightness, its thresholds and timings the firmware's.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from sim import ROOT
from tabletop.profile import ProfileError, load, parse

PROFILES = ROOT / "firmware" / "profiles"  # (sim.runs.board_play's: not imported for it)

HELP = (
    "the board's profile: a name of firmware/profiles (pyraos, pacal, diabolo) or a "
    "maker's own .json file; the virtual board is wired, lit and tuned as it says "
    "(checked first, as the firmware checks it at power on); the game played must be one "
    'of its "games" (by default its first)'
)


class ProfileProblem(ValueError):
    """A profile that cannot be used here, in words (the file first)."""


class Chosen:
    """A profile that loaded: where from, its JSON and its Profile."""

    def __init__(self, path: Path, raw: Any, profile: Any) -> None:
        self.path = path
        self.raw = raw
        self.profile = profile

    @property
    def games(self) -> list[tuple[str, str]]:
        return [(g, v) for g, v in self.profile.games]

    def listed(self) -> str:
        return ", ".join(f"{g} {v}" for g, v in self.games)

    def game_for(
        self, game: str | None, variant: str | None, why: str = "asked"
    ) -> tuple[str, str]:
        """The game and variant to play: those asked (None: the profile's
        first of its game); ProfileProblem if the profile's ``games`` do not
        list them (``why``: who asked, for the message)."""
        game = game or self.profile.game
        if variant is None and game == self.profile.game:
            variant = next(v for g, v in self.games if g == game)
        if (game, variant) not in self.games:
            wanted = game if variant is None else f"{game} {variant}"
            raise ProfileProblem(
                f"{self.path}: the profile {self.profile.name!r} plays {self.listed()} "
                f'(its "games"), not {wanted} ({why})'
            )
        assert variant is not None
        return game, variant


def add_option(parser: argparse.ArgumentParser, default: str) -> None:
    """``--profile`` on ``parser``; ``default``: what plays without it, in words."""
    parser.add_argument(
        "--profile", metavar="NAME|FILE", default=None, help=f"{HELP}; default: {default}"
    )


def path_of(name: str) -> Path:
    """The file ``--profile name`` means; ProfileProblem for a name that is
    none of firmware/profiles."""
    if name.endswith(".json") or "/" in name:
        return Path(name)
    path = PROFILES / f"{name}.json"
    if not path.exists():
        names = ", ".join(sorted(p.stem for p in PROFILES.glob("*.json")))
        raise ProfileProblem(f"no profile {name!r} (firmware/profiles: {names}; or a .json file)")
    return path


def read(name: str) -> Chosen:
    """The profile ``name`` names, loaded by the firmware's loader;
    ProfileProblem naming the file and the key otherwise."""
    path = path_of(name)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ProfileProblem(f"{path}: cannot be read: {err.strerror or err}") from None
    try:
        raw = parse(data)  # (not JSON, or too deep: ProfileError)
        profile = load(parse(data))  # (load may keep parts of what it is given)
    except ProfileError as err:
        raise ProfileProblem(f"{path}: {err}") from None
    except Exception as err:  # (what a board would refuse it for, as its boot does)
        raise ProfileProblem(f"{path}: {type(err).__name__}: {err}") from None
    return Chosen(path, raw, profile)
