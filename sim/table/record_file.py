"""A record file read and checked for a table to open, or why it cannot be,
in the player's language.

    rec = read_record("game.jsonl")     # tabletop.records.record's Record
    except RecordProblem as err: ...    # "game.jsonl, line 4: illegal: ..." (naming the line)

What is wrong with a line is said in the language in use
(sim.texts.record_reasons); an illegal move's reason is worked out again
from its line, the seats by name (sim.texts.reasons).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sim.texts import _, reasons, record_reasons
from tabletop.records import notation
from tabletop.records.record import ILLEGAL, check, parse_line, split_lines


class RecordProblem(ValueError):
    """A record that cannot be opened, and why (with its line)."""


def read_record(path: str | Path) -> Any:
    """The record at ``path``, checked; RecordProblem naming the line if it
    is not a good one (or the file cannot be read)."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        why = _("cannot read {path}: {why}")
        raise RecordProblem(why.format(path=path, why=err.strerror)) from None
    *_checked, summary = check(data)
    if not summary["ok"]:
        why = _("{path}, line {line}: {why}").format(
            path=path, line=summary["line"], why=_illegal(data, summary)
        )
        raise RecordProblem(why)
    return summary["record"]


def _illegal(data: bytes, summary: dict[str, Any]) -> str:
    """Why a record does not check (its ``check`` summary), in words."""
    why = summary["why"]
    rec = summary["record"]
    if rec is None or why.template != ILLEGAL:
        return record_reasons.said(why)
    line = summary["line"]
    event = notation.from_json(rec.game, rec.variant, parse_line(split_lines(data)[line - 1], line))
    fault = rec.state.fault(event)  # (the position before that line)
    if fault is None:
        return record_reasons.said(why)
    return _("illegal: {why}").format(why=reasons.reason(rec.game, fault))
