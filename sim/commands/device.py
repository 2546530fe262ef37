"""``python -m sim device --pty``: a board behind a pseudo terminal, for the
host tools (it prints the port's path first).

    python -m sim device --pty [--game G] [--profile NAME|FILE] [--seed S] [--play N]
                               [--speed X] [--for S]
    python -m sim device --pty --pico IMAGE [--for S]

Without ``--pico``: the virtual board's firmware (sim.device.pty_device),
the scripted hand playing N events of a seeded self-play game (of the first
of the profile's games). ``--profile`` builds the virtual board as a maker's
profile says (sim.commands.profile_file; its file is the board's profile,
its name in the hello); a broken one is an ``error:`` line naming the key,
exit 2, and so is a ``--game`` it is not for. With ``--pico``: an
emulated Pico (sim.device.pico_pty), its flash kept in IMAGE. Exit status 0
when stopped (Ctrl-C, or ``--for`` seconds gone); 2 for an option or an
IMAGE that cannot be used (its folder missing, a file that is no flash
image); 1 when the emulated Pico stops on its own (node's error, and what
to run, on stderr) or its flash could not be written back.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from sim.commands import profile_file
from sim.commands.options import finite_float
from sim.runs import selfplay
from tabletop import games


def add_parser(sub: Any) -> None:
    """The ``device`` subcommand's arguments, for sim/commands/cli.py."""
    dv = sub.add_parser(
        "device",
        help="the virtual board's firmware behind a pseudo terminal, for the host tools "
        "(prints the port's path first)",
    )
    dv.add_argument("--pty", action="store_true", required=True, help="behind a pseudo terminal")
    dv.add_argument(
        "--pico",
        metavar="IMAGE",
        help="instead: an emulated Pico (the real MicroPython rp2 firmware, its REPL for "
        "mpremote), its flash kept in IMAGE",
    )
    dv.add_argument("--game", choices=games.NAMES, default=None,
                    help="the game (default: pyraos, or the profile's)")  # fmt: skip
    profile_file.add_option(dv, "the game's reference board")
    dv.add_argument("--seed", type=int, default=0)
    dv.add_argument("--play", type=int, default=0, metavar="N",
                    help="the scripted hand plays N events of a seeded self-play game")  # fmt: skip
    dv.add_argument("--speed", type=finite_float, default=1.0, help="times faster than real time")
    dv.add_argument("--for", dest="seconds", type=finite_float, default=None,
                    help="stop after this many seconds (default: until interrupted)")  # fmt: skip


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.speed <= 0 or args.play < 0 or (args.seconds is not None and args.seconds <= 0):
        parser.error("--speed and --for must be more than 0, --play 0 or more")
    if args.pico:
        if args.profile is not None:
            parser.error("--pico plays the profile deployed on its flash, not a --profile")
        return _pico(Path(args.pico), args.seconds)
    from sim.device.pty_device import PtyDevice
    from tabletop.records.record import new_state

    built_by = None
    game = args.game or "pyraos"
    variant = games.variants(game)[0]
    if args.profile is not None:
        try:
            chosen = profile_file.read(args.profile)
            game, variant = chosen.game_for(args.game, None, f"--game {args.game}")
        except profile_file.ProfileProblem as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        built_by = chosen.raw
    dev = PtyDevice(game, seed=args.seed, speed=args.speed, built_by=built_by)
    print(dev.path, flush=True)
    start = time.monotonic()
    try:
        dev.power_on()
        dev.start_game()
        players = _seats(game, variant, dev.profile.players)  # a new game's seats
        rec = selfplay.play_game(game, variant, args.seed, players=players or None)
        state = new_state(game, variant, players)
        dev.play(state, rec.events[: args.play])
        left = None if args.seconds is None else args.seconds - (time.monotonic() - start)
        while left is None or left > 0:
            dev.idle(1.0 if left is None else min(1.0, left))
            left = None if args.seconds is None else args.seconds - (time.monotonic() - start)
    except KeyboardInterrupt:
        pass
    finally:
        dev.close()
    return 0


def _pico(image: Path, seconds: float | None) -> int:
    from sim.device.pico_pty import ImageError, PicoError, PicoPty

    try:
        pico = PicoPty(image)
    except PicoError as err:
        print(f"device: {err}", file=sys.stderr)
        return 2 if isinstance(err, ImageError) else 1
    except KeyboardInterrupt:  # (before the chip was up: node stops when we go, saving)
        return 130
    stopped = False  # node ended on its own: it failed
    with pico:
        print(pico.path, flush=True)
        try:
            pico.proc.wait(timeout=seconds)  # (None: until interrupted)
            stopped = True
        except (subprocess.TimeoutExpired, KeyboardInterrupt):
            pass
    if stopped:
        print(f"device: {pico.failure()}", file=sys.stderr)
        return 1
    if not pico.saved:
        print(f"device: the flash was not written back to {image}: {pico.failure()}",
              file=sys.stderr)  # fmt: skip
        return 1
    return 0


def _seats(game: str, variant: str, players: int) -> int:
    # the count a new game of a game seated by several counts has (0: fixed)
    low, high = games.part(game, "rules").seats(variant)
    return 0 if low == high else players
