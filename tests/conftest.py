"""The suite's order: its longest tests first (each file's tests in their
own order, then every other file's as collected). `make pytest` spreads
the tests over several workers (pytest-xdist) in the order collected: a
long test collected last would run alone at the end while the others
wait, and CI's budget is 10 minutes for the whole of `make test`. The
list follows the slowest tests that every run names (`--durations`)."""

from __future__ import annotations

from pathlib import Path

import pytest

LONGEST = (
    "test_deploy.py",
    "test_remote_board.py",
    "test_map.py",
    "test_journal_power.py",
    "test_soak.py",
    "test_remote_board_pacal.py",
    "test_pico.py",
    "test_micropython.py",
    "test_remote_board_back.py",
    "test_terminal.py",
    "test_sweep.py",
    "test_table_games.py",
    "test_differential_diabolo.py",
    "test_differential_pyraos.py",
    "test_commands_games.py",
    "test_remote_games.py",
    "test_remote_board_diabolo.py",
    "test_protocol_link.py",
    "test_resume.py",
    "test_window_diabolo.py",
    "test_screenshots.py",
    "test_window.py",
    "test_differential_pacal.py",
    "test_power_cuts.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    gone = [name for name in LONGEST if not (Path(__file__).parent / name).exists()]
    if gone:  # (renamed or deleted: the list says so rather than ordering nothing)
        raise pytest.UsageError(f"tests/conftest.py LONGEST names no such file: {gone}")
    rank = {name: i for i, name in enumerate(LONGEST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONGEST)))
