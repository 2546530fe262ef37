"""What the status texts of every game share: the size of the screen and
the game-select screen.

    from tabletop.show.text import COLS, ROWS, select_screen
    select_screen("Pyraos", "kids", 2, 3)   # the lines of the game-select screen
    "Pyraos " + _(variant)                  # a variant's name in the board's language
    _(NO_UNDO)                              # BACK against the computer: nothing to take back
    with_faults(board, shown)               # a screen with the sensors found not working
    wrap(text, rows)                        # words broken into at most ``rows`` lines of COLS

Every text goes through tabletop.show.words (the board's language).

An SSD1306 of 128x64 pixels in its 8x8 font holds ROWS rows of COLS characters.
"""

from tabletop.show.words import N_, _

COLS = 16
ROWS = 8
BACK_UNDO = N_("BACK: undo")  # what BACK does at the game select, unless a board says
# BACK against the computer found no move of a person's (said with _(NO_UNDO))
NO_UNDO = N_("Nothing to undo")
_CUT = ".."  # ends a line of text cut short
HOW_TO = N_("hold BACK: rules")  # the game select: how to play (tabletop.show.howto)
# The variants' names (tabletop.games.VARIANTS), said with _(variant)
VARIANT_NAMES = (N_("duel"), N_("solo"), N_("standard"), N_("kids"), N_("lines"))


def select_screen(name, variant, number, count, back=BACK_UNDO):
    """The game-select screen: the game, the variant and its place in the
    board's list (``number`` of ``count``), the buttons (``back``: what
    BACK does there, an English text said in the board's language)."""
    return (
        name,
        "%s %d/%d" % (_(variant), number, count),
        _(HOW_TO),
        _("MENU: start"),
        _("hold MENU: next"),
        _(back),
    )


def with_faults(board, shown):
    """``shown`` (a board's screen) with what it found of its sensors
    (docs/DEVICE.md, "Faulty sensors"): none to play on, a screen that says
    so instead; a faulty one, named on the last row, always."""
    names = board.fault_names
    if not names:
        return shown
    fault = _("Fault:")
    for i in range(len(names)):
        more = "+" if i + 1 < len(names) else ""
        if len(fault) + 1 + len(names[i]) + len(more) > COLS:
            fault += "+"
            break
        fault += " " + names[i]
    if board.unwired:
        return (shown[0], "", _("No sensors read:"), _("check the wiring"), _("and the profile"),
                "", "", fault)  # fmt: skip
    head = tuple(shown[: ROWS - 1])
    return head + ("",) * (ROWS - 1 - len(head)) + (fault,)


def wrap(text, rows=2):
    """``text`` broken at spaces into at most ``rows`` lines of COLS
    characters (a word longer than a line is cut; what does not fit is
    left out, the last line then ends in '..')."""
    out = []
    line = ""
    for word in text.split():
        if len(word) > COLS:
            word = word[:COLS]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= COLS:
            line = line + " " + word
        else:
            out.append(line)
            line = word
            if len(out) == rows:
                break
    if line and len(out) < rows:
        out.append(line)
    elif line and out:  # cut short
        last = out[-1]
        room = COLS - len(_CUT)
        out[-1] = (last if len(last) <= room else last[:room]) + _CUT
    return out
