"""What the tests of the virtual board (test_physics_*.py, test_virtual_hal.py)
share: the shipped profiles as JSON (``RAW``, read here, not through the
code under test) and as Profiles, and an analog buffer for a profile.
"""

from __future__ import annotations

import copy
import json
from array import array
from pathlib import Path
from typing import Any

from tabletop.profile import load

PROFILES = Path(__file__).resolve().parents[1] / "firmware" / "profiles"
RAW = {g: json.loads((PROFILES / f"{g}.json").read_text()) for g in ("pyraos", "pacal")}


def profile(game: str, raw: dict[str, Any] | None = None) -> Any:
    return load(copy.deepcopy(RAW[game] if raw is None else raw))


def analog(p: Any) -> array[int]:
    return array("H", [0] * p.analog_channels)
