"""What ``host_tools deploy`` gives a board (host_tools.deploy.tree): the
firmware of the games its profile plays, not the other games' own modules.
For every game of the registry: its board is given fewer files than the
whole firmware (each costs a 4 KB block of flash, twice: a deploy keeps two
trees), and it plays with what it is given. That is played in a process of
its own, where an import that firmware code makes of a module left out
fails as it would on the board: a seeded game at the virtual board, with
its display in every language and its how-to-play, a far seat given the
room's deal, and the computer choosing a turn at each level."""

from __future__ import annotations

import os
import runpy
import subprocess
import sys
from pathlib import Path
from types import FrameType

import pytest

from host_tools.deploy import tree
from host_tools.deploy.install import DeployError, _check_room
from host_tools.deploy.remote import Space
from tabletop import games

ROOT = Path(__file__).resolve().parents[1]
FIRMWARE = ROOT / "firmware"
LANGS = ("en", "nl", "fr")


def test_a_board_is_given_its_games_and_not_the_others() -> None:
    every = {rel for _, rel in tree.sources(games.NAMES)}
    for game in games.NAMES:
        given = {rel for _, rel in tree.sources((game,))}
        modules = {".".join(rel.with_suffix("").parts) for rel in given}
        for kind in games.KINDS:
            if kind != "picture":  # (a host's screen only)
                assert games.path(game, kind) in modules, (game, kind)
        for other in games.NAMES:
            if other != game:
                assert games.path(other, "board") not in modules
                assert Path(f"tabletop/show/words_fr_{other}.txt") not in given
        assert Path(f"tabletop/show/words_fr_{game}.txt") in given
        assert len(given) <= len(every) - 25, (game, len(given), len(every))


@pytest.mark.parametrize("game", games.NAMES)
def test_a_board_plays_with_what_it_is_given(game: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", f"import tests.test_deploy_tree as t; t.play_given({game!r})"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["played", game], done.stdout


class LeftOut:
    """A finder that refuses the modules a board of ``game`` is not given,
    when a module the board is given imports them (the host's own code, the
    simulator's, may import what it likes, and so may what it imports)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.names = tree.left_out((game,))

    def find_spec(self, name: str, path: object, target: object = None) -> None:
        if name not in self.names:
            return None
        frame: FrameType | None = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename.startswith("<frozen"):
            frame = frame.f_back
        importer = "" if frame is None else frame.f_globals.get("__name__", "")
        if importer.startswith(("tabletop", "hal")) and importer not in self.names:
            raise ImportError(f"{name} is not given to a {self.game} board ({importer} imports it)")
        return None


def play_given(game: str) -> None:
    """What test_a_board_plays_with_what_it_is_given runs in its process."""
    for name in tree.left_out((game,)):
        assert name not in sys.modules, name
    sys.meta_path.insert(0, LeftOut(game))
    from sim.runs.board_play import BoardRun, reference_profile
    from sim.runs.selfplay import play_game
    from tabletop import players
    from tabletop.records.record import Record
    from tabletop.rules.rng import Rng
    from tabletop.show import howto, words

    variant = games.variants(game)[0]
    record = play_game(game, variant, 2)
    for lang in LANGS:
        profile = reference_profile(game)
        profile.lang = lang
        run = BoardRun(
            profile, game, variant, seed=2, players=len(record.header.get("players", ()))
        )
        result = run.play(record.events[:6])
        assert result.ok, result.where
        for v in games.variants(game):
            assert howto.HowTo(game, v, lang)
        words.let_go()
    sys.argv[1:] = [game, "far"]
    far = runpy.run_path(str(ROOT / "tests" / "mp" / "far_heap.py"))
    far["setup"]()
    far["seat"]()
    state = Record(record.header).state
    for event in record.events[:4]:
        state.apply(event)
    for level in players.LEVELS:
        thinking = players.start(state, level, 2000, Rng(1))
        while thinking.step(500) is None:
            pass
    print("played", game)


def test_a_tree_the_flash_has_no_room_for_is_refused_before_anything_is_written() -> None:
    # (on the emulated Pico, filling its flash to the brim takes minutes:
    # the rule is tried here on the real tree's files)
    prefix = "/fw/b/"
    given = {rel.as_posix(): path for path, rel in tree.sources(("pyraos",))}
    writes = [prefix + rel for rel in given]
    space = Space()
    needed = sum(space.blocks(p.stat().st_size) for p in given.values())
    folders = sorted({str(Path(w).parent) for w in writes})
    needed += 2 * len(folders)  # (none of them on the board yet)
    assert len(given) + 2 * len(folders) <= needed  # (whole blocks: a file of 10 bytes takes one)
    space.free = needed - 1
    with pytest.raises(DeployError) as refused:
        _check_room(space, prefix, given, writes, {}, [], ("pyraos",), folders)
    said = str(refused.value)
    assert f"needs {needed} blocks of 4 KB, and {needed - 1} are free" in said, said
    assert "Nothing was written" in said and "plays pyraos" in said
    space.free = needed
    _check_room(space, prefix, given, writes, {}, [], ("pyraos",), folders)
    # a tree left there before: what it replaces or removes is counted as freed
    space.free = needed - 3
    old = {prefix + "tabletop/show/words_fr.txt": "x", prefix + "stale.py": "y"}
    space.sizes = {prefix + "tabletop/show/words_fr.txt": 9000, prefix + "stale.py": 10}
    _check_room(space, prefix, given, writes, old, [prefix + "stale.py"], ("pyraos",), folders)
