"""The order the suite's tests are handed out in: the longest first.

pytest-xdist's load scheduler gives the processes the tests in the order
they are collected. A long test collected late runs on alone at the end
while the other processes have finished; the longest started first run
alongside the rest. LONGEST are the test files that take the most time
(`pytest --durations=20` shows them): each file's tests move to the front,
in this order, and everything else keeps its order.
"""

from __future__ import annotations

import pytest

LONGEST = (
    "test_deploy.py",  # deploys to the emulated Pico, interrupted and cut: about 2 min
    "test_soak.py",  # boards playing game after game through power cuts
    "test_map.py",  # the map wizard against a board on the wall clock
    "test_pico.py",  # the emulated Pico: an image built, a game replayed
    "test_differential_pacal.py",
    "test_differential_diabolo.py",
    "test_journal_power.py",
    "test_terminal_diabolo.py",
    "test_pico_pty.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return LONGEST.index(name) if name in LONGEST else len(LONGEST)

    items.sort(key=rank)  # (stable: the rest in their own order)
