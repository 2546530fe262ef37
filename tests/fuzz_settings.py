"""How long the Hypothesis fuzz tests run: quick in the suite, long for
``make fuzz``.

    from tests.fuzz_settings import runs
    @runs(100)
    @given(...)
    def test_...(...): ...

The environment variable HYPOTHESIS_PROFILE picks the length: unset, each
test tries its own ``quick`` count of examples, always the same ones (the
suite stays quick and repeatable); "fuzz" (``make fuzz``) tries FUZZ_EXAMPLES,
drawn anew on every run, so a long run finds what the quick one cannot.

The settings are given per test, not loaded for the whole process: other
Hypothesis tests in the same pytest worker keep their own settings.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

FUZZ_EXAMPLES = 5000
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
LONG = os.environ.get("HYPOTHESIS_PROFILE", "") == "fuzz"


def runs(quick: int) -> settings:
    if LONG:
        return settings(
            max_examples=FUZZ_EXAMPLES, deadline=None, print_blob=True, suppress_health_check=SLOW
        )
    return settings(max_examples=quick, deadline=None, derandomize=True, suppress_health_check=SLOW)
