"""``python -m sim hint RECORD``: what the player to move should do.

    python -m sim hint game.jsonl [--level strong] [--ms 1000 | --nodes N]

Without ``--ms`` or ``--nodes`` a hint thinks 1 s, and the strong level up
to 10 s in a Pyraos endgame (default_ms), where it stops once it has proved
the result.

prints one JSON object: ``events`` (the record lines of the whole turn:
Pyraos a place or raise, and its remove when it makes a square; Pacal an
offer, a take and its build, a build or keep, or a solo build; Diabolo the
card to lay or put out, or while a round is scored the double of the first
player who may still declare one, ``[]`` for none), ``level``, ``player``
(whose turn it is: the mover; in Pacal the offerer, the taker or the first
player still to build), and what the player found (each game's player
says: its ``facts``): for the sampling levels (Pacal, Diabolo's strong)
``chance`` (the share of the sampled games the turn won), ``samples`` and
``nodes``; for Pyraos's searching levels ``score`` (hundredths of a marble,
the mover's view), ``depth`` (turns looked ahead) and ``nodes``, and when
the search proved the outcome ``value`` (``"win"``, ``"loss"`` or
``"draw"``) and, for a win or a loss, ``turns`` (how many turns, both
players', until the game ends; a kids endgame's proof gives the turns
within which its line ends, not always the fewest), and in a kids endgame
``proved`` (how many of the turns the proof showed to lose). A hint reads
only what its player may see: the hidden cards (the other hands, the cards
set aside, the pile) are never used.
Exit status 1 when the record is illegal, the game is over or a deal comes
next, 2 when the file cannot be read, is not a record at all (as ``check``
says: not UTF-8, empty, or no header on line 1) or there is no player for
its game yet.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from tabletop import players
from tabletop.records.notation import to_json
from tabletop.records.record import Record, RecordError
from tabletop.rules.rng import Rng

DEFAULT_MS = 1000
LONG_MS = 10000  # the strong level's time where a proof may be in reach (default_ms)
HINT_SEED = 1  # the easy and random levels' draws: the same hint every time
TT_BITS = 16


def add_parser(sub: Any) -> None:
    """The ``hint`` subcommand's arguments, for sim/commands/cli.py."""
    p = sub.add_parser(
        "hint",
        help="the turn the computer player suggests for a record",
        epilog="exit status: 0 a hint printed; 1 an illegal record line, the game is over or"
        " a deal comes next; 2 the file cannot be read or is not a record (as check),"
        " or its game has no player yet",
    )
    p.add_argument("record")
    p.add_argument("--level", choices=players.LEVELS, default="strong")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument(
        "--ms",
        type=int,
        help=f"time to think (default {DEFAULT_MS} ms; strong in a Pyraos endgame up to {LONG_MS})",
    )
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
        return 2 if err.fatal else 1  # (check's codes: 2 for a file that is no record)
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
        budget, clock = (default_ms(state, level) if ms is None else ms), _ms
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
    # whose turn: the mover's (none chosen: a Diabolo round scored, no double
    # for the first who may still declare one)
    out["player"] = moves[0][1] if moves else state.to_move()[0]
    out.update(thinking.facts())  # (what the player's search or sampling found)
    return out


def default_ms(state: Any, level: str) -> int:
    """The time to think without ``--ms``: LONG_MS for the strong level in a
    Pyraos endgame, where it tries to prove the result (and stops as soon
    as it has): kids with EXACT_EMPTY empty spots or fewer, the other
    variants with 5 marbles or fewer in each reserve; DEFAULT_MS else."""
    if level != "strong" or getattr(state, "GAME", None) != "pyraos":
        return DEFAULT_MS
    from tabletop.players.pyraos_player import EXACT_EMPTY
    from tabletop.rules.pyraos import KIDS

    if state.variant == KIDS:
        empty = 30 - bin(state.marbles[0] | state.marbles[1]).count("1")
        return LONG_MS if empty <= EXACT_EMPTY else DEFAULT_MS
    return LONG_MS if max(state.reserve) <= 5 else DEFAULT_MS


def _ms() -> int:
    return time.monotonic_ns() // 1_000_000
