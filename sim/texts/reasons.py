"""The rules' reasons (tabletop.rules.reasons) in the player's language,
the seats by the names the window and the terminal give them.

    from sim.texts import reasons
    reasons.reason("pyraos", ("turn", 1, 0))   # "het is de beurt van Dark, niet van Light"

The templates are the firmware's (portable code: no gettext there), the
catalogues' messages all the same: ``extract`` is the Babel extraction
method sim/locale/babel.cfg names for this file, and it gives every
template and word of that module (``make texts``), not this file's own
marks (it has none).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sim.texts import _, moves
from tabletop.rules import reasons as rules


def reason(game: str, fault: Any) -> str:
    """Why a ``game`` move is illegal (the rules' ``fault``), in words."""
    return str(rules.explain(fault, _, moves.seat_words(game)))


def messages() -> list[str]:
    """Every English text of the rules' reasons: the templates and the words."""
    words = (rules.PLAYER, rules.UNKNOWN, *rules.COLOUR_WORDS, *rules.SIDE_WORDS)
    return [*rules.TEXT.values(), *words]


def extract(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for this file: the rules' reasons, each
    with a note to the translator on its markers."""
    note = "markers %d %s %j %W %P %M %C %K %S: filled in from the fault, in this order"
    for text in messages():
        yield 1, None, text, [note] if "%" in text else []
