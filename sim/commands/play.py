"""``python -m sim`` without a command (sim.commands.cli): a live game at the
virtual board (sim.table.table), played in a window (sim.window.app), or in the
terminal version (sim.terminal.app) where no display can be opened.

    launch.main(["--game", "pacal", "--players", "human,computer"], cli.COMMANDS)  # until closed
    launch.main(["--record", "game.jsonl", "--screenshot", "game.png"], ())  # drawn, then exit
    launch.has_display()                 # would a window open here?

Options: --game pyraos|pacal|diabolo, --variant V, --players human,computer
(each seat; Diabolo: 3 to 5 of them, their count the table's, by default
human and three computers), --level greedy|random|easy|medium|strong (the
computer seats' strength, medium by default: sim.table.computer), --watch (the
computer in every seat), --seed S, --record FILE (open it at its last
position), --screenshot PNG (drawn off screen), --size WxH, --text (the
terminal version), --profile NAME|FILE (the virtual board built as a maker's
profile says, sim.commands.profile_file: its game and variant must be among
its ``games``, by default its first; a profile that does not load is one
``error:`` line naming the key, exit 2), --lang en|nl|fr (the language of the
window, the terminal version and the virtual board's display, its profile's
"lang": by default the profile's own, else English).
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import sys
import time
from typing import Any

from sim import texts
from sim.commands import profile_file, remote
from sim.runs.board_play import PROFILES, NotListed
from sim.table import computer
from sim.table.table import COMPUTER, HUMAN, REMOTE, SEATS, RecordProblem, Table, seats_of
from sim.texts import _
from tabletop import games
from tabletop.profile import ProfileError, load

LANG_NAMES = {"en": "English", "nl": "Dutch", "fr": "French"}


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size like 1200x720: {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"too small a window: {text!r}")
    return (w, h)


def _seats_help() -> str:
    out = []
    for g in games.NAMES:
        rules = games.part(g, "rules")
        counts = {rules.seats(v) for v in games.variants(g)}
        out.append(
            g + ": " + " or ".join(str(lo) if lo == hi else f"{lo} to {hi}" for lo, hi in counts)
        )
    return ", ".join(out) + " seats"


def speaking(raw: dict[str, Any], lang: str) -> Any:
    """The virtual board's profile: ``raw`` (a profile's JSON object) with
    its "lang" set to ``lang``, loaded (ProfileError naming the key)."""
    return load({**raw, "lang": lang})


def _record_game(path: str) -> str | None:
    """The game a record's header names (None: none can be read; opening
    the record says why)."""
    try:
        with open(path, encoding="utf-8") as f:
            game = json.loads(f.readline()).get("game")
    except (OSError, ValueError, AttributeError):
        return None
    return game if game in games.NAMES else None


def _far_seats(
    args: argparse.Namespace, seats: int, given: tuple[str, ...]
) -> tuple[tuple[str, int], tuple[str, ...]]:
    """With --remote: the broker's URL and this home's seat, and the seats:
    this home's human (or as --players says), "remote" the others."""
    url, started = remote.broker_for(args.broker)
    if started is not None:
        atexit.register(started.close)  # (while this window is open)
    seat = args.seat - 1 if args.seat is not None else None
    if given:
        mine = [p for p, kind in enumerate(given) if kind != REMOTE]
        if len(mine) != 1 or REMOTE not in given:
            raise ValueError("--players with --remote: one seat here, the others remote")
        if seat is not None and seat != mine[0]:
            raise ValueError(f"--seat {seat + 1}: --players has this home at seat {mine[0] + 1}")
        return (url, mine[0]), given
    if seat is None:
        seat = remote.free_seat(url, args.remote, seats)
    if not 0 <= seat < seats:
        raise ValueError(f"--seat: 1 to {seats}")
    return (url, seat), tuple(HUMAN if p == seat else REMOTE for p in range(seats))


