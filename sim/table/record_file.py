"""A record file read and checked for a table to open, or why it cannot be,
in the player's language.

    rec = read_record("game.jsonl")     # tabletop.records.record's Record
    except RecordProblem as err: ...    # "game.jsonl, line 4: illegal: ..." (naming the line)

An illegal move's reason is worked out again from its line, in the
language in use (sim.texts.reasons); what is wrong with a line itself is
said as the record's reader says it (English).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sim.texts import _, reasons
from tabletop.records import notation
from tabletop.records.record import check, parse_line, split_lines


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
    error = str(summary["error"])
    rec = summary["record"]
    if rec is None or not error.startswith("illegal: "):
        return error
    line = summary["line"]
    event = notation.from_json(rec.game, rec.variant, parse_line(split_lines(data)[line - 1], line))
    fault = rec.state.fault(event)  # (the position before that line)
    if fault is None:
        return error
    return _("illegal: {why}").format(why=reasons.reason(rec.game, fault))
