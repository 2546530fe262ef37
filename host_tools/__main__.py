"""``python -m host_tools``: the tools for a board, from the computer.

python -m host_tools cards [--out DIR]     printable sheets of the Pacal and Diabolo cards
python -m host_tools template --game G [--profile NAME|FILE.json] [--out DIR]
                                           the board's top plate at 1:1 to drill
                                           from, PDF (A4) and SVG in mm
python -m host_tools deploy [--port P] [--profile NAME|FILE.json]
                                           the firmware and a profile onto a board
python -m host_tools monitor [--port P] [--for S] [--out FILE] [--selftest]
                                           watch a board play, keep the game
                                           (--selftest: its self-test first)
python -m host_tools replay RECORD [--port P] [--profile FILE] [--step-ms N]
                                           a record's positions on a board's LEDs
                                           (keys: Right/Space, Left, Home, End,
                                           q), or in the simulator without --port
python -m host_tools map [--port P] --game GAME --out FILE [--from PROFILE]
                                           the wiring wizard: which channel and
                                           LED is under which position
python -m host_tools remote [--port P] --room CODE [--broker URL] [--seat N] [--out FILE]
                                           play someone far away: the board's USB
                                           link bridged to room CODE on an MQTT broker
python -m host_tools wiring [--profile NAME|FILE.json] [--out DIR]
                                           the pin table of a profile, and with
                                           --out its wiring diagram (SVG, PDF)

Without --port, deploy, monitor, map and remote use the one board plugged in (a USB
serial port of Raspberry Pi's or MicroPython's vendor id) and say so when
there is none or more than one.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

from host_tools import having

PORT_HELP = "the board's serial port (default: the one board plugged in)"


def seconds(text: str) -> float:
    """A number of seconds more than 0 (not NaN, not infinite): argparse's type."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds more than 0")
    return value


def milliseconds(text: str) -> int:
    """A whole number of milliseconds, 1 or more: argparse's type."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of ms, 1 or more")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m host_tools", description=__doc__.splitlines()[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    cards = sub.add_parser("cards", help="printable Pacal and Diabolo card sheets, SVG and PDF")
    cards.add_argument("--out", default="cards", help="folder for the sheets (default: cards)")
    tpl = sub.add_parser("template", help="a board's top plate at 1:1 to drill from, PDF and SVG")
    tpl.add_argument("--game", required=True, help="the game: pacal, pyraos or diabolo")
    tpl.add_argument(
        "--profile", default=None,
        help="a profile of firmware/profiles, or a .json file (default: the game's)",
    )  # fmt: skip
    tpl.add_argument("--out", default="template", help="folder for the files (default: template)")
    mon = sub.add_parser("monitor", help="watch a board play and save the game as a record")
    mon.add_argument("--port", default=None, help=PORT_HELP)
    mon.add_argument(
        "--for", dest="seconds", type=seconds, default=None, help="stop after S seconds"
    )
    mon.add_argument(
        "--out", default=None, help="the record to write (default: GAME-VARIANT-TIME.jsonl)"
    )
    mon.add_argument(
        "--selftest", action="store_true",
        help="ask the board for its self-test first (each LED, sensor and chain bit)",
    )  # fmt: skip
    dep = sub.add_parser("deploy", help="put the firmware and a profile on a board (its REPL free)")
    dep.add_argument("--port", default=None, help=PORT_HELP)
    dep.add_argument(
        "--profile", default="pyraos",
        help="a profile of firmware/profiles, or a .json file (default: pyraos)",
    )  # fmt: skip
    rep = sub.add_parser("replay", help="step through a record on a board, or in the simulator")
    rep.add_argument("record", help="the record (.jsonl, docs/RECORDS.md)")
    rep.add_argument(
        "--port", default=None, help="the board's serial port (default: the simulator)"
    )
    rep.add_argument(
        "--profile", default=None, help="the board's profile file (default: the game's reference)"
    )
    rep.add_argument(
        "--step-ms", type=milliseconds, default=None, help="walk every step, N ms apart (no keys)"
    )
    wiz = sub.add_parser("map", help="the wiring wizard: a profile for a board wired its own way")
    wiz.add_argument("--port", default=None, help=PORT_HELP)
    wiz.add_argument("--game", required=True, choices=having("map"))
    wiz.add_argument(
        "--from", dest="source", default=None,
        help="the profile the board runs, with its pins (default: the game's reference)",
    )  # fmt: skip
    wiz.add_argument("--out", required=True, help="the profile to write")
    wiz.add_argument("--name", default=None, help="the new profile's name")
    rem = sub.add_parser("remote", help="play someone far away: the board bridged to a room")
    rem.add_argument("--port", default=None, help=PORT_HELP)
    rem.add_argument("--room", required=True, help="the room's code (both sides give the same)")
    rem.add_argument(
        "--broker", default=None,
        help="the MQTT broker, mqtt://HOST[:PORT] or mqtts://USER:PASSWORD@HOST "
        "(default: this machine's own, started if none runs)",
    )  # fmt: skip
    rem.add_argument(
        "--seat", type=int, default=None, help="the board's seat, 1.. (default: the first free)"
    )
    rem.add_argument(
        "--seed", type=int, default=None,
        help="the seed every home deals from (Diabolo; default: the room code's, as the windows')",
    )  # fmt: skip
    rem.add_argument("--out", default=None, help="the record to write once the game is over")
    wir = sub.add_parser("wiring", help="a profile's pin table, and its wiring diagram (SVG, PDF)")
    wir.add_argument(
        "--profile", default="pyraos",
        help="a profile of firmware/profiles, or a .json file (default: pyraos)",
    )  # fmt: skip
    wir.add_argument(
        "--out", default=None, help="folder for the wiring diagram (default: the table only)"
    )
    args = parser.parse_args(argv)
    if args.command in ("map", "deploy", "monitor", "remote") and args.port is None:
        from host_tools.board.link import only_board

        try:
            args.port = only_board()
        except OSError as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
    if args.command == "remote":
        from host_tools.watch import bridge

        return bridge.run(args, sys.stdout)
    if args.command == "map":
        from host_tools.map import command

        return command.run(args, sys.stdout)
    if args.command == "wiring":
        from host_tools.wiring import command as wiring

        return wiring.run(args.profile, args.out, sys.stdout)
    if args.command == "template":
        from host_tools import template

        return template.run(args)
    if args.command == "replay":
        from host_tools.watch import replay

        return replay.run(args, sys.stdout)
    if args.command == "deploy":
        from host_tools.deploy.install import DeployError, deploy

        try:
            deploy(args.port, args.profile)
        except (DeployError, OSError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print(
                "deploy interrupted: the board boots the last firmware that was "
                "complete; deploy again to finish",
                file=sys.stderr,
            )
            return 130
        return 0
    if args.command == "monitor":
        from host_tools.watch import monitor

        try:
            monitor.run(args.port, args.seconds, args.out, sys.stdout, args.selftest)
        except (monitor.MonitorError, OSError, TimeoutError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print("monitor interrupted before the board answered: nothing to save", file=sys.stderr)
            return 130
        return 0
    from host_tools import cards as sheets

    try:
        for path in sheets.write(Path(args.out)):
            print(path)
    except OSError as err:
        where = f"{err.filename}: {err.strerror}" if err.filename and err.strerror else err
        print(f"error: the card sheets cannot be written: {where}", file=sys.stderr)
        return 1
    return 0


def _main() -> int:
    try:
        return main()
    except BrokenPipeError:
        # (the output piped into a reader that stopped, ``| head``: not an error of ours)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(_main())
