"""How to play, for the board's display: the window's lines (sim.texts.rules)
in every language, written out as the firmware's tables (`make texts`).

    python -m sim.texts.board_rules firmware/tabletop/show   # writes howto_<lang>_<game>.py
    tables()                                                 # {file name: its text}

The board has no gettext and its 8x8 font draws ASCII only, so each
language's lines are folded to ASCII ("e" for "é", "oe" for "œ") and
written as one module per language and game, loaded only while the board
shows them (tabletop.show.howto). One source for both: the help a player
reads in the window is the one the board shows. tests/test_languages.py
checks the committed tables are what this writes now.
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

from sim import texts
from sim.texts.rules import how_to_play
from tabletop import games

_FOLD = {"œ": "oe", "Œ": "Oe", "æ": "ae", "’": "'", "‘": "'", "«": '"', "»": '"', "–": "-"}
_HEAD = '''"""How to play {}, on the board (tabletop.show.howto): {}. Written by
`make texts` from sim/texts/rules.py and its catalogues; do not edit."""

TEXT = {{
'''
_NAMES = {"en": "English", "nl": "Dutch", "fr": "French"}


def ascii_text(line: str) -> str:
    """``line`` in the letters the board's font draws: accents dropped."""
    for a, b in _FOLD.items():
        line = line.replace(a, b)
    line = " ".join(line.split())  # (the French thin and no-break spaces)
    plain = unicodedata.normalize("NFKD", line).encode("ascii", "ignore").decode()
    return plain


def tables() -> dict[str, str]:
    """Each table's file name and text: the rules of every game's variants,
    a line each (the goal first), in every language."""
    out = {}
    was = texts.lang()
    try:
        for lang in texts.LANGS:
            texts.use(lang)
            for game in games.NAMES:
                body = _HEAD.format(game.capitalize(), _NAMES[lang])
                for variant in games.variants(game):
                    lines = [ascii_text(t) for t in how_to_play(game, variant) if t]
                    assert all('"' not in t and "\\" not in t for t in lines), lines
                    body += f'    "{variant}": (\n'
                    body += "".join(f'        "{t}",\n' for t in lines)
                    body += "    ),\n"
                out[f"howto_{lang}_{game}.py"] = body + "}\n"
    finally:
        texts.use(was)
    return out


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    for name, text in tables().items():
        (folder / name).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
