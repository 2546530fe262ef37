"""``python -m sim hint RECORD``: what the player to move should do.

    python -m sim hint game.jsonl [--level strong] [--ms 1000 | --nodes N]

prints one JSON object: ``events`` (the record lines of the whole turn: a
place or raise, and its remove when it makes a square; for Pacal an offer,
a take and its build, a build or keep, or a solo build), ``level``, and for
Pacal ``player`` (who the turn is for: the offerer, the taker, or the first
player still to build) and for the sampling levels ``chance`` (the share
of the sampled games the turn won), ``samples`` and ``nodes``. A Pacal hint
reads only what its player may see: the deal's hidden cards (the other's
hand, the cards set aside, the solo pile's order) are never used. Diabolo:
``events`` is the card to lay (or put out), or while a round is scored the
double of the first player who may still declare one (``[]``: none),
``player`` says whose, and ``strong`` adds ``chance`` (the share of the
sampled rounds the move won), ``samples`` and ``nodes``; the other hands
and the pile are never used. For
the searching levels ``score`` (hundredths of a marble, the mover's view),
``depth`` (turns looked ahead) and ``nodes``; when the search proved the
outcome, ``value`` (``"win"``, ``"loss"`` or ``"draw"``) and, for a win or a
loss, ``turns`` (how many turns, both players', until the game ends).
Exit status 1 when the record is illegal, the game is over or a deal comes
next, 2 when the file cannot be read or there is no player for its game yet.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from tabletop import players
from tabletop.players.pyraos_search import WIN, WON
from tabletop.records.notation import to_json
from tabletop.records.record import Record, RecordError
from tabletop.rules.rng import Rng

DEFAULT_MS = 1000
HINT_SEED = 1  # the easy and random levels' draws: the same hint every time
TT_BITS = 16


def add_parser(sub: Any) -> None:
    """The ``hint`` subcommand's arguments, for sim/cli.py."""
    p = sub.add_parser("hint", help="the turn the computer player suggests for a record")
    p.add_argument("record")
    p.add_argument("--level", choices=players.LEVELS, default="strong")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--ms", type=int, help=f"time to think (default {DEFAULT_MS} ms)")
    budget.add_argument("--nodes", type=int, help="positions to look at instead of a time")


def run(args: argparse.Namespace) -> int:
    if (args.ms is not None and args.ms < 1) or (args.nodes is not None and args.nodes < 1):
        print("hint: --ms and --nodes must be 1 or more", file=sys.stderr)
        return 2
    try:
        data = Path(args.record).read_bytes()
    except OSError as err:
        print(f"hint: cannot read {args.record}: {err}", file=sys.stderr)
        return 2
    try:
        rec = Record.read(data)
    except RecordError as err:
        print(f"hint: {args.record}: {err}", file=sys.stderr)
        return 1
    out = hint(rec, args.level, args.ms, args.nodes)
    if isinstance(out, str):
        print(f"hint: {args.record}: {out}", file=sys.stderr)
        return 2 if out.startswith("no ") else 1
    print(json.dumps(out))
    return 0


def hint(rec: Record, level: str, ms: int | None, nodes: int | None) -> dict[str, Any] | str:
    """The suggestion for the record's next turn, or why there is none."""
    state = rec.state
    if state.is_over():
        return f"the game is over: {state.outcome().reason}"
    if nodes is None:
        budget, clock = (DEFAULT_MS if ms is None else ms), _ms
    else:
        budget, clock = nodes, None
    try:
        thinking = players.start(state, level, budget, Rng(HINT_SEED), clock, TT_BITS)
    except players.NoPlayer as err:
        return str(err)
    except ValueError as err:  # a Pacal deal comes next, or a board's hidden hands
        return f"nothing to suggest: {err}"
    moves = None
    while moves is None:
        moves = thinking.step(1000)
    out: dict[str, Any] = {"events": [to_json(rec.game, m) for m in moves], "level": level}
    if rec.game == "diabolo" and not moves:  # a round scored: no double for anyone left
        out["player"] = state.to_move()[0]
        return out
    if rec.game != "pyraos":
        out["player"] = moves[0][1]
        if thinking.value is not None:
            out.update(chance=round(thinking.value, 4), samples=thinking.samples,
                       nodes=thinking.nodes)  # fmt: skip
        return out
    if thinking.value is None:
        return out
    v = thinking.value
    out.update(score=v, depth=thinking.depth, nodes=thinking.nodes)
    if v > WON or v < -WON:
        out.update(value="win" if v > 0 else "loss", turns=WIN - abs(v))
    elif thinking.solved:  # every line looked at ends in a repetition
        out["value"] = "draw"
    return out


def _ms() -> int:
    return time.monotonic_ns() // 1_000_000
