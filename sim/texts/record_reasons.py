"""What is wrong with a record (the reader's reasons, tabletop.records) in
the player's language.

    from sim.texts import record_reasons
    record_reasons.said(summary["why"])   # 'onbekende sleutel "x" in de kop'

The record modules are portable code (no gettext there): each raises its
reason as a Malformed, its English template and its fields apart
(tabletop.records.malformed). ``said`` puts the template into the language
in use and fills in the fields, a field that is a Malformed itself (a
phrase, a reason within a reason) said the same way. ``extract`` is the
Babel extraction method sim/locale/babel.cfg names for this file: it reads
the record modules and gives the literal first argument of every
``Malformed(...)`` call, and the record module's ILLEGAL (``make texts``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sim.texts import _
from tabletop.records import malformed, record
from tabletop.records.malformed import Malformed

RECORDS = Path(malformed.__file__).resolve().parent  # firmware/tabletop/records


def said(why: Malformed) -> str:
    """The reason ``why`` in the language in use."""
    fields = tuple(said(f) if isinstance(f, Malformed) else f for f in why.fields)
    if why.template == record.SAID:  # (a reason given as a text: as it is)
        return str(fields[0])
    return _(why.template) % fields


def templates() -> list[str]:
    """Every template the record modules raise, in the order they appear."""
    found = [record.ILLEGAL]
    for path in sorted(RECORDS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            first = node.args[0] if node.args else None
            if node.func.id == "Malformed" and isinstance(first, ast.Constant):
                if isinstance(first.value, str) and first.value not in found:
                    found.append(first.value)
    return found


def extract(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction method for this file: the record reader's reasons,
    each with a note to the translator on its markers."""
    note = "a record's fault: keep every %s and %d, in this order (each is filled in)"
    for text in templates():
        yield 1, None, text, [note] if "%" in text else []
