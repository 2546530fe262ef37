"""What the display says of a seat played far away (docs/REMOTE.md), in
the board's language: loaded only while a board has one (the host's
``remote``), so that a board without pays nothing for them. Each game's
status module that seats far players asks it (status_pyraos)."""

from tabletop.show.text import wrap
from tabletop.show.words import _


def at_select(names):
    """The game select's lines: who plays far away (``names`` said
    already): one, or two when a line cannot hold them (P2 P3 P4 P5)."""
    return tuple(wrap(_("Far away: %s") % names))


def turn(who):
    """The far player's turn: the line after the move count."""
    return _("%s: far away") % who


def waiting():
    """Until their move comes: what the player at the board waits for."""
    return ("", _("Waiting for"), _("their move"))


def talk(seat):
    """A take-back far away (``seat.talk``, tabletop.board.remote_seat):
    the lines after the move count."""
    talk = seat.talk
    if talk[0] == 2:  # (ASKED) a far player's ask: the player answers it
        n = talk[2]
        moves = _("%d moves?") % n if n > 1 else _("%d move?") % n
        return (_("Far player asks"), _("to take back"), moves, _("MENU: yes"), _("BACK: no"))
    if talk[0] == 1:  # (ASKING) the board's own, not answered yet
        return ("", _("Take-back asked,"), _("waiting for the"), _("far answer"))
    return ("", _("No take-back:"), _("the far player"), _("said no"))
