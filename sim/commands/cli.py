"""The ``python -m sim`` commands.

python -m sim [--game G] [--variant V] [--players human,computer,...] [--level L]
              [--seed S] [--record FILE] [--screenshot PNG] [--size WxH] [--text]
              [--profile NAME|FILE] [--lang en|nl|fr]
                                    the board in a window, played with the mouse
python -m sim demo                  self-play one game of every game and variant, as text
python -m sim check FILE            check a record line by line (JSON Lines out)
python -m sim selfplay --game G [--variant V] --games 10 --seed 1 --out DIR
python -m sim selfplay --game diabolo --players 5 --games 10 --seed 1 --out DIR
python -m sim board-play RECORD [--mistakes RATE] [--noise LEVEL] [--seed S]
                            [--power-cuts N] [--fs littlefs|fat] [--profile NAME|FILE]
python -m sim sweep [--noise 1,2,4] [--moves N] [--mistakes RATE] [--jobs J] [--sensor plain]
python -m sim soak --game G --hours 24 [--seed S] [--fs fat]
python -m sim device --pty [--game G] [--profile NAME|FILE] [--seed S] [--play N]
                           [--speed X] [--for S]
python -m sim device --pty --pico IMAGE [--for S]
python -m sim hint RECORD [--level L] [--ms N | --nodes N]
python -m sim arena --game G [--variant V] [--players N] --a LEVEL [--b LEVEL] --games N
                    --seed S [--jobs J] [--out DIR] [--nodes N | --ms N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from sim.commands import device, profile_file
from sim.commands.options import finite_float
from sim.runs import selfplay
from sim.runs.power_cuts import is_deal
from tabletop import games
from tabletop.records.notation import to_json as event_to_json
from tabletop.records.record import check, outcome_of


def _check(path: str) -> int:
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        print(json.dumps({"summary": True, "ok": False, "error": f"cannot read {path}: {err}"}))
        return 2
    for item in check(data):
        if "summary" not in item:
            print(json.dumps(item))
            continue
        rec = item["record"]
        out: dict[str, Any] = {"summary": True, "ok": item["ok"]}
        if rec is not None:
            out["game"] = rec.game
            out["variant"] = rec.variant
            out["events"] = len(rec.events)
            out["over"] = rec.state.is_over()
            out.update(outcome_of(rec.game, rec.variant, rec.state))
            o = rec.state.outcome()
            if o is not None:
                out["reason"] = o.reason
        if not item["ok"]:
            out["line"] = item["line"]
            out["error"] = item["error"]
        print(json.dumps(out))
        if item.get("fatal"):
            return 2
        return 0 if item["ok"] else 1
    return 2  # not reached: check() always ends with a summary


def _selfplay(args: argparse.Namespace) -> int:
    known = games.variants(args.game)
    variant = args.variant or known[0]
    if variant not in known:
        print(f"{args.game} has no variant {variant!r} ({', '.join(known)})", file=sys.stderr)
        return 2
    if args.players is not None:
        try:  # (the rules' own words: "diabolo standard seats 3 to 5 players, not 6")
            games.part(args.game, "rules").new_state(variant, args.players)
        except ValueError as err:
            print(f"selfplay: {err}", file=sys.stderr)
            return 2
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"selfplay: --out {out} is a file, not a folder", file=sys.stderr)
        return 2
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"selfplay: cannot make the folder {out}: {err.strerror or err}", file=sys.stderr)
        return 2
    try:
        paths = selfplay.write_games(args.game, variant, args.games, args.seed, out, args.players)
    except OSError as err:
        where = err.filename or out
        print(f"selfplay: cannot write {where}: {err.strerror or err}", file=sys.stderr)
        return 2
    for path in paths:
        print(path)
    return 0


def _board_play(args: argparse.Namespace) -> int:
    from sim.hardware.flash import FatFlash, LittleFlash
    from sim.runs.board_play import BoardRun, reference_profile
    from tabletop.records.record import Record, RecordError

    try:
        chosen = profile_file.read(args.profile) if args.profile is not None else None
    except profile_file.ProfileProblem as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    try:
        rec = Record.read(Path(args.record).read_bytes())
    except (OSError, RecordError) as err:
        print(f"board-play: {args.record}: {err}", file=sys.stderr)
        return 2
    if chosen is not None:
        try:
            chosen.game_for(rec.game, rec.variant, f"the game of {args.record}")
        except profile_file.ProfileProblem as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    flash: LittleFlash | FatFlash | None = None
    if args.power_cuts or args.fs is not None:
        flash = FatFlash() if args.fs == "fat" else LittleFlash()
    run = BoardRun(
        chosen.profile if chosen is not None else reference_profile(rec.game),
        rec.game,
        rec.variant,
        seed=args.seed,
        mistakes=args.mistakes,
        noise=args.noise,
        flash=flash,
        power_cuts=args.power_cuts,
        players=len(rec.header.get("players", ())),
    )
    result = run.play(rec.events)
    # (a board's deals name no hands, no pile: the record's are written in their place)
    deals = [ev for ev in rec.events if is_deal(rec.game, ev)]
    for line in run.runtime.journal.lines(deals):
        print(line)
    lat = sorted(result.latencies_ms)
    summary: dict[str, object] = {
        "events": result.events,
        "of": len(rec.events),
        "virtual_s": round(result.virtual_ms / 1000, 1),
        "mistakes": len(run.hand.mistakes),
        "reboots": result.reboots,
        "moves_redone": result.moves_redone,
    }
    if flash is not None:
        summary["fs"] = "fat" if isinstance(flash, FatFlash) else "littlefs"
    if lat:
        summary["latency_p50_ms"] = lat[len(lat) // 2]
        summary["latency_p95_ms"] = lat[min(len(lat) - 1, len(lat) * 95 // 100)]
    print("board-play: " + json.dumps(summary), file=sys.stderr)
    if not result.ok:
        print(f"board-play: the journal parts from the record: {result.where}", file=sys.stderr)
        return 1
    return 0


def _sweep(args: argparse.Namespace) -> int:
    from sim.commands.sweep import sweep_level
    from sim.hardware.physics import DEFAULT_SENSOR

    sensor = args.sensor or DEFAULT_SENSOR
    wrong_at_reference = 0
    for level in args.noise:
        tally = sweep_level(
            level, args.moves, args.mistakes, args.seed, args.jobs, sensor, args.game
        )
        print(json.dumps(tally.summary()), flush=True)
        if level <= 1.0:
            wrong_at_reference += tally.counts["wrong"]
    if wrong_at_reference:
        print(
            f"sweep: {wrong_at_reference} wrong move(s) accepted at or below the reference noise",
            file=sys.stderr,
        )
        return 1
    return 0


def _soak(args: argparse.Namespace) -> int:
    from sim.commands.soak import Report, soak

    def progress(r: Report) -> None:  # (a long run: a line per virtual hour)
        print(
            f"soak {r.game}: {r.virtual_ms / 3_600_000:.1f} h, {r.games} games, "
            f"{r.moves} moves, {r.reboots} power cuts, ok so far",
            file=sys.stderr,
            flush=True,
        )

    report = soak(
        args.hours, args.game, args.seed, args.fs, cuts_per_game=args.cuts, progress=progress
    )
    print(json.dumps(report.summary()), flush=True)
    return 0 if report.ok else 1


def _levels(text: str) -> list[float]:
    levels = [finite_float(x) for x in text.split(",")]
    if any(x < 0 for x in levels):
        raise argparse.ArgumentTypeError("noise levels are 0 or more")
    return levels


def _demo(seed: int) -> int:
    print(f"Self-play with seed {seed}: uniformly random legal moves.\n")
    for game in games.NAMES:
        for variant in games.variants(game):
            rec = selfplay.play_game(game, variant, seed)
            seated = len(rec.header.get("players", ()))
            players = f", {seated} players" if seated else ""
            print(f"== {game} {variant}{players}: {len(rec.events)} events ==")
            moves = [ev for ev in rec.events if not is_deal(game, ev)]
            for ev in moves[:DEMO_MOVES]:
                print("  " + json.dumps(event_to_json(game, ev)))
            if len(moves) > DEMO_MOVES:
                print(f"  ... {len(moves) - DEMO_MOVES} more")
            print(games.part(game, "picture").text(rec.state))
            print("result:", json.dumps(rec.summary()))
            print()
    return 0


DEMO_MOVES = 24  # of each game shown


COMMANDS = ("demo", "check", "selfplay", "board-play", "sweep", "soak", "device", "hint", "arena")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in COMMANDS:
        from sim.commands import play

        return play.main(argv, COMMANDS)
    parser = argparse.ArgumentParser(prog="python -m sim", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    demo = sub.add_parser("demo", help="self-play one game of each and show it (the default)")
    demo.add_argument("--seed", type=int, default=None)
    chk = sub.add_parser("check", help="check a game record line by line")
    chk.add_argument("file")
    sp = sub.add_parser("selfplay", help="write records of random legal play")
    sp.add_argument("--game", required=True, choices=games.NAMES)
    sp.add_argument("--variant")
    sp.add_argument("--players", type=int, help="for a game of 3 to 5 (diabolo): how many (4)")
    sp.add_argument("--games", type=int, required=True)
    sp.add_argument("--seed", type=int, required=True)
    sp.add_argument("--out", required=True)
    bp = sub.add_parser(
        "board-play", help="play a record on the virtual board through the firmware"
    )
    bp.add_argument("record")
    bp.add_argument(
        "--mistakes", type=finite_float, default=0.0, help="rate of hand mistakes, 0..1"
    )
    bp.add_argument(
        "--noise", type=finite_float, default=1.0, help="sensor noise, times the profile's"
    )
    bp.add_argument("--seed", type=int, default=0)
    bp.add_argument(
        "--power-cuts",
        type=int,
        default=0,
        metavar="N",
        help="cut the power N times at random instants (half inside a move's journal write), "
        "reboot the firmware, let the hand restore and redo what the board lost",
    )
    bp.add_argument(
        "--fs",
        choices=("littlefs", "fat"),
        default=None,
        help="the flash the journal lives on (default with --power-cuts: littlefs)",
    )
    profile_file.add_option(bp, "the reference board of the record's game")
    sw = sub.add_parser(
        "sweep",
        help="moves on the virtual board at rising sensor noise: accepted, waiting, "
        "refused, wrong (exit 1 if any wrong move was accepted at the reference noise)",
    )
    sw.add_argument("--game", choices=("pyraos", "pacal"), default="pyraos")
    sw.add_argument("--noise", type=_levels, default=[1.0, 2.0, 3.0, 4.0], help="e.g. 1,2,4")
    sw.add_argument("--moves", type=int, default=1000, help="moves per noise level")
    sw.add_argument(
        "--mistakes", type=finite_float, default=0.2, help="rate of hand mistakes, 0..1"
    )
    sw.add_argument("--seed", type=int, default=0, help="first game seed")
    sw.add_argument("--jobs", type=int, default=1, help="processes")
    sw.add_argument(
        "--sensor",
        choices=("chain", "plain"),
        default=None,
        help="the sensor model: plain Gaussian noise or the RP2040 ADC, hall sensors and LED "
        "ripple (chain); default sim.hardware.physics.DEFAULT_SENSOR",
    )
    sk = sub.add_parser(
        "soak",
        help="one board plays game after game for HOURS of virtual time, with noise, mistakes, "
        "power cuts and reboots (exit 1 at the first move lost or failure)",
    )
    sk.add_argument("--game", choices=games.NAMES, default="pyraos")
    sk.add_argument("--hours", type=finite_float, default=24.0, help="virtual hours")
    sk.add_argument("--seed", type=int, default=0)
    sk.add_argument("--fs", choices=("littlefs", "fat"), default="littlefs")
    sk.add_argument("--cuts", type=int, default=2, help="power cuts per game")
    device.add_parser(sub)
    from sim.commands import arena, hint

    hint.add_parser(sub)
    arena.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command in ("hint", "arena"):
        return hint.run(args) if args.command == "hint" else arena.run(args)
    if args.command == "device":
        return device.run(args, parser)
    if args.command == "soak":
        if args.hours <= 0 or args.cuts < 0:
            parser.error("--hours must be more than 0 and --cuts 0 or more")
        return _soak(args)
    if args.command == "sweep":
        if args.moves < 1 or args.jobs < 1 or not 0.0 <= args.mistakes <= 1.0:
            parser.error("--moves and --jobs must be 1 or more, --mistakes 0..1")
        return _sweep(args)
    if args.command == "board-play":
        if not 0.0 <= args.mistakes <= 1.0 or args.noise < 0 or args.power_cuts < 0:
            parser.error("--mistakes must be 0..1, --noise and --power-cuts 0 or more")
        return _board_play(args)
    if args.command == "check":
        return _check(args.file)
    if args.command == "selfplay":
        if args.games < 0:
            parser.error("--games must be 0 or more")
        return _selfplay(args)
    seed = getattr(args, "seed", None)
    return _demo(seed if seed is not None else int(time.time()))
