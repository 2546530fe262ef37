"""`make screenshots` (sim.commands.screenshots): a game's pictures
drawn into a folder, each the window's size and not blank, and every
picture the README links there in docs/img."""

from __future__ import annotations

import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from sim.commands import screenshots

ROOT = Path(__file__).resolve().parent.parent


def test_a_game_is_drawn_at_its_opening_middle_and_end(tmp_path: Path) -> None:
    # one game (all three take most of a minute): Pyraos, whose pictures
    # are also the readings and the Dutch ones
    game = screenshots.DUTCH
    assert screenshots.main([str(tmp_path), game]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    assert {f"{game}-{moment}.png" for moment in ("opening", "middle", "end")} <= names
    for path in tmp_path.glob("*.png"):
        picture = pygame.image.load(str(path))
        assert picture.get_size() == screenshots.SIZE
        small = pygame.transform.scale(picture, (120, 72))
        colours = {small.get_at((x, y))[:3] for x in range(120) for y in range(72)}
        assert len(colours) > 20, path.name  # (a blank or one-colour picture: a bug)
    pygame.quit()


def test_every_picture_the_readme_links_is_in_docs_img() -> None:
    linked = re.findall(r"\]\((docs/img/[^)]+)\)", (ROOT / "README.md").read_text())
    assert linked
    for link in linked:
        assert (ROOT / link).is_file(), link
    # and none lies there unlinked
    assert {p.name for p in (ROOT / "docs" / "img").iterdir()} == {Path(x).name for x in linked}