def has_display() -> bool:
    """Can a window be opened here (else: the terminal version)?"""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return True
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def main(argv: list[str], commands: tuple[str, ...]) -> int:
    """Parse ``argv`` (the options above; ``commands``: python -m sim's
    others, named in --help), open the table and play at it until the
    window (or the terminal) is closed: 0, or 2 for a record that cannot be
    opened."""
    parser = argparse.ArgumentParser(
        prog="python -m sim",
        description="The board in a window: play with the mouse, the firmware watching. "
        f"Other commands: {', '.join(commands)} (python -m sim COMMAND --help).",
    )
    parser.add_argument(
        "--game", choices=games.NAMES, default=None, help="default: pyraos, or the profile's"
    )
    parser.add_argument(
        "--variant",
        help="; ".join(f"{g}: {', '.join(games.variants(g))}" for g in games.NAMES)
        + " (the first by default)",
    )
    parser.add_argument(
        "--players",
        default=None,
        help="each seat human or computer, e.g. human,computer (" + _seats_help() + "; "
        "by default you and the computer in every other seat)",
    )
    parser.add_argument(
        "--level",
        choices=computer.LEVELS,
        default=computer.DEFAULT_LEVEL,
        help="the computer seats' strength, the same levels in every game: " + computer.LEVELS_HELP,
    )
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--record", help="open this record at its last position")
    parser.add_argument("--screenshot", help="draw the window off screen into this PNG, and exit")
    parser.add_argument("--size", type=_size, default=None, help="window size, e.g. 1200x720")
    parser.add_argument("--text", action="store_true", help="the terminal version")
    parser.add_argument(
        "--watch",
        action="store_true",
        help="the computer plays every seat (--players computer,...)",
    )
    parser.add_argument(
        "--remote",
        metavar="CODE",
        help="play someone far away in room CODE (docs/REMOTE.md): your seat here, theirs "
        '"remote" (--players may name which); both sides give the same CODE',
    )
    parser.add_argument(
        "--broker",
        metavar="URL",
        help="with --remote: the MQTT broker, mqtt://HOST[:PORT] or mqtts://USER:PASSWORD@HOST"
        " (default: this machine's own, started by the first window)",
    )
    parser.add_argument(
        "--seat", type=int, default=None, help="with --remote: your seat (default: the first free)"
    )
    profile_file.add_option(parser, "the game's reference board")
    parser.add_argument(
        "--lang",
        choices=texts.LANGS,
        default=None,
        help="the language of the window, the terminal version and the board's display: "
        + ", ".join(f"{k} ({v})" for k, v in LANG_NAMES.items())
        + '; default: the profile\'s own (its "lang"), else en',
    )
    args = parser.parse_args(argv)
    chosen = None
    if args.profile is not None:
        try:
            chosen = profile_file.read(args.profile)
        except profile_file.ProfileProblem as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    game = args.game or (chosen.profile.game if chosen is not None else "pyraos")
    known = games.variants(game)
    if args.variant is not None and args.variant not in known:
        parser.error(f"{game} has no variant {args.variant!r}: {', '.join(known)}")
    variant = args.variant or known[0]
    if chosen is not None and not args.record:
        try:
            asked = [f"--{k} {v}" for k, v in (("game", args.game), ("variant", args.variant)) if v]
            game, variant = chosen.game_for(game, args.variant, " ".join(asked))
        except profile_file.ProfileProblem as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    given = tuple(args.players.split(",")) if args.players else ()
    seated = chosen.profile.players if chosen is not None else 0  # (Diabolo: the board's)
    seats = seats_of(game, variant, len(given) or seated)
    if given and len(given) != seats:
        low, high = games.part(game, "rules").seats(variant)
        want = str(low) if low == high else f"{low} to {high}"
        parser.error(f"--players: {game} {variant} has {want} seats, each human or computer")
    players = given or (HUMAN,) + (COMPUTER,) * (seats - 1)
    if args.watch:
        players = (COMPUTER,) * seats
    if any(p not in SEATS for p in players):
        parser.error(f"--players: {seats} seat(s), each human or computer")
    seed = args.seed if args.seed is not None else int(time.time())
    far: tuple[str, int] | None = None
    if args.remote is not None:
        if args.record or args.watch or args.screenshot:
            parser.error("--remote plays a new game in a window: not with --record, --watch"
                         " or --screenshot")  # fmt: skip
        if seats < 2:
            parser.error(f"--remote: {game} {variant} has one seat")
        try:
            far, players = _far_seats(args, seats, given)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        seed = args.seed if args.seed is not None else remote.seed_of(args.remote)
    elif REMOTE in players or args.broker or args.seat is not None:
        parser.error('a "remote" seat, --broker and --seat come with --remote CODE')
    text = args.text or (not args.screenshot and not has_display())
    if text and not args.text:
        print("No display for a window (no DISPLAY or WAYLAND_DISPLAY): the terminal version.")
    if args.screenshot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    events: list[Any] = []
    profile = chosen.profile if chosen is not None else None
    own = chosen.raw.get("lang") if chosen is not None and isinstance(chosen.raw, dict) else None
    lang = args.lang or (own if own in texts.LANGS else "en")
    texts.use(lang)
    board_game = game if not args.record else _record_game(args.record)
    if args.lang is not None and (chosen is not None or board_game is not None):
        # the virtual board speaks it too: its profile's "lang"
        where = chosen.path if chosen is not None else PROFILES / f"{board_game}.json"
        raw = chosen.raw if chosen is not None else json.loads(where.read_text())
        try:
            profile = speaking(raw, args.lang)
        except ProfileError as err:
            print(f"error: {where}: {err}", file=sys.stderr)
            return 2
    try:
        if args.record:
            table, events = Table.open_record(
                args.record, seed=seed, players=players, level=args.level, profile=profile
            )
        else:
            table = Table(game, variant, seed=seed, players=players, level=args.level,
                          profile=profile)  # fmt: skip
    except RecordProblem as err:  # (what a player reads: in the language chosen)
        print(_("error: {why}").format(why=err), file=sys.stderr)
        return 2
    except NotListed as err:  # (a record of a game the profile's board does not play)
        path = chosen.path if chosen is not None else "--profile"
        print(f"error: {path}: {err} (the game of {args.record})", file=sys.stderr)
        return 2
    if far is not None:
        remote.join(table, far[0], args.remote, far[1])
        print(f"Room {args.remote} on {far[0]}: you are seat {far[1] + 1} of {seats}.")
    if text:
        from sim.terminal.app import TerminalApp

        TerminalApp(table).run()
        return 0
    from sim.window.app import DEFAULT_SIZE, App

    app = App(table, size=args.size or DEFAULT_SIZE, offscreen=bool(args.screenshot), record=events)
    if args.screenshot:
        app.settle()
        app.save_screenshot(args.screenshot)
        return 0
    app.run()
    return 0
