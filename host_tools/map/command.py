"""``python -m host_tools map``: the wiring wizard run on a board, and the
profile it maps written (host_tools.map.wizard: the walk every game's wizard
shares; host_tools.map.<game>: each game's sensors).

    wizard = wizard_for(link, maker, base)   # the wizard of the game ``base`` is for
    run(args, sys.stdout)                    # the command: 0, or 1 with the reason
"""

from __future__ import annotations

import copy
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from host_tools import KINDS, part
from host_tools.board.link import Link
from host_tools.map.wizard import PROFILES, Maker, TerminalMaker, Wizard, WizardError
from tabletop.profile import ProfileError, load, parse


def wizard_for(link: Link, maker: Maker, base: dict[str, Any], **kw: Any) -> Wizard:
    """The wizard of the game ``base`` (a checked raw profile) is for
    (host_tools.map.<game>'s); WizardError for a game that has none."""
    game = load(copy.deepcopy(base)).game
    try:
        module = part(game, "map")
    except ModuleNotFoundError as err:
        if err.name != KINDS["map"] % game:
            raise
        raise WizardError(f"there is no wiring wizard for {game} boards yet") from None
    wizard: Wizard = module.make(link, maker, base, **kw)
    return wizard


def write_profile(profile: dict[str, Any], path: Path) -> None:
    """Whole or not at all: a file beside it, renamed into place."""
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(json.dumps(profile, indent=1) + "\n")
    os.replace(tmp, path)


def run(args: Any, out: TextIO) -> int:
    """The ``map`` subcommand: 0, or 1 with the reason on stderr."""
    source = Path(args.source) if args.source else PROFILES / f"{args.game}.json"
    try:
        base = parse(source.read_text())  # (bad JSON, too deep to copy: ProfileError)
        prof = load(copy.deepcopy(base))
    except (OSError, ValueError, ProfileError) as err:
        print(f"error: {source}: {err}", file=sys.stderr)
        return 1
    if prof.game != args.game:
        print(f"error: {source} is a {prof.game} profile, not {args.game}", file=sys.stderr)
        return 1
    target = Path(args.out)
    # (said before the walk, which would otherwise be lost at its end)
    if target.is_dir():
        print(f"error: {target}: is a folder; --out names the profile file", file=sys.stderr)
        return 1
    if not target.parent.is_dir():
        print(f"error: {target}: there is no folder {target.parent}", file=sys.stderr)
        return 1
    maker = TerminalMaker(out)
    try:
        link = Link.open(args.port)
    except OSError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    try:
        wizard = wizard_for(link, maker, base)
        maker.idle = wizard.keep_alive
        mapped = wizard.run(args.name or f"{prof.name} (mapped)")
    except KeyboardInterrupt:
        print("\nstopped: nothing written", file=out)
        return 1
    except (WizardError, ProfileError, OSError, TimeoutError) as err:
        print(f"error: {err} (nothing written)", file=sys.stderr)
        return 1
    finally:
        link.close()
    try:
        write_profile(mapped, target)
    except OSError as err:
        print(f"error: {target}: {err.strerror or err}; the profile mapped:", file=sys.stderr)
        print(json.dumps(mapped, indent=1), file=out)  # (the walk is not lost)
        return 1
    print(f"wrote {args.out}: {mapped['name']}", file=out)
    return 0
