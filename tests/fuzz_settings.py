"""How long the Hypothesis fuzz tests run: quick in the suite, long for
``make fuzz``.

    from tests.fuzz_settings import FUZZ
    @FUZZ
    @given(...)
    def test_...(...): ...

The environment variable HYPOTHESIS_PROFILE picks the profile: unset (or
"quick") is the suite's own, a fixed set of examples that takes seconds;
"fuzz" tries many more, drawn anew on every run, so a long run finds what
the quick one cannot. A test that gives its own ``max_examples`` is not
lengthened by it (Hypothesis takes the test's own setting first).

The profile is applied per test through FUZZ, not loaded for the whole
process: other Hypothesis tests in the same pytest worker keep their own
settings whatever module was imported first.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]

settings.register_profile(
    "quick", max_examples=100, deadline=None, derandomize=True, suppress_health_check=_SLOW
)
settings.register_profile(
    "fuzz", max_examples=5_000, deadline=None, print_blob=True, suppress_health_check=_SLOW
)

NAME = os.environ.get("HYPOTHESIS_PROFILE", "") or "quick"
FUZZ = settings.get_profile(NAME)  # (an unknown name: InvalidArgument, naming it)
