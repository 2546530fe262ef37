"""A board's profile as the commands take it (``--profile``): a name of
firmware/profiles, or a ``.json`` file of a maker's own, read and checked
with the firmware's own loader (tabletop.profile) before anything uses it.

    found = read_profile("pyraos")          # or read_profile("mine.json")
    found.path, found.data                  # the file and its bytes
    found.raw, found.profile                # its JSON object, and the loaded Profile

A profile that cannot be had is ProfileFileError, whose message names the
file and what is wrong with it (the loader's own words: the key first), as
``deploy`` and ``wiring`` print it: ``mine.json: pins.leds: missing``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host_tools import ROOT
from tabletop.profile import ProfileError, load, parse

PROFILES = ROOT / "firmware" / "profiles"


class ProfileFileError(Exception):
    """The profile named cannot be used; the message says which and why."""


@dataclass(frozen=True)
class ProfileFile:
    path: Path
    data: bytes
    raw: dict[str, Any]  # the JSON object, as the board reads it
    profile: Any  # tabletop.profile.Profile, checked


def profile_path(profile: str) -> Path:
    """The file ``profile`` names: a path if it ends in ``.json`` or has a
    ``/``, else the reference profile of that name (ProfileFileError if
    firmware/profiles has none)."""
    if profile.endswith(".json") or "/" in profile:
        return Path(profile)
    path = PROFILES / f"{profile}.json"
    if not path.exists():
        names = ", ".join(sorted(p.stem for p in PROFILES.glob("*.json")))
        raise ProfileFileError(f"no profile {profile!r} (firmware/profiles: {names})")
    return path


def read_profile(profile: str) -> ProfileFile:
    """The profile ``profile`` names, read and checked by the firmware's loader."""
    path = profile_path(profile)
    try:
        data = path.read_bytes()
    except OSError as err:
        raise ProfileFileError(f"{path}: {err.strerror or err}") from err
    try:
        raw = parse(data)  # (not JSON, or too deep: ProfileError)
        checked = load(parse(data))  # (load may keep parts of what it is given)
    except Exception as err:  # (what the board would refuse it for, as its boot does)
        kind = "" if isinstance(err, (ProfileError, ValueError)) else type(err).__name__ + ": "
        raise ProfileFileError(f"{path}: {kind}{err}") from err
    return ProfileFile(path, data, raw, checked)
