"""Option types shared by the ``python -m sim`` commands.

    parser.add_argument("--noise", type=finite_float)    # 1.5, 2e-3; not nan, inf

NaN compares false with everything, so it passes every range check after
parsing (``--noise nan`` would play, ``--hours nan`` play nothing and call
that a success); infinity makes a run without end. Both are refused here,
as argparse refuses any bad value: the option named, exit 2.
"""

from __future__ import annotations

import argparse
import math


def finite_float(text: str) -> float:
    """The number ``text`` says, if it is a finite one."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
    return value
